"""The engine protocol every game implements.

An engine is a plain Python module (no Django imports) that exposes the
functions below. The table runtime, the bots, the replay command and the
benchmarks only ever talk to a game through them.

State is plain data: an engine keeps its own dataclasses and converts them
with ``dump``/``load`` to JSON-compatible dicts. An action is a small JSON
object (a dict with a ``"type"`` key). ``apply`` never modifies the state it
is given: it returns the next state and a list of events.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.core.text import german

JSON = dict[str, Any]


class IllegalAction(Exception):
    """An action that the rules do not allow. ``message`` is German, for the player.

    It may be given as a text of ``games.core.text`` (``tx(...)``, or a ``str`` marked with
    ``N_``): ``message`` is then a ``str`` that carries the text as ``message.msg``, and the
    error shown on the page is translated (``games.core.fragments.error_fragment``).
    """

    def __init__(self, message: Any) -> None:
        german_message = Message(german(message))
        german_message.msg = message
        super().__init__(german_message)
        self.message = german_message


class Message(str):
    """A German message that remembers the text it was made from (``msg``)."""

    msg: Any = None


class Engine(Protocol):
    """What a game module provides (checked structurally, never subclassed)."""

    SLUG: str
    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int

    def default_options(self) -> JSON:
        """The options a free game starts with."""

    def clean_options(self, options: JSON, players: int) -> JSON:
        """Validated, complete options; raises IllegalAction with a German message."""

    def new_game(self, *, seed: int, players: int, options: JSON) -> Any:
        """The first state of a game. All randomness derives from ``seed``."""

    def dump(self, state: Any) -> JSON:
        """The state as JSON-compatible data."""

    def load(self, data: JSON) -> Any:
        """The inverse of ``dump``."""

    def to_move(self, state: Any) -> list[int]:
        """The seats that may act now (several for simultaneous decisions)."""

    def legal_actions(self, state: Any, seat: int) -> list[JSON]:
        """Every action ``seat`` may take now (empty when it may not act)."""

    def apply(self, state: Any, seat: int, action: JSON) -> tuple[Any, list[JSON]]:
        """Validate and perform; returns (next state, events). Raises IllegalAction."""

    def view(self, state: Any, seat: int | None) -> JSON:
        """What ``seat`` may know (``None``: a spectator). The only way out for hidden data."""

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""

    def result(self, state: Any) -> JSON:
        """Final result: ``{"points": [..], "places": [..], ...}``; places are 1-based, ties share."""

    def leaderboard_points(self, result: JSON, seat: int, players: int, seconds: float) -> int | None:
        """Bestenliste points of ``seat`` by the game's own formula (None: not counted)."""

    # Optional hooks (resolved once into ``games.core.registry.GameSpec``):
    # - ``timeout_actions(state, seat)``: what the computer may do when it finishes a human's
    #   decision after the clock ran out (default: all legal actions);
    # - ``decision_seconds(state, table_seconds)``: the clock for the current decision;
    # - ``decision_key(state, seat)``: a JSON-able value naming the seat's current decision.
    #   While it stays the same and the seat stays to move, several actions of the seat are one
    #   decision with one clock (Speedneon: a turn; Speedrocket: all draws of one Stopfen).
    #   Without it, each action of the seat is a decision of its own.
    #
    # Simultaneous decisions need nothing else: ``to_move`` lists every seat that may act. The
    # runtime accepts a seat's action whenever it is legal in the current state, whatever the
    # other seats did since its page rendered, so an engine must make simultaneous actions
    # independent of their order (randomness of a simultaneous phase from per-seat counters).
