"""An independent, slow and plain statement of Speedneon's legality rules (tests only).

Written from the rule text, SUPPLEMENT.md and the decisions in RULES.md, without
using the engine's geometry, constants or helpers: the property tests compare
the engine's ``legal_actions`` with ``expected_actions`` below.
"""

from __future__ import annotations

import json

from games.neon import content

ROWS, COLS = 4, 5
COLOURS = ("P", "C", "G", "N", "V")
#: "Rand" (SUP): the outer rows and columns, written out.
EDGE = frozenset({0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 16, 17, 18, 19})
#: Umpolen (RT): "auf die Gegenseite drehen (1↔6, 2↔5, 3↔4)".
OPPOSITE = {"1": "6", "2": "5", "3": "4", "4": "3", "5": "2", "6": "1"}
#: SUP "Solo colours (the tool's price die)".
SOLO_COLOUR = {
    "dimmer": "V",
    "wackelkontakt": "V",
    "roehrenwechsel": "V",
    "farbfolie": "C",
    "stromausfall": "C",
    "schablone": "C",
    "trafo": "P",
    "doppelschicht": "P",
    "hebebuehne": "G",
    "verlaengerungskabel": "G",
    "lagerkiste": "N",
    "umpolen": "N",
}
#: RT: "Die Werkzeuge mit einer gewählten Röhre (Dimmer bis Verlängerungskabel)".
DIE_TOOLS = ("dimmer", "wackelkontakt", "umpolen", "roehrenwechsel", "lagerkiste", "verlaengerungskabel")


def around(cell: int) -> list[int]:
    """The (up to 8) windows touching ``cell``, diagonals included."""
    r, c = divmod(cell, COLS)
    out = []
    for rr in (r - 1, r, r + 1):
        for cc in (c - 1, c, c + 1):
            if (rr, cc) != (r, c) and 0 <= rr < ROWS and 0 <= cc < COLS:
                out.append(rr * COLS + cc)
    return out


def beside(cell: int) -> list[int]:
    """The (up to 4) windows directly left, right, above and below ``cell``."""
    r, c = divmod(cell, COLS)
    four = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * COLS + cc for rr, cc in four if 0 <= rr < ROWS and 0 <= cc < COLS]


def requirements(facade_id: str) -> list[str | None]:
    """The 20 window requirements, read from the facade's rows ('.' = free)."""
    rows = content.FACADES[facade_id].rows
    return [None if ch == "." else ch for row in rows for ch in row]


def may_place(grid, req, die: str, cell: int, ignore: str | None = None) -> bool:
    """RT "Anbringen" (+ Farbfolie/Trafo lifting one kind of requirement)."""
    if grid[cell] is not None:
        return False
    r = req[cell]
    if r is not None and r != die[0] and r != die[1]:
        colour_req = r in COLOURS
        if not ((ignore == "farbe" and colour_req) or (ignore == "wert" and not colour_req)):
            return False
    if all(d is None for d in grid):
        if cell not in EDGE:
            return False
    elif all(grid[n] is None for n in around(cell)):
        return False
    return all(grid[n] is None or (grid[n][0] != die[0] and grid[n][1] != die[1]) for n in beside(cell))


def windows(grid, req, die: str) -> list[int]:
    return [c for c in range(20) if may_place(grid, req, die, c)]


def cable_windows(grid, req, die: str) -> list[int]:
    """Verlängerungskabel: a die on the facade; no die in the 8 around; requirement applies; no edge rule."""
    if all(d is None for d in grid):
        return []
    return [
        c
        for c in range(20)
        if grid[c] is None
        and (req[c] is None or req[c] in (die[0], die[1]))
        and all(grid[n] is None for n in around(c))
    ]


def targets(grid, req, src: int, ignore: str | None = None) -> list[int]:
    """Moving the die in ``src``: the old window counts as empty, never back into it."""
    g = list(grid)
    die = g[src]
    g[src] = None
    return [c for c in range(20) if c != src and may_place(g, req, die, c, ignore)]


def _price_choices(s, seat: int, tool: str, solo: bool) -> list[int | None]:
    if solo:
        if s.tool_uses.get(tool):
            return []  # RT solo: "Jedes Werkzeug gibt es nur einmal."
        return [i for i, d in enumerate(s.lieferung) if d[0] == SOLO_COLOUR[tool]]
    cost = 2 if s.tool_uses.get(tool) else 1  # RT: first use 1 Strom, every further one 2
    return [None] if s.strom[seat] >= cost else []


def _tool(tool: str, price: int | None, **kw) -> dict:
    action = {"type": "werkzeug", "tool": tool, **kw}
    if price is not None:
        action["preis"] = price
    return action


def _move_actions(s, grid, req, tool: str) -> list[dict]:
    ignore = {"farbfolie": "farbe", "trafo": "wert"}.get(tool)
    moved = (s.pending or {}).get("zuege") or []
    first_die_now_at = moved[0][1] if moved else None
    if tool == "schablone":
        allowed = {grid[first_die_now_at][0]} if moved else {d[0] for d in s.zaehler}
    else:
        allowed = set(COLOURS)
    out = []
    for src in range(20):
        if grid[src] is None or src == first_die_now_at or grid[src][0] not in allowed:
            continue
        out += [{"type": "umhaengen", "von": src, "nach": dst} for dst in targets(grid, req, src, ignore)]
    return out


def _tool_starts(s, seat: int, grid, req, solo: bool, second: bool) -> list[dict]:
    out: list[dict] = []
    for tool in s.werkzeuge:
        prices = _price_choices(s, seat, tool, solo)
        if tool in DIE_TOOLS:
            if s.placed:
                continue  # only before the die of this turn is placed
            for i, die in enumerate(s.lieferung):
                if tool == "dimmer":
                    ok = any(
                        1 <= int(die[1]) + d <= 6 and windows(grid, req, die[0] + str(int(die[1]) + d)) for d in (-1, 1)
                    )
                elif tool == "umpolen":
                    ok = bool(windows(grid, req, die[0] + OPPOSITE[die[1]]))
                elif tool == "lagerkiste":
                    ok = bool(s.zaehler)
                elif tool == "verlaengerungskabel":
                    ok = bool(cable_windows(grid, req, die))
                else:
                    ok = True
                if ok:
                    out += [_tool(tool, p, die=i) for p in prices if p != i]
        elif tool == "stromausfall":
            if second and not s.placed:
                out += [_tool(tool, p) for p in prices if len(s.lieferung) - (p is not None) > 0]
        elif tool == "doppelschicht":
            if not second and s.placed == 1:
                fits = [bool(windows(grid, req, d)) for d in s.lieferung]
                out += [_tool(tool, p) for p in prices if any(f for j, f in enumerate(fits) if j != p)]
        else:
            if tool == "hebebuehne" and sum(d is not None for d in grid) < 2:
                continue
            if _move_actions(s, grid, req, tool):
                out += [_tool(tool, p) for p in prices]
    return out


def expected_actions(s, seat: int) -> list[dict]:
    """Every action ``seat`` may take in state ``s``, derived from the rules."""
    if s.phase == "wahl":
        if s.fassade[seat] is not None:
            return []
        return [{"type": "fassade", "fassade": f} for f in s.angebot[seat]]
    if s.phase != "spiel" or s.order[s.turn] != seat:
        return []
    solo = s.ausgabe == "solo"
    second = s.turn == 1 if solo else s.turn >= s.players
    grid = s.grids[seat]
    req = requirements(s.fassade[seat])
    p = s.pending
    if p is not None:
        tool = p["tool"]
        if tool == "roehrenwechsel":
            return [{"type": "helligkeit", "wert": w} for w in range(1, 7)]
        if tool == "dimmer":
            v = int(s.hand[1])
            out = [
                {"type": "dimmen", "delta": d}
                for d in (-1, 1)
                if 1 <= v + d <= 6 and windows(grid, req, s.hand[0] + str(v + d))
            ]
        elif tool == "lagerkiste":
            out = [{"type": "tauschen", "zaehler": k} for k in range(len(s.zaehler))]
        elif tool == "verlaengerungskabel":
            out = [{"type": "setzen", "fenster": c} for c in cable_windows(grid, req, s.hand)]
        else:
            out = _move_actions(s, grid, req, tool)
            if tool == "schablone" and p.get("zuege"):
                return [*out, {"type": "fertig"}]
        return [*out, {"type": "abbrechen"}]
    out = []
    if s.placed < (2 if s.extra else 1):
        if s.hand is not None:
            out += [{"type": "setzen", "fenster": c} for c in windows(grid, req, s.hand)]
        else:
            for i, die in enumerate(s.lieferung):
                out += [{"type": "setzen", "die": i, "fenster": c} for c in windows(grid, req, die)]
    if s.must_place:
        return out
    if not s.tool_used and s.hand is None:
        out += _tool_starts(s, seat, grid, req, solo, second)
    return [*out, {"type": "passen"}]


def canon(actions: list[dict]) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in actions)
