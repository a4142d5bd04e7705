"""One test (or a few) per rule of the Speedneon rule text and supplement."""

from __future__ import annotations

import json

import pytest

from games.core.protocol import IllegalAction
from games.core.text import german
from games.neon import content
from games.neon import engine as E

from .helpers import FREE, TEST, act, grid, register_facades, situation, started, tool_starts

register_facades()

FULL = [
    "P1",
    "C2",
    "P3",
    "C4",
    "P5",
    "C6",
    "G1",
    "C5",
    "G3",
    "P2",
    "G4",
    "P6",
    "N2",
    "G5",
    "C1",
    "N6",
    "V4",
    "N1",
    "V2",
    "G6",
]
# window 7 empty: orthogonal neighbours 2 (P3), 6 (G1), 8 (G3), 12 (N2)
ALMOST_FULL = [None if c == 7 else d for c, d in enumerate(FULL)]
# "Rand" (SUP: any window in the outer rows or columns), written out by hand:
# row 1 = 0..4, row 4 = 15..19, column 1 = 0, 5, 10, 15, column 5 = 4, 9, 14, 19.
EDGE_WINDOWS = [0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 16, 17, 18, 19]


def setzen(die: int, cell: int) -> dict:
    return {"type": "setzen", "die": die, "fenster": cell}


def tool(name: str, **kw) -> dict:
    return {"type": "werkzeug", "tool": name, **kw}


# ----------------------------------------------------------------- options


def test_options_defaults_and_validation():
    # a new table draws per round ("je_runde"); a stored "fortlaufend" stays
    assert E.clean_options({}, 2) == {"ausgabe": "klassisch", "ziehung": "je_runde"}
    assert E.clean_options({}, 1) == {"ausgabe": "solo", "werkzeuge": 3, "ziehung": "je_runde"}
    assert E.clean_options({"ziehung": "fortlaufend"}, 2)["ziehung"] == "fortlaufend"
    assert E.clean_options({"ausgabe": "solo", "werkzeuge": 5}, 1)["werkzeuge"] == 5
    for bad, players in (
        ({"ausgabe": "solo"}, 2),
        ({"ausgabe": "klassisch"}, 1),
        ({"ausgabe": "solo", "werkzeuge": 0}, 1),
        ({"ausgabe": "solo", "werkzeuge": 6}, 1),
        ({"ausgabe": "turbo"}, 2),
        ({"ziehung": "gemischt"}, 2),
        ({"ausgabe": "solo", "ziehung": None}, 1),
        ({}, 5),
    ):
        with pytest.raises(IllegalAction):
            E.clean_options(bad, players)


# ------------------------------------------------------------------- setup


@pytest.mark.parametrize(
    "players,ausgabe,tafeln,tools",
    [(2, "klassisch", 3, 3), (3, "blackout", 3, 3), (4, "einsteiger", 2, 0), (1, "solo", 2, 4)],
)
def test_setup(players, ausgabe, tafeln, tools):
    opts = {"ausgabe": ausgabe, "werkzeuge": 4} if ausgabe == "solo" else {"ausgabe": ausgabe}
    s = E.new_game(seed=7, players=players, options=opts)
    assert sum(s.kiste.values()) == 90 and set(s.kiste.values()) == {18}
    assert len(s.tafeln) == tafeln and len(set(s.tafeln)) == tafeln
    assert len(s.werkzeuge) == tools and len(set(s.werkzeuge)) == tools
    cards = [content.FACADES[f].card for a in s.angebot for f in a]
    assert len(set(cards)) == 2 * players  # two whole cards per player, no card twice
    for a in s.angebot:
        assert len(a) == 4
        assert (a[0], a[1]) in content.CARDS and (a[2], a[3]) in content.CARDS
    secrets = [c for g in s.geheim for c in g]
    assert len(secrets) == len(set(secrets)) == (2 if ausgabe == "solo" else players)
    assert s.phase == "wahl" and E.to_move(s) == list(range(players))


def test_facade_choice_is_simultaneous_and_sets_strom():
    # "wählt eine der vier Fassaden" / "Die Schwierigkeit der Fassade (3 bis 6) ist zugleich dein Strom"
    s = E.new_game(seed=3, players=3, options={})
    s.angebot = [
        ["lindenpassage", "hafenkino", "mondscheinbar", "altstadtbogen"],  # 3, 5, 3, 6
        ["nachtfalter", "bahnhofsviertel", "elbbruecke", "marktplatz"],  # 3, 5, 4, 5
        ["kaiserpassage", "neonallee", "zollhafen", "domblick"],  # 3, 6, 4, 6
    ]
    s1, ev = E.apply(s, 1, {"type": "fassade", "fassade": "elbbruecke"})
    assert E.to_move(s1) == [0, 2]
    assert E.legal_actions(s1, 1) == []
    assert E.legal_actions(s1, 0) == [
        {"type": "fassade", "fassade": f} for f in ("lindenpassage", "hafenkino", "mondscheinbar", "altstadtbogen")
    ]
    v0 = E.view(s1, 0)
    assert v0["spieler"][1]["gewaehlt"] and v0["spieler"][1]["fassade"] is None
    assert v0["spieler"][1]["strom"] is None  # Strom would give the choice away
    with pytest.raises(IllegalAction):
        E.apply(s1, 0, {"type": "fassade", "fassade": "nachtfalter"})  # not one of seat 0's four
    with pytest.raises(IllegalAction, match="schon gewählt"):
        E.apply(s1, 1, {"type": "fassade", "fassade": "marktplatz"})
    s2, _ = E.apply(s1, 2, {"type": "fassade", "fassade": "domblick"})
    s3, ev = E.apply(s2, 0, {"type": "fassade", "fassade": "altstadtbogen"})
    assert s3.phase == "spiel" and s3.runde == 1
    assert s3.strom == [6, 4, 6]
    assert E.view(s3, 0)["spieler"][1]["fassade"]["id"] == "elbbruecke"
    assert E.view(s3, 0)["spieler"][1]["fassade"]["schwierigkeit"] == 4
    assert any(e["type"] == "runde" for e in ev)


def test_solo_has_no_strom():
    s = started(1, "solo")
    assert s.strom == [0]


# ----------------------------------------------------------- round flow


def test_delivery_size_and_snake_order():
    # "doppelt so viele Röhren wie Spieler plus eine" / "erst vom Startspieler bis zum letzten, dann zurück"
    for players, size in ((2, 5), (3, 7), (4, 9)):
        s = started(players, seed=11)
        assert len(s.lieferung) == size
    # "Je Runde kommen 4 Röhren in die Lieferung, und du hast 2 Züge."
    s = started(1, "solo")
    assert len(s.lieferung) == 4 and s.order == [0, 0]


@pytest.mark.parametrize(
    ("players", "start", "expected"),
    [(3, 1, [1, 2, 0, 0, 2, 1]), (4, 3, [3, 0, 1, 2, 2, 1, 0, 3]), (2, 0, [0, 1, 1, 0])],
)
def test_snake_order_played_out(players, start, expected):
    # a whole round of passes, seat by seat; then the next round starts one seat further clockwise
    s = started(players, seed=11)
    while s.start != start or s.turn != 0:
        s, _ = act(s, {"type": "passen"})
    seen = []
    runde = s.runde
    while s.runde == runde:
        seat = E.to_move(s)[0]
        seen.append(seat)
        s, _ = act(s, {"type": "passen"}, seat=seat)
    assert seen == expected
    assert s.start == (start + 1) % players


def test_start_player_random_then_clockwise():
    starts = {started(4, seed=seed).start1 for seed in range(30)}
    assert len(starts) > 1  # random in round 1
    s = started(3, seed=5)
    first = s.start
    for _ in range(2):  # everyone passes through a round
        r = s.runde
        while s.runde == r:
            s, _ = act(s, {"type": "passen"})
    assert s.runde == 3 and s.start == (first + 2) % 3


def test_leftover_goes_on_stromzaehler_and_stays():
    s = started(2, seed=2)
    placed = 0
    while s.runde == 1:
        seat = E.to_move(s)[0]
        la = E.legal_actions(s, seat)
        put = [a for a in la if a["type"] == "setzen"]
        if put:
            s, _ = E.apply(s, seat, put[0])
            placed += 1
        else:
            s, _ = E.apply(s, seat, {"type": "passen"})
    assert len(s.zaehler) == 5 - placed
    before = list(s.zaehler)
    while s.runde == 2:
        s, _ = act(s, {"type": "passen"})
    assert s.zaehler[: len(before)] == before and len(s.zaehler) == len(before) + 5


def test_ten_rounds_then_over_and_four_players_use_all_90_dice():
    s = started(4, "einsteiger", seed=9)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        la = E.legal_actions(s, seat)
        put = [a for a in la if a["type"] == "setzen"]
        s, _ = E.apply(s, seat, put[0] if put else {"type": "passen"})
    assert s.runde == 10 and sum(s.kiste.values()) == 0
    on_facades = sum(20 - g.count(None) for g in s.grids)
    assert on_facades + len(s.zaehler) == 90
    assert E.to_move(s) == [] and E.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction):
        E.apply(s, 0, {"type": "passen"})


def test_solo_two_turns_per_round():
    s = started(1, "solo")
    s, _ = act(s, {"type": "passen"})
    assert s.runde == 1 and s.turn == 1
    s, _ = act(s, {"type": "passen"})
    assert s.runde == 2 and len(s.zaehler) == 4


def test_not_your_turn():
    s = situation(started(2), seat=0, lieferung=["P1", "C2", "G3", "N4", "V5"])
    with pytest.raises(IllegalAction, match="nicht am Zug"):
        E.apply(s, 1, {"type": "passen"})


# --------------------------------------------------------------- placement


def test_first_die_at_the_edge():
    s = situation(started(2), lieferung=["P1", "C2", "G3", "N4", "V5"])
    cells = {a["fenster"] for a in E.legal_actions(s, 0) if a["type"] == "setzen"}
    assert sorted(cells) == EDGE_WINDOWS and 6 not in cells
    with pytest.raises(IllegalAction, match="Rand"):
        act(s, setzen(0, 6))
    s2, ev = act(s, setzen(0, 0))
    assert s2.grids[0][0] == "P1" and ev[0]["type"] == "setzen"


def test_next_dice_adjacent_including_diagonal():
    s = situation(started(2), lieferung=["P1", "C2", "G3", "N4", "V5"], grids={0: grid({0: "V6"})})
    cells = {a["fenster"] for a in E.legal_actions(s, 0) if a["type"] == "setzen" and a["die"] == 1}
    assert cells == {1, 5, 6}
    with pytest.raises(IllegalAction, match="neben"):
        act(s, setzen(1, 2))


def test_orthogonal_neighbours_never_same_colour_or_brightness():
    s = situation(started(2), lieferung=["P1", "C6", "G3", "N4", "P5"], grids={0: grid({6: "P6"})})
    la = E.legal_actions(s, 0)
    ok = {(a["die"], a["fenster"]) for a in la if a["type"] == "setzen"}
    assert (0, 1) not in ok  # orthogonal, same colour
    assert (1, 5) not in ok  # orthogonal, same brightness
    assert (4, 0) in ok and (1, 0) in ok  # diagonal: same colour/brightness allowed
    assert (2, 5) in ok
    with pytest.raises(IllegalAction, match="gleicher Farbe oder Helligkeit"):
        act(s, setzen(0, 1))


def test_window_requirement_must_match():
    s = started(2, facade=TEST)
    s = situation(s, lieferung=["C1", "P3", "G3", "N4", "V6"])
    ok = {(a["die"], a["fenster"]) for a in E.legal_actions(s, 0) if a["type"] == "setzen"}
    assert (0, 0) not in ok and (1, 0) in ok  # window 0 wants Pink
    assert (2, 2) in ok and (3, 2) not in ok  # window 2 wants brightness 3
    assert (4, 19) in ok and (3, 19) not in ok  # window 19 wants 6
    with pytest.raises(IllegalAction, match="verlangt Pink"):
        act(s, setzen(0, 0))
    with pytest.raises(IllegalAction, match="Helligkeit 3"):
        act(s, setzen(3, 2))


@pytest.mark.parametrize(
    "action, message",
    [
        ({"type": "setzen", "die": True, "fenster": 0}, "nicht in der Lieferung"),
        ({"type": "setzen", "die": 1.0, "fenster": 0}, "nicht in der Lieferung"),
        ({"type": "setzen", "die": 0, "fenster": True}, "Dieses Fenster gibt es nicht"),
    ],
)
def test_a_forged_number_is_named_as_such_not_read_as_a_die_or_window(action, message):
    """``True`` and ``1.0`` equal 1 in Python; the refusal must not explain a window the player never chose."""
    s = situation(started(2), lieferung=["P1", "C2", "G3", "N4", "V5"])
    with pytest.raises(IllegalAction, match=message):
        act(s, action)


def test_occupied_window_refused_and_one_die_per_turn():
    s = situation(started(2), lieferung=["P1", "C2", "G3", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=[])
    with pytest.raises(IllegalAction, match="schon eine Röhre"):
        act(s, setzen(0, 0))
    s2, ev = act(s, setzen(0, 1))
    # no tools: nothing left to do, the turn ends by itself
    assert E.to_move(s2) == [1] and german(s2.last[0]).startswith("hängt Pink 1")


def test_turn_with_tool_available_does_not_end_after_placing():
    s = situation(
        started(2),
        lieferung=["P1", "C2", "G3", "N4", "V5"],
        grids={0: grid({0: "V6"})},
        tools=["trafo"],
    )
    s2, _ = act(s, setzen(0, 1))
    assert E.to_move(s2) == [0]
    assert {a["type"] for a in E.legal_actions(s2, 0)} == {"werkzeug", "passen"}
    s3, ev = act(s2, {"type": "passen"})
    assert E.to_move(s3) == [1] and ev[0]["type"] == "passen"


def test_turn_ends_by_itself_when_nothing_is_possible():
    full = grid({c: ("P" if (c // 5 + c % 5) % 2 else "C") + str(1 + (c % 5 + 2 * (c // 5)) % 6) for c in range(20)})
    s = situation(started(2, "einsteiger"), lieferung=["P1", "C2", "G3", "N4", "V5"], grids={0: full})
    s = situation(s, seat=1)
    s.order = [1, 0, 0, 1]
    s.turn = 0
    s2, ev = act(s, {"type": "passen"}, seat=1)
    # seat 0 has a full facade and no tools: both its turns pass by themselves
    assert E.to_move(s2) == [1] and s2.turn == 3
    assert any(e["type"] == "passen" and e["seat"] == 0 for e in ev)


# ------------------------------------------------------------- tool costs


def test_tool_cost_one_then_two_for_anyone():
    s = situation(
        started(2),
        lieferung=["P2", "C2", "G3", "N4", "V5"],
        grids={0: grid({0: "V6"}), 1: grid({0: "V6"})},
        tools=["umpolen", "dimmer", "trafo"],
    )
    assert E.view(s, 0)["werkzeuge"][0]["kosten"] == 1
    s, ev = act(s, tool("umpolen", die=0))
    assert s.strom[0] == 2 and s.hand == "P5" and any(e["type"] == "strom" for e in ev)
    s, _ = act(s, {"type": "setzen", "fenster": 1})
    s = situation(s, seat=1)
    assert E.view(s, 1)["werkzeuge"][0]["kosten"] == 2
    s, _ = act(s, tool("umpolen", die=0), seat=1)
    assert s.strom[1] == 1
    s = situation(s, seat=1, lieferung=["P2", "C2", "G3", "N4", "V5"])
    assert "umpolen" not in tool_starts(s, 1)  # 1 Strom left, costs 2
    assert "dimmer" in tool_starts(s, 1)  # first use of the Dimmer costs 1


def test_at_most_one_tool_per_turn_and_die_tools_only_before_placing():
    s = situation(
        started(2),
        lieferung=["P2", "C2", "G3", "N4", "V5"],
        grids={0: grid({0: "V6", 7: "G1"})},
        tools=["umpolen", "trafo", "farbfolie"],
    )
    s1, _ = act(s, setzen(0, 1))
    assert tool_starts(s1) == {"trafo", "farbfolie"}  # no die tool after placing
    with pytest.raises(IllegalAction, match="vor dem Anbringen"):
        act(s1, tool("umpolen", die=0))
    s2, _ = act(s, tool("trafo"))
    src = next(a for a in E.legal_actions(s2, 0) if a["type"] == "umhaengen")
    s3, _ = act(s2, src)
    assert tool_starts(s3) == set()
    with pytest.raises(IllegalAction, match="höchstens ein Werkzeug"):
        act(s3, tool("farbfolie"))


# -------------------------------------------------------------- die tools


def test_dimmer_plus_minus_one_never_wraps_and_cancel():
    s = situation(started(2), lieferung=["P1", "C6", "G3", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["dimmer"])
    s1, _ = act(s, tool("dimmer", die=0))
    assert s1.hand == "P1" and s1.lieferung == ["C6", "G3", "N4", "V5"]
    assert [a for a in E.legal_actions(s1, 0) if a["type"] == "dimmen"] == [{"type": "dimmen", "delta": 1}]
    assert s1.strom == s.strom  # not paid before the step
    s2, _ = act(s1, {"type": "abbrechen"})
    assert s2.lieferung == s.lieferung and s2.hand is None and s2.strom == s.strom
    assert "dimmer" in tool_starts(s2)
    s3, _ = act(s1, {"type": "dimmen", "delta": 1})
    assert s3.hand == "P2" and s3.strom[0] == s.strom[0] - 1
    # P2 next to V6 (window 0): 1 and 5 orthogonally (other colour, other brightness), 6 diagonally
    assert E.view(s3, 0)["hand_fenster"] == [1, 5, 6]
    with pytest.raises(IllegalAction):
        act(s3, {"type": "abbrechen"})
    # the die stays in hand; ending the turn sends it back to the Lieferung
    s4, _ = act(s3, {"type": "passen"})
    assert "P2" in s4.lieferung and s4.hand is None
    # C6 cannot become 7
    s5, _ = act(s, tool("dimmer", die=1))
    assert [a["delta"] for a in E.legal_actions(s5, 0) if a["type"] == "dimmen"] == [-1]


def test_dimmer_only_if_changed_die_can_be_placed():
    # window 7 is the only free window: Pink, Gelb, Grün and 1, 2, 3 are blocked there
    s = situation(started(2), lieferung=["C4", "V3", "C2", "P5", "V6"], grids={0: ALMOST_FULL}, tools=["dimmer"])
    offered = {a["die"] for a in E.legal_actions(s, 0) if a["type"] == "werkzeug"}
    assert offered == {0, 1, 4}  # C4->C5, V3->V4, V6->V5; C2 (C1/C3) and P5 never fit
    s1, _ = act(s, tool("dimmer", die=0))
    assert [a for a in E.legal_actions(s1, 0) if a["type"] == "dimmen"] == [{"type": "dimmen", "delta": 1}]
    s2, _ = act(s, tool("dimmer", die=4))
    assert [a for a in E.legal_actions(s2, 0) if a["type"] == "dimmen"] == [{"type": "dimmen", "delta": -1}]


def test_umpolen_flips_and_is_offered_only_if_placeable():
    s = situation(started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["umpolen"])
    s1, _ = act(s, tool("umpolen", die=2))
    assert s1.hand == "G6"
    # G6 next to V6 in 1 and 5 is forbidden (brightness), only window 6 is left
    assert E.view(s1, 0)["hand_fenster"] == [6]
    # only window 7 is free; next to it orthogonally P3, G1, G3, N2: Pink, Gelb, Grün and 1, 2, 3 are out
    s2 = situation(s, lieferung=["C4", "C6", "V2", "V1", "P5"], grids={0: ALMOST_FULL})
    offered = {a["die"] for a in E.legal_actions(s2, 0) if a["type"] == "werkzeug"}
    assert offered == {2, 3}  # V2 -> V5 and V1 -> V6 fit; C4 -> C3, C6 -> C1, P5 -> P2 do not
    s3, _ = act(s2, tool("umpolen", die=2))
    assert s3.hand == "V5" and E.view(s3, 0)["hand_fenster"] == [7]


def test_wackelkontakt_rerolls_and_forces_placement():
    s = situation(
        started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["wackelkontakt"]
    )
    s1, ev = act(s, tool("wackelkontakt", die=0))
    assert s1.draws == s.draws + 1 and s1.hand[0] == "P"
    # a Pink die always fits diagonally next to V6 (window 6): it must be placed now
    la = E.legal_actions(s1, 0)
    assert s1.must_place and la and {a["type"] for a in la} == {"setzen"}
    assert all("die" not in a for a in la) and {"type": "setzen", "fenster": 6} in la
    with pytest.raises(IllegalAction, match="muss jetzt angebracht"):
        act(s1, {"type": "passen"})


def test_wackelkontakt_die_that_fits_nowhere_returns_and_ends_turn():
    # window 7 is the only empty one; its orthogonal neighbours hold Pink, Gelb and Grün
    s = situation(started(2), lieferung=["P5", "C3", "G1", "N4", "V5"], grids={0: ALMOST_FULL})
    s.werkzeuge = ["wackelkontakt"]
    s2, ev = act(s, tool("wackelkontakt", die=0))
    assert E.to_move(s2) == [1] and any(e["type"] == "zurueck" for e in ev)
    assert s2.lieferung[-1][0] == "P" and len(s2.lieferung) == 5
    assert s2.strom[0] == s.strom[0] - 1


def _only_returned_colour_in_kiste(s):
    """The Kiste holds nothing, so Röhrenwechsel draws the colour of the die it put back."""
    s.kiste = {c: 0 for c in "PCGNV"}
    return s


def test_roehrenwechsel_new_colour_choose_brightness():
    # only window 7 is free; orthogonal neighbours P3, G1, G3, N2
    s = situation(
        started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: ALMOST_FULL}, tools=["roehrenwechsel"]
    )
    s = _only_returned_colour_in_kiste(s)
    s1, ev = act(s, tool("roehrenwechsel", die=1))  # C3 back into the Kiste, Cyan drawn
    assert s1.pending["farbe"] == "C" and s1.kiste == {"P": 0, "C": 0, "G": 0, "N": 0, "V": 0}
    assert s1.strom[0] == s.strom[0] - 1  # paid at once
    la = E.legal_actions(s1, 0)
    assert la == [{"type": "helligkeit", "wert": w} for w in (1, 2, 3, 4, 5, 6)]  # no abbrechen: already paid
    # Cyan 1, 2, 3 meet G1, N2, P3/G3 orthogonally: matt; 4, 5, 6 fit window 7
    assert E.view(s1, 0)["helligkeiten_passend"] == [4, 5, 6]
    s2, _ = act(s1, {"type": "helligkeit", "wert": 5})
    assert s2.hand == "C5" and s2.must_place and E.to_move(s2) == [0]
    assert E.legal_actions(s2, 0) == [{"type": "setzen", "fenster": 7}]
    # a matt brightness: the die goes back to the Lieferung and the turn is over
    s3, ev = act(s1, {"type": "helligkeit", "wert": 2})
    assert E.to_move(s3) == [1] and s3.lieferung == ["P2", "G1", "N4", "V5", "C2"]
    assert any(e["type"] == "zurueck" for e in ev)


def test_roehrenwechsel_colour_that_fits_with_no_brightness_ends_turn():
    s = situation(
        started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: ALMOST_FULL}, tools=["roehrenwechsel"]
    )
    s = _only_returned_colour_in_kiste(s)
    s1, ev = act(s, tool("roehrenwechsel", die=0))  # Pink back and drawn again: Pink fits window 7 never
    assert s1.pending is None and E.to_move(s1) == [1]
    assert s1.lieferung[:4] == ["C3", "G1", "N4", "V5"] and s1.lieferung[4][0] == "P"
    assert any(e["type"] == "zurueck" for e in ev)
    assert s1.grids[0] == ALMOST_FULL


def test_lagerkiste_swaps_with_stromzaehler_and_needs_it():
    s = situation(
        started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["lagerkiste"]
    )
    assert "lagerkiste" not in tool_starts(s)  # empty Stromzähler
    s = situation(s, zaehler=["N3", "V2"])
    s1, _ = act(s, tool("lagerkiste", die=0))
    assert [a for a in E.legal_actions(s1, 0)] == [
        {"type": "tauschen", "zaehler": 0},
        {"type": "tauschen", "zaehler": 1},
        {"type": "abbrechen"},
    ]
    s2, _ = act(s1, {"type": "tauschen", "zaehler": 0})
    assert s2.hand == "N3" and s2.zaehler == ["P2", "V2"] and s2.must_place
    assert {a["type"] for a in E.legal_actions(s2, 0)} == {"setzen"}
    with pytest.raises(IllegalAction, match="muss jetzt angebracht"):
        act(s2, {"type": "passen"})


def test_lagerkiste_unplaceable_returns():
    s = situation(
        started(2),
        lieferung=["P2", "C3", "G1", "N4", "V5"],
        grids={0: ALMOST_FULL},
        tools=["lagerkiste"],
        zaehler=["P6"],
    )
    s1, _ = act(s, tool("lagerkiste", die=1))
    s2, ev = act(s1, {"type": "tauschen", "zaehler": 0})
    assert E.to_move(s2) == [1] and s2.lieferung[-1] == "P6" and s2.zaehler == ["C3"]
    assert any(e["type"] == "zurueck" for e in ev)


def test_verlaengerungskabel_windows_without_neighbours():
    s = situation(started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], tools=["verlaengerungskabel"])
    assert "verlaengerungskabel" not in tool_starts(s)  # facade still empty
    s = situation(s, grids={0: grid({0: "V6"})})
    s1, _ = act(s, tool("verlaengerungskabel", die=0))
    cells = [a["fenster"] for a in E.legal_actions(s1, 0) if a["type"] == "setzen"]
    # every empty window except 1, 5, 6 (they touch V6 in window 0); the edge rule does not apply (12)
    assert cells == [2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
    s2, ev = act(s1, {"type": "setzen", "fenster": 12})
    assert s2.grids[0][12] == "P2" and s2.strom[0] == s.strom[0] - 1


def test_verlaengerungskabel_keeps_requirement():
    s = started(2, facade=TEST)
    s = situation(
        s, lieferung=["C2", "C3", "G1", "N4", "V5"], grids={0: grid({15: "V6"})}, tools=["verlaengerungskabel"]
    )
    s1, _ = act(s, tool("verlaengerungskabel", die=0))
    cells = [a["fenster"] for a in E.legal_actions(s1, 0) if a["type"] == "setzen"]
    # not 10, 11, 16 (they touch V6 in window 15); not 0 (wants Pink), 2 (3), 12 (Gelb), 19 (6)
    assert cells == [1, 3, 4, 5, 6, 7, 8, 9, 13, 14, 17, 18]


def test_stromausfall_only_second_turn_before_choosing():
    base = situation(started(2), lieferung=["P2", "C3", "G1"], tools=["stromausfall", "trafo"])
    assert "stromausfall" not in tool_starts(base)
    with pytest.raises(IllegalAction, match="zweiten Zug"):
        act(base, tool("stromausfall"))
    s = situation(base, second=True)
    assert "stromausfall" in tool_starts(s)
    s1, ev = act(s, tool("stromausfall"))
    assert [d[0] for d in s1.lieferung] == ["P", "C", "G"] and s1.draws == s.draws + 1
    assert s1.strom[0] == s.strom[0] - 1
    s2, _ = act(s, setzen(0, 0))  # Trafo keeps the turn open; Stromausfall is gone
    assert E.to_move(s2) == [0] and tool_starts(s2) == {"trafo"}


def test_doppelschicht_second_die_and_skipped_second_turn():
    s = situation(started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], tools=["doppelschicht"])
    assert "doppelschicht" not in tool_starts(s)  # only after the first die
    with pytest.raises(IllegalAction, match="nach der ersten Röhre"):
        act(s, tool("doppelschicht"))
    s1, _ = act(s, setzen(0, 0))
    assert "doppelschicht" in tool_starts(s1)
    s2, _ = act(s1, tool("doppelschicht"))
    assert s2.extra and 0 in s2.skip
    s3, _ = act(s2, setzen(0, 1))  # C3 next to P2
    assert s3.grids[0][:2] == ["P2", "C3"] and E.to_move(s3) == [1]
    # seat 1 takes both its turns; seat 0's second turn is skipped -> next round
    s4, _ = act(s3, {"type": "passen"}, seat=1)
    s5, ev = act(s4, {"type": "passen"}, seat=1)
    assert any(e["type"] == "aussetzen" and e["seat"] == 0 for e in ev)
    assert s5.runde == s3.runde + 1
    # not in the second turn
    t = situation(s, second=True)
    t1, _ = act(t, setzen(0, 0))
    assert "doppelschicht" not in tool_starts(t1)


# ------------------------------------------------------------- move tools


def _moves(s, seat=0):
    return {(a["von"], a["nach"]) for a in E.legal_actions(s, seat) if a["type"] == "umhaengen"}


def test_farbfolie_ignores_only_colour_requirement():
    s = started(2, facade=TEST)
    g = grid({4: "G3", 9: "C5"})
    s = situation(s, lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: g}, tools=["farbfolie"])
    s1, _ = act(s, tool("farbfolie"))
    mv = _moves(s1)
    # the moved die still needs a neighbour: window 0 (wants Pink) and 2 (wants 3) have none
    assert (4, 0) not in mv and (4, 2) not in mv
    assert (4, 8) in mv and (4, 3) in mv
    # C5 into 14: its only neighbours would be 9 (its own old window, empty) -> not allowed
    assert (9, 14) not in mv
    # all of them: G3 next to C5 (3, 8, 13, 14; 19 wants a 6), C5 next to G3 (3, 8)
    assert mv == {(4, 3), (4, 8), (4, 13), (4, 14), (9, 3), (9, 8)}
    s2, _ = act(s1, {"type": "umhaengen", "von": 4, "nach": 8})
    assert s2.grids[0][8] == "G3" and s2.grids[0][4] is None and s2.pending is None


def test_farbfolie_and_trafo_lift_one_kind_each():
    s = started(2, facade=TEST)
    # window 0 wants Pink, window 2 wants 3; neighbours present at 1 and 6/7
    g = grid({1: "N5", 7: "V1", 6: "C6"})
    s = situation(s, lieferung=["P2"], grids={0: g}, tools=["farbfolie", "trafo"])
    # move V1 (from 7) : to 0 (wants P) -> only Farbfolie; to 2 (wants 3) -> only Trafo
    f, _ = act(s, tool("farbfolie"))
    t, _ = act(s, tool("trafo"))
    assert (7, 0) in _moves(f) and (7, 0) not in _moves(t)
    assert (7, 2) in _moves(t) and (7, 2) not in _moves(f)
    # adjacency still applies: C6 into 2 (wants 3) next to N5? ok colour/brightness differ; into 0?
    assert (6, 0) in _moves(f)  # 0 neighbours 1 (N5): C6 ok
    g2 = grid({1: "V5", 7: "V1", 6: "C6"})
    f2, _ = act(situation(s, grids={0: g2}), tool("farbfolie"))
    assert (7, 0) not in _moves(f2)  # V1 next to V5 orthogonally


def test_move_treats_old_window_as_empty():
    s = situation(started(2), lieferung=["P2"], grids={0: grid({0: "V6"})}, tools=["trafo"])
    s1, _ = act(s, tool("trafo"))
    # the only die: the facade counts as empty, so it must go to the edge
    assert _moves(s1) == {(0, c) for c in EDGE_WINDOWS if c != 0}


def test_hebebuehne_exactly_two_different_dice():
    g = grid({0: "V6", 1: "C5", 2: "P4"})
    s = situation(started(2), lieferung=["N1"], grids={0: g}, tools=["hebebuehne"])
    s1, _ = act(s, tool("hebebuehne"))
    s2, _ = act(s1, {"type": "umhaengen", "von": 2, "nach": 7})
    assert s2.strom == s.strom and s2.pending["zuege"] == [[2, 7]]
    mv = _moves(s2)
    assert all(src != 7 for src, _ in mv)  # the same die cannot be moved twice
    assert mv
    with pytest.raises(IllegalAction):
        act(s2, {"type": "umhaengen", "von": 7, "nach": 2})
    with pytest.raises(IllegalAction):
        act(s2, {"type": "passen"})
    # cancel after the first move restores the facade and costs nothing
    c, _ = act(s2, {"type": "abbrechen"})
    assert c.grids[0] == g and c.strom == s.strom and c.pending is None
    src, dst = sorted(mv)[0]
    s3, _ = act(s2, {"type": "umhaengen", "von": src, "nach": dst})
    assert s3.pending is None and s3.strom[0] == s.strom[0] - 1 and s3.tool_used


def test_hebebuehne_needs_two_dice():
    s = situation(started(2), lieferung=["N1"], grids={0: grid({0: "V6"})}, tools=["hebebuehne"])
    assert "hebebuehne" not in tool_starts(s)


def test_schablone_ends_by_itself_without_a_second_move():
    g = grid({0: "V6", 1: "C5"})
    s = situation(started(2), lieferung=["N1"], grids={0: g}, tools=["schablone"], zaehler=["V1"])
    s1, _ = act(s, tool("schablone"))
    s2, _ = act(s1, {"type": "umhaengen", "von": 0, "nach": 5})
    assert s2.pending is None and s2.tool_used and s2.grids[0][5] == "V6"


def test_solo_missing_price_die_message():
    s = started(1, "solo")
    s = situation(s, lieferung=["P2", "P3", "C5", "G1"], grids={0: grid({0: "C6"})}, tools=["dimmer"])
    with pytest.raises(IllegalAction, match="Violett als Preis"):
        act(s, tool("dimmer", die=0, preis=1))


def test_schablone_colour_on_stromzaehler_one_or_two_dice():
    g = grid({0: "V6", 1: "C5", 6: "V4", 12: "P3"})
    s = situation(started(2), lieferung=["N1"], grids={0: g}, tools=["schablone"], zaehler=["G2"])
    assert "schablone" not in tool_starts(s)  # no Violett/Cyan/Pink on the Zähler... G only
    s = situation(s, zaehler=["G2", "V1"])
    s1, _ = act(s, tool("schablone"))
    assert {src for src, _ in _moves(s1)} <= {0, 6}  # only Violett dice
    s2, _ = act(s1, {"type": "umhaengen", "von": 6, "nach": 7})
    assert s2.strom[0] == s.strom[0] - 1  # one move is a complete use
    la = E.legal_actions(s2, 0)
    assert {"type": "fertig"} in la and {"type": "abbrechen"} not in la
    assert {src for src, _ in _moves(s2)} == {0}  # a different die of the same colour
    assert E.timeout_actions(s2, 0) == [{"type": "fertig"}]
    s3, _ = act(s2, {"type": "fertig"})
    assert s3.pending is None and s3.tool_used


def test_tools_absent_from_the_game_are_refused():
    s = situation(started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], tools=["trafo"])
    with pytest.raises(IllegalAction, match="Elektrikerkoffer"):
        act(s, tool("dimmer", die=0))


def test_einsteiger_has_no_tools():
    s = started(2, "einsteiger")
    assert s.werkzeuge == [] and tool_starts(s, E.to_move(s)[0]) == set()


# ------------------------------------------------------------------ solo


def test_solo_pays_with_a_die_of_the_tool_colour():
    s = started(1, "solo")
    s = situation(s, lieferung=["V2", "P3", "V5", "G1"], grids={0: grid({0: "C6"})}, tools=["dimmer"])
    la = [a for a in E.legal_actions(s, 0) if a["type"] == "werkzeug"]
    assert la and all(s.lieferung[a["preis"]][0] == "V" and a["preis"] != a["die"] for a in la)
    s1, _ = act(s, tool("dimmer", die=1, preis=2))
    s2, ev = act(s1, {"type": "dimmen", "delta": 1})
    assert s2.raus == ["V5"] and s2.lieferung == ["V2", "G1"] and s2.hand == "P4"
    assert "V5" not in s2.zaehler and s2.strom == [0]
    # each tool only once
    s3 = situation(s2, lieferung=["V2", "P3", "V5", "G1"])
    assert "dimmer" not in tool_starts(s3)


def test_solo_price_die_is_not_the_target_and_must_exist():
    s = started(1, "solo")
    s = situation(s, lieferung=["V2", "P3", "C5", "G1"], grids={0: grid({0: "C6"})}, tools=["dimmer"])
    la = [a for a in E.legal_actions(s, 0) if a["type"] == "werkzeug"]
    assert all(a["die"] != 0 for a in la)  # the only violet die pays, it cannot be dimmed
    s = situation(s, lieferung=["P2", "P3", "C5", "G1"])
    assert tool_starts(s) == set()  # no violet die: no Dimmer


def test_solo_win_needs_more_than_the_target():
    s = started(1, "solo")
    s.tafeln = []
    s.geheim = [["P", "C"]]
    s.grids[0] = list(FULL)  # Pink 17, Cyan 18: the better counts
    s.phase = "ende"
    s.zaehler = ["P6", "P6", "P6"]
    r = E.result(s)
    assert r["points"] == [18] and r["target"] == 18 and not r["won"]
    s.zaehler = ["P6", "P6", "P5"]
    assert E.result(s)["won"]


def test_solo_win_and_target():
    s = started(1, "solo")
    s.tafeln = ["volle_skala", "regenbogen"]
    s.geheim = [["P", "C"]]
    s.grids[0] = grid({0: "P6", 1: "C5"})
    s.phase = "ende"
    # points: 0 + 0 + best(P:6, C:5)=6 - 3*18 = -48
    s.zaehler = []
    r = E.result(s)
    assert r["points"] == [-48]
    assert not r["won"]
    assert [p["key"] for p in r["breakdown"][0]["posten"]] == [
        "tafel:volle_skala",
        "tafel:regenbogen",
        "geheimfarbe",
        "dunkel",
    ]
    assert german(r["breakdown"][0]["posten"][2]["label"]) == "Geheimfarbe Pink"


def test_solo_stromausfall_price_removed_before_reroll():
    s = started(1, "solo")
    s = situation(s, second=True, lieferung=["C2", "P3", "G4", "N1"], tools=["stromausfall"])
    s1, _ = act(s, tool("stromausfall", preis=0))
    assert s1.raus == ["C2"] and [d[0] for d in s1.lieferung] == ["P", "G", "N"]


# ----------------------------------------------------------------- scoring


def _score(tafel, cells):
    return E.score_tafel(tafel, grid(cells))[0]


def test_bunte_etagen_only_full_rows():
    row = {0: "P1", 1: "C1", 2: "G1", 3: "N1", 4: "V1"}
    assert _score("bunte_etagen", row) == 6
    assert _score("bunte_etagen", {k: v for k, v in row.items() if k != 4}) == 0
    assert _score("bunte_etagen", {**row, 4: "P2"}) == 0
    assert _score("bunte_etagen", {**row, **{k + 5: v for k, v in row.items()}}) == 12


def test_bunte_achsen_and_lichtstufen():
    col = {0: "P1", 5: "C2", 10: "G3", 15: "N4"}
    assert _score("bunte_achsen", col) == 5
    assert _score("lichtstufen_achsen", col) == 4
    assert _score("bunte_achsen", {0: "P1", 5: "C2", 10: "G3"}) == 0
    assert _score("lichtstufen_achsen", {**col, 15: "N1"}) == 0
    row = {0: "P1", 1: "P2", 2: "P3", 3: "P4", 4: "P5"}
    assert _score("lichtstufen_etagen", row) == 5
    assert _score("lichtstufen_etagen", {**row, 4: "P1"}) == 0
    assert _score("lichtstufen_etagen", {k: v for k, v in row.items() if k}) == 0


def test_pairs_each_die_only_once():
    cells = {0: "P1", 1: "C1", 2: "G1", 3: "N2", 4: "V3", 5: "P4", 6: "C5", 7: "G6", 8: "N6"}
    assert _score("daemmerlicht", cells) == 2  # three 1s, one 2 -> one pair
    assert _score("halbschatten", cells) == 2
    assert _score("flutlicht", cells) == 2  # one 5, two 6
    assert _score("daemmerlicht", {**cells, 9: "V2", 10: "P2"}) == 6


def test_sets_each_die_only_once():
    one = {0: "P1", 1: "C2", 2: "G3", 3: "N4", 4: "V5", 5: "P6"}
    assert _score("volle_skala", one) == 5
    assert _score("volle_skala", {**one, 6: "C1", 7: "G2"}) == 5
    assert _score("regenbogen", one) == 4
    assert _score("regenbogen", {**one, 6: "C1", 7: "G2", 8: "N3"}) == 4
    assert _score("regenbogen", {**one, 6: "C1", 7: "G2", 8: "N3", 9: "V6"}) == 8


def test_lichterkette_diagonal_same_colour():
    cells = {0: "P1", 6: "P2", 12: "P3", 1: "P4", 14: "C1"}
    # 0-6 and 6-12 diagonal pairs; 1 has diagonal 5, 7: empty -> no; 14 no
    assert _score("lichterkette", cells) == 3
    assert _score("lichterkette", {0: "P1", 1: "P2"}) == 0


def test_secret_colour_strom_dark_windows_and_blackout():
    s = started(2)
    s.tafeln = ["lichterkette"]
    s.geheim = [["P"], ["C"]]
    s.grids = [grid({0: "P6", 6: "P2", 1: "C5"}), grid({})]
    s.strom = [3, 0]
    total, items, sp = E.score_seat(s, 0)
    by = {i["key"]: i["punkte"] for i in items}
    assert by == {"tafel:lichterkette": 2, "geheimfarbe": 8, "strom": 3, "dunkel": -17}
    assert total == 2 + 8 + 3 - 17 and sp == 8
    s.ausgabe = "blackout"
    assert E.score_seat(s, 1)[0] == -60


def test_ties_secret_colour_then_strom_then_later_seat():
    s = started(3)
    s.tafeln = []
    s.geheim = [["P"], ["C"], ["G"]]
    s.phase = "ende"
    s.grids = [grid({0: "P4"}), grid({0: "C3"}), grid({0: "G2"})]
    s.strom = [0, 1, 2]  # 4-19, 3+1-19, 2+2-19: all -15
    r = E.result(s)
    assert r["points"] == [-15, -15, -15] and r["places"] == [1, 2, 3]
    s.grids = [grid({0: "P3"}), grid({0: "C3"}), grid({0: "G2"})]
    s.strom = [1, 1, 2]  # all -15; 0 and 1 tie on secret 3 and strom 1
    s.start1 = 0  # round 10 starts with (0 + 9) % 3 = 0: seat 1 is later than seat 0
    r = E.result(s)
    assert r["places"] == [2, 1, 3]
    s.start1 = 2  # round 10 start (2+9)%3 = 2: order 2, 0, 1 -> seat 1 still later than 0
    assert E.result(s)["places"] == [2, 1, 3]
    s.start1 = 1  # start 1: order 1, 2, 0 -> seat 0 is later
    assert E.result(s)["places"] == [1, 2, 3]


def test_leaderboard_points():
    r = {"points": [40, 25, -3, 10], "places": [1, 2, 4, 3]}
    assert [E.leaderboard_points(r, s, 4, 300) for s in range(4)] == [70, 40, 0, 15]
    r3 = {"points": [40, 25, 10], "places": [1, 2, 3]}
    assert [E.leaderboard_points(r3, s, 3, 300) for s in range(3)] == [70, 40, 10]
    r2 = {"points": [40, 25], "places": [1, 2]}
    assert [E.leaderboard_points(r2, s, 2, 300) for s in range(2)] == [70, 25]
    assert E.leaderboard_points(r2, 0, 2, 89.9) is None
    solo = {"points": [30], "places": [1], "target": 29, "won": True}
    assert E.leaderboard_points(solo, 0, 1, 120) == 60
    assert E.leaderboard_points({**solo, "won": False}, 0, 1, 120) == 30
    assert E.leaderboard_points({**solo, "points": [-5], "won": False}, 0, 1, 120) == 0


# -------------------------------------------------------------------- view


def test_view_hides_secrets_and_seed_and_shows_ui_data():
    s = situation(started(3, seed=918273645), lieferung=["P2", "C3", "G1", "N4", "V5", "P1", "C1"], tools=["dimmer"])
    v0 = E.view(s, 0)
    blob = json.dumps(v0)
    assert str(s.seed) not in blob and "seed" not in v0 and "draws" not in v0
    assert v0["spieler"][0]["geheim"] == s.geheim[0]
    assert v0["spieler"][1]["geheim"] is None and v0["spieler"][2]["geheim"] is None
    assert E.view(s, None)["spieler"][0]["geheim"] is None
    assert v0["am_zug"] == 0 and v0["fenster_je_roehre"][0] == EDGE_WINDOWS
    assert v0["werkzeuge"][0]["kosten"] == 1
    assert E.view(s, 1)["fenster_je_roehre"] is None
    json.dumps(E.view(s, 1))


def test_dump_load_roundtrip():
    s = situation(
        started(2),
        lieferung=["P2", "C3", "G1", "N4", "V5"],
        grids={0: grid({0: "V6", 1: "C5", 2: "P4"})},
        tools=["hebebuehne"],
    )
    s1, _ = act(s, tool("hebebuehne"))
    s2, _ = act(s1, {"type": "umhaengen", "von": 2, "nach": 7})
    data = json.loads(json.dumps(E.dump(s2)))
    assert E.load(data) == s2


def test_timeout_actions_without_tools_and_cancel_pending():
    s = situation(
        started(2),
        lieferung=["P2", "C3", "G1", "N4", "V5"],
        grids={0: grid({0: "V6"})},
        tools=["dimmer", "roehrenwechsel"],
    )
    ta = E.timeout_actions(s, 0)
    assert ta and all(a["type"] != "werkzeug" for a in ta) and {"type": "passen"} in ta
    s1, _ = act(s, tool("dimmer", die=0))
    assert E.timeout_actions(s1, 0) == [{"type": "abbrechen"}]
    s2, _ = act(s, tool("roehrenwechsel", die=0))
    assert {a["type"] for a in E.timeout_actions(s2, 0)} == {"helligkeit"}
    w = E.new_game(seed=1, players=2, options={})
    assert E.timeout_actions(w, 1) == E.legal_actions(w, 1)


def test_events_have_type_seat_and_german_text():
    s = situation(started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], tools=[])
    _, ev = act(s, setzen(0, 0))
    assert ev and all({"type", "seat", "text"} <= set(e) for e in ev)
    assert ev[0]["text"] == "hängt Pink 2 in Etage 1, Achse 1."


def test_free_facade_registered():
    assert FREE in content.FACADES


def test_float_or_bool_for_an_index_is_refused_not_crashing():
    # protocol: illegal input raises IllegalAction and leaves the state unchanged (1.0 and True are not 1)
    s = situation(started(2), lieferung=["P1", "C2", "G3", "N4", "V5"], tools=[])
    before = E.dump(s)
    for bad in (
        {"type": "setzen", "die": 1.0, "fenster": 0},
        {"type": "setzen", "die": True, "fenster": 0},
        {"type": "setzen", "die": 0, "fenster": 0.0},
    ):
        with pytest.raises(IllegalAction):
            act(s, bad)
    assert E.dump(s) == before


# ------------------------------------------------------ names from the text


def test_werbetafeln_names_and_points():
    # "Bunte Etagen (…, 6) · Bunte Achsen (5) · Lichtstufen-Etagen (…, 5) · Lichtstufen-Achsen (4) ·
    #  Dämmerlicht (…, 2) · Halbschatten (3+4, 2) · Flutlicht (5+6, 2) · Volle Skala (…, 5) ·
    #  Regenbogen (…, 4) · Lichterkette (…, 1)"
    ids = [
        "bunte_etagen",
        "bunte_achsen",
        "lichtstufen_etagen",
        "lichtstufen_achsen",
        "daemmerlicht",
        "halbschatten",
        "flutlicht",
        "volle_skala",
        "regenbogen",
        "lichterkette",
    ]
    s = started(2)
    s.tafeln = ids
    assert [(t["name"], t["punkte"]) for t in E.view(s, 0)["tafeln"]] == [
        ("Bunte Etagen", 6),
        ("Bunte Achsen", 5),
        ("Lichtstufen-Etagen", 5),
        ("Lichtstufen-Achsen", 4),
        ("Dämmerlicht", 2),
        ("Halbschatten", 2),
        ("Flutlicht", 2),
        ("Volle Skala", 5),
        ("Regenbogen", 4),
        ("Lichterkette", 1),
    ]
    drawn = {t for seed in range(40) for t in E.new_game(seed=seed, players=2, options={}).tafeln}
    assert drawn == set(ids)  # the three Werbetafeln come from exactly these ten


def test_tool_names_and_solo_price_colours():
    # RT "Werkzeuge" (the twelve names) and SUP "Solo colours (the tool's price die)"
    s = started(1, "solo")
    s.werkzeuge = [
        "dimmer",
        "wackelkontakt",
        "umpolen",
        "roehrenwechsel",
        "lagerkiste",
        "verlaengerungskabel",
        "stromausfall",
        "doppelschicht",
        "farbfolie",
        "trafo",
        "hebebuehne",
        "schablone",
    ]
    assert [(t["name"], t["preis_farbe"], t["kosten"]) for t in E.view(s, 0)["werkzeuge"]] == [
        ("Dimmer", "V", None),
        ("Wackelkontakt", "V", None),
        ("Umpolen", "N", None),
        ("Röhrenwechsel", "V", None),
        ("Lagerkiste", "N", None),
        ("Verlängerungskabel", "G", None),
        ("Stromausfall", "C", None),
        ("Doppelschicht", "P", None),
        ("Farbfolie", "C", None),
        ("Trafo", "P", None),
        ("Hebebühne", "G", None),
        ("Schablone", "C", None),
    ]
    drawn = {t for seed in range(40) for t in E.new_game(seed=seed, players=3, options={}).werkzeuge}
    assert drawn == set(s.werkzeuge)


def test_solo_only_tools_of_a_price_colour_in_the_lieferung_are_offered():
    # "Bezahlt wird mit einer Röhre dieser Farbe aus der Lieferung"; a Grün price pays Umpolen, not Dimmer
    s = started(1, "solo")
    s = situation(
        s, lieferung=["N2", "N3", "C5", "G1"], grids={0: grid({0: "V6"})}, tools=["dimmer", "umpolen", "trafo"]
    )
    assert tool_starts(s) == {"umpolen"}  # no Violett die (Dimmer), no Pink die (Trafo)
    offered = [a for a in E.legal_actions(s, 0) if a["type"] == "werkzeug"]
    # price N2 or N3, never the target itself; N2 -> N5, N3 -> N4, C5 -> C2, G1 -> G6 all fit next to V6
    assert sorted((a["die"], a["preis"]) for a in offered) == [(0, 1), (1, 0), (2, 0), (2, 1), (3, 0), (3, 1)]
