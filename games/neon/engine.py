"""Speedneon rules engine (pure, deterministic, no Django).

Every rule lives in ``RULES.md`` next to this file. Dice are strings such as
``"P5"`` (colour letter + brightness), windows are numbered 0..19 row by row
from the top left (``row * 5 + column``).

Internally ``step`` mutates a state in place (used by the search); ``apply``
copies first and validates, as the engine protocol requires.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from games.core import plain
from games.core.places import places
from games.core.protocol import IllegalAction
from games.core.rng import draw_rng
from games.core.text import N_, Text, join, said, tx

from .content import (
    CARDS,
    CELLS,
    COLOUR_NAMES,
    COLOURS,
    COLS,
    DICE_PER_COLOUR,
    DIE_TOOLS,
    FACADES,
    PAIRS,
    ROUNDS,
    ROWS,
    TAFELN,
    TOOLS,
    VALUES,
    die_text,
    window_text,
)

SLUG = "neon"
NAME = "Speedneon"
MIN_PLAYERS = 1
MAX_PLAYERS = 4

AUSGABEN = ("klassisch", "einsteiger", "blackout", "solo")
JSON = dict[str, Any]

# Option ``ziehung``: how the dice of the game are drawn (RULES.md, "Randomness").
# "je_runde": the Kiste is shuffled once, each Lieferung comes from its own round's
# draw and each tool from its own turn's, so tools never change a later Lieferung.
# "fortlaufend": one counter for every draw (games recorded before the option).
ZIEHUNGEN = ("je_runde", "fortlaufend")
ZIEHUNG_NEU = "je_runde"
ZIEHUNG_ALT = "fortlaufend"
KISTE_DRAW = 1000  # draw_rng counter of the Kiste's order; Lieferung r uses KISTE_DRAW + r
TOOL_DRAW = 2000  # a tool's draw in round r, turn t: TOOL_DRAW + TURN_SLOTS * r + t
TURN_SLOTS = 20

# ---------------------------------------------------------------- geometry


def _neighbours(cell: int, diagonal: bool, orthogonal: bool) -> tuple[int, ...]:
    r, c = divmod(cell, COLS)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            is_diag = dr != 0 and dc != 0
            if (is_diag and not diagonal) or (not is_diag and not orthogonal):
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < ROWS and 0 <= cc < COLS:
                out.append(rr * COLS + cc)
    return tuple(out)


ORTH = tuple(_neighbours(c, False, True) for c in range(CELLS))
DIAG = tuple(_neighbours(c, True, False) for c in range(CELLS))
NEIGH8 = tuple(_neighbours(c, True, True) for c in range(CELLS))
EDGE = frozenset(c for c in range(CELLS) if c // COLS in (0, ROWS - 1) or c % COLS in (0, COLS - 1))
_COLOUR_SET = frozenset(COLOURS)
FLIP = {"1": "6", "2": "5", "3": "4", "4": "3", "5": "2", "6": "1"}


def fits(
    grid: list[str | None],
    req: tuple[str | None, ...],
    die: str,
    cell: int,
    count: int,
    ignore: str | None = None,
) -> bool:
    """May ``die`` go into ``cell``? ``count`` = dice on the facade; ``ignore``: "farbe"/"wert"."""
    if grid[cell] is not None:
        return False
    r = req[cell]
    # a requirement that does not match, unless its kind is lifted (Farbfolie/Trafo)
    if r is not None and r != die[0] and r != die[1] and (ignore is None or (ignore == "farbe") != (r in _COLOUR_SET)):
        return False
    if count == 0:
        if cell not in EDGE:
            return False
    else:
        for n in NEIGH8[cell]:
            if grid[n] is not None:
                break
        else:
            return False
    c0, c1 = die[0], die[1]
    for n in ORTH[cell]:
        d = grid[n]
        if d is not None and (d[0] == c0 or d[1] == c1):
            return False
    return True


def windows_for(grid: list[str | None], req: tuple[str | None, ...], die: str, ignore: str | None = None) -> list[int]:
    """All windows where ``die`` may be placed now."""
    count = CELLS - grid.count(None)
    return [c for c in range(CELLS) if fits(grid, req, die, c, count, ignore)]


def _any_window(grid: list[str | None], req: tuple[str | None, ...], die: str) -> bool:
    count = CELLS - grid.count(None)
    return any(fits(grid, req, die, c, count) for c in range(CELLS))


def kabel_windows(grid: list[str | None], req: tuple[str | None, ...], die: str) -> list[int]:
    """Verlängerungskabel: windows without any neighbour (8 around); requirement still applies."""
    if grid.count(None) == CELLS:
        return []
    out = []
    for c in range(CELLS):
        if grid[c] is not None:
            continue
        r = req[c]
        if r is not None and r != die[0] and r != die[1]:
            continue
        if all(grid[n] is None for n in NEIGH8[c]):
            out.append(c)
    return out


def moves_for(grid: list[str | None], req: tuple[str | None, ...], src: int, ignore: str | None = None) -> list[int]:
    """Target windows for moving the die in ``src`` (its old window counts as empty)."""
    die = grid[src]
    if die is None:
        return []
    grid[src] = None
    try:
        count = CELLS - grid.count(None)
        return [c for c in range(CELLS) if c != src and fits(grid, req, die, c, count, ignore)]
    finally:
        grid[src] = die


def _why_not(grid: list[str | None], req: tuple[str | None, ...], die: str, cell: int) -> Text:
    if type(cell) is not int or not 0 <= cell < CELLS:
        return N_("Dieses Fenster gibt es nicht.")
    if grid[cell] is not None:
        return N_("In diesem Fenster hängt schon eine Röhre.")
    r = req[cell]
    if r is not None and r not in die:
        if r in _COLOUR_SET:
            return tx("Dieses Fenster verlangt %(colour)s.", colour=tx(COLOUR_NAMES[r]))
        return tx("Dieses Fenster verlangt die Helligkeit %(value)s.", value=r)
    count = CELLS - grid.count(None)
    if count == 0 and cell not in EDGE:
        return N_("Die erste Röhre kommt an den Rand der Fassade.")
    if count and not any(grid[n] for n in NEIGH8[cell]):
        return N_("Die Röhre muss neben einer vorhandenen hängen (auch schräg).")
    return N_("Direkt daneben leuchtet schon eine Röhre gleicher Farbe oder Helligkeit.")


# ------------------------------------------------------------------- state


@dataclass
class State:
    seed: int
    players: int
    ausgabe: str
    draws: int
    phase: str  # "wahl" (facade choice), "spiel", "ende"
    angebot: list[list[str]]  # per seat: the 4 facade ids dealt
    fassade: list[str | None]
    grids: list[list[str | None]]
    strom: list[int]
    geheim: list[list[str]]
    tafeln: list[str]
    werkzeuge: list[str]
    tool_uses: dict[str, int]
    kiste: dict[str, int]
    lieferung: list[str]
    zaehler: list[str]  # Stromzähler
    raus: list[str]  # solo: price dice, out of the game
    runde: int
    start1: int
    start: int
    order: list[int]
    turn: int
    skip: list[int]  # seats whose second turn of this round is skipped (Doppelschicht)
    placed: int  # dice placed in the current turn
    extra: bool  # Doppelschicht: a second die may be placed this turn
    tool_used: bool
    hand: str | None
    must_place: bool
    pending: dict[str, Any] | None
    last: list[Text]  # per seat: what it did last (games.core.text)
    # "je_runde" games: the colours of the 90 dice in the order they leave the Kiste
    # (secret like the seed, never in a view); "" = "fortlaufend" (one draw counter).
    folge: str = ""

    def copy(self) -> State:
        p = self.pending
        if p is not None:
            p = dict(p)
            if "zuege" in p:
                p["zuege"] = [list(z) for z in p["zuege"]]
        return State(
            seed=self.seed,
            players=self.players,
            ausgabe=self.ausgabe,
            draws=self.draws,
            phase=self.phase,
            angebot=self.angebot,  # never mutated after new_game
            fassade=self.fassade[:],
            grids=[g[:] for g in self.grids],
            strom=self.strom[:],
            geheim=self.geheim,  # never mutated after new_game
            tafeln=self.tafeln,
            werkzeuge=self.werkzeuge,
            tool_uses=dict(self.tool_uses),
            kiste=dict(self.kiste),
            lieferung=self.lieferung[:],
            zaehler=self.zaehler[:],
            raus=self.raus[:],
            runde=self.runde,
            start1=self.start1,
            start=self.start,
            order=self.order[:],
            turn=self.turn,
            skip=self.skip[:],
            placed=self.placed,
            extra=self.extra,
            tool_used=self.tool_used,
            hand=self.hand,
            must_place=self.must_place,
            pending=p,
            last=self.last[:],
            folge=self.folge,
        )


def _solo(s: State) -> bool:
    return s.ausgabe == "solo"


def _req(s: State, seat: int) -> tuple[str | None, ...]:
    fid = s.fassade[seat]
    assert fid is not None
    return FACADES[fid].req


def current(s: State) -> int | None:
    """The seat whose turn it is (``None`` outside the play phase)."""
    if s.phase != "spiel":
        return None
    return s.order[s.turn]


def turn_pass(s: State) -> int:
    """0 in a player's first turn of the round, 1 in the second."""
    return 0 if s.turn < len(s.order) // 2 else 1


def _snake(start: int, n: int) -> list[int]:
    first = [(start + i) % n for i in range(n)]
    return first + first[::-1]


def delivery_size(s: State) -> int:
    return 4 if _solo(s) else 2 * s.players + 1


def _per_round(s: State) -> bool:
    """Option ``ziehung`` = "je_runde": Lieferungen from the Kiste's order, tools from their turn's draw."""
    return bool(s.folge)


def tool_cost(s: State, tool: str) -> int:
    """Strom cost of ``tool`` now (multiplayer): 1 for its first use by anyone, then 2."""
    return 1 if not s.tool_uses.get(tool) else 2


# ----------------------------------------------------------------- options


def default_options() -> JSON:
    return {"ausgabe": "klassisch", "ziehung": ZIEHUNG_NEU}


def _clean_ziehung(options: JSON) -> str:
    ziehung = options.get("ziehung", ZIEHUNG_NEU)
    if ziehung not in ZIEHUNGEN:
        raise IllegalAction(N_("Diese Art zu ziehen gibt es nicht."))
    return ziehung


def clean_options(options: JSON, players: int) -> JSON:
    options = dict(options or {})
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(N_("Speedneon spielt man zu eins bis vier."))
    ausgabe = options.get("ausgabe") or ("solo" if players == 1 else "klassisch")
    if ausgabe not in AUSGABEN:
        raise IllegalAction(N_("Diese Ausgabe gibt es nicht."))
    if ausgabe == "solo":
        if players != 1:
            raise IllegalAction(N_("Die Solovariante spielst du allein, ohne Computergegner."))
        try:
            werkzeuge = int(options.get("werkzeuge", 3))
        except (TypeError, ValueError):
            raise IllegalAction(N_("Wähle 1 bis 5 Werkzeuge.")) from None
        if not 1 <= werkzeuge <= 5:
            raise IllegalAction(N_("Wähle 1 bis 5 Werkzeuge."))
        return {"ausgabe": "solo", "werkzeuge": werkzeuge, "ziehung": _clean_ziehung(options)}
    if players < 2:
        raise IllegalAction(N_("Diese Ausgabe braucht zwei bis vier Spieler (Computer zählen mit)."))
    return {"ausgabe": ausgabe, "ziehung": _clean_ziehung(options)}


# ----------------------------------------------------------------- dealing


def new_game(*, seed: int, players: int, options: JSON) -> State:
    # New tables get ``ziehung`` from clean_options; options stored without it were
    # recorded before it existed and keep the single draw counter they were played with.
    opts = clean_options({"ziehung": ZIEHUNG_ALT, **(options or {})}, players)
    ausgabe = opts["ausgabe"]
    rng = draw_rng(seed, 0)
    n = players
    card_idx = rng.sample(range(len(CARDS)), 2 * n)
    angebot = [[*CARDS[card_idx[2 * s]], *CARDS[card_idx[2 * s + 1]]] for s in range(n)]
    colours = list(COLOURS)
    rng.shuffle(colours)
    if ausgabe == "solo":
        geheim = [colours[:2]]
    else:
        geheim = [[colours[s]] for s in range(n)]
    n_tafeln = 3 if ausgabe in ("klassisch", "blackout") else 2
    tafeln = rng.sample(sorted(TAFELN), n_tafeln)
    n_tools = {"einsteiger": 0, "solo": opts.get("werkzeuge", 3)}.get(ausgabe, 3)
    werkzeuge = rng.sample(sorted(TOOLS), n_tools)
    start1 = rng.randrange(n)
    return State(
        seed=seed,
        players=n,
        ausgabe=ausgabe,
        draws=1,
        phase="wahl",
        angebot=angebot,
        fassade=[None] * n,
        grids=[[None] * CELLS for _ in range(n)],
        strom=[0] * n,
        geheim=geheim,
        tafeln=tafeln,
        werkzeuge=werkzeuge,
        tool_uses={},
        kiste={c: DICE_PER_COLOUR for c in COLOURS},
        lieferung=[],
        zaehler=[],
        raus=[],
        runde=0,
        start1=start1,
        start=start1,
        order=[],
        turn=0,
        skip=[],
        placed=0,
        extra=False,
        tool_used=False,
        hand=None,
        must_place=False,
        pending=None,
        last=[""] * n,
        folge=_kiste_order(seed) if opts["ziehung"] == ZIEHUNG_NEU else "",
    )


def _kiste_order(seed: int) -> str:
    """The colours of the 90 dice in the order the Lieferungen take them ("je_runde")."""
    dice = [c for c in COLOURS for _ in range(DICE_PER_COLOUR)]
    draw_rng(seed, KISTE_DRAW).shuffle(dice)
    return "".join(dice)


def dump(state: State) -> JSON:
    data = plain.copy({f.name: getattr(state, f.name) for f in fields(State)})
    if not state.folge:
        del data["folge"]  # a "fortlaufend" game dumps exactly as it did before the option
    return data


def load(data: JSON) -> State:
    d = plain.copy(data)
    d.setdefault("folge", "")
    return State(**{f.name: d[f.name] for f in fields(State)})


def _rng(s: State):
    rng = draw_rng(s.seed, s.draws)
    s.draws += 1
    return rng


def _draw(s: State, k: int) -> list[str]:
    rng = _rng(s)
    out = []
    for _ in range(k):
        total = sum(s.kiste.values())
        if total == 0:
            break
        r = rng.randrange(total)
        for c in COLOURS:
            r -= s.kiste[c]
            if r < 0:
                break
        s.kiste[c] -= 1
        out.append(c + VALUES[rng.randrange(6)])
    return out


def _delivered(s: State) -> int:
    """Dice the Lieferungen have taken from the Kiste's order so far ("je_runde")."""
    return s.runde * delivery_size(s)


def _deliver(s: State) -> list[str]:
    """The Lieferung of round ``s.runde``: the next dice of the Kiste, rolled with the round's own draw."""
    if not _per_round(s):
        return _draw(s, delivery_size(s))
    end = _delivered(s)
    colours = s.folge[end - delivery_size(s) : end]
    rng = draw_rng(s.seed, KISTE_DRAW + s.runde)
    for c in colours:
        s.kiste[c] -= 1
    return [c + VALUES[rng.randrange(6)] for c in colours]


def _tool_rng(s: State):
    """The draw of a tool: "je_runde" the current turn's own (one tool per turn), else the next counter."""
    if not _per_round(s):
        return _rng(s)
    return draw_rng(s.seed, TOOL_DRAW + TURN_SLOTS * s.runde + s.turn)


def _exchange(s: State, back: str) -> str:
    """Röhrenwechsel: ``back`` goes into the Kiste, a new die comes out (its colour + a rolled brightness).

    "je_runde": the new die is one no Lieferung will reach (the Kiste holds more than
    the ten Lieferungen take, except with four players), and ``back`` takes its place,
    so every Lieferung stays as it was; with four players it is any die still in the
    Kiste, and if the Kiste is empty, ``back`` itself.
    """
    s.kiste[back[0]] += 1
    if not _per_round(s):
        return _draw(s, 1)[0]
    rng = _tool_rng(s)
    first = max(ROUNDS * delivery_size(s), _delivered(s))
    if first >= len(s.folge):
        first = _delivered(s)
    if first >= len(s.folge):
        colour = back[0]
    else:
        j = rng.randrange(first, len(s.folge))
        colour = s.folge[j]
        s.folge = s.folge[:j] + back[0] + s.folge[j + 1 :]
    s.kiste[colour] -= 1
    return colour + VALUES[rng.randrange(6)]


# -------------------------------------------------------------- turn flow


def to_move(state: State) -> list[int]:
    if state.phase == "wahl":
        return [s for s in range(state.players) if state.fassade[s] is None]
    if state.phase == "spiel":
        return [state.order[state.turn]]
    return []


def is_over(state: State) -> bool:
    return state.phase == "ende"


def _ev(events: list | None, type_: str, seat: int | None, text: Text, **extra: Any) -> None:
    """An event; ``text`` (games.core.text) is kept German as ``text`` and translatable as ``msg``."""
    if events is not None:
        events.append({"type": type_, "seat": seat, **said(text), **extra})


def _start_round(s: State, events: list | None) -> None:
    s.runde += 1
    if s.runde > 1:
        s.start = (s.start + 1) % s.players
    s.order = [0, 0] if _solo(s) else _snake(s.start, s.players)
    s.turn = 0
    s.skip = []
    s.lieferung = _deliver(s)
    if events is not None:
        _ev(
            events,
            "runde",
            None,
            tx(
                "Runde %(round)s beginnt. Lieferung: %(dice)s.",
                round=s.runde,
                dice=join(", ", [die_text(d) for d in s.lieferung]),
            ),
            runde=s.runde,
            lieferung=s.lieferung[:],
            startspieler=s.start,
        )
    _begin_turn(s, events)


def _end_round(s: State, events: list | None) -> None:
    if s.lieferung:
        _ev(
            events,
            "stromzaehler",
            None,
            tx("Auf den Stromzähler: %(dice)s.", dice=join(", ", [die_text(d) for d in s.lieferung])),
            dice=s.lieferung[:],
        )
        s.zaehler.extend(s.lieferung)
        s.lieferung = []
    if s.runde >= ROUNDS:
        s.phase = "ende"
        _ev(events, "ende", None, tx("Die Partie ist zu Ende."))
        return
    _start_round(s, events)


def _reset_turn(s: State) -> None:
    s.placed = 0
    s.extra = False
    s.tool_used = False
    s.hand = None
    s.must_place = False
    s.pending = None


def _begin_turn(s: State, events: list | None) -> None:
    """Set up the turn at ``s.turn``; skips turns that are skipped or where nothing is possible."""
    while True:
        if s.turn >= len(s.order):
            _end_round(s, events)
            return
        seat = s.order[s.turn]
        _reset_turn(s)
        if turn_pass(s) == 1 and seat in s.skip:
            _ev(events, "aussetzen", seat, tx("setzt wegen der Doppelschicht aus."))
            s.last[seat] = tx("setzt aus (Doppelschicht)")
            s.turn += 1
            continue
        if not _can_act(s, seat):
            _ev(events, "passen", seat, tx("kann nichts tun und passt."))
            s.last[seat] = tx("kann nichts tun")
            s.turn += 1
            continue
        return


def _end_turn(s: State, events: list | None) -> None:
    if s.hand is not None:
        s.lieferung.append(s.hand)
        s.hand = None
    _reset_turn(s)
    s.turn += 1
    _begin_turn(s, events)


# ------------------------------------------------------------ legal moves


def _placements_allowed(s: State) -> bool:
    return s.placed < (2 if s.extra else 1)


def _price_options(s: State, tool: str, seat: int) -> list[int | None] | None:
    """Solo: indices of possible price dice; multiplayer: [None] if affordable; None if not."""
    if _solo(s):
        if s.tool_uses.get(tool):
            return None
        colour = TOOLS[tool].solo_colour
        idx = [i for i, d in enumerate(s.lieferung) if d[0] == colour]
        return idx or None
    return [None] if s.strom[seat] >= tool_cost(s, tool) else None


def _tool_action(tool: str, price: int | None, **kw: Any) -> JSON:
    a: JSON = {"type": "werkzeug", "tool": tool, **kw}
    if price is not None:
        a["preis"] = price
    return a


def _die_tool_ok(s: State, seat: int, tool: str, die: str) -> bool:
    grid, req = s.grids[seat], _req(s, seat)
    if tool == "dimmer":
        v = int(die[1])
        return any(1 <= v + d <= 6 and _any_window(grid, req, die[0] + str(v + d)) for d in (-1, 1))
    if tool == "umpolen":
        return _any_window(grid, req, die[0] + FLIP[die[1]])
    if tool == "lagerkiste":
        return bool(s.zaehler)
    if tool == "verlaengerungskabel":
        return bool(kabel_windows(grid, req, die))
    return True  # wackelkontakt, roehrenwechsel


def _move_sources(s: State, seat: int, tool: str, exclude: int | None = None) -> list[int]:
    """Windows holding a die that ``tool`` may move now (with at least one target)."""
    grid, req = s.grids[seat], _req(s, seat)
    ignore = {"farbfolie": "farbe", "trafo": "wert"}.get(tool)
    colours = None
    if tool == "schablone":
        p = s.pending
        if p and p.get("zuege"):
            colours = {grid[p["zuege"][0][1]][0]}
        else:
            colours = {d[0] for d in s.zaehler}
    out = []
    for c in range(CELLS):
        d = grid[c]
        if d is None or c == exclude or (colours is not None and d[0] not in colours):
            continue
        if moves_for(grid, req, c, ignore):
            out.append(c)
    return out


def _tool_iter(s: State, seat: int):
    """Yield the tool-start actions available now (no pending step, nothing in hand)."""
    if s.tool_used or s.pending is not None or s.hand is not None or s.must_place:
        return
    grid = s.grids[seat]
    n_dice = CELLS - grid.count(None)
    for tool in s.werkzeuge:
        prices = _price_options(s, tool, seat)
        if prices is None:
            continue
        if tool in DIE_TOOLS:
            if s.placed:
                continue
            for i, d in enumerate(s.lieferung):
                if not _die_tool_ok(s, seat, tool, d):
                    continue
                for p in prices:
                    if p != i:
                        yield _tool_action(tool, p, die=i)
        elif tool == "stromausfall":
            if turn_pass(s) != 1 or s.placed:
                continue
            for p in prices:
                if len(s.lieferung) > (1 if p is not None else 0):
                    yield _tool_action(tool, p)
        elif tool == "doppelschicht":
            if turn_pass(s) != 0 or s.placed != 1:
                continue
            req = _req(s, seat)
            ok = [_any_window(grid, req, d) for d in s.lieferung]
            for p in prices:
                if any(o for i, o in enumerate(ok) if i != p):
                    yield _tool_action(tool, p)
        else:  # farbfolie, trafo, hebebuehne, schablone
            if tool == "hebebuehne" and n_dice < 2:
                continue
            if not _move_sources(s, seat, tool):
                continue
            for p in prices:
                yield _tool_action(tool, p)


def _pending_iter(s: State, seat: int):
    p = s.pending
    assert p is not None
    tool = p["tool"]
    grid, req = s.grids[seat], _req(s, seat)
    if tool == "dimmer":
        v = int(s.hand[1])
        for d in (-1, 1):
            if 1 <= v + d <= 6 and _any_window(grid, req, s.hand[0] + str(v + d)):
                yield {"type": "dimmen", "delta": d}
    elif tool == "lagerkiste":
        for k in range(len(s.zaehler)):
            yield {"type": "tauschen", "zaehler": k}
    elif tool == "verlaengerungskabel":
        for c in kabel_windows(grid, req, s.hand):
            yield {"type": "setzen", "fenster": c}
    elif tool == "roehrenwechsel":
        for v in range(1, 7):
            yield {"type": "helligkeit", "wert": v}
        return  # committed: no abbrechen
    else:
        zuege = p.get("zuege", [])
        ignore = {"farbfolie": "farbe", "trafo": "wert"}.get(tool)
        exclude = zuege[0][1] if zuege else None
        for src in _move_sources(s, seat, tool, exclude):
            for dst in moves_for(grid, req, src, ignore):
                yield {"type": "umhaengen", "von": src, "nach": dst}
        if tool == "schablone" and zuege:
            yield {"type": "fertig"}
            return  # the first move committed the tool
    yield {"type": "abbrechen"}


def _play_iter(s: State, seat: int):
    if s.pending is not None:
        yield from _pending_iter(s, seat)
        return
    grid, req = s.grids[seat], _req(s, seat)
    if _placements_allowed(s):
        if s.hand is not None:
            for c in windows_for(grid, req, s.hand):
                yield {"type": "setzen", "fenster": c}
        else:
            count = CELLS - grid.count(None)
            for i, d in enumerate(s.lieferung):
                for c in range(CELLS):
                    if fits(grid, req, d, c, count):
                        yield {"type": "setzen", "die": i, "fenster": c}
    if s.must_place:
        return
    yield from _tool_iter(s, seat)
    yield {"type": "passen"}


def _can_act(s: State, seat: int) -> bool:
    return any(a["type"] != "passen" for a in _play_iter(s, seat))


def legal_actions(state: State, seat: int) -> list[JSON]:
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return []
    if state.phase == "wahl":
        if state.fassade[seat] is not None:
            return []
        return [{"type": "fassade", "fassade": f} for f in state.angebot[seat]]
    if state.phase != "spiel" or state.order[state.turn] != seat:
        return []
    return list(_play_iter(state, seat))


def timeout_actions(state: State, seat: int) -> list[JSON]:
    """What the computer may do for ``seat`` when its clock ran out: finish without tools.

    Legal actions minus every action that starts a tool. An uncommitted tool
    (one that can still be cancelled) is cancelled: only ``abbrechen`` is
    returned; a Schablone after its first move is closed with ``fertig``. The
    Röhrenwechsel brightness and a forced placement stay, since the turn
    cannot end otherwise. Never empty while ``seat`` is to move.
    """
    legal = legal_actions(state, seat)
    if state.phase == "spiel" and state.pending is not None:
        for quit_ in ({"type": "abbrechen"}, {"type": "fertig"}):
            if quit_ in legal:
                return [quit_]
        return legal
    return [a for a in legal if a["type"] != "werkzeug"]


# ------------------------------------------------------------------ apply


def apply(state: State, seat: int, action: JSON) -> tuple[State, list[JSON]]:
    if state.phase == "ende":
        raise IllegalAction(N_("Die Partie ist vorbei."))
    if seat not in to_move(state):
        if state.phase == "wahl" and 0 <= seat < state.players:
            raise IllegalAction(N_("Du hast deine Fassade schon gewählt."))
        raise IllegalAction(N_("Du bist nicht am Zug."))
    if not isinstance(action, dict) or "type" not in action:
        raise IllegalAction(N_("Unbekannter Zug."))
    legal = legal_actions(state, seat)
    if not _listed(action, legal):
        raise IllegalAction(_explain(state, seat, action))
    s = state.copy()
    events: list[JSON] = []
    step(s, seat, action, events)
    return s, events


def _listed(action: JSON, legal: list[JSON]) -> bool:
    """``action`` is one of ``legal`` with the same value types (``True`` or ``1.0`` is not ``1``)."""
    return any(action == a and all(type(action[k]) is type(v) for k, v in a.items()) for a in legal)


def _explain(s: State, seat: int, action: JSON) -> Text:
    t = action.get("type")
    if s.phase == "wahl":
        return N_("Wähle eine deiner vier Fassaden.")
    if s.pending is not None:
        name = TOOLS[s.pending["tool"]].name
        if t == "abbrechen":
            return tx("%(tool)s ist schon bezahlt und lässt sich nicht mehr abbrechen.", tool=name)
        if t == "setzen" and s.pending["tool"] == "verlaengerungskabel":
            return N_("Mit dem Verlängerungskabel geht nur ein Fenster ohne jeden Nachbarn.")
        if t == "umhaengen":
            return N_("So lässt sich die Röhre nicht umhängen.")
        return tx("Bring erst %(tool)s zu Ende.", tool=name)
    if t == "setzen":
        if not _placements_allowed(s):
            return N_("Du hast in diesem Zug schon eine Röhre angebracht.")
        die = s.hand
        if die is None:
            i = action.get("die")
            if type(i) is not int or not 0 <= i < len(s.lieferung):  # True is no die number
                return N_("Diese Röhre liegt nicht in der Lieferung.")
            die = s.lieferung[i]
        elif "die" in action:
            return N_("Bring die Röhre in deiner Hand an.")
        return _why_not(s.grids[seat], _req(s, seat), die, action.get("fenster"))
    if t == "passen" and s.must_place:
        return N_("Die Röhre muss jetzt angebracht werden.")
    if t == "werkzeug":
        tool = action.get("tool")
        if tool not in s.werkzeuge:
            return N_("Dieses Werkzeug liegt nicht im Elektrikerkoffer.")
        if s.tool_used:
            return N_("Je Zug höchstens ein Werkzeug.")
        if _solo(s) and s.tool_uses.get(tool):
            return N_("Jedes Werkzeug gibt es in der Solovariante nur einmal.")
        if _solo(s) and not any(d[0] == TOOLS[tool].solo_colour for d in s.lieferung):
            colour = tx(COLOUR_NAMES[TOOLS[tool].solo_colour])
            return tx("Für %(tool)s fehlt eine Röhre in %(colour)s als Preis.", tool=TOOLS[tool].name, colour=colour)
        if not _solo(s) and s.strom[seat] < tool_cost(s, tool):
            return N_("Dafür reicht dein Strom nicht.")
        if tool in DIE_TOOLS and (s.placed or s.hand is not None):
            return N_("Dieses Werkzeug geht nur vor dem Anbringen.")
        if tool == "stromausfall" and turn_pass(s) != 1:
            return N_("Stromausfall geht nur im zweiten Zug einer Runde.")
        if tool == "doppelschicht" and (turn_pass(s) != 0 or s.placed != 1):
            return N_("Doppelschicht geht nur im ersten Zug einer Runde, nach der ersten Röhre.")
        return N_("Dieses Werkzeug geht gerade nicht.")
    return N_("Das geht gerade nicht.")


def _pay(s: State, seat: int, tool: str, price: str | None, events: list | None) -> None:
    if _solo(s):
        s.lieferung.remove(price)
        s.raus.append(price)
        s.tool_uses[tool] = 1
        _ev(
            events,
            "preis",
            seat,
            tx("bezahlt %(tool)s mit %(die)s (aus dem Spiel).", tool=TOOLS[tool].name, die=die_text(price)),
            die=price,
        )
    else:
        cost = tool_cost(s, tool)
        s.strom[seat] -= cost
        s.tool_uses[tool] = s.tool_uses.get(tool, 0) + 1
        _ev(
            events,
            "strom",
            seat,
            tx("bezahlt %(cost)s Strom für %(tool)s.", cost=cost, tool=TOOLS[tool].name),
            cost=cost,
        )
    s.tool_used = True


def _place(s: State, seat: int, die: str, cell: int, events: list | None, kabel: bool = False) -> None:
    s.grids[seat][cell] = die
    s.placed += 1
    if kabel:
        text = tx("hängt %(die)s in %(window)s (Verlängerungskabel)", die=die_text(die), window=window_text(cell))
    else:
        text = tx("hängt %(die)s in %(window)s", die=die_text(die), window=window_text(cell))
    _ev(events, "setzen", seat, join("", [text, "."]), die=die, fenster=cell)
    s.last[seat] = text


def _return_and_end(s: State, seat: int, events: list | None) -> None:
    """A changed die fits nowhere: back to the Lieferung, the turn is over."""
    _ev(
        events,
        "zurueck",
        seat,
        tx("%(die)s passt nirgends hin, geht zurück in die Lieferung – Zug vorbei.", die=die_text(s.hand)),
        die=s.hand,
    )
    s.last[seat] = tx("%(die)s passte nirgends", die=die_text(s.hand))
    _end_turn(s, events)


def step(s: State, seat: int, action: JSON, events: list | None = None) -> None:
    """Perform a legal ``action`` in place (no validation: use ``apply`` for untrusted input)."""
    t = action["type"]
    if s.phase == "wahl":
        fid = action["fassade"]
        s.fassade[seat] = fid
        s.strom[seat] = 0 if _solo(s) else FACADES[fid].difficulty
        _ev(events, "fassade", seat, tx("hat eine Fassade gewählt."))
        s.last[seat] = tx("Fassade gewählt")
        if all(f is not None for f in s.fassade):
            _ev(
                events,
                "fassaden",
                None,
                tx(
                    "Alle haben gewählt: %(facades)s.",
                    facades=", ".join(f"{FACADES[f].name} ({FACADES[f].difficulty})" for f in s.fassade if f),
                ),
                fassaden=s.fassade[:],
            )
            s.phase = "spiel"
            _start_round(s, events)
        return

    grid = s.grids[seat]
    req = _req(s, seat)
    p = s.pending

    if t == "passen":
        s.last[seat] = tx("passt")
        _ev(events, "passen", seat, tx("passt."))
        _end_turn(s, events)
        return

    if t == "abbrechen":
        tool = p["tool"]
        if s.hand is not None:
            s.lieferung.insert(min(p.get("index", len(s.lieferung)), len(s.lieferung)), s.hand)
            s.hand = None
        for src, dst in reversed(p.get("zuege", [])):
            grid[src], grid[dst] = grid[dst], None
        s.pending = None
        _ev(events, "abbrechen", seat, tx("bricht %(tool)s ab.", tool=TOOLS[tool].name))
    elif t == "setzen":
        cell = action["fenster"]
        if p is not None:  # Verlängerungskabel
            _pay(s, seat, "verlaengerungskabel", p.get("preis"), events)
            s.pending = None
            die, s.hand = s.hand, None
            _place(s, seat, die, cell, events, kabel=True)
        elif s.hand is not None:
            die, s.hand = s.hand, None
            s.must_place = False
            _place(s, seat, die, cell, events)
        else:
            die = s.lieferung.pop(action["die"])
            _place(s, seat, die, cell, events)
    elif t == "werkzeug":
        if _start_tool(s, seat, action, events):
            return  # the turn ended
    elif t == "dimmen":
        _pay(s, seat, "dimmer", p.get("preis"), events)
        old = s.hand
        s.hand = old[0] + str(int(old[1]) + action["delta"])
        s.pending = None
        _ev(
            events,
            "dimmer",
            seat,
            tx("dimmt %(old)s auf %(new)s.", old=die_text(old), new=die_text(s.hand)),
            die=s.hand,
        )
        s.last[seat] = join(" ", ["Dimmer:", die_text(old), "→", die_text(s.hand)])
    elif t == "tauschen":
        _pay(s, seat, "lagerkiste", p.get("preis"), events)
        k = action["zaehler"]
        old = s.hand
        s.hand, s.zaehler[k] = s.zaehler[k], old
        s.pending = None
        s.must_place = True
        _ev(
            events,
            "lagerkiste",
            seat,
            tx("tauscht %(old)s gegen %(new)s vom Stromzähler.", old=die_text(old), new=die_text(s.hand)),
            die=s.hand,
        )
        s.last[seat] = join(" ", ["Lagerkiste:", die_text(old), "↔", die_text(s.hand)])
        if not _any_window(grid, req, s.hand):
            _return_and_end(s, seat, events)
            return
    elif t == "helligkeit":
        die = p["farbe"] + str(action["wert"])
        s.pending = None
        s.hand = die
        s.must_place = True
        _ev(events, "roehrenwechsel", seat, tx("wählt %(die)s.", die=die_text(die)), die=die)
        s.last[seat] = join(" ", ["Röhrenwechsel:", die_text(die)])
        if not _any_window(grid, req, die):
            _return_and_end(s, seat, events)
            return
    elif t == "umhaengen":
        src, dst = action["von"], action["nach"]
        tool = p["tool"]
        zuege = p.setdefault("zuege", [])
        grid[dst], grid[src] = grid[src], None
        zuege.append([src, dst])
        die = grid[dst]
        _ev(
            events,
            "umhaengen",
            seat,
            tx(
                "hängt %(die)s von %(src)s nach %(dst)s (%(tool)s).",
                die=die_text(die),
                src=window_text(src),
                dst=window_text(dst),
                tool=TOOLS[tool].name,
            ),
            die=die,
            von=src,
            nach=dst,
        )
        s.last[seat] = tx("%(tool)s: %(die)s umgehängt", tool=TOOLS[tool].name, die=die_text(die))
        if tool == "hebebuehne":
            if len(zuege) == 2:
                _pay(s, seat, tool, p.get("preis"), events)
                s.pending = None
        elif tool == "schablone":
            if len(zuege) == 1:
                _pay(s, seat, tool, p.get("preis"), events)
                if not _move_sources(s, seat, tool, exclude=dst):
                    s.pending = None
            else:
                s.pending = None
        else:
            _pay(s, seat, tool, p.get("preis"), events)
            s.pending = None
    elif t == "fertig":
        s.pending = None
    else:  # pragma: no cover - apply validated
        raise IllegalAction(N_("Unbekannter Zug."))

    if s.phase == "spiel" and s.order[s.turn] == seat and not _can_act(s, seat):
        _end_turn(s, events)


def _start_tool(s: State, seat: int, action: JSON, events: list | None) -> bool:
    """Start a tool; returns True when the turn ended because of it."""
    tool = action["tool"]
    pi = action.get("preis")
    price = s.lieferung[pi] if pi is not None else None
    grid = s.grids[seat]
    req = _req(s, seat)
    name = TOOLS[tool].name
    if tool in DIE_TOOLS:
        i = action["die"]
        die = s.lieferung.pop(i)
        s.hand = die
        if tool in ("dimmer", "lagerkiste", "verlaengerungskabel"):
            s.pending = {"tool": tool, "preis": price, "index": i}
            _ev(events, "werkzeug", seat, tx("nimmt %(tool)s für %(die)s.", tool=name, die=die_text(die)), tool=tool)
            return False
        _pay(s, seat, tool, price, events)
        if tool == "umpolen":
            s.hand = die[0] + FLIP[die[1]]
            _ev(
                events,
                "umpolen",
                seat,
                tx("polt %(old)s um: %(new)s.", old=die_text(die), new=die_text(s.hand)),
                tool=tool,
                die=s.hand,
            )
            s.last[seat] = join(" ", ["Umpolen:", die_text(die), "→", die_text(s.hand)])
            return False
        if tool == "wackelkontakt":
            rng = _tool_rng(s)
            s.hand = die[0] + VALUES[rng.randrange(6)]
            s.must_place = True
            _ev(
                events,
                "wackelkontakt",
                seat,
                tx("würfelt %(old)s neu: %(new)s.", old=die_text(die), new=die_text(s.hand)),
                tool=tool,
                die=s.hand,
            )
            s.last[seat] = join(" ", ["Wackelkontakt:", die_text(die), "→", die_text(s.hand)])
            if not _any_window(grid, req, s.hand):
                _return_and_end(s, seat, events)
                return True
            return False
        # roehrenwechsel
        s.hand = None
        new = _exchange(s, die)
        colour = new[0]
        _ev(
            events,
            "roehrenwechsel",
            seat,
            tx("legt %(die)s in die Kiste und zieht %(colour)s.", die=die_text(die), colour=tx(COLOUR_NAMES[colour])),
            tool=tool,
            farbe=colour,
        )
        s.last[seat] = tx("Röhrenwechsel: %(colour)s gezogen", colour=tx(COLOUR_NAMES[colour]))
        if not any(_any_window(grid, req, colour + v) for v in VALUES):
            s.hand = new  # with the value it was rolled with
            _return_and_end(s, seat, events)
            return True
        s.pending = {"tool": tool, "farbe": colour}
        return False
    if tool == "stromausfall":
        _pay(s, seat, tool, price, events)
        rng = _tool_rng(s)
        s.lieferung = [d[0] + VALUES[rng.randrange(6)] for d in s.lieferung]
        _ev(
            events,
            "stromausfall",
            seat,
            tx("würfelt die Lieferung neu: %(dice)s.", dice=join(", ", [die_text(d) for d in s.lieferung])),
            tool=tool,
            lieferung=s.lieferung[:],
        )
        s.last[seat] = "Stromausfall"  # a tool's name
        return False
    if tool == "doppelschicht":
        _pay(s, seat, tool, price, events)
        s.extra = True
        s.skip.append(seat)
        _ev(
            events,
            "doppelschicht",
            seat,
            tx("nimmt die Doppelschicht: eine zweite Röhre jetzt, dafür kein zweiter Zug."),
            tool=tool,
        )
        s.last[seat] = "Doppelschicht"  # a tool's name
        return False
    s.pending = {"tool": tool, "preis": price, "zuege": []}
    _ev(events, "werkzeug", seat, tx("nimmt %(tool)s.", tool=name), tool=tool)
    return False


# ----------------------------------------------------------------- scoring


def score_tafel(tafel: str, grid: list[str | None]) -> tuple[int, str]:
    """Points of one Werbetafel for ``grid`` and a short German detail text."""
    pts = TAFELN[tafel].points
    if tafel in ("bunte_etagen", "lichtstufen_etagen", "bunte_achsen", "lichtstufen_achsen"):
        pos = 0 if tafel.startswith("bunte") else 1
        if tafel.endswith("etagen"):
            lines = [grid[r * COLS : r * COLS + COLS] for r in range(ROWS)]
        else:
            lines = [grid[c::COLS] for c in range(COLS)]
        n = sum(1 for line in lines if None not in line and len({d[pos] for d in line}) == len(line))
        return n * pts, f"{n} × {pts}"
    dice = [d for d in grid if d is not None]
    if tafel in PAIRS:
        a, b = PAIRS[tafel]
        n = min(sum(1 for d in dice if d[1] == a), sum(1 for d in dice if d[1] == b))
        return n * pts, f"{n} × {pts}"
    if tafel == "volle_skala":
        n = min(sum(1 for d in dice if d[1] == v) for v in VALUES)
        return n * pts, f"{n} × {pts}"
    if tafel == "regenbogen":
        n = min(sum(1 for d in dice if d[0] == c) for c in COLOURS)
        return n * pts, f"{n} × {pts}"
    if tafel == "lichterkette":
        n = sum(
            1
            for c, d in enumerate(grid)
            if d is not None and any(grid[x] is not None and grid[x][0] == d[0] for x in DIAG[c])
        )
        return n * pts, f"{n} × {pts}"
    raise KeyError(tafel)


def secret_points(grid: list[str | None], colour: str) -> int:
    return sum(int(d[1]) for d in grid if d is not None and d[0] == colour)


def dark_penalty(s: State) -> int:
    return 3 if s.ausgabe in ("blackout", "solo") else 1


def score_seat(s: State, seat: int) -> tuple[int, list[JSON], int]:
    """(total, breakdown items, secret-colour points) for ``seat``."""
    grid = s.grids[seat]
    items: list[JSON] = []
    total = 0
    for t in s.tafeln:
        pts, detail = score_tafel(t, grid)
        items.append({"key": f"tafel:{t}", "label": TAFELN[t].name, "punkte": pts, "detail": detail})
        total += pts
    best_colour = max(s.geheim[seat], key=lambda c: (secret_points(grid, c), -COLOURS.index(c)))
    sp = secret_points(grid, best_colour)
    label = tx("Geheimfarbe %(colour)s", colour=tx(COLOUR_NAMES[best_colour]))
    detail: Text = tx("Summe der Helligkeiten")
    if len(s.geheim[seat]) > 1:
        others = [c for c in s.geheim[seat] if c != best_colour]
        detail = tx(
            "Summe der Helligkeiten (die bessere; %(colour)s: %(points)s)",
            colour=tx(COLOUR_NAMES[others[0]]),
            points=secret_points(grid, others[0]),
        )
    items.append({"key": "geheimfarbe", "label": label, "punkte": sp, "detail": detail})
    total += sp
    if not _solo(s):
        items.append({"key": "strom", "label": tx("Strom"), "punkte": s.strom[seat], "detail": tx("1 je Blitz")})
        total += s.strom[seat]
    dark = grid.count(None)
    pen = dark_penalty(s)
    items.append(
        {
            "key": "dunkel",
            "label": tx("Dunkle Fenster"),
            "punkte": -pen * dark,
            "detail": f"{dark} × −{pen}",
        }
    )
    total -= pen * dark
    return total, items, sp


def target(s: State) -> int:
    """Solo target: the sum of the brightnesses on the Stromzähler."""
    return sum(int(d[1]) for d in s.zaehler)


def later_position(s: State, seat: int) -> int:
    """Position of ``seat`` in the first pass of round 10 (higher = later)."""
    start10 = (s.start1 + ROUNDS - 1) % s.players
    return (seat - start10) % s.players


def result(state: State) -> JSON:
    n = state.players
    scored = [score_seat(state, s) for s in range(n)]
    points = [sc[0] for sc in scored]
    keys = [(points[s], scored[s][2], state.strom[s], later_position(state, s)) for s in range(n)]
    out: JSON = {
        "points": points,
        "places": places(keys),
        "breakdown": [{"seat": s, "posten": scored[s][1], "summe": points[s]} for s in range(n)],
        "tiebreak": [list(k[1:]) for k in keys],
    }
    if _solo(state):
        out["target"] = target(state)
        out["won"] = points[0] > out["target"]
    return out


def decision_key(state: State, seat: int) -> list[Any]:
    """What one decision of ``seat`` is (its clock runs for the whole of it): the facade
    choice, or one turn ("Bedenkzeit je Zug"), which may take several actions."""
    if state.phase == "wahl":
        return ["wahl"]
    return [state.phase, state.runde, state.turn]


def decision_seconds(state: State, table_seconds: int | None) -> int | None:
    """The move clock for the current decision: the facade choice has 45 s (none without clock)."""
    if table_seconds is None:
        return None
    return 45 if state.phase == "wahl" else table_seconds


MIN_SCORED_SECONDS = 90  # "Partien unter 90 Sekunden werden nicht gewertet."


def leaderboard_points(result: JSON, seat: int, players: int, seconds: float) -> int | None:
    """Bestenliste points of ``seat``; ``None`` for games shorter than 90 seconds."""
    if seconds < MIN_SCORED_SECONDS:
        return None
    pts = max(0, int(result["points"][seat]))
    if "target" in result:
        return pts + (30 if result.get("won") else 0)
    bonus = {2: (30,), 3: (30, 15), 4: (30, 15, 5)}.get(players, ())
    place = result["places"][seat]
    return pts + (bonus[place - 1] if place <= len(bonus) else 0)


# -------------------------------------------------------------------- view


def facade_info(fid: str) -> JSON:
    f = FACADES[fid]
    return {
        "id": f.id,
        "name": f.name,
        "schwierigkeit": f.difficulty,
        "karte": f.card,
        "etagen": list(f.rows),
        "vorgaben": list(f.req),
    }


def view(state: State, seat: int | None) -> JSON:
    spectator = _spectator_view(state)
    return spectator if seat is None else seat_view(spectator, state, seat)


def _spectator_view(s: State) -> JSON:
    """What everyone may know (a spectator's view); ``seat_view`` adds what one seat knows besides."""
    n = s.players
    all_chosen = all(f is not None for f in s.fassade)
    over = s.phase == "ende"
    cur = current(s)
    solo = _solo(s)
    spieler = []
    for p in range(n):
        info: JSON = {
            "seat": p,
            "gewaehlt": s.fassade[p] is not None,
            "fassade": facade_info(s.fassade[p]) if s.fassade[p] is not None and all_chosen else None,
            "fenster": s.grids[p][:],
            # Strom = the facade's difficulty: hidden like the facade until everyone has chosen.
            "strom": s.strom[p] if all_chosen else None,
            "letzte": s.last[p],
            "geheim": s.geheim[p][:] if over else None,
        }
        spieler.append(info)
    werkzeuge = []
    for t in s.werkzeuge:
        tool = TOOLS[t]
        werkzeuge.append(
            {
                "id": t,
                "name": tool.name,
                "text": tool.text,
                "benutzt": s.tool_uses.get(t, 0),
                "kosten": None if solo else tool_cost(s, t),
                "preis_farbe": tool.solo_colour if solo else None,
                "verfuegbar": not (solo and s.tool_uses.get(t)),
            }
        )
    v: JSON = {
        "slug": SLUG,
        "seat": None,
        "phase": s.phase,
        "ausgabe": s.ausgabe,
        "solo": solo,
        "players": n,
        "runde": s.runde,
        "runden": ROUNDS,
        "to_move": to_move(s),
        "am_zug": cur,
        "reihenfolge": s.order[:],
        "zug": s.turn,
        "zweiter_zug": cur is not None and turn_pass(s) == 1,
        "startspieler": s.start,
        "startspieler_runde1": s.start1 if s.phase != "wahl" else None,
        "aussetzen": s.skip[:],
        "tafeln": [
            {"id": t, "name": TAFELN[t].name, "punkte": TAFELN[t].points, "text": TAFELN[t].text} for t in s.tafeln
        ],
        "werkzeuge": werkzeuge,
        "werkzeug_nutzungen": dict(s.tool_uses),
        "spieler": spieler,
        "lieferung": s.lieferung[:],
        "stromzaehler": s.zaehler[:],
        "stromzaehler_summe": target(s),
        "kiste": dict(s.kiste),
        "raus": s.raus[:],
        "zugstatus": {
            "gesetzt": s.placed,
            "doppelschicht": s.extra,
            "werkzeug_benutzt": s.tool_used,
            "hand": s.hand,
            "muss_setzen": s.must_place,
            "offen": _public_pending(s.pending),
        },
        "dunkel_strafe": dark_penalty(s),
        "angebot": None,
        "fenster_je_roehre": None,
        "hand_fenster": None,
        "helligkeiten_passend": None,
        "result": result(s) if over else None,
    }
    return v


def seat_view(spectator: JSON, state: State, seat: int) -> JSON:
    """``view(state, seat)`` from the spectator's view of the same state: the seat's own facade, Strom and
    secret colour, its facade offer while choosing, and on its turn where its dice fit. Shares the
    spectator view's other values (nobody changes a view)."""
    s = state
    v = {**spectator, "seat": seat}
    info = dict(spectator["spieler"][seat])
    if s.fassade[seat] is not None:
        info["fassade"] = info["fassade"] or facade_info(s.fassade[seat])
    info["strom"] = s.strom[seat]
    info["geheim"] = s.geheim[seat][:]
    v["spieler"] = [*spectator["spieler"][:seat], info, *spectator["spieler"][seat + 1 :]]
    if s.phase == "wahl":
        v["angebot"] = [facade_info(f) for f in s.angebot[seat]]
    if current(s) == seat:
        grid, req = s.grids[seat], _req(s, seat)
        if s.hand is not None:
            if s.pending is not None and s.pending["tool"] == "verlaengerungskabel":
                v["hand_fenster"] = kabel_windows(grid, req, s.hand)
            else:
                v["hand_fenster"] = windows_for(grid, req, s.hand)
        elif _placements_allowed(s) and s.pending is None:
            v["fenster_je_roehre"] = [windows_for(grid, req, d) for d in s.lieferung]
        if s.pending is not None and s.pending["tool"] == "roehrenwechsel":
            colour = s.pending["farbe"]
            v["helligkeiten_passend"] = [int(x) for x in VALUES if _any_window(grid, req, colour + x)]
    return v


def _public_pending(p: dict[str, Any] | None) -> JSON | None:
    if p is None:
        return None
    return {k: (list(map(list, x)) if k == "zuege" else x) for k, x in p.items()}
