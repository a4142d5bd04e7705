"""Speedrocket rules engine (pure, deterministic, no Django).

Every rule lives in ``RULES.md`` next to this file. Chips are strings such as
``"G2"`` (see ``content``); laying a chip is in ``rocket.lay``. Phases:
``stopfen`` (all seats at once), ``vorstellung`` (four steps, each confirmed
by every seat with ``weiter``), ``handel`` (all seats at once), ``ende``.

Randomness: ``draw_rng(seed, 0)`` sets the game up; the seat's own draws
(Stopfen, Vorschau, Aussortieren) use ``draw_rng(seed, SEAT_BASE + seat *
SEAT_STRIDE + that seat's counter)``, so the order in which seats act never
changes a draw; the Tagespreis die uses the shared counter ``State.draws``,
which only moves when a phase ends (the same whatever the order before it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from itertools import combinations
from typing import Any

from games.core import plain
from games.core.places import places
from games.core.protocol import IllegalAction
from games.core.rng import draw_rng
from games.core.text import N_, Text, and_list, join, ntx, said, tx

from .content import (
    BASE_LIMIT,
    CRYSTALS_PER_RUHM,
    CRYSTALS_PER_TRADE,
    EVENINGS,
    EVENINGS_SHORT,
    EXTRA_WHITE_EVENING,
    EXTRA_WHITE_EVENING_SHORT,
    LAST_CHIP_FIELD,
    MARK_PER_RUHM,
    NOT_FIRST,
    PRICES,
    PROBE_LIMIT,
    RECIPE_COLOURS,
    RECIPES,
    RUHM,
    SHEET_LIMITS,
    SHEETS,
    SOLO_DECK,
    STANDARD_RECIPES,
    START_BAG,
    START_CRYSTALS,
    STYLES,
    TABLE_DECK,
    WARES,
    chip_say,
    chip_value,
    count,
    solo_target,
)
from .meisterbrief import LEVELS, goal_status, stars
from .meisterbrief import level as meister_level
from .rocket import Seat, counted_white, lay, to_bag, would_ignite
from .scoring import (
    gain,
    kristallfeld,
    needs_choice,
    prize,
    ruhm_step,
    shop_mark,
    wertung,
)
from .state import State, ctx, last_evening, sheet
from .werkstattbuch import collection  # noqa: F401 - the registry's optional hook (Meine Partien)

SLUG = "rocket"
NAME = "Speedrocket"
MIN_PLAYERS = 1
MAX_PLAYERS = 4
JSON = dict[str, Any]

SEAT_BASE = 10_000_000
SEAT_STRIDE = 1_000_000
REZEPT_MODES = ("standard", "zufall", "gastgeber")
STEPS = (N_("Tagespreis"), N_("Wertung"), N_("Kristallfeld"), N_("Ruhm"))


# ----------------------------------------------------------------- options


def default_options() -> JSON:
    return {"kurz": False, "rezepte": "standard"}


def clean_options(options: JSON, players: int) -> JSON:
    options = dict(options or {})
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(N_("Speedrocket spielt man mit einer bis vier Manufakturen."))
    kurz = options.get("kurz", False)
    if not isinstance(kurz, bool):
        raise IllegalAction(N_("Wähle eine lange oder eine kurze Partie."))
    mode = options.get("rezepte", "standard")
    if mode not in REZEPT_MODES:
        raise IllegalAction(N_("Diese Rezeptur-Auswahl gibt es nicht."))
    out: JSON = {"kurz": kurz, "rezepte": mode}
    taeglich = options.get("taeglich", False)
    if not isinstance(taeglich, bool) or (taeglich and players != 1):
        raise IllegalAction(N_("Das Tagesrätsel spielt man allein."))
    if taeglich:
        out["taeglich"] = True
    stufe = options.get("stufe")
    if stufe is not None:
        if not isinstance(stufe, int) or isinstance(stufe, bool) or not 1 <= stufe <= len(LEVELS):
            raise IllegalAction(N_("Diese Meisterbrief-Stufe gibt es nicht."))
        if players != 1 or taeglich:
            raise IllegalAction(N_("Den Meisterbrief machst du allein."))
        out["stufe"] = stufe
    if mode == "gastgeber":
        chosen = options.get("auswahl")
        if not isinstance(chosen, dict) or set(chosen) != set(RECIPE_COLOURS):
            raise IllegalAction(N_("Wähle für jede Farbe eine Rezeptur."))
        for c in RECIPE_COLOURS:
            if chosen[c] not in (1, 2, 3, 4):
                raise IllegalAction(N_("Jede Farbe hat die Rezepturen 1 bis 4."))
        out["auswahl"] = {c: chosen[c] for c in RECIPE_COLOURS}
    return out


# ----------------------------------------------------------------- setup


def new_game(*, seed: int, players: int, options: JSON) -> State:
    opts = clean_options(options, players)
    rng = draw_rng(seed, 0)
    solo = players == 1
    abende = EVENINGS_SHORT if opts["kurz"] else EVENINGS
    stufe = opts.get("stufe")
    start_bag = START_BAG
    if stufe is not None:  # the level fixes recipes, evenings and the start bag
        lvl = meister_level(stufe)
        abende, start_bag, rezepte = lvl.abende, lvl.beutel, dict(lvl.rezepte)
    elif opts["rezepte"] == "zufall":
        rezepte = {c: rng.randint(1, 4) for c in RECIPE_COLOURS}
    elif opts["rezepte"] == "gastgeber":
        rezepte = dict(opts["auswahl"])
    else:
        rezepte = dict(STANDARD_RECIPES)
    deck = list(SOLO_DECK if solo else TABLE_DECK)
    rng.shuffle(deck)
    if deck[0] == NOT_FIRST:  # "Hilfe für die Letzten" never on evening 1
        deck[0], deck[-1] = deck[-1], deck[0]
    blaetter = deck[:abende]
    seats = [
        Seat(beutel=sorted(start_bag), kristalle=START_CRYSTALS, stil=STYLES[rng.randrange(len(STYLES))])
        for _ in range(players)
    ]
    s = State(
        seed=seed,
        players=players,
        abende=abende,
        solo=solo,
        taeglich=opts.get("taeglich", False),
        stufe=stufe,
        rezepte=rezepte,
        blaetter=blaetter,
        abend=0,
        phase="stopfen",
        schritt=0,
        draws=1,
        seats=seats,
        vorstellung=[],
        hoehen=[],
        ruhm_abende=[],
        abrechnung=None,
        kristalle_ende=None,
    )
    _start_evening(s, None)
    return s


def dump(state: State) -> JSON:
    out = {f.name: getattr(state, f.name) for f in fields(State) if f.name != "seats"}
    out["seats"] = [dict(p.__dict__) for p in state.seats]
    return plain.copy(out)


def load(data: JSON) -> State:
    d = plain.copy(data)
    seats = [Seat(**p) for p in d["seats"]]
    return State(**{f.name: (seats if f.name == "seats" else d[f.name]) for f in fields(State)})


def _ev(events: list | None, type_: str, seat: int | None, text: Text, **extra: Any) -> None:
    """An event; ``text`` (games.core.text) is kept German as ``text`` and translatable as ``msg``."""
    if events is not None:
        events.append({"type": type_, "seat": seat, **said(text), **extra})


def _seat_rng(s: State, seat: int):
    p = s.seats[seat]
    rng = draw_rng(s.seed, SEAT_BASE + seat * SEAT_STRIDE + p.zuege)
    p.zuege += 1
    return rng


def _take(s: State, seat: int, k: int) -> list[str]:
    """Draw ``k`` chips blind from the seat's bag (fewer if it runs out)."""
    p = s.seats[seat]
    rng = _seat_rng(s, seat)
    out = []
    for _ in range(min(k, len(p.beutel))):
        out.append(p.beutel.pop(rng.randrange(len(p.beutel))))
    return out


def _remove_from_bag(p: Seat, chip: str) -> bool:
    if chip in p.beutel:
        p.beutel.remove(chip)
        return True
    return False


def base_limit(s: State) -> int:
    """The evening's Zündgrenze before Puffer: 7, the Probeabend 8, a sheet's number replaces it."""
    b = sheet(s)
    if b in SHEET_LIMITS:
        return SHEET_LIMITS[b]
    lim = PROBE_LIMIT if s.abend == 1 else BASE_LIMIT
    if b == "waghalsig":
        lim += 1
    return lim


def lehrbuben(s: State, seat: int) -> int:
    """Fields the Lehrbuben stuff ahead this evening: 1 per full 3 Ruhm behind the leader."""
    if s.solo or sheet(s) == "streik":
        return 0
    lead = max(p.ruhm for p in s.seats)
    n = (lead - s.seats[seat].ruhm) // 3
    return 2 * n if sheet(s) == "eifer" else n


def _start_evening(s: State, events: list | None) -> None:
    s.abend += 1
    s.phase = "stopfen"
    s.schritt = 0
    s.vorstellung = []
    b = sheet(s)
    sh = SHEETS[b]
    _ev(
        events,
        "abend",
        None,
        tx(
            "Abend %(n)s von %(of)s. Extrablatt: %(sheet)s – %(text)s",
            n=s.abend,
            of=s.abende,
            sheet=sh.name,
            text=tx(sh.text),
        ),
        abend=s.abend,
    )
    # 1. Extrablatt
    if b == "paris":
        for p in s.seats:
            p.kristalle += 1
        _ev(events, "blatt", None, tx("Messegäste aus Paris: jeder bekommt 1 Kristall."))
    elif b == "freier_eimer":
        for p in s.seats:
            p.eimer = True
        _ev(events, "blatt", None, tx("Freier Sandeimer: jeder Eimer ist gefüllt."))
    elif b == "sachsen":
        for i, p in enumerate(s.seats):
            to_bag(p, ["O1"])
            _ev(events, "beutel", i, tx("bekommt ein Kalkorange aus Sachsen für immer."), beutel=1)
    elif b == "hilfe":
        lowest = min(p.ruhm for p in s.seats)
        if all(p.ruhm == lowest for p in s.seats):
            _ev(events, "blatt", None, tx("Hilfe für die Letzten gilt nicht: alle haben gleich viel Ruhm."))
        else:
            for i, p in enumerate(s.seats):
                if p.ruhm == lowest:
                    if _remove_from_bag(p, "W1"):
                        _ev(events, "beutel", i, tx("gibt als Letzter ein Blitzpulver 1 für immer ab."), beutel=-1)
                    else:
                        _ev(events, "blatt", i, tx("hat kein Blitzpulver 1 mehr zum Abgeben."))
    # 2. Lehrbuben, the extra Blitzpulver 1
    white_evening = EXTRA_WHITE_EVENING_SHORT if s.abende == EVENINGS_SHORT else EXTRA_WHITE_EVENING
    helpers = [lehrbuben(s, i) for i in range(s.players)]
    limit = base_limit(s)
    for i, p in enumerate(s.seats):
        if s.abend == white_evening:
            to_bag(p, ["W1"])
            _ev(events, "beutel", i, tx("bekommt ein Blitzpulver 1 dazu."), beutel=1)
        if helpers[i]:
            _ev(
                events,
                "lehrbuben",
                i,
                tx("bekommt Hilfe: Lehrbuben stopfen %(fields)s vor.", fields=count(helpers[i], "Feld")),
            )
        p.chips, p.felder, p.zaehl, p.beiseite = [], [], [], []
        p.lehrbuben = helpers[i]
        p.start = min(LAST_CHIP_FIELD, p.vorladung + helpers[i] + (2 if b == "eilig" else 0))
        p.summe, p.grenze, p.treib, p.schwung = 0, limit, 0, 0
        p.funken = p.fertig = p.fehl = p.vorsorge = p.weiter = False
        p.offen = None
        p.mark, p.wahl, p.gekauft, p.handel_fertig, p.haendler = 0, None, [], False, False


# -------------------------------------------------------------- turn flow


def to_move(state: State) -> list[int]:
    s = state
    if s.phase == "stopfen":
        return [i for i, p in enumerate(s.seats) if not p.fertig]
    if s.phase == "vorstellung":
        return [i for i, p in enumerate(s.seats) if not p.weiter]
    if s.phase == "handel":
        return [i for i, p in enumerate(s.seats) if not p.handel_fertig]
    return []


def is_over(state: State) -> bool:
    return state.phase == "ende"


def sand_allowed(s: State, p: Seat) -> bool:
    return p.eimer and sheet(s) != "sandknapp"


def price(s: State, ware: str) -> int:
    base = PRICES[ware]
    return max(1, base - 2) if sheet(s) == "stadtrat" else base


def vorladung_cost(s: State, p: Seat) -> int:
    if sheet(s) == "kristallhaendler" and not p.haendler:
        return 1
    return CRYSTALS_PER_TRADE


def _baskets(s: State, mark: int) -> list[list[str]]:
    """Every purchase: none, one ware, or two wares of different colours, within ``mark``."""
    afford = [w for w in WARES if price(s, w) <= mark]
    out: list[list[str]] = [[]]
    out += [[w] for w in afford]
    for a, b in combinations(afford, 2):
        if a[0] != b[0] and price(s, a) + price(s, b) <= mark:
            out.append([a, b])
    return out


def legal_actions(state: State, seat: int) -> list[JSON]:
    s = state
    if not isinstance(seat, int) or not 0 <= seat < s.players or seat not in to_move(s):
        return []
    p = s.seats[seat]
    if s.phase == "stopfen":
        if p.offen is not None:
            if p.offen["art"] == "sand":
                return [{"type": "sand"}, {"type": "zuenden"}]
            return [{"type": "vorschau", "wahl": i} for i in range(len(p.offen["chips"]))] + [
                {"type": "vorschau", "wahl": None}
            ]
        out: list[JSON] = []
        if p.beutel:
            out.append({"type": "ziehen"})
        if p.vorsorge and sand_allowed(s, p):
            out.append({"type": "sand"})
        out.append({"type": "aufhoeren"})
        return out
    if s.phase == "vorstellung":
        return [{"type": "weiter"}]
    # handel
    if needs_choice(s, seat) and p.wahl is None:
        return [{"type": "fehlzuendung", "wahl": "ruhm"}, {"type": "fehlzuendung", "wahl": "einkauf"}]
    out = []
    if p.kristalle >= vorladung_cost(s, p) and p.vorladung < LAST_CHIP_FIELD:
        out.append({"type": "vorladung"})
    if not p.eimer and p.kristalle >= CRYSTALS_PER_TRADE:
        out.append({"type": "sandeimer"})
    mark = p.mark if p.wahl != "ruhm" else 0
    out += [{"type": "einkaufen", "chips": b} for b in _baskets(s, mark)]
    return out


def timeout_actions(state: State, seat: int) -> list[JSON]:
    """After the clock: stop drawing (a pending misfire gets sand, a Vorschau none); buy by
    recommendation (the computer picks among the purchases, no crystal trades)."""
    legal = legal_actions(state, seat)
    if state.phase == "stopfen":
        for a in ({"type": "sand"}, {"type": "vorschau", "wahl": None}):
            if a in legal and state.seats[seat].offen is not None:
                return [a]
        return [{"type": "aufhoeren"}] if {"type": "aufhoeren"} in legal else legal
    if state.phase == "handel":
        return [a for a in legal if a["type"] in ("fehlzuendung", "einkaufen")]
    return legal


def decision_key(state: State, seat: int) -> list[Any]:
    """One decision of a seat (its clock runs for all of it): the whole Stopfen of an evening,
    one step of the Vorstellung, the whole Pulverhandlung (RT "Zug-Uhr: gilt fürs Stopfen und
    für die Pulverhandlung")."""
    return [state.abend, state.phase, state.schritt]


def decision_seconds(state: State, table_seconds: int | None) -> int | None:
    """The Zug-Uhr counts for Stopfen and Pulverhandlung; a Vorstellung step waits 20 s at most."""
    if table_seconds is None:
        return None
    return min(20, table_seconds) if state.phase == "vorstellung" else table_seconds


def apply(state: State, seat: int, action: JSON) -> tuple[State, list[JSON]]:
    if state.phase == "ende":
        raise IllegalAction(N_("Die Partie ist vorbei."))
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction(N_("Diesen Platz gibt es nicht."))
    if seat not in to_move(state):
        raise IllegalAction(N_("Du bist gerade nicht dran – warte auf die anderen."))
    if not isinstance(action, dict) or "type" not in action:
        raise IllegalAction(N_("Unbekannter Zug."))
    legal = legal_actions(state, seat)
    if action not in legal:
        raise IllegalAction(_why_not(state, seat, action))
    s = state.copy()
    events: list[JSON] = []
    step(s, seat, action, events)
    return s, events


def _why_not(s: State, seat: int, action: JSON) -> Text:
    t = action.get("type")
    p = s.seats[seat]
    if s.phase == "stopfen":
        if p.offen is not None:
            if p.offen["art"] == "sand":
                return N_("Entscheide zuerst: Sand drauf oder zünden lassen?")
            return N_("Entscheide zuerst: welchen Chip aus der Vorschau?")
        if t == "ziehen":
            return N_("Dein Beutel ist leer.") if not p.beutel else N_("Dieser Zug ist nicht erlaubt.")
        if t == "sand":
            return N_("Jetzt kannst du keinen Sand draufgeben.")
        return N_("Das geht beim Stopfen nicht.")
    if s.phase == "vorstellung":
        return N_("In der Abendvorstellung drückst du nur Weiter.")
    if t == "einkaufen":
        return N_("Diesen Einkauf kannst du nicht bezahlen (höchstens zwei Chips in verschiedenen Farben).")
    if t in ("vorladung", "sandeimer"):
        return N_("Dafür hast du nicht genug Kristalle.")
    if needs_choice(s, seat) and p.wahl is None:
        return N_("Wähle zuerst: Ruhm nehmen oder einkaufen.")
    return N_("Das geht in der Pulverhandlung nicht.")


def step(s: State, seat: int, action: JSON, events: list | None) -> None:
    """Perform a legal action in place."""
    if s.phase == "stopfen":
        _stopfen(s, seat, action, events)
        if all(p.fertig for p in s.seats):
            _start_vorstellung(s, events)
    elif s.phase == "vorstellung":
        s.seats[seat].weiter = True
        if all(p.weiter for p in s.seats):
            _next_step(s, events)
    else:
        _handel(s, seat, action, events)
        if all(p.handel_fertig for p in s.seats):
            _end_evening(s, events)


# ------------------------------------------------------------------ Stopfen


def _stopfen(s: State, seat: int, action: JSON, events: list | None) -> None:
    p = s.seats[seat]
    t = action["type"]
    c = ctx(s)
    if t == "aufhoeren":
        p.fertig = True
        p.vorsorge = False
        _ev(events, "aufhoeren", seat, tx("hört auf: Wertungsfeld %(n)s.", n=p.wertungsfeld()), feld=p.wertungsfeld())
        return
    if t == "ziehen":
        p.vorsorge = False
        chip = _take(s, seat, 1)[0]
        place_chip(s, seat, chip, events)
        return
    if t == "sand":
        p.eimer = False
        if p.offen is not None:  # rescue: the igniting Blitzpulver goes back, not laid
            chip = p.offen["chip"]
            p.offen = None
            to_bag(p, [chip])
            _ev(
                events,
                "sand",
                seat,
                tx("schüttet Sand drauf: %(chip)s zurück in den Beutel.", chip=chip_say(chip)),
                chip=chip,
            )
        else:  # precaution: the harmless Blitzpulver just laid goes back
            chip = p.chips.pop()
            p.felder.pop()
            p.summe -= p.zaehl.pop()
            p.vorsorge = False
            to_bag(p, [chip])
            _ev(
                events,
                "sand",
                seat,
                tx("schüttet vorsorglich Sand drauf: %(chip)s zurück in den Beutel.", chip=chip_say(chip)),
                chip=chip,
            )
        return
    if t == "zuenden":
        chip, z = p.offen["chip"], p.offen["zaehl"]
        p.offen = None
        lay(p, chip, c, zaehl=z)
        _misfire(p, seat, chip, events)
        return
    # vorschau
    chips = p.offen["chips"]
    p.offen = None
    i = action["wahl"]
    chosen = chips.pop(i) if i is not None else None
    to_bag(p, chips)
    if chosen is None:
        _ev(events, "vorschau", seat, tx("legt aus der Vorschau keinen Chip."))
        return
    _ev(events, "vorschau", seat, tx("legt aus der Vorschau %(chip)s.", chip=chip_say(chosen)), chip=chosen)
    place_chip(s, seat, chosen, events)


def _misfire(p: Seat, seat: int, chip: str, events: list | None) -> None:
    p.fehl = True
    p.fertig = True
    p.vorsorge = False
    _ev(
        events,
        "fehlzuendung",
        seat,
        tx("%(chip)s bringt den Zündmesser auf %(n)s – Fehlzündung in der Werkstatt!", chip=chip_say(chip), n=p.summe),
        chip=chip,
        feld=p.wertungsfeld(),
    )


def place_chip(s: State, seat: int, chip: str, events: list | None) -> None:
    """A chip comes out of the bag (drawn or chosen): ignition check, then lay it."""
    p = s.seats[seat]
    c = ctx(s)
    if chip[0] == "W":
        z = counted_white(p, chip, c)
        if p.summe + z > p.grenze:
            if sand_allowed(s, p):
                p.offen = {"art": "sand", "chip": chip, "zaehl": z}
                p.funken = True
                _ev(events, "sandfrage", seat, tx("zieht %(chip)s – Sand drauf?", chip=chip_say(chip)), chip=chip)
                return
            lay(p, chip, c, zaehl=z)
            _misfire(p, seat, chip, events)
            return
        _, notes = lay(p, chip, c, zaehl=z)
        p.vorsorge = sand_allowed(s, p)
        field = p.felder[-1]
        if notes:  # a Treibsatz pushed it
            if z == 0:
                notes.insert(0, tx("Funkenflug: zählt nicht"))
            text = tx(
                "zieht %(chip)s: Feld %(field)s (%(notes)s), Zündmesser %(sum)s/%(limit)s.",
                chip=chip_say(chip),
                field=field,
                notes=join(", ", notes),
                sum=p.summe,
                limit=p.grenze,
            )
        else:
            template = (
                N_("zieht %(chip)s (Funkenflug: zählt nicht): Feld %(field)s, Zündmesser %(sum)s/%(limit)s.")
                if z == 0
                else N_("zieht %(chip)s: Feld %(field)s, Zündmesser %(sum)s/%(limit)s.")
            )
            text = tx(template, chip=chip_say(chip), field=field, sum=p.summe, limit=p.grenze)
        _ev(events, "zug", seat, text, chip=chip, feld=field)
        return
    follow, notes = lay(p, chip, c)
    if notes:
        text = tx(
            "legt %(chip)s: Feld %(field)s (%(notes)s).",
            chip=chip_say(chip),
            field=p.felder[-1],
            notes=join(", ", notes),
        )
    else:
        text = tx("legt %(chip)s: Feld %(field)s.", chip=chip_say(chip), field=p.felder[-1])
    _ev(events, "zug", seat, text, chip=chip, feld=p.felder[-1])
    value = chip_value(chip)
    if follow == "vorschau":
        drawn = _take(s, seat, value + 1)
        if drawn:
            p.offen = {"art": "vorschau", "chips": drawn}
            _ev(events, "vorschau", seat, tx("Vorschau: sieht %(chips)s an.", chips=count(len(drawn), "Chip")))
    elif follow == "aussortieren":
        seen = _take(s, seat, value)
        whites = sorted((x for x in seen if x[0] == "W"), key=chip_value)
        if whites:
            aside = whites[-1]
            seen.remove(aside)
            p.beiseite.append(aside)
            _ev(events, "aussortieren", seat, tx("sortiert %(chip)s für heute aus.", chip=chip_say(aside)), chip=aside)
        else:
            _ev(
                events,
                "aussortieren",
                seat,
                tx("sieht %(chips)s an: kein Blitzpulver dabei.", chips=count(len(seen), "Chip")),
            )
        to_bag(p, seen)


# --------------------------------------------------------- Abendvorstellung


def _start_vorstellung(s: State, events: list | None) -> None:
    s.phase = "vorstellung"
    s.schritt = 0
    s.hoehen.append([{"feld": p.wertungsfeld(), "fehl": p.fehl} for p in s.seats])
    _ev(events, "vorstellung", None, tx("Die Abendvorstellung beginnt."))
    _next_step(s, events)


def _next_step(s: State, events: list | None) -> None:
    for p in s.seats:
        p.weiter = False
    if s.schritt == 4:
        if last_evening(s):
            _settle(s, events)
        else:
            _start_handel(s, events)
        return
    s.schritt += 1
    done = [prize, wertung, kristallfeld, ruhm_step][s.schritt - 1](s)
    s.vorstellung.append(done)
    for item in done:
        extra = {k: v for k, v in item.items() if k not in ("seat", "text", "msg")}
        _ev(events, "wertung", item["seat"], item.get("msg") or item["text"], schritt=s.schritt, **extra)
    if not done:
        _ev(events, "wertung", None, tx("%(step)s: nichts.", step=tx(STEPS[s.schritt - 1])), schritt=s.schritt)


# ---------------------------------------------------------- Pulverhandlung


def _start_handel(s: State, events: list | None) -> None:
    s.phase = "handel"
    for i, p in enumerate(s.seats):
        p.wahl = None
        p.mark = shop_mark(s, i)
        p.gekauft = []
        p.handel_fertig = False
    _ev(events, "handel", None, tx("Die Pulverhandlung öffnet."))


def _handel(s: State, seat: int, action: JSON, events: list | None) -> None:
    p = s.seats[seat]
    t = action["type"]
    if t == "fehlzuendung":
        p.wahl = action["wahl"]
        if p.wahl == "ruhm":
            r = RUHM[p.wertungsfeld()]
            gain(p, ruhm=r)
            p.mark = 0
            _ev(events, "wahl", seat, tx("nimmt nach der Fehlzündung %(n)s Ruhm statt einzukaufen.", n=r), ruhm=r)
        else:
            _ev(events, "wahl", seat, tx("kauft nach der Fehlzündung ein (%(n)s Mark).", n=p.mark))
    elif t == "vorladung":
        cost = vorladung_cost(s, p)
        if cost == 1:
            p.haendler = True
        p.kristalle -= cost
        p.vorladung += 1
        _ev(
            events,
            "tausch",
            seat,
            tx("tauscht %(crystals)s: Vorladung auf Feld %(n)s.", crystals=count(cost, "Kristall"), n=p.vorladung),
        )
    elif t == "sandeimer":
        p.kristalle -= CRYSTALS_PER_TRADE
        p.eimer = True
        _ev(events, "tausch", seat, tx("füllt den Sandeimer für 2 Kristalle."))
    else:
        p.gekauft = list(action["chips"])
        p.handel_fertig = True
        if p.gekauft:
            cost = sum(price(s, w) for w in p.gekauft)
            _ev(
                events,
                "kauf",
                seat,
                tx("kauft %(chips)s für %(n)s Mark.", chips=and_list([chip_say(w) for w in p.gekauft]), n=cost),
                beutel=len(p.gekauft),
                chips=p.gekauft[:],
            )
        else:
            _ev(events, "kauf", seat, tx("kauft nichts."), beutel=0, chips=[])


def _end_evening(s: State, events: list | None) -> None:
    s.ruhm_abende.append([p.ruhm for p in s.seats])
    for p in s.seats:
        back = p.chips + p.beiseite + p.gekauft
        for _ in range(p.entsorgt):
            back.remove("W1")
        p.entsorgt = 0
        to_bag(p, back)
        p.chips, p.felder, p.zaehl, p.beiseite, p.gekauft = [], [], [], [], []
    _start_evening(s, events)


# -------------------------------------------------------------- settlement


def _settle(s: State, events: list | None) -> None:
    s.kristalle_ende = [p.kristalle for p in s.seats]
    rows = []
    for i, p in enumerate(s.seats):
        mark = shop_mark(s, i)
        from_mark = mark // MARK_PER_RUHM
        field_ruhm = 0
        if needs_choice(s, i):
            field_ruhm = RUHM[p.wertungsfeld()]
            best = max(field_ruhm, from_mark)
            took = "Wertungsfeld" if field_ruhm >= from_mark else "Mark"
            gain(p, ruhm=best)
            from_mark_used = 0 if took == "Wertungsfeld" else from_mark
            field_used = best if took == "Wertungsfeld" else 0
        else:
            from_mark_used, field_used = from_mark, 0
            gain(p, ruhm=from_mark)
        from_crystals = p.kristalle // CRYSTALS_PER_RUHM
        gain(p, ruhm=from_crystals)
        rows.append(
            {
                "seat": i,
                "mark": mark,
                "ruhm_mark": from_mark_used,
                "ruhm_feld": field_used,
                "ruhm_kristalle": from_crystals,
                "ruhm": p.ruhm,
            }
        )
        # A part with nothing to count (0 Mark, 0 crystals) is left out; the Mark stay if nothing else is said.
        parts = []
        if field_used:
            parts.append(tx("nach der Fehlzündung %(n)s Ruhm vom Wertungsfeld (besser als die Mark)", n=field_used))
        if s.kristalle_ende[i]:
            parts.append(
                ntx(
                    "%(ruhm)s Ruhm aus %(n)s Kristall",
                    "%(ruhm)s Ruhm aus %(n)s Kristallen",
                    s.kristalle_ende[i],
                    ruhm=from_crystals,
                )
            )
        if from_mark_used or (not field_used and (mark or not parts)):
            parts.insert(0, tx("%(n)s Ruhm aus %(mark)s Mark", n=from_mark_used, mark=mark))
        _ev(
            events,
            "abrechnung",
            i,
            tx("Abrechnung: %(parts)s – zusammen %(n)s Ruhm.", parts=join(", ", parts), n=p.ruhm),
        )
    s.abrechnung = rows
    s.ruhm_abende.append([p.ruhm for p in s.seats])
    s.phase = "ende"
    _ev(events, "ende", None, tx("Die Herbstmesse ist vorbei."))


def tiebreak(s: State, seat: int) -> tuple[int, int]:
    """Higher rocket of the last evening, then more crystals."""
    last = s.hoehen[-1][seat]["feld"] if s.hoehen else 0
    crystals = (s.kristalle_ende or [p.kristalle for p in s.seats])[seat]
    return last, crystals


def result(state: State) -> JSON:
    s = state
    points = [p.ruhm for p in s.seats]
    keys = [(points[i], *tiebreak(s, i)) for i in range(s.players)]
    return {
        "points": points,
        "places": places(keys),
        "tiebreak": [list(k[1:]) for k in keys],
        "abrechnung": s.abrechnung,
        "hoehen": [[h[i]["feld"] for h in s.hoehen] for i in range(s.players)],
        "fehlzuendungen": [sum(1 for h in s.hoehen if h[i]["fehl"]) for i in range(s.players)],
        "ruhm_abende": [[r[i] for r in s.ruhm_abende] for i in range(s.players)],
        "fehl_abende": [[bool(h[i]["fehl"]) for h in s.hoehen] for i in range(s.players)],
        "beutel_farben": [dict(Counter(chip[0] for chip in p.beutel)) for p in s.seats],
        "meister": meister(s),
    }


def meister(s: State) -> JSON | None:
    """A Meisterbrief game: the level, its goals with their standing, the stars (at the end)."""
    if s.stufe is None:
        return None
    lvl = meister_level(s.stufe)
    p = s.seats[0]
    over = s.phase == "ende"
    crystals = s.kristalle_ende[0] if s.kristalle_ende else p.kristalle
    hoehen = [h[0] for h in s.hoehen]
    ziele = [
        goal_status(g, ruhm=p.ruhm, kristalle=crystals, preise=p.preise, hoehen=hoehen, over=over) for g in lvl.goals
    ]
    return {
        "stufe": lvl.number,
        "name": lvl.name,
        "ziele": ziele,
        "sterne": stars(ziele) if over else None,
        "bestanden": bool(over and ziele[0]["erfuellt"]),
    }


def leaderboard_points(result: JSON, seat: int, players: int, seconds: float) -> int | None:
    """Ruhm + place bonus (1st 30, 2nd 15 from three players, 3rd 5 at four); solo lists are separate."""
    if players < 2:
        return None
    bonus = {2: (30,), 3: (30, 15), 4: (30, 15, 5)}[players]
    place = result["places"][seat]
    return max(0, int(result["points"][seat])) + (bonus[place - 1] if place <= len(bonus) else 0)


# -------------------------------------------------------------------- view


def danger(s: State, seat: int) -> JSON:
    """The Zündmesser's bar: how many bag chips are safe / harmless Blitzpulver / igniting."""
    p = s.seats[seat]
    c = ctx(s)
    green = yellow = red = 0
    for chip in p.beutel:
        if chip[0] != "W":
            green += 1
        elif would_ignite(p, chip, c):
            red += 1
        else:
            yellow += 1
    total = green + yellow + red
    return {
        "gruen": green,
        "gelb": yellow,
        "rot": red,
        "prozent": round(100 * red / total) if total else 0,
        "vertraegt": p.grenze - p.summe,
    }


def recipe_info(s: State) -> list[JSON]:
    out = []
    for colour in RECIPE_COLOURS:
        r = RECIPES[(colour, s.rezepte[colour])]
        out.append({"farbe": colour, "nummer": r.number, "name": r.name, "art": r.kind, "text": r.text})
    return out


def _player(s: State, i: int, own: bool) -> JSON:
    """What the view shows of seat ``i``: to itself (``own``) or to anybody else."""
    p = s.seats[i]
    shop_open = s.phase == "handel"
    hidden_chips = p.offen["chips"] if (p.offen is not None and p.offen["art"] == "vorschau") else []
    beutel = p.beutel[:] if own else sorted(p.beutel + hidden_chips)
    offen = None
    if p.offen is not None:
        if p.offen["art"] == "sand":
            offen = dict(p.offen)
        elif own:
            offen = {"art": "vorschau", "chips": p.offen["chips"][:]}
        else:
            offen = {"art": "vorschau", "anzahl": len(p.offen["chips"])}
    info: JSON = {
        "seat": i,
        "stil": p.stil,
        "ruhm": p.ruhm,
        "kristalle": p.kristalle,
        "vorladung": p.vorladung,
        "eimer": p.eimer,
        "beutel": beutel,
        "huelse": [{"chip": c, "feld": f, "zaehlt": z} for c, f, z in zip(p.chips, p.felder, p.zaehl, strict=True)],
        "start": p.start,
        "lehrbuben": p.lehrbuben,
        "zuendmesser": p.summe,
        "grenze": p.grenze,
        "treibsatz": p.treib,
        "schwung": p.schwung,
        "funken": p.funken,
        "beiseite": p.beiseite[:],
        "entsorgt": p.entsorgt,
        "fertig": p.fertig,
        "fehlzuendung": p.fehl,
        "offen": offen,
        "vorsorge": p.vorsorge and sand_allowed(s, p),
        "wertungsfeld": p.wertungsfeld(),
        "weiter": p.weiter,
        "mark": p.mark if (shop_open or s.phase == "ende") else None,
        "wahl": p.wahl,
        "handel_fertig": p.handel_fertig,
        "gekauft": p.gekauft[:] if own else None,
        "gefahr": danger(s, i) if (own or p.offen is None) else None,
    }
    return info


def view(state: State, seat: int | None) -> JSON:
    s = state
    b = sheet(s)
    spieler = [_player(s, i, i == seat) for i in range(len(s.seats))]
    v: JSON = {
        "slug": SLUG,
        "seat": seat,
        "players": s.players,
        "solo": s.solo,
        "taeglich": s.taeglich,
        "meister": meister(s),
        "phase": s.phase,
        "abend": s.abend,
        "abende": s.abende,
        "schritt": s.schritt,
        "schritt_name": STEPS[s.schritt - 1] if s.phase == "vorstellung" else None,
        "to_move": to_move(s),
        "blatt": {"id": b, "name": SHEETS[b].name, "text": SHEETS[b].text},
        "rezepte": dict(s.rezepte),
        "rezepturen": recipe_info(s),
        "preise": {w: price(s, w) for w in WARES},
        "vorladung_kosten": [vorladung_cost(s, p) for p in s.seats],
        "zielfeld": solo_target(s.abend) if s.solo and b in ("konkurrenz", "auftrag") else None,
        "spieler": spieler,
        "vorstellung": [list(x) for x in s.vorstellung],
        "hoehen": [list(h) for h in s.hoehen],
        "ruhm_abende": [list(r) for r in s.ruhm_abende],
        "letzter_abend": last_evening(s),
        "abrechnung": s.abrechnung,
        "result": result(s) if s.phase == "ende" else None,
    }
    if seat is not None and s.phase == "handel":
        v["braucht_wahl"] = needs_choice(s, seat) and s.seats[seat].wahl is None
    return v


def seat_view(spectator: JSON, state: State, seat: int) -> JSON:
    """``view(state, seat)`` from ``view(state, None)``: a seat sees the others as a spectator does, so only
    its own entry (its bag as drawn, its preview's chips, its purchases, its danger) and its choice
    differ. Shares the spectator view's values (nobody changes a view)."""
    spieler = list(spectator["spieler"])
    spieler[seat] = _player(state, seat, True)
    v = {**spectator, "seat": seat, "spieler": spieler}
    if state.phase == "handel":
        v["braucht_wahl"] = needs_choice(state, seat) and state.seats[seat].wahl is None
    return v
