"""Random whole games (hypothesis): invariants after every action."""

from __future__ import annotations

import json
import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rocket import content as C
from games.rocket import engine as E

OPTIONS = st.sampled_from(
    [
        {"kurz": True, "rezepte": "zufall"},
        {"kurz": True, "rezepte": "standard"},
        {"kurz": True, "rezepte": "gastgeber", "auswahl": {"G": 4, "B": 1, "R": 2, "Y": 1, "P": 3, "S": 2}},
        {"kurz": True, "rezepte": "gastgeber", "auswahl": {"G": 3, "B": 2, "R": 3, "Y": 4, "P": 1, "S": 1}},
        {"kurz": True, "rezepte": "gastgeber", "auswahl": {"G": 2, "B": 3, "R": 4, "Y": 3, "P": 4, "S": 4}},
    ]
)
SMALL = settings(max_examples=25, deadline=None)


def pick(rng: random.Random, legal: list[dict]) -> dict:
    """A random policy that mostly draws and stops now and then, so that evenings end."""
    x = rng.random()
    if {"type": "ziehen"} in legal and x < 0.7:
        return {"type": "ziehen"}
    if {"type": "aufhoeren"} in legal and x < 0.8:
        return {"type": "aufhoeren"}
    return rng.choice(legal)


def owned(s: E.State, seat: int) -> int:
    p = s.seats[seat]
    n = len(p.beutel) + len(p.chips) + len(p.beiseite) + len(p.gekauft) - p.entsorgt
    if p.offen is not None:
        n += len(p.offen["chips"]) if p.offen["art"] == "vorschau" else 1
    return n


def expected_legal(s: E.State, seat: int) -> list[dict]:
    """An independent statement of what a seat may do."""
    if seat not in E.to_move(s):
        return []
    p = s.seats[seat]
    blatt = s.blaetter[s.abend - 1]
    if s.phase == "vorstellung":
        return [{"type": "weiter"}]
    if s.phase == "stopfen":
        if p.offen and p.offen["art"] == "sand":
            return [{"type": "sand"}, {"type": "zuenden"}]
        if p.offen:
            return [{"type": "vorschau", "wahl": i} for i in range(len(p.offen["chips"]))] + [
                {"type": "vorschau", "wahl": None}
            ]
        out = [{"type": "ziehen"}] if p.beutel else []
        if p.vorsorge and p.eimer and blatt != "sandknapp" and p.chips and p.chips[-1][0] == "W":
            out.append({"type": "sand"})
        return out + [{"type": "aufhoeren"}]
    misfire_choice = p.fehl and p.wahl is None and blatt not in ("glueck", "waghalsig")
    if misfire_choice and not (s.rezepte["Y"] == 3 and any(c[0] == "Y" for c in p.chips)):
        return [{"type": "fehlzuendung", "wahl": "ruhm"}, {"type": "fehlzuendung", "wahl": "einkauf"}]
    out = []
    cost = 1 if (blatt == "kristallhaendler" and not p.haendler) else 2
    if p.kristalle >= cost and p.vorladung < 52:
        out.append({"type": "vorladung"})
    if not p.eimer and p.kristalle >= 2:
        out.append({"type": "sandeimer"})
    mark = 0 if p.wahl == "ruhm" else p.mark

    def cost_of(w):
        return max(1, C.PRICES[w] - 2) if blatt == "stadtrat" else C.PRICES[w]

    wares = list(C.PRICES)
    baskets = [[]] + [[w] for w in wares if cost_of(w) <= mark]
    baskets += [[a, b] for a, b in combinations(wares, 2) if a[0] != b[0] and cost_of(a) + cost_of(b) <= mark]
    return out + [{"type": "einkaufen", "chips": b} for b in baskets]


def canon(actions: list[dict]) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


@SMALL
@given(seed=st.integers(0, 10**9), players=st.integers(1, 4), options=OPTIONS)
def test_random_games_keep_every_invariant(seed, players, options):
    s = E.new_game(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    expected = [owned(s, i) for i in range(players)]
    assert expected == [10 + (s.blaetter[0] == "sachsen")] * players
    steps = 0
    while not E.is_over(s):
        steps += 1
        assert steps < 3000
        seat = rng.choice(E.to_move(s))
        legal = E.legal_actions(s, seat)
        assert canon(legal) == canon(expected_legal(s, seat))
        for other in range(players):
            if other not in E.to_move(s):
                assert E.legal_actions(s, other) == []
        if steps % 7 == 0:  # every legal action applies from here
            for a in legal:
                E.apply(s, seat, a)
        before = [p.ruhm for p in s.seats]
        s, events = E.apply(s, seat, pick(rng, legal))
        for ev in events:
            if "beutel" in ev and ev["seat"] is not None and ev["seat"] >= 0:
                expected[ev["seat"]] += ev["beutel"]
        assert [owned(s, i) for i in range(players)] == expected
        assert all(p.ruhm >= b for p, b in zip(s.seats, before, strict=True))
        assert all(isinstance(ev["text"], str) and ev["text"] for ev in events)
        data = json.loads(json.dumps(E.dump(s)))
        assert E.load(data) == s
        assert E.view(s, seat)["to_move"] == E.to_move(s)
    res = E.result(s)
    assert res["points"] == [p.ruhm for p in s.seats]
    assert len(res["places"]) == players and min(res["places"]) == 1


def run(seed: int, players: int, options: dict, order_seed: int) -> E.State:
    """Each seat decides from its own random stream; ``order_seed`` picks who acts next."""
    s = E.new_game(seed=seed, players=players, options=options)
    mine = [random.Random(seed * 10 + i) for i in range(players)]
    order = random.Random(order_seed)
    while not E.is_over(s):
        seat = order.choice(E.to_move(s))
        s, _ = E.apply(s, seat, pick(mine[seat], E.legal_actions(s, seat)))
    return s


@SMALL
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), options=OPTIONS, a=st.integers(), b=st.integers())
def test_same_seed_and_decisions_same_draws_whatever_the_order(seed, players, options, a, b):
    first = run(seed, players, options, a)
    second = run(seed, players, options, b)
    assert E.dump(first) == E.dump(second)


@SMALL
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4))
def test_a_view_hides_other_seats_draws(seed, players):
    rng = random.Random(seed)
    s = E.new_game(seed=seed, players=players, options={"kurz": True})
    for p in s.seats:  # Kupferblau 1 = Vorschau (standard recipes): plenty of hidden draws
        p.beutel = sorted(p.beutel + ["B1", "B2", "B4"] * 2)
    checked = 0
    while not E.is_over(s) and checked < 30:
        seat = rng.choice(E.to_move(s))
        s, _ = E.apply(s, seat, pick(rng, E.legal_actions(s, seat)))
        for j, p in enumerate(s.seats):
            if p.offen is None or p.offen["art"] != "vorschau" or not p.beutel:
                continue
            if p.offen["chips"][0] == p.beutel[0]:
                continue
            checked += 1
            # the same multiset split differently between bag and Vorschau: no other view may differ
            twin = s.copy()
            q = twin.seats[j]
            q.offen["chips"][0], q.beutel[0] = q.beutel[0], q.offen["chips"][0]
            q.beutel.sort()
            assert E.view(s, j) != E.view(twin, j)  # the owner does see it
            for i in [None, *range(players)]:
                if i == j:
                    continue
                v = E.view(s, i)
                assert "chips" not in v["spieler"][j]["offen"]
                assert json.dumps(v, sort_keys=True) == json.dumps(E.view(twin, i), sort_keys=True)
        for i in [None, *range(players)]:
            text = json.dumps(E.view(s, i))
            assert "seed" not in text and "blaetter" not in text and "zuege" not in text
    assert checked > 0


@SMALL
@given(seed=st.integers(0, 10**9), players=st.integers(1, 4), options=OPTIONS)
def test_a_seat_s_view_built_from_the_spectator_s_is_its_view_key_for_key(seed, players, options):
    rng = random.Random(seed)
    s = E.new_game(seed=seed, players=players, options=options)
    steps = 0
    while not E.is_over(s) and steps < 400:
        if steps % 3 == 0:
            spectator = E.view(s, None)
            for seat in range(players):
                view = E.view(s, seat)
                built = E.seat_view(spectator, s, seat)
                assert built == view and list(built) == list(view)
                assert [list(p) for p in built["spieler"]] == [list(p) for p in view["spieler"]]
        seat = rng.choice(E.to_move(s))
        s, _ = E.apply(s, seat, pick(rng, E.legal_actions(s, seat)))
        steps += 1
