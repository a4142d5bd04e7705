"""``stark``'s playouts, pinned: a change that is meant to make them faster must not change them.

The expected values below were recorded from the code *before* the playout optimisation
(``games/neon/bots.py`` and ``games/neon/board.py`` as of the commit before it): the same
positions, the same random generators, a fixed number of playouts. Any change of a move, of
the random numbers drawn or of their order, of a value or of a decision fails here.
"""

from __future__ import annotations

import hashlib
import json
import random

from games.neon import bots as B
from games.neon import engine as E

#: (players, options, game seed): games between ``normal`` computers
GAMES = [
    (1, {"ausgabe": "solo", "werkzeuge": 5}, 40),
    (1, {"ausgabe": "solo", "werkzeuge": 3}, 41),
    (2, {"ausgabe": "klassisch"}, 42),
    (2, {"ausgabe": "blackout"}, 43),
    (4, {"ausgabe": "klassisch"}, 44),
    (4, {"ausgabe": "einsteiger"}, 45),
    (4, {"ausgabe": "blackout"}, 46),
]
#: the searched decisions of every game that are pinned (early, middle, late)
PICKS = (2, 14, 27)
#: playouts per search; the middle decision gets enough rounds for candidates to be pruned
PLAYOUTS, LONG = 24, 120


def positions() -> list[tuple[str, dict, list[dict]]]:
    """(name, view, legal) of the picked decisions where ``stark`` searches (more than one candidate)."""
    out = []
    for players, options, seed in GAMES:
        s = E.new_game(seed=seed, players=players, options=options)
        rng = random.Random(seed)
        number = 0
        while not E.is_over(s) and number <= PICKS[-1]:
            seat = E.to_move(s)[0]
            view, legal = E.view(s, seat), E.legal_actions(s, seat)
            searched = view["phase"] == "spiel" and view["zugstatus"]["offen"] is None
            if searched and len(B._candidates(view, B._no_paid_tools(view, legal))) > 1:
                if number in PICKS:
                    out.append((f"{players}p-{seed}-{number}", view, legal))
                number += 1
            s, _ = E.apply(s, seat, B.choose_normal(view, legal, rng).action)
    return out


def _digest(data) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


def observed() -> dict[str, tuple]:
    """Per position: the search (playouts, rounds, every candidate's action, mean value, mean points
    and playouts), ``choose_stark``'s choice, and one playout's value and final world."""
    got = {}
    for k, (name, view, legal) in enumerate(positions()):
        candidates = [a for a, _ in B._candidates(view, B._no_paid_tools(view, legal))]
        budget = LONG if name.endswith(f"-{PICKS[1]}") else PLAYOUTS
        r = B._search(view, candidates, random.Random(k), B.as_budget(budget), prune=True)
        search = (
            r.playouts,
            r.rounds,
            _digest([(e.action, repr(e.mean), repr(e.points), e.playouts) for e in r.ranked]),
        )
        choice = B.choose_stark(view, legal, random.Random(100 + k), budget=PLAYOUTS)
        world_rng = random.Random(200 + k)
        world = B.determinize(view, world_rng)
        me = view["seat"]
        E.step(world, me, candidates[-1])
        B._finish_turn(world, me)
        value = B.rollout(world, me, world_rng)
        final = _digest([world.grids, world.zaehler, world.kiste, world.runde, world.phase])
        got[name] = (
            search,
            _digest([choice.action, repr(choice.reason), choice.playouts]),
            repr(value),
            final,
        )
    return got


#: recorded from the code before the playout optimisation (see the module docstring)
EXPECTED: dict[str, tuple] = {
    "1p-40-14": ((120, 32, "f98e7864d368"), "4475a79a2a3c", "-33", "44edc3769bdd"),
    "1p-40-2": ((24, 6, "1cb66473aee6"), "9e46be66ece4", "-30", "7c21500cd13f"),
    "1p-41-14": ((120, 60, "b757944cbb76"), "0b603b1edfbd", "-76", "46f5f404355c"),
    "1p-41-2": ((24, 6, "12d23f6b782f"), "6a016c211a3d", "-54", "e94350f3a337"),
    "2p-42-14": ((120, 32, "00a2f11f2cec"), "7dcec56c7a85", "30.0", "357f63e19c75"),
    "2p-42-2": ((24, 6, "30d77c1d0cb4"), "964c6413fa4f", "49.0", "29d1fa2842eb"),
    "2p-42-27": ((24, 6, "e6e891c8f1e4"), "fba7b6a68c6f", "29.0", "6dd1a870337c"),
    "2p-43-14": ((120, 30, "cd5b06e5d0c5"), "4a96b61d7436", "33.0", "64098324299c"),
    "2p-43-2": ((24, 6, "8e2288329809"), "a4c1db2f6b47", "34.0", "050a520ad720"),
    "2p-43-27": ((24, 6, "57923b3f2a5a"), "b2df8e7a9006", "23.0", "a297799053bd"),
    "4p-44-14": ((120, 30, "2da3b3cb0f94"), "7edf64d2ca74", "58.0", "6357562cda74"),
    "4p-44-2": ((24, 6, "2f4257fe2084"), "b41db5cb78a2", "53.0", "520ca7ccc4f8"),
    "4p-44-27": ((24, 6, "410ea3ff6e4e"), "cff3dca512f8", "57.0", "668d3b69ddaf"),
    "4p-45-14": ((120, 30, "41770cdf7176"), "dab8ea0326e7", "46.0", "e2baa3aed012"),
    "4p-45-2": ((24, 6, "fcee421978a8"), "e3a2785d918a", "50.0", "88e7dbc361df"),
    "4p-45-27": ((24, 6, "21d97efeb5fe"), "aeac59507993", "40.0", "b109a923059b"),
    "4p-46-14": ((120, 30, "5a27d7b403c1"), "a2439af64007", "53.0", "df3805d0d694"),
    "4p-46-2": ((24, 6, "753a452f3784"), "798ed2f012cf", "34.0", "6ca6d02bac80"),
    "4p-46-27": ((24, 6, "58c3829a9812"), "7b544d0beef6", "36.0", "6a5b343ccab6"),
}


def test_stark_searches_and_playouts_are_exactly_as_recorded():
    assert observed() == EXPECTED


def test_finishing_the_turn_on_the_board_is_the_plain_way():
    """``_finish_turn`` with the search's kept Boards ends in the very same world as the plain way
    (``_greedy_plans`` on a fresh view), and the Board it hands on counts ``me``'s grid as it is."""
    fast_steps = 0
    for k, (_name, view, legal) in enumerate(positions()):
        me = view["seat"]
        kept = B._Kept()
        for action in [a for a, _ in B._candidates(view, B._no_paid_tools(view, legal))]:
            plain, fast = B.determinize(view, random.Random(k)), B.determinize(view, random.Random(k))
            E.step(plain, me, action)
            E.step(fast, me, action)
            B._finish_turn(plain, me)
            board = B._finish_turn(fast, me, kept)
            assert fast == plain
            if board is not None:
                fast_steps += 1
                dice = [c + v for c in B.COLOURS for v in "123456"]
                assert board.grid is fast.grids[me]
                assert board.placements(dice) == B.Board(B._world_ctx(fast, me), list(fast.grids[me])).placements(dice)
    assert fast_steps > 20
