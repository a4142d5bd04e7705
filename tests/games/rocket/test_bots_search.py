"""Speedrocket's strong computer on the shared search: a budget of time or playouts, its own view
only (the bag's order is what it samples), and the post-game analysis (``assess``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import registry
from games.core.search import Budget
from games.core.text import german
from games.rocket import bots as B
from games.rocket import engine as E
from games.rocket.rocket import Ctx, Seat, would_ignite

from .helpers import evening, put, to_shop

PLAYOUTS = 300


def _positions(seed: int, players: int = 2):
    """Every Stopfen decision of seat 0 in a game between ``normal`` computers: (state, seat 0)."""
    s = E.new_game(seed=seed, players=players, options={"kurz": True})
    rng = random.Random(seed)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        if seat == 0 and s.phase == "stopfen":
            yield s
        choice = B.choose_normal(E.view(s, seat), E.legal_actions(s, seat), rng)
        s, _ = E.apply(s, seat, choice.action)


def _kind(s: E.State) -> str:
    offen = s.seats[0].offen
    return "ziehen" if offen is None else offen["art"]


def _other_world(s: E.State) -> E.State:
    """The same game as seat 0 sees it: other draws to come (every bag's order), other Extrablätter later."""
    t = s.copy()
    t.seed += 4711
    later = t.blaetter[t.abend :]
    t.blaetter = t.blaetter[: t.abend] + later[1:] + later[:1]
    return t


def test_stark_decides_the_same_in_two_hidden_worlds_that_look_the_same_from_its_seat():
    checked: Counter[str] = Counter()
    for s in _positions(seed=41):
        kind = _kind(s)
        if checked[kind] >= 2:
            continue
        t = _other_world(s)
        assert E.view(t, 0) == E.view(s, 0) and (t.seed, t.blaetter) != (s.seed, s.blaetter)
        here = B.choose_stark(E.view(s, 0), E.legal_actions(s, 0), random.Random(7), budget=PLAYOUTS)
        there = B.choose_stark(E.view(t, 0), E.legal_actions(t, 0), random.Random(7), budget=PLAYOUTS)
        assert here == there  # the action, the reason and the playouts
        assert 0 < here.playouts <= PLAYOUTS
        checked[kind] += 1
    assert checked == {"ziehen": 2, "vorschau": 2, "sand": 1}


def test_a_sampled_world_is_an_order_of_the_seats_own_bag_and_the_chips_that_may_go_back():
    s = evening(blatt="kaiserwetter", beutel=["W3", "W3", "R2", "O1", "G1"])
    put(s, 0, "W3", "W3")
    s.seats[0].beutel = ["O1", "R2", "W3"]
    put(s, 0, "B1")  # Vorschau: the three chips come out of the bag
    view = E.view(s, 0)
    pos = B._Stopfen(view, style=False)
    for seed in range(5):
        world = pos.world(random.Random(seed))
        assert sorted(world) == sorted(view["spieler"][0]["beutel"] + view["spieler"][0]["offen"]["chips"])


def test_a_larger_playout_budget_never_reduces_the_playouts():
    s = next(p for p in _positions(seed=42) if _kind(p) == "ziehen" and len(p.seats[0].chips) >= 3)
    pos = B._Stopfen(E.view(s, 0), style=True)
    last = 0
    for playouts in (10, 40, 160, 640):
        result = pos.search(pos.actions(), random.Random(0), Budget(playouts=playouts), prune=True)
        assert last <= result.playouts <= playouts
        last = result.playouts


@pytest.mark.parametrize("kind", ["ziehen", "vorschau", "sand"])
def test_with_a_tiny_time_budget_stark_still_plays_a_round_and_acts_legally(kind):
    s = next(p for p in _positions(seed=42) if _kind(p) == kind)
    legal = E.legal_actions(s, 0)
    choice = B.choose_stark(E.view(s, 0), legal, random.Random(1), budget=Budget(seconds=0.0))
    assert choice.action in legal and choice.reason and choice.playouts >= 1


def test_stark_plays_out_every_chip_of_the_vorschau_once_and_names_the_best():
    s = evening(blatt="kaiserwetter", beutel=["O1"] * 6)
    s.seats[0].beutel = ["P1", "O1", "O1", "W1"]
    put(s, 0, "B1")  # Vorschau: the four chips (Orange twice)
    legal = E.legal_actions(s, 0)
    pos = B._Stopfen(E.view(s, 0), style=True)
    wahl = [a["wahl"] for a in pos.actions()]
    chips = s.seats[0].offen["chips"]
    assert wahl[0] is None and len(wahl) == 1 + len(set(chips))  # the second Orange is the first one again
    choice = B.choose_stark(E.view(s, 0), legal, random.Random(3), budget=PLAYOUTS)
    assert choice.action in legal and choice.reason.startswith("Aus der Vorschau")


def test_the_danger_shortcut_says_what_would_ignite_says():
    rng = random.Random(5)
    for _ in range(300):
        p = Seat(beutel=[rng.choice(["W1", "W2", "W3", "O1", "R2"]) for _ in range(rng.randint(0, 9))])
        p.grenze, p.funken = rng.randint(6, 10), rng.random() < 0.5
        p.summe = rng.randint(0, p.grenze)  # a rocket that has not misfired
        ctx = Ctx({}, rng.choice(("kaiserwetter", "funkenflug")))
        expected = sum(1 for c in p.beutel if would_ignite(p, c, ctx)) / len(p.beutel) if p.beutel else 0.0
        assert B._danger(p, p.beutel, ctx) == expected


def test_the_rat_thinks_a_quarter_of_a_table_decision(monkeypatch):
    seen = []

    def spy(view, legal, rng, *, budget):  # type: ignore[no-untyped-def]
        seen.append(budget)
        return B.Choice(legal[0], "gut")

    monkeypatch.setattr(B, "choose_stark", spy)
    s = evening(blatt="kaiserwetter")
    B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=Budget(seconds=0.8))
    B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=Budget(playouts=90))
    assert seen == [Budget(seconds=0.2), Budget(playouts=90)]


# ---------------------------------------------------------------- the analysis


def test_the_registry_offers_the_timed_search_and_the_analysis():
    spec = registry.spec("rocket")
    assert spec.timed_search and spec.assess is B.assess


def test_assess_weighs_every_option_of_a_stopfen_decision_with_the_chosen_one():
    s = evening(blatt="kaiserwetter", beutel=["W3"] * 3 + ["O1"] * 5)
    put(s, 0, "W3", "W3")  # Zündmesser 6 of 8: three of eight chips would ignite
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    result = B.assess(view, legal, {"type": "ziehen"}, random.Random(2), budget=PLAYOUTS)
    assert result is not None and result.playouts <= PLAYOUTS
    assert {german(o.label) for o in result.options} == {"Aufhören", "Noch einen Chip ziehen"}
    assert result.options[result.chosen].action == {"type": "ziehen"}
    again = B.assess(view, legal, {"type": "ziehen"}, random.Random(2), budget=PLAYOUTS)
    assert again == result


def test_assess_weighs_a_vorschau_chip_the_computer_would_never_take():
    s = evening(blatt="kaiserwetter", beutel=["O1"] * 6)
    put(s, 0, "W3", "W3")  # Zündmesser 6 of 8: a Blitzpulver 3 ignites
    s.seats[0].beutel = ["W3", "O1"]
    put(s, 0, "B1")
    chips = s.seats[0].offen["chips"]
    w3 = {"type": "vorschau", "wahl": chips.index("W3")}
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    assert w3 not in B._Stopfen(view, style=False).actions()  # sand and none would be the same, without Eimer
    result = B.assess(view, legal, w3, random.Random(2), budget=PLAYOUTS)
    assert result is not None and german(result.options[result.chosen].label) == "Aus der Vorschau Blitzpulver 3 legen"
    assert result.differs and result.cost > 0


def test_assess_has_nothing_to_weigh_in_the_vorstellung_and_the_shop():
    s = evening(blatt="kaiserwetter", abend=3)
    s.seats[1].start = 20
    s = to_shop(s)
    s.seats[0].mark = 20
    legal = E.legal_actions(s, 0)
    assert B.assess(E.view(s, 0), legal, legal[-1], random.Random(1), budget=PLAYOUTS) is None
    s = evening(blatt="kaiserwetter")
    for seat in (0, 1):
        s, _ = E.apply(s, seat, {"type": "aufhoeren"})
    assert B.assess(E.view(s, 0), E.legal_actions(s, 0), {"type": "weiter"}, random.Random(1), budget=10) is None


def test_assess_is_honest_too():
    s = next(p for p in _positions(seed=44) if _kind(p) == "ziehen" and len(p.seats[0].chips) >= 2)
    t = _other_world(s)
    legal = E.legal_actions(s, 0)
    here = B.assess(E.view(s, 0), legal, {"type": "aufhoeren"}, random.Random(2), budget=PLAYOUTS)
    there = B.assess(E.view(t, 0), E.legal_actions(t, 0), {"type": "aufhoeren"}, random.Random(2), budget=PLAYOUTS)
    assert here is not None and here == there


def test_after_a_lapsed_clock_stark_keeps_to_what_the_runtime_allows():
    s = next(p for p in _positions(seed=42) if _kind(p) == "vorschau")
    allowed = E.timeout_actions(s, 0)
    assert allowed == [{"type": "vorschau", "wahl": None}]
    choice = B.choose_stark(E.view(s, 0), allowed, random.Random(1), budget=PLAYOUTS)
    assert choice.action == allowed[0] and choice.reason == "Aus der Vorschau lohnt sich keiner."
    s = next(p for p in _positions(seed=42) if _kind(p) == "ziehen" and p.seats[0].beutel)
    choice = B.choose_stark(E.view(s, 0), E.timeout_actions(s, 0), random.Random(1), budget=PLAYOUTS)
    assert choice.action == {"type": "aufhoeren"}
