"""Speedrocket's Meisterbrief on the site: a player's stars per level and which levels are open.

The game (``games/rocket/meisterbrief.py``) knows the twelve levels and scores every finished
Meisterbrief game (``result["meister"]``: level, goals, stars). The site stores nothing besides:
a player's best stars per level are read from their finished games (``lobby.history``), so the
overview can never disagree with the games. Level 1 is always open; a level opens when the one
before it was passed (its first goal met: at least one star), as the rule text says.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from games.core.protocol import IllegalAction
from games.core.text import tx
from games.core.translate import say
from games.rocket import meisterbrief as levels
from lobby import history

GAME = "rocket"
MAX_STARS = 3


@dataclass(frozen=True)
class LevelRow:
    number: int
    name: str
    evenings: int
    goals: list[str]
    stars: int  # best so far (0: not passed yet)
    open: bool


def best_stars(user: User | AnonymousUser) -> dict[int, int]:
    """Level number -> the most stars the player earned there (levels never played are missing)."""
    if not user.is_authenticated:
        return {}
    best: dict[int, int] = {}
    for row in history.finished_games(user, game=GAME):
        meister = (row.match.result or {}).get("meister")
        if not meister or meister.get("sterne") is None:
            continue
        number = int(meister["stufe"])
        best[number] = max(best.get(number, 0), int(meister["sterne"]))
    return best


def open_levels(stars: dict[int, int]) -> set[int]:
    return {1} | {number + 1 for number, count in stars.items() if count >= 1 and number < len(levels.LEVELS)}


def check_open(user: User | AnonymousUser, number: int) -> None:
    """Refuse a level the player has not opened yet (German message)."""
    if number not in open_levels(best_stars(user)):
        raise IllegalAction(
            tx(
                "Stufe %(n)s ist noch zu: bestehe zuerst Stufe %(before)s (ihr erstes Ziel).",
                n=number,
                before=number - 1,
            )
        )


def overview(user: User | AnonymousUser) -> list[LevelRow]:
    stars = best_stars(user)
    opened = open_levels(stars)
    return [
        LevelRow(
            number=level.number,
            name=level.name,
            evenings=level.abende,
            goals=[say(goal.msg) for goal in level.goals],  # in the reader's language
            stars=stars.get(level.number, 0),
            open=level.number in opened,
        )
        for level in levels.LEVELS
    ]
