"""Property: the legal actions offered are exactly the legal ones (nothing missing, nothing extra).

On states of random games:
- ``legal_actions`` equals ``expected_actions``, a plain re-statement of the rule text;
- ``apply`` accepts exactly those among every syntactically possible action (all ranks,
  counts and brushes around the hand, every Karren index, bools, floats and strings
  for numbers, unknown types, every seat) and raises ``IllegalAction`` with a German
  message and an unchanged state for all others;
- after every legal action, who acts next and which columns were covered agree with
  an independent statement of Ablauf 1–6 and "Ende und Wertung".
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.protocol import IllegalAction
from games.kleister import engine as E

SONDER = 14  # "Bürsten allein … zählen höher als die 13"

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
            }
        ),
    }
)


def expected_actions(s: E.State, seat: int) -> list[dict]:
    """Every action ``seat`` may take, from the rule text (phase and seats read from the state)."""
    if s.phase == "ende":
        return []
    if s.phase == "kleben":
        if seat != s.active:
            return []
        hand = s.hands[seat]
        out = []
        # "ein Plakat oder mehrere gleiche, Bürsten dürfen dazu"
        for rank in range(1, 14):
            for count in range(1, hand[rank] + 1):
                out += [{"type": "kleben", "rank": rank, "count": count, "brushes": b} for b in range(hand[0] + 1)]
        # "Bürsten allein sind die Sonderausgabe"
        out += [{"type": "kleben", "rank": SONDER, "count": 0, "brushes": b} for b in range(1, hand[0] + 1)]
        return out
    if s.phase == "nehmen":  # "Wer überklebt, entscheidet"
        return [{"type": "nehmen"}, {"type": "liegen"}] if seat == s.active else []
    if s.phase == "liegen":  # "Dann entscheidet der Überklebte"
        return [{"type": "zurueck"}, {"type": "altpapier"}] if seat == s.covered else []
    assert s.phase == "ziehen"
    if seat != s.drawer:
        return []
    # "offen aus dem Plakatkarren oder verdeckt aus der Druckerei"
    out = [{"type": "ziehen", "from": "karren", "index": i} for i in range(len(s.karren))]
    if s.druckerei:
        out.append({"type": "ziehen", "from": "druckerei"})
    return out


def vocabulary(s: E.State) -> list:
    hand = s.hands[E.to_move(s)[0]] if E.to_move(s) else [0] * 14
    most = max(hand[1:]) + 1
    out: list = [{"type": t} for t in ("nehmen", "liegen", "zurueck", "altpapier", "passen", "kleben", "ziehen", "")]
    out += ["kleben", None, {}, {"rank": 9, "count": 1, "brushes": 0}]
    for rank in range(-1, 16):
        for count in range(-1, most + 1):
            out += [{"type": "kleben", "rank": rank, "count": count, "brushes": b} for b in range(-1, hand[0] + 2)]
    for bad in (True, 1.0, "1", None):
        out += [
            {"type": "kleben", "rank": bad, "count": 1, "brushes": 0},
            {"type": "kleben", "rank": 1, "count": bad, "brushes": 0},
            {"type": "kleben", "rank": 1, "count": 1, "brushes": bad},
            {"type": "ziehen", "from": "karren", "index": bad},
        ]
    out += [{"type": "ziehen", "from": "karren", "index": i} for i in range(-1, len(s.karren) + 2)]
    out += [{"type": "ziehen", "from": f} for f in ("druckerei", "karren", "keller", None)]
    return out


def key(action) -> str:
    return json.dumps(action, sort_keys=True)


def top_value(group: list[int]) -> int:
    return group[0]  # brushes inside a group take its rank; a Sonderausgabe is 14


def check_offered(s: E.State) -> None:
    for seat in range(s.players):
        offered = [key(a) for a in E.legal_actions(s, seat)]
        assert len(offered) == len(set(offered))
        assert sorted(offered) == sorted(key(a) for a in expected_actions(s, seat))
    # exactly one seat acts while the Durchgang runs
    assert len(E.to_move(s)) == (0 if s.phase == "ende" else 1)


def check_vocabulary(s: E.State) -> None:
    before = json.dumps(E.dump(s), sort_keys=True)
    for seat in range(-1, s.players + 1):
        legal = {key(a) for a in expected_actions(s, seat)} if 0 <= seat < s.players else set()
        for action in vocabulary(s):
            if key(action) in legal:
                E.apply(s, seat, action)
                continue
            try:
                E.apply(s, seat, action)
            except IllegalAction as err:
                assert err.message
            else:
                raise AssertionError(f"seat {seat}: {action} accepted but not legal")
    assert json.dumps(E.dump(s), sort_keys=True) == before


def _finish_covering(s: E.State, after: E.State) -> None:
    """After a covering is resolved: the next one in checking order, else refill and next player."""
    if s.queue:
        assert (after.phase, after.covered, after.queue) == ("nehmen", s.queue[0], s.queue[1:])
        assert E.to_move(after) == [s.active]
        return
    assert after.phase == "kleben" and E.to_move(after) == [(s.active + 1) % s.players]
    # "Erst wenn alle Überklebungen erledigt sind, füllt sich der Plakatkarren … wieder auf."
    want = min(s.options["karren"], len(after.karren) + len(after.druckerei))
    assert len(after.karren) == want


def check_outcome(s: E.State, seat: int, action: dict, after: E.State) -> None:
    kind = action["type"]
    n = s.players
    if kind == "kleben":
        rank, count, brushes = action["rank"], action["count"], action["brushes"]
        assert after.columns[seat] == [*s.columns[seat], [rank, count, brushes]]
        size = count + brushes
        if sum(after.hands[seat]) == 0:
            # "endet sofort, wenn jemand seine letzte Handkarte klebt – dabei wird nicht mehr überklebt"
            assert (after.phase, after.end_reason) == ("ende", "hand")
            assert [after.columns[o] for o in range(n) if o != seat] == [s.columns[o] for o in range(n) if o != seat]
            return
        order = [(seat + k) % n for k in range(1, n)]  # "im Uhrzeigersinn ab dem Nächsten"
        covered = [
            o
            for o in order
            if s.columns[o] and sum(s.columns[o][-1][1:]) == size and top_value(s.columns[o][-1]) < rank
        ]
        if after.turn >= 1000:  # RULES.md safety limit
            assert after.phase == "ende"
        elif covered:
            assert (after.phase, after.covered, after.queue) == ("nehmen", covered[0], covered[1:])
            assert after.group == s.columns[covered[0]][-1]
            assert after.columns[covered[0]] == s.columns[covered[0]][:-1]
        else:
            assert after.phase == "kleben" and after.active == (seat + 1) % n
    elif kind == "nehmen":
        size = sum(s.group[1:])
        assert (after.phase, after.drawer, after.draws_left) == ("ziehen", s.covered, size)
        assert sum(after.hands[s.active]) == sum(s.hands[s.active]) + size
    elif kind == "liegen":
        assert after.phase == "liegen" and E.to_move(after) == [s.covered]
    elif kind == "zurueck":
        assert sum(after.hands[seat]) == sum(s.hands[seat]) + sum(s.group[1:])
        _finish_covering(s, after)
    elif kind == "altpapier":
        size = sum(s.group[1:])
        assert len(after.altpapier) == len(s.altpapier) + size
        assert (after.phase, after.drawer, after.draws_left) == ("ziehen", seat, size)
    else:  # ziehen, "Karte für Karte"
        assert sum(after.hands[seat]) == sum(s.hands[seat]) + 1
        if not after.karren and not after.druckerei:
            assert (after.phase, after.end_reason) == ("ende", "vorrat")  # "auch mitten im Nachziehen"
        elif s.draws_left > 1:
            assert (after.phase, after.drawer, after.draws_left) == ("ziehen", seat, s.draws_left - 1)
        else:
            _finish_covering(s, after)


def play(game: dict, every: int) -> None:
    s = E.new_game(seed=game["seed"], players=game["players"], options=game["options"])
    rng = random.Random(game["choices"])
    index = 0
    while True:
        check_offered(s)
        if index % every == 0:
            check_vocabulary(s)
        if E.is_over(s):
            break
        seat = E.to_move(s)[0]
        action = rng.choice(E.legal_actions(s, seat))
        after, _ = E.apply(s, seat, action)
        check_outcome(s, seat, action, after)
        s = after
        index += 1
    check_vocabulary(s)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_legal_actions_are_exactly_the_rules(game):
    play(game, every=10**9)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_apply_accepts_exactly_the_offered_actions(game):
    play(game, every=10)
