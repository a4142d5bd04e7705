"""Speedrocket's public panels as plain data, built from the spectator's view only.

Everything here is the same for every viewer: the Hülse's fields, one
manufactory (its chips on the Hülse, Zündmesser and bar, Pulverbeutel with an
info window per chip), the side list of all manufactories, the
Abendvorstellung, the Extrablatt and the log lines. ``ui`` turns them into
fragments.
"""

from __future__ import annotations

import math
from typing import Any

from games.core.fragments import FragmentContext
from games.core.text import N_
from games.core.translate import active_language, gettext, ngettext, say, say_event
from games.rocket.content import (
    COLOUR_NAMES,
    CRYSTAL_FIELDS,
    LAST_FIELD,
    MARK,
    PRICES,
    RUHM,
    STYLE_TEXT,
    chip_text,
    chip_value,
)

JSON = dict[str, Any]
# German msgids (marked with N_), shown through gettext
STEP_NAMES = (N_("Tagespreis"), N_("Wertung"), N_("Kristallfeld"), N_("Ruhm"))
PHASE_NAMES = {
    "stopfen": N_("Stopfen – alle gleichzeitig"),
    "vorstellung": N_("Abendvorstellung"),
    "handel": N_("Pulverhandlung – alle gleichzeitig"),
    "ende": N_("Die Herbstmesse ist vorbei"),
}
KIND_NAMES = {"legen": N_("Beim Legen"), "wertung": N_("Wertung"), "handel": N_("Pulverhandlung")}


def _chips(n: int) -> str:
    return ngettext("%(n)s Chip", "%(n)s Chips", n) % {"n": n}


def _spiral() -> list[JSON]:
    """Fields 0–53 on an Archimedean spiral from the centre outwards (SVG units, centre 0/0)."""
    step, gap, r0 = 31.0, 33.0, 22.0
    b = gap / (2 * math.pi)
    theta = 0.0
    out = []
    for f in range(LAST_FIELD + 1):
        r = r0 + b * theta
        x, y = r * math.cos(theta - math.pi / 2), r * math.sin(theta - math.pi / 2)
        lines = [
            gettext("Feld %(n)s") % {"n": f},
            gettext("Mark %(mark)s · Ruhm %(ruhm)s") % {"mark": MARK[f], "ruhm": RUHM[f]},
        ]
        if f in CRYSTAL_FIELDS:
            lines.append(gettext("Kristallfeld: als Wertungsfeld 1 Kristall"))
        if f == LAST_FIELD:
            lines.append(gettext("höchstes Wertungsfeld – hierher kommt kein Chip"))
        out.append(
            {
                "f": f,
                "x": round(x, 1),
                "y": round(y, 1),
                "mark": MARK[f],
                "ruhm": RUHM[f],
                "k": f in CRYSTAL_FIELDS,
                "info": "\n".join(lines),
            }
        )
        theta += step / r
    return out


_FIELDS: dict[str, list[JSON]] = {}


def fields() -> list[JSON]:
    """The spiral's fields with their info windows in the active language (built once per language)."""
    language = active_language()
    if language not in _FIELDS:
        _FIELDS[language] = _spiral()
    return _FIELDS[language]


def recipe_line(view: JSON, colour: str) -> str:
    for r in view["rezepturen"]:
        if r["farbe"] == colour:
            return gettext("Rezeptur %(n)s %(name)s – %(kind)s: %(text)s") % {
                "n": r["nummer"],
                "name": r["name"],
                "kind": gettext(KIND_NAMES[r["art"]]),
                "text": say(r["text"]),
            }
    if colour == "W":
        return gettext("Zu viel Blitzpulver in der Hülse zündet die Rakete.")
    return gettext("Ohne Rezeptur: rückt nur um seinen Wert vor.")


def counted(view: JSON, p: JSON, chip: str) -> int:
    """What a Blitzpulver would add to the Zündmesser (Funkenflug: the first adds nothing)."""
    if view["blatt"]["id"] == "funkenflug" and not p["funken"]:
        return 0
    return chip_value(chip)


def chip_info(view: JSON, p: JSON, chip: str, where: str) -> str:
    """The info window of a chip: name, value, price, this game's recipe and what it means now."""
    lines = [chip_text(chip)]
    if chip[0] == "W":
        lines.append(gettext("Wert %(v)s · nicht käuflich") % {"v": chip_value(chip)})
    else:
        price = view["preise"].get(chip, PRICES.get(chip, 0))
        lines.append(gettext("Wert %(v)s · Preis %(price)s Mark") % {"v": chip_value(chip), "price": price})
    lines.append(recipe_line(view, chip[0]))
    if where == "beutel" and p["beutel"]:
        n, total = p["beutel"].count(chip), len(p["beutel"])
        lines.append(
            gettext("im Beutel %(n)s von %(total)s: %(pct)s %% Chance, dass er als Nächstes kommt")
            % {"n": n, "total": total, "pct": round(100 * n / total)}
        )
        if chip[0] == "W" and view["phase"] == "stopfen" and not p["fertig"]:
            after = p["zuendmesser"] + counted(view, p, chip)
            verdict = gettext("zündet!") if after > p["grenze"] else gettext("zündet nicht")
            lines.append(
                gettext("brächte den Zündmesser auf %(after)s/%(limit)s – %(verdict)s")
                % {"after": after, "limit": p["grenze"], "verdict": verdict}
            )
    return "\n".join(lines)


def bag_chips(view: JSON, p: JSON) -> list[JSON]:
    """Every chip of the bag, sorted by colour, each with its info window."""
    order = {c: i for i, c in enumerate("WOGBRYPS")}
    infos: dict[str, str] = {}
    out = []
    for chip in sorted(p["beutel"], key=lambda c: (order[c[0]], c[1])):
        if chip not in infos:
            infos[chip] = chip_info(view, p, chip, "beutel")
        out.append({"chip": chip, "c": chip[0], "v": chip_value(chip), "info": infos[chip]})
    return out


def meter(view: JSON, p: JSON) -> JSON:
    """The Zündmesser: its cells up to the limit, and the bar of what the next chip can be."""
    cells = [{"n": n, "on": n <= p["zuendmesser"]} for n in range(1, p["grenze"] + 1)]
    g = p["gefahr"]
    bar = None
    if g is not None:
        total = g["gruen"] + g["gelb"] + g["rot"]
        bar = {
            **g,
            "total": total,
            "w_gruen": round(100 * g["gruen"] / total, 1) if total else 0,
            "w_gelb": round(100 * g["gelb"] / total, 1) if total else 0,
            "w_rot": round(100 * g["rot"] / total, 1) if total else 0,
        }
    return {
        "summe": p["zuendmesser"],
        "grenze": p["grenze"],
        "vertraegt": p["grenze"] - p["zuendmesser"],
        "cells": cells,
        "over": p["zuendmesser"] > p["grenze"],
        "bar": bar,
    }


def seat_state_text(view: JSON, p: JSON) -> str:
    if view["phase"] == "stopfen":
        if p["fehlzuendung"]:
            return gettext("Fehlzündung!")
        if p["offen"] is not None:
            return gettext("Sand drauf?") if p["offen"]["art"] == "sand" else gettext("Vorschau …")
        if p["fertig"]:
            return gettext("hat aufgehört (Feld %(n)s)") % {"n": p["wertungsfeld"]}
        return gettext("stopft …")
    if view["phase"] == "vorstellung":
        return gettext("Fehlzündung") if p["fehlzuendung"] else gettext("Wertungsfeld %(n)s") % {"n": p["wertungsfeld"]}
    if view["phase"] == "handel":
        return gettext("fertig eingekauft") if p["handel_fertig"] else gettext("kauft ein …")
    return gettext("%(n)s Ruhm") % {"n": p["ruhm"]}


def rival_info(ctx: FragmentContext, p: JSON) -> str:
    seat = p["seat"]
    bot = ctx.snap.players[seat].get("bot")
    lines = [ctx.names[seat] + (" (Computer)" if bot else "")]
    if bot and p["stil"]:
        lines.append(
            gettext("Stil: %(style)s – %(text)s")
            % {"style": say(p["stil"]), "text": say(STYLE_TEXT.get(p["stil"], ""))}
        )
    crystals = ngettext("%(n)s Kristall", "%(n)s Kristalle", p["kristalle"]) % {"n": p["kristalle"]}
    lines.append(
        gettext("%(ruhm)s Ruhm · %(crystals)s · Vorladung Feld %(pre)s")
        % {"ruhm": p["ruhm"], "crystals": crystals, "pre": p["vorladung"]}
    )
    lines.append(
        gettext("Zündmesser %(n)s/%(limit)s · %(chips)s im Beutel")
        % {"n": p["zuendmesser"], "limit": p["grenze"], "chips": _chips(len(p["beutel"]))}
    )
    lines.append(gettext("Antippen: Hülse, Zündmesser und Beutel groß"))
    return "\n".join(lines)


def werkstatt_data(ctx: FragmentContext, p: JSON) -> JSON:
    """One manufactory as everyone sees it (built from the spectator's view)."""
    view = ctx.view
    seat = p["seat"]
    bot = ctx.snap.players[seat].get("bot")
    chips = []
    spiral = fields()
    prev = p["start"]
    for i, h in enumerate(p["huelse"]):
        lines = [
            chip_text(h["chip"]),
            gettext("liegt auf Feld %(field)s (von Feld %(prev)s aus)") % {"field": h["feld"], "prev": prev},
        ]
        if h["chip"][0] == "W":
            lines.append(gettext("zählt %(n)s auf dem Zündmesser") % {"n": h["zaehlt"]})
        lines.append(recipe_line(view, h["chip"][0]))
        chips.append(
            {
                "i": i,
                "c": h["chip"][0],
                "v": chip_value(h["chip"]),
                "x": spiral[h["feld"]]["x"],
                "y": spiral[h["feld"]]["y"],
                "f": h["feld"],
                "von": prev,
                "info": "\n".join(lines),
            }
        )
        prev = h["feld"]
    offen = p["offen"]
    pending = None
    if offen is not None:
        if offen["art"] == "sand":
            pending = gettext("%(chip)s würde zünden – Sand drauf?") % {"chip": chip_text(offen["chip"])}
        else:
            pending = gettext("sieht sich %(chips)s der Vorschau an") % {"chips": _chips(offen["anzahl"])}
    wf = p["wertungsfeld"]
    return {
        "seat": seat,
        "name": ctx.names[seat],
        "bot": bool(bot),
        "stil": say(p["stil"]) if bot else "",
        "stil_text": say(STYLE_TEXT.get(p["stil"], "")) if bot else "",
        "ruhm": p["ruhm"],
        "kristalle": p["kristalle"],
        "vorladung": p["vorladung"],
        "eimer": p["eimer"],
        "sandknapp": view["blatt"]["id"] == "sandknapp",
        "start": p["start"],
        "start_xy": [spiral[p["start"]]["x"], spiral[p["start"]]["y"]],
        "lehrbuben": p["lehrbuben"],
        "wf": wf,
        "wf_xy": [spiral[wf]["x"], spiral[wf]["y"]],
        "wf_info": gettext("Wertungsfeld %(n)s: Mark %(mark)s · Ruhm %(ruhm)s")
        % {"n": wf, "mark": MARK[wf], "ruhm": RUHM[wf]}
        + (gettext(" · Kristall") if wf in CRYSTAL_FIELDS else ""),
        "fehl": p["fehlzuendung"],
        "fertig": p["fertig"],
        "phase": view["phase"],
        "chips": chips,
        "meter": meter(view, p),
        "beutel": bag_chips(view, p),
        "beiseite": [chip_text(c) for c in p["beiseite"]],
        "pending": pending,
        "treibsatz": p["treibsatz"],
        "schwung": p["schwung"],
        "state": seat_state_text(view, p),
    }


def side_rows(ctx: FragmentContext) -> list[JSON]:
    view = ctx.view
    rows = []
    for p in view["spieler"]:
        seat = p["seat"]
        rows.append(
            {
                "seat": seat,
                "name": ctx.names[seat],
                "bot": bool(ctx.snap.players[seat].get("bot")),
                "feld": p["wertungsfeld"],
                "hoehe": round(100 * p["wertungsfeld"] / LAST_FIELD, 1),
                "chips": len(p["huelse"]),
                "ruhm": p["ruhm"],
                "kristalle": p["kristalle"],
                "fehl": p["fehlzuendung"],
                "active": seat in view["to_move"],
                "state": seat_state_text(view, p),
                "zuendmesser": p["zuendmesser"],
                "grenze": p["grenze"],
                "info": rival_info(ctx, p),
            }
        )
    return rows


def show_data(ctx: FragmentContext) -> JSON:
    """The Abendvorstellung step by step: what every finished step did; the heights of tonight."""
    view = ctx.view
    steps = []
    for n, name in enumerate(STEP_NAMES, start=1):
        items = view["vorstellung"][n - 1] if n <= len(view["vorstellung"]) else None
        state = "next"
        if items is not None:
            state = "now" if (view["phase"] == "vorstellung" and n == view["schritt"]) else "done"
        steps.append(
            {
                "n": n,
                "name": gettext(name),
                "state": state,
                "lines": [
                    {"seat": it["seat"], "name": ctx.names[it["seat"]], "text": say_event(it)} for it in (items or [])
                ],
            }
        )
    tonight = view["hoehen"][-1] if view["hoehen"] and view["phase"] != "stopfen" else []
    heights = [
        {
            "seat": i,
            "name": ctx.names[i],
            "feld": h["feld"],
            "fehl": h["fehl"],
            "hoehe": round(100 * h["feld"] / LAST_FIELD, 1),
            "weiter": view["spieler"][i]["weiter"],
        }
        for i, h in enumerate(tonight)
    ]
    return {
        "phase": view["phase"],
        "abend": view["abend"],
        "schritt": view["schritt"],
        "steps": steps,
        "heights": heights,
        "ziel": view["zielfeld"],
        "ziel_hoehe": round(100 * view["zielfeld"] / LAST_FIELD, 1) if view["zielfeld"] else None,
        "konkurrenz": view["blatt"]["id"] == "konkurrenz",
    }


def blatt_data(view: JSON) -> JSON:
    return {
        "abend": view["abend"],
        "abende": view["abende"],
        "phase": view["phase"],
        "phase_name": gettext(PHASE_NAMES[view["phase"]]),
        "name": view["blatt"]["name"],
        "text": say(view["blatt"]["text"]),
        "id": view["blatt"]["id"],
        "letzter": view["letzter_abend"],
        "solo": view["solo"],
        "ziel": view["zielfeld"],
        "rezepte": [
            {
                "farbe": r["farbe"],
                "farbname": COLOUR_NAMES[r["farbe"]],
                "nummer": r["nummer"],
                "name": r["name"],
                "info": gettext("%(colour)s: Rezeptur %(n)s %(name)s")
                % {"colour": COLOUR_NAMES[r["farbe"]], "n": r["nummer"], "name": r["name"]}
                + "\n"
                + f"{gettext(KIND_NAMES[r['art']])}: {say(r['text'])}",
            }
            for r in view["rezepturen"]
        ],
    }


#: The table's own events (a clock ran out, a seat left, the table was closed): whole sentences that name
#: the seat themselves, so the line does not put the name in front again.
SENTENCE_EVENTS = frozenset({"zeit", "verlassen", "abgebrochen", "geschlossen"})


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    named = isinstance(seat, int) and 0 <= seat < len(names) and event.get("type") not in SENTENCE_EVENTS
    who = names[seat] if named else None
    return {"who": who, "text": say_event(event), "type": event.get("type", "")}
