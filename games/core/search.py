"""Determinised Monte Carlo search with a budget, shared by the strong bots of every game.

The strong computer does not know the hidden information. In each round it
samples one world consistent with its own view (``determinize``), and for every
candidate action still in the race applies the action in a fresh copy of that
world and plays the game out with a fast policy (``play``). All candidates of a
round share the sampled world (common random numbers), so differences between
them are measured pairwise, with little noise. A candidate whose paired
difference to the leader is clearly negative (more than ``PRUNE_Z`` standard
errors) leaves the race, so the rest of the budget goes to the contenders; the
best two always stay.

The budget (:class:`Budget`) is either

- a number of playouts: deterministic given the rng's seed (tests, analysis), or
- seconds of wall-clock time: as many rounds as fit (play). At least one round
  is always played.

Everything here is a pure function of its inputs and the clock it is given.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Seconds a strong computer spends on one decision at a table (the runtime scales it).
DEFAULT_SECONDS = 0.8
#: A candidate leaves the race when it trails the leader by this many standard errors.
PRUNE_Z = 3.0
#: Rounds before the first pruning (too few samples give a poor standard error).
PRUNE_AFTER = 24


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: ``playouts`` (deterministic) or ``seconds`` (as many as fit).

    ``clock`` is the time source for ``seconds`` (tests pass a fake one).
    """

    playouts: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] = field(default=time.perf_counter, compare=False, repr=False)

    def __post_init__(self) -> None:
        if (self.playouts is None) == (self.seconds is None):
            raise ValueError("a Budget has either playouts or seconds")
        if self.playouts is not None and self.playouts < 1:
            raise ValueError("a playout budget needs at least one playout")
        if self.seconds is not None and self.seconds < 0:
            raise ValueError("a time budget cannot be negative")

    def describe(self) -> str:
        return f"{self.playouts} playouts" if self.playouts is not None else f"{self.seconds:g} s"

    def share(self, fraction: float) -> Budget:
        """``fraction`` of a time budget (e.g. the Rat thinks shorter than a table decision);
        a playout budget stays as it is (deterministic callers: tests, analysis)."""
        if self.seconds is None:
            return self
        return Budget(seconds=self.seconds * fraction, clock=self.clock)


def as_budget(value: Budget | int | float | None, *, default_seconds: float = DEFAULT_SECONDS) -> Budget:
    """A Budget from what a caller passed: a Budget, an int (playouts), a float (seconds), None (default time)."""
    if isinstance(value, Budget):
        return value
    if value is None:
        return Budget(seconds=default_seconds)
    if isinstance(value, bool):
        raise TypeError("a budget is not a bool")
    if isinstance(value, int):
        return Budget(playouts=value)
    return Budget(seconds=float(value))


@dataclass(frozen=True)
class Evaluated:
    """One candidate after the search: its mean value, mean final points and how often it was played."""

    action: dict[str, Any]
    mean: float
    points: float
    playouts: int


@dataclass(frozen=True)
class SearchResult:
    ranked: list[Evaluated]  # best first
    playouts: int  # all playouts of this search
    rounds: int  # sampled worlds

    @property
    def best(self) -> Evaluated:
        return self.ranked[0]


class _Stats:
    __slots__ = ("n", "value", "points", "diffs", "diffs2", "alive")

    def __init__(self) -> None:
        self.n = 0
        self.value = 0.0
        self.points = 0.0
        self.diffs = 0.0  # sum of differences to the round's mean over the alive candidates
        self.diffs2 = 0.0
        self.alive = True


Play = Callable[[Any, dict[str, Any], random.Random], tuple[float, float]]


def monte_carlo(
    *,
    candidates: Sequence[dict[str, Any]],
    determinize: Callable[[random.Random], Any],
    play: Play,
    rng: random.Random,
    budget: Budget | int | float | None,
    prune: bool = True,
) -> SearchResult:
    """Evaluate every candidate; returns them best first with the number of playouts spent.

    ``determinize(rng)`` returns a full world sampled from the bot's view only;
    ``play(world, action, rng)`` applies ``action`` in that world, plays it out
    and returns ``(value, points)`` for the bot's seat (the value is what is
    maximised, the points are what the game scores in the end). Each candidate
    gets its own copy of the round's world (``determinize`` with the round's
    seed) and the same playout seed.
    """
    if not candidates:
        raise ValueError("monte_carlo needs at least one candidate")
    budget = as_budget(budget)
    stats = [_Stats() for _ in candidates]
    rounds = spent = 0
    deadline = None if budget.seconds is None else budget.clock() + budget.seconds
    while True:
        alive = [i for i, s in enumerate(stats) if s.alive]
        if budget.playouts is not None and spent + len(alive) > budget.playouts and rounds:
            break
        if deadline is not None and rounds and budget.clock() >= deadline:
            break
        world_seed = rng.getrandbits(64)
        values = []
        for i in alive:
            world_rng = random.Random(world_seed)
            world = determinize(world_rng)
            value, points = play(world, candidates[i], world_rng)
            s = stats[i]
            s.n += 1
            s.value += value
            s.points += points
            values.append(value)
        spent += len(alive)
        rounds += 1
        if len(alive) == 1:
            break  # one candidate (left): nothing to compare
        if prune:
            _prune(stats, alive, values, rounds)
    ranked = [Evaluated(candidates[i], s.value / s.n, s.points / s.n, s.n) for i, s in enumerate(stats) if s.n]
    return SearchResult(_order(ranked), spent, rounds)


def _order(evaluated: list[Evaluated]) -> list[Evaluated]:
    """Best first: the candidates that stayed in the race longest, by mean; then the pruned ones by mean."""
    most = max(e.playouts for e in evaluated)
    survivors = sorted((e for e in evaluated if e.playouts == most), key=lambda e: e.mean, reverse=True)
    pruned = sorted((e for e in evaluated if e.playouts != most), key=lambda e: e.mean, reverse=True)
    return survivors + pruned


def _prune(stats: list[_Stats], alive: list[int], values: list[float], rounds: int) -> None:
    """Track paired differences to the current leader and drop candidates that clearly trail it."""
    # Differences are kept against the round's mean of the alive candidates, which cancels the
    # world's own luck; a candidate's mean of these is its advantage over the field.
    mean = sum(values) / len(values)
    for i, v in zip(alive, values, strict=True):
        d = v - mean
        stats[i].diffs += d
        stats[i].diffs2 += d * d
    if rounds < PRUNE_AFTER or rounds % 4:
        return

    def edge(i: int) -> tuple[float, float]:
        s = stats[i]
        m = s.diffs / s.n
        var = max(s.diffs2 / s.n - m * m, 1e-12)
        return m, math.sqrt(var / s.n)

    ranked = sorted(alive, key=lambda i: edge(i)[0], reverse=True)
    lead_m, lead_se = edge(ranked[0])
    for i in ranked[2:]:  # the best two always stay: the rest of the budget sharpens their comparison
        m, se = edge(i)
        if lead_m - m > PRUNE_Z * math.hypot(se, lead_se):
            stats[i].alive = False


# ---------------------------------------------------------------- post-game analysis


@dataclass(frozen=True)
class Option:
    """One option of a decision as ``stark`` saw it: a label (a text of ``games.core.text``, German or
    to translate) and the points it expected."""

    action: dict[str, Any]
    label: Any
    points: float
    playouts: int


@dataclass(frozen=True)
class Assessment:
    """``stark``'s view of one past decision: its options best first, which one was chosen."""

    options: list[Option]  # in stark's order of preference (by its search value), best first
    chosen: int  # index of the action the player took
    playouts: int

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def differs(self) -> bool:
        # compared by label: two Karren cards of the same rank are the same choice
        return self.options[self.chosen].label != self.best.label

    @property
    def cost(self) -> float:
        """Expected points the chosen action gave away against stark's choice (never negative)."""
        return max(0.0, self.best.points - self.options[self.chosen].points)
