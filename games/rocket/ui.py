"""Speedrocket's table page: fragments as template + plain data.

Public fragments are built from the spectator's view, so every viewer gets the
same input and the runtime renders each once: the Hülse's fields (constant, so
each page gets them once), the Extrablatt, one manufactory panel per seat (its
chips on the Hülse, Zündmesser with its bar, Pulverbeutel), the side list of
all manufactories (their rockets rise live while everyone draws), the
Abendvorstellung and the log. Private fragments are small and built from the
seat's own view: the status line, the seat's controls (what it may do, the
Vorschau chips only it sees, its shop) and the end board.

What the seat may do is derived from its view alone (``legal_from_view``),
checked against the engine by the tests.
"""

from __future__ import annotations

import json
import math
from typing import Any

from games.core.fragments import Fragment, FragmentContext
from games.rocket.content import (
    COLOUR_NAMES,
    CRYSTAL_FIELDS,
    LAST_CHIP_FIELD,
    LAST_FIELD,
    MARK,
    PRICES,
    RECIPE_COLOURS,
    RUHM,
    STYLE_TEXT,
    WARES,
    chip_text,
    chip_value,
    count_text,
)

T = "games/rocket/"
PAGE_PREFIX = "rk"  # class and id prefix of the table page (templates/games/core/table.html)
JSON = dict[str, Any]
LOG_LENGTH = 40
CRYSTALS_PER_TRADE = 2
#: the shop's seven wares in key order 1–7 (RT "Tasten": Kalkorange bis Schwarzpulver)
SHOP_COLOURS = ("O", "G", "B", "R", "Y", "P", "S")
STEP_NAMES = ("Tagespreis", "Wertung", "Kristallfeld", "Ruhm")
PHASE_NAMES = {
    "stopfen": "Stopfen – alle gleichzeitig",
    "vorstellung": "Abendvorstellung",
    "handel": "Pulverhandlung – alle gleichzeitig",
    "ende": "Die Herbstmesse ist vorbei",
}
KIND_NAMES = {"legen": "Beim Legen", "wertung": "Wertung", "handel": "Pulverhandlung"}
CHART_COLOURS = ("#e0533d", "#3d8be0", "#3dbb6a", "#c68a1d")


# ------------------------------------------------------------------ the Hülse


def _spiral() -> list[JSON]:
    """Fields 0–53 on an Archimedean spiral from the centre outwards (SVG units, centre 0/0)."""
    step, gap, r0 = 31.0, 33.0, 22.0
    b = gap / (2 * math.pi)
    theta = 0.0
    out = []
    for f in range(LAST_FIELD + 1):
        r = r0 + b * theta
        x, y = r * math.cos(theta - math.pi / 2), r * math.sin(theta - math.pi / 2)
        lines = [f"Feld {f}", f"Mark {MARK[f]} · Ruhm {RUHM[f]}"]
        if f in CRYSTAL_FIELDS:
            lines.append("Kristallfeld: als Wertungsfeld 1 Kristall")
        if f == LAST_FIELD:
            lines.append("höchstes Wertungsfeld – hierher kommt kein Chip")
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


FIELDS = _spiral()


def chip_colour_name(chip: str) -> str:
    return COLOUR_NAMES[chip[0]]


def recipe_line(view: JSON, colour: str) -> str:
    for r in view["rezepturen"]:
        if r["farbe"] == colour:
            return f"Rezeptur {r['nummer']} {r['name']} – {KIND_NAMES[r['art']]}: {r['text']}"
    if colour == "W":
        return "Zu viel Blitzpulver in der Hülse zündet die Rakete."
    return "Ohne Rezeptur: rückt nur um seinen Wert vor."


def counted(view: JSON, p: JSON, chip: str) -> int:
    """What a Blitzpulver would add to the Zündmesser (Funkenflug: the first adds nothing)."""
    if view["blatt"]["id"] == "funkenflug" and not p["funken"]:
        return 0
    return chip_value(chip)


def chip_info(view: JSON, p: JSON, chip: str, where: str) -> str:
    """The info window of a chip: name, value, price, this game's recipe and what it means now."""
    lines = [chip_text(chip)]
    if chip[0] == "W":
        lines.append(f"Wert {chip_value(chip)} · nicht käuflich")
    else:
        lines.append(f"Wert {chip_value(chip)} · Preis {view['preise'].get(chip, PRICES.get(chip, 0))} Mark")
    lines.append(recipe_line(view, chip[0]))
    if where == "beutel" and p["beutel"]:
        n, total = p["beutel"].count(chip), len(p["beutel"])
        lines.append(f"im Beutel {n} von {total}: {round(100 * n / total)} % Chance, dass er als Nächstes kommt")
        if chip[0] == "W" and view["phase"] == "stopfen" and not p["fertig"]:
            after = p["zuendmesser"] + counted(view, p, chip)
            verdict = "zündet!" if after > p["grenze"] else "zündet nicht"
            lines.append(f"brächte den Zündmesser auf {after}/{p['grenze']} – {verdict}")
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
            return "Fehlzündung!"
        if p["offen"] is not None:
            return "Sand drauf?" if p["offen"]["art"] == "sand" else "Vorschau …"
        return f"hat aufgehört (Feld {p['wertungsfeld']})" if p["fertig"] else "stopft …"
    if view["phase"] == "vorstellung":
        return "Fehlzündung" if p["fehlzuendung"] else f"Wertungsfeld {p['wertungsfeld']}"
    if view["phase"] == "handel":
        return "fertig eingekauft" if p["handel_fertig"] else "kauft ein …"
    return f"{p['ruhm']} Ruhm"


def rival_info(ctx: FragmentContext, p: JSON) -> str:
    seat = p["seat"]
    bot = ctx.snap.players[seat].get("bot")
    lines = [ctx.names[seat] + (" (Computer)" if bot else "")]
    if bot and p["stil"]:
        lines.append(f"Stil: {p['stil']} – {STYLE_TEXT.get(p['stil'], '')}")
    lines.append(
        f"{p['ruhm']} Ruhm · {count_text(p['kristalle'], 'Kristall', 'Kristalle')} · Vorladung Feld {p['vorladung']}"
    )
    lines.append(
        f"Zündmesser {p['zuendmesser']}/{p['grenze']} · {count_text(len(p['beutel']), 'Chip', 'Chips')} im Beutel"
    )
    lines.append("Antippen: Hülse, Zündmesser und Beutel groß")
    return "\n".join(lines)


def werkstatt_data(ctx: FragmentContext, p: JSON) -> JSON:
    """One manufactory as everyone sees it (built from the spectator's view)."""
    view = ctx.view
    seat = p["seat"]
    bot = ctx.snap.players[seat].get("bot")
    chips = []
    prev = p["start"]
    for i, h in enumerate(p["huelse"]):
        lines = [chip_text(h["chip"]), f"liegt auf Feld {h['feld']} (von Feld {prev} aus)"]
        if h["chip"][0] == "W":
            lines.append(f"zählt {h['zaehlt']} auf dem Zündmesser")
        lines.append(recipe_line(view, h["chip"][0]))
        chips.append(
            {
                "i": i,
                "c": h["chip"][0],
                "v": chip_value(h["chip"]),
                "x": FIELDS[h["feld"]]["x"],
                "y": FIELDS[h["feld"]]["y"],
                "info": "\n".join(lines),
            }
        )
        prev = h["feld"]
    offen = p["offen"]
    pending = None
    if offen is not None:
        if offen["art"] == "sand":
            pending = f"{chip_text(offen['chip'])} würde zünden – Sand drauf?"
        else:
            pending = f"sieht sich {count_text(offen['anzahl'], 'Chip', 'Chips')} der Vorschau an"
    wf = p["wertungsfeld"]
    return {
        "seat": seat,
        "name": ctx.names[seat],
        "bot": bool(bot),
        "stil": p["stil"] if bot else "",
        "stil_text": STYLE_TEXT.get(p["stil"], "") if bot else "",
        "ruhm": p["ruhm"],
        "kristalle": p["kristalle"],
        "vorladung": p["vorladung"],
        "eimer": p["eimer"],
        "sandknapp": view["blatt"]["id"] == "sandknapp",
        "start": p["start"],
        "start_xy": [FIELDS[p["start"]]["x"], FIELDS[p["start"]]["y"]],
        "lehrbuben": p["lehrbuben"],
        "wf": wf,
        "wf_xy": [FIELDS[wf]["x"], FIELDS[wf]["y"]],
        "wf_info": f"Wertungsfeld {wf}: Mark {MARK[wf]} · Ruhm {RUHM[wf]}"
        + (" · Kristall" if wf in CRYSTAL_FIELDS else ""),
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
                "name": name,
                "state": state,
                "lines": [
                    {"seat": it["seat"], "name": ctx.names[it["seat"]], "text": it["text"]} for it in (items or [])
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
        "phase_name": PHASE_NAMES[view["phase"]],
        "name": view["blatt"]["name"],
        "text": view["blatt"]["text"],
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
                "info": f"{COLOUR_NAMES[r['farbe']]}: Rezeptur {r['nummer']} {r['name']}\n"
                f"{KIND_NAMES[r['art']]}: {r['text']}",
            }
            for r in view["rezepturen"]
        ],
    }


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    return {"who": who, "text": event.get("text", ""), "type": event.get("type", "")}


def public_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    view = ctx.view
    out = {
        # the Hülse's fields are the same for every manufactory and never change: sent once per page
        "rk-felder": Fragment(T + "felder.html", {"felder": FIELDS}),
        "rk-blatt": Fragment(T + "blatt.html", blatt_data(view)),
        "rk-side": Fragment(T + "side.html", {"rows": side_rows(ctx), "phase": view["phase"]}),
        "rk-show": Fragment(T + "show.html", show_data(ctx)),
        "rk-log": Fragment(T + "log.html", {"lines": [event_line(e, ctx.names) for e in ctx.snap.log[-LOG_LENGTH:]]}),
    }
    for p in view["spieler"]:
        out[f"rk-m-{p['seat']}"] = Fragment(T + "werkstatt.html", werkstatt_data(ctx, p))
    return out


# ------------------------------------------------------------------ the seat's own part


def baskets(view: JSON, mark: int) -> list[list[str]]:
    """Every purchase within ``mark``: none, one ware, two wares of different colours (shop order)."""
    prices = view["preise"]
    afford = [w for w in WARES if prices[w] <= mark]
    out: list[list[str]] = [[]]
    out += [[w] for w in afford]
    for i, a in enumerate(afford):
        for b in afford[i + 1 :]:
            if a[0] != b[0] and prices[a] + prices[b] <= mark:
                out.append([a, b])
    return out


def legal_from_view(view: JSON) -> list[JSON]:
    """The seat's legal actions from its own view only (empty when it is not to move)."""
    seat = view.get("seat")
    if seat is None or seat not in view["to_move"]:
        return []
    p = view["spieler"][seat]
    phase = view["phase"]
    if phase == "stopfen":
        offen = p["offen"]
        if offen is not None:
            if offen["art"] == "sand":
                return [{"type": "sand"}, {"type": "zuenden"}]
            return [{"type": "vorschau", "wahl": i} for i in range(len(offen["chips"]))] + [
                {"type": "vorschau", "wahl": None}
            ]
        out: list[JSON] = []
        if p["beutel"]:
            out.append({"type": "ziehen"})
        if p["vorsorge"]:
            out.append({"type": "sand"})
        out.append({"type": "aufhoeren"})
        return out
    if phase == "vorstellung":
        return [{"type": "weiter"}]
    if phase != "handel":
        return []
    if view.get("braucht_wahl"):
        return [{"type": "fehlzuendung", "wahl": "ruhm"}, {"type": "fehlzuendung", "wahl": "einkauf"}]
    out = []
    if p["kristalle"] >= view["vorladung_kosten"][seat] and p["vorladung"] < LAST_CHIP_FIELD:
        out.append({"type": "vorladung"})
    if not p["eimer"] and p["kristalle"] >= CRYSTALS_PER_TRADE:
        out.append({"type": "sandeimer"})
    mark = p["mark"] if p["wahl"] != "ruhm" else 0
    out += [{"type": "einkaufen", "chips": b} for b in baskets(view, mark or 0)]
    return out


def shop_data(view: JSON, p: JSON, legal: list[JSON]) -> JSON:
    mark = (p["mark"] or 0) if p["wahl"] != "ruhm" else 0
    groups = []
    for key, colour in enumerate(SHOP_COLOURS, start=1):
        wares = []
        for w in WARES:
            if w[0] != colour:
                continue
            price = view["preise"][w]
            wares.append(
                {
                    "chip": w,
                    "v": chip_value(w),
                    "preis": price,
                    "ok": price <= mark,
                    "info": chip_info(view, p, w, "laden")
                    + ("\nkannst du dir leisten" if price <= mark else f"\nzu teuer: dir fehlen {price - mark} Mark"),
                }
            )
        groups.append(
            {
                "key": key,
                "c": colour,
                "name": COLOUR_NAMES[colour],
                "recipe": recipe_line(view, colour) if colour in RECIPE_COLOURS else "Rückt 1 Feld vor.",
                "wares": wares,
            }
        )
    types = {a["type"] for a in legal}
    return {
        "mark": mark,
        "groups": groups,
        "vorladung": "vorladung" in types,
        "vorladung_kosten": view["vorladung_kosten"][view["seat"]],
        "sandeimer": "sandeimer" in types,
        "eimer": p["eimer"],
        "kristalle": p["kristalle"],
        "wahl": p["wahl"],
    }


def status_text(ctx: FragmentContext) -> tuple[str, bool]:
    """What is happening now, for the status line; and whether a computer is thinking."""
    view, names, seat = ctx.view, ctx.names, ctx.seat
    if view["phase"] == "ende":
        return "Die Herbstmesse ist vorbei.", False
    waiting = [s for s in view["to_move"] if s != seat]
    thinking = any(ctx.snap.players[s].get("bot") for s in waiting)
    head = f"Abend {view['abend']}/{view['abende']} · "
    mine = seat is not None and seat in view["to_move"]
    phase = view["phase"]
    others = ", ".join(names[s] for s in waiting)
    if phase == "stopfen":
        if mine:
            return head + "Stopfen: Zieh einen Chip oder hör auf.", thinking
        return head + (f"Stopfen: Warte auf {others}." if others else "Stopfen."), thinking
    if phase == "vorstellung":
        step = STEP_NAMES[view["schritt"] - 1]
        return head + f"Abendvorstellung, Schritt {view['schritt']}: {step}.", thinking
    if mine:
        return head + "Pulverhandlung: Kauf bis zu zwei Chips in verschiedenen Farben.", thinking
    return head + (f"Pulverhandlung: Warte auf {others}." if others else "Pulverhandlung."), thinking


def controls_data(ctx: FragmentContext, legal: list[JSON]) -> JSON:
    view, seat = ctx.view, ctx.seat
    p = view["spieler"][seat]
    mine = bool(legal)
    data: JSON = {
        "seat": seat,
        "phase": view["phase"],
        "abend": view["abend"],
        "schritt": view["schritt"],
        "mine": mine,
        "rat": ctx.snap.rat and mine,
        "legal": json.dumps(legal),
        "waiting": [ctx.names[s] for s in view["to_move"] if s != seat],
        "fehl": p["fehlzuendung"],
        "wf": p["wertungsfeld"],
        "offen": None,
        "shop": None,
        "ruhm_feld": RUHM[p["wertungsfeld"]],
        "gefahr": p["gefahr"],
        "vorsorge": {"type": "sand"} in legal and p["offen"] is None,
        "can_draw": {"type": "ziehen"} in legal,
        "zuendmesser": p["zuendmesser"],
        "grenze": p["grenze"],
        "eimer": p["eimer"],
        "sandknapp": view["blatt"]["id"] == "sandknapp",
        "letzter": view["letzter_abend"],
        "braucht_wahl": bool(view.get("braucht_wahl")),
        "mark": p["mark"],
    }
    offen = p["offen"]
    if offen is not None and view["phase"] == "stopfen":
        if offen["art"] == "sand":
            after = p["zuendmesser"] + offen["zaehl"]
            data["offen"] = {
                "art": "sand",
                "chip": chip_text(offen["chip"]),
                "text": f"{chip_text(offen['chip'])} bringt den Zündmesser auf {after}/{p['grenze']}: "
                "die Rakete würde in der Werkstatt zünden.",
            }
        else:
            data["offen"] = {
                "art": "vorschau",
                "chips": [
                    {
                        "i": i,
                        "key": i + 1,
                        "c": c[0],
                        "v": chip_value(c),
                        "name": chip_text(c),
                        "info": chip_info(view, p, c, "vorschau"),
                    }
                    for i, c in enumerate(offen["chips"])
                ],
            }
    if view["phase"] == "handel" and mine and not data["braucht_wahl"]:
        data["shop"] = shop_data(view, p, legal)
    return data


def end_data(ctx: FragmentContext) -> JSON:
    view, result = ctx.view, ctx.view["result"]
    if not result:
        return {"result": False}
    rows = []
    for seat in range(view["players"]):
        a = (view["abrechnung"] or [{}] * view["players"])[seat]
        rows.append(
            {
                "seat": seat,
                "name": ctx.names[seat],
                "me": seat == ctx.seat,
                "place": result["places"][seat],
                "ruhm": result["points"][seat],
                "ruhm_mark": a.get("ruhm_mark", 0),
                "ruhm_feld": a.get("ruhm_feld", 0),
                "ruhm_kristalle": a.get("ruhm_kristalle", 0),
                "mark": a.get("mark", 0),
                "hoehen": result["hoehen"][seat],
                "beste": max(result["hoehen"][seat] or [0]),
                "fehl": result["fehlzuendungen"][seat],
                "colour": CHART_COLOURS[seat % len(CHART_COLOURS)],
            }
        )
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    return {
        "result": True,
        "solo": view["solo"],
        "share": share_line(view) if view["taeglich"] else None,
        "seat": ctx.seat,
        "kind": ctx.snap.kind,
        "table_id": ctx.snap.table_id,
        "number": ctx.snap.number,
        "rows": rows,
        "chart": chart(ctx),
    }


BARS = "▁▂▃▄▅▆▇█"


def share_line(view: JSON) -> str:
    """The Tagesrätsel's line to copy (RT "Tagesrätsel teilen"): Ruhm and every evening's rocket as a bar
    (a misfire as ✸) – heights only, no moves."""
    result = view["result"]
    bars = "".join(
        "✸" if h[0]["fehl"] else BARS[min(len(BARS) - 1, h[0]["feld"] * len(BARS) // (LAST_FIELD + 1))]
        for h in view["hoehen"]
    )
    return f"Speedrocket-Tagesrätsel: {result['points'][0]} Ruhm {bars}"


def chart(ctx: FragmentContext) -> JSON:
    """Ruhm per evening for every player as polylines (SVG 300 × 140, 20 units margin)."""
    series = ctx.view["result"]["ruhm_abende"]
    evenings = max((len(s) for s in series), default=0)
    top = max([1] + [max(s) for s in series if s])
    width, height, m = 300, 140, 22

    def x(i: int) -> float:
        return round(m + (width - 2 * m) * (i / max(1, evenings)), 1)

    def y(v: int) -> float:
        return round(height - m - (height - 2 * m) * (v / top), 1)

    lines = []
    for seat, s in enumerate(series):
        pts = [(x(0), y(0))] + [(x(i + 1), y(v)) for i, v in enumerate(s)]
        lines.append(
            {
                "seat": seat,
                "name": ctx.names[seat],
                "colour": CHART_COLOURS[seat % len(CHART_COLOURS)],
                "points": " ".join(f"{a},{b}" for a, b in pts),
                "end": [pts[-1][0], pts[-1][1]],
                "last": s[-1] if s else 0,
            }
        )
    ticks = [{"x": x(i), "label": str(i)} for i in range(1, evenings + 1)]
    return {
        "w": width,
        "h": height,
        "m": m,
        "top": top,
        "y_top": y(top),
        "lines": lines,
        "ticks": ticks,
        "base": height - m,
    }


def private_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    view, seat = ctx.view, ctx.seat
    legal = legal_from_view(view)
    status, thinking = status_text(ctx)
    out = {
        "rk-status": Fragment(
            T + "status.html",
            {
                "status": status,
                "thinking": thinking,
                "phase": view["phase"],
                "abend": view["abend"],
                "schritt": view["schritt"],
                "mine": bool(legal),
                "seat": seat,
                "over": view["phase"] == "ende",
            },
        ),
        "rk-send": Fragment(T + "send.html", {}),
        "rk-end": Fragment(T + "end.html", end_data(ctx)),
    }
    if seat is not None:
        out["rk-controls"] = Fragment(T + "controls.html", controls_data(ctx, legal))
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few German words, for the lobby list."""
    laenge = "kurz (6 Abende)" if options.get("kurz") else "9 Abende"
    rezepte = {"standard": "Standard-Rezepturen", "zufall": "zufällige Rezepturen", "gastgeber": "eigene Rezepturen"}
    return f"{laenge}, {rezepte.get(options.get('rezepte', 'standard'), 'Standard-Rezepturen')}"
