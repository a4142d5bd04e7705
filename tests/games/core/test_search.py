"""The budgeted determinised Monte Carlo search (games.core.search)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.search import Assessment, Budget, Option, as_budget, monte_carlo

# A toy game: the world is a random number, candidate k is worth k/10 plus the world's luck plus noise.
CANDIDATES = [{"k": k} for k in range(5)]


def _determinize(rng: random.Random) -> float:
    return rng.gauss(0, 3)


def _play(world: float, action: dict, rng: random.Random) -> tuple[float, float]:
    value = action["k"] / 10 + world + rng.gauss(0, 1)
    return value, 10 + value


class FakeClock:
    """Every reading moves time on by ``step`` seconds: the search's time mode, deterministic."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def search(budget, seed=1, prune=True):
    return monte_carlo(
        candidates=CANDIDATES, determinize=_determinize, play=_play, rng=random.Random(seed), budget=budget, prune=prune
    )


def test_a_playout_budget_is_deterministic_given_the_seed():
    assert search(300) == search(300)
    assert search(300, seed=2) != search(300)


def test_a_playout_budget_is_never_exceeded_and_mostly_spent():
    result = search(1000, prune=False)
    assert result.playouts == 1000 and all(e.playouts == 200 for e in result.ranked)
    assert 900 < search(1000).playouts <= 1000


@settings(max_examples=25, deadline=None)
@given(small=st.integers(1, 400), extra=st.integers(0, 400), seed=st.integers(0, 10**6))
def test_a_larger_playout_budget_never_reduces_the_playouts(small, extra, seed):
    assert search(small + extra, seed).playouts >= search(small, seed).playouts


@settings(max_examples=15, deadline=None)
@given(small=st.floats(0, 2), extra=st.floats(0, 2), seed=st.integers(0, 10**6))
def test_a_larger_time_budget_never_reduces_the_playouts(small, extra, seed):
    def timed(seconds: float) -> int:
        return search(Budget(seconds=seconds, clock=FakeClock(0.01)), seed).playouts

    assert timed(small + extra) >= timed(small)


def test_a_time_budget_plays_as_many_rounds_as_fit_and_at_least_one():
    assert search(Budget(seconds=0.0, clock=FakeClock(1.0))).rounds == 1
    # one clock reading per round plus one at the start: 0.5 s at 0.01 s per reading is about 50 rounds
    assert 40 <= search(Budget(seconds=0.5, clock=FakeClock(0.01)), prune=False).rounds <= 50


def test_the_best_candidate_wins_and_clearly_worse_ones_leave_the_race():
    result = search(4000)
    assert result.best.action == {"k": 4}
    assert result.ranked[1].playouts == result.best.playouts  # the best two always stay
    assert min(e.playouts for e in result.ranked) < result.best.playouts  # k=0 was dropped early
    assert result.best.points == pytest.approx(result.best.mean + 10)


def test_one_candidate_needs_no_search():
    result = monte_carlo(
        candidates=[{"k": 1}], determinize=_determinize, play=_play, rng=random.Random(0), budget=Budget(seconds=5)
    )
    assert result.playouts == 1 and result.best.action == {"k": 1}
    with pytest.raises(ValueError):
        monte_carlo(candidates=[], determinize=_determinize, play=_play, rng=random.Random(0), budget=10)


def test_budgets_from_what_callers_pass():
    assert as_budget(None) == Budget(seconds=0.8)
    assert as_budget(50) == Budget(playouts=50)
    assert as_budget(0.3) == Budget(seconds=0.3)
    for bad in ({}, {"playouts": 1, "seconds": 1.0}, {"playouts": 0}, {"seconds": -1.0}):
        with pytest.raises(ValueError):
            Budget(**bad)
    with pytest.raises(TypeError):
        as_budget(True)


def test_a_share_of_a_time_budget_keeps_its_clock_and_a_playout_budget_stays():
    clock = FakeClock(0.01)
    part = Budget(seconds=0.8, clock=clock).share(0.25)
    assert part == Budget(seconds=0.2) and part.clock is clock
    assert Budget(playouts=300).share(0.25) == Budget(playouts=300)


def test_an_assessment_names_the_cost_of_a_choice_in_points():
    options = [
        Option({"k": 2}, "Zwei", 12.5, 10),
        Option({"k": 1}, "Eins", 10.0, 10),
        Option({"k": 0}, "Null", 13.0, 10),
    ]
    assert Assessment(options, 1, 30).cost == 2.5 and Assessment(options, 1, 30).differs
    assert Assessment(options, 2, 30).cost == 0.0  # more points than stark's choice: nothing given away
    assert not Assessment(options, 0, 30).differs
