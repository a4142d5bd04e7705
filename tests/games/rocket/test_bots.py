"""The computers: legal actions only, German reasons, styles, Rat; whole heads-up games finish."""

import random
import re

import pytest

from games.core import simulate
from games.core.search import Budget
from games.core.text import german
from games.rocket import bots as B
from games.rocket import content as C
from games.rocket import engine as E

from .helpers import evening, put, to_shop


@pytest.mark.parametrize(("a", "b"), [("stark", "normal"), ("normal", "leicht"), ("stark", "leicht")])
def test_one_heads_up_game_of_each_pairing_finishes(a, b):
    rec = simulate.play(E, B, [a, b], seed=11, budget=Budget(playouts=60))
    assert len(rec.result["points"]) == 2 and rec.actions > 50
    assert len(rec.result["hoehen"][0]) == 9


def test_bots_only_return_legal_actions_with_a_reason():
    for seed, levels in (
        (3, ["leicht", "normal", "stark"]),
        (4, ["stark", "stark", "normal", "leicht"]),
        (5, ["stark"]),
    ):
        s = E.new_game(seed=seed, players=len(levels), options={"kurz": True, "rezepte": "zufall"})
        rng = random.Random(seed)
        while not E.is_over(s):
            seat = rng.choice(E.to_move(s))
            legal = E.legal_actions(s, seat)
            choice = B.BOTS[levels[seat]](E.view(s, seat), legal, rng, budget=40)
            assert choice.action in legal
            assert isinstance(choice.reason, str) and choice.reason
            s, _ = E.apply(s, seat, choice.action)


def test_normal_stops_at_noticeable_danger_with_the_log_sentence():
    s = evening(blatt="kaiserwetter", beutel=["W3"] * 4 + ["O1"] * 2)  # limit 8
    put(s, 0, "W3", "W3")  # Zündmesser 6: W3 ignites -> 2 of 4 = 50 %
    s.seats[0].stil = "Tempomacher"
    c = B.choose_normal(E.view(s, 0), E.legal_actions(s, 0), random.Random(1))
    assert c.action == {"type": "aufhoeren"}
    assert c.reason == "50 % Gefahr sind zu heiß."
    s = evening(blatt="kaiserwetter", beutel=["W3"] * 3 + ["O1"] * 9)
    put(s, 0, "W3", "W3")  # 10 %
    c = B.choose_normal(E.view(s, 0), E.legal_actions(s, 0), random.Random(1))
    assert c.action == {"type": "ziehen"}
    assert re.fullmatch(r"10 % Gefahr – weiter\.", c.reason)


def test_stark_draws_without_danger_and_stops_at_certain_misfire():
    s = evening(blatt="kaiserwetter", beutel=["O1"] * 6)
    c = B.choose_stark(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=400)
    assert c.action == {"type": "ziehen"} and "0 % Gefahr" in c.reason
    s = evening(blatt="kaiserwetter", beutel=["W3"] * 3)
    s.seats[0].eimer = False
    put(s, 0, "O1", "W3", "W3")
    c = B.choose_stark(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=400)
    assert c.action == {"type": "aufhoeren"}
    assert c.reason == "100 % Gefahr sind zu heiß."


def test_stark_pours_sand_on_a_high_rocket():
    s = evening(blatt="kaiserwetter", beutel=["O1"] * 4)
    s.seats[0].start = 30
    put(s, 0, "W3", "W3", "W3")
    assert s.seats[0].offen["art"] == "sand"
    c = B.choose_stark(E.view(s, 0), E.legal_actions(s, 0), random.Random(1), budget=400)
    assert c.action == {"type": "sand"}


def test_vorschau_choices_are_legal_and_avoid_ignition():
    s = evening(blatt="kaiserwetter", beutel=["W3", "W3", "W3", "W3", "R2", "W3"])
    put(s, 0, "W3", "W3")
    s.seats[0].beutel = ["R2", "W3"]
    put(s, 0, "B1")  # Vorschau: both chips
    legal = E.legal_actions(s, 0)
    for level in ("normal", "stark"):
        c = B.BOTS[level](E.view(s, 0), legal, random.Random(2), budget=400)
        assert c.action in legal
        assert s.seats[0].offen["chips"][c.action["wahl"]] == "R2"


def test_shop_reasons_name_every_chip():
    s = evening(blatt="kaiserwetter", abend=5)
    s.seats[1].start = 20
    s = to_shop(s)
    s.seats[0].mark = 25
    legal = E.legal_actions(s, 0)
    for level in ("normal", "stark"):
        c = B.BOTS[level](E.view(s, 0), legal, random.Random(3))
        assert c.action["type"] == "einkaufen" and len(c.action["chips"]) == 2
        for w in c.action["chips"]:
            assert C.chip_text(w) in c.reason


def test_purpur_late_in_the_game_ab_jetzt_zaehlt_ruhm():
    s = evening(blatt="kaiserwetter", abend=7, rezepte={"P": 2})
    s.seats[1].start = 20
    s = to_shop(s)
    value, why = B.ware_value(E.view(s, 0), "P1")
    assert german(why) == "ab jetzt zählt Ruhm" and value > 0


def test_advice_stopfen_and_shop():
    s = evening(blatt="kaiserwetter", beutel=["W3"] + ["O1"] * 9)
    c = B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(4), budget=400)
    assert c.action == {"type": "ziehen"}
    assert c.reason == "Zieh noch einen: 0 % Gefahr, das lohnt sich."
    s = evening(blatt="kaiserwetter", abend=3)
    s.seats[1].start = 20
    s = to_shop(s)
    s.seats[0].mark = 20
    c = B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(4), budget=400)
    assert c.action["type"] == "einkaufen"
    assert all(C.chip_text(w) in c.reason for w in c.action["chips"])


def test_styles_are_fixed_by_the_seed_and_shown():
    styles = set()
    for seed in range(40):
        s = E.new_game(seed=seed, players=4, options={})
        again = E.new_game(seed=seed, players=4, options={})
        assert [p.stil for p in s.seats] == [p.stil for p in again.seats]
        v = E.view(s, None)
        assert [B.style_of(v, i) for i in range(4)] == [p.stil for p in s.seats]
        styles.update(p.stil for p in s.seats)
    assert styles == set(C.STYLES)


def test_computers_press_weiter_at_once():
    s = evening(blatt="kaiserwetter")
    for seat in (0, 1):
        s, _ = E.apply(s, seat, {"type": "aufhoeren"})
    for level in B.BOTS:
        assert B.BOTS[level](E.view(s, 0), E.legal_actions(s, 0), random.Random(0)).action == {"type": "weiter"}
