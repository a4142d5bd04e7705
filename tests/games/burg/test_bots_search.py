"""Speedburg's strong computer on the shared search: a budget of time or playouts, its own view only
(refills drawn from the dice it has not seen), and the post-game analysis (``assess``)."""

from __future__ import annotations

import random
from collections import Counter

from games.burg import bots as B
from games.burg import engine as E
from games.core import registry
from games.core.search import Budget
from games.core.text import german

from .helpers import situation

PLAYOUTS = 60
MAUER = 3


def _positions(seed: int, options: dict | None = None):
    """Seat 0's sketch choices and builds in a heads-up game between ``normal`` computers."""
    s = E.new_game(seed=seed, players=2, options={"skizzenwahl": "zwei", **(options or {})})
    rng = random.Random(seed)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        if seat == 0 and (s.phase == "skizze" or (s.phase == "bauen" and s.step == "bauen")):
            yield s
        choice = B.choose_normal(E.view(s, seat), E.legal_actions(s, seat), rng)
        s, _ = E.apply(s, seat, choice.action)


def _other_world(s: E.State, rng: random.Random) -> E.State:
    """The same game as seat 0 sees it: other refills to come, other dice behind seat 1's Windschutz."""
    t = s.copy()
    t.seed += 4711
    hidden = [d for st in t.burgen[1] for d in st] + t.verloren[1]
    ids = [d[0] for d in hidden] + t.bag
    rng.shuffle(ids)
    for die, new in zip(hidden, ids, strict=False):
        die[0] = new
    t.bag = sorted(ids[len(hidden) :])
    return t


def test_stark_decides_the_same_in_two_hidden_worlds_that_look_the_same_from_its_seat():
    checked: Counter[str] = Counter()
    for number, s in enumerate(_positions(seed=21)):
        kind = s.phase
        if checked[kind] >= (1 if kind == "skizze" else 3) or (kind == "bauen" and number % 4):
            continue
        t = _other_world(s, random.Random(number))
        assert E.view(t, 0) == E.view(s, 0)
        assert kind == "skizze" or t.bag != s.bag or t.burgen[1] != s.burgen[1]
        here = B.choose_stark(E.view(s, 0), E.legal_actions(s, 0), random.Random(5), budget=PLAYOUTS)
        there = B.choose_stark(E.view(t, 0), E.legal_actions(t, 0), random.Random(5), budget=PLAYOUTS)
        assert here == there  # the action and the reason (with its expected Siegpunkte)
        checked[kind] += 1
    assert checked == {"skizze": 1, "bauen": 3}


def test_a_larger_playout_budget_never_reduces_the_playouts():
    s = next(p for p in _positions(seed=22) if p.phase == "bauen" and E.used(p, 0) >= 2)
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    ctx = B.Ctx(view)
    candidates = B._build_candidates(view, legal, ctx)
    assert len(candidates) > 1
    last = 0
    for playouts in (5, 20, 80, 320):
        result = B._search_builds(view, ctx, candidates, random.Random(0), Budget(playouts=playouts))
        assert last <= result.playouts <= max(playouts, len(candidates))  # one round at least
        last = result.playouts


def test_with_a_tiny_time_budget_stark_still_plays_a_round_and_acts_legally():
    for kind in ("skizze", "bauen"):
        s = next(p for p in _positions(seed=23) if p.phase == kind)
        legal = E.legal_actions(s, 0)
        choice = B.choose_stark(E.view(s, 0), legal, random.Random(1), budget=Budget(seconds=0.0))
        assert choice.action in legal and choice.reason and choice.playouts >= 1


def test_the_rat_thinks_a_quarter_of_a_table_decision(monkeypatch):
    seen = []

    def spy(view, legal, rng, *, budget):  # type: ignore[no-untyped-def]
        seen.append(budget)
        return B.Choice(legal[0], "gut")

    monkeypatch.setattr(B, "choose_stark", spy)
    s = next(_positions(seed=24))
    B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=Budget(seconds=0.8))
    B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=Budget(playouts=90))
    assert seen == [Budget(seconds=0.2), Budget(playouts=90)]


# ---------------------------------------------------------------- the analysis


def test_the_registry_offers_the_timed_search_and_the_analysis():
    spec = registry.spec("burg")
    assert spec.timed_search and spec.assess is B.assess


def test_assess_names_each_build_with_its_expected_siegpunkte_and_the_chosen_one():
    s = situation(castles={0: {0: "G1"}}, auslage="G2 G2 T1", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=0)
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    first, second = (d[0] for d in s.auslage if d[1] == 2)
    chosen = {"type": "bauen", "wuerfel": second, "feld": 4}
    assert chosen in legal
    result = B.assess(view, legal, chosen, random.Random(2), budget=PLAYOUTS)
    assert result is not None and result.playouts <= PLAYOUTS
    # the second Granit 2 on field 5 is the same choice as the first one there
    assert result.options[result.chosen].action == {"type": "bauen", "wuerfel": first, "feld": 4}
    assert german(result.options[result.chosen].label) == "Granit 2 auf Feld 5"
    labels = [german(o.label) for o in result.options]
    assert len(labels) == len(set(labels)) >= 3
    assert B.assess(view, legal, chosen, random.Random(2), budget=PLAYOUTS) == result


def test_assess_weighs_the_sketches_too():
    s = next(p for p in _positions(seed=25) if p.phase == "skizze")
    legal = E.legal_actions(s, 0)
    result = B.assess(E.view(s, 0), legal, legal[1], random.Random(2), budget=PLAYOUTS)
    assert result is not None and len(result.options) == 2
    assert all(german(o.label).startswith("Die Skizze „") for o in result.options)
    assert result.options[result.chosen].action == legal[1]


def test_assess_has_nothing_to_weigh_at_weiter_and_the_discard():
    s = situation(
        castles={0: {4: "G1"}}, auslage="S1 T1 G1", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=2, step="ablegen"
    )
    legal = E.legal_actions(s, 0)
    assert B.assess(E.view(s, 0), legal, legal[0], random.Random(1), budget=PLAYOUTS) is None
    assert B.assess({}, [{"type": "weiter"}], {"type": "weiter"}, random.Random(1), budget=PLAYOUTS) is None


def test_assess_is_honest_too():
    s = next(p for p in _positions(seed=26) if p.phase == "bauen" and E.used(p, 0) >= 3)
    t = _other_world(s, random.Random(1))
    legal = E.legal_actions(s, 0)
    here = B.assess(E.view(s, 0), legal, legal[-1], random.Random(2), budget=PLAYOUTS)
    there = B.assess(E.view(t, 0), E.legal_actions(t, 0), legal[-1], random.Random(2), budget=PLAYOUTS)
    assert here is not None and here == there
