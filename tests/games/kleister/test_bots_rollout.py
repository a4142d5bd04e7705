"""``stark``'s playout (bots.rollout) is written for speed; it must play exactly like the reference.

The reference below is the playout as it was before it was tuned (kept here verbatim as the
oracle, on the engine's own ``do_*`` functions): for the same state and the same random
generator the tuned rollout must make the same moves, draw the same random numbers in the same
order and reach the same final state. ``stark``'s strength was measured with this policy.
"""

from __future__ import annotations

import random

import pytest

from games.kleister import bots as K
from games.kleister import engine as E

from .conftest import make_state

B = E.BRUSH

# --------------------------------------------------------------------------- the oracle (verbatim)

_RANKS = E.RANKS
_SONDER = E.SONDER


def ref_fast_group(st, seat, rng):
    hand = st.hands[seat]
    brushes = hand[0]
    total = sum(hand)
    n = st.players
    columns = st.columns
    rand = rng.random
    tops = []
    by_size = {}
    for step in range(1, n):
        col = columns[(seat + step) % n]
        if col:
            top = col[-1]
            size = top[1] + top[2]
            tops.append((top[0], size))
            by_size.setdefault(size, []).append(top[0])
    best = (_SONDER, 0, brushes)
    best_score = -1e9
    if brushes:
        if brushes == total:
            return best
        best_score = 1.5 * brushes + rand()
    choices = (0, brushes) if brushes else (0,)
    for rank in _RANKS:
        have = hand[rank]
        if not have:
            continue
        for b in choices:
            size = have + b
            if size == total:
                return (rank, have, b)
            score = 2 * size - 0.7 * b + 0.08 * rank + rand()
            covered = by_size.get(size)
            if covered:
                for value in covered:
                    if value < rank:
                        score += size
            if score > best_score:
                best_score, best = score, (rank, have, b)
    for value, tsize in tops:
        if tsize >= total:
            continue
        for rank in range(value + 1, 14):
            have = hand[rank]
            if have and have + brushes >= tsize and have != tsize:
                p = min(have, tsize)
                b = tsize - p
                score = 2 * tsize - 0.7 * b + 0.08 * rank + rand()
                for v2 in by_size[tsize]:
                    if v2 < rank:
                        score += tsize
                if score > best_score:
                    best_score, best = score, (rank, p, b)
                break
    return best


def ref_fast_fits(hand, group):
    rank, posters, brushes = group
    return rank == E.SONDER or hand[rank] >= 1 or brushes >= posters


def ref_fast_draw(st):
    hand = st.hands[st.drawer]
    best, best_value = -1, 0.9
    for i, card in enumerate(st.karren):
        value = 2.5 if card == 0 else hand[card] + card / 20  # card 0: a brush
        if value > best_value:
            best, best_value = i, value
    if best < 0:
        if st.druckerei:
            return (False, -1)
        return (True, 0)
    return (True, best)


def ref_rollout(st, rng):
    ende, kleben, nehmen, liegen = E.ENDE, E.KLEBEN, E.NEHMEN, E.LIEGEN
    do_kleben, do_ziehen = E.do_kleben, E.do_ziehen
    while True:
        phase = st.phase
        if phase == ende:
            return st
        if phase == kleben:
            seat = st.active
            rank, posters, brushes = ref_fast_group(st, seat, rng)
            do_kleben(st, seat, rank, posters, brushes, None)
        elif phase == nehmen:
            if ref_fast_fits(st.hands[st.active], st.group):
                E.do_nehmen(st, None)
            else:
                E.do_liegen(st, None)
        elif phase == liegen:
            if ref_fast_fits(st.hands[st.covered], st.group):
                E.do_zurueck(st, None)
            else:
                E.do_altpapier(st, None)
        else:
            from_karren, index = ref_fast_draw(st)
            do_ziehen(st, from_karren, index, None)


# --------------------------------------------------------------------------- sampled worlds

OPTIONS = [
    {},
    {"buersten": 7, "karren": 4},
    {"buersten": 3, "karren": 8, "spielart": "kurz"},
    {"buersten": 7, "karren": 8, "saeule_doppelt": True},
]


def _worlds(count):
    """``count`` determinised worlds seen by the seat to move, from games of random legal moves
    (2-5 players, every option) stopped at every stage and in every phase."""
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        players = 2 + seed % 4
        game_rng = random.Random(seed)
        state = E.new_game(seed=seed, players=players, options=OPTIONS[seed % len(OPTIONS)])
        stop = game_rng.randrange(0, 160)
        for _ in range(stop):
            if E.is_over(state):
                break
            seat = E.to_move(state)[0]
            state, _ = E.apply(state, seat, game_rng.choice(E.legal_actions(state, seat)))
        if E.is_over(state):
            continue
        seat = E.to_move(state)[0]
        out.append(K.determinize(E.view(state, seat), random.Random(seed)))
    return out


WORLDS = _worlds(400)


def test_the_worlds_cover_every_phase_and_table_size():
    assert {w.phase for w in WORLDS} == {E.KLEBEN, E.NEHMEN, E.LIEGEN, E.ZIEHEN}
    assert {w.players for w in WORLDS} == {2, 3, 4, 5}
    ends = {ref_rollout(E.clone(w), random.Random(i)).end_reason for i, w in enumerate(WORLDS)}
    assert ends == {E.END_HAND, E.END_VORRAT}


@pytest.mark.parametrize("playout_seed", [0, 1, 2])
def test_rollout_plays_exactly_like_the_reference(playout_seed):
    for i, world in enumerate(WORLDS):
        ours, theirs = E.clone(world), E.clone(world)
        ours_rng, theirs_rng = random.Random(playout_seed * 1000 + i), random.Random(playout_seed * 1000 + i)
        assert K.rollout(ours, ours_rng) is ours
        ref_rollout(theirs, theirs_rng)
        assert E.dump(ours) == E.dump(theirs), i
        assert ours.phase == E.ENDE
        # the same random numbers were drawn: the generators are at the same place
        assert ours_rng.getstate() == theirs_rng.getstate(), i


def _corner_cases():
    only_brushes = make_state(hands={0: [B, B], 1: [3, 4, 4], 2: [B, 9]}, columns={1: [[2, 2, 0]]})
    # a draw with the Druckerei empty and nothing good in the Karren: the first Karren card
    empty = make_state(hands={0: [9, 9, 5], 1: [3, 7, 8]}, karren=[1, 2, 12, 6], fill=False, players=2)
    empty.phase, empty.drawer, empty.draws_left = E.ZIEHEN, 1, 2
    # a brush in the Karren ties with a poster worth 2.5 (two in the hand, rank 10): the first one
    tie = make_state(hands={0: [10, 10, 5], 1: [3, 7, 8]}, karren=[4, 10, B, 10], druckerei=[6, 6, 6], players=2)
    tie.phase, tie.drawer, tie.drawn, tie.draws_left = E.ZIEHEN, 0, [B], 3
    # the safety limit: the next kleben turn is the last
    limit = make_state(hands={0: [5, 5, 7], 1: [6, 6, 8]}, players=2)
    limit.turn = E.MAX_TURNS - 1
    over = make_state(hands={0: [5]}, players=2)
    over.phase, over.end_reason = E.ENDE, E.END_HAND
    return [only_brushes, empty, tie, limit, over]


def test_rollout_plays_exactly_like_the_reference_in_corner_cases():
    for world in _corner_cases():
        for seed in range(20):
            ours, theirs = E.clone(world), E.clone(world)
            ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
            K.rollout(ours, ours_rng)
            ref_rollout(theirs, theirs_rng)
            assert E.dump(ours) == E.dump(theirs)
            assert ours_rng.getstate() == theirs_rng.getstate()


def test_fast_group_decides_exactly_like_the_reference():
    """Every kleben decision along the reference playouts, one by one: the same group, the same draws."""
    decisions = 0
    for i, world in enumerate(WORLDS[:150]):
        st = E.clone(world)
        rng = random.Random(i)
        while st.phase != E.ENDE:
            if st.phase == E.KLEBEN:
                seat = st.active
                mirror = random.Random()
                mirror.setstate(rng.getstate())
                pick = ref_fast_group(st, seat, rng)
                assert K._fast_group(st.hands[seat], K._opponents(st.columns, seat), mirror) == pick
                assert mirror.getstate() == rng.getstate()
                E.do_kleben(st, seat, *pick, None)
                decisions += 1
            elif st.phase == E.ZIEHEN:
                E.do_ziehen(st, *ref_fast_draw(st), None)
            elif st.phase == E.NEHMEN:
                (E.do_nehmen if ref_fast_fits(st.hands[st.active], st.group) else E.do_liegen)(st, None)
            else:
                (E.do_zurueck if ref_fast_fits(st.hands[st.covered], st.group) else E.do_altpapier)(st, None)
    assert decisions > 2000


@pytest.mark.parametrize("players", [2, 4])
def test_stark_chooses_exactly_as_with_the_reference_playout(players, monkeypatch):
    """With a playout budget ``stark``'s choice and numbers are the same as with the reference."""
    state = E.new_game(seed=40 + players, players=players, options={})
    rng = random.Random(players)
    for _ in range(12):
        seat = E.to_move(state)[0]
        view, legal = E.view(state, seat), E.legal_actions(state, seat)
        ours = K.choose_stark(view, legal, random.Random(7), budget=60)
        with monkeypatch.context() as m:
            m.setattr(K, "rollout", ref_rollout)
            theirs = K.choose_stark(view, legal, random.Random(7), budget=60)
        assert ours == theirs
        state, _ = E.apply(state, seat, rng.choice(legal))
