"""Speedneon's table page: fragments rendered from one seat's view.

"Der Computer sieht nie mehr als du" – and the page neither: every private
fragment is rendered from ``engine.view(state, seat)`` only. What the seat may
do now is derived from that view as well (``legal_from_view``: a state rebuilt
from the view, exactly as the computer players do it), so no hidden part of the
state can reach the page. The public fragment (the log) is rendered once per
version from the spectator's view and the events.

The selection (a die, a tool's client-side steps) lives in the browser
(static/games/neon/table.js); every window it may light is precomputed here.
"""

from __future__ import annotations

import json
import random
from typing import Any

from django.utils.translation import ngettext

from games.core.fragments import FragmentContext, render_template
from games.core.seats import others_clockwise
from games.neon import bots, engine
from games.neon.content import COLOUR_NAMES, COLOURS, COLS, DIE_TOOLS, ROWS, TOOLS, die_text, window_text

T = "games/neon/"
PAGE_PREFIX = "nn"  # class and id prefix of the table page (templates/games/core/table.html)
JSON = dict[str, Any]

#: Events of the engine (a seat's event text is a predicate after the player's name).
ENGINE_EVENTS = frozenset(
    {
        "fassade", "fassaden", "runde", "setzen", "passen", "aussetzen", "werkzeug", "strom", "preis",
        "dimmer", "umpolen", "wackelkontakt", "roehrenwechsel", "lagerkiste", "stromausfall",
        "doppelschicht", "umhaengen", "abbrechen", "zurueck", "stromzaehler", "ende",
    }
)  # fmt: skip
#: Tools that are paid the moment they are taken (no cancelling afterwards).
AT_ONCE = frozenset({"wackelkontakt", "umpolen", "roehrenwechsel", "stromausfall", "doppelschicht"})
#: Tools the page asks to confirm before sending (they act on the whole Lieferung / the turn).
CONFIRM = frozenset({"stromausfall", "doppelschicht"})
LOG_LENGTH = 30
ETAGE_NAMES = [f"Etage {r + 1}" for r in range(ROWS)]


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
    """Everything the page needs for the seat's turn, grouped by step."""
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


def tool_rows(view: JSON, turn: JSON) -> list[JSON]:
    """The Elektrikerkoffer: each tool with its current cost or price colour and whether it can be taken."""
    rows = []
    for w in view["werkzeuge"]:
        tid = w["id"]
        if view["solo"]:
            price = f"Preis: eine {COLOUR_NAMES[w['preis_farbe']]}-Röhre"
        else:
            price = f"{w['kosten']} Strom"
        state = ""
        if view["solo"] and not w["verfuegbar"]:
            state = "schon benutzt"
        elif w["benutzt"] and not view["solo"]:
            state = f"{w['benutzt']}× benutzt"
        rows.append(
            {
                **w,
                "price": price,
                "state": state,
                "usable": tid in turn["tools"],
                "actions": json.dumps(turn["tools"].get(tid, [])),
                "die_tool": tid in DIE_TOOLS,
                "at_once": tid in AT_ONCE,
            }
        )
    return rows


# ------------------------------------------------------------------ texts


def seat_name(ctx: FragmentContext, seat: int) -> str:
    return "Du" if seat == ctx.seat else ctx.names[seat]


def status_text(ctx: FragmentContext) -> tuple[str, bool]:
    """What is happening now, for the status line; and whether a computer is thinking."""
    view, names = ctx.view, ctx.names
    players = ctx.snap.players
    if view["phase"] == "ende":
        return "Die Partie ist vorbei.", False
    if view["phase"] == "wahl":
        waiting = [s for s in view["to_move"] if s != ctx.seat]
        thinking = any(players[s].get("bot") for s in waiting)
        if ctx.seat is not None and ctx.seat in view["to_move"]:
            return "Wähle deine Fassade.", thinking
        if waiting:
            return "Warte auf die Fassadenwahl: " + ", ".join(names[s] for s in waiting) + ".", thinking
        return "Die Fassaden sind gewählt.", False
    cur = view["am_zug"]
    turn = "2. Zug" if view["zweiter_zug"] else "1. Zug"
    head = f"Runde {view['runde']}/{view['runden']} · "
    if cur == ctx.seat:
        return head + f"Du bist dran ({turn}).", False
    if players[cur].get("bot"):
        return head + f"{names[cur]} überlegt … ({turn})", True
    return head + f"{names[cur]} ist dran ({turn}).", False


def prompt(view: JSON, turn: JSON) -> str:
    """The step panel's instruction for the seat to move (server side of the tool walk-through)."""
    z = view["zugstatus"]
    pending = z["offen"]
    hand = z["hand"]
    if pending is not None:
        tool = pending["tool"]
        name = TOOLS[tool].name
        if tool == "dimmer":
            return f"Dimmer: {die_text(hand)} heller oder dunkler machen?"
        if tool == "lagerkiste":
            return f"Lagerkiste: Tippe die Röhre auf dem Stromzähler, die du gegen {die_text(hand)} tauschst."
        if tool == "verlaengerungskabel":
            return f"Verlängerungskabel: Tippe ein leuchtendes Fenster ohne Nachbarn für {die_text(hand)}."
        if tool == "roehrenwechsel":
            return (
                f"Röhrenwechsel: Du hast {COLOUR_NAMES[pending['farbe']]} gezogen. Wähle die Helligkeit – "
                "matte Knöpfe passen nirgends (dann geht die Röhre zurück und dein Zug ist vorbei)."
            )
        done = len(pending.get("zuege") or [])
        if tool == "schablone" and done:
            return "Schablone: Noch eine Röhre derselben Farbe umhängen – oder „Fertig“."
        if tool == "hebebuehne" and done:
            return "Hebebühne: Jetzt die zweite Röhre umhängen (eine andere)."
        return f"{name}: Tippe die Röhre an deiner Fassade, die du umhängen willst, dann das Ziel-Fenster."
    if hand is not None:
        if z["muss_setzen"]:
            return f"Häng {die_text(hand)} in ein leuchtendes Fenster – sie muss jetzt angebracht werden."
        return f"Häng {die_text(hand)} in ein leuchtendes Fenster (oder beende den Zug: sie geht zurück)."
    if z["doppelschicht"] and z["gesetzt"] == 1:
        return "Doppelschicht: Häng gleich eine zweite Röhre auf – oder beende den Zug."
    if z["gesetzt"]:
        if turn["tools"]:
            return "Röhre hängt. Ein Werkzeug benutzen – oder den Zug beenden (Enter)."
        return "Röhre hängt. Beende den Zug (Enter)."
    if turn["dice"]:
        return "Röhre antippen (oder Taste 1–9), dann ein leuchtendes Fenster – oder die Röhre hinziehen."
    return "Keine Röhre passt. Ein Werkzeug benutzen – oder passen (Enter)."


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    text = event.get("text", "")
    if event.get("type") in ENGINE_EVENTS and seat is not None and 0 <= seat < len(names):
        return {"who": names[seat], "text": text, "seat": seat, "type": event.get("type")}
    return {"who": None, "text": text, "seat": seat, "type": event.get("type")}


# ------------------------------------------------------------------ views for templates


def window_label(req: str | None, die: str | None, cell: int) -> str:
    parts = [window_text(cell)]
    if req is not None:
        parts.append(f"verlangt {COLOUR_NAMES[req]}" if req in COLOURS else f"verlangt Helligkeit {req}")
    parts.append(die_text(die) if die else "dunkel")
    return ": ".join([parts[0], ", ".join(parts[1:])])


def count_text(n: int, singular: str, plural: str) -> str:
    """ "1 Röhre", "2 Röhren": every count on the page goes through ngettext."""
    return ngettext(f"%(n)d {singular}", f"%(n)d {plural}", n) % {"n": n}


OPPOSITE = {"1": "6", "2": "5", "3": "4", "4": "3", "5": "2", "6": "1"}


def die_info(view: JSON, die: str, windows: list[int] | None = None) -> str:
    """The info window of a Neonröhre: colour and brightness, what is left in the Kiste, where it fits."""
    colour = die[0]
    lines = [die_text(die), f"Helligkeit {die[1]} (Gegenseite {OPPOSITE[die[1]]})"]
    left = (view.get("kiste") or {}).get(colour)
    if left is not None:
        lines.append(
            f"In der Kiste noch {count_text(left, COLOUR_NAMES[colour] + '-Röhre', COLOUR_NAMES[colour] + '-Röhren')}"
        )
    if windows is not None:
        lines.append(
            f"passt in {count_text(len(windows), 'Fenster', 'Fenster')}" if windows else "passt gerade nirgends"
        )
    return "\n".join(lines)


def facade_info(facade: JSON, fenster: list[str | None] | None) -> str:
    """The info window of a facade's sign: name, difficulty (= Strom), requirements, how lit it is."""
    rules = sum(1 for v in facade["vorgaben"] if v)
    lines = [
        facade["name"],
        f"Schwierigkeit {facade['schwierigkeit']} – zugleich {facade['schwierigkeit']} Strom zu Beginn",
        count_text(rules, "Fenster verlangt", "Fenster verlangen") + " eine Farbe oder Helligkeit",
    ]
    if fenster is not None:
        hung = sum(1 for d in fenster if d)
        lines.append(f"{hung}/20 Röhren · {count_text(20 - hung, 'dunkles Fenster', 'dunkle Fenster')}")
    return "\n".join(lines)


def rival_info(row: JSON, solo: bool) -> str:
    """The info window of a rival: Strom, Röhren, facade, last action; the secret colour stays hidden."""
    lines = [row["name"] + (" (Computer)" if row["bot"] else "")]
    facts = [f"{row['hung']}/20 Röhren"]
    if not solo:
        facts.insert(0, f"{row['strom']} Strom")
    lines.append(" · ".join(facts))
    if row["fassade"]:
        lines.append(f"Fassade: {row['fassade']['name']} (Schwierigkeit {row['fassade']['schwierigkeit']})")
    lines.append("Geheimfarbe: verdeckt")
    if row["letzte"]:
        lines.append(f"zuletzt: {row['letzte']}")
    return "\n".join(lines)


def player_rows(ctx: FragmentContext) -> list[JSON]:
    view = ctx.view
    rows = []
    for p in view["spieler"]:
        seat = p["seat"]
        fassade = p["fassade"]
        rows.append(
            {
                "seat": seat,
                "name": ctx.names[seat],
                "me": seat == ctx.seat,
                "bot": bool(ctx.snap.players[seat].get("bot")),
                "fassade": fassade,
                "gewaehlt": p["gewaehlt"],
                "strom": p["strom"],
                "geheim": p["geheim"],
                "hung": sum(1 for d in p["fenster"] if d),
                "active": seat in view["to_move"],
                "letzte": p["letzte"],
                "fenster": p["fenster"],
                "spieler": p,
            }
        )
    return rows


def order_strip(ctx: FragmentContext) -> list[JSON]:
    """This round's snake order: who already moved, who moves, who sits out (Doppelschicht)."""
    view = ctx.view
    if view["phase"] != "spiel" or view["solo"]:
        return []
    order, now = view["reihenfolge"], view["zug"]
    half = len(order) // 2
    out = []
    for i, seat in enumerate(order):
        out.append(
            {
                "name": seat_name(ctx, seat),
                "state": "done" if i < now else ("now" if i == now else "next"),
                "skip": i >= half and seat in view["aussetzen"],
                "second": i >= half,
            }
        )
    return out


def end_rows(ctx: FragmentContext) -> list[JSON]:
    view, result = ctx.view, ctx.view["result"]
    if not result:
        return []
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
                "posten": b["posten"],
                "geheim": [COLOUR_NAMES[c] for c in p["geheim"] or []],
                "fassade": p["fassade"]["name"] if p["fassade"] else "",
                "me": seat == ctx.seat,
            }
        )
    rows.sort(key=lambda r: r["place"])
    return rows


# ------------------------------------------------------------------ fragments


def log_lines(log: list[JSON], names: list[str]) -> list[JSON]:
    """The log, oldest first; a "passt." that only ends a turn after an action is left out."""
    lines = []
    prev: JSON | None = None
    for e in log:
        ends_turn = e.get("type") == "passen" and prev is not None and prev.get("seat") == e.get("seat")
        if not (ends_turn and prev.get("type") in ENGINE_EVENTS and prev.get("type") != "passen"):
            lines.append(event_line(e, names))
        prev = e
    return lines


def public_fragments(ctx: FragmentContext) -> dict[str, str]:
    lines = log_lines(ctx.snap.log[-LOG_LENGTH:], ctx.names)
    return {"nn-log": render_template(T + "log.html", {"lines": lines})}


def private_fragments(ctx: FragmentContext) -> dict[str, str]:
    view, seat = ctx.view, ctx.seat
    legal = legal_from_view(view)
    turn = turn_info(view, legal)
    status, thinking = status_text(ctx)
    players = player_rows(ctx)
    common = {
        "view": view,
        "seat": seat,
        "turn": turn,
        "my_turn": turn["mine"],
        "version": ctx.snap.version,
        "kind": ctx.snap.kind,
        "rat": ctx.snap.rat,
        "table_id": ctx.snap.table_id,
        "number": ctx.snap.number,
        "names": ctx.names,
        "colour_names": COLOUR_NAMES,
        "die_text": die_text,
        "window_label": window_label,
        "die_info": lambda die, windows=None: die_info(view, die, windows),
        "facade_info": facade_info,
        "rival_info": lambda row: rival_info(row, view["solo"]),
        "json": json.dumps,
        "rows": ROWS,
        "cols": COLS,
        "solo_target": view["stromzaehler_summe"] if view["solo"] else None,
        "pending": turn["pending"],
    }
    me = players[seat] if seat is not None else None
    out = {
        "nn-status": render_template(
            T + "status.html", {**common, "status": status, "thinking": thinking, "phase": view["phase"]}
        ),
        "nn-wahl": render_template(T + "wahl.html", {**common, "players": players}),
        "nn-center": render_template(T + "center.html", common),
        "nn-koffer": render_template(T + "koffer.html", {**common, "tools": tool_rows(view, turn)}),
        "nn-info": render_template(T + "info.html", {**common, "players": players, "order": order_strip(ctx)}),
        "nn-rivals": render_template(
            T + "rivals.html", {**common, "rivals": [players[s] for s in others_clockwise(view["players"], seat)]}
        ),
        "nn-end": render_template(T + "end.html", {**common, "result": view["result"], "ends": end_rows(ctx)}),
        "nn-send": render_template(T + "send.html", common),
    }
    if seat is not None:
        out["nn-own"] = render_template(T + "own.html", {**common, "me": me})
        out["nn-step"] = render_template(
            T + "step.html",
            {
                **common,
                "prompt": prompt(view, turn) if turn["mine"] and view["phase"] == "spiel" else "",
                "turn_json": json.dumps(turn),
                "hand": view["zugstatus"]["hand"] if view["phase"] == "spiel" else None,
            },
        )
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few German words, for the lobby list."""
    ausgabe = options.get("ausgabe", "klassisch")
    tempo = ", Tempo Schnell" if options.get("tempo") == "schnell" else ""
    if ausgabe == "solo":
        n = int(options.get("werkzeuge", 3))
        return f"Solovariante, {count_text(n, 'Werkzeug', 'Werkzeuge')}"
    name = {
        "klassisch": "Klassisch",
        "einsteiger": "Einsteiger (ohne Werkzeuge)",
        "blackout": "Blackout (dunkles Fenster −3)",
    }.get(ausgabe, "Klassisch")
    return name + tempo
