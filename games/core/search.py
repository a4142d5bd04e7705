"""Determinised flat Monte Carlo search, shared by the strong bots of every game.

The strong computer does not know the hidden information. For each candidate
action it samples worlds consistent with its own view (``determinize``),
applies the action and plays the game out with a fast policy (``rollout``),
then picks the action with the best average value. The budget is a number of
playouts, spread evenly over the candidates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Evaluated:
    action: dict[str, Any]
    mean: float
    playouts: int


def monte_carlo(
    *,
    candidates: Sequence[dict[str, Any]],
    determinize: Callable[[random.Random], Any],
    play: Callable[[Any, dict[str, Any], random.Random], float],
    rng: random.Random,
    budget: int,
) -> list[Evaluated]:
    """Evaluate every candidate; returns them best first.

    ``determinize(rng)`` returns a full world sampled from the bot's view;
    ``play(world, action, rng)`` applies ``action`` in that world, plays it out
    and returns the value for the bot's seat (higher is better). The same
    sampled worlds are used for every candidate (common random numbers), so
    the comparison is fair even with a small budget.
    """
    if not candidates:
        raise ValueError("monte_carlo needs at least one candidate")
    if len(candidates) == 1:
        return [Evaluated(candidates[0], 0.0, 0)]
    per_action = max(1, budget // len(candidates))
    world_seeds = [rng.getrandbits(64) for _ in range(per_action)]
    results = []
    for action in candidates:
        total = 0.0
        for world_seed in world_seeds:
            world_rng = random.Random(world_seed)
            world = determinize(world_rng)
            total += play(world, action, world_rng)
        results.append(Evaluated(action, total / per_action, per_action))
    results.sort(key=lambda e: e.mean, reverse=True)
    return results
