"""An evening in the rule text's order, Sandeimer, Pulverhandlung, the last evening, ties, options."""

import json

import pytest

from games.core.protocol import IllegalAction
from games.rocket import engine as E
from games.rocket import scoring

from .helpers import evening, put, stop_all, to_shop, to_step, weiter_all


def test_evening_order_and_chips_back_into_the_bag():
    s = E.new_game(seed=5, players=2, options={})
    assert (s.phase, s.abend, E.to_move(s)) == ("stopfen", 1, [0, 1])
    size = len(s.seats[0].beutel)
    s, _ = E.apply(s, 0, {"type": "ziehen"})
    assert len(s.seats[0].chips) == 1 and len(s.seats[0].beutel) == size - 1
    s = stop_all(s)
    names = []
    for step in (1, 2, 3, 4):
        assert (s.phase, s.schritt) == ("vorstellung", step)
        names.append(E.view(s, 0)["schritt_name"])
        assert E.legal_actions(s, 0) == [{"type": "weiter"}]
        s, _ = E.apply(s, 1, {"type": "weiter"})
        assert (s.schritt, E.to_move(s)) == (step, [0])  # waits for everyone
        s, _ = E.apply(s, 0, {"type": "weiter"})
    assert names == ["Tagespreis", "Wertung", "Kristallfeld", "Ruhm"]
    assert s.phase == "handel" and E.to_move(s) == [0, 1]
    for seat in (1, 0):
        s, _ = E.apply(s, seat, {"type": "einkaufen", "chips": []})
    assert (s.phase, s.abend) == ("stopfen", 2)
    assert len(s.seats[0].beutel) >= 10 and s.seats[0].chips == []


def test_vorstellung_steps_in_order():
    s = evening(blatt="kaiserwetter")
    s.seats[0].start = 15  # Wertungsfeld 16: crystal field, 4 Ruhm, 15 Mark
    s.seats[1].start = 30  # seat 1 wins the Tagespreis
    put(s, 0, "P1")  # Purpurregen: 1 Ruhm in step 2; now on field 16, Wertungsfeld 17
    s = to_step(s, 1)
    assert (s.seats[0].ruhm, s.seats[0].kristalle) == (0, 1)
    s = weiter_all(s)
    assert (s.seats[0].ruhm, s.seats[0].kristalle) == (1, 1)
    s = weiter_all(s)
    assert (s.seats[0].ruhm, s.seats[0].kristalle) == (1, 1)  # 17 is no crystal field
    s = weiter_all(s)
    assert s.seats[0].ruhm == 1 + 4
    v = E.view(s, 0)
    assert [len(x) for x in v["vorstellung"]][1:] == [1, 0, 2]


def test_crystal_of_the_wertungsfeld_also_after_a_misfire():
    s = evening(blatt="kaiserwetter")
    s.seats[0].eimer = False
    s.seats[0].start = 3
    put(s, 0, "W3", "W3", "W3")  # 9 > 8, fields 6, 9, 12: Wertungsfeld 13
    s = to_step(s, 3)
    assert s.seats[0].kristalle == 2
    s = weiter_all(s)
    assert s.seats[0].ruhm == 0  # no Ruhm of the field after a misfire


def test_tagespreis_tie_fewer_chips_then_both_roll():
    s = evening(blatt="kaiserwetter")
    put(s, 0, "O1", "O1", "O1")
    put(s, 1, "R2", "O1")  # also Wertungsfeld 4, one chip less
    assert [x["seat"] for x in scoring.prize(s) if "wurf" in x] == [1]
    s = evening(blatt="kaiserwetter")
    put(s, 0, "O1", "G2")
    put(s, 1, "G2", "O1")
    assert [x["seat"] for x in scoring.prize(s) if "wurf" in x] == [0, 1]


def test_tagespreis_only_without_misfire():
    s = evening(blatt="kaiserwetter")
    s.seats[0].eimer = False
    s.seats[0].start = 30
    put(s, 0, "W3", "W3", "W3")
    assert s.seats[0].fehl
    assert [x["seat"] for x in scoring.prize(s)] == [1]
    s.seats[1].fehl = True
    assert scoring.prize(s) == []


def test_tagespreis_die_faces():
    seen = set()
    for seed in range(60):
        s = evening(1, blatt="kaiserwetter", seed=seed)
        before = (s.seats[0].ruhm, s.seats[0].kristalle, s.seats[0].vorladung, len(s.seats[0].beutel))
        (item,) = scoring.prize(s)
        p = s.seats[0]
        after = (p.ruhm, p.kristalle, p.vorladung, len(p.beutel))
        delta = tuple(a - b for a, b in zip(after, before, strict=True))
        expected = {
            "ruhm1": (1, 0, 0, 0),
            "ruhm2": (2, 0, 0, 0),
            "kristall": (0, 1, 0, 0),
            "vorladung": (0, 0, 1, 0),
            "kalk": (0, 0, 0, 1),
        }[item["wurf"]]
        assert delta == expected
        seen.add(item["wurf"])
    assert seen == {"ruhm1", "ruhm2", "kristall", "vorladung", "kalk"}


def test_lehrbuben_before_the_stopfen_from_evening_start_ruhm():
    s = evening(4, blatt="kaiserwetter", ruhm=[0, 3, 8, 20])
    assert [p.lehrbuben for p in s.seats] == [6, 5, 4, 0]


@pytest.mark.parametrize(("kurz", "abend"), [(False, 6), (True, 4)])
def test_blitzpulver_1_for_everyone(kurz, abend):
    before = evening(blatt="kaiserwetter", abend=abend - 1, kurz=kurz)
    at = evening(blatt="kaiserwetter", abend=abend, kurz=kurz)
    assert [p.beutel.count("W1") for p in before.seats] == [4, 4]
    assert [p.beutel.count("W1") for p in at.seats] == [5, 5]


def test_ignition_only_above_the_limit():
    s = evening(blatt="kaiserwetter")  # 8
    s.seats[0].eimer = False
    put(s, 0, "W3", "W3", "W2")
    assert s.seats[0].summe == 8 and not s.seats[0].fehl
    put(s, 0, "W1")
    assert s.seats[0].fehl and s.seats[0].fertig
    assert s.seats[0].wertungsfeld() == 10  # the igniting chip was laid on field 9


def test_sand_drauf_rescue():
    s = evening(blatt="kaiserwetter", beutel=["O1"])
    put(s, 0, "W3", "W3", "W3")
    p = s.seats[0]
    assert p.offen == {"art": "sand", "chip": "W3", "zaehl": 3}
    assert E.legal_actions(s, 0) == [{"type": "sand"}, {"type": "zuenden"}]
    t, _ = E.apply(s, 0, {"type": "sand"})
    q = t.seats[0]
    assert (q.eimer, q.fehl, q.fertig, q.summe, q.chips) == (False, False, False, 6, ["W3", "W3"])
    assert sorted(q.beutel) == ["O1", "W3"]
    u, _ = E.apply(s, 0, {"type": "zuenden"})
    q = u.seats[0]
    assert (q.eimer, q.fehl, q.fertig, q.summe, q.felder) == (True, True, True, 9, [3, 6, 9])


def test_sand_as_a_precaution_after_a_harmless_blitzpulver():
    s = evening(blatt="kaiserwetter", beutel=["O1"])
    put(s, 0, "O1", "W2")
    assert {"type": "sand"} in E.legal_actions(s, 0)
    s, _ = E.apply(s, 0, {"type": "sand"})
    p = s.seats[0]
    assert (p.chips, p.summe, p.eimer) == (["O1"], 0, False)
    assert "W2" in p.beutel
    put(s, 0, "W1")
    assert {"type": "sand"} not in E.legal_actions(s, 0)  # the Eimer is empty


def test_no_draw_from_an_empty_bag():
    s = evening(blatt="kaiserwetter", beutel=[])
    assert E.legal_actions(s, 0) == [{"type": "aufhoeren"}]
    with pytest.raises(IllegalAction, match="Dein Beutel ist leer"):
        E.apply(s, 0, {"type": "ziehen"})


def test_a_malformed_draw_with_a_full_bag_is_not_called_an_empty_bag():
    s = evening(blatt="kaiserwetter")
    with pytest.raises(IllegalAction) as err:
        E.apply(s, 0, {"type": "ziehen", "x": 1})
    assert "Beutel" not in str(err.value.message) and err.value.message


def test_misfire_choice_ruhm_or_shop():
    s = evening(blatt="kaiserwetter")
    s.seats[0].eimer = False
    s.seats[0].start = 11
    put(s, 0, "W3", "W3", "W3")  # fields 14, 17, 20: Wertungsfeld 21 (Ruhm 5, Mark 18)
    s = to_shop(s)
    assert E.legal_actions(s, 0) == [
        {"type": "fehlzuendung", "wahl": "ruhm"},
        {"type": "fehlzuendung", "wahl": "einkauf"},
    ]
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "einkaufen", "chips": []})
    r, _ = E.apply(s, 0, {"type": "fehlzuendung", "wahl": "ruhm"})
    assert r.seats[0].ruhm == 5
    assert [a for a in E.legal_actions(r, 0) if a["type"] == "einkaufen"] == [{"type": "einkaufen", "chips": []}]
    k, _ = E.apply(s, 0, {"type": "fehlzuendung", "wahl": "einkauf"})
    assert k.seats[0].ruhm == 0 and k.seats[0].mark == 18
    assert {"type": "einkaufen", "chips": ["G4"]} in E.legal_actions(k, 0)


def test_shop_two_chips_of_different_colours_within_the_mark():
    s = evening(blatt="kaiserwetter")
    s.seats[1].start = 5  # seat 1 wins the Tagespreis
    s = to_shop(s)
    s.seats[0].mark = 14
    baskets = {tuple(a["chips"]) for a in E.legal_actions(s, 0) if a["type"] == "einkaufen"}
    assert ("G4",) in baskets and ("O1", "P1") in baskets and ("G1", "B1") in baskets
    assert ("G1", "G2") not in baskets  # same colour
    assert ("B4",) not in baskets  # 19 > 14
    assert ("B1", "P1") in baskets  # 5 + 9 = 14: exactly enough
    assert ("B2", "P1") not in baskets  # 10 + 9 > 14
    assert all(len(b) <= 2 for b in baskets)
    s, _ = E.apply(s, 0, {"type": "einkaufen", "chips": ["O1", "P1"]})
    assert s.seats[0].handel_fertig and s.seats[0].gekauft == ["O1", "P1"]
    s, _ = E.apply(s, 1, {"type": "einkaufen", "chips": []})
    assert s.seats[0].beutel.count("P1") == 1 and s.seats[0].beutel.count("O1") == 3


def test_crystal_trades():
    s = to_shop(evening(blatt="kaiserwetter"))
    s.seats[0].kristalle = 4
    s.seats[0].eimer = False
    legal = E.legal_actions(s, 0)
    assert {"type": "vorladung"} in legal and {"type": "sandeimer"} in legal
    s, _ = E.apply(s, 0, {"type": "sandeimer"})
    assert (s.seats[0].kristalle, s.seats[0].eimer) == (2, True)
    assert {"type": "sandeimer"} not in E.legal_actions(s, 0)
    s, _ = E.apply(s, 0, {"type": "vorladung"})
    assert (s.seats[0].kristalle, s.seats[0].vorladung) == (0, 1)
    assert {"type": "vorladung"} not in E.legal_actions(s, 0)


def test_last_evening_settlement():
    s = evening(blatt="kaiserwetter", abend=9)
    s.seats[0].start = 19  # Wertungsfeld 20: crystal field, 5 Ruhm, 17 Mark
    s.seats[0].kristalle = 5
    s.seats[1].start = 40
    s = to_step(s, 4)
    s = weiter_all(s)
    assert s.phase == "ende"
    # 5 (field) + 17 // 5 = 3 (Mark) + 6 // 2 = 3 (crystals)
    assert s.seats[0].ruhm == 11
    row = s.abrechnung[0]
    assert (row["mark"], row["ruhm_mark"], row["ruhm_kristalle"]) == (17, 3, 3)


def _settlement_lines(crystals: list[int]) -> list[str]:
    """The German settlement lines of a two-player last evening with the given crystals."""
    s = evening(blatt="kaiserwetter", abend=9)
    s.seats[0].start, s.seats[1].start = 0, 5  # Wertungsfelder 1 and 6 (no crystal fields): 1 and 6 Mark
    for p, k in zip(s.seats, crystals, strict=True):
        p.kristalle = k
    s = to_step(s, 4)
    events = []
    for seat in E.to_move(s):
        s, evs = E.apply(s, seat, {"type": "weiter"})
        events += evs
    assert s.phase == "ende"
    return [e["text"] for e in sorted(events, key=lambda e: e["seat"] or 0) if e["type"] == "abrechnung"]


def test_settlement_line_counts_crystals_in_singular_and_plural():
    one, two = _settlement_lines([1, 2])
    assert "0 Ruhm aus 1 Kristall –" in one and "Kristallen" not in one
    assert "1 Ruhm aus 2 Kristallen –" in two
    assert "0 Ruhm aus 1 Mark," in one and "1 Ruhm aus 6 Mark," in two  # Mark: the same in both numbers
    _, five = _settlement_lines([0, 5])
    assert "2 Ruhm aus 5 Kristallen –" in five


def test_settlement_line_leaves_out_nothing_from_no_crystals():
    """QA: "0 Ruhm aus 0 Kristallen" said nothing; without crystals the line names the Mark only."""
    none, _ = _settlement_lines([0, 5])
    assert none == "Abrechnung: 0 Ruhm aus 1 Mark – zusammen 0 Ruhm."


def test_last_evening_after_a_misfire_the_better_counts():
    s = evening(blatt="kaiserwetter", abend=9)
    s.seats[0].eimer = False
    s.seats[0].start = 10
    put(s, 0, "W3", "W3", "W3")  # fields 13, 16, 19: Wertungsfeld 20 (5 Ruhm, 17 Mark = 3 Ruhm)
    s.seats[1].start = 40
    s = weiter_all(to_step(s, 4))
    assert s.seats[0].ruhm == 5 + 1  # field Ruhm; crystals 1 + 1 (field 20) = 2 -> 1
    s = evening(blatt="buergermeister", abend=9)
    s.seats[0].eimer = False
    put(s, 0, "W3", "W3", "W3")  # fields 3, 6, 9: Wertungsfeld 10 (2 Ruhm, 10 + 3 Mark = 2 Ruhm): tie -> field
    s.seats[1].start = 40
    s = weiter_all(to_step(s, 4))
    assert s.abrechnung[0]["ruhm_feld"] == 2 and s.seats[0].ruhm == 2
    s = evening(blatt="buergermeister", abend=9)
    s.seats[0].eimer = False
    s.seats[0].start = -3  # a hand-made start so that the Wertungsfeld is 7 (1 Ruhm, 7 + 3 Mark = 2 Ruhm)
    put(s, 0, "W3", "W3", "W3")
    s.seats[1].start = 40
    s = weiter_all(to_step(s, 4))
    assert s.abrechnung[0]["ruhm_mark"] == 2 and s.seats[0].ruhm == 2


def test_ties_higher_last_rocket_then_crystals():
    s = evening(3, blatt="kaiserwetter", abend=9)
    for p in s.seats:
        p.kristalle = 0
    s.seats[0].start, s.seats[1].start, s.seats[2].start = 10, 12, 12
    s = weiter_all(to_step(s, 4))
    for p, r in zip(s.seats, (30, 30, 30), strict=True):
        p.ruhm = r
    s.kristalle_ende = [5, 1, 3]
    res = E.result(s)
    assert res["places"] == [3, 2, 1]
    s.kristalle_ende = [5, 3, 3]
    assert E.result(s)["places"] == [3, 1, 1]


def test_leaderboard_points():
    res = {"points": [40, 30, 20, 10], "places": [1, 2, 3, 4]}
    assert [E.leaderboard_points(res, i, 4, 600) for i in range(4)] == [70, 45, 25, 10]
    res = {"points": [40, 30, 20], "places": [1, 2, 3]}
    assert [E.leaderboard_points(res, i, 3, 600) for i in range(3)] == [70, 45, 20]
    res = {"points": [40, 30], "places": [1, 2]}
    assert [E.leaderboard_points(res, i, 2, 600) for i in range(2)] == [70, 30]
    res = {"points": [12, 12], "places": [1, 1]}
    assert [E.leaderboard_points(res, i, 2, 600) for i in range(2)] == [42, 42]
    assert E.leaderboard_points({"points": [50], "places": [1]}, 0, 1, 600) is None


def test_options():
    assert E.clean_options({}, 2) == {"kurz": False, "rezepte": "standard"}
    with pytest.raises(IllegalAction):
        E.clean_options({}, 5)
    with pytest.raises(IllegalAction):
        E.clean_options({"rezepte": "gastgeber"}, 2)
    with pytest.raises(IllegalAction):
        E.clean_options({"rezepte": "gastgeber", "auswahl": {c: 5 for c in "GBRYPS"}}, 2)
    chosen = {"G": 2, "B": 3, "R": 4, "Y": 1, "P": 2, "S": 3}
    s = E.new_game(seed=1, players=2, options={"rezepte": "gastgeber", "auswahl": chosen})
    assert s.rezepte == chosen
    assert E.new_game(seed=1, players=2, options={}).rezepte == dict.fromkeys("GBRYPS", 1)
    a = E.new_game(seed=8, players=2, options={"rezepte": "zufall"}).rezepte
    assert a == E.new_game(seed=8, players=2, options={"rezepte": "zufall"}).rezepte
    many = {tuple(E.new_game(seed=k, players=2, options={"rezepte": "zufall"}).rezepte.values()) for k in range(20)}
    assert len(many) > 10


def test_timeout_actions():
    s = evening(blatt="kaiserwetter")
    assert E.timeout_actions(s, 0) == [{"type": "aufhoeren"}]
    put(s, 0, "W3", "W3", "W3")
    assert E.timeout_actions(s, 0) == [{"type": "sand"}]
    s = to_shop(evening(blatt="kaiserwetter"))
    s.seats[0].kristalle = 4
    types = {a["type"] for a in E.timeout_actions(s, 0)}
    assert types == {"einkaufen"}


def test_illegal_actions_leave_the_state_unchanged():
    s = evening(blatt="kaiserwetter")
    before = json.dumps(E.dump(s), sort_keys=True)
    for seat, action in ((0, {"type": "weiter"}), (0, {"type": "einkaufen", "chips": []}), (5, {"type": "ziehen"})):
        with pytest.raises(IllegalAction) as err:
            E.apply(s, seat, action)
        assert err.value.message
    s = stop_all(s)
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "ziehen"})
    assert json.dumps(E.dump(evening(blatt="kaiserwetter")), sort_keys=True) == before
