"""Speedburg's page parts as plain data: texts, castles, sketches, prize lines, seat cards, the beach.

Everything here is computed from a view only, so the public parts (seat cards, the Auslage) are
built from the spectator's view and are the same for every viewer (``ui.public_fragments``).
"""

from __future__ import annotations

from typing import Any

from games.core.fragments import FragmentContext, remembered
from games.core.translate import gettext, ngettext, say

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
    die_name,
    field_name,
    material,
)

JSON = dict[str, Any]
SHOVEL_NAMES = {key: name for key, name, _sp in SHOVELS}
PRIZE_CONDITIONS = {key: condition for key, _name, condition in PRIZES}


# ------------------------------------------------------------------ texts


def die_text(die: list[int]) -> str:
    """A die in the active language: "Granit 4"."""
    return say(die_name(die))


def field_text(field: int) -> str:
    """A field in the active language: "Feld 1"."""
    return say(field_name(field))


def dice_count(n: int) -> str:
    return ngettext("%(n)d Würfel", "%(n)d Würfel", n) % {"n": n}


def sp_count(n: int) -> str:
    return ngettext("%(n)d Siegpunkt", "%(n)d Siegpunkte", n) % {"n": n}


def prize_count(n: int) -> str:
    return ngettext("%(n)d Preis", "%(n)d Preise", n) % {"n": n}


def with_names(text: str, names: list[str]) -> str:
    """The engine names seats as tokens {s0}..{s3}; the page shows the players' names."""
    for seat, name in enumerate(names):
        text = text.replace("{s" + str(seat) + "}", name)
    return text


def target_text(target: int) -> str:
    if target == PUDDLE:
        return gettext("Pfütze (gesperrt)")
    if target == 0:
        return gettext("gestrichelt: darf bebaut werden, kostet aber den Skizzenbonus")
    return gettext("Sollhöhe %(n)s") % {"n": target}


def material_of(die: list[int]) -> str:
    return MATERIAL_KEYS[material(die[0])]


def pennant_materials(view: JSON) -> list[int]:
    return [material(w["id"]) for w in view["wimpel"]]


def die_public_info(die: list[int], pennants: list[int]) -> str:
    """Info window of an Auslage die, the part everyone may see: material, pips, how it scores."""
    m = material(die[0])
    name = say(MATERIAL_NAMES[m])
    lines = [
        die_text(die),
        ngettext("%(material)s · %(n)s Auge", "%(material)s · %(n)s Augen", die[1]) % {"material": name, "n": die[1]},
        f"{name}: {say(MATERIAL_RULES[m])}",
    ]
    if m in pennants:
        lines.append(
            gettext("Wimpel-Material (%(n)s. Wimpel): entscheidet Gleichstände") % {"n": pennants.index(m) + 1}
        )
    lines.append(
        ngettext(
            "darf auf ein freies Feld oder auf einen Würfel mit höchstens %(n)s Auge",
            "darf auf ein freies Feld oder auf einen Würfel mit höchstens %(n)s Augen",
            die[1],
        )
        % {"n": die[1]}
    )
    return "\n".join(lines)


def sp_info(name: str, schaufeln: list[str], preise: list[str], sp: int, solo: bool) -> str:
    """Info window of a card's Siegpunkte: what shovels and prizes are worth and where the points come from."""
    lines = [f"{name}: {sp_count(sp)}"]
    for key, label, value in SHOVELS:
        n = schaufeln.count(key)
        if n:
            lines.append(
                gettext("%(label)s × %(n)s = %(sp)s SP (%(value)s SP je Schaufel)")
                % {"label": label, "n": n, "sp": n * value, "value": value}
            )
    if preise:
        if solo:
            worth = gettext("%(n)s Rekordpunkte") % {"n": SOLO_PRIZE_POINTS}
        else:
            worth = gettext("%(n)s SP") % {"n": PRIZE_SP}
        names = ", ".join(PRIZE_NAMES[p] for p in preise)
        lines.append(
            gettext("%(prizes)s (%(names)s), je %(worth)s")
            % {"prizes": prize_count(len(preise)), "names": names, "worth": worth}
        )
    if len(lines) == 1:
        lines.append(gettext("noch keine Schaufel und kein Preis"))
    return "\n".join(lines)


# ------------------------------------------------------------------ castles as plain data


@remembered
def castle_data(burg: list[list[list[int]]], soll: list[int], verloren: list[list[int]] | None) -> JSON:
    """A castle for the templates: 9 cells with their target and stack, every die with its info text.
    Remembered by its input: a castle changes only with its owner's builds, and is shown on every version."""
    details = {(d["feld"], d["ebene"]): d for d in scoring.die_details(burg, soll)}
    cells = []
    for f in range(FIELDS):
        stack = []
        for level, die in enumerate(burg[f], start=1):
            d = details[(f, level)]
            where = gettext("%(die)s · %(field)s, Ebene %(level)s") % {
                "die": die_text(die),
                "field": field_text(f),
                "level": level,
            }
            info = [where, say(d["msg"]), target_text(soll[f])]
            stack.append({"id": die[0], "pips": die[1], "mat": material_of(die), "info": "\n".join(info)})
        cells.append(
            {
                "f": f,
                "soll": soll[f],
                "hoehe": len(burg[f]),
                "stack": stack,
                "ok": soll[f] != PUDDLE and len(burg[f]) == max(soll[f], 0),
                "label": f"{field_text(f)}: {target_text(soll[f])}, "
                + (gettext("Stapel %(n)s hoch") % {"n": len(burg[f])} if burg[f] else gettext("frei")),
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
        + "\n"
        + gettext("Skizze getroffen (+6): jedes Feld genau so hoch wie gezeichnet")
        + "\n"
        + gettext("%(n)s Pfützen · Sollhöhen zusammen 6") % {"n": sum(1 for t in skizze["soll"] if t == PUDDLE)},
    }


@remembered
def progress_rows(burg: list[list[list[int]]], solo: bool) -> list[JSON]:
    """The prize lines under the sketch: condition, own progress and value (info windows); remembered by
    the castle, as ``castle_data``."""
    if solo:
        worth = gettext("%(n)s Rekordpunkte") % {"n": SOLO_PRIZE_POINTS}
    else:
        worth = gettext("%(n)s Siegpunkte – so viel wie die Silberne Schaufel") % {"n": PRIZE_SP}
    rows = []
    for key, info in scoring.prize_progress(burg).items():
        rows.append(
            {
                "key": key,
                "text": say(info["msg"]),
                "ok": info["erfuellt"],
                "info": gettext("%(name)s\nBedingung: %(condition)s\nDein Stand: %(progress)s\nWert: %(worth)s")
                % {
                    "name": PRIZE_NAMES[key],
                    "condition": say(PRIZE_CONDITIONS[key]),
                    "progress": say(info["msg"]),
                    "worth": worth,
                },
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
            "getroffen": scoring.sketch_hit(p["burg"], p["skizze"]["soll"]),  # as the own castle says it
            "fortschritt": [
                {"text": say(i["msg"]), "ok": i["erfuellt"]} for i in scoring.prize_progress(p["burg"]).values()
            ],
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


def pennant_line(name: str, built: int | None) -> str:
    """A castle's line in a pennant's info window: its dice of the pennant's material, if visible."""
    return f"{name}: " + (gettext("verdeckt") if built is None else dice_count(built))


def own_pennant_lines(view: JSON, ctx: FragmentContext) -> JSON | None:
    """The seat's own lines of the pennants' info windows (``prefix`` finds the line, ``lines`` per pennant).

    The Strand is the same for every seat, so with hidden building its pennants say "verdeckt" for every
    castle, the own one too; the page puts in what the seat sees of its own castle (static/games/burg/table.js).
    """
    if ctx.seat is None or not view["wimpel"]:
        return None
    counts = [w["verbaut"][ctx.seat] for w in view["wimpel"]]
    if any(n is None for n in counts):
        return None
    name = ctx.names[ctx.seat]
    return {"prefix": f"{name}: ", "lines": [pennant_line(name, n) for n in counts]}


def center_data(view: JSON, ctx: FragmentContext) -> JSON:
    pennants = pennant_materials(view)
    wimpel = []
    for i, w in enumerate(view["wimpel"]):
        m = material(w["id"])
        name = say(MATERIAL_NAMES[m])
        lines = [
            gettext("%(n)s. Wimpel des Tages: %(material)s") % {"n": i + 1, "material": name},
            gettext("entscheidet Gleichstände (erster vor zweitem)"),
        ]
        lines += [pennant_line(ctx.names[seat], n) for seat, n in enumerate(w["verbaut"])]
        wimpel.append({"mat": w["material"], "name": name, "info": "\n".join(lines)})
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
        "materialien": [
            {"key": m["key"], "name": say(m["name"]), "regel": say(m["regel"])} for m in view["materialien"]
        ],
    }
