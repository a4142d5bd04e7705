"""Speedburg's table page: fragments as templates plus plain data.

Public fragments are built from the spectator's view (``engine.view(state, None)``),
so every viewer gets identical data and each is rendered once per process: the
Auslage and pennants (``bg-center``), one card per seat as the others see it
(``bg-seat-<p>``: behind the Windschutz only counts until the round's scoring),
the scoring board, the end board and the log. Private fragments come from the
seat's own view: its castle and sketch (``bg-own``), the sketch choice
(``bg-wahl``), the status line and the step panel with everything the page
lights up and previews for the seat to move (``bg-turn``, its ``data-turn``).

The selection of a die lives in the browser (static/games/burg/table.js); every
legal place and every hover preview is precomputed here from the view. The
plain data of the parts is built in ``page_parts.py`` (texts, castles, cards,
the beach) and ``boards.py`` (Rundenwertung, end board, chart).
"""

from __future__ import annotations

import marshal
from typing import Any

from games.core.fragments import Fragment, FragmentContext, LogLines, attr_json, remembered
from games.core.seat_names import names_by_event
from games.core.translate import gettext, say, say_event

from . import preview, scoring
from .boards import board_data, end_data
from .content import BUILDS_PER_ROUND, DICE_PER_MATERIAL, material
from .page_parts import (
    castle_data,
    center_data,
    own_pennant_lines,
    progress_rows,
    seat_card,
    sketch_data,
    with_names,
)

T = "games/burg/"
PAGE_PREFIX = "bg"  # class and id prefix of the table page (templates/games/core/table.html)
JSON = dict[str, Any]
LOG_LENGTH = 30

#: Events of the engine: a seat's event text is a predicate after the player's name.
ENGINE_EVENTS = frozenset(
    {"runde", "skizze", "skizzen", "bauen", "verlieren", "ablegen", "nachlegen", "wertung", "weiter", "ende"}
)


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    text = with_names(say_event(event), names)
    if event.get("type") in ENGINE_EVENTS and seat is not None and 0 <= seat < len(names):
        return {"who": names[seat], "text": text, "type": event.get("type", "")}
    return {"who": None, "text": text, "type": event.get("type", "")}


def public_fragments(ctx: FragmentContext) -> dict[str, Fragment | LogLines]:
    view = ctx.view
    # Round 1's line comes from no action: the game's opening events go first. The table keeps more events
    # than the LOG_LENGTH shown, so they are among the last LOG_LENGTH only while the whole log is.
    log = [*view.get("eroeffnung", []), *ctx.snap.log][-LOG_LENGTH:]
    out: dict[str, Fragment | LogLines] = {
        "bg-send": Fragment(T + "send.html", {}),
        "bg-log": LogLines(
            T + "log.html",
            {},
            T + "log_line.html",
            [event_line(e, then) for e, then in zip(log, names_by_event(log, ctx.names), strict=True)],
        ),
        "bg-center": Fragment(T + "center.html", center_data(view, ctx)),
        "bg-board": Fragment(
            T + "board.html",
            {
                "board": board_data(view, view["wertung"], ctx.names) if view["wertung"] else None,
                "phase": view["phase"],
            },
        ),
        "bg-end": end_fragment(ctx),
    }
    for p in view["spieler"]:
        out[f"bg-seat-{p['seat']}"] = Fragment(T + "seat.html", {"card": seat_card(view, p, ctx)})
    return out


def end_fragment(ctx: FragmentContext) -> Fragment:
    """The end board (during play an empty wrapper). Public for spectators; a seat at a finished game gets
    its own, which offers "Nochmal" at a live table as Speedkleister's does (the board covers the table bar)."""
    return Fragment(
        T + "end.html",
        {
            "table_id": ctx.snap.table_id,
            "number": ctx.snap.number,
            "kind": ctx.snap.kind,
            "stake": ctx.snap.stake,
            "seated": ctx.seat is not None,
            "end": end_data(ctx.view, ctx),
            "bestenliste": ctx.bestenliste,
        },
    )


# ------------------------------------------------------------------ private fragments


def legal_from_view(view: JSON) -> list[JSON]:
    """The seat's legal actions, computed from its view only (empty when it is not to move)."""
    seat = view.get("seat")
    if seat is None or seat not in view["to_move"]:
        return []
    if view["phase"] == "skizze":
        return [{"type": "skizze", "skizze": s["nr"]} for s in view["angebot"] or []]
    if view["phase"] == "wertung":
        return [{"type": "weiter"}]
    if view["phase"] != "bauen":
        return []
    if view["schritt"] == "ablegen":
        return [{"type": "ablegen", "wuerfel": d[0]} for d in view["auslage"]]
    out: list[JSON] = []
    for d in view["auslage"]:
        fields = view["plaetze"][str(d[0])]
        if fields:
            out += [{"type": "bauen", "wuerfel": d[0], "feld": f} for f in fields]
        else:
            out.append({"type": "verlieren", "wuerfel": d[0]})
    return out


#: One place of a die on a castle as :func:`die_for_own_castle` keeps it: field, points, total, sketch still
#: possible, sketch hit, and the prizes whose text changes as ``(key, facts)`` (``scoring.prize_msg``).
Place = tuple[int, int, int, bool, bool, tuple[tuple[str, Any], ...]]


@remembered
def die_for_own_castle(
    burg: list[list[list[int]]], soll: list[int], lost: int, mat: int, pips: int
) -> tuple[str, bytes]:
    """What a die of material ``mat`` with ``pips`` means for a castle: the line "Für deine Burg: …" of the
    Auslage's info window (on how many places it fits, its points at the best place, whether the sketch stays
    possible: ``preview.die_summary``, in the active language), and the facts of each place it fits.

    Remembered by its real inputs: a seat's castle changes only with its own builds, so while the others build
    the answers for the Auslage repeat (one new die per move), and when the seat's turn comes its castle is
    the one it waited with, so its previews need no new placements either. A seat that does not build gets
    the summary line only; the previews of each place (texts) are made for the seat to move (``turn_data``).
    A string and bytes (the places, marshal), so the collector has nothing to walk in the memo. The die's id
    does not matter, only its material: any die of the material stands for it. Nobody may change the answer."""
    castle = [[d[:] for d in st] for st in burg]  # placements builds on it for a moment
    die = [mat * DICE_PER_MATERIAL, pips]
    options = preview.placements(castle, soll, lost, die, scoring.fields_for(castle, soll, pips))
    places = [
        (o["feld"], o["punkte"], o["gesamt"], o["skizze_moeglich"], o["skizze_getroffen"], o["preise_fakten"])
        for o in options
    ]
    return say(preview.die_summary(die, options)["msg"]), marshal.dumps(places, 2)


def _preview_text(place: Place) -> JSON:
    """A place's preview beside the sketch (static/games/burg/table.js ``showPreview``)."""
    _field, points, total, possible, hit, prizes = place
    return {
        "punkte": points,
        "gesamt": total,
        "moeglich": possible,
        "getroffen": hit,
        "preise": [say(scoring.prize_msg(key, facts)) for key, facts in prizes],
    }


def turn_data(view: JSON) -> JSON:
    """What the page lights up and previews for the seat (the ``data-turn`` of ``bg-turn``).

    Every seated player gets ``info``: for each die of the Auslage what it would mean for its own castle (RT
    "Karten-Info"), also while the others build or choose their sketches; a spectator and a seat with nothing
    left to build this round get none. The seat to build gets the places each die fits (``plaetze``) and the
    preview of each place (``vorschau``); the seat to discard the red die and what each die would give the
    opponent (``rot``, ``gabe``).
    """
    seat = view["seat"]
    legal = legal_from_view(view)
    out: JSON = {
        "mine": bool(legal),
        "phase": view["phase"],
        "step": view["schritt"] if view["phase"] == "bauen" else None,
        "plaetze": {},
        "verlieren": [],
        "vorschau": {},
        "info": {},
        "rot": None,
        "gabe": {},
    }
    if seat is None or view["phase"] not in ("bauen", "skizze"):
        return out
    me = view["spieler"][seat]
    if me["burg"] is not None and me["skizze"] is not None and me["wuerfel"] < BUILDS_PER_ROUND:
        building = bool(legal) and view["phase"] == "bauen" and view["schritt"] == "bauen"
        soll, lost = list(me["skizze"]["soll"]), len(me["verloren"] or [])
        previews: dict[tuple[int, int], JSON] = {}  # the mover's, once per material and pips
        for d in view["auslage"]:
            key, kind = str(d[0]), (material(d[0]), d[1])
            text, places = die_for_own_castle(me["burg"], soll, lost, *kind)
            out["info"][key] = text
            if building:
                if kind not in previews:
                    previews[kind] = {str(place[0]): _preview_text(place) for place in marshal.loads(places)}
                fields = view["plaetze"][key]
                out["plaetze"][key] = list(fields)
                out["vorschau"][key] = previews[kind]
                if not fields:
                    out["verlieren"].append(d[0])
    if legal and view["phase"] == "bauen" and view["schritt"] == "ablegen":
        hint = view["ablegen_hinweis"]
        if hint:
            out["rot"] = hint["rot"]
            gegner = hint["gegner"]
            for key, info in hint["je_wuerfel"].items():
                if info is not None:
                    out["gabe"][key] = say(info.get("msg") or info["text"])
            out["gegner"] = gegner
        out["ablegen"] = [d[0] for d in view["auslage"]]
    return out


def status_data(ctx: FragmentContext) -> JSON:
    view, names, seat = ctx.view, ctx.names, ctx.seat
    players = ctx.snap.players
    phase = view["phase"]
    thinking = False
    head = gettext("Runde %(round)s/%(rounds)s") % {"round": view["runde"], "rounds": view["runden"]} + " · "
    if phase == "ende":
        text = gettext("Die Partie ist vorbei.")
    elif phase == "skizze":
        waiting = [s for s in view["to_move"] if s != seat]
        thinking = any(players[s].get("bot") for s in waiting)
        if seat is not None and seat in view["to_move"]:
            text = head + gettext("Wähle deine Skizze (2 ziehen, 1 behalten).")
        else:
            names_waiting = ", ".join(names[s] for s in waiting)
            text = head + gettext("Warte auf die Skizzenwahl: %(names)s.") % {"names": names_waiting}
    elif phase == "wertung":
        waiting = [s for s in view["to_move"] if s != seat]
        if seat is not None and seat in view["to_move"]:
            text = head + gettext("Rundenwertung – drücke „Weiter“, wenn du so weit bist.")
        else:
            names_waiting = ", ".join(names[s] for s in waiting)
            text = head + gettext("Rundenwertung – warte auf: %(names)s.") % {"names": names_waiting}
    else:
        cur = view["am_zug"]
        die_no = view["spieler"][cur]["wuerfel"]
        if cur == seat and view["schritt"] == "ablegen":
            text = head + gettext("Lege noch einen Würfel der Auslage ab – er ist aus dem Spiel.")
        elif cur == seat:
            text = head + gettext("Du bist dran: dein %(n)s. Würfel von %(of)s.") % {
                "n": die_no + 1,
                "of": BUILDS_PER_ROUND,
            }
        elif players[cur].get("bot"):
            text = head + gettext("%(name)s überlegt …") % {"name": names[cur]}
            thinking = True
        else:
            text = head + gettext("%(name)s ist dran.") % {"name": names[cur]}
    return {
        "text": text,
        "thinking": thinking,
        "phase": phase,
        "mine": seat is not None and seat in view["to_move"],
        "seat": "" if seat is None else seat,
        "runde": view["runde"],
        "step": view["schritt"] or "",
        "bauen": view["bauen"],
    }


def prompt(view: JSON, turn: JSON) -> str:
    if not turn["mine"]:
        return ""
    if view["phase"] == "skizze":
        return gettext("Wähle eine der beiden Skizzen (Taste 1 oder 2). Die Auslage siehst du schon.")
    if view["phase"] == "wertung":
        return gettext("Sieh dir die Wertung an und drück „Weiter“ (Enter).")
    if turn["step"] == "ablegen":
        if turn["rot"] is not None:
            return gettext("Lege einen Würfel ab. Rot markiert: der Würfel, der deinem Gegner am meisten brächte.")
        return gettext("Lege einen zweiten Würfel der Auslage ab (antippen, dann noch einmal zum Ablegen).")
    return gettext("Tippe einen Würfel der Auslage an (oder ← →), dann einen leuchtenden Platz (oder Taste 1–9).")


def own_data(view: JSON, ctx: FragmentContext) -> JSON | None:
    seat = ctx.seat
    if seat is None:
        return None
    me = view["spieler"][seat]
    if me["burg"] is None or me["skizze"] is None:
        return {"castle": None, "phase": view["phase"], "seat": seat}
    return {
        "seat": seat,
        "phase": view["phase"],
        "castle": castle_data(me["burg"], me["skizze"]["soll"], me["verloren"]),
        "skizze": sketch_data(me["skizze"]),
        "punkte": me["punkte"],
        "moeglich": me["skizze_moeglich"],
        "getroffen": scoring.sketch_hit(me["burg"], me["skizze"]["soll"]),
        "progress": progress_rows(me["burg"], view["solo"]),
        "wuerfel": me["wuerfel"],
        "von": BUILDS_PER_ROUND,
        "active": seat in view["to_move"],
    }


def wahl_data(view: JSON, ctx: FragmentContext) -> JSON:
    if view["phase"] != "skizze":
        return {"active": False}
    seat = ctx.seat
    mine = seat is not None and seat in view["to_move"]
    chosen = None
    if seat is not None and view["spieler"][seat]["skizze"] is not None:
        chosen = view["spieler"][seat]["skizze"]["name"]
    return {
        "active": True,
        "mine": mine,
        "angebot": [sketch_data(s) for s in view["angebot"] or []] if mine else [],
        "chosen": chosen,
        "others": [
            {"name": ctx.names[p["seat"]], "done": bool(p["skizze_gewaehlt"])}
            for p in view["spieler"]
            if p["seat"] != seat
        ],
    }


def private_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    view = ctx.view
    turn = {**turn_data(view), "wimpel": own_pennant_lines(view, ctx)}
    out: dict[str, Fragment] = {
        "bg-status": Fragment(T + "status.html", status_data(ctx)),
        "bg-wahl": Fragment(T + "wahl.html", wahl_data(view, ctx)),
        "bg-turn": Fragment(
            T + "turn.html",
            {
                "turn_json": attr_json(turn),
                "mine": turn["mine"],
                "phase": view["phase"],
                "step": turn["step"],
                "prompt": prompt(view, turn),
                "rat": ctx.snap.rat and view["phase"] in ("bauen", "skizze"),
                "weiter": view["phase"] == "wertung" and turn["mine"],
                # nothing to say or press, ever: no empty bar at the end or for a spectator
                "idle": view["phase"] == "ende" or ctx.seat is None,
            },
        ),
    }
    if ctx.seat is not None:
        out["bg-own"] = Fragment(T + "own.html", {"own": own_data(view, ctx)})
        if view["result"]:
            out["bg-end"] = end_fragment(ctx)
    return out


def replay_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    """A replay step seen from a seat: what the seat saw, without the turn panel (its prompt, previews and
    buttons only serve acting; a replay's board is inert)."""
    out = private_fragments(ctx)
    out.pop("bg-turn", None)
    out.pop("bg-end", None)  # the replay shows the public end board, without "Nochmal"
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few German words, for the lobby list."""
    parts = [gettext("offenes Bauen") if options.get("bauen") == "offen" else gettext("verdeckt (Windschutz)")]
    if options.get("skizzenwahl") == "zwei":
        parts.append(gettext("Skizzen: 2 ziehen, 1 behalten"))
    if options.get("tempo") == "schnell":
        parts.append(gettext("Tempo Schnell"))
    return ", ".join(parts)
