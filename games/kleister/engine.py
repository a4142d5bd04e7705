"""Speedkleister: the rules engine (pure, deterministic, Django-free).

Every rule and every decision the rule text leaves open is written down in
``games/kleister/RULES.md``; the comments here only point at it.

Cards are small ints: ``1..13`` are the posters (rank = value), ``0`` is a
Kleisterbürste. A hand is a count vector of length 14 (index = card). A group
on a column is ``[rank, posters, brushes]``; ``rank`` is ``14`` (``SONDER``)
for a Sonderausgabe (brushes only). Groups are never mutated in place, so a
column can be copied shallowly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.places import places as _places
from games.core.protocol import JSON, IllegalAction
from games.core.rng import draw_rng
from games.core.text import N_, Text, and_list, genitive, join, ntx, said, tx

SLUG = "kleister"
NAME = "Speedkleister"
MIN_PLAYERS = 2
MAX_PLAYERS = 5

BRUSH = 0
SONDER = 14
RANKS = tuple(range(1, 14))
COPIES = 8
#: German names of the cards, index = card (0 = brush, 1..13 = posters).
POSTERS: tuple[str, ...] = (
    N_("Kleisterbürste"),
    "Katze entlaufen",
    "Zimmer frei",
    "Tanztee",
    "Kohlenhandel",
    "Seifenreklame",
    "Turnfest",
    "Pferderennen",
    "Lichtspielhaus",
    "Varieté",
    "Operette",
    "Karnevalssitzung",
    "Messe",
    "Luftschiff-Rundflug",
)
SONDERAUSGABE = N_("Sonderausgabe")
HAND_SIZES = {"normal": 13, "kurz": 10}
BRUSH_CHOICES = (3, 5, 7)
KARREN_CHOICES = (4, 6, 8)
#: Safety net (RULES.md "Safety limit"): after this many kleben turns the Durchgang ends.
MAX_TURNS = 1000

KLEBEN = "kleben"
NEHMEN = "nehmen"
LIEGEN = "liegen"
ZIEHEN = "ziehen"
ENDE = "ende"

END_HAND = "hand"
END_VORRAT = "vorrat"
END_LIMIT = "limit"


@dataclass(slots=True)
class State:
    seed: int
    counter: int
    players: int
    options: dict[str, Any]
    hands: list[list[int]]  # count vectors, index = card
    known: list[list[int]]  # public lower bound of each hand (count vectors)
    columns: list[list[list[int]]]  # per seat, bottom -> top, groups [rank, posters, brushes]
    druckerei: list[int]  # face down; the top card is the last element
    karren: list[int]  # face up, index 0 first
    altpapier: list[int]  # in the order the cards arrived
    start: int
    active: int
    phase: str = KLEBEN
    turn: int = 0  # number of groups klebt so far
    covered: int = -1  # seat whose covered group is being resolved
    group: list[int] | None = None  # that covered group (already off the column)
    queue: list[int] = field(default_factory=list)  # covered seats still to resolve, in order
    drawer: int = -1
    draws_left: int = 0
    drawn: list[int] = field(default_factory=list)  # this draw run: card, or -1 for Druckerei
    last: list[Text] = field(default_factory=list)  # per seat: what it did last (games.core.text)
    end_reason: str = ""


# --------------------------------------------------------------------------- options


def default_options() -> JSON:
    return {"spielart": "normal", "buersten": 5, "karren": 6, "saeule_doppelt": False}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def clean_options(options: JSON | None, players: int) -> JSON:
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(N_("Speedkleister spielt man zu zweit bis zu fünft."))
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalAction(N_("Die Spieloptionen sind ungültig."))
    out = default_options()
    out.update(options)
    if out["spielart"] not in HAND_SIZES:
        raise IllegalAction(
            tx("Unbekannte Spielart „%(spielart)s“: erlaubt sind „normal“ und „kurz“.", spielart=str(out["spielart"]))
        )
    if not _is_int(out["buersten"]) or out["buersten"] not in BRUSH_CHOICES:
        raise IllegalAction(N_("Kleisterbürsten: erlaubt sind 3, 5 oder 7."))
    if not _is_int(out["karren"]) or out["karren"] not in KARREN_CHOICES:
        raise IllegalAction(N_("Plakatkarren: erlaubt sind 4, 6 oder 8 Plakate."))
    if not isinstance(out["saeule_doppelt"], bool):
        raise IllegalAction(N_("„Säule zählt doppelt“ ist entweder an oder aus."))
    names = out.get("names")
    if names is None:
        out.pop("names", None)
    else:
        if (
            not isinstance(names, list)
            or len(names) != players
            or not all(isinstance(n, str) and n.strip() for n in names)
        ):
            raise IllegalAction(tx("Es braucht genau %(players)s Namen.", players=players))
        out["names"] = [n.strip() for n in names]
    start = out.get("startspieler")
    if start is None:
        out.pop("startspieler", None)
    elif not _is_int(start) or not 0 <= start < players:
        raise IllegalAction(tx("Der Startspieler muss ein Platz von 1 bis %(players)s sein.", players=players))
    return out


# --------------------------------------------------------------------------- setup


def totals(options: JSON) -> list[int]:
    """How many of each card the game has (index = card)."""
    return [options["buersten"]] + [COPIES] * 13


def new_game(*, seed: int, players: int, options: JSON) -> State:
    options = clean_options(options, players)
    deck = [card for card in RANKS for _ in range(COPIES)] + [BRUSH] * options["buersten"]
    draw_rng(seed, 0).shuffle(deck)
    hands = [[0] * 14 for _ in range(players)]
    for _ in range(HAND_SIZES[options["spielart"]]):
        for seat in range(players):
            hands[seat][deck.pop()] += 1
    karren = [deck.pop() for _ in range(options["karren"])]
    start = options.get("startspieler")
    if start is None:
        start = draw_rng(seed, 1).randrange(players)
    return State(
        seed=seed,
        counter=2,
        players=players,
        options=options,
        hands=hands,
        known=[[0] * 14 for _ in range(players)],
        columns=[[] for _ in range(players)],
        druckerei=deck,
        karren=karren,
        altpapier=[],
        start=start,
        active=start,
        last=[""] * players,
    )


# --------------------------------------------------------------------------- serialisation

_FIELDS = (
    "seed",
    "counter",
    "players",
    "start",
    "active",
    "phase",
    "turn",
    "covered",
    "drawer",
    "draws_left",
    "end_reason",
)


def dump(state: State) -> JSON:
    data: JSON = {name: getattr(state, name) for name in _FIELDS}
    data["options"] = _copy_json(state.options)
    data["hands"] = [list(h) for h in state.hands]
    data["known"] = [list(h) for h in state.known]
    data["columns"] = [[list(g) for g in col] for col in state.columns]
    data["druckerei"] = list(state.druckerei)
    data["karren"] = list(state.karren)
    data["altpapier"] = list(state.altpapier)
    data["group"] = None if state.group is None else list(state.group)
    data["queue"] = list(state.queue)
    data["drawn"] = list(state.drawn)
    data["last"] = list(state.last)
    return data


def load(data: JSON) -> State:
    return State(
        **{name: data[name] for name in _FIELDS},
        options=_copy_json(data["options"]),
        hands=[list(h) for h in data["hands"]],
        known=[list(h) for h in data["known"]],
        columns=[[list(g) for g in col] for col in data["columns"]],
        druckerei=list(data["druckerei"]),
        karren=list(data["karren"]),
        altpapier=list(data["altpapier"]),
        group=None if data["group"] is None else list(data["group"]),
        queue=list(data["queue"]),
        drawn=list(data["drawn"]),
        last=list(data["last"]),
    )


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


def clone(state: State) -> State:
    """A cheap independent copy (groups are immutable, options are shared read-only)."""
    return State(
        seed=state.seed,
        counter=state.counter,
        players=state.players,
        options=state.options,
        hands=[h[:] for h in state.hands],
        known=[h[:] for h in state.known],
        columns=[c[:] for c in state.columns],
        druckerei=state.druckerei[:],
        karren=state.karren[:],
        altpapier=state.altpapier[:],
        start=state.start,
        active=state.active,
        phase=state.phase,
        turn=state.turn,
        covered=state.covered,
        group=state.group,
        queue=state.queue[:],
        drawer=state.drawer,
        draws_left=state.draws_left,
        drawn=state.drawn[:],
        last=state.last[:],
        end_reason=state.end_reason,
    )


# --------------------------------------------------------------------------- texts


def seat_name(options: JSON, seat: int) -> str:
    names = options.get("names")
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Platz {seat + 1}"


def group_size(group: list[int] | tuple[int, int, int]) -> int:
    return group[1] + group[2]


def card_name(card: int) -> Text:
    """A card's name: the posters' titles are names (they stay German), the brush is a thing."""
    return tx(POSTERS[BRUSH]) if card == BRUSH else POSTERS[card]


def group_text(group: list[int] | tuple[int, int, int]) -> Text:
    """'3× Lichtspielhaus (davon 1 Bürste)', 'Sonderausgabe (2 Bürsten)' (a text, games.core.text)."""
    rank, posters, brushes = group
    if rank == SONDER:
        return tx("Sonderausgabe (%(brushes)s)", brushes=_brushes_text(brushes))
    if brushes:
        return tx(
            "%(count)s× %(poster)s (davon %(brushes)s)",
            count=posters + brushes,
            poster=POSTERS[rank],
            brushes=_brushes_text(brushes),
        )
    return tx("%(count)s× %(poster)s", count=posters + brushes, poster=POSTERS[rank])


def _brushes_text(n: int) -> Text:
    return ntx("%(n)s Bürste", "%(n)s Bürsten", n)


def _cards_text(n: int) -> Text:
    return ntx("%(n)s Karte", "%(n)s Karten", n)


def _has_genitive(name: str) -> bool:
    return bool(name) and not any(ch.isspace() or ch.isdigit() for ch in name)


def owned_text(options: JSON, owner: int, group: list[int]) -> Text:
    """'Pauls 2× Turnfest' or 'die 2× Turnfest von Platz 2'."""
    name = seat_name(options, owner)
    if _has_genitive(name):
        return tx("%(owner)s %(group)s", owner=genitive(name), group=group_text(group))
    return tx("die %(group)s von %(name)s", group=group_text(group), name=name)


_join = and_list


# --------------------------------------------------------------------------- scoring


def breakdown(state: State, seat: int) -> JSON:
    col = state.columns[seat]
    saeule = sum(g[1] + g[2] for g in col)
    bonus = sum(1 for g in col if g[1] + g[2] >= 4) if state.options["saeule_doppelt"] else 0
    return {"saeule": saeule, "hand": -sum(state.hands[seat]), "bonus": bonus}


def points(state: State) -> list[int]:
    out = []
    doppelt = state.options["saeule_doppelt"]
    for seat in range(state.players):
        total = -sum(state.hands[seat])
        for g in state.columns[seat]:
            size = g[1] + g[2]
            total += size
            if doppelt and size >= 4:
                total += 1
        out.append(total)
    return out


def is_over(state: State) -> bool:
    return state.phase == ENDE


#: „Platzbonus: 30 für Platz 1, 15 für Platz 2, 5 für Platz 3.“
PLACE_BONUS = {1: 30, 2: 15, 3: 5}


def bestenliste(points_: list[int], places_: list[int]) -> list[int]:
    """Bestenliste: the points (never below 0) plus the place bonus; shared places get the full bonus."""
    return [max(0, p) + PLACE_BONUS.get(place, 0) for p, place in zip(points_, places_, strict=True)]


def result(state: State) -> JSON:
    pts = points(state)
    places_ = _places(pts)
    return {
        "points": pts,
        "places": places_,
        "breakdown": [breakdown(state, s) for s in range(state.players)],
        "end_reason": state.end_reason or None,
        "bestenliste": bestenliste(pts, places_),
    }


def leaderboard_points(result: JSON, seat: int, players: int, seconds: float) -> int:
    """The protocol hook: Bestenliste points of ``seat`` for a finished Durchgang."""
    return int(result["bestenliste"][seat])


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> list[int]:
    phase = state.phase
    if phase in (KLEBEN, NEHMEN):
        return [state.active]
    if phase == LIEGEN:
        return [state.covered]
    if phase == ZIEHEN:
        return [state.drawer]
    return []


def decision_key(state: State, seat: int) -> list[Any]:
    """What one decision of ``seat`` is (its clock runs for the whole of it): klebing a group,
    taking or leaving a covered group, or drawing every card a run asks for."""
    if state.phase == ZIEHEN:
        return [ZIEHEN, state.turn, state.drawer, len(state.queue)]
    if state.phase in (NEHMEN, LIEGEN):
        return [state.phase, state.turn, state.covered, len(state.queue)]
    return [state.phase, state.turn]


def decider(state: State) -> int:
    """The one seat that acts now (-1 when the game is over)."""
    seats = to_move(state)
    return seats[0] if seats else -1


def groups_of_hand(hand: list[int]) -> list[tuple[int, int, int]]:
    """Every legal group (rank, posters, brushes) from a hand count vector."""
    brushes = hand[0]
    out = []
    for rank in RANKS:
        n = hand[rank]
        for posters in range(1, n + 1):
            for b in range(brushes + 1):
                out.append((rank, posters, b))
    for b in range(1, brushes + 1):
        out.append((SONDER, 0, b))
    return out


def covered_by(state: State, seat: int, rank: int, size: int) -> list[int]:
    """The columns a group of ``size`` with value ``rank`` played by ``seat`` covers, in checking order."""
    n = state.players
    out = []
    for step in range(1, n):
        other = (seat + step) % n
        col = state.columns[other]
        if col:
            top = col[-1]
            if top[1] + top[2] == size and top[0] < rank:
                out.append(other)
    return out


def legal_actions(state: State, seat: int) -> list[JSON]:
    if seat not in to_move(state):
        return []
    phase = state.phase
    if phase == KLEBEN:
        return [
            {"type": "kleben", "rank": r, "count": p, "brushes": b} for r, p, b in groups_of_hand(state.hands[seat])
        ]
    if phase == NEHMEN:
        return [{"type": "nehmen"}, {"type": "liegen"}]
    if phase == LIEGEN:
        return [{"type": "zurueck"}, {"type": "altpapier"}]
    if phase == ZIEHEN:
        out: list[JSON] = [{"type": "ziehen", "from": "karren", "index": i} for i in range(len(state.karren))]
        if state.druckerei:
            out.append({"type": "ziehen", "from": "druckerei"})
        return out
    return []


# --------------------------------------------------------------------------- apply

_PHASE_HINT = {
    KLEBEN: N_("Jetzt wird geklebt."),
    NEHMEN: N_("Jetzt heißt es: Nehmen oder Liegen lassen."),
    LIEGEN: N_("Jetzt heißt es: zurück auf die Hand oder ins Altpapier."),
    ZIEHEN: N_("Jetzt wird nachgezogen."),
}
_TYPE_PHASE = {
    "kleben": KLEBEN,
    "nehmen": NEHMEN,
    "liegen": NEHMEN,
    "zurueck": LIEGEN,
    "altpapier": LIEGEN,
    "ziehen": ZIEHEN,
}


def _int_field(action: JSON, key: str) -> int:
    value = action.get(key)
    if not _is_int(value):
        raise IllegalAction(tx("Ungültiger Zug: „%(key)s“ fehlt oder ist keine ganze Zahl.", key=key))
    return value


def validate(state: State, seat: Any, action: Any) -> tuple:
    """Checks an action completely; returns its parsed form. Raises IllegalAction."""
    if state.phase == ENDE:
        raise IllegalAction(N_("Der Durchgang ist schon zu Ende."))
    if not _is_int(seat) or not 0 <= seat < state.players:
        raise IllegalAction(N_("Unbekannter Platz."))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(N_("Ungültiger Zug: erwartet wird ein Objekt mit „type“."))
    kind = action["type"]
    if kind not in _TYPE_PHASE:
        raise IllegalAction(tx("Unbekannte Zugart „%(kind)s“.", kind=kind))
    if seat not in to_move(state):
        raise IllegalAction(N_("Du bist gerade nicht dran."))
    if _TYPE_PHASE[kind] != state.phase:
        raise IllegalAction(_PHASE_HINT[state.phase])
    if kind == "kleben":
        rank = _int_field(action, "rank")
        count = _int_field(action, "count")
        brushes = _int_field(action, "brushes")
        if not 1 <= rank <= SONDER:
            raise IllegalAction(N_("Unbekannte Plakatsorte."))
        if count < 0 or brushes < 0:
            raise IllegalAction(N_("Ungültiger Zug: negative Anzahl."))
        hand = state.hands[seat]
        if rank == SONDER:
            if count != 0:
                raise IllegalAction(N_("Eine Sonderausgabe besteht nur aus Bürsten."))
            if brushes < 1:
                raise IllegalAction(N_("Eine Sonderausgabe braucht mindestens eine Bürste."))
        else:
            if count < 1:
                raise IllegalAction(N_("Eine Gruppe braucht mindestens ein Plakat dieser Sorte."))
            if hand[rank] < count:
                raise IllegalAction(tx("So viele „%(poster)s“ hast du nicht auf der Hand.", poster=POSTERS[rank]))
        if hand[0] < brushes:
            raise IllegalAction(N_("So viele Bürsten hast du nicht auf der Hand."))
        return (kind, rank, count, brushes)
    if kind == "ziehen":
        source = action.get("from")
        if source == "karren":
            if not state.karren:
                raise IllegalAction(N_("Der Plakatkarren ist leer."))
            index = _int_field(action, "index")
            if not 0 <= index < len(state.karren):
                raise IllegalAction(tx("Im Plakatkarren gibt es kein Plakat Nummer %(n)s.", n=index + 1))
            return (kind, "karren", index)
        if source == "druckerei":
            if not state.druckerei:
                raise IllegalAction(N_("Die Druckerei ist leer."))
            return (kind, "druckerei", -1)
        raise IllegalAction(N_("Ungültiger Zug: „from“ muss „karren“ oder „druckerei“ sein."))
    return (kind,)


def apply(state: State, seat: int, action: JSON) -> tuple[State, list[JSON]]:
    parsed = validate(state, seat, action)
    new = clone(state)
    events: list[JSON] = []
    _perform(new, seat, parsed, events)
    return new, events


def step(state: State, seat: int, action: JSON) -> None:
    """Fast path for search: performs a *legal* action in place, without checks or events."""
    kind = action["type"]
    if kind == "kleben":
        parsed: tuple = (kind, action["rank"], action["count"], action["brushes"])
    elif kind == "ziehen":
        parsed = (kind, action["from"], action.get("index", -1))
    else:
        parsed = (kind,)
    _perform(state, seat, parsed, None)


def _perform(st: State, seat: int, parsed: tuple, ev: list[JSON] | None) -> None:
    kind = parsed[0]
    if kind == "kleben":
        do_kleben(st, seat, parsed[1], parsed[2], parsed[3], ev)
    elif kind == "nehmen":
        do_nehmen(st, ev)
    elif kind == "liegen":
        do_liegen(st, ev)
    elif kind == "zurueck":
        do_zurueck(st, ev)
    elif kind == "altpapier":
        do_altpapier(st, ev)
    else:
        do_ziehen(st, parsed[1] == "karren", parsed[2], ev)


# The do_* functions mutate the state in place; ``ev`` None means "no events" (search).


def do_kleben(st: State, seat: int, rank: int, posters: int, brushes: int, ev: list[JSON] | None) -> None:
    hand = st.hands[seat]
    known = st.known[seat]
    if rank != SONDER:
        hand[rank] -= posters
        if known[rank]:
            known[rank] = max(0, known[rank] - posters)
    if brushes:
        hand[0] -= brushes
        if known[0]:
            known[0] = max(0, known[0] - brushes)
    group = [rank, posters, brushes]
    st.columns[seat].append(group)
    st.turn += 1
    size = posters + brushes
    if not any(hand):
        if ev is not None:
            name = seat_name(st.options, seat)
            st.last[seat] = tx("klebte %(group)s (letzte Karte)", group=group_text(group))
            ev.append(
                {
                    "type": "kleben",
                    "seat": seat,
                    "rank": rank,
                    "count": posters,
                    "brushes": brushes,
                    "covered": [],
                    **said(tx("%(name)s klebt %(group)s – die letzte Handkarte.", name=name, group=group_text(group))),
                }
            )
        _end(st, END_HAND, ev)
        return
    covered = covered_by(st, seat, rank, size)
    if ev is not None:
        name = seat_name(st.options, seat)
        if covered:
            text = tx(
                "%(name)s klebt %(group)s und überklebt %(covered)s.",
                name=name,
                group=group_text(group),
                covered=_join([owned_text(st.options, c, st.columns[c][-1]) for c in covered]),
            )
            st.last[seat] = tx(
                "klebte %(group)s, überklebte %(names)s",
                group=group_text(group),
                names=_join([seat_name(st.options, c) for c in covered]),
            )
        else:
            text = tx("%(name)s klebt %(group)s.", name=name, group=group_text(group))
            st.last[seat] = tx("klebte %(group)s", group=group_text(group))
        ev.append(
            {
                "type": "kleben",
                "seat": seat,
                "rank": rank,
                "count": posters,
                "brushes": brushes,
                "covered": covered,
                **said(text),
            }
        )
    if covered:
        st.queue = list(covered)
        _next_covering(st, ev)
    else:
        _end_turn(st, ev)


def _next_covering(st: State, ev: list[JSON] | None) -> None:
    if st.queue:
        seat = st.queue.pop(0)
        st.covered = seat
        st.group = st.columns[seat].pop()
        st.phase = NEHMEN
        return
    st.covered = -1
    st.group = None
    # Rule 5: only now the Plakatkarren is refilled.
    size = st.options["karren"]
    added = 0
    while len(st.karren) < size and st.druckerei:
        st.karren.append(st.druckerei.pop())
        added += 1
    if added and ev is not None:
        ev.append(
            {
                "type": "auffuellen",
                "seat": None,
                "count": added,
                **said(
                    ntx(
                        "Der Plakatkarren wird mit %(n)s Plakat aus der Druckerei aufgefüllt.",
                        "Der Plakatkarren wird mit %(n)s Plakaten aus der Druckerei aufgefüllt.",
                        added,
                    )
                ),
            }
        )
    _end_turn(st, ev)


def _end_turn(st: State, ev: list[JSON] | None) -> None:
    st.active = (st.active + 1) % st.players
    st.phase = KLEBEN
    if st.turn >= MAX_TURNS:
        _end(st, END_LIMIT, ev)
        return
    if ev is not None:
        ev.append(
            {"type": "dran", "seat": st.active, **said(tx("%(name)s ist dran.", name=seat_name(st.options, st.active)))}
        )


def _cards_of(group: list[int]) -> list[int]:
    rank, posters, brushes = group
    return [rank] * posters + [BRUSH] * brushes


def _to_hand(st: State, seat: int, group: list[int]) -> None:
    rank, posters, brushes = group
    hand = st.hands[seat]
    known = st.known[seat]
    if posters:
        hand[rank] += posters
        known[rank] += posters
    if brushes:
        hand[0] += brushes
        known[0] += brushes


def do_nehmen(st: State, ev: list[JSON] | None) -> None:
    group = st.group
    assert group is not None
    _to_hand(st, st.active, group)
    st.group = None
    if ev is not None:
        o = st.options
        st.last[st.active] = tx("nahm %(group)s von %(name)s", group=group_text(group), name=seat_name(o, st.covered))
        ev.append(
            {
                "type": "nehmen",
                "seat": st.active,
                "covered": st.covered,
                "group": list(group),
                **said(
                    tx(
                        "%(name)s nimmt %(group)s auf die Hand.",
                        name=seat_name(o, st.active),
                        group=owned_text(o, st.covered, group),
                    )
                ),
            }
        )
    _start_draw(st, st.covered, group_size(group), ev)


def do_liegen(st: State, ev: list[JSON] | None) -> None:
    st.phase = LIEGEN
    if ev is not None:
        o = st.options
        group = st.group
        assert group is not None
        st.last[st.active] = tx(
            "ließ %(group)s von %(name)s liegen", group=group_text(group), name=seat_name(o, st.covered)
        )
        ev.append(
            {
                "type": "liegen",
                "seat": st.active,
                "covered": st.covered,
                "group": list(group),
                **said(
                    tx(
                        "%(name)s lässt %(group)s liegen.",
                        name=seat_name(o, st.active),
                        group=owned_text(o, st.covered, group),
                    )
                ),
            }
        )


def do_zurueck(st: State, ev: list[JSON] | None) -> None:
    group = st.group
    assert group is not None
    seat = st.covered
    _to_hand(st, seat, group)
    st.group = None
    if ev is not None:
        st.last[seat] = tx("nahm %(group)s zurück", group=group_text(group))
        ev.append(
            {
                "type": "zurueck",
                "seat": seat,
                "group": list(group),
                **said(
                    tx(
                        "%(name)s nimmt %(group)s zurück auf die Hand.",
                        name=seat_name(st.options, seat),
                        group=group_text(group),
                    )
                ),
            }
        )
    _next_covering(st, ev)


def do_altpapier(st: State, ev: list[JSON] | None) -> None:
    group = st.group
    assert group is not None
    seat = st.covered
    st.altpapier.extend(_cards_of(group))
    st.group = None
    if ev is not None:
        st.last[seat] = tx("gab %(group)s ins Altpapier", group=group_text(group))
        ev.append(
            {
                "type": "altpapier",
                "seat": seat,
                "group": list(group),
                **said(
                    tx(
                        "%(name)s gibt %(group)s ins Altpapier.",
                        name=seat_name(st.options, seat),
                        group=group_text(group),
                    )
                ),
            }
        )
    _start_draw(st, seat, group_size(group), ev)


def _start_draw(st: State, seat: int, count: int, ev: list[JSON] | None) -> None:
    st.phase = ZIEHEN
    st.drawer = seat
    st.draws_left = count
    st.drawn = []
    if ev is not None:
        ev.append(
            {
                "type": "nachziehen",
                "seat": seat,
                "count": count,
                **said(
                    tx("%(name)s zieht %(cards)s nach.", name=seat_name(st.options, seat), cards=_cards_text(count))
                ),
            }
        )


def do_ziehen(st: State, from_karren: bool, index: int, ev: list[JSON] | None) -> None:
    seat = st.drawer
    if from_karren:
        card = st.karren.pop(index)
        st.known[seat][card] += 1
        st.drawn.append(card)
    else:
        card = st.druckerei.pop()
        st.drawn.append(-1)
    st.hands[seat][card] += 1
    st.draws_left -= 1
    if ev is not None:
        name = seat_name(st.options, seat)
        st.last[seat] = tx(
            "zog nach: %(cards)s", cards=join(", ", [card_name(c) if c >= 0 else tx("verdeckt") for c in st.drawn])
        )
        if from_karren:
            event = {
                "type": "ziehen",
                "seat": seat,
                "from": "karren",
                "card": card,
                **said(tx("%(name)s zieht %(card)s aus dem Plakatkarren.", name=name, card=card_name(card))),
            }
        else:
            event = {
                "type": "ziehen",
                "seat": seat,
                "from": "druckerei",
                **said(tx("%(name)s zieht verdeckt aus der Druckerei.", name=name)),
            }
        ev.append(event)
    if not st.druckerei and not st.karren:
        _end(st, END_VORRAT, ev)
        return
    if st.draws_left == 0:
        st.drawer = -1
        st.drawn = []
        _next_covering(st, ev)


def _end(st: State, reason: str, ev: list[JSON] | None) -> None:
    st.phase = ENDE
    st.end_reason = reason
    st.drawer = -1
    st.draws_left = 0
    if ev is None:
        return
    o = st.options
    if reason == END_HAND:
        why = tx("%(name)s hat die letzte Handkarte geklebt", name=seat_name(o, st.active))
    elif reason == END_VORRAT:
        why = tx("Druckerei und Plakatkarren sind leer")
    else:
        why = tx("nach %(n)s Zügen ist Schluss", n=MAX_TURNS)
    pts = points(st)
    best = max(pts)
    winners = [s for s in range(st.players) if pts[s] == best]
    if len(winners) == 1:
        who = ntx(
            "Es gewinnt %(name)s mit %(n)s Punkt.",
            "Es gewinnt %(name)s mit %(n)s Punkten.",
            best,
            name=seat_name(o, winners[0]),
        )
    else:
        who = ntx(
            "Gleichstand: %(names)s teilen sich Platz 1 mit %(n)s Punkt.",
            "Gleichstand: %(names)s teilen sich Platz 1 mit %(n)s Punkten.",
            best,
            names=_join([seat_name(o, s) for s in winners]),
        )
    ev.append(
        {
            "type": "ende",
            "seat": None,
            "reason": reason,
            "points": pts,
            **said(tx("Der Durchgang ist zu Ende: %(why)s. %(who)s", why=why, who=who)),
        }
    )


# --------------------------------------------------------------------------- views


def group_json(group: list[int]) -> JSON:
    return {"rank": group[0], "posters": group[1], "brushes": group[2], "size": group[1] + group[2]}


def _cards(counts: list[int]) -> list[int]:
    return [card for card in range(14) for _ in range(counts[card])]


def view(state: State, seat: int | None) -> JSON:
    o = state.options
    n = state.players
    pending = None
    if state.covered >= 0 and state.group is not None:
        pending = {
            "coverer": state.active,
            "covered": state.covered,
            "group": group_json(state.group),
            "queue": list(state.queue),
        }
    elif state.covered >= 0:
        pending = {"coverer": state.active, "covered": state.covered, "group": None, "queue": list(state.queue)}
    drawing = None
    if state.phase == ZIEHEN:
        drawing = {"seat": state.drawer, "left": state.draws_left, "drawn": list(state.drawn)}
    over = state.phase == ENDE
    data: JSON = {
        "game": SLUG,
        "seat": seat,
        "players": n,
        "names": [seat_name(o, s) for s in range(n)],
        "options": {k: _copy_json(v) for k, v in o.items()},
        "hand_size": HAND_SIZES[o["spielart"]],
        "karren_size": o["karren"],
        "totals": totals(o),
        "start": state.start,
        "active": state.active,
        "turn": state.turn,
        "phase": state.phase,
        "to_move": to_move(state),
        "pending": pending,
        "drawing": drawing,
        "columns": [[group_json(g) for g in col] for col in state.columns],
        "hand_counts": [sum(h) for h in state.hands],
        "known": [_cards(k) for k in state.known],
        "karren": list(state.karren),
        "druckerei": len(state.druckerei),
        "altpapier": sorted(state.altpapier),
        "last": list(state.last),
        "scores": points(state),
        "over": over,
        "end_reason": state.end_reason or None,
        "result": result(state) if over else None,
    }
    if seat is not None:
        data["hand"] = _cards(state.hands[seat])
    return data


def seat_view(spectator: JSON, state: State, seat: int) -> JSON:
    """``view(state, seat)`` from ``view(state, None)``: a seat's view differs from the spectator's only by
    the seat and its own hand. Shares the spectator view's values (nobody changes a view)."""
    return {**spectator, "seat": seat, "hand": _cards(state.hands[seat])}
