"""Speedburg's table fragments: plain data, the Windschutz in every fragment, lit places and previews."""

from __future__ import annotations

import html
import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games.burg import content, preview, ui
from games.burg import engine as E
from games.core.fragments import Fragment, FragmentContext, TableView, clear_render_cache, to_html

from .helpers import open_discard, situation
from .test_properties import _shuffle_castle, walk

MAUER = next(nr for nr, sk in content.SKETCHES.items() if sk.name == "Strandmauer")


def ctx_for(s: E.State, seat: int | None, log: list | None = None) -> FragmentContext:
    players = [{"name": f"P{i}", "bot": "normal" if i else None, "left": False} for i in range(s.players)]
    snap = TableView(
        table_id=1, match_id=1, number=1, version=0, kind="live", status="playing", players=players, log=log or []
    )
    return FragmentContext(snap, E.view(s, seat), seat, [p["name"] for p in players])


def fragments(s: E.State, seat: int | None) -> dict[str, Fragment]:
    """What ``seat`` receives: the public fragments (from the spectator's view) and its private ones."""
    out = dict(ui.public_fragments(ctx_for(s, None)))
    if seat is not None:
        out.update(ui.private_fragments(ctx_for(s, seat)))
    return out


def turn_of(s: E.State, seat: int) -> dict:
    html_turn = to_html({"t": ui.private_fragments(ctx_for(s, seat))["bg-turn"]})["t"]
    return json.loads(html.unescape(re.search(r"data-turn='([^']*)'", html_turn).group(1)))


SMALL = settings(max_examples=6, deadline=None)
games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**31),
        "players": st.integers(2, 4),
        "skizzenwahl": st.sampled_from(["eine", "zwei"]),
        "bauen": st.just("verdeckt"),
        "picks": st.lists(st.integers(0, 10_000), min_size=5, max_size=40),
    }
)


@SMALL
@given(games, st.integers(0, 2**31))
def test_hidden_building_no_fragment_for_another_seat_or_a_spectator_carries_a_castle(g, salt):
    """Behind the Windschutz a different castle of another seat gives every viewer identical fragments."""
    rng = random.Random(salt)
    for i, (s, _seat, _a) in enumerate(walk(g)):
        if s.phase != "bauen" or i % 4:
            continue
        for other in range(s.players):
            if not any(s.burgen[other]):
                continue
            t = _shuffle_castle(s, other, rng)
            for viewer in [None, *range(s.players)]:
                if viewer == other:
                    continue
                mine, theirs = fragments(s, viewer), fragments(t, viewer)
                assert mine.keys() == theirs.keys()
                for name in mine:
                    assert mine[name].key() == theirs[name].key(), f"{name} shows seat {other}'s castle to {viewer}"
        public = ui.public_fragments(ctx_for(s, None))
        for p in range(s.players):
            assert public[f"bg-seat-{p}"].data["card"]["castle"] is None


def test_fragments_are_plain_data_and_render_in_every_phase():
    s = E.new_game(seed=3, players=3, options={"skizzenwahl": "zwei", "bauen": "offen"})
    rng = random.Random(3)
    phases = set()
    while True:
        for viewer in (None, 0, 1, 2):
            frs = fragments(s, viewer)
            for fragment in frs.values():
                fragment.key()  # raises on anything but plain data
            rendered = to_html(frs)
            for name, text in rendered.items():
                assert f'id="{name}"' in text
        phases.add(s.phase)
        if E.is_over(s):
            break
        seat = E.to_move(s)[0]
        s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
    assert phases == {"skizze", "bauen", "wertung", "ende"}
    end = to_html(ui.public_fragments(ctx_for(s, None)))["bg-end"]
    assert "<svg" in end and "<polyline" in end and "Endtafel" in end


def test_lit_places_are_exactly_the_legal_builds_and_each_has_a_preview():
    s = situation(
        castles={0: {0: "G2", 1: "T3"}},
        auslage="T1 G2 M4 S6",
        sketches={0: MAUER, 1: MAUER},
        order=[0, 1],
    )
    turn = turn_of(s, 0)
    legal = E.legal_actions(s, 0)
    for die_id, fields in turn["plaetze"].items():
        assert sorted(fields) == sorted(a["feld"] for a in legal if a["wuerfel"] == int(die_id))
        assert sorted(turn["vorschau"][die_id]) == sorted(str(f) for f in fields)
    # Treibholz 1 next to the Treibholz 3 on field 1: field 2 brings 2 + 2 points
    t1 = next(d for d in s.auslage if d[1] == 1)
    assert turn["vorschau"][str(t1[0])]["2"]["punkte"] == 4
    assert turn["vorschau"][str(t1[0])]["2"]["moeglich"] is True
    # a Granit 2 on the Treibholz 3 is not allowed (3 > 2)
    g2 = next(d for d in s.auslage if d[1] == 2)
    assert 1 not in turn["plaetze"][str(g2[0])] and 0 in turn["plaetze"][str(g2[0])]
    assert turn_of(s, 1)["mine"] is False and turn_of(s, 1)["plaetze"] == {}


def test_open_building_marks_the_red_die_when_discarding():
    s = open_discard()
    t1 = next(d for d in s.auslage if content.material(d[0]) == content.TREIBHOLZ)
    turn = turn_of(s, 0)
    assert turn["step"] == "ablegen" and turn["rot"] == t1[0]
    assert "+8 Punkte" in turn["gabe"][str(t1[0])]
    s.options = {**s.options, "bauen": "verdeckt"}
    assert turn_of(s, 0)["rot"] is None and turn_of(s, 0)["gabe"] == {}


def test_scoring_board_names_the_players_in_every_tie_reason():
    s = situation(
        castles={0: {0: "G1", 2: "S1"}, 1: {1: "G1"}},
        auslage="S1 S2",
        sketches={0: MAUER, 1: MAUER},
        order=[0, 1],
        turn=11,
    )
    s, _ = E.apply(s, 1, {"type": "bauen", "wuerfel": s.auslage[0][0], "feld": 3})
    assert s.phase == "wertung"
    board = to_html(ui.public_fragments(ctx_for(s, None)))["bg-board"]
    assert "Rundenwertung" in board and "{s" not in board
    assert "P1 vor P0: gleich viele Würfel in beiden Wimpel-Materialien, P1 war in dieser Runde später dran." in board
    assert "Goldene Schaufel: <strong>P1</strong>" in board


def test_the_log_names_the_seat_and_never_shows_tokens():
    s = E.new_game(seed=1, players=2, options={})
    log = [
        {"type": "bauen", "seat": 1, "text": "nimmt Granit 4."},
        {"type": "wertung", "seat": None, "text": "{s0} vor {s1}"},
    ]
    text = to_html(ui.public_fragments(ctx_for(s, None, log)))["bg-log"]
    assert "<strong>P1</strong> nimmt Granit 4." in text and "P0 vor P1" in text


def test_the_log_starts_with_round_one_while_the_whole_game_fits_in_it():
    s = E.new_game(seed=5, players=3, options={})
    line = ui.event_line(s.eroeffnung[0], ["P0", "P1", "P2"])["text"]
    assert line.startswith("Runde 1 beginnt. Wimpel des Tages: ") and line.endswith(f"Ausgelost beginnt P{s.start1}.")
    text = to_html(ui.public_fragments(ctx_for(s, None)))["bg-log"]
    assert line in text
    # the table keeps 40 events: once the game has more than the 30 shown, round 1's line has gone by
    log = [{"type": "bauen", "seat": 1, "text": f"nimmt Granit {i}."} for i in range(29)]
    assert line in to_html(ui.public_fragments(ctx_for(s, None, log)))["bg-log"]
    log.append({"type": "bauen", "seat": 1, "text": "nimmt Seeglas 1."})
    assert "Runde 1 beginnt" not in to_html(ui.public_fragments(ctx_for(s, None, log)))["bg-log"]


def test_options_summary():
    assert ui.options_summary({"bauen": "offen", "skizzenwahl": "zwei"}) == (
        "offenes Bauen, Skizzen: 2 ziehen, 1 behalten"
    )
    assert ui.options_summary({}) == "verdeckt (Windschutz)"


def test_which_sketch_another_seat_kept_shows_in_no_fragment_while_others_still_choose():
    for bauen in ("verdeckt", "offen"):
        s = E.new_game(seed=8, players=3, options={"skizzenwahl": "zwei", "bauen": bauen})
        a = E.apply(s, 1, {"type": "skizze", "skizze": s.angebot[1][0]})[0]
        b = E.apply(s, 1, {"type": "skizze", "skizze": s.angebot[1][1]})[0]
        for viewer in (None, 0, 2):
            fa, fb = fragments(a, viewer), fragments(b, viewer)
            assert {k: f.key() for k, f in fa.items()} == {k: f.key() for k, f in fb.items()}, (bauen, viewer)
        assert fragments(a, 1)["bg-wahl"].key() != fragments(b, 1)["bg-wahl"].key()


def test_hidden_building_the_pennant_info_shows_the_own_count_to_its_seat_only():
    # "die Wimpel des Tages: wer wie viele Würfel dieses Materials verbaut hat (soweit die Burgen sichtbar sind)"
    s = situation(castles={0: {0: "G1 G2", 1: "S3"}, 1: {0: "G4"}}, wimpel="GS", options={"bauen": "verdeckt"})
    center = to_html({"c": ui.public_fragments(ctx_for(s, None))["bg-center"]})["c"]
    assert "P0: verdeckt" in html.unescape(center) and "P1: verdeckt" in html.unescape(center)
    assert turn_of(s, 0)["wimpel"] == {"prefix": "P0: ", "lines": ["P0: 2 Würfel", "P0: 1 Würfel"]}
    assert turn_of(s, 1)["wimpel"] == {"prefix": "P1: ", "lines": ["P1: 1 Würfel", "P1: 0 Würfel"]}


def test_a_seat_card_names_a_taken_over_seat_once_and_its_prizes_in_full():
    s = situation(castles={0: {0: "G1"}, 1: {0: "G2"}}, options={"bauen": "offen"})
    s.schaufeln = [["gold"], ["silber"]]
    s.preise = [["strandgut", "strandtreppe"], []]
    players = [
        {"name": "Computer (für Dieter)", "bot": "normal", "left": True},
        {"name": "Anna", "bot": None, "left": False},
    ]
    snap = TableView(
        table_id=1, match_id=1, number=1, version=0, kind="live", status="playing", players=players, log=[]
    )
    ctx = FragmentContext(snap, E.view(s, None), None, [p["name"] for p in players])
    card = html.unescape(to_html({"c": ui.public_fragments(ctx)["bg-seat-0"]})["c"])
    assert "Computer (für Dieter)" in card and "(Computer)" not in card
    assert '<span class="bg-prize">Strandgut</span>' in card and '<span class="bg-prize">Strandtreppe</span>' in card
    assert "1 Punkt<" in card  # "1 Punkt", not "1 Punkte"


def test_a_seat_card_says_when_its_castle_hits_the_sketch_as_the_own_castle_does():
    s = situation(
        castles={0: {0: "G1 G3", 1: "G1 G2", 2: "T1 T2"}, 1: {0: "G4"}},
        sketches={0: MAUER, 1: MAUER},
        options={"bauen": "offen"},
    )
    cards = to_html({k: v for k, v in ui.public_fragments(ctx_for(s, None)).items() if k.startswith("bg-seat-")})
    assert "Skizze getroffen: +6" in cards["bg-seat-0"]
    assert "Skizze noch zu schaffen" in cards["bg-seat-1"] and "Skizze getroffen: +6" not in cards["bg-seat-1"]
    own = to_html({"o": ui.private_fragments(ctx_for(s, 0))["bg-own"]})["o"]
    assert "Skizze getroffen: +6" in own


def test_every_seat_sees_what_each_auslage_die_means_for_its_own_castle_also_while_others_build(monkeypatch):
    # RT "Karten-Info": "was er für deine Burg bedeutet – auf wie viele Plätze er passt, wie viele Punkte er am
    # besten Platz bringt und ob die Skizze dann noch zu schaffen ist" – for every seated player, not only the mover
    s = situation(
        players=3,
        castles={0: {0: "G1"}, 1: {0: "T3", 1: "T1"}, 2: {4: "M2"}},
        auslage="T1 G2 M4 S6 S6",
        sketches={0: MAUER, 1: MAUER, 2: MAUER},
        order=[0, 1, 2],
        turn=0,
    )
    waiting = turn_of(s, 1)
    assert waiting["mine"] is False
    t1 = next(d for d in s.auslage if d[1] == 1)
    assert waiting["info"][str(t1[0])].startswith(
        "Treibholz 1: passt auf 8 Plätze; am besten Feld 2: +4 Punkte; Skizze noch zu schaffen; Leuchtturm: "
    )
    # the same line the seat gets on its own turn (and the hover texts of E.view's own castle)
    own = E.view(s, 1)["spieler"][1]
    for d in s.auslage:
        assert waiting["info"][str(d[0])] == preview.die_for_castle(own, d)["text"]
    s_then = situation(
        players=3,
        castles={0: {0: "G1"}, 1: {0: "T3", 1: "T1"}, 2: {4: "M2"}},
        auslage="T1 G2 M4 S6 S6",
        sketches={0: MAUER, 1: MAUER, 2: MAUER},
        order=[1, 2, 0],
        turn=0,
    )
    assert turn_of(s_then, 1)["info"] == waiting["info"]
    # only the summary: no lit places and no per-place previews for a seat that does not build now
    assert waiting["plaetze"] == {} and waiting["vorschau"] == {} and waiting["verlieren"] == []
    # a spectator has no castle: nothing; a seat with six dice built has nothing left to build: nothing
    assert ui.turn_data(E.view(s, None))["info"] == {}
    s.burgen[2] = [[d] for d in s.burgen[2][4][:1]] + [[[16 + i, 1]] for i in range(1, 6)] + [[], [], []]
    assert E.used(s, 2) == 6 and turn_of(s, 2)["info"] == {}

    # remembered by the seat's castle, sketch and the die's kind: after another seat's build only the new die
    # of the Auslage is worked out again, and a die of a kind already known not at all
    clear_render_cache()
    calls: list[tuple[int, list[int]]] = []
    placements = preview.placements
    monkeypatch.setattr(preview, "placements", lambda *a: calls.append((len(a[0][0]), a[3])) or placements(*a))
    s = situation(
        players=3,
        castles={0: {0: "G1"}, 1: {0: "T3"}},
        auslage="T1 G2 M4 S6 S6",
        sketches={0: MAUER, 1: MAUER, 2: MAUER},
        order=[0, 1, 2],
        turn=0,
    )
    kinds = {(content.material(d[0]), d[1]) for d in s.auslage}
    for seat in (1, 2):
        turn_of(s, seat)
    assert len(calls) == 2 * len(kinds) == 8  # two dice of one kind: once
    turn_of(s, 2)
    assert len(calls) == 8
    g2 = next(d for d in s.auslage if d[1] == 2)
    s, _ = E.apply(s, 0, {"type": "bauen", "wuerfel": g2[0], "feld": 4})  # seat 0 builds, a new die rolls in
    fresh = {(content.material(d[0]), d[1]) for d in s.auslage} - kinds
    calls.clear()
    waiting = turn_of(s, 2)
    assert waiting["mine"] is False and set(waiting["info"]) == {str(d[0]) for d in s.auslage}
    assert len(calls) == len(fresh) <= 1
    # the mover's previews come from the same answers: seat 1's castle did not change since it waited
    calls.clear()
    mover = turn_of(s, 1)
    assert mover["mine"] is True and set(mover["vorschau"]) == set(mover["info"]) and len(calls) == len(fresh)


def test_the_discarding_seat_sees_its_own_castle_and_its_opponents():
    # RT "Beim Ablegen zu zweit steht dort auch, was er deinem Gegner bringen würde": "auch" – the own line stays
    s = open_discard()
    turn = turn_of(s, 0)
    assert turn["step"] == "ablegen" and set(turn["info"]) == set(turn["gabe"]) == {str(d[0]) for d in s.auslage}
    assert all(text.endswith(".") and "passt auf" in text for text in turn["info"].values())
    assert turn["vorschau"] == {}
