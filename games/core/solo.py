"""What a game offers alone besides the free game: its daily puzzle and its record hunt (Django-free).

Each game describes its solo modes in ``games/<slug>/solo.py`` as ``MODES``
(a :class:`SoloModes`); the site's services (``lobby.solo``) and lists
(``leaderboard``) read only this description, so a new game adds its modes
without touching them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.text import N_

JSON = dict[str, Any]


def seat_points(result: JSON, seat: int) -> int:
    """The default score of a finished match for a solo list: the seat's points."""
    return int(result["points"][seat])


def seat_won(result: JSON, seat: int) -> bool:
    """The default win: first place (shared places count)."""
    return result["places"][seat] == 1


@dataclass(frozen=True)
class DailyMode:
    """The daily puzzle: one seed per game and day, the same options and computers for everyone."""

    name: str  # German, e.g. "Tagesplakat"
    description: str  # German, one sentence for the game's page
    options: JSON  # engine options (cleaned by the engine at the start)
    computers: tuple[str, ...]  # levels of the computer seats
    tempo: str = "normal"
    score: Callable[[JSON, int], int] = seat_points
    won: Callable[[JSON, int], bool] = seat_won
    # What the Tagesliste's "Ergebnis" column says of a won attempt; None: nothing to win, no column.
    won_label: str | None = N_("gewonnen")
    # "So lief der Beste heute": the day's best attempt in one line from its result and seat, shown
    # to a player who finished today's attempt (e.g. Speedrocket: the heights per evening only).
    best_line: Callable[[JSON, int], str] | None = None


@dataclass(frozen=True)
class RecordMode:
    """A record hunt: ``rounds`` consecutive matches at one solo table, their scores summed;
    the best sum per category (e.g. the computers' strength) stays as the player's record."""

    name: str  # German, e.g. "Rekordjagd"
    description: str
    rounds: int
    categories: tuple[tuple[str, str], ...]  # (key, German label)
    category_name: str  # German, what the categories are, e.g. "Stärke der Computer" (marked with N_)
    # category -> (engine options, computer levels, tempo)
    setup: Callable[[str], tuple[JSON, tuple[str, ...], str]]
    # The options of the next round from the options and the dumped final state of the previous one.
    next_options: Callable[[JSON, JSON, int], JSON] = lambda options, state, players: options
    score: Callable[[JSON, int], int] = seat_points
    won: Callable[[JSON, int], bool] = seat_won

    def label(self, category: str) -> str:
        return dict(self.categories).get(category, category)


@dataclass(frozen=True)
class SoloModes:
    daily: DailyMode | None = None
    record: RecordMode | None = None
    # Whether every seat's view may be shown to everyone in a finished game's replay (the rules
    # reveal everything at the end); otherwise a seat's private view only to its own player.
    replay_open_after_end: bool = False
    # A Turbo button at a solo table with computers: they move at the fastest tempo while it is on
    # (Speedneon, Speedburg: "Mit dem Turbo-Knopf spielen die Computer schneller").
    turbo: bool = False
