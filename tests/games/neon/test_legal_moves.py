"""Property: the legal actions offered are exactly the legal ones (nothing missing, nothing extra).

Two independent checks on states of random games:
- ``legal_actions`` equals ``oracle.expected_actions``, a plain re-statement of the rules;
- ``apply`` accepts every offered action and, for every other action of a broad
  vocabulary (wrong indices, wrong types, floats and bools for ints, unknown
  tools), raises ``IllegalAction`` and leaves the state unchanged.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.protocol import IllegalAction
from games.neon import engine as E

from .oracle import canon, expected_actions

ALL_TOOLS = (
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
)

GAMES = st.sampled_from(
    [
        (1, {"ausgabe": "solo", "werkzeuge": 5}),
        (1, {"ausgabe": "solo", "werkzeuge": 3}),
        (2, {"ausgabe": "klassisch"}),
        (3, {"ausgabe": "blackout"}),
        (4, {"ausgabe": "klassisch"}),
        (2, {"ausgabe": "einsteiger"}),
    ]
)


def vocabulary(s: E.State, rng: random.Random) -> list[dict]:
    """Syntactically possible actions of the game's action vocabulary, near the current state."""
    n_lief = len(s.lieferung)
    out: list[dict] = [{"type": t} for t in ("passen", "abbrechen", "fertig", "zaubern")]
    out += [{"fenster": 0}, {"type": None}]
    ids = sorted({f for a in s.angebot for f in a})
    out += [{"type": "fassade", "fassade": f} for f in [*ids, "nirgendwo"]]
    for c in range(-1, 21):
        out.append({"type": "setzen", "fenster": c})
        out += [{"type": "setzen", "die": i, "fenster": c} for i in range(-1, n_lief + 1)]
    out += [{"type": "setzen", "die": 0, "fenster": 1.0}, {"type": "setzen", "die": True, "fenster": 0}]
    out += [{"type": "setzen", "fenster": True}, {"type": "setzen", "die": 0}]
    tools = [*s.werkzeuge, *rng.sample([t for t in ALL_TOOLS if t not in s.werkzeuge], 1)]
    for tool in tools:
        for die in [None, -1, *range(n_lief + 1)]:
            for price in [None, -1, *range(n_lief)]:
                a: dict = {"type": "werkzeug", "tool": tool}
                if die is not None:
                    a["die"] = die
                if price is not None:
                    a["preis"] = price
                out.append(a)
    out += [{"type": "dimmen", "delta": d} for d in (-2, -1, 0, 1, 2)]
    out += [{"type": "dimmen", "delta": 1.0}, {"type": "helligkeit", "wert": 5.0}]
    out += [{"type": "helligkeit", "wert": w} for w in range(-1, 9)]
    out += [{"type": "tauschen", "zaehler": k} for k in range(-1, len(s.zaehler) + 1)]
    if s.pending is not None and "zuege" in s.pending:
        sources = list(range(-1, 21))
    else:
        sources = [-1, rng.randrange(20)]
    out += [{"type": "umhaengen", "von": a, "nach": b} for a in sources for b in range(-1, 21)]
    return out


def check_exact(s: E.State, rng: random.Random, full: bool) -> None:
    for seat in range(s.players):
        offered = E.legal_actions(s, seat)
        assert len(canon(offered)) == len(set(canon(offered))), "an action is offered twice"
        assert canon(offered) == canon(expected_actions(s, seat)), (seat, s.pending, s.hand)
    if s.phase == "spiel":
        # "erst vom Startspieler bis zum letzten, dann zurück … Der Startspieler wechselt jede Runde"
        if s.ausgabe == "solo":
            assert s.order == [0, 0]
        else:
            first = [(s.start1 + s.runde - 1 + i) % s.players for i in range(s.players)]
            assert s.order == first + first[::-1]
        assert 1 <= s.runde <= 10
        seat = E.to_move(s)[0]
        # "Kannst du nichts mehr tun …, endet dein Zug von selbst": a seat to move can always do something
        assert any(a["type"] != "passen" for a in E.legal_actions(s, seat))
    if not full:
        return
    before = json.dumps(E.dump(s), sort_keys=True)
    for seat in range(-1, s.players + 1):
        offered = canon(E.legal_actions(s, seat)) if 0 <= seat < s.players else []
        for action in vocabulary(s, rng):
            # JSON spells 1.0 and true differently from 1: such variants are never "offered"
            if json.dumps(action, sort_keys=True) in offered:
                E.apply(s, seat, action)  # accepted
                continue
            try:
                E.apply(s, seat, action)
            except IllegalAction as err:
                assert err.message
            else:
                raise AssertionError(f"seat {seat}: {action} accepted but not legal")
        assert json.dumps(E.dump(s), sort_keys=True) == before


def play(seed: int, players: int, options: dict, choice_seed: int, tool_bias: float, every: int) -> int:
    rng = random.Random(choice_seed)
    s = E.new_game(seed=seed, players=players, options=options)
    index = 0
    while not E.is_over(s):
        check_exact(s, rng, full=index % every == 0)
        seat = rng.choice(E.to_move(s))
        legal = E.legal_actions(s, seat)
        tools = [a for a in legal if a["type"] not in ("setzen", "passen", "fassade")]
        if tools and rng.random() < tool_bias:
            action = rng.choice(tools)
        else:
            put = [a for a in legal if a["type"] == "setzen"]
            action = rng.choice(put) if put and rng.random() < 0.85 else rng.choice(legal)
        s, _ = E.apply(s, seat, action)
        index += 1
    check_exact(s, rng, full=True)
    return index


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=GAMES,
    seed=st.integers(0, 2**63 - 1),
    choice_seed=st.integers(0, 2**32),
    tool_bias=st.sampled_from([0.3, 0.9]),
)
def test_legal_actions_are_exactly_the_rules(game, seed, choice_seed, tool_bias):
    players, options = game
    play(seed, players, options, choice_seed, tool_bias, every=10**9)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=GAMES, seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32))
def test_apply_accepts_exactly_the_offered_actions(game, seed, choice_seed):
    players, options = game
    play(seed, players, options, choice_seed, 0.9, every=7)
