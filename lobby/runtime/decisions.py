"""Per-seat decisions: who may act on which page, and each waiting seat's own clock.

Pure functions over a match's ``decisions`` list (one entry per seat, JSON):

- ``since``: the match version at which the seat's current decision started
  (None: the seat is not to move);
- ``key``: the engine's ``decision_key`` for that decision (None without the hook);
- ``acted``: the version the seat's last own action produced (None: none yet);
- ``deadline``: epoch seconds when the seat's Bedenkzeit runs out (None: no clock).

The rule for an action of ``seat`` sent from a page rendered at version ``v``:
it is accepted when the seat may act now and nothing of *its own* happened
since ``v``: its current decision started at or before ``v`` and it has not
acted after ``v``. What other seats did in between does not matter, so seats
that decide at the same time never make each other's actions stale. A message
based on a version before the seat's own last action is a duplicate (a resend,
a double click, a queued message after a reconnect) and is refused quietly.
In sequential play this is the old stale check: a seat's decision starts only
when the previous seat's ends.

A decision starts when a seat enters ``to_move`` or its decision key changes
(without the hook: after each of its own actions). Its deadline is armed then
and never moved by other seats' actions.
"""

from __future__ import annotations

import json
from typing import Any

from games.core.protocol import IllegalAction
from games.core.text import N_


class StaleAction(IllegalAction):
    """The action was meant for an older state of the seat's decision."""


class DuplicateAction(StaleAction):
    """The seat already acted after the page it sent this from: refused quietly."""


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value)) if value is not None else None


def empty(players: int) -> list[dict[str, Any]]:
    return [{"since": None, "key": None, "acted": None, "deadline": None} for _ in range(players)]


def check(decisions: list[dict[str, Any]], *, seat: int, version: int, current: int, to_move: list[int]) -> None:
    """Raise unless ``seat`` may act now from a page rendered at ``version``."""
    if version > current or version < 0:
        raise StaleAction(N_("Diesen Spielstand kennt der Tisch nicht – die Seite zeigt jetzt den aktuellen."))
    entry = decisions[seat]
    if entry["acted"] is not None and version < entry["acted"]:
        raise DuplicateAction(N_("Diesen Zug hast du schon gemacht."))
    if seat not in to_move:
        raise IllegalAction(N_("Du bist gerade nicht dran."))
    if entry["since"] is None or version < entry["since"]:
        raise StaleAction(N_("Das Spiel ist inzwischen weiter – dein Zug kam zu spät."))


def advance(
    decisions: list[dict[str, Any]],
    *,
    version: int,
    to_move: list[int],
    keys: dict[int, Any],
    acting: int | None,
    clocks: dict[int, float | None],
    now: float | None = None,
) -> list[dict[str, Any]]:
    """The decisions after the match reached ``version`` at time ``now`` (epoch seconds).

    ``to_move``: the seats that may act now; ``keys``: their decision keys;
    ``acting``: the seat whose action produced this version (None: a table event
    or the start); ``clocks``: per seat to move, the deadline a decision starting
    now gets (None: no clock for that seat, e.g. a computer or "ohne").
    """
    out = []
    for seat, old in enumerate(decisions):
        entry = dict(old)
        if acting == seat:
            entry["acted"] = version
        if seat not in to_move:
            entry.update(since=None, key=None, deadline=None)
        else:
            key = _json(keys.get(seat))
            continues = old["since"] is not None and old["key"] == key and (acting != seat or key is not None)
            if not continues:
                entry.update(since=version, key=key, deadline=clocks.get(seat))
            elif seat not in clocks or clocks[seat] is None:
                entry["deadline"] = None  # the seat became a computer, or lost its clock
            if not continues or acting == seat:
                entry["asked"] = now  # when the seat was last asked to act (computers: a task was sent)
        out.append(entry)
    return out


def waiting_since(entry: dict[str, Any]) -> float | None:
    """Since when a seat to move has been asked and has not acted (None: not to move, or unknown)."""
    return entry.get("asked") if entry["since"] is not None else None


def earliest(decisions: list[dict[str, Any]]) -> float | None:
    """The first deadline of any waiting seat (the match row keeps it for the sweep)."""
    deadlines = [d["deadline"] for d in decisions if d["deadline"] is not None]
    return min(deadlines) if deadlines else None


def due(decisions: list[dict[str, Any]], *, now: float, grace: float) -> list[int]:
    """Seats whose Bedenkzeit plus Nachfrist has run out, earliest first."""
    seats = [s for s, d in enumerate(decisions) if d["deadline"] is not None and d["deadline"] + grace <= now]
    return sorted(seats, key=lambda s: decisions[s]["deadline"])
