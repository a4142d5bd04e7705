"""Speedburg rules engine (pure, deterministic, no Django).

Every rule lives in ``RULES.md`` next to this file. A die is ``[id, pips]``
(material = ``id // 8``), a castle is 9 stacks of dice (fields 0..8 row by
row from the back left). Scoring is in ``scoring.py``; what the page and the
computers compute on a view (previews, the red die when discarding) is in
``preview.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from games.core import plain
from games.core.places import places
from games.core.protocol import IllegalAction
from games.core.rng import draw_rng
from games.core.text import N_, Text, and_list, join, said, tx

from . import preview, scoring
from .content import (
    AUSLAGE,
    BOT_FACTOR,
    BUILDS_PER_ROUND,
    DICE,
    FIELDS,
    MATERIAL_KEYS,
    MATERIAL_NAMES,
    MATERIAL_RULES,
    PRIZE_NAMES,
    PUDDLE,
    ROUNDS,
    SKETCHES,
    die_name,
    field_name,
    material,
)

SLUG = "burg"
NAME = "Speedburg"
MIN_PLAYERS = 1
MAX_PLAYERS = 4

JSON = dict[str, Any]

SKIZZENWAHL = ("eine", "zwei")  # "zwei" = "2 ziehen, 1 behalten"
BAUEN = ("verdeckt", "offen")  # Windschutz (hidden) or open building
MODI = ("rekordjagd", "tagesstrand")  # Allein am Strand
SITE_MODES = {"taeglich": "tagesstrand", "rekord": "rekordjagd"}  # the site's solo-mode keys
LEVELS = (None, "leicht", "normal", "stark")

#: draw counters: round r uses r * ROUND_DRAWS + k (k = 0 setup, 1.. refills); 0 = start player
ROUND_DRAWS = 1000
WEITER_MIN_SECONDS = 30


# ------------------------------------------------------------------- state


@dataclass
class State:
    seed: int
    players: int
    options: JSON
    phase: str  # "skizze" (choosing a sketch), "bauen", "wertung" (board, weiter), "ende"
    runde: int
    start1: int
    order: list[int]  # this round's order, start player first
    turn: int  # builds done this round
    step: str  # "bauen" or "ablegen" (two players: discard after building)
    refills: int  # refills done this round (draw counter offset)
    bag: list[int]  # die ids
    wimpel: list[int]  # die ids of the two pennants
    auslage: list[list[int]]  # [id, pips], sorted by pips
    abgelegt: list[list[int]]  # discarded this round (two players)
    burgen: list[list[list[list[int]]]]  # seat -> 9 stacks -> [id, pips] bottom first
    verloren: list[list[list[int]]]  # seat -> lost dice
    angebot: list[list[int]]  # seat -> sketches offered this round (sketch nr)
    skizze: list[int | None]  # seat -> chosen sketch nr
    gezogen: list[int]  # every sketch dealt in this game
    weiter: list[bool]
    wertungen: list[JSON]  # boards of the scored rounds
    sp: list[int]
    schaufeln: list[list[str]]
    preise: list[list[str]]
    treffer: list[list[int]]  # sketch nrs hit exactly
    rundenpunkte: list[list[int]]  # seat -> round points per round
    rekord: list[int]  # solo: Rekordpunkte per round
    last: list[Text]  # per seat: what it did last (games.core.text)
    # the events of the game's start (round 1's line): no action returns them, the page logs them first
    eroeffnung: list[JSON] = field(default_factory=list)

    def copy(self) -> State:
        """A copy sharing only what is never changed in place (options, scored boards)."""
        return State(
            seed=self.seed,
            players=self.players,
            options=self.options,
            phase=self.phase,
            runde=self.runde,
            start1=self.start1,
            order=self.order[:],
            turn=self.turn,
            step=self.step,
            refills=self.refills,
            bag=self.bag[:],
            wimpel=self.wimpel[:],
            auslage=[d[:] for d in self.auslage],
            abgelegt=[d[:] for d in self.abgelegt],
            burgen=[[[d[:] for d in st] for st in castle] for castle in self.burgen],
            verloren=[[d[:] for d in lost] for lost in self.verloren],
            angebot=[a[:] for a in self.angebot],
            skizze=self.skizze[:],
            gezogen=self.gezogen[:],
            weiter=self.weiter[:],
            wertungen=self.wertungen[:],
            sp=self.sp[:],
            schaufeln=[x[:] for x in self.schaufeln],
            preise=[x[:] for x in self.preise],
            treffer=[x[:] for x in self.treffer],
            rundenpunkte=[x[:] for x in self.rundenpunkte],
            rekord=self.rekord[:],
            last=self.last[:],
            eroeffnung=self.eroeffnung,
        )


def dump(state: State) -> JSON:
    return plain.copy({f.name: getattr(state, f.name) for f in fields(State)})


def load(data: JSON) -> State:
    # a state stored before ``eroeffnung`` existed has no opening line
    return State(**plain.copy({f.name: data[f.name] for f in fields(State) if f.name in data}))


def solo(s: State) -> bool:
    return s.players == 1


def offen(s: State) -> bool:
    return s.options["bauen"] == "offen"


def targets_of(s: State, seat: int) -> tuple[int, ...]:
    nr = s.skizze[seat]
    assert nr is not None
    return SKETCHES[nr].targets


def used(s: State, seat: int) -> int:
    """Dice this seat took this round (built or lost)."""
    return sum(len(st) for st in s.burgen[seat]) + len(s.verloren[seat])


def builds_total(s: State) -> int:
    return BUILDS_PER_ROUND * s.players


def current(s: State) -> int | None:
    if s.phase != "bauen":
        return None
    return s.order[s.turn % s.players]


def all_dice(s: State) -> list[int]:
    """Every die id where it is now (for the "all 32 accounted for" check)."""
    out = list(s.bag) + list(s.wimpel) + [d[0] for d in s.auslage] + [d[0] for d in s.abgelegt]
    for seat in range(s.players):
        out += [d[0] for st in s.burgen[seat] for d in st]
        out += [d[0] for d in s.verloren[seat]]
    return out


# ----------------------------------------------------------------- options


def default_options() -> JSON:
    return {"skizzenwahl": "eine", "bauen": "verdeckt", "bot_level": None}


def clean_options(options: JSON, players: int) -> JSON:
    options = dict(options or {})
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(N_("Speedburg spielt man allein oder zu zweit bis zu viert."))
    wahl = options.get("skizzenwahl") or "eine"
    if wahl not in SKIZZENWAHL:
        raise IllegalAction(N_("Diese Skizzenwahl gibt es nicht."))
    bauen = options.get("bauen") or "verdeckt"
    if bauen not in BAUEN:
        raise IllegalAction(N_("Wähle verdecktes oder offenes Bauen."))
    level = options.get("bot_level") or None
    if level not in LEVELS:
        raise IllegalAction(N_("Diese Computerstärke gibt es nicht."))
    out: JSON = {"skizzenwahl": wahl, "bauen": bauen, "bot_level": level}
    if players == 1:
        # the site marks its solo tables "taeglich" / "rekord" under the same key (docs/solo.md)
        modus = SITE_MODES.get(options.get("modus"), options.get("modus")) or "rekordjagd"
        if modus not in MODI:
            raise IllegalAction(N_("Allein am Strand gibt es als Tagesstrand oder Rekordjagd."))
        out["modus"] = modus
        out["bot_level"] = None
    elif options.get("modus"):
        raise IllegalAction(N_("Tagesstrand und Rekordjagd spielst du allein."))
    return out


# ----------------------------------------------------------------- setup


def _sort_auslage(auslage: list[list[int]]) -> None:
    auslage.sort(key=lambda d: (d[1], material(d[0]), d[0]))


def _roll(s: State, rng: Any) -> list[int]:
    die_id = s.bag.pop(rng.randrange(len(s.bag)))
    return [die_id, rng.randint(1, 6)]


def new_game(*, seed: int, players: int, options: JSON) -> State:
    opts = clean_options(options, players)
    n = players
    start1 = draw_rng(seed, 0).randrange(n)
    s = State(
        seed=seed,
        players=n,
        options=opts,
        phase="bauen",
        runde=0,
        start1=start1,
        order=[],
        turn=0,
        step="bauen",
        refills=0,
        bag=[],
        wimpel=[],
        auslage=[],
        abgelegt=[],
        burgen=[[[] for _ in range(FIELDS)] for _ in range(n)],
        verloren=[[] for _ in range(n)],
        angebot=[[] for _ in range(n)],
        skizze=[None] * n,
        gezogen=[],
        weiter=[False] * n,
        wertungen=[],
        sp=[0] * n,
        schaufeln=[[] for _ in range(n)],
        preise=[[] for _ in range(n)],
        treffer=[[] for _ in range(n)],
        rundenpunkte=[[] for _ in range(n)],
        rekord=[],
        last=[""] * n,
    )
    _start_round(s, s.eroeffnung, start1)
    return s


def _start_round(s: State, events: list[JSON], start: int) -> None:
    s.runde += 1
    n = s.players
    rng = draw_rng(s.seed, s.runde * ROUND_DRAWS)
    s.refills = 0
    s.bag = list(range(DICE))
    s.burgen = [[[] for _ in range(FIELDS)] for _ in range(n)]
    s.verloren = [[] for _ in range(n)]
    s.abgelegt = []
    s.weiter = [False] * n
    # pennants: draw until the second differs in material; same-material dice go back
    first = s.bag.pop(rng.randrange(len(s.bag)))
    while True:
        second = s.bag[rng.randrange(len(s.bag))]
        if material(second) != material(first):
            s.bag.remove(second)
            break
    s.wimpel = [first, second]
    # sketches: without repetition over the whole game (24 = 4 players × 2 × 3 rounds)
    per_seat = 2 if s.options["skizzenwahl"] == "zwei" else 1
    free = [nr for nr in sorted(SKETCHES) if nr not in s.gezogen]
    dealt = rng.sample(free, per_seat * n)
    s.gezogen += dealt
    s.angebot = [sorted(dealt[i * per_seat : (i + 1) * per_seat]) for i in range(n)]
    s.skizze = [a[0] if per_seat == 1 else None for a in s.angebot]
    s.auslage = [_roll(s, rng) for _ in range(AUSLAGE[n])]
    _sort_auslage(s.auslage)
    s.order = [(start + i) % n for i in range(n)]
    s.turn = 0
    s.step = "bauen"
    s.phase = "skizze" if per_seat == 2 else "bauen"
    s.last = [""] * n
    names = and_list([tx(MATERIAL_NAMES[material(w)]) for w in s.wimpel])
    dice = join(", ", [die_name(d) for d in s.auslage])
    if s.runde == 1 and n > 1:  # names the drawn start player (later ones follow from the round's board)
        text = tx(
            "Runde %(n)s beginnt. Wimpel des Tages: %(pennants)s. Auslage: %(dice)s. Ausgelost beginnt %(start)s.",
            n=s.runde,
            pennants=names,
            dice=dice,
            start=scoring.seat_token(start),
        )
    else:
        text = tx(
            "Runde %(n)s beginnt. Wimpel des Tages: %(pennants)s. Auslage: %(dice)s.",
            n=s.runde,
            pennants=names,
            dice=dice,
        )
    events.append({"type": "runde", "seat": None, **said(text), "runde": s.runde, "startspieler": start})


# ---------------------------------------------------------------- queries


def to_move(state: State) -> list[int]:
    if state.phase == "skizze":
        return [p for p in range(state.players) if state.skizze[p] is None]
    if state.phase == "bauen":
        return [state.order[state.turn % state.players]]
    if state.phase == "wertung":
        return [p for p in range(state.players) if not state.weiter[p]]
    return []


def is_over(state: State) -> bool:
    return state.phase == "ende"


def _last_build(s: State) -> bool:
    """Is the build now being made (or just made) the round's last one?"""
    return s.turn == builds_total(s) - 1


def legal_actions(state: State, seat: int) -> list[JSON]:
    s = state
    if not isinstance(seat, int) or seat not in to_move(s):
        return []
    if s.phase == "skizze":
        return [{"type": "skizze", "skizze": nr} for nr in s.angebot[seat]]
    if s.phase == "wertung":
        return [{"type": "weiter"}]
    if s.step == "ablegen":
        return [{"type": "ablegen", "wuerfel": d[0]} for d in s.auslage]
    out: list[JSON] = []
    castle, targets = s.burgen[seat], targets_of(s, seat)
    for d in s.auslage:
        fs = scoring.fields_for(castle, targets, d[1])
        if fs:
            out += [{"type": "bauen", "wuerfel": d[0], "feld": f} for f in fs]
        else:
            out.append({"type": "verlieren", "wuerfel": d[0]})
    return out


def timeout_actions(state: State, seat: int) -> list[JSON]:
    """What the computer may do for a seat whose clock (plus the 10 s Nachfrist) ran out.

    Every legal action: the computer chooses the sketch, builds (and, two
    players, discards) or presses "weiter" for the seat, exactly as the rule
    text says. Never empty while the seat is to move.
    """
    return legal_actions(state, seat)


def decision_key(state: State, seat: int) -> list[Any]:
    """What one decision of ``seat`` is (its clock runs for the whole of it).

    The sketch choice and "Weiter" are one action each; a building turn is one
    decision even when it takes two actions (two players: build, then discard),
    so the Bedenkzeit is per die and, when it runs out, the computer finishes
    the whole turn.
    """
    if state.phase == "bauen":
        return ["bauen", state.runde, state.turn]
    return [state.phase, state.runde]


def decision_seconds(state: State, table_seconds: int | None) -> int | None:
    """The clock of the current decision: the scoring board waits at least 30 s."""
    if not table_seconds:
        return None
    if state.phase == "wertung":
        return max(WEITER_MIN_SECONDS, table_seconds)
    return table_seconds


# ------------------------------------------------------------------ apply


def _find(auslage: list[list[int]], die_id: Any) -> int | None:
    for i, d in enumerate(auslage):
        if d[0] == die_id:
            return i
    return None


def _why_not(s: State, seat: int, action: JSON) -> Text:
    t = action.get("type")
    if s.phase == "skizze":
        if t == "skizze":
            return N_("Diese Skizze liegt nicht vor dir.")
        return N_("Wähle zuerst deine Skizze.")
    if s.phase == "wertung":
        return N_("Bei der Wertung gibt es nur „Weiter“.")
    if s.step == "ablegen":
        if t == "ablegen":
            return N_("Dieser Würfel liegt nicht in der Auslage.")
        return N_("Lege noch einen Würfel der Auslage ab.")
    if t not in ("bauen", "verlieren"):
        return N_("Baue einen Würfel aus der Auslage.")
    i = _find(s.auslage, action.get("wuerfel"))
    if i is None:
        return N_("Dieser Würfel liegt nicht in der Auslage.")
    die = s.auslage[i]
    castle, targets = s.burgen[seat], targets_of(s, seat)
    if t == "verlieren":
        return N_("Dieser Würfel passt noch auf deine Burg – bauen statt verlieren.")
    f = action.get("feld")
    if not isinstance(f, int) or not 0 <= f < FIELDS:
        return N_("Dieses Feld gibt es nicht.")
    if targets[f] == PUDDLE:
        return N_("Auf eine Pfütze kann man nicht bauen.")
    if not castle[f]:
        return N_("Unbekannter Zug.")
    top = castle[f][-1]
    return tx("Eine %(a)s darf nicht auf eine %(b)s: nur auf gleiche oder kleinere Augenzahl.", a=die[1], b=top[1])


def apply(state: State, seat: int, action: JSON) -> tuple[State, list[JSON]]:
    if state.phase == "ende":
        raise IllegalAction(N_("Die Partie ist vorbei."))
    if not isinstance(seat, int) or seat not in to_move(state):
        if state.phase == "skizze" and isinstance(seat, int) and 0 <= seat < state.players:
            raise IllegalAction(N_("Du hast deine Skizze schon gewählt."))
        if state.phase == "wertung" and isinstance(seat, int) and 0 <= seat < state.players:
            raise IllegalAction(N_("Du hast schon „Weiter“ gedrückt."))
        raise IllegalAction(N_("Du bist nicht am Zug."))
    if not isinstance(action, dict) or action not in legal_actions(state, seat):
        raise IllegalAction(_why_not(state, seat, action if isinstance(action, dict) else {}))
    s = state.copy()
    events: list[JSON] = []
    step(s, seat, action, events)
    return s, events


def step(s: State, seat: int, action: JSON, events: list[JSON]) -> None:
    """Perform a legal ``action`` in place (no validation; the search uses it)."""
    t = action["type"]
    if t == "skizze":
        nr = action["skizze"]
        s.skizze[seat] = nr
        # Everybody chooses at the same time: which sketch a seat kept shows (open building) only once
        # every seat has chosen, as the page does.
        events.append({"type": "skizze", "seat": seat, **said(tx("hat eine Skizze gewählt."))})
        if all(x is not None for x in s.skizze):
            s.phase = "bauen"
            events.append({"type": "skizzen", "seat": None, **said(tx("Alle haben ihre Skizze. Es wird gebaut."))})
            if offen(s):
                for p, chosen in enumerate(s.skizze):
                    text = tx("hat die Skizze „%(name)s“ gewählt.", name=SKETCHES[chosen].name)  # type: ignore[index]
                    events.append({"type": "skizze", "seat": p, **said(text)})
        return
    if t == "weiter":
        s.weiter[seat] = True
        events.append({"type": "weiter", "seat": seat, **said(tx("drückt „Weiter“."))})
        if all(s.weiter):
            _after_board(s, events)
        return
    i = _find(s.auslage, action["wuerfel"])
    assert i is not None
    die = s.auslage.pop(i)
    if t == "ablegen":
        s.abgelegt.append(die)
        events.append(
            {"type": "ablegen", "seat": seat, **said(tx("legt %(die)s ab.", die=die_name(die))), "wuerfel": die}
        )
        _end_turn(s, events)
        return
    if t == "verlieren":
        s.verloren[seat].append(die)
        if offen(s) or solo(s):
            s.last[seat] = tx("%(die)s verloren", die=die_name(die))
            text = tx("nimmt %(die)s, er passt nirgends: verloren.", die=die_name(die))
            events.append({"type": "verlieren", "seat": seat, **said(text), "wuerfel": die})
        else:  # behind the Windschutz a lost die looks like any other taken die
            s.last[seat] = tx("%(die)s genommen", die=die_name(die))
            events.append(
                {"type": "bauen", "seat": seat, **said(tx("nimmt %(die)s.", die=die_name(die))), "wuerfel": die}
            )
    else:
        f = action["feld"]
        s.burgen[seat][f].append(die)
        level = len(s.burgen[seat][f])
        if offen(s) or solo(s):
            text = tx(
                "baut %(die)s auf %(field)s (Ebene %(level)s).", die=die_name(die), field=field_name(f), level=level
            )
            ev: JSON = {"type": "bauen", "seat": seat, **said(text), "wuerfel": die, "feld": f, "ebene": level}
            s.last[seat] = tx("%(die)s auf %(field)s", die=die_name(die), field=field_name(f))
        else:
            ev = {"type": "bauen", "seat": seat, **said(tx("nimmt %(die)s.", die=die_name(die))), "wuerfel": die}
            s.last[seat] = tx("%(die)s genommen", die=die_name(die))
        events.append(ev)
    if s.players == 2 and not _last_build(s):
        s.step = "ablegen"
        return
    _end_turn(s, events)


def _refill(s: State, k: int, events: list[JSON]) -> None:
    new = []
    for _ in range(k):
        if not s.bag:
            break
        s.refills += 1
        rng = draw_rng(s.seed, s.runde * ROUND_DRAWS + s.refills)
        new.append(_roll(s, rng))
    if new:
        s.auslage += new
        _sort_auslage(s.auslage)
        events.append(
            {
                "type": "nachlegen",
                "seat": None,
                **said(tx("Neu in der Auslage: %(dice)s.", dice=join(", ", [die_name(d) for d in new]))),
                "wuerfel": new,
            }
        )


def _end_turn(s: State, events: list[JSON]) -> None:
    last = _last_build(s)
    s.step = "bauen"
    s.turn += 1
    if last:
        _score_round(s, events)
        return
    _refill(s, 2 if s.players == 2 else 1, events)


# ----------------------------------------------------------------- scoring


def _score_round(s: State, events: list[JSON]) -> None:
    n = s.players
    board = scoring.round_board(
        castles=s.burgen,
        targets=[targets_of(s, p) for p in range(n)],
        sketches=list(s.skizze),  # type: ignore[arg-type]
        wimpel=[material(w) for w in s.wimpel],
        order=s.order,
        runde=s.runde,
    )
    for p in range(n):
        row = board["burgen"][p]
        s.rundenpunkte[p].append(row["summe"])
        if row["skizze_getroffen"]:
            nr = s.skizze[p]
            assert nr is not None
            if nr not in s.treffer[p]:
                s.treffer[p].append(nr)
        s.sp[p] += board["siegpunkte"][p]
    for sh in board["schaufeln"]:
        s.schaufeln[sh["seat"]].append(sh["schaufel"])
    for pr in board["preise"]:
        if pr["seat"] is not None:
            s.preise[pr["seat"]].append(pr["preis"])
    if solo(s):
        s.rekord.append(board["rekordpunkte"])
    s.wertungen.append(board)
    events.append({"type": "wertung", "seat": None, **said(_board_text(board)), "runde": s.runde})
    if s.runde >= ROUNDS:
        s.phase = "ende"
        events.append({"type": "ende", "seat": None, **said(tx("Die Partie ist zu Ende."))})
        return
    s.phase = "wertung"
    s.weiter = [False] * n


def _board_text(board: JSON) -> Text:
    if board["solo"]:
        prizes = [p["name"] for p in board["preise"] if p["seat"] == 0]
        got = ", ".join(prizes) if prizes else tx("keine Preise")
        return tx(
            "Wertung Runde %(n)s: %(points)s Burgpunkte, %(prizes)s.",
            n=board["runde"],
            points=board["burgen"][0]["summe"],
            prizes=got,
        )
    parts = [f"{r['platz']}. {scoring.seat_token(r['seat'])} ({r['punkte']})" for r in board["rangfolge"]]
    return tx("Wertung Runde %(n)s: %(ranking)s.", n=board["runde"], ranking=", ".join(parts))


def _after_board(s: State, events: list[JSON]) -> None:
    """Everyone pressed "weiter": the next round, started by the seat with the fewest points."""
    last_place = s.wertungen[-1]["rangfolge"][-1]["seat"]
    _start_round(s, events, last_place)


def result(state: State) -> JSON:
    s = state
    n = s.players
    level = s.options.get("bot_level")
    out: JSON = {
        "siegpunkte": list(s.sp),
        "schaufeln": [list(x) for x in s.schaufeln],
        "preise": [list(x) for x in s.preise],
        "rundenpunkte": [list(x) for x in s.rundenpunkte],
        "skizzen_getroffen": [sorted(x) for x in s.treffer],
        "computerstaerke": level,
        "faktor": BOT_FACTOR[level],
        "solo": solo(s),
    }
    if solo(s):
        total = sum(s.rekord)
        out.update({"points": [total], "places": [1], "rekordpunkte": total, "modus": s.options["modus"]})
        return out
    keys = [
        (
            s.sp[p],
            len(s.preise[p]),
            s.schaufeln[p].count("gold"),
            s.schaufeln[p].count("silber"),
            s.schaufeln[p].count("bronze"),
        )
        for p in range(n)
    ]
    out.update({"points": list(s.sp), "places": places(keys), "gleichstand": [list(k[1:]) for k in keys]})
    return out


PLACE_BONUS = {2: (50,), 3: (50, 25), 4: (50, 25, 10)}


def leaderboard_points(result: JSON, seat: int, players: int, seconds: float) -> int | None:
    """10 per Siegpunkt + place bonus, times the Computerstärke factor; None for Allein am Strand.

    The factor comes from ``result["computerstaerke"]`` (the option
    ``bot_level``: the table's strength when a computer played, a takeover
    included; ``None`` among humans only).
    """
    if result.get("solo") or players < 2:
        return None
    place = result["places"][seat]
    bonus = PLACE_BONUS.get(players, ())
    pts = 10 * result["siegpunkte"][seat] + (bonus[place - 1] if place <= len(bonus) else 0)
    return round(pts * BOT_FACTOR[computer_strength(result)])


def computer_strength(result: JSON) -> str | None:
    """The Computerstärke that sets the Bestenliste factor.

    The runtime records which seats a computer played at the end (``result["computers"]``: per
    seat its level or None, a takeover included); the table's strength is the level of those
    seats. Without that record the option ``bot_level`` (``result["computerstaerke"]``) counts.
    """
    if "computers" in result:
        levels = [level for level in result["computers"] if level]
        return max(levels, key=lambda level: BOT_FACTOR.get(level, 1.0)) if levels else None
    return result.get("computerstaerke")


def collection(results: list[tuple[JSON, int]], *, best_serie: int = 0) -> JSON:
    """The Skizzenbuch: every sketch a player once hit exactly, over their finished games.

    ``results``: (result, seat) of each finished game of the player ("17/24").
    """
    hit: set[int] = set()
    for res, seat in results:
        per_seat = (res or {}).get("skizzen_getroffen") or []
        if 0 <= seat < len(per_seat):
            hit.update(per_seat[seat])
    return {"name": N_("Skizzenbuch"), "text": f"{len(hit)}/{len(SKETCHES)}", "skizzen": sorted(hit)}


# -------------------------------------------------------------------- view


def sketch_info(nr: int) -> JSON:
    sk = SKETCHES[nr]
    return {"nr": nr, "name": sk.name, "reihen": list(sk.rows), "soll": list(sk.targets)}


def _visible(s: State, seat: int | None, other: int) -> bool:
    """May ``seat`` see ``other``'s castle and sketch now?"""
    return other == seat or offen(s) or s.phase in ("wertung", "ende")


def _player(s: State, seat: int | None, p: int) -> JSON:
    """What ``seat``'s view (None: a spectator's) shows of seat ``p``."""
    vis = _visible(s, seat, p) and not (s.phase == "skizze" and p != seat)
    chosen = s.skizze[p] is not None
    info: JSON = {
        "seat": p,
        "wuerfel": used(s, p),
        "skizze_gewaehlt": chosen if s.phase == "skizze" else True,
        "sp": s.sp[p],
        "schaufeln": list(s.schaufeln[p]),
        "preise": list(s.preise[p]),
        "rundenpunkte": list(s.rundenpunkte[p]),
        "weiter": s.weiter[p] if s.phase == "wertung" else None,
        "letzte": s.last[p],  # public-safe: behind the Windschutz it never names a field
        "burg": None,
        "verloren": None,
        "skizze": None,
        "punkte": None,
        "fortschritt": None,
        "skizze_moeglich": None,
    }
    if vis and chosen:
        castle, targets = s.burgen[p], targets_of(s, p)
        info.update(
            {
                "burg": plain.copy(castle),
                "verloren": plain.copy(s.verloren[p]),
                "skizze": sketch_info(s.skizze[p]),  # type: ignore[arg-type]
                "punkte": scoring.round_points(castle, targets),
                "fortschritt": [i["text"] for i in scoring.prize_progress(castle).values()],
                "skizze_moeglich": scoring.sketch_possible(castle, targets, len(s.verloren[p])),
            }
        )
    return info


def _pennants(s: State, spieler: list[JSON]) -> list[JSON]:
    return [
        {
            "id": w,
            "material": MATERIAL_KEYS[material(w)],
            # built dice of this material per seat, as far as the castles are visible
            "verbaut": [
                None if p["burg"] is None else sum(1 for st in p["burg"] for d in st if material(d[0]) == material(w))
                for p in spieler
            ],
        }
        for w in s.wimpel
    ]


def view(state: State, seat: int | None) -> JSON:
    s = state
    n = s.players
    spieler = [_player(s, seat, p) for p in range(n)]
    cur = current(s)
    v: JSON = {
        "slug": SLUG,
        "seat": seat,
        "phase": s.phase,
        "players": n,
        "solo": solo(s),
        "modus": s.options.get("modus"),
        "bauen": s.options["bauen"],
        "skizzenwahl": s.options["skizzenwahl"],
        "runde": s.runde,
        "runden": ROUNDS,
        "to_move": to_move(s),
        "am_zug": cur,
        "schritt": s.step if cur is not None else None,
        "reihenfolge": list(s.order),
        "zug": s.turn,
        "zuege": builds_total(s),
        "startspieler_runde1": s.start1,
        "eroeffnung": plain.copy(s.eroeffnung),
        "wimpel": _pennants(s, spieler),
        "auslage": plain.copy(s.auslage),
        "abgelegt": plain.copy(s.abgelegt),
        "beutel": len(s.bag),
        "spieler": spieler,
        "angebot": [sketch_info(nr) for nr in s.angebot[seat]] if seat is not None and s.phase == "skizze" else None,
        "plaetze": None,
        "wertung": plain.copy(s.wertungen[-1]) if s.phase in ("wertung", "ende") and s.wertungen else None,
        "wertungen": plain.copy(s.wertungen) if s.phase == "ende" else None,
        "materialien": [
            {"key": MATERIAL_KEYS[m], "name": MATERIAL_NAMES[m], "regel": MATERIAL_RULES[m]} for m in range(4)
        ],
        "preisnamen": dict(PRIZE_NAMES),
        "rekord": list(s.rekord),  # solo: Rekordpunkte per scored round
        "result": result(s) if s.phase == "ende" else None,
    }
    _for_seat(s, v, seat)
    return v


def _for_seat(s: State, v: JSON, seat: int | None) -> None:
    """What only the seat to move sees in its view: where each die fits, the discard hint."""
    if seat is not None and current(s) == seat and s.step == "bauen":
        castle, targets = s.burgen[seat], targets_of(s, seat)
        v["plaetze"] = {str(d[0]): scoring.fields_for(castle, targets, d[1]) for d in s.auslage}
    v["ablegen_hinweis"] = preview.discard_hint(v) if seat is not None else None


def seat_view(spectator: JSON, state: State, seat: int) -> JSON:
    """``view(state, seat)`` from ``view(state, None)``: a seat sees the others as a spectator does, so only
    its own entry (its castle and sketch behind the Windschutz), the pennant counts that include it, its
    sketch offer, where its dice fit and its discard hint differ. Shares the spectator view's values
    (nobody changes a view)."""
    s = state
    spieler = list(spectator["spieler"])
    spieler[seat] = _player(s, seat, seat)
    v = {
        **spectator,
        "seat": seat,
        "wimpel": _pennants(s, spieler),
        "spieler": spieler,
        "angebot": [sketch_info(nr) for nr in s.angebot[seat]] if s.phase == "skizze" else None,
    }
    _for_seat(s, v, seat)
    return v
