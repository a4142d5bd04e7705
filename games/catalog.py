"""The games shown on the site: what each game package registers for its tile."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, gettext_noop, ngettext


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


NUMBER_WORDS = {
    1: gettext_noop("Ein"),
    2: gettext_noop("Zwei"),
    3: gettext_noop("Drei"),
    4: gettext_noop("Vier"),
    5: gettext_noop("Fünf"),
    6: gettext_noop("Sechs"),
}


def intro_text(cards: list[GameCard]) -> str:
    """The start page's first sentence, counting the games that are really playable."""
    count = len(cards)
    word = gettext(NUMBER_WORDS[count]) if count in NUMBER_WORDS else str(count)
    return ngettext(
        "%(count)s Brettspiel, allein gegen den Computer oder live mit anderen – mit Taler-Einsätzen und Bestenliste.",
        "%(count)s Brettspiele, allein gegen den Computer oder live mit anderen – mit Taler-Einsätzen und Bestenliste.",
        count,
    ) % {"count": word}
