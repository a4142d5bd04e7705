"""Speedkleister rules: one test per sentence of the rule text and the SUPPLEMENT (see RULES.md)."""

from __future__ import annotations

import json

import pytest

from games.core.protocol import IllegalAction
from games.core.text import german
from games.kleister import engine as E

from .conftest import make_state

B = 0  # a card 0 is a Kleisterbürste (RULES.md section 1)
S = 14  # "Bürsten allein … zählen höher als die 13": a Sonderausgabe has the value 14


def kleben(st, seat, rank, count, brushes=0):
    return E.apply(st, seat, {"type": "kleben", "rank": rank, "count": count, "brushes": brushes})


def do(st, seat, kind, **extra):
    return E.apply(st, seat, {"type": kind, **extra})


def hand(st, seat):
    return [c for c in range(14) for _ in range(st.hands[seat][c])]


def tops(st):
    return [col[-1] if col else None for col in st.columns]


# --------------------------------------------------------------------------- module


def test_module_constants():
    assert (E.SLUG, E.NAME, E.MIN_PLAYERS, E.MAX_PLAYERS) == ("kleister", "Speedkleister", 2, 5)


# --------------------------------------------------------------------------- Die Plakate


def test_13_poster_ranks_with_german_names_in_rank_order():
    # "Es gibt 13 Plakatsorten, jede 8-mal, nach Rang geordnet: 1 Katze entlaufen, … 13 Luftschiff-Rundflug."
    assert E.POSTERS[1:] == (
        "Katze entlaufen",
        "Zimmer frei",
        "Tanztee",
        "Kohlenhandel",
        "Seifenreklame",
        "Turnfest",
        "Pferderennen",
        "Lichtspielhaus",
        "Varieté",
        "Operette",
        "Karnevalssitzung",
        "Messe",
        "Luftschiff-Rundflug",
    )


@pytest.mark.parametrize("brushes", [3, 5, 7])
def test_each_poster_8_times_plus_brushes(brushes):
    # "jede 8-mal … Dazu kommen 5 Kleisterbürsten (Hausregel: 3 oder 7)."
    st = E.new_game(seed=4, players=3, options={"buersten": brushes})
    counts = [0] * 14
    for h in st.hands:
        for c in range(14):
            counts[c] += h[c]
    for c in st.karren + st.druckerei:
        counts[c] += 1
    assert counts == [brushes] + [8] * 13


def test_default_is_5_brushes():
    assert E.default_options()["buersten"] == 5
    assert E.totals(E.clean_options({}, 2))[B] == 5


def test_brush_takes_the_value_two_eights_and_a_brush_are_three_eights():
    # "Eine Bürste passt zu jedem Plakat und nimmt dessen Wert an: zwei Achter und eine Bürste sind drei Achter."
    st = make_state(hands={0: [8, 8, B, 1]}, columns={1: [[7, 3, 0]], 2: [[9, 3, 0]]})
    st, _ = kleben(st, 0, 8, 2, 1)
    assert st.columns[0][-1] == [8, 2, 1]
    assert st.phase == "nehmen" and st.covered == 1  # 3× 7 is covered, 3× 9 not


def test_brush_fits_every_poster():
    st = make_state(hands={0: [1, 5, 13, B]})
    legal = E.legal_actions(st, 0)
    for rank in (1, 5, 13):
        assert {"type": "kleben", "rank": rank, "count": 1, "brushes": 1} in legal


def test_sonderausgabe_ranks_above_13():
    # "Bürsten allein sind die „Sonderausgabe“ – sie zählen höher als die 13 …"
    st = make_state(hands={0: [B, B, 1]}, columns={1: [[13, 2, 0]]})
    st, ev = kleben(st, 0, S, 0, 2)
    assert st.columns[0][-1] == [S, 0, 2]
    assert st.covered == 1
    assert "Sonderausgabe" in ev[0]["text"]


def test_sonderausgabe_cannot_be_covered_not_even_by_a_sonderausgabe():
    # "… und können nicht überklebt werden." SUPPLEMENT: "nothing covers it, not even another Sonderausgabe."
    st = make_state(hands={0: [B, B, 1], 1: [1]}, columns={1: [[S, 0, 2]]})
    st, _ = kleben(st, 0, S, 0, 2)
    assert st.phase == "kleben" and st.active == 1
    assert st.columns[1] == [[S, 0, 2]]


def test_sonderausgabe_covers_same_size_groups_like_rank_14():
    # SUPPLEMENT: "A Sonderausgabe covers same-size groups like a rank 14"
    st = make_state(hands={0: [B, 1]}, columns={1: [[13, 1, 0]], 2: [[12, 2, 0]]})
    st, ev = kleben(st, 0, S, 0, 1)
    assert st.covered == 1 and st.queue == []
    assert ev[0]["covered"] == [1]


def test_brushes_count_for_group_size_and_points():
    # SUPPLEMENT: "Brushes count as cards for points and group size."
    st = make_state(hands={0: [8, B, 1]}, columns={1: [[6, 2, 0]]})
    st, _ = kleben(st, 0, 8, 1, 1)
    assert st.covered == 1
    assert E.breakdown(st, 0)["saeule"] == 2


@pytest.mark.parametrize(("spielart", "size"), [("normal", 13), ("kurz", 10)])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hand_size(spielart, size, players):
    # "Jeder bekommt 13 Plakate auf die Hand (Spielart Kurz: 10)."
    st = E.new_game(seed=players, players=players, options={"spielart": spielart})
    assert [sum(h) for h in st.hands] == [size] * players


@pytest.mark.parametrize(("karren", "players"), [(4, 2), (6, 3), (8, 5), (6, 5)])
def test_karren_open_rest_is_druckerei(karren, players):
    # "6 Plakate liegen offen im Plakatkarren (Hausregel: 4 oder 8), der Rest bildet verdeckt die Druckerei."
    st = E.new_game(seed=9, players=players, options={"karren": karren})
    assert len(st.karren) == karren
    assert len(st.druckerei) == 104 + 5 - 13 * players - karren
    view = E.view(st, 0)
    assert view["karren"] == st.karren
    assert view["druckerei"] == len(st.druckerei)


def test_dealing_depends_only_on_seed():
    a = E.new_game(seed=77, players=4, options={})
    b = E.new_game(seed=77, players=4, options={})
    c = E.new_game(seed=78, players=4, options={})
    assert E.dump(a) == E.dump(b)
    assert E.dump(a) != E.dump(c)


def test_first_player_is_random_from_the_seed():
    # SUPPLEMENT: "First player of a Durchgang is random"
    starts = {E.new_game(seed=s, players=4, options={}).active for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert E.new_game(seed=5, players=4, options={}).active == E.new_game(seed=5, players=4, options={}).active


def test_startspieler_option_fixes_the_first_player():
    # SUPPLEMENT: "in Rekordjagd it passes clockwise" (the runtime passes startspieler)
    for seat in range(3):
        st = E.new_game(seed=1, players=3, options={"startspieler": seat})
        assert st.active == st.start == seat


# --------------------------------------------------------------------------- options


def test_default_options():
    assert E.default_options() == {"spielart": "normal", "buersten": 5, "karren": 6, "saeule_doppelt": False}
    assert E.clean_options({}, 3) == E.default_options()


@pytest.mark.parametrize(
    ("options", "players", "fragment"),
    [
        ({"spielart": "lang"}, 3, "Spielart"),
        ({"buersten": 4}, 3, "Kleisterbürsten"),
        ({"buersten": True}, 3, "Kleisterbürsten"),
        ({"karren": 5}, 3, "Plakatkarren"),
        ({"saeule_doppelt": "ja"}, 3, "Säule"),
        ({"names": ["A", "B"]}, 3, "Namen"),
        ({"names": ["A", "", "C"]}, 3, "Namen"),
        ({"startspieler": 3}, 3, "Startspieler"),
        ({}, 1, "zu zweit"),
        ({}, 6, "zu fünft"),
    ],
)
def test_clean_options_rejects_with_german_message(options, players, fragment):
    with pytest.raises(IllegalAction) as err:
        E.clean_options(options, players)
    assert fragment in err.value.message


def test_clean_options_accepts_house_rules_and_names():
    out = E.clean_options(
        {"spielart": "kurz", "buersten": 7, "karren": 8, "saeule_doppelt": True, "names": ["A", "B"]}, 2
    )
    assert out == {"spielart": "kurz", "buersten": 7, "karren": 8, "saeule_doppelt": True, "names": ["A", "B"]}
    assert E.clean_options(out, 2) == out


# --------------------------------------------------------------------------- Ablauf 1: kleben


def test_the_player_must_kleben_there_is_no_pass():
    # "Wer dran ist, muss kleben"
    st = E.new_game(seed=3, players=3, options={})
    legal = E.legal_actions(st, st.active)
    assert legal and all(a["type"] == "kleben" for a in legal)
    with pytest.raises(IllegalAction):
        E.apply(st, st.active, {"type": "passen"})


def test_a_group_is_one_or_more_equal_posters_brushes_may_join():
    # "ein Plakat oder mehrere gleiche, Bürsten dürfen dazu."
    st = make_state(hands={0: [3, 8, 8, B]})
    got = {(a["rank"], a["count"], a["brushes"]) for a in E.legal_actions(st, 0)}
    assert got == {(3, 1, 0), (3, 1, 1), (8, 1, 0), (8, 2, 0), (8, 1, 1), (8, 2, 1), (S, 0, 1)}


def test_different_posters_cannot_be_one_group():
    st = make_state(hands={0: [3, 8, 8]})
    before = E.dump(st)
    with pytest.raises(IllegalAction):
        kleben(st, 0, 8, 3)
    assert E.dump(st) == before


def test_group_goes_on_top_of_own_column_older_layers_remain():
    # "Die Gruppe kommt oben auf die eigene Säule – ältere Schichten bleiben darunter und zählen am Ende mit."
    st = make_state(hands={0: [5, 9, 9, 2]}, columns={0: [[4, 1, 0]]})
    st, _ = kleben(st, 0, 9, 2)
    assert st.columns[0] == [[4, 1, 0], [9, 2, 0]]
    assert E.breakdown(st, 0)["saeule"] == 3
    assert hand(st, 0) == [2, 5]


# --------------------------------------------------------------------------- Ablauf 2: covering check


def test_checking_is_clockwise_from_the_next_player():
    # "Danach werden reihum (im Uhrzeigersinn ab dem Nächsten) die anderen Säulen geprüft."
    st = make_state(players=4, active=2, hands={2: [9, 1]}, columns={0: [[3, 1, 0]], 1: [[4, 1, 0]], 3: [[5, 1, 0]]})
    st, ev = kleben(st, 2, 9, 1)
    assert ev[0]["covered"] == [3, 0, 1]
    assert (st.covered, st.queue) == (3, [0, 1])


def test_each_column_checked_at_most_once():
    # "Jeder Mitspieler höchstens einmal"
    st = make_state(hands={0: [9, 1]}, columns={1: [[2, 1, 0], [3, 1, 0]]})
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 1, "zurueck")
    # the 1× 2 that moved up is lower too, but the column was already checked
    assert st.columns[1] == [[2, 1, 0]]
    assert st.phase == "kleben" and st.active == 1


def test_same_count_and_lower_value_is_covered_and_it_is_mandatory():
    # "Hat seine oberste Gruppe gleich viele Plakate und einen kleineren Wert, wird sie überklebt. Das ist Pflicht."
    st = make_state(hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]]})
    st, _ = kleben(st, 0, 9, 2)
    assert st.phase == "nehmen"
    assert E.legal_actions(st, 0) == [{"type": "nehmen"}, {"type": "liegen"}]
    assert st.group == [5, 2, 0] and st.columns[1] == []


def test_equal_value_is_not_covered():
    st = make_state(hands={0: [9, 9, 1]}, columns={1: [[9, 1, 1]]})
    st, _ = kleben(st, 0, 9, 2)
    assert st.phase == "kleben" and st.columns[1] == [[9, 1, 1]]


def test_example_grete_and_paul():
    # "Grete hat oben zwei Sechser, Paul zwei Elfer. Du klebst zwei Achter: Gretes Sechser werden überklebt
    #  (gleich viele, kleiner), Pauls Elfer nicht (höher)."
    names = ["Du", "Grete", "Paul"]
    st = make_state(hands={0: [8, 8, 1]}, columns={1: [[6, 2, 0]], 2: [[11, 2, 0]]}, options={"names": names})
    st, ev = kleben(st, 0, 8, 2)
    assert ev[0]["covered"] == [1]
    assert ev[0]["text"] == "Du klebt 2× Lichtspielhaus und überklebt Gretes 2× Turnfest."
    assert st.columns[2] == [[11, 2, 0]]


def test_example_count_must_match_exactly():
    # "Hätte Grete drei Sechser oben, wäre sie sicher – die Anzahl muss genau stimmen."
    st = make_state(hands={0: [8, 8, 1]}, columns={1: [[6, 3, 0]], 2: [[11, 2, 0]]})
    st, ev = kleben(st, 0, 8, 2)
    assert ev[0]["covered"] == []
    assert st.columns[1] == [[6, 3, 0]]
    assert st.phase == "kleben" and st.active == 1


def test_own_and_empty_columns_are_never_checked():
    # SUPPLEMENT: "The active player's own column and empty columns are never checked"
    st = make_state(hands={0: [9, 1]}, columns={0: [[2, 1, 0]]})
    st, ev = kleben(st, 0, 9, 1)
    assert ev[0]["covered"] == []
    assert st.columns[0] == [[2, 1, 0], [9, 1, 0]]


def test_covering_does_not_change_the_checking_order():
    st = make_state(players=3, active=1, hands={1: [7, 7, 1]}, columns={0: [[3, 2, 0]], 2: [[4, 2, 0]]})
    st, ev = kleben(st, 1, 7, 2)
    assert ev[0]["covered"] == [2, 0]


# --------------------------------------------------------------------------- Ablauf 3: decisions


def test_nehmen_cards_to_coverer_covered_draws_as_many():
    # "Nehmen: Die abgerissenen Plakate kommen auf die eigene Hand. Der Überklebte zieht gleich viele nach."
    st = make_state(hands={0: [9, 9, 1], 1: [2]}, columns={1: [[5, 1, 1]]}, karren=[12, 4], druckerei=[10, 11])
    st, _ = kleben(st, 0, 9, 2)
    st, ev = do(st, 0, "nehmen")
    assert hand(st, 0) == [B, 1, 5]
    assert st.phase == "ziehen" and E.to_move(st) == [1] and st.draws_left == 2
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    st, _ = do(st, 1, "ziehen", **{"from": "karren", "index": 0})
    assert hand(st, 1) == [2, 10, 12]
    assert st.phase == "kleben" and st.active == 1


def test_liegen_lassen_then_the_covered_decides():
    # "Liegen lassen: Dann entscheidet der Überklebte"
    st = make_state(hands={0: [9, 1]}, columns={1: [[5, 1, 0]]})
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "liegen")
    assert st.phase == "liegen" and E.to_move(st) == [1]
    assert E.legal_actions(st, 1) == [{"type": "zurueck"}, {"type": "altpapier"}]
    assert E.legal_actions(st, 0) == []


def test_zurueck_auf_die_hand_without_drawing():
    # "zurück auf die Hand (kein Nachziehen)"
    st = make_state(hands={0: [9, 9, 1], 1: [3]}, columns={1: [[4, 1, 0], [5, 1, 1]]}, karren=[12, 2, 3, 4, 6, 7])
    druckerei = len(st.druckerei)
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "liegen")
    st, ev = do(st, 1, "zurueck")
    assert hand(st, 1) == [B, 3, 5]
    assert st.columns[1] == [[4, 1, 0]]
    assert len(st.druckerei) == druckerei and st.karren == [12, 2, 3, 4, 6, 7]
    assert st.phase == "kleben" and st.active == 1


def test_ins_altpapier_and_draw_as_many():
    # "oder ins Altpapier und gleich viele nachziehen."
    st = make_state(hands={0: [9, 9, 1], 1: [3]}, columns={1: [[5, 1, 1]]}, karren=[12], druckerei=[7, 8])
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 1, "altpapier")
    assert sorted(st.altpapier) == [B, 5]
    assert st.phase == "ziehen" and st.drawer == 1 and st.draws_left == 2
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    assert hand(st, 1) == [3, 7, 8]


def test_several_coverings_are_resolved_one_after_another_in_checking_order():
    st = make_state(hands={0: [9, 1]}, columns={1: [[3, 1, 0]], 2: [[4, 1, 0]]}, druckerei=[10, 11])
    st, _ = kleben(st, 0, 9, 1)
    assert st.covered == 1 and st.columns[2] == [[4, 1, 0]]
    st, _ = do(st, 0, "nehmen")
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    assert st.phase == "nehmen" and st.covered == 2 and st.group == [4, 1, 0]
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 2, "zurueck")
    assert st.phase == "kleben" and st.active == 1
    assert hand(st, 0) == [1, 3] and hand(st, 1) == [10] and hand(st, 2) == [4]


def test_column_emptied_by_covering_stays_empty():
    st = make_state(hands={0: [9, 1], 1: [2, 5]}, columns={1: [[3, 1, 0]]})
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 1, "zurueck")
    assert st.columns[1] == []
    assert E.breakdown(st, 1) == {"saeule": 0, "hand": -3, "bonus": 0}


def test_covered_group_taken_back_is_public():
    st = make_state(hands={0: [9, 9, 1], 1: [3]}, columns={1: [[5, 1, 1]]})
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 1, "zurueck")
    assert E.view(st, 0)["known"][1] == [B, 5]
    st, _ = kleben(st, 1, 5, 1)
    assert E.view(st, 0)["known"][1] == [B]


# --------------------------------------------------------------------------- Ablauf 4: drawing


def test_drawing_card_by_card_open_from_karren_or_face_down_from_druckerei():
    # "Nachziehen geht Karte für Karte: offen aus dem Plakatkarren oder verdeckt aus der Druckerei."
    st = make_state(hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]]}, karren=[12, 4, 6], druckerei=[10, 11])
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "nehmen")
    legal = E.legal_actions(st, 1)
    assert legal == [
        {"type": "ziehen", "from": "karren", "index": 0},
        {"type": "ziehen", "from": "karren", "index": 1},
        {"type": "ziehen", "from": "karren", "index": 2},
        {"type": "ziehen", "from": "druckerei"},
    ]
    st, ev = do(st, 1, "ziehen", **{"from": "karren", "index": 1})
    assert st.karren == [12, 6] and st.draws_left == 1 and hand(st, 1) == [4]
    assert ev[0]["card"] == 4
    st, ev = do(st, 1, "ziehen", **{"from": "druckerei"})
    assert hand(st, 1) == [4, 10]
    assert "card" not in ev[0] and "Lichtspielhaus" not in ev[0]["text"]


def test_karren_card_drawn_is_public_druckerei_card_is_not():
    st = make_state(hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]]}, karren=[12], druckerei=[10, 11])
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "nehmen")
    st, _ = do(st, 1, "ziehen", **{"from": "karren", "index": 0})
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    assert E.view(st, 2)["known"][1] == [12]


# --------------------------------------------------------------------------- Ablauf 5: refill


def test_karren_refills_only_after_all_coverings():
    # "Erst wenn alle Überklebungen erledigt sind, füllt sich der Plakatkarren aus der Druckerei wieder auf."
    st = make_state(
        hands={0: [9, 1]}, columns={1: [[3, 1, 0]], 2: [[4, 1, 0]]}, karren=[12, 13, 2, 2, 2, 2], druckerei=[5, 6, 7]
    )
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "nehmen")
    st, _ = do(st, 1, "ziehen", **{"from": "karren", "index": 0})
    assert st.karren == [13, 2, 2, 2, 2]  # not refilled yet: one covering is still open
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 2, "altpapier")
    st, _ = do(st, 2, "ziehen", **{"from": "karren", "index": 0})
    assert st.phase == "kleben"
    assert st.karren == [2, 2, 2, 2, 5, 6]
    assert st.druckerei[-1] == 7


def test_refill_event_and_refill_limited_by_druckerei():
    st = make_state(hands={0: [9, 1]}, columns={1: [[3, 1, 0]]}, karren=[12], druckerei=[5], fill=False)
    st.druckerei.append(6)  # top card 6, then 5
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "nehmen")
    st, ev = do(st, 1, "ziehen", **{"from": "karren", "index": 0})
    assert st.karren == [6, 5] and st.druckerei == []
    assert any(e["type"] == "auffuellen" and e["count"] == 2 for e in ev)
    assert not E.is_over(st)


# --------------------------------------------------------------------------- Ablauf 6: next player


def test_then_the_next_player_clockwise():
    # "Dann ist der Nächste dran."
    st = make_state(players=4, active=3, hands={3: [4, 1], 0: [2]})
    st, ev = kleben(st, 3, 4, 1)
    assert st.active == 0 and E.to_move(st) == [0]
    assert ev[-1]["type"] == "dran" and ev[-1]["seat"] == 0


# --------------------------------------------------------------------------- Ende und Wertung


def test_ends_immediately_on_last_hand_card_without_covering():
    # "Der Durchgang endet sofort, wenn jemand seine letzte Handkarte klebt – dabei wird nicht mehr überklebt."
    st = make_state(hands={0: [9, 9]}, columns={1: [[5, 2, 0]]})
    st, ev = kleben(st, 0, 9, 2)
    assert E.is_over(st) and st.end_reason == "hand"
    assert st.columns[1] == [[5, 2, 0]]
    assert E.to_move(st) == [] and E.legal_actions(st, 0) == []
    assert [e["type"] for e in ev] == ["kleben", "ende"]


def test_ends_when_druckerei_and_karren_are_empty_even_mid_draw():
    # "Er endet ebenfalls sofort, wenn Druckerei und Plakatkarren leer sind – auch mitten im Nachziehen."
    st = make_state(
        hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]], 2: [[4, 2, 0]]}, karren=[12], druckerei=[], fill=False
    )
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "nehmen")
    st, ev = do(st, 1, "ziehen", **{"from": "karren", "index": 0})
    assert E.is_over(st) and st.end_reason == "vorrat"
    assert st.draws_left == 0 and E.to_move(st) == []
    assert st.columns[2] == [[4, 2, 0]]  # the second covering is never resolved
    assert ev[-1]["type"] == "ende"


def test_ends_when_the_last_supply_card_completes_the_draw():
    st = make_state(hands={0: [9, 1]}, columns={1: [[5, 1, 0]]}, druckerei=[3], fill=False)
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "liegen")
    st, _ = do(st, 1, "altpapier")
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    assert E.is_over(st) and st.end_reason == "vorrat"


def test_drawing_only_from_the_non_empty_source():
    st = make_state(hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]]}, karren=[], druckerei=[3, 4, 6], fill=False)
    st, _ = kleben(st, 0, 9, 2)
    st, _ = do(st, 0, "nehmen")
    assert E.legal_actions(st, 1) == [{"type": "ziehen", "from": "druckerei"}]
    with pytest.raises(IllegalAction, match="Plakatkarren ist leer"):
        do(st, 1, "ziehen", **{"from": "karren", "index": 0})


def test_scoring_plus_one_per_column_card_all_layers_minus_one_per_hand_card():
    # "Jedes Plakat auf der eigenen Säule (alle Schichten) zählt +1, jede Karte auf der Hand −1."
    st = make_state(
        hands={0: [1, 2], 1: [], 2: [B]},
        columns={0: [[4, 1, 0], [9, 2, 1]], 1: [[S, 0, 2]], 2: [[7, 4, 0]]},
    )
    assert E.points(st) == [4 - 2, 2, 4 - 1]
    assert E.result(st)["breakdown"][0] == {"saeule": 4, "hand": -2, "bonus": 0}


def test_house_rule_saeule_zaehlt_doppelt():
    # "Hausregel „Säule zählt doppelt“: Jede Gruppe mit 4 oder mehr Plakaten bringt 1 Punkt extra."
    columns = {0: [[4, 4, 0], [9, 3, 2], [2, 3, 0]], 1: [[S, 0, 4]]}
    plain = make_state(hands={0: [1]}, columns=columns, options={"buersten": 7})
    house = make_state(hands={0: [1]}, columns=columns, options={"buersten": 7, "saeule_doppelt": True})
    assert E.points(plain)[:2] == [12 - 1, 4]
    assert E.points(house)[:2] == [12 - 1 + 2, 5]
    assert E.result(house)["breakdown"][0] == {"saeule": 12, "hand": -1, "bonus": 2}


def test_most_points_win_ties_share_the_place():
    # "Die meisten Punkte gewinnen. Bei Gleichstand teilen sich die Spieler den Platz."
    st = make_state(players=4, columns={0: [[3, 2, 0]], 1: [[5, 2, 0]], 2: [[6, 1, 0]], 3: [[8, 2, 0]]})
    res = E.result(st)
    assert res["points"] == [2, 2, 1, 2]
    assert res["places"] == [1, 1, 4, 1]


def test_leaderboard_points_never_below_zero_plus_place_bonus():
    # "Am Ende bekommst du deine Gesamtpunkte (nie weniger als 0) plus einen Platzbonus: 30 … 15 … 5"
    st = make_state(players=5, hands={4: [1, 2, 3]}, columns={0: [[3, 2, 0]], 1: [[5, 2, 0]], 2: [[6, 1, 0]]})
    res = E.result(st)
    assert res["points"] == [2, 2, 1, 0, -3]
    assert res["places"] == [1, 1, 3, 4, 5]
    assert res["bestenliste"] == [32, 32, 6, 0, 0]
    assert [E.leaderboard_points(res, seat, 5, 300.0) for seat in range(5)] == [32, 32, 6, 0, 0]


def test_end_event_names_the_winner():
    st = make_state(hands={0: [9]}, columns={1: [[5, 2, 0]]}, options={"names": ["Anna", "Bert", "Cleo"]})
    _, ev = kleben(st, 0, 9, 1)
    assert ev[-1]["text"].endswith("Es gewinnt Bert mit 2 Punkten.")


def test_safety_limit_ends_the_durchgang():
    st = make_state(hands={0: [9, 1]})
    st.turn = 999  # RULES.md: after 1000 kleben turns the Durchgang ends
    st, _ = kleben(st, 0, 9, 1)
    assert E.is_over(st) and st.end_reason == "limit"


# --------------------------------------------------------------------------- validation


def _covering_state():
    st = make_state(hands={0: [9, 9, 1], 1: [2]}, columns={1: [[5, 2, 0]]})
    return kleben(st, 0, 9, 2)[0]


@pytest.mark.parametrize(
    ("phase_state", "seat", "action", "fragment"),
    [
        ("start", 1, {"type": "kleben", "rank": 2, "count": 1, "brushes": 0}, "nicht dran"),
        ("start", 7, {"type": "kleben", "rank": 9, "count": 1, "brushes": 0}, "Platz"),
        ("start", 0, {"type": "kleben", "rank": 9, "count": 3, "brushes": 0}, "Varieté"),
        ("start", 0, {"type": "kleben", "rank": 9, "count": 1, "brushes": 1}, "Bürsten"),
        ("start", 0, {"type": "kleben", "rank": 9, "count": 0, "brushes": 0}, "mindestens"),
        ("start", 0, {"type": "kleben", "rank": 14, "count": 1, "brushes": 0}, "Sonderausgabe"),
        ("start", 0, {"type": "kleben", "rank": 15, "count": 1, "brushes": 0}, "Plakatsorte"),
        ("start", 0, {"type": "kleben", "rank": "9", "count": 1, "brushes": 0}, "rank"),
        ("start", 0, {"type": "kleben", "rank": 9, "count": 1}, "brushes"),
        ("start", 0, {"type": "kleben", "rank": 9, "count": True, "brushes": 0}, "count"),
        ("start", 0, {"type": "kleben", "rank": 9, "count": -1, "brushes": 0}, "negativ"),
        ("start", 0, {"type": "nehmen"}, "geklebt"),
        ("start", 0, {"rank": 9}, "type"),
        ("start", 0, "kleben", "type"),
        ("start", 0, {"type": "zaubern"}, "Unbekannte Zugart"),
        ("cover", 0, {"type": "zurueck"}, "Nehmen oder Liegen"),
        ("cover", 1, {"type": "nehmen"}, "nicht dran"),
        ("cover", 0, {"type": "kleben", "rank": 1, "count": 1, "brushes": 0}, "Nehmen"),
        ("draw", 1, {"type": "ziehen", "from": "karren", "index": 99}, "Nummer 100"),
        ("draw", 1, {"type": "ziehen", "from": "karren"}, "index"),
        ("draw", 1, {"type": "ziehen", "from": "keller"}, "from"),
        ("draw", 0, {"type": "ziehen", "from": "druckerei"}, "nicht dran"),
    ],
)
def test_illegal_actions_raise_german_message_and_leave_state_unchanged(phase_state, seat, action, fragment):
    st = make_state(hands={0: [9, 9, 1], 1: [2]}, columns={1: [[5, 2, 0]]}, karren=[3])
    if phase_state != "start":
        st = kleben(st, 0, 9, 2)[0]
    if phase_state == "draw":
        st = do(st, 0, "nehmen")[0]
    before = json.dumps(E.dump(st), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        E.apply(st, seat, action)
    assert fragment in err.value.message
    assert json.dumps(E.dump(st), sort_keys=True) == before


def test_no_action_after_the_end():
    st = make_state(hands={0: [9]})
    st, _ = kleben(st, 0, 9, 1)
    with pytest.raises(IllegalAction, match="zu Ende"):
        kleben(st, 1, 1, 1)


def test_apply_does_not_modify_the_input_state():
    st = _covering_state()
    before = E.dump(st)
    for action in E.legal_actions(st, 0):
        E.apply(st, 0, action)
    assert E.dump(st) == before


# --------------------------------------------------------------------------- serialisation, view, events


def test_dump_load_round_trip_is_exact_and_json():
    st = E.new_game(seed=11, players=4, options={"names": ["A", "B", "C", "D"], "saeule_doppelt": True})
    for _ in range(25):
        seat = E.to_move(st)[0]
        st, _ = E.apply(st, seat, E.legal_actions(st, seat)[-1])
    data = E.dump(st)
    again = json.loads(json.dumps(data))
    assert E.dump(E.load(again)) == data
    assert E.load(again) == st


def test_view_shows_public_information_and_own_hand_only():
    st = make_state(hands={0: [9, 9, 1], 1: [2, 3], 2: [4]}, columns={1: [[5, 2, 0]]}, karren=[12], altpapier=[7, 6])
    view = E.view(st, 0)
    assert view["hand"] == [1, 9, 9]
    assert view["hand_counts"] == [3, 2, 1]
    assert view["columns"][1] == [{"rank": 5, "posters": 2, "brushes": 0, "size": 2}]
    assert view["karren"] == [12] and view["altpapier"] == [6, 7]
    assert view["druckerei"] == 109 - 11  # 104 posters + 5 brushes, 11 of them placed by hand above
    assert view["phase"] == "kleben" and view["to_move"] == [0] and view["active"] == 0
    assert view["scores"] == [-3, 2 - 2, -1]
    assert view["over"] is False and view["result"] is None
    assert E.view(st, None).get("hand") is None
    assert E.view(st, 1)["hand"] == [2, 3]


def test_view_pending_decision_and_drawing():
    st = make_state(hands={0: [9, 9, 1], 1: [2]}, columns={1: [[5, 2, 0]]}, karren=[3])
    st, _ = kleben(st, 0, 9, 2)
    view = E.view(st, 2)
    assert view["pending"] == {
        "coverer": 0,
        "covered": 1,
        "group": {"rank": 5, "posters": 2, "brushes": 0, "size": 2},
        "queue": [],
    }
    st, _ = do(st, 0, "nehmen")
    view = E.view(st, 2)
    assert view["drawing"] == {"seat": 1, "left": 2, "drawn": []}
    st, _ = do(st, 1, "ziehen", **{"from": "druckerei"})
    assert E.view(st, 2)["drawing"]["drawn"] == [-1]


def test_events_have_type_seat_and_german_text():
    st = make_state(hands={0: [9, 9, 1], 1: [2]}, columns={1: [[5, 2, 0]]}, options={"names": ["Grete", "Hans", "Ute"]})
    st, ev1 = kleben(st, 0, 9, 2)
    st, ev2 = do(st, 0, "liegen")
    st, ev3 = do(st, 1, "altpapier")
    for event in ev1 + ev2 + ev3:
        assert {"type", "seat", "text"} <= set(event)
    assert ev1[0]["text"] == "Grete klebt 2× Varieté und überklebt Hans’ 2× Seifenreklame."
    assert ev2[0]["text"] == "Grete lässt Hans’ 2× Seifenreklame liegen."
    assert ev3[0]["text"] == "Hans gibt 2× Seifenreklame ins Altpapier."
    assert ev3[1]["text"] == "Hans zieht 2 Karten nach."


def test_default_seat_names_in_texts():
    st = make_state(hands={0: [9, 1]}, columns={1: [[5, 1, 0]]})
    _, ev = kleben(st, 0, 9, 1)
    assert ev[0]["text"] == "Platz 1 klebt 1× Varieté und überklebt die 1× Seifenreklame von Platz 2."


def test_last_action_per_player():
    st = make_state(hands={0: [9, 1], 1: [4]}, columns={1: [[5, 1, 0]]}, karren=[12])
    st, _ = kleben(st, 0, 9, 1)
    st, _ = do(st, 0, "nehmen")
    st, _ = do(st, 1, "ziehen", **{"from": "karren", "index": 0})
    last = [german(text) for text in E.view(st, 2)["last"]]  # texts (games.core.text), German here
    assert last[0] == "nahm 1× Seifenreklame von Platz 2"
    assert last[1] == "zog nach: Messe"


def test_step_fast_path_matches_apply():
    a = E.new_game(seed=21, players=3, options={})
    b = E.clone(a)
    for i in range(60):
        if E.is_over(a):
            break
        seat = E.to_move(a)[0]
        action = E.legal_actions(a, seat)[i % len(E.legal_actions(a, seat))]
        a, _ = E.apply(a, seat, action)
        E.step(b, seat, action)
        assert E.dump(a)["hands"] == E.dump(b)["hands"]
        assert a.phase == b.phase and a.columns == b.columns


def test_leaderboard_bonus_for_place_2_also_with_two_players():
    # the Speedkleister text has no exception for small tables: "15 für Platz 2" also at two
    st = make_state(players=2, hands={1: [1, 2]}, columns={0: [[3, 2, 1]]})
    res = E.result(st)
    assert res["points"] == [3, -2] and res["places"] == [1, 2]
    assert res["bestenliste"] == [33, 15]
