"""Which games exist: slug -> a typed spec of the game's modules and optional hooks (Django-free).

A game package ``games/<slug>/`` provides ``engine.py`` (the protocol in
``games.core.protocol``), ``bots.py`` (``BOTS = {level: choose}``), ``content.py``
and ``ui.py`` (its fragments). The optional hooks an engine or its bots may
offer are resolved once here into a :class:`GameSpec`, so the runtime never
asks ``hasattr``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from games.core.bots import Choice
from games.core.solo import SoloModes

# Order is the order games are shown on the site.
GAME_PACKAGES: dict[str, str] = {
    "kleister": "games.kleister",
    "neon": "games.neon",
    "rocket": "games.rocket",
    "burg": "games.burg",
}


class UnknownGame(LookupError):
    pass


@dataclass(frozen=True)
class GameSpec:
    """One game as the runtime sees it."""

    slug: str
    engine: ModuleType
    bots: ModuleType
    # What the computer may do when it finishes a human's decision after the clock ran out
    # (None: every legal action).
    timeout_actions: Callable[[Any, int], list[dict[str, Any]]] | None
    # The clock for the current decision when it differs from the table's Bedenkzeit.
    decision_seconds: Callable[[Any, int | None], int | None] | None
    # What identifies a seat's current decision (e.g. Speedneon: the turn, which spans several
    # actions); None: every action of the seat is a decision of its own.
    decision_key: Callable[[Any, int], Any] | None
    # The game's own Rat (e.g. Speedneon: no tools that cost dice); None: the strong computer.
    advice: Callable[..., Choice] | None
    # The strong computer takes a ``games.core.search.Budget`` (time or playouts) as ``budget``
    # (bots module: ``TIMED_SEARCH = True``); otherwise it keeps its own default budget.
    timed_search: bool
    # The post-game analysis: ``assess(view, legal, chosen, rng, *, budget) -> Assessment | None``
    # (bots module); None: the game offers no analysis yet.
    assess: Callable[..., Any] | None
    # Action types whose computer reason goes into the log (Speedrocket: why it stops, why it buys).
    logged_reasons: frozenset[str] = frozenset()
    # What a player has collected over their finished games (e.g. Speedburg's Skizzenbuch): from the
    # (result, seat) pairs of those games a dict {"name", "text", ...}; None: the game collects nothing.
    # Called with the pairs and ``best_serie=`` (the player's longest daily streak in this game).
    collection: Callable[..., dict[str, Any]] | None = None
    # A seat's view from the spectator's view of the same state, equal to ``engine.view(state, seat)``
    # and cheaper (the table page builds the spectator's view once per version and every seat's from
    # it); None: ``engine.view``.
    seat_view: Callable[[dict[str, Any], Any, int], dict[str, Any]] | None = None

    def view_of(self, state: Any, seat: int | None, spectator: dict[str, Any]) -> dict[str, Any]:
        """``engine.view(state, seat)``, built from ``spectator`` (``engine.view(state, None)``) where the
        game offers ``seat_view``. The answer may share values with ``spectator``: nobody changes a view."""
        if seat is None:
            return spectator
        if self.seat_view is None:
            return self.engine.view(state, seat)
        return self.seat_view(spectator, state, seat)

    def timeout_choices(self, state: Any, seat: int) -> list[dict[str, Any]]:
        legal = self.engine.legal_actions(state, seat)
        if self.timeout_actions is None:
            return legal
        return self.timeout_actions(state, seat) or legal

    def key_of(self, state: Any, seat: int) -> Any:
        return None if self.decision_key is None else self.decision_key(state, seat)

    def clock_seconds(self, state: Any, table_seconds: int | None) -> int | None:
        if self.decision_seconds is None:
            return table_seconds
        return self.decision_seconds(state, table_seconds)


def slugs() -> list[str]:
    return list(GAME_PACKAGES)


def _module(slug: str, name: str) -> ModuleType:
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    return importlib.import_module(f"{GAME_PACKAGES[slug]}.{name}")


@cache
def engine(slug: str) -> ModuleType:
    return _module(slug, "engine")


@cache
def bots(slug: str) -> ModuleType:
    return _module(slug, "bots")


@cache
def content(slug: str) -> ModuleType:
    """The game's content module: names, texts and data besides the rules."""
    return _module(slug, "content")


@cache
def ui(slug: str) -> ModuleType:
    """The game's fragments: ``public_fragments(ctx)`` and ``private_fragments(ctx)``; optionally
    ``replay_fragments(ctx)``, the private ones for the replay page, which runs no game script (where
    the table page builds a panel from data, the replay needs it as HTML)."""
    return _module(slug, "ui")


@cache
def forms(slug: str) -> ModuleType:
    """The game's page forms (Django forms: ``FreeGameForm``, ``OptionsForm``)."""
    return _module(slug, "forms")


@cache
def solo(slug: str) -> SoloModes:
    """The game's solo modes (``games/<slug>/solo.py``: ``MODES``); none if the game has no such module."""
    try:
        return _module(slug, "solo").MODES
    except ModuleNotFoundError as error:
        if error.name != f"{GAME_PACKAGES[slug]}.solo":
            raise
        return SoloModes()


@cache
def spec(slug: str) -> GameSpec:
    game_engine, game_bots = engine(slug), bots(slug)
    return GameSpec(
        slug=slug,
        engine=game_engine,
        bots=game_bots,
        timeout_actions=getattr(game_engine, "timeout_actions", None),
        decision_seconds=getattr(game_engine, "decision_seconds", None),
        decision_key=getattr(game_engine, "decision_key", None),
        advice=getattr(game_bots, "advice", None),
        timed_search=bool(getattr(game_bots, "TIMED_SEARCH", False)),
        assess=getattr(game_bots, "assess", None),
        collection=getattr(game_engine, "collection", None),
        seat_view=getattr(game_engine, "seat_view", None),
        logged_reasons=frozenset(getattr(game_bots, "LOGGED_REASONS", ())),
    )
