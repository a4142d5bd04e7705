"""Speedkleister computers: legal, view-only, German reasons, and stark ≥ normal ≥ leicht."""

from __future__ import annotations

import copy
import json
import random
import statistics

import pytest

from games.core.bots import LEVELS, Choice
from games.kleister import bots as K
from games.kleister import engine as E
from games.kleister import hints as H

from .conftest import make_state

B = E.BRUSH
GERMAN_HINTS = ("Klebt", "Nimmt", "Lässt", "Zieht", "ins Altpapier", "Gibt", "Macht")


def play_game(seed, levels, *, budget=60, check=None):
    state = E.new_game(seed=seed, players=len(levels), options={})
    rng = random.Random(seed)
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        view = json.loads(json.dumps(E.view(state, seat)))  # plain JSON, no state behind it
        legal = E.legal_actions(state, seat)
        choice = K.BOTS[levels[seat]](view, legal, rng, budget=budget)
        if check:
            check(view, legal, choice)
        state, _ = E.apply(state, seat, choice.action)
    return E.result(state)


def test_all_levels_exist():
    assert set(K.BOTS) == set(LEVELS)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_return_legal_actions_with_german_reasons(level):
    def check(view, legal, choice):
        assert isinstance(choice, Choice)
        assert choice.action in legal
        assert isinstance(choice.reason, str) and choice.reason.strip()
        assert any(word in choice.reason for word in GERMAN_HINTS), choice.reason

    for seed in range(3):
        play_game(seed, [level, "leicht", "normal"][: 2 + seed % 2], budget=30, check=check)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_do_not_modify_the_view(level):
    state = E.new_game(seed=5, players=3, options={})
    rng = random.Random(1)
    for _ in range(30):
        if E.is_over(state):
            break
        seat = E.to_move(state)[0]
        view = E.view(state, seat)
        before = copy.deepcopy(view)
        legal = E.legal_actions(state, seat)
        choice = K.BOTS[level](view, legal, rng, budget=20)
        assert view == before
        state, _ = E.apply(state, seat, choice.action)


def test_bots_are_deterministic_given_the_rng():
    state = E.new_game(seed=8, players=4, options={})
    seat = E.to_move(state)[0]
    view, legal = E.view(state, seat), E.legal_actions(state, seat)
    for level in LEVELS:
        a = K.BOTS[level](view, legal, random.Random(3), budget=40)
        b = K.BOTS[level](view, legal, random.Random(3), budget=40)
        assert a == b


def test_determinize_is_consistent_with_the_view():
    state = E.new_game(seed=13, players=4, options={"buersten": 7})
    rng = random.Random(2)
    checked = 0
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        view = E.view(state, seat)
        world = K.determinize(view, random.Random(checked))
        assert world.hands[seat] == state.hands[seat]
        assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
        assert world.columns == state.columns and world.karren == state.karren
        assert len(world.druckerei) == len(state.druckerei)
        assert sorted(world.altpapier) == sorted(state.altpapier)
        for other in range(4):
            assert all(k <= h for k, h in zip(world.known[other], world.hands[other], strict=True))
        assert E.to_move(world) == E.to_move(state)
        assert E.legal_actions(world, seat) == E.legal_actions(state, seat)
        public = E.view(world, seat)
        for key in ("columns", "karren", "druckerei", "altpapier", "hand", "hand_counts", "known", "phase", "pending"):
            assert public[key] == view[key], key
        checked += 1
        state, _ = E.apply(state, seat, rng.choice(E.legal_actions(state, seat)))
    assert checked > 10


def test_leicht_mostly_plays_the_biggest_group_and_always_takes():
    # "leicht klebt meist die größte Gruppe, nimmt Überklebtes immer"
    st = make_state(hands={0: [2, 5, 5, 5, 9, 9]})
    view, legal = E.view(st, 0), E.legal_actions(st, 0)
    rng = random.Random(0)
    picks = [K.choose_leicht(view, legal, rng).action for _ in range(200)]
    biggest = sum(1 for a in picks if (a["rank"], a["count"], a["brushes"]) == (5, 3, 0))
    assert biggest > 120
    cover = make_state(hands={0: [9, 1]}, columns={1: [[3, 1, 0]]})
    cover, _ = E.apply(cover, 0, {"type": "kleben", "rank": 9, "count": 1, "brushes": 0})
    for seed in range(20):
        choice = K.choose_leicht(E.view(cover, 0), E.legal_actions(cover, 0), random.Random(seed))
        assert choice.action == {"type": "nehmen"}


def test_leicht_often_draws_the_highest_card():
    st = make_state(hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]]}, karren=[3, 12, 4])
    st, _ = E.apply(st, 0, {"type": "kleben", "rank": 9, "count": 2, "brushes": 0})
    st, _ = E.apply(st, 0, {"type": "nehmen"})
    view, legal = E.view(st, 1), E.legal_actions(st, 1)
    rng = random.Random(4)
    picks = [K.choose_leicht(view, legal, rng).action for _ in range(100)]
    assert sum(1 for a in picks if a == {"type": "ziehen", "from": "karren", "index": 1}) > 55


def _covered_for(coverer_hand, group):
    others = [1, 2, 3, 5, 6, 7]
    st = make_state(hands={0: coverer_hand + [13, 13], 1: others, 2: others}, columns={1: [group]})
    st, _ = E.apply(st, 0, {"type": "kleben", "rank": 13, "count": 2, "brushes": 0})
    return st


def test_normal_takes_only_what_fits_the_hand():
    # "Nimmt nur, was zur Hand passt"
    fits = _covered_for([4, 4, 1, 2, 3, 5, 6, 7], [4, 2, 0])
    choice = K.choose_normal(E.view(fits, 0), E.legal_actions(fits, 0), random.Random(0))
    assert choice.action == {"type": "nehmen"} and "passt" in choice.reason
    no_fit = _covered_for([1, 2, 3, 5, 6, 7, 8, 9], [4, 2, 0])
    choice = K.choose_normal(E.view(no_fit, 0), E.legal_actions(no_fit, 0), random.Random(0))
    assert choice.action == {"type": "liegen"}


def test_normal_plays_out_when_it_can():
    # "spielt im Endspurt schnell aus"
    st = make_state(hands={0: [7, 7, B], 1: [1]}, columns={1: [[5, 1, 0]]})
    choice = K.choose_normal(E.view(st, 0), E.legal_actions(st, 0), random.Random(0))
    assert choice.action == {"type": "kleben", "rank": 7, "count": 2, "brushes": 1}


def test_normal_prefers_a_covering_and_safe_group():
    # "Was überklebt eine Gruppe, wie leicht wird sie selbst überklebt …?"
    st = make_state(
        hands={0: [2, 3, 13, 13, 6, 8, 10], 1: [1]},
        columns={1: [[12, 2, 0]]},
        altpapier=[B] * 5,
    )
    choice = K.choose_normal(E.view(st, 0), E.legal_actions(st, 0), random.Random(0))
    assert choice.action == {"type": "kleben", "rank": 13, "count": 2, "brushes": 0}
    assert "überklebt Platz 2" in choice.reason


def test_normal_draws_what_fits():
    st = make_state(hands={0: [9, 9, 1], 1: [6, 6, 2]}, columns={1: [[5, 2, 0]]}, karren=[3, 6, 12])
    st, _ = E.apply(st, 0, {"type": "kleben", "rank": 9, "count": 2, "brushes": 0})
    st, _ = E.apply(st, 0, {"type": "nehmen"})
    choice = K.choose_normal(E.view(st, 1), E.legal_actions(st, 1), random.Random(0))
    assert choice.action == {"type": "ziehen", "from": "karren", "index": 1}
    assert "passt 3×" in choice.reason


def test_stark_reason_says_it_played_it_through():
    state = E.new_game(seed=2, players=3, options={})
    seat = E.to_move(state)[0]
    choice = K.choose_stark(E.view(state, seat), E.legal_actions(state, seat), random.Random(0), budget=60)
    assert choice.action in E.legal_actions(state, seat)
    assert "durchgespielt" in choice.reason
    assert 0 < choice.playouts <= 60


def test_stark_beats_normal_beats_leicht_on_average_points():
    levels = ["leicht", "normal", "stark"]
    points = {level: [] for level in levels}
    for game in range(30):
        seating = levels[game % 3 :] + levels[: game % 3]
        result = play_game(500 + game, seating, budget=120)
        for seat, level in enumerate(seating):
            points[level].append(result["points"][seat])
    means = {level: statistics.mean(p) for level, p in points.items()}
    assert means["stark"] >= means["normal"] >= means["leicht"], means


def test_hidden_counts_are_what_the_bots_estimate_from():
    state = E.new_game(seed=1, players=3, options={})
    view = E.view(state, 0)
    hidden = H.hidden_counts(view)
    assert sum(hidden) == sum(view["hand_counts"][1:]) + view["druckerei"]


# --------------------------------------------------------------------------- stark's honesty


def _other_world(state: E.State, seat: int, rng: random.Random) -> E.State:
    """The same game as ``seat`` sees it, with the cards it cannot see dealt anew."""
    world = E.clone(state)
    pool = list(state.druckerei)
    unknown = {}
    for other in range(state.players):
        if other == seat:
            continue
        free = [c for c in range(14) for _ in range(state.hands[other][c] - state.known[other][c])]
        unknown[other] = len(free)
        pool += free
    rng.shuffle(pool)
    for other, count in unknown.items():
        hand = list(state.known[other])
        for card in pool[:count]:
            hand[card] += 1
        pool = pool[count:]
        world.hands[other] = hand
    world.druckerei = pool
    return world


def _positions(seed: int, players: int, every: int = 7):
    """Positions of a game between ``normal`` computers: (state, seat to move), every ``every``-th move."""
    state = E.new_game(seed=seed, players=players, options={})
    rng = random.Random(seed)
    number = 0
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        if number % every == 3:
            yield state, seat
        choice = K.choose_normal(E.view(state, seat), E.legal_actions(state, seat), rng)
        state, _ = E.apply(state, seat, choice.action)
        number += 1


def test_stark_decides_the_same_in_two_hidden_worlds_that_look_the_same_from_its_seat():
    checked = 0
    seen_kinds = set()
    for state, seat in _positions(seed=21, players=3):
        world = _other_world(state, seat, random.Random(checked))
        assert E.view(world, seat) == E.view(state, seat)
        if world.hands == state.hands and world.druckerei == state.druckerei:
            continue  # nothing hidden left to change
        legal = E.legal_actions(state, seat)
        assert E.legal_actions(world, seat) == legal
        here = K.choose_stark(E.view(state, seat), legal, random.Random(5), budget=150)
        there = K.choose_stark(E.view(world, seat), legal, random.Random(5), budget=150)
        assert here == there  # the action and the reason (with its expected points)
        seen_kinds.add(legal[0]["type"])
        checked += 1
        if checked >= 6:
            break
    kinds = len(seen_kinds)
    assert checked >= 4 and kinds >= 2


def test_assess_is_honest_too():
    for state, seat in _positions(seed=22, players=4, every=11):
        world = _other_world(state, seat, random.Random(1))
        legal = E.legal_actions(state, seat)
        if world.hands == state.hands or len(legal) < 2:
            continue
        chosen = legal[-1]
        here = K.assess(E.view(state, seat), legal, chosen, random.Random(2), budget=120)
        there = K.assess(E.view(world, seat), legal, chosen, random.Random(2), budget=120)
        assert here == there and here is not None
        assert here.options[here.chosen].action == chosen
        return
    raise AssertionError("no position with hidden cards and a choice")


def test_stark_plays_more_with_a_larger_playout_budget():
    state, seat = next(_positions(seed=23, players=3))
    view, legal = E.view(state, seat), E.legal_actions(state, seat)
    last = 0
    for playouts in (10, 40, 160, 640):
        result = K._search(
            view,
            [a for a, _ in K._candidates(view, legal, random.Random(0))],
            random.Random(0),
            K.as_budget(playouts),
            prune=True,
        )
        assert last <= result.playouts <= playouts
        last = result.playouts
