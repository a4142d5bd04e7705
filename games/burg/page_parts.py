"""Speedburg's page parts as plain data: texts, castles, sketches, prize lines, seat cards, the beach.

Everything here is computed from a view only, so the public parts (seat cards, the Auslage) are
built from the spectator's view and are the same for every viewer (``ui.public_fragments``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import ngettext

from games.core.fragments import FragmentContext
from games.core.translate import say

from . import scoring
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

JSON = dict[str, Any]
SHOVEL_NAMES = {key: name for key, name, _sp in SHOVELS}
PRIZE_CONDITIONS = {key: condition for key, _name, condition in PRIZES}


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


# ------------------------------------------------------------------ the public parts


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
        "letzte": say(p["letzte"]) if p["letzte"] else "",
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
