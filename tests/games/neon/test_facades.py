"""The 24 facades: data, difficulty, restrictions, and a solver proving each fillable."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from games.neon import content
from games.neon import engine as E

from .oracle import around, beside, may_place

DATA = json.loads((Path(content.__file__).with_name("facades.json")).read_text(encoding="utf-8"))
REAL = [f for f in content.FACADES.values() if f.card]  # tests may register card-0 extras
RANGES = {3: (10, 11), 4: (11, 12), 5: (12, 13), 6: (13, 14)}


def test_twelve_cards_two_sides_24_facades():
    assert len(DATA["cards"]) == 12
    sides = [s for c in DATA["cards"] for s in c["sides"]]
    assert len(sides) == 24 and all(len(c["sides"]) == 2 for c in DATA["cards"])
    assert len({s["id"] for s in sides}) == 24 and len({s["name"] for s in sides}) == 24
    assert len(REAL) == 24 and len(content.CARDS) == 12


def test_six_facades_per_difficulty():
    assert Counter(f.difficulty for f in REAL) == {3: 6, 4: 6, 5: 6, 6: 6}


@pytest.mark.parametrize("facade", REAL, ids=lambda f: f.id)
def test_cells_and_restricted_range(facade):
    assert len(facade.rows) == 4 and all(len(r) == 5 for r in facade.rows)
    assert all(ch in ".PCGNV123456" for r in facade.rows for ch in r)
    restricted = sum(1 for r in facade.req if r is not None)
    lo, hi = RANGES[facade.difficulty]
    assert lo <= restricted <= hi


@pytest.mark.parametrize("facade", REAL, ids=lambda f: f.id)
def test_no_equal_requirements_orthogonally_adjacent(facade):
    for c, r in enumerate(facade.req):
        if r is None:
            continue
        for n in beside(c):
            assert facade.req[n] != r, (facade.id, c, n)


def solve(req: tuple[str | None, ...]) -> list[str] | None:
    """Backtracking: a complete assignment with no equal colour/brightness orthogonally."""
    grid: list[str | None] = [None] * 20
    order = sorted(range(20), key=lambda c: (req[c] is None, c))  # constrained windows first

    def options(c: int) -> list[str]:
        out = []
        for colour in "PCGNV":
            for value in "123456":
                r = req[c]
                if r is not None and r not in (colour, value):
                    continue
                if any(grid[n] and (grid[n][0] == colour or grid[n][1] == value) for n in beside(c)):
                    continue
                out.append(colour + value)
        return out

    def bt(k: int) -> bool:
        if k == 20:
            return True
        c = order[k]
        for d in options(c):
            grid[c] = d
            if bt(k + 1):
                return True
        grid[c] = None
        return False

    return list(grid) if bt(0) else None  # type: ignore[arg-type]


def placement_order(start: int) -> list[int]:
    """Edge window first, then always a window next (incl. diagonal) to a filled one."""
    seen, order = {start}, [start]
    i = 0
    while i < len(order):
        for n in around(order[i]):
            if n not in seen:
                seen.add(n)
                order.append(n)
        i += 1
    return order


@pytest.mark.parametrize("facade", REAL, ids=lambda f: f.id)
def test_facade_completely_fillable(facade):
    solution = solve(facade.req)
    assert solution is not None, f"{facade.name} cannot be filled"
    # the 18-per-colour supply is enough
    assert max(Counter(d[0] for d in solution).values()) <= 18  # "90 Röhren, 18 je Farbe"
    # and the engine accepts it die by die under the placement rules
    grid: list[str | None] = [None] * 20
    for k, cell in enumerate(placement_order(0)):
        assert may_place(grid, facade.req, solution[cell], cell), (facade.id, cell)
        assert E.fits(grid, facade.req, solution[cell], cell, k), (facade.id, cell)
        grid[cell] = solution[cell]
    assert None not in grid


def test_facades_come_from_the_data_file_only():
    for card in DATA["cards"]:
        for side in card["sides"]:
            f = content.FACADES[side["id"]]
            assert f.name == side["name"] and list(f.rows) == side["rows"]
            assert f.difficulty == side["difficulty"] and f.card == card["card"]
