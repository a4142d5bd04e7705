"""Round scoring on hand-made castles: materials, sketch bonus, prizes, progress texts, tie-breaks."""

from __future__ import annotations

import pytest

from games.burg import scoring as S
from games.burg.content import GRANIT, MUSCHELN, SEEGLAS, TREIBHOLZ

from .helpers import castle

FREE = [0] * 9  # a sketch with only dashed fields (no puddle)


def mats(spec):
    return S.material_points(castle(spec))


# ------------------------------------------------------------- Treibholz


def test_treibholz_two_points_per_orthogonal_neighbour_on_the_same_level():
    # fields 0 1 2 / 3 4 5 / 6 7 8: 1 is next to 0 and 2, 4 is diagonal to 0
    assert mats({0: "T1", 1: "T2"})[TREIBHOLZ] == 4  # 2 + 2
    assert mats({0: "T1", 1: "T2", 2: "T3"})[TREIBHOLZ] == 8  # 2 + 4 + 2
    assert mats({0: "T1", 4: "T2"})[TREIBHOLZ] == 0  # diagonal does not count


def test_treibholz_counts_the_die_below_and_above():
    assert mats({0: "T1 T2"})[TREIBHOLZ] == 4  # each has one (below / above)
    assert mats({0: "T1 T2 T3"})[TREIBHOLZ] == 8  # 2 + 4 + 2


def test_treibholz_neighbour_must_be_on_the_same_level():
    # the Treibholz on level 2 of field 0 and the one on level 1 of field 1 are not neighbours
    assert mats({0: "G1 T2", 1: "T3"})[TREIBHOLZ] == 0


def test_treibholz_info_text_from_the_rule_text():
    details = S.die_details(castle({0: "T1", 1: "T2", 2: "T3"}), FREE)
    middle = next(d for d in details if d["feld"] == 1)
    assert middle["text"] == "Treibholz mit 2 Treibholz-Nachbarn = 4 Punkte"
    assert middle["punkte"] == 4


# ---------------------------------------------------------------- Granit


def test_granit_two_times_level_minus_one():
    assert mats({0: "G1"})[GRANIT] == 1
    assert mats({0: "G1 G2"})[GRANIT] == 1 + 3
    assert mats({0: "T1 M1 G3"})[GRANIT] == 5


def test_granit_info_text_from_the_rule_text():
    details = S.die_details(castle({0: "T1 M1 G3"}), FREE)
    top = next(d for d in details if d["ebene"] == 3)
    assert top["text"] == "Granit auf Ebene 3 = 5 Punkte"


# -------------------------------------------------------------- Muscheln


def test_muschel_three_on_top_one_when_covered():
    assert mats({0: "M1"})[MUSCHELN] == 3
    assert mats({0: "M1 G2"})[MUSCHELN] == 1
    assert mats({0: "M1 M2"})[MUSCHELN] == 1 + 3


# --------------------------------------------------------------- Seeglas


@pytest.mark.parametrize("n,points", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
def test_seeglas_as_a_set(n, points):
    spec = {f: "S1" for f in range(n)}
    assert mats(spec)[SEEGLAS] == points


def test_seeglas_info_text_shows_the_set():
    details = S.die_details(castle({0: "S1", 1: "S2", 2: "S3", 3: "S4"}), FREE)
    assert {d["text"] for d in details} == {"4 Seeglas = 10 Punkte"}


def test_mixed_castle_total():
    # Treibholz on fields 0 and 1 (2 + 2), Granit on level 2 (3), Muschel on top (3), one Seeglas (1)
    c = castle({0: "T1", 1: "T1 G2", 4: "M3", 8: "S5"})
    assert S.material_points(c) == [4, 3, 3, 1]
    assert S.round_points(c, FREE) == 11


# ---------------------------------------------------------------- sketch


KREUZ = [0, 1, 0, 0, 4, 0, 0, 1, 0]  # ".1./.4./.1."


def test_sketch_hit_gives_six_extra_points_materials_do_not_matter():
    c = castle({1: "S2", 4: "T1 G2 M3 S4", 7: "M6"})
    assert S.sketch_hit(c, KREUZ)
    # Seeglas 2 -> 3, Granit level 2 -> 3, Muschel covered 1 + Muschel top 3, Treibholz alone 0
    assert S.round_points(c, KREUZ) == 6 + 3 + 3 + 1 + 3


def test_sketch_not_hit_when_a_dashed_field_is_built_or_a_height_differs():
    assert not S.sketch_hit(castle({1: "S2", 4: "T1 G2 M3 S4", 8: "M6"}), KREUZ)
    assert not S.sketch_hit(castle({1: "S2 S3", 4: "T1 G2 M3", 7: "M6"}), KREUZ)


def test_sketch_possible_until_a_field_is_too_high_or_a_die_is_lost():
    assert S.sketch_possible(castle({4: "G1 G2"}), KREUZ, 0)
    assert not S.sketch_possible(castle({0: "G1"}), KREUZ, 0)
    assert not S.sketch_possible(castle({1: "G1 G2"}), KREUZ, 0)
    assert not S.sketch_possible(castle({4: "G1"}), KREUZ, 1)


# ---------------------------------------------------------------- prizes


def progress(spec):
    return S.prize_progress(castle(spec))


def test_leuchtturm_progress_and_met():
    p = progress({0: "G1 G2 G3"})["leuchtturm"]
    assert (p["erfuellt"], p["text"]) == (False, "Leuchtturm: höchster Stapel 3/5")
    p = progress({0: "G1 G2 G3 G4 G5"})["leuchtturm"]
    assert (p["erfuellt"], p["text"]) == (True, "Leuchtturm: erfüllt")


def test_strandtreppe_progress_counts_covered_dice():
    p = progress({0: "G1 G2", 1: "T4"})["strandtreppe"]
    assert (p["erfuellt"], p["text"]) == (False, "Strandtreppe: es fehlen 3, 5")
    p = progress({0: "G1 G2", 1: "T4", 2: "T5"})["strandtreppe"]
    assert p["text"] == "Strandtreppe: es fehlt 3"
    p = progress({0: "G1 G2 G3", 1: "T4", 2: "T5"})["strandtreppe"]
    assert p["erfuellt"] and p["text"] == "Strandtreppe: erfüllt"


def test_muschelkrone_needs_three_muscheln_on_top():
    p = progress({0: "M1", 1: "M1 G2"})["muschelkrone"]
    assert (p["erfuellt"], p["text"]) == (False, "Muschelkrone: 1/3 Muscheln obenauf")
    p = progress({0: "M1", 1: "M1", 2: "G1 M2"})["muschelkrone"]
    assert p["erfuellt"] and p["text"] == "Muschelkrone: erfüllt"


def test_burgmauer_row_or_column_of_three_stacks_from_height_two():
    p = progress({0: "G1 G2", 1: "G1 G2", 2: "T1"})["burgmauer"]
    assert (p["erfuellt"], p["text"]) == (False, "Burgmauer: beste Reihe 2/3 Stapel ab Höhe 2")
    assert progress({0: "G1 G2", 1: "G1 G2", 2: "T1 T2"})["burgmauer"]["erfuellt"]  # a row
    assert progress({2: "G1 G2", 5: "G1 G2", 8: "T1 T2"})["burgmauer"]["erfuellt"]  # a column
    assert not progress({0: "G1 G2", 4: "G1 G2", 8: "T1 T2"})["burgmauer"]["erfuellt"]  # diagonal


def test_strandgut_all_four_materials():
    p = progress({0: "T1", 1: "M1", 2: "S1"})["strandgut"]
    assert (p["erfuellt"], p["text"]) == (False, "Strandgut: es fehlt Granit")
    p = progress({0: "T1", 1: "M1"})["strandgut"]
    assert p["text"] == "Strandgut: es fehlen Granit, Seeglas"
    assert progress({0: "T1", 1: "M1", 2: "S1", 3: "G1"})["strandgut"]["erfuellt"]


# ------------------------------------------------------------ the board


def board(castles, wimpel=(GRANIT, SEEGLAS), order=None):
    n = len(castles)
    return S.round_board(
        castles=[castle(c) for c in castles],
        targets=[FREE] * n,
        sketches=[1] * n,
        wimpel=list(wimpel),
        order=order or list(range(n)),
        runde=1,
    )


def test_round_ranking_and_shovels_four_players():
    b = board([{0: "G1"}, {0: "G1 G2"}, {0: "G1 G2 G3"}, {0: "M1"}])  # 1, 4, 9, 3 points
    assert [r["seat"] for r in b["rangfolge"]] == [2, 1, 3, 0]
    assert [(x["schaufel"], x["seat"]) for x in b["schaufeln"]] == [("gold", 2), ("silber", 1), ("bronze", 3)]
    # Gold 5, Silver 3, Bronze 1
    assert b["siegpunkte"] == [0, 3, 5, 1]


@pytest.mark.parametrize("n,shovels", [(2, ["gold"]), (3, ["gold", "silber"])])
def test_shovels_by_player_count(n, shovels):
    b = board([{0: "G1"} for _ in range(n)])
    assert [x["schaufel"] for x in b["schaufeln"]] == shovels


def test_tie_broken_by_first_pennant():
    # 3 points each: a Granit on level 2 (3) vs a Muschel on top (3); first pennant Granit
    b = board([{0: "M1"}, {0: "T1 G2"}])
    assert b["rangfolge"][0]["seat"] == 1
    assert b["rangfolge"][1]["gleichstand"] == "{s1} vor {s0}: mehr Würfel aus Granit (1. Wimpel), 1 zu 0."
    assert b["schaufeln"][0]["seat"] == 1


def test_tie_broken_by_second_pennant():
    # 3 points each, no Granit; second pennant Seeglas: seat 0 has two Seeglas (3 points)
    b = board([{0: "S1", 1: "S1"}, {0: "M1"}])
    assert b["rangfolge"][0]["seat"] == 0
    assert "mehr Würfel aus Seeglas (2. Wimpel), 2 zu 0" in b["rangfolge"][1]["gleichstand"]


def test_tie_broken_by_later_in_this_rounds_order():
    # identical castles; order 1, 0: seat 0 was later
    b = board([{0: "M1"}, {0: "M1"}], order=[1, 0])
    assert b["rangfolge"][0]["seat"] == 0
    assert "{s0} war in dieser Runde später dran" in b["rangfolge"][1]["gleichstand"]


def test_each_prize_once_higher_stack_wins_leuchtturm():
    b = board([{0: "T1 T2 T3 T4 T5"}, {0: "T1 T2 T3 T4 T5 T6"}])
    lt = next(p for p in b["preise"] if p["preis"] == "leuchtturm")
    assert lt["erfuellt"] == [0, 1] and lt["seat"] == 1
    assert lt["gruende"] == ["{s1} vor {s0}: höherer Stapel, 6 zu 5."]


def test_muschelkrone_more_muscheln_then_tie_break():
    b = board([{0: "M1", 1: "M1", 2: "M1", 3: "M1"}, {0: "M1", 1: "M1", 2: "M1", 3: "G1"}])
    mk = next(p for p in b["preise"] if p["preis"] == "muschelkrone")
    assert mk["seat"] == 0  # 4 on top beats 3, although seat 1 has the Granit
    b = board([{0: "M1", 1: "M1", 2: "M1"}, {0: "M1", 1: "M1", 2: "M1", 3: "G1"}])
    mk = next(p for p in b["preise"] if p["preis"] == "muschelkrone")
    assert mk["seat"] == 1 and "Granit (1. Wimpel), 1 zu 0" in mk["gruende"][0]


def test_prize_among_several_by_tie_break_and_three_siegpunkte():
    # both meet Strandgut; seat 0 has two Granit (first pennant)
    b = board([{0: "T1", 1: "G1", 2: "M1", 3: "S1", 4: "G1"}, {0: "T1", 1: "G1", 2: "M1", 3: "S1"}])
    sg = next(p for p in b["preise"] if p["preis"] == "strandgut")
    assert sg["seat"] == 0
    # seat 0: points 0 + 1 + 1 + 3 + 1 = 6 vs 5 -> Gold (5) + Strandgut (3)
    assert b["siegpunkte"] == [8, 0]


def test_one_castle_may_win_several_prizes():
    c = {0: "G1 G2", 1: "M3 M4", 2: "T5 S5"}  # a row of three 2-stacks, pips 1-5, all four materials
    b = board([c, {0: "G1"}])
    won = [p["preis"] for p in b["preise"] if p["seat"] == 0]
    assert won == ["strandtreppe", "burgmauer", "strandgut"]


def test_solo_board_rekordpunkte_castle_points_plus_five_per_prize():
    b = S.round_board(
        castles=[castle({0: "T1", 1: "G1", 2: "M1", 3: "S1"})],
        targets=[FREE],
        sketches=[1],
        wimpel=[GRANIT, SEEGLAS],
        order=[0],
        runde=1,
    )
    # 0 + 1 + 3 + 1 = 5 points, Strandgut met: 5 + 5
    assert b["schaufeln"] == []
    assert b["rekordpunkte"] == 10
    assert b["siegpunkte"] == [0]
