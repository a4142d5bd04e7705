"""The games shown on the site: what each game package registers for its tile."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse


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
