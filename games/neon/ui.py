"""Speedneon's table page: fragments as a template and its plain input, built from the views.

"Der Computer sieht nie mehr als du" – and the page neither. Public fragments are
built from the spectator's view (``engine.view(state, None)``), private ones from
``engine.view(state, seat)`` only; what the seat may do now comes from that view
as well (``legal_from_view``: a state rebuilt from the view, exactly as the
computer players do it), so no hidden part of the state can reach the page.

Every fragment is a ``Fragment(template, data)`` with plain data, and the runtime
renders each distinct input once (games/core/fragments.py). So the fragments are
cut by who sees the same thing:

- public, once per version: ``#nn-log``, ``#nn-info`` (the players' table and
  the round's order), ``#nn-board-N`` (player N's facade as everyone sees it; one
  per possible seat, empty beyond the table's) and the send form ``#nn-send``;
- private, but the same input for every viewer who is not to move:
  ``#nn-status``, ``#nn-center`` (Lieferung, Stromzähler), ``#nn-koffer``
  (Werbetafeln, tools), ``#nn-step`` (seats only), ``#nn-wahl`` outside the
  facade choice and ``#nn-end`` during play;
- private to one viewer: ``#nn-own`` (the own facade as buttons, the windows the
  own turn lights, the secret colour), ``#nn-order`` (a ``<style>``: the rivals'
  order around the table for this viewer and the own board hidden; unchanged for
  a whole match, so sent once), ``#nn-wahl`` during the choice (the own offer)
  and ``#nn-end`` at the end (the own place).

Whose turn it is lives in ``#nn-info`` only (its ``.nn-now`` rows): the page
lights the boards and the own facade from it, marks its own rows of the public
players' table and shows its secret colour there (static/games/neon/table.js),
so a board changes only when its player acts. The selection (a die, a tool's
client-side steps) lives in the browser; every window it may light is
precomputed here. The texts come from games/neon/ui_texts.py.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_lazy

from games.core import bars
from games.core.fragments import Fragment, FragmentContext, LogLines, attr_json, remembered, render_template
from games.core.seat_names import names_by_event
from games.core.seats import others_clockwise
from games.core.translate import active_language as get_language
from games.core.translate import gettext, say
from games.neon import bots, engine
from games.neon.content import DIE_TOOLS
from games.neon.ui_texts import (
    ENGINE_EVENTS,
    chips,
    colour_name,
    count_text,
    die_info,
    die_name,
    event_line,
    facade_info,
    prompt,
    rival_info,
    seat_name,
    status_text,
    tube_info,
    window_label,
)

T = "games/neon/"
PAGE_PREFIX = "nn"  # class and id prefix of the table page (templates/games/core/table.html)
JSON = dict[str, Any]

#: Tools that are paid the moment they are taken (no cancelling afterwards).
AT_ONCE = frozenset({"wackelkontakt", "umpolen", "roehrenwechsel", "stromausfall", "doppelschicht"})
#: Tools the page asks to confirm before sending (they act on the whole Lieferung / the turn).
CONFIRM = frozenset({"stromausfall", "doppelschicht"})
LOG_LENGTH = 30
#: One board fragment per possible seat: a table with fewer players sends the rest empty, so a
#: board of an earlier match at the same table never stays on the page.
BOARDS = engine.MAX_PLAYERS
AUSGABE_NAMES = {
    "klassisch": gettext_lazy("Klassisch"),
    "einsteiger": gettext_lazy("Einsteiger"),
    "blackout": gettext_lazy("Blackout"),
    "solo": gettext_lazy("Solovariante"),
}


# ------------------------------------------------------------ what the seat may do


def legal_from_view(view: JSON) -> list[JSON]:
    """The seat's legal actions, computed from its view only (empty when it is not to move)."""
    seat = view.get("seat")
    if seat is None or seat not in view["to_move"]:
        return []
    if view["phase"] == "wahl":
        return [{"type": "fassade", "fassade": f["id"]} for f in view["angebot"] or []]
    if view["phase"] != "spiel":
        return []
    world = bots.determinize(view, random.Random(0))  # the hidden parts do not affect what is legal
    return engine.legal_actions(world, seat)


def turn_info(view: JSON, legal: list[JSON]) -> JSON:
    """Everything the page needs for the seat's turn, grouped by step (the same for every seat not to move)."""
    dice: dict[int, list[int]] = {}
    hand: list[int] = []
    tools: dict[str, list[JSON]] = {}
    moves: dict[int, list[int]] = {}
    dimmen: list[int] = []
    tauschen: list[int] = []
    helligkeit: list[int] = []
    for a in legal:
        t = a["type"]
        if t == "setzen" and "die" in a:
            dice.setdefault(a["die"], []).append(a["fenster"])
        elif t == "setzen":
            hand.append(a["fenster"])
        elif t == "werkzeug":
            tools.setdefault(a["tool"], []).append(a)
        elif t == "umhaengen":
            moves.setdefault(a["von"], []).append(a["nach"])
        elif t == "dimmen":
            dimmen.append(a["delta"])
        elif t == "tauschen":
            tauschen.append(a["zaehler"])
        elif t == "helligkeit":
            helligkeit.append(a["wert"])
    z = view["zugstatus"] if view["phase"] == "spiel" else None
    pending = z["offen"] if z else None
    return {
        "mine": bool(legal),
        "pass": {"type": "passen"} in legal,
        "cancel": {"type": "abbrechen"} in legal,
        "finish": {"type": "fertig"} in legal,
        "dice": dice,
        "hand": hand,
        "tools": tools,
        "pending": pending["tool"] if pending else None,
        "moves": moves,
        "dimmen": dimmen,
        "tauschen": tauschen,
        "helligkeit": helligkeit,
        "passend": (view.get("helligkeiten_passend") or []) if view["phase"] == "spiel" else [],
        "solo": view["solo"],
        "die_tools": sorted(DIE_TOOLS),
        "at_once": sorted(AT_ONCE),
        "confirm": sorted(CONFIRM),
    }


def acting(view: JSON, turn: JSON) -> bool:
    """The seat moves now in the play phase (its Lieferung, tools and windows can be tapped)."""
    return turn["mine"] and view["phase"] == "spiel"


# ------------------------------------------------------------------ facades


def _window(req: str | None, die: str | None, cell: int) -> tuple[str, str, str, str, str]:
    return _window_in(req, die, cell, get_language())


@lru_cache(maxsize=16384)
def _window_in(req: str | None, die: str | None, cell: int, language: str) -> tuple[str, str, str, str, str]:
    """One window as the templates draw it: (classes, die, label, required brightness, die's info).

    A hung tube's info window names colour and brightness only: with the Kiste's count in it every
    facade would change whenever a Lieferung is drawn (the Kiste stays in the Lieferung's infos)."""
    cls = "nn-win"
    if req and req not in "123456":
        cls += " nn-req-" + req
    elif req:
        cls += " nn-reqd"
    if die:
        cls += " nn-full"
    reqv = req if req and req in "123456" and not die else ""
    return cls, die or "", window_label(req, die, cell), reqv, tube_info(die, None, None) if die else ""


def facade_data(
    facade: JSON,
    fenster: list[str | None] | None,
    *,
    lit: list[int] | tuple[int, ...] = (),
    src: list[int] | tuple[int, ...] = (),
    target: int | None = None,
    own: bool = False,
) -> JSON:
    """A facade with its windows, every text precomputed (the ``facade`` macro in games/neon/_macros.html).

    ``own``: the windows are buttons (the own facade). ``grid`` is the windows' markup, each window
    rendered once per distinct look (``window_html``)."""
    windows = []
    language = get_language()  # once per facade: asking for it costs more than the cached window
    for cell, req in enumerate(facade["vorgaben"]):
        cls, d, label, reqv, info = _window_in(req, fenster[cell] if fenster else None, cell, language)
        if cell in lit:
            cls += " nn-lit"
        if cell in src:
            cls += " nn-src"
        windows.append(window_html(cls, d, label, reqv, info, cell, own))
    return {
        "id": facade["id"],
        "name": facade["name"],
        "level": facade["schwierigkeit"],
        "stars": "★" * facade["schwierigkeit"],
        "info": facade_info(facade, fenster),
        "target": target,
        "grid": "".join(windows),
    }


@lru_cache(maxsize=16384)
def window_html(cls: str, die: str, text: str, reqv: str, info: str, index: int, own: bool) -> str:
    """One window's markup (games/neon/window.html), rendered once per distinct window: its texts come
    in the arguments, in the language they were made in. Rendered in the facade macro's loop, the
    windows were a fifth of Speedneon's rendering (docs/benchmarks.md, session 10)."""
    return render_template(
        T + "window.html", {"cls": cls, "d": die, "text": text, "reqv": reqv, "info": info, "index": index, "own": own}
    )


def board_data(view: JSON, seat: int, names: list[str], bots_at: list[bool]) -> JSON:
    """Player ``seat``'s facade as everyone sees it: from the spectator's view only.

    Whose turn it is stays out (the page lights the boards from #nn-info's row), so a board changes
    only when its player acts."""
    if seat >= view["players"]:
        return {"seat": seat, "absent": True}
    return _board(seat, view["spieler"][seat], names[seat], bots_at[seat], view["solo"], view["phase"])


@remembered
def _board(seat: int, p: JSON, name: str, bot: bool, solo: bool, phase: str) -> JSON:
    """A board changes only when its player acts: the others are taken from the memo by their input."""
    hung = sum(1 for d in p["fenster"] if d)
    row = {
        "name": name,
        "bot": bot,
        "strom": p["strom"],
        "hung": hung,
        "fassade": p["fassade"],
        "letzte": p["letzte"],
    }
    return {
        "seat": seat,
        "absent": False,
        "name": name,
        "strom": p["strom"] if not solo and phase != "wahl" else None,
        "hung": hung,
        "last": say(p["letzte"]) if p["letzte"] else "–",
        "info": rival_info(row, solo),
        "chosen": p["gewaehlt"],
        "facade": facade_data(p["fassade"], p["fenster"]) if p["fassade"] else None,
    }


# ------------------------------------------------------------------ public fragments


def log_lines(log: list[JSON], names: list[str], before: JSON | None = None) -> list[JSON]:
    """The log, oldest first; a "passt." that only ends a turn after an action is left out. ``before``: the
    event before ``log``, so that its first line is the same as when it was not the first (a connection then
    sends only the new lines, lobby/runtime/log_append.py)."""
    lines = []
    prev: JSON | None = before
    for e, then in zip(log, names_by_event(log, names), strict=True):  # the names of each line's moment
        ends_turn = e.get("type") == "passen" and prev is not None and prev.get("seat") == e.get("seat")
        if not (ends_turn and prev.get("type") in ENGINE_EVENTS and prev.get("type") != "passen"):
            lines.append(event_line(e, then))
        prev = e
    return lines


def shown_log(log: list[JSON], names: list[str]) -> list[JSON]:
    """The lines of the last ``LOG_LENGTH`` events."""
    return log_lines(log[-LOG_LENGTH:], names, log[-LOG_LENGTH - 1] if len(log) > LOG_LENGTH else None)


def order_strip(view: JSON, names: list[str]) -> list[JSON]:
    """This round's snake order: who already moved, who moves, who sits out (Doppelschicht)."""
    if view["phase"] != "spiel" or view["solo"]:
        return []
    order, now = view["reihenfolge"], view["zug"]
    half = len(order) // 2
    return [
        {
            "seat": seat,
            "name": names[seat],
            "state": "done" if i < now else ("now" if i == now else "next"),
            "skip": i >= half and seat in view["aussetzen"],
            "second": i >= half,
            "gap": i == half,
        }
        for i, seat in enumerate(order)
    ]


def info_data(view: JSON, names: list[str]) -> JSON:
    """The players' table as everyone sees it (the page marks the own row)."""
    rows = []
    for p in view["spieler"]:
        f = p["fassade"]
        rows.append(
            {
                "seat": p["seat"],
                "name": names[p["seat"]],
                "active": p["seat"] in view["to_move"],
                "facade": f"{f['name']} ({f['schwierigkeit']})" if f else "",
                "strom": p["strom"] if view["phase"] != "wahl" else "–",
                "hung": sum(1 for d in p["fenster"] if d),
                "secret": chips(p["geheim"]),
            }
        )
    solo_turn = view["zug"] + 1 if view["solo"] and view["phase"] == "spiel" else None
    return {
        "ausgabe": str(AUSGABE_NAMES[view["ausgabe"]]),
        "solo": view["solo"],
        "rows": rows,
        "order": order_strip(view, names),
        "solo_turn": solo_turn,
    }


def public_fragments(ctx: FragmentContext) -> dict[str, Fragment | LogLines]:
    view, names = ctx.view, ctx.names
    bots_at = [bool(p.get("bot")) for p in ctx.snap.players]
    out = {
        "nn-info": Fragment(T + "info.html", info_data(view, names)),
        "nn-log": LogLines(T + "log.html", {}, T + "log_line.html", shown_log(ctx.snap.log, names)),
        "nn-send": Fragment(T + "send.html", {}),
    }
    for seat in range(BOARDS):
        out[f"nn-board-{seat}"] = Fragment(T + "board.html", board_data(view, seat, names, bots_at))
    return out


# ------------------------------------------------------------------ private fragments


def status_data(ctx: FragmentContext, turn: JSON) -> JSON:
    view = ctx.view
    text, thinking = status_text(ctx)
    return {
        "text": text,
        "thinking": thinking,
        "mine": turn["mine"],
        "phase": view["phase"],
        "pending": turn["pending"] or "",
        "runde": view["runde"],
    }


def center_data(ctx: FragmentContext, turn: JSON) -> JSON:
    """Lieferung, hand and Stromzähler; the seat to move gets its dice as buttons with their windows."""
    view = ctx.view
    mine = acting(view, turn)
    z = view["zugstatus"]
    hand = z["hand"] if view["phase"] == "spiel" else None
    return _center(
        mine,
        view["lieferung"],
        (view["fenster_je_roehre"] or []) if mine else [],
        view.get("kiste") or {},
        hand,
        bool(hand) and view["am_zug"] == ctx.seat,
        ctx.names[view["am_zug"]] if hand else "",
        turn["hand"] if mine and hand else [],
        bool(hand) and z["muss_setzen"],
        turn["tauschen"] if mine and turn["pending"] == "lagerkiste" else [],
        view["stromzaehler"],
        view["stromzaehler_summe"],
        view["phase"] == "wahl",
        view["runde"],
        view["runden"],
        view["solo"],
        len(view["raus"]),
    )


@remembered
def _center(
    mine: bool,
    lieferung: list[str],
    per_die: list[list[int]],
    kiste: dict[str, int],
    hand_die: str | None,
    own: bool,
    who: str,
    hand_windows: list[int],
    must: bool,
    swaps: list[int],
    zaehler_dice: list[str],
    total: int,
    gone: bool,
    runde: int,
    runden: int,
    solo: bool,
    raus: int,
) -> JSON:
    """The center from its inputs only: every seat not to move has the same ones, and most moves leave
    them as they were for most seats (docs/benchmarks.md, session 10)."""
    view = {"kiste": kiste}  # what die_info reads
    dice = []
    for i, d in enumerate(lieferung):
        if mine:
            ws = per_die[i] if i < len(per_die) else []
            dice.append((d, json.dumps(ws), bool(ws), die_name(d), die_info(view, d, ws)))
        else:
            dice.append((d, "", False, die_name(d), die_info(view, d)))
    hand = None
    if hand_die:
        pick = mine and bool(hand_windows)
        hand = {
            "die": hand_die,
            "own": own,
            "who": who,
            "pick": pick,
            "windows": json.dumps(hand_windows) if pick else "",
            "text": die_name(hand_die),
            "info": die_info(view, hand_die, hand_windows) if pick else die_info(view, hand_die),
            "must": must,
        }
    zaehler = [
        (
            d,
            die_info(view, d),
            json.dumps({"type": "tauschen", "zaehler": i}) if i in swaps else "",
            gettext("%(die)s eintauschen") % {"die": die_name(d)},
        )
        for i, d in enumerate(zaehler_dice)
    ]
    return {
        "gone": gone,
        "sig": f"{runde}|{','.join(lieferung)}",
        "runde": runde,
        "runden": runden,
        "mine": mine,
        "dice": dice,
        "hand": hand,
        "solo": solo,
        "zaehler": zaehler,
        "sum": total,
        "kiste": [(c, colour_name(c), n) for c, n in kiste.items()],
        "raus": raus,
    }


def tool_rows(werkzeuge: list[JSON], solo: bool, usable_now: list[str], pending: str | None) -> list[JSON]:
    """The Elektrikerkoffer: each tool with its cost or price colour and whether the seat can take it now
    (``usable_now``: the tools the seat to move can take; empty for everyone else)."""
    rows = []
    for w in werkzeuge:
        tid = w["id"]
        if solo:
            price = gettext("Preis: eine %(colour)s-Röhre") % {"colour": colour_name(w["preis_farbe"])}
        else:
            price = gettext("%(n)s Strom") % {"n": w["kosten"]}
        state = ""
        used = solo and not w["verfuegbar"]
        if used:
            state = gettext("schon benutzt")
        elif w["benutzt"] and not solo:
            state = gettext("%(n)s× benutzt") % {"n": w["benutzt"]}
        usable = tid in usable_now
        text = gettext(w["text"])
        info = f"{w['name']}\n{text}\n{price}" + (f" · {state}" if state else "")
        if pending == tid:
            info += "\n" + gettext("Gerade in Gebrauch: führe den Schritt zu Ende.")
        elif not usable:
            info += "\n" + gettext("Gerade nicht möglich.")
        rows.append(
            {
                "id": tid,
                "name": w["name"],
                "text": text,
                "colour": w["preis_farbe"],
                "colour_name": colour_name(w["preis_farbe"]) if w["preis_farbe"] else "",
                "cost": w["kosten"],
                "state": state,
                "used": used,
                "usable": usable,
                "open": pending == tid,
                "die_tool": tid in DIE_TOOLS,
                "at_once": tid in AT_ONCE,
                "info": info,
            }
        )
    return rows


def koffer_data(view: JSON, turn: JSON) -> JSON:
    mine = acting(view, turn)
    return _koffer(
        view["werkzeuge"],
        view["tafeln"],
        view["solo"],
        view["phase"],
        list(turn["tools"]) if mine else [],
        turn["pending"],
    )


@remembered
def _koffer(
    werkzeuge: list[JSON], tafeln: list[JSON], solo: bool, phase: str, usable_now: list[str], pending: str | None
) -> JSON:
    """Werbetafeln and tools from their inputs only: the same for every seat not to move."""
    shown = [
        (
            t["name"],
            t["punkte"],
            gettext(t["text"]),
            f"{t['name']} – {count_text(t['punkte'], 'punkt')}\n{gettext(t['text'])}",
        )
        for t in tafeln
    ]
    return {
        "preview": phase == "wahl",
        "solo": solo,
        "tafeln": shown,
        "tools": tool_rows(werkzeuge, solo, usable_now, pending),
    }


def step_data(ctx: FragmentContext, turn: JSON) -> JSON:
    """The step panel: the prompt, the tools' server-side steps, Passen/Fertig/Abbrechen, the Rat.

    Hidden unless the seat moves now (``mine``): while others move it would be an empty box, and whose turn
    it is stands in the status line already."""
    view = ctx.view
    mine = acting(view, turn)
    spiel = view["phase"] == "spiel"
    out: JSON = {
        "mine": mine,
        "pending": turn["pending"] or "",
        "prompt": prompt(view, turn) if mine else "",
        "turn": attr_json(turn),
        "rat": ctx.snap.rat and spiel,
        "dimmer": None,
        "werte": None,
    }
    if not mine:
        return out
    z = view["zugstatus"]
    hand = z["hand"]
    if turn["pending"] == "dimmer" and hand:
        out["dimmer"] = [
            (
                "−1" if delta < 0 else "+1",
                json.dumps({"type": "dimmen", "delta": delta}) if delta in turn["dimmen"] else "",
                die_name(hand[0] + str(int(hand[1]) + delta)) if delta in turn["dimmen"] else "",
                delta,
                1 <= int(hand[1]) + delta <= 6,
            )
            for delta in (-1, 1)
        ]
    elif turn["pending"] == "roehrenwechsel":
        colour = z["offen"]["farbe"]
        out["werte"] = [
            (
                v,
                colour,
                v in turn["passend"],
                json.dumps({"type": "helligkeit", "wert": v}),
                die_name(f"{colour}{v}") + ("" if v in turn["passend"] else " – " + gettext("passt nirgends")),
            )
            for v in range(1, 7)
        ]
    out["pass"] = json.dumps({"type": "passen"})
    out["ended"] = bool(z["gesetzt"] or z["werkzeug_benutzt"])  # "Zug beenden" instead of "Passen"
    out["can_pass"] = turn["pass"]
    out["finish"] = json.dumps({"type": "fertig"}) if turn["finish"] else ""
    out["cancel"] = turn["cancel"]
    return out


def wahl_data(ctx: FragmentContext) -> JSON:
    """The facade choice: the own four facades and secret colour; outside the choice nothing at all."""
    view, seat = ctx.view, ctx.seat
    if view["phase"] != "wahl":
        return {"active": False}
    me = view["spieler"][seat] if seat is not None else None
    offer = None
    if me and not me["gewaehlt"] and view["angebot"]:
        offer = [
            {
                "facade": facade_data(f, None),
                "rules": sum(1 for v in f["vorgaben"] if v),
                "action": json.dumps({"type": "fassade", "fassade": f["id"]}),
            }
            for f in view["angebot"]
        ]
    chosen = me["fassade"] if me and me["gewaehlt"] else None
    return {
        "active": True,
        "solo": view["solo"],
        "offer": offer,
        "secret": chips(me["geheim"]) if me else None,
        "chosen": {"name": chosen["name"], "level": chosen["schwierigkeit"]} if chosen else None,
        "waiting": [(ctx.names[p["seat"]], p["gewaehlt"]) for p in view["spieler"] if p["seat"] != seat],
    }


def own_data(ctx: FragmentContext, turn: JSON) -> JSON:
    """The own facade (windows as buttons, the windows the own turn lights), Strom and secret colour.

    Like the boards without whose turn it is: the page lights it from #nn-info's row."""
    view, seat = ctx.view, ctx.seat
    assert seat is not None
    p = view["spieler"][seat]
    mine = acting(view, turn)
    return _own(
        seat,
        p["fassade"],
        p["fenster"],
        p["geheim"],
        p["strom"] if not view["solo"] and view["phase"] != "wahl" else None,
        turn["hand"] if mine else [],
        list(turn["moves"]) if mine else [],
        view["stromzaehler_summe"] if view["solo"] else None,
        view["dunkel_strafe"],
    )


@remembered
def _own(
    seat: int,
    fassade: JSON | None,
    fenster: list[str | None],
    geheim: list[str] | None,
    strom: int | None,
    lit: list[int],
    src: list[int],
    target: int | None,
    penalty: int,
) -> JSON:
    """The own facade changes when its player acts or its turn comes: else it is taken from the memo."""
    facade = facade_data(fassade, fenster, lit=lit, src=src, target=target, own=True) if fassade else None
    return {
        "seat": seat,
        "strom": strom,
        "secret": chips(geheim),
        "facade": facade,
        "hung": sum(1 for d in fenster if d),
        "penalty": penalty,
    }


def end_rows(ctx: FragmentContext) -> list[JSON]:
    view, result = ctx.view, ctx.view["result"]
    if not result:
        return []
    # the score bars (games/core/bars.py): every item and every sum of every player on one scale
    low, high = bars.chart_range(
        [[item["punkte"]] for b in result["breakdown"] for item in b["posten"]] + [[p] for p in result["points"]]
    )

    def bar(value: int) -> JSON:
        return bars.stacked([("plus" if value >= 0 else "minus", value)], low, high)

    rows = []
    for b in result["breakdown"]:
        seat = b["seat"]
        p = view["spieler"][seat]
        rows.append(
            {
                "seat": seat,
                "name": seat_name(ctx, seat),
                "place": result["places"][seat],
                "points": result["points"][seat],
                "posten": [
                    (say(item["label"]), say(item["detail"]), item["punkte"], bar(item["punkte"]))
                    for item in b["posten"]
                ],
                "sum_bar": bar(result["points"][seat]),
                "fassade": p["fassade"]["name"] if p["fassade"] else "",
                "me": seat == ctx.seat,
            }
        )
    rows.sort(key=lambda r: r["place"])
    return rows


def end_data(ctx: FragmentContext) -> JSON:
    """The end board; during play an empty wrapper, the same for everyone."""
    view, seat, result = ctx.view, ctx.seat, ctx.view["result"]
    if not result:
        return {"over": False}
    return {
        "over": True,
        "solo": view["solo"],
        "won": bool(result.get("won")),
        "target": result.get("target"),
        "points0": result["points"][0],
        "my_points": result["points"][seat] if seat is not None else "",
        "my_place": result["places"][seat] if seat is not None else "",
        "ends": end_rows(ctx),
        "bar_width": bars.WIDTH,
        "table_id": ctx.snap.table_id,
        "number": ctx.snap.number,
        "again": ctx.snap.kind == "solo" and seat is not None,
        # Nochmal at a live table (the board covers the table bar's button): a seat that did not leave
        "kind": ctx.snap.kind,
        "seated": seat is not None and not ctx.snap.players[seat].get("left"),
        "stake": ctx.snap.stake,
        "bestenliste": ctx.bestenliste,
    }


def private_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    return _seat_fragments(ctx, legal_from_view(ctx.view), step=True)


def replay_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    """A replay step seen from a seat: what the seat saw, without what only serves acting (no lit choices,
    no step panel with its prompt and buttons: a replay's board is inert)."""
    out = _seat_fragments(ctx, [], step=False)
    out["nn-wahl"] = Fragment(T + "wahl.html", wahl_data(replace(ctx, seat=None)))  # not "Wähle deine Fassade"
    if ctx.seat is not None:  # the replay page has no #nn-rivals: its own board is hidden where it stands
        order = {"order": others_clockwise(ctx.view["players"], ctx.seat), "own": ctx.seat, "replay": True}
        out["nn-order"] = Fragment(T + "order.html", order)
    return out


def _seat_fragments(ctx: FragmentContext, legal: list[JSON], *, step: bool) -> dict[str, Fragment]:
    view, seat = ctx.view, ctx.seat
    turn = turn_info(view, legal)
    out = {
        "nn-status": Fragment(T + "status.html", status_data(ctx, turn)),
        "nn-wahl": Fragment(T + "wahl.html", wahl_data(ctx)),
        "nn-center": Fragment(T + "center.html", center_data(ctx, turn)),
        "nn-koffer": Fragment(T + "koffer.html", koffer_data(view, turn)),
        "nn-order": Fragment(T + "order.html", {"order": others_clockwise(view["players"], seat), "own": seat}),
        "nn-end": Fragment(T + "end.html", end_data(ctx)),
    }
    if seat is not None:
        out["nn-own"] = Fragment(T + "own.html", own_data(ctx, turn))
        if step:
            out["nn-step"] = Fragment(T + "step.html", step_data(ctx, turn))
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few words, for the lobby list."""
    ausgabe = options.get("ausgabe", "klassisch")
    tempo = ", " + gettext("Tempo Schnell") if options.get("tempo") == "schnell" else ""
    if ausgabe == "solo":
        n = int(options.get("werkzeuge", 3))
        return gettext("Solovariante, %(tools)s") % {"tools": count_text(n, "werkzeug")}
    name = {
        "klassisch": gettext("Klassisch"),
        "einsteiger": gettext("Einsteiger (ohne Werkzeuge)"),
        "blackout": gettext("Blackout (dunkles Fenster −3)"),
    }.get(ausgabe, gettext("Klassisch"))
    return name + tempo
