"""One test (or a few) per rule of the Speedburg rule text and supplement."""

from __future__ import annotations

import json

import pytest

from games.burg import content
from games.burg import engine as E
from games.burg.content import Sketch
from games.core.protocol import IllegalAction

from .helpers import act, open_discard, situation

# sketch 3 "Strandmauer": 222 / ... / ...   sketch 10 "Möwennest": ~~~ / .3. / .3.
MAUER, MOEWE = 3, 10


# ------------------------------------------------------------ material


def test_32_dice_eight_per_material():
    s = E.new_game(seed=1, players=3, options={})
    assert sorted(E.all_dice(s)) == list(range(32))
    assert [sum(1 for i in range(32) if content.material(i) == m) for m in range(4)] == [8, 8, 8, 8]
    assert content.MATERIAL_NAMES == ("Treibholz", "Granit", "Muscheln", "Seeglas")


def test_24_sketches_sum_six_with_up_to_three_puddles():
    assert sorted(content.SKETCHES) == list(range(1, 25))
    names = {sk.name for sk in content.SKETCHES.values()}
    assert len(names) == 24
    assert len({sk.rows for sk in content.SKETCHES.values()}) == 24
    for sk in content.SKETCHES.values():
        t = sk.targets
        assert len(t) == 9
        assert sum(x for x in t if x > 0) == 6
        assert 0 <= t.count(content.PUDDLE) <= 3
        assert max(t) >= 2 and max(t) <= 5


# --------------------------------------------------------------- setup


@pytest.mark.parametrize("players,size", [(1, 5), (2, 8), (3, 9), (4, 7)])
def test_auslage_size_by_player_count(players, size):
    s = E.new_game(seed=4, players=players, options={})
    assert len(s.auslage) == size
    assert len(s.bag) == 32 - 2 - size


def test_auslage_sorted_by_pips():
    for seed in range(10):
        s = E.new_game(seed=seed, players=3, options={})
        pips = [d[1] for d in s.auslage]
        assert pips == sorted(pips)


def test_pennants_two_different_materials_and_out_of_the_bag():
    for seed in range(40):
        s = E.new_game(seed=seed, players=2, options={})
        a, b = s.wimpel
        assert content.material(a) != content.material(b)
        assert a not in s.bag and b not in s.bag
        assert a not in [d[0] for d in s.auslage]


def test_every_seat_gets_a_different_sketch_and_none_comes_twice_in_a_game():
    s = E.new_game(seed=2, players=4, options={"skizzenwahl": "zwei"})
    assert s.phase == "skizze"
    assert all(len(a) == 2 for a in s.angebot)
    assert len(set(s.gezogen)) == 8
    s = E.new_game(seed=2, players=4, options={})
    assert s.phase == "bauen" and len(set(s.skizze)) == 4


def test_start_player_of_round_one_is_drawn():
    starts = {E.new_game(seed=seed, players=4, options={}).order[0] for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    s = E.new_game(seed=5, players=3, options={})
    assert s.order == [(s.start1 + i) % 3 for i in range(3)]


def test_round_one_starts_with_a_line_of_pennants_auslage_and_the_drawn_start_player():
    # no action starts round 1, so the game's opening line comes with the state (and its view), made as the
    # lines of rounds 2 and 3, the same for the same seed
    s = E.new_game(seed=5, players=3, options={})
    (event,) = s.eroeffnung
    dice = ", ".join(f"{content.MATERIAL_SINGULAR[d[0] // 8]} {d[1]}" for d in s.auslage)
    pennants = " und ".join(content.MATERIAL_NAMES[w // 8] for w in s.wimpel)
    assert event["type"] == "runde" and event["seat"] is None and event["runde"] == 1
    assert event["startspieler"] == s.start1 == s.order[0]
    assert event["text"] == (
        f"Runde 1 beginnt. Wimpel des Tages: {pennants}. Auslage: {dice}. Ausgelost beginnt {{s{s.start1}}}."
    )
    assert E.new_game(seed=5, players=3, options={}).eroeffnung == s.eroeffnung
    assert E.view(s, None)["eroeffnung"] == E.view(s, 0)["eroeffnung"] == s.eroeffnung
    assert E.load(json.loads(json.dumps(E.dump(s)))).eroeffnung == s.eroeffnung
    # alone nobody is drawn; a state stored before the line existed loads without it
    (alone,) = E.new_game(seed=5, players=1, options={}).eroeffnung
    assert alone["text"].startswith("Runde 1 beginnt.") and "Ausgelost" not in alone["text"]
    old = E.dump(s)
    del old["eroeffnung"]
    assert E.load(old).eroeffnung == []


def test_options_are_checked():
    with pytest.raises(IllegalAction):
        E.clean_options({"skizzenwahl": "drei"}, 2)
    with pytest.raises(IllegalAction):
        E.clean_options({"bauen": "halb"}, 2)
    with pytest.raises(IllegalAction):
        E.clean_options({"modus": "tagesstrand"}, 2)
    with pytest.raises(IllegalAction):
        E.clean_options({}, 5)
    assert E.clean_options({}, 1)["modus"] == "rekordjagd"


# ------------------------------------------------------ sketch choice


def test_two_draw_one_keep_is_simultaneous_and_sees_the_auslage():
    s = E.new_game(seed=3, players=3, options={"skizzenwahl": "zwei"})
    assert E.to_move(s) == [0, 1, 2]
    v = E.view(s, 1)
    assert len(v["auslage"]) == 9 and [x["nr"] for x in v["angebot"]] == s.angebot[1]
    assert v["spieler"][0]["skizze"] is None
    s1 = act(s, 2, {"type": "skizze", "skizze": s.angebot[2][1]})
    assert E.to_move(s1) == [0, 1]
    assert E.view(s1, 0)["spieler"][2]["skizze"] is None  # hidden until the scoring
    with pytest.raises(IllegalAction, match="schon gewählt"):
        E.apply(s1, 2, {"type": "skizze", "skizze": s.angebot[2][0]})
    with pytest.raises(IllegalAction):
        E.apply(s1, 0, {"type": "skizze", "skizze": s.angebot[1][0]})  # not offered to seat 0
    s2 = act(
        act(s1, 0, {"type": "skizze", "skizze": s.angebot[0][0]}), 1, {"type": "skizze", "skizze": s.angebot[1][0]}
    )
    assert s2.phase == "bauen" and s2.skizze == [s.angebot[0][0], s.angebot[1][0], s.angebot[2][1]]
    assert E.to_move(s2) == [s2.order[0]]


def test_with_open_building_the_log_names_the_kept_sketches_only_once_everybody_has_chosen():
    s = E.new_game(seed=3, players=2, options={"skizzenwahl": "zwei", "bauen": "offen"})
    s1, events = E.apply(s, 1, {"type": "skizze", "skizze": s.angebot[1][1]})
    assert [e["text"] for e in events] == ["hat eine Skizze gewählt."]
    name = E.SKETCHES[s.angebot[1][1]].name
    assert not any(name in e["text"] for e in events)
    s2, events = E.apply(s1, 0, {"type": "skizze", "skizze": s.angebot[0][0]})
    texts = [(e["seat"], e["text"]) for e in events]
    assert texts[:2] == [(0, "hat eine Skizze gewählt."), (None, "Alle haben ihre Skizze. Es wird gebaut.")]
    assert texts[2:] == [
        (0, f"hat die Skizze „{E.SKETCHES[s.angebot[0][0]].name}“ gewählt."),
        (1, f"hat die Skizze „{name}“ gewählt."),
    ]
    # hidden building: the sketches stay behind the Windschutz
    h = E.new_game(seed=3, players=2, options={"skizzenwahl": "zwei", "bauen": "verdeckt"})
    h1, _ = E.apply(h, 1, {"type": "skizze", "skizze": h.angebot[1][1]})
    _, events = E.apply(h1, 0, {"type": "skizze", "skizze": h.angebot[0][0]})
    assert not any("hat die Skizze" in e["text"] for e in events)


# ------------------------------------------------------------ building


def legal_fields(s, seat, die_id):
    return sorted(a["feld"] for a in E.legal_actions(s, seat) if a["wuerfel"] == die_id and a["type"] == "bauen")


def test_build_on_a_free_field_or_a_die_with_equal_or_fewer_pips():
    # field 0 shows a 3 on top; fields 1..8 are free (Strandmauer has no puddle)
    s = situation(castles={0: {0: "G3"}}, auslage="T2 T3 T4", sketches={0: MAUER}, order=[0, 1], turn=0)
    ids = {d[1]: d[0] for d in s.auslage}
    assert legal_fields(s, 0, ids[2]) == [1, 2, 3, 4, 5, 6, 7, 8]  # a 2 may not go on a 3
    assert legal_fields(s, 0, ids[3]) == list(range(9))  # a 3 on a 3
    assert legal_fields(s, 0, ids[4]) == list(range(9))  # a 4 on a 3


def test_puddles_are_blocked():
    s = situation(auslage="T2", sketches={0: MOEWE}, order=[0, 1], turn=0)
    assert legal_fields(s, 0, s.auslage[0][0]) == [3, 4, 5, 6, 7, 8]
    with pytest.raises(IllegalAction, match="Pfütze"):
        E.apply(s, 0, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 0})


def test_illegal_build_is_refused_in_german_and_leaves_the_state():
    s = situation(castles={0: {0: "G5"}}, auslage="T2", sketches={0: MAUER}, order=[0, 1], turn=0)
    before = E.dump(s)
    with pytest.raises(IllegalAction, match="nur auf gleiche oder kleinere Augenzahl"):
        E.apply(s, 0, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 0})
    with pytest.raises(IllegalAction, match="nicht am Zug"):
        E.apply(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 1})
    with pytest.raises(IllegalAction, match="nicht in der Auslage"):
        E.apply(s, 0, {"type": "bauen", "wuerfel": 31, "feld": 1})
    with pytest.raises(IllegalAction, match="Unbekannter Zug"):
        E.apply(s, 0, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 1, "mehr": 1})
    with pytest.raises(IllegalAction, match="Feld gibt es nicht"):
        E.apply(s, 0, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 9})
    with pytest.raises(IllegalAction, match="bauen statt verlieren"):
        E.apply(s, 0, {"type": "verlieren", "wuerfel": s.auslage[0][0]})
    with pytest.raises(IllegalAction):
        E.apply(s, 0, "bauen")
    assert E.dump(s) == before


def test_built_dice_never_move_and_keep_their_pips():
    s = situation(auslage="T2 G6", sketches={0: MAUER}, order=[0, 1], turn=0)
    t2 = next(d for d in s.auslage if d[1] == 2)
    s1 = act(s, 0, {"type": "bauen", "wuerfel": t2[0], "feld": 4})
    assert s1.burgen[0][4] == [t2]
    assert all(a["type"] in ("bauen", "verlieren", "ablegen") for a in E.legal_actions(s1, 0))


def test_a_die_that_fits_nowhere_may_be_taken_and_is_lost(monkeypatch):
    # a test sketch with only two buildable fields (4 and 7)
    monkeypatch.setitem(content.SKETCHES, 99, Sketch(99, "Test", ("~~~", "~.~", "~.~")))
    s = situation(castles={0: {4: "G5", 7: "G6"}}, auslage="T4 T5", sketches={0: 99}, order=[0, 1], turn=4)
    t4 = next(d for d in s.auslage if d[1] == 4)
    t5 = next(d for d in s.auslage if d[1] == 5)
    legal = E.legal_actions(s, 0)
    assert {"type": "verlieren", "wuerfel": t4[0]} in legal
    assert {"type": "verlieren", "wuerfel": t5[0]} not in legal  # a 5 fits on the 5
    assert {"type": "bauen", "wuerfel": t5[0], "feld": 4} in legal
    s1 = act(s, 0, {"type": "verlieren", "wuerfel": t4[0]})
    assert s1.verloren[0] == [t4] and E.used(s1, 0) == 3  # counts as one of the six
    assert sorted(E.all_dice(s1)) == list(range(32))


def test_refill_one_die_after_each_build():
    s = E.new_game(seed=8, players=3, options={})
    seat = E.to_move(s)[0]
    bag = len(s.bag)
    s1, events = E.apply(s, seat, E.legal_actions(s, seat)[0])
    assert len(s1.auslage) == 9 and len(s1.bag) == bag - 1
    assert [e["type"] for e in events] == ["bauen", "nachlegen"]
    assert E.to_move(s1) == [s.order[1]]


def test_two_players_discard_a_second_die_then_two_new_come():
    s = E.new_game(seed=8, players=2, options={})
    seat = E.to_move(s)[0]
    s1 = act(s, seat, E.legal_actions(s, seat)[0])
    assert s1.step == "ablegen" and E.to_move(s1) == [seat] and len(s1.auslage) == 7
    legal = E.legal_actions(s1, seat)
    assert sorted(a["wuerfel"] for a in legal) == sorted(d[0] for d in s1.auslage)
    assert all(a["type"] == "ablegen" for a in legal)
    gone = legal[-1]["wuerfel"]
    s2 = act(s1, seat, legal[-1])
    assert [d[0] for d in s2.abgelegt] == [gone]
    assert len(s2.auslage) == 8 and len(s2.bag) == len(s.bag) - 2
    assert E.to_move(s2) == [1 - seat]


def test_no_refill_and_no_discard_after_the_rounds_last_build():
    castles = {
        0: {0: "G1", 1: "G1", 2: "G1", 3: "G1", 4: "G1", 5: "G1"},
        1: {0: "T1", 1: "T1", 2: "T1", 3: "T1", 4: "T1"},
    }
    s = situation(castles=castles, auslage="M2 M3 M4 M5 M6 S1", sketches={0: MAUER, 1: MAUER}, order=[0, 1])
    assert s.turn == 11 and E.to_move(s) == [1]
    m2 = s.auslage[0]
    s1, events = E.apply(s, 1, {"type": "bauen", "wuerfel": m2[0], "feld": 8})
    assert s1.phase == "wertung"
    assert "nachlegen" not in [e["type"] for e in events]
    assert [d for d in s1.auslage if d == m2] == []


def test_full_round_six_dice_each_and_three_rounds():
    for players in (1, 2, 3, 4):
        s = E.new_game(seed=players, players=players, options={})
        rounds_used = []
        while not E.is_over(s):
            seat = E.to_move(s)[0]
            legal = E.legal_actions(s, seat)
            s = act(s, seat, legal[len(legal) // 2])
            if s.phase in ("wertung", "ende") and len(rounds_used) < len(s.wertungen):
                rounds_used.append([E.used(s, p) for p in range(players)])
        assert rounds_used == [[6] * players] * 3
        assert all(len(r) == 3 for r in s.rundenpunkte)


# ------------------------------------------------------- round scoring


def last_build_state(players=2, opts=None):
    """Seat 1 makes the round's last build; seat 0 has Granit stacks, seat 1 Treibholz."""
    castles = {0: {0: "G1 G2", 1: "G1 G2", 2: "G1 G2"}, 1: {0: "T1", 1: "T1", 2: "T1", 3: "T1", 4: "T1"}}
    return situation(
        players,
        options=opts or {},
        castles=castles,
        auslage="M2 M3 M4 M5 S6",
        sketches={0: MAUER, 1: MAUER},
        order=[0, 1],
    )


def test_round_scoring_board_then_simultaneous_weiter_and_fewest_points_start():
    s = last_build_state()
    m2 = s.auslage[0]
    s1 = act(s, 1, {"type": "bauen", "wuerfel": m2[0], "feld": 8})
    board = s1.wertungen[0]
    # seat 0: Strandmauer 2/2/2 hit (+6), Granit 1+3 three times = 12 -> 18; Burgmauer
    # seat 1: T on 0,1,2,3,4: 0-1, 1-2, 0-3, 1-4, 3-4 are neighbour pairs -> 5 pairs x 4 = 20; Muschel 3 -> 23
    assert [r["summe"] for r in board["burgen"]] == [18, 23]
    assert board["burgen"][0]["skizze_getroffen"]
    assert board["schaufeln"] == [{"schaufel": "gold", "name": "Goldene Schaufel", "seat": 1, "sp": 5}]
    assert [p["preis"] for p in board["preise"] if p["seat"] == 0] == ["burgmauer"]
    assert s1.sp == [3, 5]
    assert E.to_move(s1) == [0, 1]
    assert s1.treffer == [[MAUER], []]
    s2 = act(s1, 1, {"type": "weiter"})
    assert E.to_move(s2) == [0] and s2.runde == 1
    with pytest.raises(IllegalAction, match="Weiter"):
        E.apply(s2, 1, {"type": "weiter"})
    s3 = act(s2, 0, {"type": "weiter"})
    assert s3.runde == 2 and s3.phase == "bauen"
    assert s3.order == [0, 1]  # seat 0 had the fewest points
    assert sorted(E.all_dice(s3)) == list(range(32)) and all(E.used(s3, p) == 0 for p in (0, 1))


def test_start_player_with_equal_points_is_the_loser_of_the_tie_break():
    castles = {0: {0: "M1"}, 1: {0: "M1"}}
    s = situation(castles=castles, auslage="G2 G3", sketches={0: MAUER, 1: MAUER}, order=[1, 0], turn=11)
    # pretend both castles are complete: the board only needs the castles
    E._score_round(s, [])
    # equal points, no pennant dice: seat 0 was later in the order and wins the tie
    assert [r["seat"] for r in s.wertungen[0]["rangfolge"]] == [0, 1]
    s = act(act(s, 0, {"type": "weiter"}), 1, {"type": "weiter"})
    assert s.order == [1, 0]


def test_lost_dice_count_for_nothing():
    # seat 0 lost a Granit and a Seeglas: no points, no Strandgut, no pennant tie-break
    castles = {0: {0: "T1", 1: "M1"}, 1: {0: "M1"}}
    s = situation(castles=castles, lost={0: "G1 S1"}, sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=11)
    E._score_round(s, [])
    board = s.wertungen[0]
    assert [r["summe"] for r in board["burgen"]] == [3, 3]
    assert board["burgen"][0]["wimpel"] == [0, 0]  # pennants Granit, Seeglas
    assert all(p["seat"] is None for p in board["preise"])
    # equal points and pennant counts: seat 1 was later in the order
    assert board["rangfolge"][0]["seat"] == 1


def test_the_third_round_ends_the_game():
    s = last_build_state()
    s.runde = 3
    s1 = act(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 8})
    assert E.is_over(s1) and E.to_move(s1) == []
    assert E.result(s1)["siegpunkte"] == [3, 5]


def test_final_ties_more_prizes_then_gold_silver_bronze_else_shared():
    s = E.new_game(seed=1, players=4, options={})
    s.phase = "ende"
    s.sp = [10, 10, 10, 10]
    s.preise = [["leuchtturm", "strandgut"], ["strandgut"], ["strandgut"], ["strandgut"]]
    s.schaufeln = [[], ["gold"], ["silber", "silber"], ["silber", "silber"]]
    r = E.result(s)
    assert r["places"] == [1, 2, 3, 3]
    s.schaufeln = [[], ["silber"], ["silber", "bronze"], ["silber"]]
    assert E.result(s)["places"] == [1, 3, 2, 3]


def test_result_names_the_sketches_hit_for_the_skizzenbuch():
    s = last_build_state()
    s.runde = 3
    s.treffer = [[7], []]
    s1 = act(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 8})
    assert E.result(s1)["skizzen_getroffen"] == [[MAUER, 7], []]


# ----------------------------------------------------------- Bestenliste


def finished(players, sp, places_, level=None):
    return {"siegpunkte": sp, "places": places_, "computerstaerke": level, "solo": False, "points": sp}


def test_bestenliste_ten_per_siegpunkt_plus_place_bonus():
    r = finished(2, [12, 7], [1, 2])
    assert E.leaderboard_points(r, 0, 2, 600) == 120 + 50
    assert E.leaderboard_points(r, 1, 2, 600) == 70
    r = finished(3, [12, 7, 3], [1, 2, 3])
    assert [E.leaderboard_points(r, p, 3, 600) for p in range(3)] == [170, 95, 30]
    r = finished(4, [12, 7, 3, 1], [1, 2, 3, 4])
    assert [E.leaderboard_points(r, p, 4, 600) for p in range(4)] == [170, 95, 40, 10]


def test_bestenliste_factor_by_computer_strength():
    assert E.leaderboard_points(finished(2, [10, 0], [1, 2], "leicht"), 0, 2, 600) == 90  # 150 x 0.6
    assert E.leaderboard_points(finished(2, [10, 0], [1, 2], "normal"), 0, 2, 600) == 150
    assert E.leaderboard_points(finished(2, [10, 0], [1, 2], "stark"), 0, 2, 600) == 180  # 150 x 1.2


def test_bot_level_option_reaches_the_result():
    s = E.new_game(seed=1, players=2, options={"bot_level": "stark"})
    assert E.result(s)["computerstaerke"] == "stark" and E.result(s)["faktor"] == 1.2


def test_solo_never_counts_for_the_bestenliste():
    s = E.new_game(seed=1, players=1, options={"modus": "tagesstrand"})
    assert E.leaderboard_points(E.result(s), 0, 1, 600) is None


# ------------------------------------------------------------ Windschutz


def test_hidden_building_shows_only_the_count_of_dice():
    s = situation(castles={0: {0: "G1"}, 1: {3: "T2 T3"}}, auslage="M4", sketches={0: MAUER, 1: MAUER}, order=[1, 0])
    v = E.view(s, 0)
    other = v["spieler"][1]
    assert other["wuerfel"] == 2
    assert other["burg"] is None and other["skizze"] is None and other["punkte"] is None
    assert v["spieler"][0]["burg"][0] == [s.burgen[0][0][0]]
    assert v["wimpel"][0]["verbaut"] == [1, None]  # Granit is the first pennant
    spectator = E.view(s, None)
    assert all(p["burg"] is None for p in spectator["spieler"])


def test_hidden_build_event_names_no_field():
    s = situation(auslage="M4", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=0)
    _, events = E.apply(s, 0, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 4})
    assert events[0]["text"] == "nimmt Muschel 4." and "feld" not in events[0]


def test_open_building_shows_every_castle_and_names_the_field():
    s = situation(
        options={"bauen": "offen"},
        castles={1: {3: "T2 T3"}},
        auslage="M4",
        sketches={0: MAUER, 1: MAUER},
        order=[0, 1],
        turn=2,
    )
    v = E.view(s, 0)
    assert v["spieler"][1]["burg"][3] == s.burgen[1][3]
    assert v["spieler"][1]["skizze"]["nr"] == MAUER
    _, events = E.apply(s, 0, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 4})
    assert events[0]["text"] == "baut Muschel 4 auf Feld 5 (Ebene 1)."


def test_castles_show_at_the_scoring():
    s = last_build_state()
    s1 = act(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 8})
    v = E.view(s1, 0)
    assert v["spieler"][1]["burg"] is not None and v["wertung"]["runde"] == 1


def test_discard_hint_marks_the_die_that_gives_the_opponent_most():
    # open building, seat 0 discards; seat 1 has Treibholz on 0 and 2: a Treibholz on 1 brings 2+2+4 = 8
    s = open_discard()
    t1 = next(d for d in s.auslage if content.material(d[0]) == content.TREIBHOLZ)
    hint = E.view(s, 0)["ablegen_hinweis"]
    assert hint["gegner"] == 1 and hint["rot"] == t1[0]
    assert hint["je_wuerfel"][str(t1[0])]["beste"]["punkte"] == 8
    # hidden building: no hint, the castle is not known
    s.options = {**s.options, "bauen": "verdeckt"}
    assert E.view(s, 0)["ablegen_hinweis"] is None


# ------------------------------------------------------------------ solo


def test_solo_three_castles_from_an_auslage_of_five_without_shovels():
    s = E.new_game(seed=11, players=1, options={"modus": "tagesstrand"})
    assert len(s.auslage) == 5 and s.order == [0]
    bag = len(s.bag)
    s1 = act(s, 0, E.legal_actions(s, 0)[0])
    assert len(s1.auslage) == 5 and len(s1.bag) == bag - 1
    while not E.is_over(s1):
        s1 = act(s1, 0, E.legal_actions(s1, 0)[-1])
    r = E.result(s1)
    assert r["schaufeln"] == [[]] and r["modus"] == "tagesstrand"
    per_round = [b["burgen"][0]["summe"] + 5 * sum(1 for p in b["preise"] if p["seat"] == 0) for b in s1.wertungen]
    assert r["points"] == [sum(per_round)] == [r["rekordpunkte"]]


def test_solo_same_seed_gives_the_same_throws_whatever_is_built():
    def throws(pick):
        s = E.new_game(seed=21, players=1, options={"modus": "tagesstrand"})
        seen = [list(s.wimpel), [d[:] for d in s.auslage]]
        while not E.is_over(s):
            legal = E.legal_actions(s, 0)
            s, events = E.apply(s, 0, legal[pick(len(legal))])
            seen += [e["wuerfel"] for e in events if e["type"] == "nachlegen"]
        return seen

    assert throws(lambda n: 0) == throws(lambda n: n - 1)


# ------------------------------------------------------- clock and misc


def test_timeout_actions_and_clocks():
    s = E.new_game(seed=1, players=2, options={})
    seat = E.to_move(s)[0]
    assert E.timeout_actions(s, seat) == E.legal_actions(s, seat)
    assert E.decision_seconds(s, 60) == 60 and E.decision_seconds(s, None) is None
    s = last_build_state()
    s1 = act(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 8})
    assert E.timeout_actions(s1, 0) == [{"type": "weiter"}]
    assert E.decision_seconds(s1, 20) == 30 and E.decision_seconds(s1, 90) == 90
    assert E.decision_seconds(s1, None) is None


def test_dump_load_is_json():
    s = last_build_state()
    s1 = act(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 8})
    data = json.loads(json.dumps(E.dump(s1)))
    assert E.dump(E.load(data)) == E.dump(s1)
