"""Speedneon computer players: legal, view-only, and stronger by level."""

from __future__ import annotations

import copy
import json
import random
import statistics

import pytest

from games.core.bots import Choice
from games.core.text import german
from games.neon import bots as B
from games.neon import engine as E
from games.neon.content import FACADES, TAFELN

from .helpers import act, grid, situation, started

#: Playouts per decision of ``stark`` in these tests (deterministic; play uses a time budget).
PLAYOUTS = 48


def play(seed: int, levels: list[str], ausgabe: str = "klassisch", check=None) -> dict:
    opts = {"ausgabe": ausgabe}
    if ausgabe == "solo":
        opts["werkzeuge"] = 5
    s = E.new_game(seed=seed, players=len(levels), options=opts)
    rng = random.Random(seed)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        view = E.view(s, seat)
        legal = E.legal_actions(s, seat)
        choice = B.BOTS[levels[seat]](view, legal, rng, budget=PLAYOUTS)
        if check:
            check(view, legal, choice)
        s, _ = E.apply(s, seat, choice.action)
    return E.result(s)


def _legal_check(view, legal, choice):
    assert isinstance(choice, Choice)
    assert choice.action in legal
    assert isinstance(choice.reason, str) and choice.reason


@pytest.mark.parametrize("level", ["leicht", "normal"])
@pytest.mark.parametrize("players,ausgabe", [(2, "klassisch"), (4, "blackout"), (1, "solo")])
def test_bots_choose_legal_actions(level, players, ausgabe):
    for seed in range(2):
        play(seed, [level] * players, ausgabe, _legal_check)


def test_stark_chooses_legal_actions_through_a_whole_game():
    s = E.new_game(seed=5, players=3, options={})
    rng = random.Random(5)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        view, legal = E.view(s, seat), E.legal_actions(s, seat)
        choice = B.BOTS["stark" if seat == 0 else "normal"](view, legal, rng, budget=PLAYOUTS)
        _legal_check(view, legal, choice)
        s, _ = E.apply(s, seat, choice.action)


PENDING = [
    ("dimmer", {"die": 0}),
    ("roehrenwechsel", {"die": 0}),
    ("lagerkiste", {"die": 0}),
    ("verlaengerungskabel", {"die": 0}),
    ("hebebuehne", {}),
    ("schablone", {}),
    ("farbfolie", {}),
    ("trafo", {}),
]


@pytest.mark.parametrize("tool,kw", PENDING, ids=[p[0] for p in PENDING])
@pytest.mark.parametrize("level", ["leicht", "normal", "stark"])
def test_bots_finish_open_tool_steps(tool, kw, level):
    s = situation(
        started(2),
        lieferung=["P2", "C3", "G1", "N4", "V5"],
        grids={0: grid({0: "V6", 1: "C5", 2: "P4"})},
        tools=[tool],
        zaehler=["P1", "V2"],
    )
    s, _ = act(s, {"type": "werkzeug", "tool": tool, **kw})
    rng = random.Random(1)
    for _ in range(6):
        if E.to_move(s) != [0]:
            break
        legal = E.legal_actions(s, 0)
        choice = B.BOTS[level](E.view(s, 0), legal, rng, budget=PLAYOUTS)
        assert choice.action in legal
        s, _ = act(s, choice.action)
    assert s.pending is None


def test_bots_use_only_the_view():
    s = situation(started(3, seed=4), lieferung=["P2", "C3", "G1", "N4", "V5", "P6", "C1"], tools=["dimmer"])
    # a different hidden world: other secret colours and another seed, same view for seat 0
    t = s.copy()
    t.seed += 12345
    t.geheim = [s.geheim[0], s.geheim[2], s.geheim[1]]
    assert E.view(s, 0) == E.view(t, 0)
    for level in ("leicht", "normal", "stark"):
        view = json.loads(json.dumps(E.view(s, 0)))  # plain data only
        before = copy.deepcopy(view)
        legal = E.legal_actions(s, 0)
        a = B.BOTS[level](view, legal, random.Random(3), budget=PLAYOUTS)
        b = B.BOTS[level](E.view(t, 0), E.legal_actions(t, 0), random.Random(3), budget=PLAYOUTS)
        assert a == b and view == before


def test_determinize_is_consistent_with_the_view():
    s = situation(started(4, seed=8), lieferung=["P2", "C3", "G1", "N4", "V5", "P6", "C1", "G2", "N5"])
    view = E.view(s, 2)
    w = B.determinize(view, random.Random(0))
    assert E.view(w, 2) == view
    assert w.geheim[2] == s.geheim[2]
    others = [c for p in range(4) if p != 2 for c in w.geheim[p]]
    assert len(set(others)) == 3 and s.geheim[2][0] not in others


def test_facade_choice_by_every_level():
    s = E.new_game(seed=2, players=2, options={})
    for level in ("leicht", "normal", "stark"):
        legal = E.legal_actions(s, 0)
        c = B.BOTS[level](E.view(s, 0), legal, random.Random(0), budget=PLAYOUTS)
        assert c.action in legal and "Fassade" in c.reason


def test_advice_never_suggests_tools_in_the_solo_variant():
    s = started(1, "solo", werkzeuge=5)
    s = situation(
        s,
        lieferung=["V1", "V2", "C3", "G6"],
        grids={0: grid({0: "N6"})},
        tools=["dimmer", "umpolen", "wackelkontakt", "trafo", "verlaengerungskabel"],
    )
    legal = E.legal_actions(s, 0)
    assert any(a["type"] == "werkzeug" for a in legal)
    for seed in range(3):
        c = B.advice(E.view(s, 0), legal, random.Random(seed), budget=PLAYOUTS)
        assert c.action in legal and c.action["type"] != "werkzeug" and c.reason
    # no computer seats exist in the Solovariante: every level acts for the human only
    for level, bot in B.BOTS.items():
        for seed in range(5):
            c = bot(E.view(s, 0), legal, random.Random(seed), budget=PLAYOUTS)
            assert c.action in legal and c.action["type"] != "werkzeug", level


def test_advice_may_suggest_tools_against_computers():
    s = started(2)
    s.geheim = [["P"], ["C"]]
    s.tafeln = ["flutlicht", "volle_skala", "regenbogen"]
    s = situation(s, lieferung=["P1", "N1", "G1", "N2", "V2"], grids={0: grid({})}, tools=["umpolen"])
    c = B.advice(E.view(s, 0), E.legal_actions(s, 0), random.Random(0), budget=PLAYOUTS)
    assert c.action["type"] == "werkzeug" and c.reason


def test_normal_uses_dimmer_when_it_pays():
    # secret colour Pink; a Pink 5 would fit the only good window if dimmed from 4? use Umpolen/Dimmer
    s = started(2)
    s.geheim = [["P"], ["C"]]
    s.tafeln = ["flutlicht", "volle_skala", "regenbogen"]
    s = situation(s, lieferung=["P1", "N1", "G1", "N2", "V2"], grids={0: grid({})}, tools=["umpolen"])
    c = B.choose_normal(E.view(s, 0), E.legal_actions(s, 0), random.Random(0))
    assert c.action == {"type": "werkzeug", "tool": "umpolen", "die": 0}


def test_stronger_levels_score_more():
    """A small seeded sample: three-player games, every level in every seat (8 deals: with 4,
    one deal's luck could put ``normal`` a third of a point ahead)."""
    levels = ["leicht", "normal", "stark"]
    points = {lv: [] for lv in levels}
    for seed in range(8):
        for shift in range(3):
            seats = levels[shift:] + levels[:shift]
            r = play(100 + seed, seats)
            for i, lv in enumerate(seats):
                points[lv].append(r["points"][i])
    mean = {lv: statistics.mean(p) for lv, p in points.items()}
    assert mean["stark"] >= mean["normal"] >= mean["leicht"], mean


# ------------------------------------------------------------------ stark's honesty


def _turns(seed: int, players: int):
    """Positions of a game between ``normal`` computers where a seat starts a turn in the play phase."""
    s = E.new_game(seed=seed, players=players, options={})
    rng = random.Random(seed)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        view, legal = E.view(s, seat), E.legal_actions(s, seat)
        if view["phase"] == "spiel" and view["zugstatus"]["offen"] is None and view["zugstatus"]["hand"] is None:
            yield s, seat
        s, _ = E.apply(s, seat, B.choose_normal(view, legal, rng).action)


def _other_world(s: E.State, seat: int) -> E.State:
    """The same game from ``seat``'s view: other secret colours, other future draws from the Kiste."""
    t = s.copy()
    t.seed += 4711
    others = [p for p in range(s.players) if p != seat]
    rotated = others[1:] + others[:1]
    t.geheim = list(s.geheim)
    for p, q in zip(others, rotated, strict=True):
        t.geheim[p] = s.geheim[q]
    return t


def test_stark_decides_the_same_in_two_hidden_worlds_that_look_the_same_from_its_seat():
    checked = 0
    for number, (s, seat) in enumerate(_turns(seed=31, players=3)):
        if number % 5:
            continue
        t = _other_world(s, seat)
        assert E.view(t, seat) == E.view(s, seat) and t.geheim != s.geheim
        legal = E.legal_actions(s, seat)
        here = B.choose_stark(E.view(s, seat), legal, random.Random(9), budget=PLAYOUTS)
        there = B.choose_stark(E.view(t, seat), E.legal_actions(t, seat), random.Random(9), budget=PLAYOUTS)
        assert here == there  # the action and the reason (with its expected points)
        checked += 1
        if checked >= 4:
            break
    assert checked == 4


def test_assess_is_honest_too():
    s, seat = next(_turns(seed=32, players=2))
    t = _other_world(s, seat)
    legal = E.legal_actions(s, seat)
    chosen = legal[-1]
    here = B.assess(E.view(s, seat), legal, chosen, random.Random(2), budget=PLAYOUTS)
    there = B.assess(E.view(t, seat), E.legal_actions(t, seat), chosen, random.Random(2), budget=PLAYOUTS)
    assert here is not None and here == there
    assert here.options[here.chosen].action == chosen


def test_stark_plays_more_with_a_larger_playout_budget():
    s, seat = next(_turns(seed=33, players=3))
    view, legal = E.view(s, seat), E.legal_actions(s, seat)
    candidates = [a for a, _ in B._candidates(view, legal)]
    last = 0
    for playouts in (8, 32, 128):
        result = B._search(view, candidates, random.Random(0), B.as_budget(playouts), prune=True)
        assert last <= result.playouts <= playouts
        last = result.playouts


def test_stark_says_how_many_games_it_played_out():
    s, seat = next(_turns(seed=34, players=2))
    choice = B.choose_stark(E.view(s, seat), E.legal_actions(s, seat), random.Random(0), budget=PLAYOUTS)
    assert 0 < choice.playouts <= PLAYOUTS and "Probespiele" in choice.reason


def test_the_analysis_names_the_die_a_tool_is_used_on():
    view = {"lieferung": ["P2", "C3"]}
    assert german(B._label({"type": "werkzeug", "tool": "dimmer", "die": 1}, view)) == "Dimmer für Cyan 3"
    assert german(B._label({"type": "passen"}, view)) == "Passen"


# ------------------------------------------------------------------ the fast placement estimate


def test_best_placements_gives_place_values_for_exactly_the_legal_placements():
    """``best_placements`` counts once per grid what ``place_value`` counts per placement:
    the same placements with the same values, on random facades, Werbetafeln and grids."""
    rng = random.Random(5)
    facades, tafeln = sorted(FACADES), sorted(TAFELN)
    checked = 0
    for _ in range(150):
        req = FACADES[rng.choice(facades)].req
        secret = {c: w for c, w in zip(rng.sample(B.COLOURS, 2), (1.0, 0.6), strict=True)}
        ctx = B.Ctx(req, secret, rng.sample(tafeln, rng.choice([0, 2, 3])), rng.choice([1, 3]), rng.random() < 0.3)
        g: list[str | None] = [None] * 20
        for _ in range(rng.randint(1, 19)):
            dice = [rng.choice(B.COLOURS) + str(rng.randint(1, 6)) for _ in range(rng.randint(1, 7))]
            got = B.best_placements(ctx, g, dice)
            expected = [
                (B.place_value(ctx, g, d, c), i, c)
                for i, d in enumerate(dice)
                if d not in dice[:i]
                for c in E.windows_for(g, req, d)
            ]
            assert sorted(got, key=lambda x: (-x[0], x[1], x[2])) == sorted(expected, key=lambda x: (-x[0], x[1], x[2]))
            checked += len(got)
            if not got:
                break
            _, i, c = rng.choice(got)
            g[c] = dice[i]
    assert checked > 1000


def test_stark_compares_facades_on_the_same_deliveries():
    s = E.new_game(seed=3, players=2, options={})
    seat = E.to_move(s)[0]
    view = E.view(s, seat)
    fid = view["angebot"][0]["id"]
    secrets = view["spieler"][seat]["geheim"]
    tafeln = [t["id"] for t in view["tafeln"]]
    seeds = [11, 12, 13]
    one = B.facade_estimate(fid, secrets, tafeln, view, random.Random(1), "stark", seeds)
    two = B.facade_estimate(fid, secrets, tafeln, view, random.Random(2), "stark", seeds)
    other = B.facade_estimate(fid, secrets, tafeln, view, random.Random(1), "stark", [21, 22, 23])
    assert one == two != other
