"""The last committed row and engine state of each busy match, kept in this process.

A move at a table whose last move was written by this process needs neither the
row read nor the state decoded again: ``actions.submit`` takes the copy from
here and writes with a conditional update (``WHERE version = <the copy's>
AND status = playing``). Anything else that wrote the row in between (another
process, a worker, a leave, an expired clock) has moved the version on, so the
update matches no row and the action is done again the usual way, on the
locked row. An entry is taken out while a writer uses it, so two writers never
share one, and it is put back only after the commit.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from lobby.models import Match

_SIZE = 2048
_entries: OrderedDict[int, tuple[Match, Any]] = OrderedDict()
_lock = Lock()


class Outdated(Exception):
    """The copy was not the row's current version: do it again on the locked row."""


def take(match_id: int) -> tuple[Match, Any] | None:
    """The match row and its loaded state as last committed here, for one writer (or None)."""
    with _lock:
        entry = _entries.pop(match_id, None)
    if entry is not None:
        # The snapshot of the last version shares these dicts: the writer gets its own.
        entry[0].players = [dict(player) for player in entry[0].players]
    return entry


def put(match: Match, state: Any) -> None:
    """After a commit: the row as written and the engine state it holds (never mutated: engines are pure)."""
    if match.status != Match.Status.PLAYING:
        return
    with _lock:
        _entries[match.pk] = (match, state)
        _entries.move_to_end(match.pk)
        while len(_entries) > _SIZE:
            _entries.popitem(last=False)


def forget(match_id: int) -> None:
    with _lock:
        _entries.pop(match_id, None)


def clear() -> None:
    with _lock:
        _entries.clear()
