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
legal place and every hover preview is precomputed here from the view.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import ngettext

from games.core.fragments import Fragment, FragmentContext

from . import preview, scoring
from .content import (
    BUILDS_PER_ROUND,
    FIELDS,
    MATERIAL_KEYS,
    MATERIAL_NAMES,
    MATERIAL_RULES,
    PRIZE_NAMES,
    PRIZE_SP,
    PRIZES,
    PUDDLE,
    SHOVELS,
    SOLO_PRIZE_POINTS,
    die_text,
    field_text,
    material,
)

T = "games/burg/"
PAGE_PREFIX = "bg"  # class and id prefix of the table page (templates/games/core/table.html)
JSON = dict[str, Any]
LOG_LENGTH = 30

#: Events of the engine: a seat's event text is a predicate after the player's name.
ENGINE_EVENTS = frozenset(
    {"runde", "skizze", "skizzen", "bauen", "verlieren", "ablegen", "nachlegen", "wertung", "weiter", "ende"}
)
SHOVEL_NAMES = {key: name for key, name, _sp in SHOVELS}
SHOVEL_SP = {key: sp for key, _name, sp in SHOVELS}
PRIZE_CONDITIONS = {key: condition for key, _name, condition in PRIZES}
#: Chart colours per seat (also the seat colours of the cards, table.css).
SEAT_COLOURS = ("#d9480f", "#1c7ed6", "#2b8a3e", "#862e9c")


# ------------------------------------------------------------------ texts


def count_text(n: int, singular: str, plural: str) -> str:
    """ "1 Würfel", "2 Würfel": every count on the page goes through ngettext."""
    return ngettext(f"%(n)d {singular}", f"%(n)d {plural}", n) % {"n": n}


def with_names(text: str, names: list[str]) -> str:
    """The engine names seats as tokens {s0}..{s3}; the page shows the players' names."""
    for seat, name in enumerate(names):
        text = text.replace("{s" + str(seat) + "}", name)
    return text


def target_text(target: int) -> str:
    if target == PUDDLE:
        return "Pfütze (gesperrt)"
    if target == 0:
        return "gestrichelt: darf bebaut werden, kostet aber den Skizzenbonus"
    return f"Sollhöhe {target}"


def material_of(die: list[int]) -> str:
    return MATERIAL_KEYS[material(die[0])]


def pennant_materials(view: JSON) -> list[int]:
    return [material(w["id"]) for w in view["wimpel"]]


def die_public_info(die: list[int], pennants: list[int]) -> str:
    """Info window of an Auslage die, the part everyone may see: material, pips, how it scores."""
    m = material(die[0])
    lines = [die_text(die), f"{MATERIAL_NAMES[m]} · {die[1]} Augen", f"{MATERIAL_NAMES[m]}: {MATERIAL_RULES[m]}"]
    if m in pennants:
        lines.append(f"Wimpel-Material ({pennants.index(m) + 1}. Wimpel): entscheidet Gleichstände")
    lines.append(f"darf auf ein freies Feld oder auf einen Würfel mit höchstens {die[1]} Augen")
    return "\n".join(lines)


def sp_info(name: str, schaufeln: list[str], preise: list[str], sp: int, solo: bool) -> str:
    """Info window of a card's Siegpunkte: what shovels and prizes are worth and where the points come from."""
    lines = [f"{name}: {count_text(sp, 'Siegpunkt', 'Siegpunkte')}"]
    for key, label, value in SHOVELS:
        n = schaufeln.count(key)
        if n:
            lines.append(f"{label} × {n} = {n * value} SP ({value} SP je Schaufel)")
    if preise:
        worth = f"{SOLO_PRIZE_POINTS} Rekordpunkte" if solo else f"{PRIZE_SP} SP"
        names = ", ".join(PRIZE_NAMES[p] for p in preise)
        lines.append(f"{count_text(len(preise), 'Preis', 'Preise')} ({names}), je {worth}")
    if len(lines) == 1:
        lines.append("noch keine Schaufel und kein Preis")
    return "\n".join(lines)


# ------------------------------------------------------------------ castles as plain data


def castle_data(burg: list[list[list[int]]], soll: list[int], verloren: list[list[int]] | None) -> JSON:
    """A castle for the templates: 9 cells with their target and stack, every die with its info text."""
    details = {(d["feld"], d["ebene"]): d for d in scoring.die_details(burg, soll)}
    cells = []
    for f in range(FIELDS):
        stack = []
        for level, die in enumerate(burg[f], start=1):
            d = details[(f, level)]
            info = [die_text(die) + f" · {field_text(f)}, Ebene {level}", d["text"], target_text(soll[f])]
            stack.append({"id": die[0], "pips": die[1], "mat": material_of(die), "info": "\n".join(info)})
        cells.append(
            {
                "f": f,
                "soll": soll[f],
                "hoehe": len(burg[f]),
                "stack": stack,
                "ok": soll[f] != PUDDLE and len(burg[f]) == max(soll[f], 0),
                "label": f"{field_text(f)}: {target_text(soll[f])}, "
                + (f"Stapel {len(burg[f])} hoch" if burg[f] else "frei"),
            }
        )
    lost = [{"id": d[0], "pips": d[1], "mat": material_of(d), "name": die_text(d)} for d in verloren or []]
    return {"cells": cells, "verloren": lost}


def sketch_data(skizze: JSON) -> JSON:
    return {
        "nr": skizze["nr"],
        "name": skizze["name"],
        "soll": list(skizze["soll"]),
        "info": skizze["name"]
        + "\nSkizze getroffen (+6): jedes Feld genau so hoch wie gezeichnet"
        + f"\n{sum(1 for t in skizze['soll'] if t == PUDDLE)} Pfützen · Sollhöhen zusammen 6",
    }


def progress_rows(burg: list[list[list[int]]], solo: bool) -> list[JSON]:
    """The prize lines under the sketch: condition, own progress and value (info windows)."""
    worth = (
        f"{SOLO_PRIZE_POINTS} Rekordpunkte" if solo else f"{PRIZE_SP} Siegpunkte – so viel wie die Silberne Schaufel"
    )
    rows = []
    for key, info in scoring.prize_progress(burg).items():
        rows.append(
            {
                "key": key,
                "text": info["text"],
                "ok": info["erfuellt"],
                "info": f"{PRIZE_NAMES[key]}\nBedingung: {PRIZE_CONDITIONS[key]}\nDein Stand: {info['text']}"
                f"\nWert: {worth}",
            }
        )
    return rows


# ------------------------------------------------------------------ public fragments


def seat_card(view: JSON, p: JSON, ctx: FragmentContext) -> JSON:
    """One seat as everyone sees it: built from the spectator's view, so no castle behind the Windschutz."""
    seat = p["seat"]
    name = ctx.names[seat]
    player = ctx.snap.players[seat]
    castle = None
    if p["burg"] is not None and p["skizze"] is not None:
        castle = {
            **castle_data(p["burg"], p["skizze"]["soll"], p["verloren"]),
            "skizze": sketch_data(p["skizze"]),
            "punkte": p["punkte"],
            "moeglich": p["skizze_moeglich"],
            "fortschritt": [{"text": t, "ok": t.endswith("erfüllt")} for t in p["fortschritt"]],
        }
    return {
        "seat": seat,
        "name": name,
        "bot": bool(player.get("bot")),
        "left": bool(player.get("left")),
        "wuerfel": p["wuerfel"],
        "von": BUILDS_PER_ROUND,
        "sp": p["sp"],
        "solo": view["solo"],
        "schaufeln": [{"key": k, "name": SHOVEL_NAMES[k]} for k in p["schaufeln"]],
        "preise": [PRIZE_NAMES[k] for k in p["preise"]],
        "sp_info": sp_info(name, p["schaufeln"], p["preise"], p["sp"], view["solo"]),
        "active": seat in view["to_move"],
        "am_zug": view["am_zug"] == seat,
        "phase": view["phase"],
        "gewaehlt": p["skizze_gewaehlt"],
        "weiter": p["weiter"],
        "letzte": p["letzte"],
        "rundenpunkte": list(p["rundenpunkte"]),
        "rekord": sum(view["rekord"]) if view["solo"] else None,
        "castle": castle,
        "offen": view["bauen"] == "offen",
    }


def center_data(view: JSON, ctx: FragmentContext) -> JSON:
    pennants = pennant_materials(view)
    wimpel = []
    for i, w in enumerate(view["wimpel"]):
        m = material(w["id"])
        lines = [f"{i + 1}. Wimpel des Tages: {MATERIAL_NAMES[m]}", "entscheidet Gleichstände (erster vor zweitem)"]
        for seat, n in enumerate(w["verbaut"]):
            lines.append(f"{ctx.names[seat]}: " + ("verdeckt" if n is None else count_text(n, "Würfel", "Würfel")))
        wimpel.append({"mat": w["material"], "name": MATERIAL_NAMES[m], "info": "\n".join(lines)})
    dice = [
        {
            "id": d[0],
            "pips": d[1],
            "mat": material_of(d),
            "name": die_text(d),
            "info": die_public_info(d, pennants),
        }
        for d in view["auslage"]
    ]
    order = []
    if view["phase"] == "bauen" and view["players"] > 1:
        order = [{"name": ctx.names[s], "now": view["am_zug"] == s, "seat": s} for s in view["reihenfolge"]]
    return {
        "runde": view["runde"],
        "runden": view["runden"],
        "phase": view["phase"],
        "wimpel": wimpel,
        "auslage": dice,
        "beutel": view["beutel"],
        "abgelegt": [die_text(d) for d in view["abgelegt"]],
        "order": order,
        "zug": view["zug"],
        "zuege": view["zuege"],
        "materialien": [{"key": m["key"], "name": m["name"], "regel": m["regel"]} for m in view["materialien"]],
    }


def board_data(view: JSON, board: JSON, names: list[str]) -> JSON:
    """The Rundenwertung: every step of every castle, the ranking with tie-break reasons, shovels, prizes."""
    castles = []
    for row in board["burgen"]:
        seat = row["seat"]
        castles.append(
            {
                "seat": seat,
                "name": names[seat],
                "posten": [{"label": s["label"], "punkte": s["punkte"]} for s in row["posten"]],
                "summe": row["summe"],
                "wimpel": list(row["wimpel"]),
                "getroffen": row["skizze_getroffen"],
            }
        )
    ranking = [
        {
            "platz": r["platz"],
            "name": names[r["seat"]],
            "seat": r["seat"],
            "punkte": r["punkte"],
            "grund": with_names(r["gleichstand"], names) if r["gleichstand"] else "",
        }
        for r in board["rangfolge"]
    ]
    shovels = [
        {"key": s["schaufel"], "name": s["name"], "wer": names[s["seat"]], "sp": s["sp"]} for s in board["schaufeln"]
    ]
    prizes = [
        {
            "key": p["preis"],
            "name": p["name"],
            "bedingung": p["bedingung"],
            "wer": names[p["seat"]] if p["seat"] is not None else "",
            "erfuellt": [names[s] for s in p["erfuellt"]],
            "gruende": [with_names(g, names) for g in p["gruende"]],
        }
        for p in board["preise"]
    ]
    return {
        "runde": board["runde"],
        "solo": board["solo"],
        "wimpel": [MATERIAL_NAMES[m] for m in board["wimpel"]],
        "burgen": castles,
        "rangfolge": ranking,
        "schaufeln": shovels,
        "preise": prizes,
        "siegpunkte": [{"name": names[s], "sp": sp} for s, sp in enumerate(board["siegpunkte"])],
        "rekordpunkte": board.get("rekordpunkte"),
        "prize_worth": SOLO_PRIZE_POINTS if board["solo"] else PRIZE_SP,
        "weiter": [
            {"name": names[p["seat"]], "done": bool(p["weiter"])} for p in view["spieler"] if p["weiter"] is not None
        ],
        "last": view["phase"] == "ende",
    }


def chart_data(view: JSON, names: list[str]) -> JSON:
    """Castle points per round for every player as an inline SVG line chart (plain numbers only)."""
    width, height, pad = 320, 150, 28
    rounds = view["runden"]
    series = [view["rekord"]] if view["solo"] else [p["rundenpunkte"] for p in view["spieler"]]
    top = max([1] + [v for s in series for v in s])
    top = ((top + 9) // 10) * 10

    def x(i: int) -> float:
        return round(pad + i * (width - 2 * pad) / max(1, rounds - 1), 1)

    def y(v: int) -> float:
        return round(height - pad - v * (height - 2 * pad) / top, 1)

    lines = []
    for seat, values in enumerate(series):
        points = [(x(i), y(v), v) for i, v in enumerate(values)]
        lines.append(
            {
                "seat": seat,
                "name": names[seat],
                "colour": SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                "points": " ".join(f"{px},{py}" for px, py, _v in points),
                "dots": [{"x": px, "y": py, "v": v} for px, py, v in points],
            }
        )
    grid = [{"y": y(v), "v": v} for v in range(0, top + 1, max(5, top // 4))]
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "grid": grid,
        "xs": [{"x": x(i), "label": f"Runde {i + 1}"} for i in range(rounds)],
        "title": "Rekordpunkte je Runde" if view["solo"] else "Burgpunkte je Runde",
        "x0": pad,
        "x1": width - pad,
    }


def end_data(view: JSON, ctx: FragmentContext) -> JSON | None:
    result = view["result"]
    if not result:
        return None
    names = ctx.names
    rows = []
    for p in view["spieler"]:
        seat = p["seat"]
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "place": result["places"][seat],
                "sp": result["siegpunkte"][seat],
                "schaufeln": grouped(result["schaufeln"][seat], SHOVEL_NAMES),
                "preise": grouped(result["preise"][seat], PRIZE_NAMES),
                "rundenpunkte": list(view["rekord"] if view["solo"] else result["rundenpunkte"][seat]),
                "getroffen": len(result["skizzen_getroffen"][seat]),
                "skizzenbuch": (ctx.snap.players[seat].get("sammlung") or {}).get("text"),
                "sp_info": sp_info(
                    names[seat], result["schaufeln"][seat], result["preise"][seat], p["sp"], view["solo"]
                ),
            }
        )
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    top = [r for r in rows if r["place"] == 1]
    if view["solo"]:
        prizes = len(result["preise"][0])
        verdict = (
            f"{result['rekordpunkte']} Rekordpunkte: {sum(result['rundenpunkte'][0])} Burgpunkte "
            f"+ {prizes} × 5 für {count_text(prizes, 'Preis', 'Preise')}."
        )
    elif len(top) == 1:
        verdict = f"{top[0]['name']} gewinnt mit {count_text(top[0]['sp'], 'Siegpunkt', 'Siegpunkten')}."
    else:
        verdict = " und ".join(r["name"] for r in top) + " teilen sich den ersten Platz."
    return {
        "rows": rows,
        "verdict": verdict,
        "solo": view["solo"],
        "rekordpunkte": result.get("rekordpunkte"),
        "chart": chart_data(view, names),
        "boards": [board_data(view, b, names) for b in view["wertungen"] or []],
        "factor": f"{result['faktor']:g}".replace(".", ","),
        "level": result["computerstaerke"],
    }


def grouped(keys: list[str], names: dict[str, str]) -> list[str]:
    """ "2× Goldene Schaufel", "Strandgut" – in the order of ``names``."""
    return [(f"{keys.count(k)}× " if keys.count(k) > 1 else "") + name for k, name in names.items() if k in keys]


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    text = with_names(event.get("text", ""), names)
    if event.get("type") in ENGINE_EVENTS and seat is not None and 0 <= seat < len(names):
        return {"who": names[seat], "text": text, "type": event.get("type", "")}
    return {"who": None, "text": text, "type": event.get("type", "")}


def public_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    view = ctx.view
    common = {"table_id": ctx.snap.table_id, "number": ctx.snap.number, "kind": ctx.snap.kind}
    out: dict[str, Fragment] = {
        "bg-send": Fragment(T + "send.html", {}),
        "bg-log": Fragment(T + "log.html", {"lines": [event_line(e, ctx.names) for e in ctx.snap.log[-LOG_LENGTH:]]}),
        "bg-center": Fragment(T + "center.html", center_data(view, ctx)),
        "bg-board": Fragment(
            T + "board.html",
            {
                "board": board_data(view, view["wertung"], ctx.names) if view["wertung"] else None,
                "phase": view["phase"],
            },
        ),
        "bg-end": Fragment(T + "end.html", {**common, "end": end_data(view, ctx)}),
    }
    for p in view["spieler"]:
        out[f"bg-seat-{p['seat']}"] = Fragment(T + "seat.html", {"card": seat_card(view, p, ctx)})
    return out


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


def _preview_text(p: JSON) -> JSON:
    return {
        "punkte": p["punkte"],
        "gesamt": p["gesamt"],
        "moeglich": p["skizze_moeglich"],
        "getroffen": p["skizze_getroffen"],
        "preise": list(p["preise"]),
    }


def turn_data(view: JSON) -> JSON:
    """What the page lights up and previews for the seat to move (the ``data-turn`` of ``bg-turn``)."""
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
    if not legal or view["phase"] != "bauen":
        return out
    me = view["spieler"][seat]
    if view["schritt"] == "ablegen":
        hint = view["ablegen_hinweis"]
        if hint:
            out["rot"] = hint["rot"]
            gegner = hint["gegner"]
            for key, info in hint["je_wuerfel"].items():
                if info is not None:
                    out["gabe"][key] = info["text"]
            out["gegner"] = gegner
        out["ablegen"] = [d[0] for d in view["auslage"]]
        return out
    castle = [[d[:] for d in st] for st in me["burg"]]
    soll = me["skizze"]["soll"]
    lost = len(me["verloren"] or [])
    cache: dict[tuple[int, int], tuple[JSON, str]] = {}
    for d in view["auslage"]:
        key = str(d[0])
        fields = view["plaetze"][key]
        kind = (material(d[0]), d[1])
        if kind not in cache:
            per_field = {str(f): _preview_text(preview.placement(castle, soll, lost, d, f)) for f in fields}
            info = preview.die_for_castle(me, d)
            cache[kind] = (per_field, info["text"] if info else "")
        per_field, text = cache[kind]
        out["plaetze"][key] = list(fields)
        out["vorschau"][key] = per_field
        out["info"][key] = text
        if not fields:
            out["verlieren"].append(d[0])
    return out


def status_data(ctx: FragmentContext) -> JSON:
    view, names, seat = ctx.view, ctx.names, ctx.seat
    players = ctx.snap.players
    phase = view["phase"]
    thinking = False
    head = f"Runde {view['runde']}/{view['runden']} · "
    if phase == "ende":
        text = "Die Partie ist vorbei."
    elif phase == "skizze":
        waiting = [s for s in view["to_move"] if s != seat]
        thinking = any(players[s].get("bot") for s in waiting)
        if seat is not None and seat in view["to_move"]:
            text = head + "Wähle deine Skizze (2 ziehen, 1 behalten)."
        else:
            text = head + "Warte auf die Skizzenwahl: " + ", ".join(names[s] for s in waiting) + "."
    elif phase == "wertung":
        waiting = [s for s in view["to_move"] if s != seat]
        if seat is not None and seat in view["to_move"]:
            text = head + "Rundenwertung – drücke „Weiter“, wenn du so weit bist."
        else:
            text = head + "Rundenwertung – warte auf: " + ", ".join(names[s] for s in waiting) + "."
    else:
        cur = view["am_zug"]
        die_no = view["spieler"][cur]["wuerfel"]
        if cur == seat and view["schritt"] == "ablegen":
            text = head + "Lege noch einen Würfel der Auslage ab – er ist aus dem Spiel."
        elif cur == seat:
            text = head + f"Du bist dran: dein {die_no + 1}. Würfel von {BUILDS_PER_ROUND}."
        elif players[cur].get("bot"):
            text = head + f"{names[cur]} überlegt …"
            thinking = True
        else:
            text = head + f"{names[cur]} ist dran."
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
        return "Wähle eine der beiden Skizzen (Taste 1 oder 2). Die Auslage siehst du schon."
    if view["phase"] == "wertung":
        return "Sieh dir die Wertung an und drück „Weiter“ (Enter)."
    if turn["step"] == "ablegen":
        if turn["rot"] is not None:
            return "Lege einen Würfel ab. Rot markiert: der Würfel, der deinem Gegner am meisten brächte."
        return "Lege einen zweiten Würfel der Auslage ab (antippen, dann noch einmal zum Ablegen)."
    return "Tippe einen Würfel der Auslage an (oder ← →), dann einen leuchtenden Platz (oder Taste 1–9)."


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
    turn = turn_data(view)
    out: dict[str, Fragment] = {
        "bg-status": Fragment(T + "status.html", status_data(ctx)),
        "bg-wahl": Fragment(T + "wahl.html", wahl_data(view, ctx)),
        "bg-turn": Fragment(
            T + "turn.html",
            {
                "turn_json": json.dumps(turn, separators=(",", ":")),
                "mine": turn["mine"],
                "phase": view["phase"],
                "step": turn["step"],
                "prompt": prompt(view, turn),
                "rat": ctx.snap.rat and view["phase"] in ("bauen", "skizze"),
                "weiter": view["phase"] == "wertung" and turn["mine"],
            },
        ),
    }
    if ctx.seat is not None:
        out["bg-own"] = Fragment(T + "own.html", {"own": own_data(view, ctx)})
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few German words, for the lobby list."""
    parts = ["offenes Bauen" if options.get("bauen") == "offen" else "verdeckt (Windschutz)"]
    if options.get("skizzenwahl") == "zwei":
        parts.append("Skizzen: 2 ziehen, 1 behalten")
    if options.get("tempo") == "schnell":
        parts.append("Tempo Schnell")
    return ", ".join(parts)
