"""Previews on a view: what a die would bring (hover, info window, the red die)."""

from __future__ import annotations

from games.burg import engine as E
from games.burg import preview as P
from games.core.text import german

from .helpers import castle, situation

FREE = [0] * 9
MAUER = 3  # 222 / ... / ...


def test_placement_preview_points_sketch_and_prizes():
    c = castle({0: "G1", 1: "G1 G2", 2: "T1 T2"})
    # Granit 3 onto field 0: level 2 = 3 points and the sketch 222 is hit (+6);
    # Burgmauer: row 0 gets its third 2-stack
    p = P.placement(c, [2, 2, 2, 0, 0, 0, 0, 0, 0], 0, [9 + 4, 3], 0)
    assert p["punkte"] == 3 + 6
    assert p["skizze_getroffen"] and p["skizze_moeglich"]
    assert p["neue_preise"] == ["burgmauer"]
    assert "Burgmauer: erfüllt" in p["preise"]
    assert c[0] == [[8, 1]]  # the castle is left as it was


def test_placement_on_a_dashed_field_makes_the_sketch_impossible():
    c = castle({0: "G1"})
    p = P.placement(c, [2, 2, 2, 0, 0, 0, 0, 0, 0], 0, [9, 4], 4)
    assert p["punkte"] == 1 and not p["skizze_moeglich"]


def test_die_info_for_a_visible_castle_and_none_for_a_hidden_one():
    s = situation(castles={0: {0: "T1"}}, auslage="T3", sketches={0: MAUER, 1: MAUER}, order=[0, 1], turn=1)
    v = E.view(s, 0)
    info = P.die_for_castle(v["spieler"][0], s.auslage[0])
    # a Treibholz next to (or on) the Treibholz on field 0 brings 4; best is field 2 of the wall (keeps the sketch)
    assert info["plaetze"] == 9 and info["beste"]["punkte"] == 4
    assert info["text"].startswith("Treibholz 3: passt auf 9 Plätze; am besten Feld ")
    assert P.die_for_castle(v["spieler"][1], s.auslage[0]) is None


def test_one_point_and_one_pip_are_singular():
    summary = P.die_summary(
        [9, 4], [{"feld": 4, "punkte": 1, "neue_preise": [], "skizze_moeglich": True, "preise_msg": []}]
    )
    assert "am besten Feld 5: +1 Punkt;" in german(summary["msg"])
    from games.burg.page_parts import die_public_info

    info = die_public_info([9, 1], [])
    assert " · 1 Auge\n" in info and info.endswith("höchstens 1 Auge")
    assert " · 3 Augen\n" in die_public_info([9, 3], [])


def test_events_are_german_sentences():
    s = E.new_game(seed=2, players=2, options={})
    seat = E.to_move(s)[0]
    s1, ev1 = E.apply(s, seat, E.legal_actions(s, seat)[0])
    s2, ev2 = E.apply(s1, seat, E.legal_actions(s1, seat)[0])
    assert ev1[0]["text"].startswith("nimmt ")
    assert ev2[0]["text"].startswith("legt ") and ev2[0]["text"].endswith(" ab.")
    assert ev2[1]["type"] == "nachlegen" and ev2[1]["text"].startswith("Neu in der Auslage: ")
