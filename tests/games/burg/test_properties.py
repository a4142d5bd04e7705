"""Property tests over random Speedburg games (sized small for CI)."""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.burg import bots as B
from games.burg import engine as E
from games.burg import scoring
from games.burg.content import PUDDLE, SKETCHES
from games.core.protocol import IllegalAction

SETTINGS = settings(max_examples=12, deadline=None)

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**31),
        "players": st.integers(1, 4),
        "skizzenwahl": st.sampled_from(["eine", "zwei"]),
        "bauen": st.sampled_from(["verdeckt", "offen"]),
        "picks": st.lists(st.integers(0, 10_000), min_size=5, max_size=60),
    }
)


def start(g):
    return E.new_game(
        seed=g["seed"], players=g["players"], options={"skizzenwahl": g["skizzenwahl"], "bauen": g["bauen"]}
    )


def walk(g, limit=None):
    """Yield (state, seat, action) along a random game; the picks decide seat and action."""
    s = start(g)
    rng = random.Random(g["seed"])
    picks = iter(g["picks"])
    steps = 0
    while not E.is_over(s) and (limit is None or steps < limit):
        movers = E.to_move(s)
        k = next(picks, None)
        if k is None:
            k = rng.randrange(10_000)
        seat = movers[k % len(movers)]
        legal = E.legal_actions(s, seat)
        action = legal[(k // 7) % len(legal)]
        yield s, seat, action
        s, _ = E.apply(s, seat, action)
        steps += 1
    yield s, None, None


def slow_legal(s: E.State, seat: int) -> list[dict]:
    """The rule text, written out as plainly as possible."""
    if s.phase == "skizze":
        return [{"type": "skizze", "skizze": nr} for nr in s.angebot[seat]] if s.skizze[seat] is None else []
    if s.phase == "wertung":
        return [] if s.weiter[seat] else [{"type": "weiter"}]
    if s.phase != "bauen" or s.order[s.turn % s.players] != seat:
        return []
    if s.step == "ablegen":
        return [{"type": "ablegen", "wuerfel": d[0]} for d in s.auslage]
    out = []
    targets = SKETCHES[s.skizze[seat]].targets
    for die_id, pips in s.auslage:
        fits = []
        for field in range(9):
            if targets[field] == PUDDLE:
                continue
            stack = s.burgen[seat][field]
            if len(stack) == 0 or stack[len(stack) - 1][1] <= pips:
                fits.append(field)
        if fits:
            out += [{"type": "bauen", "wuerfel": die_id, "feld": f} for f in fits]
        else:
            out.append({"type": "verlieren", "wuerfel": die_id})
    return out


def canon(actions):
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


@SETTINGS
@given(games)
def test_all_32_dice_accounted_for_at_every_moment(g):
    for s, _seat, _a in walk(g):
        assert sorted(E.all_dice(s)) == list(range(32))
        if s.phase == "bauen":
            assert all(E.used(s, p) <= 6 for p in range(s.players))


@SETTINGS
@given(games)
def test_legal_actions_are_exactly_the_legal_ones(g):
    for i, (s, _seat, _a) in enumerate(walk(g, limit=40)):
        for seat in range(s.players):
            assert canon(E.legal_actions(s, seat)) == canon(slow_legal(s, seat))
        for seat in E.to_move(s) if i % 4 == 0 else []:
            for action in E.legal_actions(s, seat):
                E.apply(s, seat, action)  # never raises
        # and something not in the list is refused
        for seat in range(s.players):
            if seat not in E.to_move(s):
                try:
                    E.apply(s, seat, {"type": "weiter"})
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("a seat not to move could act")


@SETTINGS
@given(games)
def test_dump_load_round_trips(g):
    for i, (s, _seat, _a) in enumerate(walk(g)):
        if i % 3 and not E.is_over(s):
            continue
        data = json.loads(json.dumps(E.dump(s)))
        assert E.dump(E.load(data)) == E.dump(s)
        assert E.view(E.load(data), 0) == E.view(s, 0)


def _shuffle_castle(s: E.State, seat: int, rng: random.Random) -> E.State:
    """Another arrangement of ``seat``'s castle and the bag with the same number of dice used."""
    t = E.load(E.dump(s))
    pool = [d[0] for st_ in t.burgen[seat] for d in st_] + [d[0] for d in t.verloren[seat]] + t.bag
    n_castle = sum(len(x) for x in t.burgen[seat])
    n_lost = len(t.verloren[seat])
    rng.shuffle(pool)
    targets = SKETCHES[t.skizze[seat]].targets if t.skizze[seat] is not None else [0] * 9
    free = [f for f in range(9) if targets[f] != PUDDLE]
    t.burgen[seat] = [[] for _ in range(9)]
    for i in range(n_castle):
        t.burgen[seat][rng.choice(free)].append([pool[i], rng.randint(1, 6)])
    t.verloren[seat] = [[pool[n_castle + i], rng.randint(1, 6)] for i in range(n_lost)]
    t.bag = sorted(pool[n_castle + n_lost :])
    return t


@SETTINGS
@given(games, st.integers(0, 2**31))
def test_hidden_building_never_shows_another_castle_before_the_scoring(g, salt):
    g = {**g, "bauen": "verdeckt", "players": max(2, g["players"])}
    rng = random.Random(salt)
    for i, (s, _seat, _a) in enumerate(walk(g)):
        if s.phase not in ("bauen", "skizze") or i % 3:
            continue
        for viewer in [*range(s.players), None]:
            v = E.view(s, viewer)
            text = json.dumps(v)
            for other in range(s.players):
                if other == viewer:
                    continue
                info = v["spieler"][other]
                assert info["burg"] is None and info["skizze"] is None and info["punkte"] is None
                assert info["fortschritt"] is None and info["verloren"] is None
                # a different castle behind the Windschutz gives exactly the same view
                if s.phase == "bauen":
                    assert E.view(_shuffle_castle(s, other, rng), viewer) == v
            assert "seed" not in text


@SETTINGS
@given(games, st.integers(0, 2**31))
def test_scoring_never_depends_on_another_seats_castle(g, salt):
    g = {**g, "players": max(2, g["players"])}
    rng = random.Random(salt)
    for s, _seat, _a in walk(g):
        if s.phase != "bauen" or s.turn % 5:
            continue
        for me in range(s.players):
            mine = scoring.round_points(s.burgen[me], SKETCHES[s.skizze[me]].targets)
            other = (me + 1) % s.players
            t = _shuffle_castle(s, other, rng)
            board_s = scoring.castle_row(s.burgen[me], SKETCHES[s.skizze[me]].targets, me)
            board_t = scoring.castle_row(t.burgen[me], SKETCHES[t.skizze[me]].targets, me)
            assert board_s == board_t and board_s["summe"] == mine
            assert E.view(t, me)["spieler"][me]["punkte"] == mine or s.phase != "bauen"


def _simultaneous_orders(s: E.State, choice_of):
    """All interleavings of the seats' single decisions in a simultaneous phase."""
    movers = E.to_move(s)
    results = []
    for perm in itertools.permutations(movers):
        t = s
        for seat in perm:
            t, _ = E.apply(t, seat, choice_of(t, seat))
        results.append(json.dumps(E.dump(t), sort_keys=True))
    return results


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**31), st.integers(2, 4), st.lists(st.integers(0, 1), min_size=4, max_size=4))
def test_simultaneous_phases_give_the_same_state_in_every_order(seed, players, keep):
    s = E.new_game(seed=seed, players=players, options={"skizzenwahl": "zwei"})

    def pick_sketch(t, seat):
        return {"type": "skizze", "skizze": t.angebot[seat][keep[seat]]}

    after = _simultaneous_orders(s, pick_sketch)
    assert len(set(after)) == 1
    # play the round to its scoring board, then every order of "weiter"
    t = E.load(json.loads(after[0]))
    rng = random.Random(seed)
    while t.phase == "bauen":
        seat = E.to_move(t)[0]
        legal = E.legal_actions(t, seat)
        t, _ = E.apply(t, seat, legal[rng.randrange(len(legal))])
    assert t.phase == "wertung"
    after = _simultaneous_orders(t, lambda _t, _seat: {"type": "weiter"})
    assert len(set(after)) == 1
    assert E.load(json.loads(after[0])).runde == 2


@settings(max_examples=6, deadline=None)
@given(games, st.sampled_from(["leicht", "normal", "stark"]))
def test_bots_only_return_legal_actions(g, level):
    s = start(g)
    rng = random.Random(g["seed"])
    steps = 0
    while not E.is_over(s) and steps < 50:
        seat = E.to_move(s)[rng.randrange(len(E.to_move(s)))]
        view, legal = E.view(s, seat), E.legal_actions(s, seat)
        choice = B.BOTS[level](view, legal, rng, budget=8) if level == "stark" else B.BOTS[level](view, legal, rng)
        assert choice.action in legal and choice.reason
        s, _ = E.apply(s, seat, choice.action)
        steps += 1


@SETTINGS
@given(games)
def test_a_seat_s_view_built_from_the_spectator_s_is_its_view_key_for_key(g):
    for i, (s, _seat, _a) in enumerate(walk(g)):
        if i % 2 and not E.is_over(s):
            continue
        spectator = E.view(s, None)
        for seat in range(s.players):
            view = E.view(s, seat)
            built = E.seat_view(spectator, s, seat)
            assert built == view and list(built) == list(view)
