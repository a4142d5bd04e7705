"""Re-compute a match from its record (seed, options, players, actions)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction

from games.core import registry
from lobby.models import ActionRecord, Match


@dataclass(frozen=True)
class ReplayResult:
    match_id: int
    actions: int
    matches: bool
    detail: str


def _read_record(match_id: int) -> tuple[Match, list[ActionRecord]]:
    """The match row and its action rows as of one moment, even while the table is played.

    Every accepted action changes the match row under its row lock, in the same
    transaction as its ActionRecord. PostgreSQL: the match row is locked FOR
    SHARE first, so no action can commit until both are read (one that is
    committing is waited for and then read completely). SQLite: the embedded
    default opens transactions IMMEDIATE, which holds off every writer as well.
    """
    with transaction.atomic():
        if connection.vendor == "postgresql":
            table = connection.ops.quote_name(Match._meta.db_table)
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT 1 FROM {table} WHERE id = %s FOR SHARE", [match_id])
        match = Match.objects.get(pk=match_id)
        records = list(ActionRecord.objects.filter(match_id=match_id).order_by("version"))
    return match, records


def replay_match(match: Match) -> ReplayResult:
    """Replay ``match`` as stored now (the given instance may be older than its row)."""
    match, records = _read_record(match.pk)
    engine = registry.engine(match.game)
    state = engine.new_game(seed=match.seed, players=len(match.players), options=match.options)
    for number, record in enumerate(records, start=1):
        if record.version != number:
            return ReplayResult(match.pk, len(records), False, f"Lücke im Protokoll vor Version {record.version}")
        if not record.system:  # table events (someone left, a clock ran out) change no game state
            state, _ = engine.apply(state, record.seat, record.action)
    same = engine.dump(state) == match.state
    detail = "Zustand stimmt überein" if same else "Zustand weicht ab"
    return ReplayResult(match.pk, len(records), same, detail)
