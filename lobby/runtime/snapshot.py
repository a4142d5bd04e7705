"""What a connection needs to render a table at one version, cached per process.

After a commit the writer puts the new snapshot here, so the connections in
the same process render without touching the database. Other processes (or a
cold cache) load it with one query.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock
from typing import Any

from lobby.models import ActionRecord, Match, Seat, Table

LOG_LENGTH = 40
_CACHE_SIZE = 512


@dataclass
class Snapshot:
    table_id: int
    match_id: int
    number: int
    version: int
    game: str
    kind: str
    status: str
    options: dict[str, Any]
    table_options: dict[str, Any]
    players: list[dict[str, Any]]
    state: dict[str, Any]
    result: dict[str, Any] | None
    log: list[dict[str, Any]]  # recent events, oldest first
    deadline: float | None = None  # epoch seconds of the earliest waiting seat's deadline
    clocks: list[float | None] = field(default_factory=list)  # per seat: its own deadline (epoch seconds)
    asked: list[float | None] = field(default_factory=list)  # per seat to move: since when (epoch seconds)
    seed: int = field(default=0, repr=False)  # for the Rat's search only; never given to templates
    table: dict[str, Any] = field(default_factory=dict)  # lobby facts: status, stake, clock, seats
    loaded: Any = field(default=None, repr=False)  # the engine's state object, loaded once
    facts: Any = field(default=None, repr=False)  # the narrow TableView for the fragments, built once
    spectator: Any = field(default=None, repr=False)  # the engine's view for no seat, built once

    def user_seat(self, user_id: int | None) -> int | None:
        for index, player in enumerate(self.players):
            if user_id is not None and player.get("user_id") == user_id and not player.get("bot"):
                return index
        return None


_cache: OrderedDict[tuple[int, int], Snapshot] = OrderedDict()
_lock = Lock()


def put(snapshot: Snapshot) -> None:
    with _lock:
        _cache[(snapshot.match_id, snapshot.version)] = snapshot
        _cache.move_to_end((snapshot.match_id, snapshot.version))
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def get(match_id: int, version: int) -> Snapshot | None:
    with _lock:
        return _cache.get((match_id, version))


def table_facts(table: Table) -> dict[str, Any]:
    seats = [
        {"index": s.index, "name": s.name, "user_id": s.user_id, "bot": s.bot_level or None, "ready": s.ready}
        for s in Seat.objects.filter(table=table).order_by("index")
    ]
    return {
        "status": table.status,
        "kind": table.kind,
        "stake": table.stake,
        "clock": table.clock_seconds,
        "places": table.places,
        "host_id": table.host_id,
        "reserved_until": table.reserved_until.timestamp() if table.reserved_until else None,
        "seats": seats,
    }


def from_match(match: Match, log: list[dict[str, Any]] | None = None, facts: dict[str, Any] | None = None) -> Snapshot:
    if log is None:
        records = ActionRecord.objects.filter(match=match).order_by("-version").values_list("events", flat=True)
        log = [event for events in reversed(list(records[:LOG_LENGTH])) for event in events][-LOG_LENGTH:]
    table = match.table
    return Snapshot(
        table_id=match.table_id,
        match_id=match.pk,
        number=match.number,
        version=match.version,
        game=match.game,
        kind=table.kind,
        status=match.status,
        options=match.options,
        table_options=table.options,
        players=match.players,
        state=match.state,
        result=match.result,
        log=log,
        deadline=match.deadline.timestamp() if match.deadline else None,
        clocks=[entry.get("deadline") for entry in match.decisions],
        asked=[entry.get("asked") if entry.get("since") is not None else None for entry in match.decisions],
        seed=match.seed,
        table=facts if facts is not None else table_facts(table),
    )


def current_for_table(table_id: int, fresh: bool = False) -> Snapshot | None:
    """The newest match of a table (one query for the match, one for its log).

    ``fresh``: the table itself changed (seats, Nochmal) at the same version: reload it.
    """
    match = Match.objects.select_related("table").filter(table_id=table_id).order_by("-number").first()
    if match is None:
        return None
    cached = get(match.pk, match.version)
    if cached is not None and not fresh:
        return cached
    snap = from_match(match)
    put(snap)
    return snap


def after_action(match: Match, previous: Snapshot, events: list[dict[str, Any]], loaded: Any = None) -> Snapshot:
    """The snapshot after an action, built from the previous one without a query (``loaded``: the
    engine state the writer already has, so no connection decodes it again)."""
    log = previous.log[-LOG_LENGTH:] + events
    snap = from_match(match, log=log[-LOG_LENGTH:], facts=previous.table)
    snap.loaded = loaded
    put(snap)
    return snap
