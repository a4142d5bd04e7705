"""Computer-only games without the web layer (Django-free): for `simulate` and benchmarks."""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.core.rng import draw_rng


@dataclass(frozen=True)
class GameRecord:
    seed: int
    result: dict[str, Any]
    actions: int
    seconds: float


def play(
    engine: ModuleType, bots: ModuleType, levels: list[str], seed: int, options: dict[str, Any] | None = None
) -> GameRecord:
    """One game, every seat played by the computer of ``levels[seat]`` from its own view."""
    players = len(levels)
    options = engine.clean_options({**engine.default_options(), **(options or {})}, players)
    state = engine.new_game(seed=seed, players=players, options=options)
    rng = draw_rng(seed, 7_777_777)
    started = time.perf_counter()
    actions = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        choice = bots.BOTS[levels[seat]](engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state, _ = engine.apply(state, seat, choice.action)
        actions += 1
    return GameRecord(seed, engine.result(state), actions, time.perf_counter() - started)


def summary(game: str, records: list[GameRecord], seconds: float) -> dict[str, Any]:
    seats = len(records[0].result["points"]) if records else 0
    wins = {str(s): sum(1 for r in records if r.result["places"][s] == 1) for s in range(seats)}
    mean = {
        str(s): round(sum(r.result["points"][s] for r in records) / len(records), 3) if records else 0.0
        for s in range(seats)
    }
    return {"game": game, "games": len(records), "wins": wins, "mean_points": mean, "seconds": round(seconds, 3)}
