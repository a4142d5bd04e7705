"""Computer-only games without the web layer (Django-free): for `simulate` and benchmarks."""

from __future__ import annotations

import math
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
    levels: tuple[str, ...] = ()


def play(
    engine: ModuleType,
    bots: ModuleType,
    levels: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    budget: Any = None,
) -> GameRecord:
    """One game, every seat played by the computer of ``levels[seat]`` from its own view.

    ``budget`` (a ``games.core.search.Budget``, a playout count or seconds) goes to the
    ``stark`` seats; None leaves them their default (0.8 s per decision).
    """
    players = len(levels)
    options = engine.clean_options({**engine.default_options(), **(options or {})}, players)
    state = engine.new_game(seed=seed, players=players, options=options)
    rng = draw_rng(seed, 7_777_777)
    started = time.perf_counter()
    actions = 0
    extra = {} if budget is None else {"budget": budget}
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        level = levels[seat]
        kwargs = extra if level == "stark" else {}
        choice = bots.BOTS[level](engine.view(state, seat), engine.legal_actions(state, seat), rng, **kwargs)
        state, _ = engine.apply(state, seat, choice.action)
        actions += 1
    return GameRecord(seed, engine.result(state), actions, time.perf_counter() - started, tuple(levels))


def summary(game: str, records: list[GameRecord], seconds: float) -> dict[str, Any]:
    seats = len(records[0].result["points"]) if records else 0
    wins = {str(s): sum(1 for r in records if r.result["places"][s] == 1) for s in range(seats)}
    mean = {
        str(s): round(sum(r.result["points"][s] for r in records) / len(records), 3) if records else 0.0
        for s in range(seats)
    }
    out = {"game": game, "games": len(records), "wins": wins, "mean_points": mean, "seconds": round(seconds, 3)}
    if records and len({r.levels for r in records}) > 1:
        out["levels"] = by_level(records)
    return out


def by_level(records: list[GameRecord]) -> dict[str, dict[str, Any]]:
    """Per level over all seatings: games, sole wins, shared first places, mean points, and the
    score (win 1, shared first place ½) with its 95 % interval (normal approximation)."""
    scores: dict[str, list[float]] = {}
    points: dict[str, list[float]] = {}
    for record in records:
        places = record.result["places"]
        for seat, level in enumerate(record.levels):
            firsts = places.count(1)
            scores.setdefault(level, []).append(0.0 if places[seat] != 1 else 1.0 / firsts)
            points.setdefault(level, []).append(record.result["points"][seat])
    out = {}
    for level, values in scores.items():
        n = len(values)
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        out[level] = {
            "seats": n,
            "wins": sum(1 for v in values if v == 1.0),
            "shared": sum(1 for v in values if 0.0 < v < 1.0),
            "score": round(mean, 4),
            "score_95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
            "mean_points": round(sum(points[level]) / n, 3),
        }
    return out
