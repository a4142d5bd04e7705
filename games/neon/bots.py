"""Speedneon computer players (rule text, section "Computergegner").

Every bot is ``choose(view, legal, rng, *, budget) -> Choice`` and uses only the
seat's view and its legal actions. ``stark`` samples the unknown (future draws
from the Kiste, the other secret colours) with ``determinize`` and plays the
game out with a cheap policy via ``games.core.search.monte_carlo``, as many times
as its budget allows (0.8 s by default); ``assess`` gives the post-game analysis
its expected points per option.
``advice`` is the "Rat" (solo only); in the Solovariante it never suggests a tool.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.bots import Choice
from games.core.search import Assessment, Budget, Option, SearchResult, as_budget, monte_carlo
from games.core.text import Text, fixed, tx
from games.neon import engine as E
from games.neon.board import Board
from games.neon.content import CELLS, COLOURS, FACADES, PAIRS, TOOLS, die_text, window_text

JSON = dict[str, Any]

#: ``stark`` takes a :class:`games.core.search.Budget` (the runtime passes its time budget).
TIMED_SEARCH = True
#: Candidates ``stark`` plays out (the best by the ``normal`` estimate).
STARK_CANDIDATES = 4
#: Quick self-play games per facade when ``stark`` chooses its facade.
FACADE_PLAYOUTS = 150

ORTH, DIAG = E.ORTH, E.DIAG
_COLOUR_SET = frozenset(COLOURS)


# -------------------------------------------------------------- heuristic


class Ctx:
    """What the placement heuristic needs: facade, secret colours, Werbetafeln, Ausgabe."""

    __slots__ = ("req", "secret", "tafeln", "dark", "solo", "be", "le", "ba", "la", "pairs", "vs", "rb", "lk")

    def __init__(
        self,
        req: tuple[str | None, ...],
        secret: dict[str, float],
        tafeln: list[str],
        dark: int,
        solo: bool,
    ) -> None:
        self.req = req
        self.secret = secret  # colour -> weight
        self.tafeln = frozenset(tafeln)
        self.dark = dark
        self.solo = solo
        t = self.tafeln
        self.be, self.le = "bunte_etagen" in t, "lichtstufen_etagen" in t
        self.ba, self.la = "bunte_achsen" in t, "lichtstufen_achsen" in t
        self.pairs = {v: (p, p[1] if v == p[0] else p[0]) for k, p in PAIRS.items() if k in t for v in p}
        self.vs, self.rb, self.lk = "volle_skala" in t, "regenbogen" in t, "lichterkette" in t


class Stats:
    """Counts of a grid, computed once for all candidate placements."""

    __slots__ = ("vcount", "ccount", "vmin", "cmin")

    def __init__(self, grid: list[str | None]) -> None:
        vcount = [0] * 7
        ccount = dict.fromkeys(COLOURS, 0)
        for d in grid:
            if d is not None:
                vcount[ord(d[1]) - 48] += 1
                ccount[d[0]] += 1
        self.vcount = vcount
        self.ccount = ccount
        self.vmin = min(vcount[1:])
        self.cmin = min(ccount.values())


def _secret_weights(grid: list[str | None], colours: list[str]) -> dict[str, float]:
    if len(colours) == 1:
        return {colours[0]: 1.0}
    # solo: two colours, the better counts: favour the one ahead
    pts = {c: sum(int(d[1]) for d in grid if d and d[0] == c) for c in colours}
    a, b = sorted(colours, key=lambda c: -pts[c])
    return {a: 1.0, b: 0.6 if pts[a] - pts[b] < 6 else 0.2}


def _options(grid: list[str | None], req: tuple, cell: int, extra_cell: int, extra: str) -> int:
    """How many dice (colour × brightness) could still go into the empty ``cell``."""
    cols = set()
    vals = set()
    for m in ORTH[cell]:
        d = extra if m == extra_cell else grid[m]
        if d is not None:
            cols.add(d[0])
            vals.add(d[1])
    r = req[cell]
    if r is None:
        return (5 - len(cols)) * (6 - len(vals))
    if r in _COLOUR_SET:
        return (0 if r in cols else 1) * (6 - len(vals))
    return (5 - len(cols)) * (0 if r in vals else 1)


def _tafel_counts(
    ctx: Ctx, stats: Stats | None, grid: list[str | None], cell: int, col: str, iv: int, pair: str | None, v: float
) -> float:
    """``v`` plus what the Werbetafeln that count the whole facade (pairs, every brightness, every
    colour, diagonal chains) make of ``col``/``iv`` in ``cell``, added in the order
    ``board.Board.placements`` adds them too (the very same sums)."""
    if pair is not None:
        v += 1.6 if stats.vcount[ord(pair[1]) - 48] > stats.vcount[iv] else 0.5
    if ctx.vs:
        v += 1.2 if stats.vcount[iv] == stats.vmin else -0.2
    if ctx.rb:
        v += 1.2 if stats.ccount[col] == stats.cmin else -0.2
    if ctx.lk:
        for m in DIAG[cell]:
            d = grid[m]
            if d is not None and d[0] == col:
                v += 1.0
                for x in DIAG[m]:
                    e = grid[x]
                    if e is not None and e[0] == col:
                        break
                else:
                    v += 0.8
    return v


def place_value(ctx: Ctx, grid: list[str | None], die: str, cell: int, stats: Stats | None = None) -> float:
    """Estimated worth of putting ``die`` into ``cell`` (a legal placement)."""
    col, val = die[0], die[1]
    iv = ord(val) - 48
    v = float(ctx.dark)  # one window less dark
    w = ctx.secret.get(col)
    if w:
        v += w * iv
    if ctx.solo:
        v += iv  # solo: a die taken does not raise the target on the Stromzähler
    if ctx.tafeln:
        if stats is None:
            stats = Stats(grid)
        r, c = divmod(cell, 5)
        if ctx.be or ctx.le:
            n = same_c = same_v = 0
            for i in range(r * 5, r * 5 + 5):
                d = grid[i]
                if d is not None:
                    n += 1
                    same_c += d[0] == col
                    same_v += d[1] == val
            if ctx.be:
                v += -2.5 if same_c else 0.8 + 0.3 * n
            if ctx.le:
                v += -2.0 if same_v else 0.7 + 0.3 * n
        if ctx.ba or ctx.la:
            n = same_c = same_v = 0
            for i in range(c, CELLS, 5):
                d = grid[i]
                if d is not None:
                    n += 1
                    same_c += d[0] == col
                    same_v += d[1] == val
            if ctx.ba:
                v += -2.0 if same_c else 0.7 + 0.3 * n
            if ctx.la:
                v += -1.6 if same_v else 0.6 + 0.3 * n
        v = _tafel_counts(ctx, stats, grid, cell, col, iv, ctx.pairs.get(val), v)
    req = ctx.req
    # a hard window filled now cannot become dark later
    own = _options(grid, req, cell, -1, "")
    if own < 8:
        v += 6.0 / (1 + own)
    for n in ORTH[cell]:
        if grid[n] is None:
            opts = _options(grid, req, n, cell, die)
            if opts == 0:
                v -= ctx.dark + 2.5
            elif opts <= 2:
                v -= 1.0
            elif opts <= 4:
                v -= 0.4
    return v


_EDGE_LIST = sorted(E.EDGE)


def open_cells(grid: list[str | None], req: tuple) -> list[tuple[int, str | None, str]]:
    """(window, requirement, banned colours+brightnesses) for every window that may take a die."""
    if grid.count(None) == CELLS:
        cells = _EDGE_LIST
    else:
        cells = [c for c in range(CELLS) if grid[c] is None and any(grid[n] is not None for n in E.NEIGH8[c])]
    out = []
    for c in cells:
        banned = "".join(grid[n] for n in ORTH[c] if grid[n] is not None)
        out.append((c, req[c], banned))
    return out


def best_placements(ctx: Ctx, grid: list[str | None], dice: list[str]) -> list[tuple[float, int, int]]:
    """(value, die index, window) for every legal placement, best first (ties: die, then window).

    Each value is exactly ``place_value``'s (the same sums in the same order); :class:`Board`
    counts the facade once instead of once per placement.
    """
    out = Board(ctx, grid).placements(dice)
    out.sort(key=lambda x: -x[0])
    return out


# ------------------------------------------------------------ view access


def _me(view: JSON) -> int:
    return view["seat"]


def _ctx_from_view(view: JSON) -> Ctx:
    me = view["spieler"][_me(view)]
    grid = me["fenster"]
    req = tuple(me["fassade"]["vorgaben"])
    return Ctx(
        req,
        _secret_weights(grid, me["geheim"]),
        [t["id"] for t in view["tafeln"]],
        view["dunkel_strafe"],
        view["solo"],
    )


def _tool_price(view: JSON, tool: str) -> float:
    """What a tool costs in points now (Strom, or nothing extra in the Solovariante)."""
    if view["solo"]:
        return 0.5
    w = next(w for w in view["werkzeuge"] if w["id"] == tool)
    return float(w["kosten"])


def _describe(action: JSON, view: JSON) -> Text:
    t = action["type"]
    if t == "setzen":
        if "die" in action:
            die = view["lieferung"][action["die"]]
        else:
            die = view["zugstatus"]["hand"]
        return tx("%(die)s nach %(window)s", die=die_text(die), window=window_text(action["fenster"]))
    if t == "werkzeug":
        return TOOLS[action["tool"]].name
    if t == "passen":
        return tx("Passen")
    if t == "umhaengen":
        return tx("Umhängen von %(src)s nach %(dst)s", src=window_text(action["von"]), dst=window_text(action["nach"]))
    named = {"dimmen": tx("Dimmen"), "tauschen": tx("Tauschen"), "helligkeit": tx("Helligkeit wählen")}
    return named.get(t, t)


# ------------------------------------------------------------ the policies


def _choose_facade(view: JSON, legal: list[JSON], rng: random.Random, level: str) -> Choice:
    if level == "leicht":
        a = rng.choice(legal)
        return Choice(a, tx("Fassade %(facade)s aus dem Bauch heraus.", facade=FACADES[a["fassade"]].name))
    me = view["spieler"][_me(view)]
    secrets = me["geheim"]
    scored = []
    # stark: every facade meets the same random deliveries (a fair comparison between them)
    seeds = [rng.getrandbits(64) for _ in range(FACADE_PLAYOUTS)] if level == "stark" else []
    for a in legal:
        f = FACADES[a["fassade"]]
        value = facade_estimate(f.id, secrets, [t["id"] for t in view["tafeln"]], view, rng, level, seeds)
        scored.append((value, a))
    scored.sort(key=lambda x: -x[0])
    value, a = scored[0]
    f = FACADES[a["fassade"]]
    if level == "stark":
        why = tx(
            "Fassade %(facade)s (Schwierigkeit %(n)s) ist in Probespielen die beste.", facade=f.name, n=f.difficulty
        )
    else:
        why = tx(
            "Fassade %(facade)s (Schwierigkeit %(n)s) ist nach Schwierigkeit und Geheimfarbe die beste.",
            facade=f.name,
            n=f.difficulty,
        )
    return Choice(a, why)


def facade_estimate(
    fid: str,
    secrets: list[str],
    tafeln: list[str],
    view: JSON,
    rng: random.Random,
    level: str,
    seeds: list[int] | None = None,
) -> float:
    f = FACADES[fid]
    req = f.req
    strom = 0 if view["solo"] else f.difficulty
    dark = view["dunkel_strafe"]
    secret_cells = sum(1 for r in req if r in secrets)
    restricted = sum(1 for r in req if r is not None)
    quick = strom + 2.0 * secret_cells - 0.6 * dark * max(0, restricted - 9)
    if level != "stark":
        return quick
    # stark: quick self-play games on this facade with random deliveries (``seeds``: one
    # random stream per game, shared by the facades compared)
    if not seeds:
        seeds = [rng.getrandbits(64) for _ in range(FACADE_PLAYOUTS)]
    total = 0.0
    n = view["players"]
    for seed in seeds:
        total += _self_play(req, secrets, tafeln, dark, view["solo"], n, random.Random(seed))
    return strom + total / len(seeds)


def _self_play(req, secrets, tafeln, dark, solo, players, rng) -> float:
    grid: list[str | None] = [None] * CELLS
    ctx = Ctx(req, _secret_weights(grid, secrets), tafeln, dark, solo)
    board = Board(ctx, grid)
    size = 4 if solo else 2 * players + 1
    for _ in range(10):
        for _turn in range(2):
            dice = [rng.choice(COLOURS) + str(rng.randint(1, 6)) for _ in range(size // 2)]
            best = board.best(dice)
            if best:
                _, i, c = best
                board.place(c, dice[i])
        ctx.secret = _secret_weights(grid, secrets)
    score = sum(E.score_tafel(t, grid)[0] for t in tafeln)
    score += max(E.secret_points(grid, c) for c in secrets)
    return score - dark * grid.count(None)


def _greedy_plans(view: JSON, legal: list[JSON], level: str) -> list[tuple[float, JSON, str]]:
    """(estimated value, first action, reason) for the main options of this moment, best first."""
    ctx = _ctx_from_view(view)
    me = view["spieler"][_me(view)]
    grid = me["fenster"]
    dice = view["lieferung"]
    z = view["zugstatus"]
    hand = z["hand"]
    pending = z["offen"]
    plans: list[tuple[float, JSON, Text]] = []
    types = {a["type"] for a in legal}
    if pending is not None:
        return _pending_plans(view, legal, ctx, grid)
    put = [a for a in legal if a["type"] == "setzen"]
    if put:
        for a in put:
            die = hand if hand is not None else dice[a["die"]]
            v = place_value(ctx, grid, die, a["fenster"])
            why = tx("%(die)s nach %(window)s passt am besten.", die=die_text(die), window=window_text(a["fenster"]))
            plans.append((v, a, why))
    if "werkzeug" in types and level in ("normal", "stark"):
        base = max((p[0] for p in plans), default=0.0)
        for a in legal:
            if a["type"] != "werkzeug":
                continue
            tool = a["tool"]
            price = _tool_price(view, tool)
            if view["solo"] and "preis" in a:
                price -= int(dice[a["preis"]][1])  # the paid die lowers the target
            cand = _tool_value(view, ctx, grid, a, level)
            if cand is None:
                continue
            v, why = cand
            if v - price > base + 0.75:
                plans.append((v - price, a, why))
    if "passen" in types:  # a placement always beats passing (a dark window costs more)
        plans.append((-100.0 if put else 0.0, {"type": "passen"}, tx("Nichts lohnt sich: passen.")))
    plans.sort(key=lambda x: -x[0])
    return plans


def _tool_value(view: JSON, ctx: Ctx, grid, a: JSON, level: str) -> tuple[float, Text] | None:
    tool = a["tool"]
    dice = view["lieferung"]
    if tool in ("dimmer", "umpolen", "verlaengerungskabel"):
        die = dice[a["die"]]
        if tool == "dimmer":
            options = [die[0] + str(int(die[1]) + d) for d in (-1, 1) if 1 <= int(die[1]) + d <= 6]
        elif tool == "umpolen":
            options = [die[0] + E.FLIP[die[1]]]
        else:
            options = [die]
        best = None
        for new in options:
            cells = (
                E.kabel_windows(grid, ctx.req, new)
                if tool == "verlaengerungskabel"
                else E.windows_for(grid, ctx.req, new)
            )
            for c in cells:
                v = place_value(ctx, grid, new, c)
                if best is None or v > best[0]:
                    best = (v, new, c)
        if best is None:
            return None
        v, new, c = best
        return v, tx(
            "%(tool)s: %(die)s nach %(window)s bringt mehr.",
            tool=TOOLS[tool].name,
            die=die_text(new),
            window=window_text(c),
        )
    if level == "stark" and tool == "doppelschicht":
        rest = [d for i, d in enumerate(dice) if i != a.get("preis")]
        best = best_placements(ctx, grid, rest)
        if best:
            return best[0][0] - ctx.dark * 0.8, tx("Doppelschicht: gleich noch eine gute Röhre.")
    return None


def _pending_plans(view: JSON, legal: list[JSON], ctx: Ctx, grid) -> list[tuple[float, JSON, Text]]:
    z = view["zugstatus"]
    pending = z["offen"]
    hand = z["hand"]
    tool = pending["tool"]
    plans: list[tuple[float, JSON, Text]] = []
    for a in legal:
        t = a["type"]
        if t == "dimmen":
            new = hand[0] + str(int(hand[1]) + a["delta"])
            vals = [place_value(ctx, grid, new, c) for c in E.windows_for(grid, ctx.req, new)]
            plans.append((max(vals, default=-50.0), a, tx("Dimmen auf %(die)s.", die=die_text(new))))
        elif t == "setzen":
            plans.append(
                (
                    place_value(ctx, grid, hand, a["fenster"]),
                    a,
                    tx("%(die)s nach %(window)s.", die=die_text(hand), window=window_text(a["fenster"])),
                )
            )
        elif t == "helligkeit":
            new = pending["farbe"] + str(a["wert"])
            vals = [place_value(ctx, grid, new, c) for c in E.windows_for(grid, ctx.req, new)]
            plans.append((max(vals, default=-50.0), a, tx("Helligkeit %(value)s passt am besten.", value=a["wert"])))
        elif t == "tauschen":
            new = view["stromzaehler"][a["zaehler"]]
            vals = [place_value(ctx, grid, new, c) for c in E.windows_for(grid, ctx.req, new)]
            plans.append((max(vals, default=-50.0), a, tx("Tausch gegen %(die)s.", die=die_text(new))))
        elif t == "umhaengen":
            plans.append((_move_value(ctx, grid, a["von"], a["nach"]), a, tx("Umhängen verbessert die Fassade.")))
        elif t == "fertig":
            plans.append((0.0, a, tx("Eine Röhre umzuhängen genügt.")))
        elif t == "abbrechen":
            # only when no step is possible: cancelling and restarting would loop
            plans.append((-1000.0, a, tx("%(tool)s lohnt sich nicht.", tool=TOOLS[tool].name)))
    plans.sort(key=lambda x: -x[0])
    return plans


def _move_value(ctx: Ctx, grid, src: int, dst: int) -> float:
    die = grid[src]
    g = list(grid)
    g[src] = None
    before = place_value(ctx, g, die, src) if E.fits(g, ctx.req, die, src, CELLS - g.count(None)) else 0.0
    return place_value(ctx, g, die, dst) - before


def _pick(plans: list[tuple[float, JSON, Text]], legal: list[JSON], rng: random.Random) -> Choice:
    if not plans:
        a = {"type": "passen"} if {"type": "passen"} in legal else legal[0]
        return Choice(a, tx("Nichts zu tun."))
    best = plans[0][0]
    top = [p for p in plans if p[0] >= best - 1e-9]
    v, a, why = top[rng.randrange(len(top))] if len(top) > 1 else top[0]
    return Choice(a, why)


def _no_paid_tools(view: JSON, legal: list[JSON]) -> list[JSON]:
    """Solovariante: no computer seats exist, so a bot only ever acts for the human (Rat or
    clock) there, and neither may start a tool that costs a die."""
    if view["solo"] and view["phase"] == "spiel":
        return [a for a in legal if a["type"] != "werkzeug"] or legal
    return legal


def choose_leicht(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Much randomness: often a random placement, tools only by chance."""
    legal = _no_paid_tools(view, legal)
    if view["phase"] == "wahl":
        return _choose_facade(view, legal, rng, "leicht")
    if view["zugstatus"]["offen"] is not None:
        return _pick(_greedy_plans(view, legal, "normal"), legal, rng)
    put = [a for a in legal if a["type"] == "setzen"]
    if put and rng.random() < 0.55:
        a = rng.choice(put)
        return Choice(a, tx("%(move)s – warum nicht?", move=_describe(a, view)))
    tools = [a for a in legal if a["type"] == "werkzeug" and a["tool"] in ("dimmer", "umpolen")]
    if tools and rng.random() < 0.05:
        a = rng.choice(tools)
        return Choice(a, tx("Mal %(tool)s ausprobieren.", tool=TOOLS[a["tool"]].name))
    plans = _greedy_plans(view, [a for a in legal if a["type"] != "werkzeug"], "leicht")
    return _pick(plans, legal, rng)


def choose_normal(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """The die with the best value for its facade; Dimmer, Umpolen, Verlängerungskabel when worth it."""
    legal = _no_paid_tools(view, legal)
    if view["phase"] == "wahl":
        return _choose_facade(view, legal, rng, "normal")
    return _pick(_greedy_plans(view, legal, "normal"), legal, rng)


# ------------------------------------------------------------------ stark


def determinize(view: JSON, rng: random.Random) -> E.State:
    """A full state consistent with ``view``: fresh future draws, other secret colours sampled."""
    me = _me(view)
    n = view["players"]
    mine = view["spieler"][me]["geheim"]
    others = [c for c in COLOURS if c not in mine]
    rng.shuffle(others)
    geheim = []
    for p in range(n):
        if p == me:
            geheim.append(list(mine))
        else:
            geheim.append([others.pop()])
    z = view["zugstatus"]
    pending = z["offen"]
    return E.State(
        seed=rng.getrandbits(63),
        players=n,
        ausgabe=view["ausgabe"],
        draws=0,
        phase=view["phase"],
        angebot=[[] for _ in range(n)],
        fassade=[p["fassade"]["id"] if p["fassade"] else None for p in view["spieler"]],
        grids=[list(p["fenster"]) for p in view["spieler"]],
        strom=[p["strom"] for p in view["spieler"]],
        geheim=geheim,
        tafeln=[t["id"] for t in view["tafeln"]],
        werkzeuge=[w["id"] for w in view["werkzeuge"]],
        tool_uses=dict(view["werkzeug_nutzungen"]),
        kiste=dict(view["kiste"]),
        lieferung=list(view["lieferung"]),
        zaehler=list(view["stromzaehler"]),
        raus=list(view["raus"]),
        runde=view["runde"],
        start1=view["startspieler_runde1"] or 0,
        start=view["startspieler"],
        order=list(view["reihenfolge"]),
        turn=view["zug"],
        skip=list(view["aussetzen"]),
        placed=z["gesetzt"],
        extra=z["doppelschicht"],
        tool_used=z["werkzeug_benutzt"],
        hand=z["hand"],
        must_place=z["muss_setzen"],
        pending=({k: ([list(x) for x in v] if k == "zuege" else v) for k, v in pending.items()} if pending else None),
        last=[p["letzte"] for p in view["spieler"]],
    )


def _world_ctx(w: E.State, seat: int) -> Ctx:
    return Ctx(
        E._req(w, seat),
        _secret_weights(w.grids[seat], w.geheim[seat]),
        w.tafeln,
        E.dark_penalty(w),
        E._solo(w),
    )


def _draw_fast(kiste: dict[str, int], k: int, rng: random.Random) -> list[str]:
    out = []
    total = sum(kiste.values())  # counted once, then kept up to date
    rand = rng.random
    for _ in range(k):
        if total == 0:
            break
        r = int(rand() * total)
        for c in COLOURS:
            r -= kiste[c]
            if r < 0:
                break
        kiste[c] -= 1
        total -= 1
        out.append(c + "123456"[int(rand() * 6)])
    return out


#: Weight of the best rival's points in ``stark``'s playout value. 0: its own points only (1, the
#: margin, measured no better heads-up: docs/benchmarks.md, session 6).
RIVAL_WEIGHT = 0.0


class _Kept:
    """What the playouts of one ``stark`` search start from again and again, made once: every
    seat's :class:`Ctx` (by its sampled secret colour) and every facade's :class:`Board` (by its
    dice; each playout gets a clone, not a Board counted again die by die)."""

    __slots__ = ("ctxs", "boards")

    def __init__(self) -> None:
        self.ctxs: dict[tuple[int, tuple[str, ...]], Ctx] = {}
        self.boards: dict[tuple[int, tuple[str | None, ...]], Board] = {}

    def ctx(self, w: E.State, seat: int) -> Ctx:
        """``_world_ctx(w, seat)``; shared unless it depends on the grid (two secret colours) or the
        playout changes it (solo)."""
        geheim = w.geheim[seat]
        if len(geheim) != 1 or E._solo(w):
            return _world_ctx(w, seat)
        key = (seat, tuple(geheim))
        got = self.ctxs.get(key)
        if got is None:
            got = self.ctxs[key] = _world_ctx(w, seat)
        return got

    def board(self, ctx: Ctx, grid: list[str | None], seat: int) -> Board:
        """``Board(ctx, grid)`` for ``seat``'s facade."""
        key = (seat, tuple(grid))
        kept = self.boards.get(key)
        if kept is None:
            if len(self.boards) >= 1024:  # a bound, never reached by one search in practice
                self.boards.clear()
            kept = self.boards[key] = Board(ctx, list(grid))
        return kept.clone(ctx, grid)


def rollout(w: E.State, me: int, rng: random.Random) -> float:
    """Play ``w`` from the current turn to the end, in place, with a cheap policy.

    Every seat places the die the ``normal`` estimate likes best for its own facade
    (another seat with the secret colour ``determinize`` sampled for it); nobody uses
    tools (each facade's counts kept in a :class:`Board` through the whole playout). The
    future Lieferungen come from their own random stream, drawn first, so
    every candidate of a sampled world meets the same dice. Returns the value for
    ``me``: its points (minus ``RIVAL_WEIGHT`` × the best rival's points; solo: points
    minus the target, plus a bonus for a win).
    """
    return _playout(w, me, rng)[0]


def _playout(
    w: E.State, me: int, rng: random.Random, kept: _Kept | None = None, mine: Board | None = None
) -> tuple[float, int]:
    """:func:`rollout`'s value and ``me``'s points. ``kept``: the search's Ctxs and Boards;
    ``mine``: ``me``'s Board, already up to date with its grid (from :func:`_finish_turn`)."""
    solo = E._solo(w)
    if w.phase == "spiel":
        n = w.players
        grids = w.grids
        if kept is None:
            ctxs = [_world_ctx(w, p) for p in range(n)]
            boards = [Board(ctxs[p], grids[p]) for p in range(n)]
        else:
            ctxs = [kept.ctx(w, p) for p in range(n)]
            boards = [kept.board(ctxs[p], grids[p], p) if p != me or mine is None else mine for p in range(n)]
            if mine is not None:
                mine.ctx = ctxs[me]
        size = E.delivery_size(w)
        draws = random.Random(rng.getrandbits(64))
        order, turn, skip = w.order, w.turn, set(w.skip)
        lief = w.lieferung
        bests = [b.best for b in boards]  # (bound once: every turn of the playout calls them)
        places = [b.place for b in boards]
        while True:
            half = len(order) // 2
            while turn < len(order):
                seat = order[turn]
                turn += 1
                if not lief or (turn > half and seat in skip):
                    continue
                best = bests[seat](lief)
                if best:
                    _, i, c = best
                    places[seat](c, lief.pop(i))
            w.zaehler.extend(lief)
            lief = []
            if w.runde >= E.ROUNDS:
                break
            w.runde += 1
            w.start = (w.start + 1) % n
            order = [0, 0] if solo else E._snake(w.start, n)
            turn, skip = 0, set()
            lief = _draw_fast(w.kiste, size, draws)
            if solo:
                ctxs[me].secret = _secret_weights(grids[me], w.geheim[me])
        w.lieferung, w.hand, w.pending = [], None, None
        w.phase = "ende"
    total, _, _ = E.score_seat(w, me)
    if solo:
        t = E.target(w)
        return total - t + (8 if total > t else 0), total
    if not RIVAL_WEIGHT:
        return float(total), total
    rival = max(E.score_seat(w, p)[0] for p in range(w.players) if p != me)
    return total - RIVAL_WEIGHT * rival, total


def _finish_turn(w: E.State, me: int, kept: _Kept | None = None) -> Board | None:
    """After the candidate action: complete this turn like ``normal`` would, then pass.

    With ``kept`` (the search's), a placement is chosen on ``me``'s :class:`Board` instead of by
    ``_greedy_plans`` on a fresh view: the same choice, see below (anything else goes the plain
    way). Returns that Board, up to date with ``me``'s grid, or None.
    """
    here = (w.runde, w.turn)
    board = None
    for _ in range(6):
        if w.phase != "spiel" or (w.runde, w.turn) != here:
            return board
        if w.pending is None and w.hand is None and not E._placements_allowed(w):
            E.step(w, me, {"type": "passen"})
            return board
        if kept is not None and w.pending is None and E._placements_allowed(w):
            # What ``_greedy_plans`` below picks without tools: the placements (of the hand, or of
            # the Lieferung) die by die, window by window, with ``place_value``'s values, and
            # passing last at -100; the first of the best (a stable sort). ``Board.best`` gives it.
            ctx = kept.ctx(w, me)
            if board is None:
                board = kept.board(ctx, w.grids[me], me)
            else:
                board.ctx = ctx
            hand = w.hand
            dice = [hand] if hand is not None else w.lieferung
            best = board.best(dice)
            if best is not None and best[0] >= -100.0:
                _, i, c = best
                die = dice[i]
                action = {"type": "setzen", "fenster": c}
                if hand is None:
                    action["die"] = i
                E.step(w, me, action)
                board.place(c, die)
                continue
        board = None  # the plain way may change the grid otherwise
        legal = list(E._play_iter(w, me))
        plans = _greedy_plans(E.view(w, me), [a for a in legal if a["type"] != "werkzeug"], "normal")
        E.step(w, me, plans[0][1] if plans else legal[-1])
    return board


def _candidates(view: JSON, legal: list[JSON]) -> list[tuple[JSON, Text]]:
    """What ``stark`` plays out, with a reason each: the best few by the ``normal`` estimate."""
    plans = _greedy_plans(view, legal, "stark")
    out: list[tuple[JSON, Text]] = []
    for _v, a, why in plans:
        if all(a != b for b, _ in out):
            out.append((a, why))
        if len(out) >= STARK_CANDIDATES:
            break
    return out


def _search(view: JSON, candidates: list[JSON], rng: random.Random, budget: Budget, *, prune: bool) -> SearchResult:
    me = _me(view)
    kept = _Kept()

    def play(world: E.State, action: JSON, r: random.Random) -> tuple[float, float]:
        E.step(world, me, action)
        mine = _finish_turn(world, me, kept)
        value, points = _playout(world, me, r, kept, mine)
        return value, float(points)

    return monte_carlo(
        candidates=candidates,
        determinize=lambda r: determinize(view, r),
        play=play,
        rng=rng,
        budget=budget,
        prune=prune,
    )


def choose_stark(
    view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None
) -> Choice:
    """Plays the best few options out many times and takes the best average.

    ``budget``: a :class:`Budget`, a playout count, or seconds; by default 0.8 s.
    """
    legal = _no_paid_tools(view, legal)
    if view["phase"] == "wahl":
        return _choose_facade(view, legal, rng, "stark")
    plans = _greedy_plans(view, legal, "stark")
    if not plans:
        return _pick(plans, legal, rng)
    if view["zugstatus"]["offen"] is not None or len(plans) == 1:
        return _pick(plans, legal, rng)
    top = _candidates(view, legal)
    if len(top) == 1:
        return Choice(top[0][0], top[0][1])
    candidates = [a for a, _ in top]
    result = _search(view, candidates, rng, as_budget(budget), prune=True)
    best = result.best
    why = top[next(i for i, a in enumerate(candidates) if a is best.action)][1]
    reason = tx(
        "%(why)s %(n)s Probespiele: im Schnitt %(points)s Punkte am Ende.",
        why=why,
        n=best.playouts,
        points=fixed(best.points),
    )
    return Choice(best.action, reason, result.playouts)


def assess(
    view: JSON, legal: list[JSON], chosen: JSON, rng: random.Random, *, budget: Budget | int | float | None
) -> Assessment | None:
    """For the analysis: ``stark``'s candidates and the ``chosen`` action, each with expected points.

    None for decisions ``stark`` does not search (the facade, the steps of an open tool) and
    when there was nothing to weigh.
    """
    if view["phase"] != "spiel" or view["zugstatus"]["offen"] is not None:
        return None
    candidates = [a for a, _ in _candidates(view, _no_paid_tools(view, legal))]
    if chosen not in candidates:
        candidates.append(chosen)
    if len(candidates) == 1:
        return None
    result = _search(view, candidates, rng, as_budget(budget), prune=False)
    options = [Option(e.action, _label(e.action, view), e.points, e.playouts) for e in result.ranked]
    return Assessment(options, next(i for i, o in enumerate(options) if o.action == chosen), result.playouts)


def _label(action: JSON, view: JSON) -> Text:
    """The analysis' name of an option (a text): a tool names the die it is used on."""
    text = _describe(action, view)
    if action["type"] == "werkzeug" and "die" in action:
        return tx("%(tool)s für %(die)s", tool=text, die=die_text(view["lieferung"][action["die"]]))
    return text


def advice(view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None) -> Choice:
    """The "Rat" (solo only). In the Solovariante tools cost dice: never suggested."""
    return choose_stark(view, _no_paid_tools(view, legal), rng, budget=budget)


BOTS = {"leicht": choose_leicht, "normal": choose_normal, "stark": choose_stark}
