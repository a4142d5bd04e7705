"""The games shown on the site: what each game package registers for its tile."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.translation import ngettext


@dataclass(frozen=True)
class GameCard:
    slug: str
    name: str
    tagline: str
    players: str
    url: str


_CARDS: dict[str, dict[str, str]] = {}


def register(*, slug: str, name: str, tagline: str, players: str) -> None:
    """Called by a game's AppConfig.ready(): the game appears on the start page."""
    _CARDS[slug] = {"slug": slug, "name": name, "tagline": tagline, "players": players}


def game_cards() -> list[GameCard]:
    cards = []
    for data in _CARDS.values():
        try:
            url = reverse("games:detail", kwargs={"slug": data["slug"]})
        except NoReverseMatch:
            continue
        cards.append(GameCard(url=url, **data))
    return cards


NUMBER_WORDS = {1: "Ein", 2: "Zwei", 3: "Drei", 4: "Vier", 5: "Fünf", 6: "Sechs"}


def intro_text(cards: list[GameCard]) -> str:
    """The start page's first sentence, counting the games that are really playable."""
    count = len(cards)
    word = NUMBER_WORDS.get(count, str(count))
    games = ngettext("%(count)s Brettspiel", "%(count)s Brettspiele", count) % {"count": word}
    return games + ", allein gegen den Computer oder live mit anderen – mit Taler-Einsätzen und Bestenliste."
