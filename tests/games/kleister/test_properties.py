"""Speedkleister: random games (hypothesis) keep every invariant."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kleister import engine as E

MAX_ACTIONS = 5000

games = st.fixed_dictionaries(
    {
        "seed": st.integers(min_value=0, max_value=2**63 - 1),
        "choices": st.integers(min_value=0, max_value=2**32 - 1),
        "players": st.integers(min_value=2, max_value=5),
        "options": st.fixed_dictionaries(
            {
                "spielart": st.sampled_from(["normal", "kurz"]),
                "buersten": st.sampled_from([3, 5, 7]),
                "karren": st.sampled_from([4, 6, 8]),
                "saeule_doppelt": st.booleans(),
            }
        ),
    }
)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(game):
    """Plays a game with random legal actions; yields (state, seat, action) before each action."""
    state = E.new_game(seed=game["seed"], players=game["players"], options=game["options"])
    rng = random.Random(game["choices"])
    actions = []
    for _ in range(MAX_ACTIONS):
        if E.is_over(state):
            break
        seat = E.to_move(state)[0]
        action = rng.choice(E.legal_actions(state, seat))
        yield state, seat, action
        actions.append((seat, action))
        state, _ = E.apply(state, seat, action)
    yield state, None, None


def card_counts(state):
    counts = [0] * 14
    for hand in state.hands:
        for card in range(14):
            counts[card] += hand[card]
    groups = [g for col in state.columns for g in col]
    if state.group is not None:
        groups.append(state.group)
    for rank, posters, brushes in groups:
        if rank != E.SONDER:
            counts[rank] += posters
        counts[E.BRUSH] += brushes
    for card in state.druckerei + state.karren + state.altpapier:
        counts[card] += 1
    return counts


@SETTINGS
@given(games)
def test_every_card_is_always_in_exactly_one_place(game):
    # "13 Plakatsorten, jede 8-mal … Dazu kommen 5 Kleisterbürsten (Hausregel: 3 oder 7)"; card 0 = brush
    totals = [game["options"]["buersten"]] + [8] * 13
    for state, _, _ in random_game(game):
        assert card_counts(state) == totals
        for seat in range(state.players):
            assert all(0 <= k <= h for k, h in zip(state.known[seat], state.hands[seat], strict=True))


@SETTINGS
@given(games)
def test_games_always_end_within_a_bound(game):
    steps = 0
    for state, seat, _ in random_game(game):
        if seat is None:
            assert E.is_over(state)
            assert E.to_move(state) == []
            assert state.end_reason in (E.END_HAND, E.END_VORRAT, E.END_LIMIT)
            assert state.turn <= E.MAX_TURNS
            result = E.result(state)
            assert len(result["points"]) == len(result["places"]) == state.players
            assert 1 in result["places"]
        else:
            assert E.to_move(state) == [seat]
            steps += 1
    assert steps < MAX_ACTIONS


def _reshuffle_hidden(state, viewer, rng):
    """The same public situation with the cards hidden from ``viewer`` dealt differently."""
    other = E.clone(state)
    pool = list(other.druckerei)
    free = {}
    for seat in range(other.players):
        if seat == viewer:
            continue
        spare = [c for c in range(14) for _ in range(other.hands[seat][c] - other.known[seat][c])]
        free[seat] = len(spare)
        pool += spare
    rng.shuffle(pool)
    pos = 0
    for seat, count in free.items():
        hand = list(other.known[seat])
        for card in pool[pos : pos + count]:
            hand[card] += 1
        other.hands[seat] = hand
        pos += count
    other.druckerei = pool[pos:]
    return other


@SETTINGS
@given(games)
def test_views_never_contain_another_seats_hand(game):
    rng = random.Random(game["seed"])
    for index, (state, _, _) in enumerate(random_game(game)):
        if index % 7:
            continue
        spectator = E.view(state, None)
        assert "hand" not in spectator
        json.dumps(spectator)
        for seat in range(state.players):
            view = E.view(state, seat)
            assert view["hand"] == [c for c in range(14) for _ in range(state.hands[seat][c])]
            assert {k: v for k, v in view.items() if k not in ("hand", "seat")} == {
                k: v for k, v in spectator.items() if k != "seat"
            }
            # dealing the hidden cards differently changes nothing the seat sees
            assert E.view(_reshuffle_hidden(state, seat, rng), seat) == view
            # the table page builds it from the spectator's view: the same dict, key for key in order
            built = E.seat_view(spectator, state, seat)
            assert built == view and list(built) == list(view)


@SETTINGS
@given(games)
def test_replay_gives_identical_dumps(game):
    record = []
    final = None
    for state, seat, action in random_game(game):
        if seat is None:
            final = state
        else:
            record.append((seat, action))
    again = E.new_game(seed=game["seed"], players=game["players"], options=game["options"])
    for seat, action in record:
        again, _ = E.apply(again, seat, json.loads(json.dumps(action)))
    assert E.dump(again) == E.dump(final)
    assert E.dump(E.load(json.loads(json.dumps(E.dump(final))))) == E.dump(final)


@SETTINGS
@given(games)
def test_events_are_json_with_german_text(game):
    state = E.new_game(seed=game["seed"], players=game["players"], options=game["options"])
    rng = random.Random(game["choices"])
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        state, events = E.apply(state, seat, rng.choice(E.legal_actions(state, seat)))
        assert events
        for event in events:
            assert isinstance(event["type"], str) and event["text"]
            assert "seat" in event
            json.dumps(event)
            if event["type"] == "ziehen" and event["from"] == "druckerei":
                assert "card" not in event


@SETTINGS
@given(games)
def test_determinize_always_gives_a_consistent_world(game):
    from games.kleister.bots import determinize

    rng = random.Random(game["choices"])
    for index, (state, seat, _) in enumerate(random_game(game)):
        if seat is None or index % 5:
            continue
        view = E.view(state, seat)
        world = determinize(view, rng)
        assert card_counts(world) == [game["options"]["buersten"]] + [8] * 13
        assert world.hands[seat] == state.hands[seat]
        assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
        assert E.legal_actions(world, seat) == E.legal_actions(state, seat)
        for other in range(state.players):
            assert all(k <= h for k, h in zip(world.known[other], world.hands[other], strict=True))
