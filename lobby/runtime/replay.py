"""Re-compute a match from its record (seed, options, players, actions)."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import registry
from lobby.models import ActionRecord, Match


@dataclass(frozen=True)
class ReplayResult:
    match_id: int
    actions: int
    matches: bool
    detail: str


def replay_match(match: Match) -> ReplayResult:
    engine = registry.engine(match.game)
    state = engine.new_game(seed=match.seed, players=len(match.players), options=match.options)
    records = list(ActionRecord.objects.filter(match=match).order_by("version"))
    for number, record in enumerate(records, start=1):
        if record.version != number:
            return ReplayResult(match.pk, len(records), False, f"Lücke im Protokoll vor Version {record.version}")
        if not record.system:  # table events (someone left, a clock ran out) change no game state
            state, _ = engine.apply(state, record.seat, record.action)
    same = engine.dump(state) == match.state
    detail = "Zustand stimmt überein" if same else "Zustand weicht ab"
    return ReplayResult(match.pk, len(records), same, detail)
