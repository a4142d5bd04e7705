"""Speedburg computer players: legal, view-only, German reasons, and finished heads-up games."""

from __future__ import annotations

import random

import pytest

from games.burg import bots as B
from games.burg import engine as E
from games.core.bots import Choice
from games.core.search import Budget
from games.core.simulate import play

from .helpers import open_discard, situation

MAUER = 3


@pytest.mark.parametrize("levels", [["stark", "normal"], ["normal", "leicht"], ["leicht", "stark"]])
def test_a_heads_up_game_of_each_pairing_finishes(levels):
    record = play(E, B, levels, seed=5, budget=Budget(playouts=48))
    assert len(record.result["places"]) == 2
    assert all(len(r) == 3 for r in record.result["rundenpunkte"])


def test_four_computers_with_the_sketch_choice_and_open_building_finish():
    record = play(
        E,
        B,
        ["leicht", "normal", "stark", "normal"],
        seed=9,
        options={"skizzenwahl": "zwei", "bauen": "offen"},
        budget=Budget(playouts=48),
    )
    assert sorted(record.result["places"])[0] == 1


def test_solo_game_with_advice_finishes():
    s = E.new_game(seed=3, players=1, options={"modus": "rekordjagd", "skizzenwahl": "zwei"})
    rng = random.Random(3)
    while not E.is_over(s):
        legal = E.legal_actions(s, 0)
        choice = B.advice(E.view(s, 0), legal, rng, budget=24)
        assert isinstance(choice, Choice) and choice.action in legal and choice.reason
        s, _ = E.apply(s, 0, choice.action)
    assert E.result(s)["rekordpunkte"] > 0


def test_normal_takes_the_greedy_build_with_the_sketch_in_view():
    # Strandmauer 222/.../...: the Granit 2 onto the Granit 1 on field 0 scores 3 and keeps the sketch
    s = situation(castles={0: {0: "G1"}}, auslage="G2 T1", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=0)
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    choice = B.choose_normal(view, legal, random.Random(1))
    g2 = next(d for d in s.auslage if d[1] == 2)
    assert choice.action == {"type": "bauen", "wuerfel": g2[0], "feld": 0}
    assert "Granit 2 auf Feld 1" in choice.reason


def test_leicht_often_takes_the_second_or_third_best_die():
    s = situation(auslage="G2 M1 S3 T4", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=0)
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    best = B.choose_normal(view, legal, random.Random(1)).action["wuerfel"]
    rng = random.Random(7)
    picks = [B.choose_leicht(view, legal, rng).action["wuerfel"] for _ in range(200)]
    other = sum(1 for p in picks if p != best)
    assert 100 < other < 180


def test_bots_see_only_the_view():
    # two states that differ only behind the other seat's Windschutz give the same decisions
    a = situation(castles={1: {0: "T1 T2"}}, auslage="G2 M1 S3", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=0)
    b = E.load(E.dump(a))
    (t1, t2) = b.burgen[1][0]
    b.burgen[1] = [[] for _ in range(9)]
    b.burgen[1][4] = [[t1[0], 6]]
    b.burgen[1][5] = [[t2[0], 3]]
    assert E.view(a, 0) == E.view(b, 0)
    for level in ("leicht", "normal", "stark"):
        ca = B.BOTS[level](E.view(a, 0), E.legal_actions(a, 0), random.Random(4), budget=48)
        cb = B.BOTS[level](E.view(b, 0), E.legal_actions(b, 0), random.Random(4), budget=48)
        assert ca == cb


def test_normal_discards_the_red_die_when_building_is_open():
    s = open_discard()
    view = E.view(s, 0)
    choice = B.choose_normal(view, E.legal_actions(s, 0), random.Random(1))
    assert choice.action == {"type": "ablegen", "wuerfel": view["ablegen_hinweis"]["rot"]}
    assert "Gegner" in choice.reason


def test_stark_knows_a_prize_is_worth_the_silver_shovel():
    # last die of the castle: the Seeglas completes Strandgut (3 SP) although the Granit scores more points
    castles = {0: {0: "T1", 1: "M1", 2: "G1", 3: "T1", 4: "M1"}}
    s = situation(castles=castles, auslage="S1 G6", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=10)
    s.burgen[1] = [[] for _ in range(9)]
    view, legal = E.view(s, 0), E.legal_actions(s, 0)
    assert B.choose_normal(view, legal, random.Random(1)).action["wuerfel"] != s.auslage[0][0]
    choice = B.choose_stark(view, legal, random.Random(1), budget=48)
    assert choice.action["wuerfel"] == s.auslage[0][0]
    assert "Siegpunkte" in choice.reason
