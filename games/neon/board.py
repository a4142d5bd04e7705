"""The computers' placement estimate, fast: one facade's counts kept up to date die by die.

``bots.place_value`` is the estimate written plainly: for one die and one window it looks at the
whole facade. The computers weigh every die of a Lieferung on every open window, and ``stark``
does so for every seat on every turn of thousands of playouts, so :class:`Board` keeps what that
needs for one seat's facade (the open windows, what lies next to every window, the dice per Etage
and Achse, per colour and per brightness, as bit masks) and updates it when a die is placed.
``Board.placements`` gives every legal placement of some dice with exactly ``place_value``'s value:
the same terms added in the same order, so the very same floats (``tests/games/neon/test_board.py``);
``Board.best`` the first of the best of them, giving up a window as soon as it cannot win.
Both are written for speed (``tests/games/neon/test_bots_playouts.py`` pins what ``stark`` plays).
"""

from __future__ import annotations

import math
from typing import Any

from games.neon.content import CELLS, COLOURS, COLS, ROWS, VALUES
from games.neon.engine import DIAG, EDGE, NEIGH8, ORTH

_CBIT = {c: 1 << k for k, c in enumerate(COLOURS)}
_VBIT = {v: 1 << k for k, v in enumerate(VALUES)}
_VMASK = (1 << len(VALUES)) - 1
_POP = tuple(bin(m).count("1") for m in range(_VMASK + 1))
_DICE = tuple(c + v for c in COLOURS for v in VALUES)
_ROW = tuple(c // COLS for c in range(CELLS))
_COL = tuple(c % COLS for c in range(CELLS))
_ORTH_MASK = tuple(sum(1 << m for m in ORTH[c]) for c in range(CELLS))
_DIAG_MASK = tuple(sum(1 << m for m in DIAG[c]) for c in range(CELLS))
_NEIGH8_MASK = tuple(sum(1 << m for m in NEIGH8[c]) for c in range(CELLS))
_EDGE_MASK = sum(1 << c for c in EDGE)
# What a window adds for the Werbetafeln that count its Etage/Achse when no die there shares its
# colour/brightness, by the dice already in the line (``place_value``'s expressions: the same floats).
_BE = tuple(0.8 + 0.3 * n for n in range(COLS + 1))
_LE = tuple(0.7 + 0.3 * n for n in range(COLS + 1))
_BA = tuple(0.7 + 0.3 * n for n in range(ROWS + 1))
_LA = tuple(0.6 + 0.3 * n for n in range(ROWS + 1))
#: ``place_value``'s "hard window" term by the dice the window could still take (0.0: none)
_HARD = tuple(6.0 / (1 + n) if n < 8 else 0.0 for n in range(len(COLOURS) * len(VALUES) + 1))


def _key(cols: int, vals: int) -> int:
    """Colours and brightnesses (bit masks) in one number."""
    return cols << len(VALUES) | vals


#: die -> its colour and brightness (``_key``)
_DKEY = {d: _key(_CBIT[d[0]], _VBIT[d[1]]) for d in _DICE}
#: every ``_key``
_KEYS = range(_key((1 << len(COLOURS)) - 1, _VMASK) + 1)
#: die -> (colour, brightness, ``_key``, its colour bit, its brightness bit, brightness as a number)
_DIE = {d: (d[0], d[1], _DKEY[d], _DKEY[d] & ~_VMASK, _DKEY[d] & _VMASK, int(d[1])) for d in _DICE}
#: bit mask -> its bits, lowest first (the windows of a mask: the low and the high half of 20)
_HALF = CELLS // 2
_BITS_LO = tuple(tuple(b for b in range(_HALF) if m >> b & 1) for m in range(1 << _HALF))
_BITS_HI = tuple(tuple(b + _HALF for b in range(_HALF) if m >> b & 1) for m in range(1 << _HALF))
_LO_MASK = (1 << _HALF) - 1


def _options(r: str | None, key: int) -> int:
    """How many dice (colour × brightness) an empty window with requirement ``r`` could take
    next to the colours and brightnesses of ``key``."""
    cols, vals = key >> len(VALUES), key & _VMASK
    free_c, free_v = len(COLOURS) - _POP[cols], len(VALUES) - _POP[vals]
    if r is None:
        return free_c * free_v
    if r in _CBIT:
        return 0 if cols & _CBIT[r] else free_v
    return 0 if vals & _VBIT[r] else free_c


#: (requirement, dark-window penalty) -> two tables by the colours and brightnesses next to an empty
#: window (``_key``): ``place_value``'s "hard window" term for filling it now, and (the placed die's
#: colour and brightness included) what it subtracts for leaving it with few dice it could take.
#: 0.0 where there is no term (so it is added only when it is not 0.0: the same sums).
_TERMS: dict[tuple[str | None, int], tuple[tuple[float, ...], tuple[float, ...]]] = {}


def _terms(r: str | None, dark: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    got = _TERMS.get((r, dark))
    if got is None:
        options = [_options(r, k) for k in _KEYS]
        steps = (dark + 2.5, 1.0, 1.0, 0.4, 0.4)  # the window could take 0, 1–2, 3–4 dice
        got = _TERMS[r, dark] = (tuple(_HARD[n] for n in options), tuple(steps[n] if n <= 4 else 0.0 for n in options))
    return got


Tables = tuple[dict[str, int], tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]
#: (requirement tuple, dark-window penalty) -> die -> windows whose requirement it meets; per
#: window its two ``_terms`` tables.
_TABLES: dict[tuple[tuple[str | None, ...], int], Tables] = {}


def _tables(req: tuple[str | None, ...], dark: int) -> Tables:
    got = _TABLES.get((req, dark))
    if got is None:
        fits = {d: sum(1 << c for c in range(CELLS) if req[c] is None or req[c] in d) for d in _DICE}
        terms = [_terms(r, dark) for r in req]
        got = _TABLES[req, dark] = (fits, tuple(t[0] for t in terms), tuple(t[1] for t in terms))
    return got


class Board:
    """One seat's facade (``grid``, placed into through :meth:`place`) and its counts.

    The ``ctx``'s facade and dark-window penalty are read once; its secret-colour weights at
    every :meth:`placements` (the solo playout re-weighs them as the facade fills).
    """

    __slots__ = (
        "ctx",
        "grid",
        "_fits",
        "_own",
        "_penalty",
        "filled",
        "near8",
        "block",
        "near4",
        "rown",
        "rowk",
        "coln",
        "colk",
        "vcount",
        "ccount",
        "where",
    )

    def __init__(self, ctx: Any, grid: list[str | None]) -> None:  # ctx: bots.Ctx (bots imports this module)
        self.ctx = ctx
        self.grid = grid
        self._fits, self._own, self._penalty = _tables(ctx.req, ctx.dark)
        self.filled = 0  # windows with a die
        self.near8 = 0  # windows next to a die (8 around)
        self.block = dict.fromkeys(COLOURS + VALUES, 0)  # colour/brightness -> windows next to one (4 around)
        self.near4 = [0] * CELLS  # window -> colours and brightnesses next to it (4 around, ``_key``)
        self.rown, self.rowk = [0] * ROWS, [0] * ROWS  # Etage -> dice, their colours and brightnesses
        self.coln, self.colk = [0] * COLS, [0] * COLS  # Achse -> the same
        self.vcount = [0] * 7  # brightness -> dice
        self.ccount = dict.fromkeys(COLOURS, 0)  # colour -> dice
        self.where = dict.fromkeys(COLOURS, 0)  # colour -> windows with a die of it
        for c, d in enumerate(grid):
            if d is not None:
                self.place(c, d)

    def place(self, cell: int, die: str) -> None:
        """Put ``die`` into the empty ``cell``."""
        self.grid[cell] = die
        col, val, key, _, _, iv = _DIE[die]
        bit = 1 << cell
        self.filled |= bit
        self.near8 |= _NEIGH8_MASK[cell]
        self.where[col] |= bit
        block, orth = self.block, _ORTH_MASK[cell]
        block[col] |= orth
        block[val] |= orth
        near4 = self.near4
        for m in ORTH[cell]:
            near4[m] |= key
        r, k = _ROW[cell], _COL[cell]
        self.rown[r] += 1
        self.rowk[r] |= key
        self.coln[k] += 1
        self.colk[k] |= key
        self.vcount[iv] += 1
        self.ccount[col] += 1

    def clone(self, ctx: Any, grid: list[str | None]) -> Board:
        """A Board for ``grid`` (a list holding the same dice as this one's) with ``ctx``: the counts
        copied, not counted again die by die (``stark`` starts every playout from the same facades)."""
        b = Board.__new__(Board)
        b.ctx = ctx
        b.grid = grid
        b._fits, b._own, b._penalty = self._fits, self._own, self._penalty
        b.filled, b.near8 = self.filled, self.near8
        b.block, b.near4 = self.block.copy(), self.near4[:]
        b.rown, b.rowk, b.coln, b.colk = self.rown[:], self.rowk[:], self.coln[:], self.colk[:]
        b.vcount, b.ccount, b.where = self.vcount[:], self.ccount.copy(), self.where.copy()
        return b

    def placements(self, dice: list[str]) -> list[tuple[float, int, int]]:
        """(value, die index, window) for every legal placement of ``dice`` (a die that comes again
        only once, at its first index), die by die, windows in ascending order; each value exactly
        ``place_value``'s."""
        out: list[tuple[float, int, int]] = []
        self._scan(dice, out)
        return out

    def best(self, dice: list[str]) -> tuple[float, int, int] | None:
        """The first of the best-valued :meth:`placements` (None: no legal placement): the same
        one as ``bots.best_placements(...)[0]``."""
        return self._scan(dice, None)

    def _scan(self, dice: list[str], out: list[tuple[float, int, int]] | None) -> tuple[float, int, int] | None:
        """Every legal placement of ``dice`` in :meth:`placements`' order: appended to ``out``, or
        (``out`` None) the first of the best returned without building the list. One function on
        purpose: it is the inner loop of every playout.

        Looking for the best, a window is given up before its penalties when it cannot beat the
        best so far even without them: they are subtracted last and only lower its value (in
        floats too: rounding is monotonic)."""
        open_ = self.near8 & ~self.filled if self.filled else _EDGE_MASK
        if not open_:
            return None
        ctx, grid, block, fits = self.ctx, self.grid, self.block, self._fits
        near4, own, penalty = self.near4, self._own, self._penalty
        dark, secret, solo, pairs = float(ctx.dark), ctx.secret, ctx.solo, ctx.pairs
        # (no Werbetafeln: all of these are False and ``pairs`` is empty)
        be, le, ba, la, vs, rb, lk = ctx.be, ctx.le, ctx.ba, ctx.la, ctx.vs, ctx.rb, ctx.lk
        rows, cols = be or le, ba or la
        lines = rows or cols
        rown, rowk, coln, colk = self.rown, self.rowk, self.coln, self.colk
        vcount, ccount, where = self.vcount, self.ccount, self.where
        vmin = min(vcount[1:]) if vs else 0
        cmin = min(ccount.values()) if rb else 0
        top = None
        top_v = -math.inf  # stays -inf when ``out`` is given: nothing is given up then
        # a die that comes again: skipped for ``out``; looking for the best it cannot beat itself
        seen = set() if out is not None else None
        for i, d in enumerate(dice):
            if seen is not None:
                if d in seen:
                    continue
                seen.add(d)
            col, val, key, cb, vb, iv = _DIE[d]
            cells = open_ & ~(block[col] | block[val]) & fits[d]
            if not cells:
                continue
            base = dark
            w = secret.get(col)
            if w:
                base += w * iv
            if solo:
                base += iv
            pair = pairs.get(val)  # (the pair, the other brightness) or None
            if pair is not None:
                pair = 1.6 if vcount[ord(pair[1]) - 48] > vcount[iv] else 0.5  # now its term
            if vs:
                scale = 1.2 if vcount[iv] == vmin else -0.2
            if rb:
                rainbow = 1.2 if ccount[col] == cmin else -0.2
            same = where[col] if lk else 0
            if not lines:
                # no Etage/Achse term comes first: these are added to every window's value
                # first, in this order, so adding them here gives the very same floats
                if pair is not None:
                    base += pair
                if vs:
                    base += scale
                if rb:
                    base += rainbow
            for c in _BITS_LO[cells & _LO_MASK] + _BITS_HI[cells >> _HALF]:
                v = base
                if lines:
                    if rows:
                        r = _ROW[c]
                        if be:
                            v += -2.5 if rowk[r] & cb else _BE[rown[r]]
                        if le:
                            v += -2.0 if rowk[r] & vb else _LE[rown[r]]
                    if cols:
                        k = _COL[c]
                        if ba:
                            v += -2.0 if colk[k] & cb else _BA[coln[k]]
                        if la:
                            v += -1.6 if colk[k] & vb else _LA[coln[k]]
                    if pair is not None:
                        v += pair
                    if vs:
                        v += scale
                    if rb:
                        v += rainbow
                if same & _DIAG_MASK[c]:
                    for m in DIAG[c]:
                        if same >> m & 1:
                            v += 1.0
                            if not same & _DIAG_MASK[m]:
                                v += 0.8
                t = own[c][near4[c]]
                if t:
                    v += t
                if v <= top_v:  # only the penalties are left: they can only lower v
                    continue
                for m in ORTH[c]:
                    if grid[m] is None:
                        t = penalty[m][near4[m] | key]
                        if t:
                            v -= t
                if out is None:
                    if v > top_v:  # strictly: the first of equals stays
                        top_v, top = v, (v, i, c)
                else:
                    out.append((v, i, c))
        return top
