"""Building hand-made Speedburg situations for the tests.

Dice are written as "T3" (Treibholz 3), "G5" (Granit), "M1" (Muscheln), "S6"
(Seeglas). Each call hands out fresh physical dice of that material (ids
0–7 Treibholz, 8–15 Granit, 16–23 Muscheln, 24–31 Seeglas), so every
hand-made state still holds all 32 dice exactly once.
"""

from __future__ import annotations

from games.burg import engine as E

LETTERS = "TGMS"


class Dice:
    """Hands out die ids per material."""

    def __init__(self) -> None:
        self.next = {m: 8 * m for m in range(4)}

    def __call__(self, spec: str) -> list[int]:
        m = LETTERS.index(spec[0])
        die_id = self.next[m]
        assert die_id < 8 * (m + 1), f"more than 8 dice of {spec[0]}"
        self.next[m] += 1
        return [die_id, int(spec[1])]


def castle(spec: dict[int, str], dice: Dice | None = None) -> list[list[list[int]]]:
    """``{field: "T1 G2"}`` (bottom first) -> a castle of 9 stacks."""
    dice = dice or Dice()
    out: list[list[list[int]]] = [[] for _ in range(9)]
    for field, stack in spec.items():
        out[field] = [dice(x) for x in stack.split()]
    return out


def situation(
    players: int = 2,
    *,
    seed: int = 1,
    options: dict | None = None,
    castles: dict[int, dict[int, str]] | None = None,
    lost: dict[int, str] | None = None,
    auslage: str = "",
    sketches: dict[int, int] | None = None,
    wimpel: str = "GS",
    order: list[int] | None = None,
    turn: int | None = None,
    step: str = "bauen",
) -> E.State:
    """A state in the building phase with the given castles, Auslage and pennants.

    Pennants are given as two material letters (first, second); ``turn`` defaults
    to the number of dice already used, so ``order[turn % n]`` is to move.
    """
    s = E.new_game(seed=seed, players=players, options=options or {})
    dice = Dice()
    s.wimpel = [dice(m + "1")[0] for m in wimpel]
    s.burgen = [castle((castles or {}).get(p, {}), dice) for p in range(players)]
    s.verloren = [[dice(x) for x in (lost or {}).get(p, "").split()] for p in range(players)]
    s.auslage = [dice(x) for x in auslage.split()]
    E._sort_auslage(s.auslage)
    s.abgelegt = []
    s.bag = []
    taken = set(E.all_dice(s))
    s.bag = [i for i in range(32) if i not in taken]
    if sketches:
        for p, nr in sketches.items():
            s.skizze[p] = nr
    s.phase = "bauen"
    if order is not None:
        s.order = order
    s.turn = sum(E.used(s, p) for p in range(players)) if turn is None else turn
    s.step = step
    assert sorted(E.all_dice(s)) == list(range(32))
    return s


def act(s: E.State, seat: int, action: dict) -> E.State:
    s2, _ = E.apply(s, seat, action)
    return s2


STRANDMAUER = 3  # the sketch "Strandmauer"


def open_discard() -> E.State:
    """Open building at two: seat 0 discards from "S1 T1 G1"; seat 1 has Treibholz on fields 0 and 2, so a
    Treibholz on 1 would bring it most (the red die)."""
    return situation(
        options={"bauen": "offen"},
        castles={0: {4: "G1"}, 1: {0: "T1", 2: "T1"}},
        auslage="S1 T1 G1",
        sketches={0: STRANDMAUER, 1: STRANDMAUER},
        order=[0, 1],
        turn=2,
        step="ablegen",
    )
