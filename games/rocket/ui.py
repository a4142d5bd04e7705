"""Speedrocket's table page: fragments as template + plain data.

Public fragments are built from the spectator's view (``panels``), so every
viewer gets the same input and the runtime renders each once: the Hülse's
fields (constant, so each page gets them once), the Extrablatt, one
manufactory panel per seat, the side list of all manufactories (their rockets
rise live while everyone draws), the Abendvorstellung and the log. Private
fragments are small and built from the seat's own view: the status line, the
seat's controls (what it may do, the Vorschau chips only it sees, its shop)
and the end board (``endboard``).

What the seat may do is derived from its view alone (``legal_from_view``),
checked against the engine by the tests.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from games.core.fragments import Fragment, FragmentContext, LogLines
from games.core.seat_names import names_by_event
from games.core.translate import gettext
from games.rocket.art import emblem_symbols
from games.rocket.content import (
    COLOUR_NAMES,
    CRYSTALS_PER_TRADE,
    LAST_CHIP_FIELD,
    RECIPE_COLOURS,
    RECIPES,
    RUHM,
    WARES,
    chip_text,
    chip_value,
)
from games.rocket.endboard import end_data, meister_data
from games.rocket.panels import (
    STEP_NAMES,
    blatt_data,
    chip_info,
    event_line,
    fields,
    recipe_line,
    show_data,
    side_rows,
    werkstatt_data,
)

T = "games/rocket/"
PAGE_PREFIX = "rk"  # class and id prefix of the table page (templates/games/core/table.html)
JSON = dict[str, Any]
LOG_LENGTH = 40
#: the shop's seven wares in key order 1–7 (RT "Tasten": Kalkorange bis Schwarzpulver)
SHOP_COLOURS = ("O", "G", "B", "R", "Y", "P", "S")


def public_fragments(ctx: FragmentContext) -> dict[str, Fragment | LogLines]:
    view = ctx.view
    out = {
        # the Hülse's fields are the same for every manufactory and never change: sent once per page
        "rk-felder": Fragment(T + "felder.html", {"felder": fields(), "emblems": emblem_symbols()}),
        "rk-blatt": Fragment(T + "blatt.html", blatt_data(view)),
        "rk-side": Fragment(T + "side.html", {"rows": side_rows(ctx), "phase": view["phase"]}),
        "rk-show": Fragment(T + "show.html", show_data(ctx)),
        "rk-log": LogLines(T + "log.html", {}, T + "log_line.html", log_lines(ctx.snap.log[-LOG_LENGTH:], ctx.names)),
    }
    if view["meister"]:
        out["rk-ziele"] = Fragment(T + "ziele.html", meister_data(view["meister"]))
    for p in view["spieler"]:
        out[f"rk-m-{p['seat']}"] = Fragment(T + "werkstatt.html", werkstatt_data(ctx, p))
    return out


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
                    + "\n"
                    + (
                        gettext("kannst du dir leisten")
                        if price <= mark
                        else gettext("zu teuer: dir fehlen %(n)s Mark") % {"n": price - mark}
                    ),
                }
            )
        groups.append(
            {
                "key": key,
                "c": colour,
                "name": COLOUR_NAMES[colour],
                "recipe": recipe_line(view, colour) if colour in RECIPE_COLOURS else gettext("Rückt 1 Feld vor."),
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
        return gettext("Die Herbstmesse ist vorbei."), False
    waiting = [s for s in view["to_move"] if s != seat]
    thinking = any(ctx.snap.players[s].get("bot") for s in waiting)
    head = gettext("Abend %(n)s/%(of)s · ") % {"n": view["abend"], "of": view["abende"]}
    mine = seat is not None and seat in view["to_move"]
    phase = view["phase"]
    others = ", ".join(names[s] for s in waiting)
    if phase == "stopfen":
        if mine:
            return head + gettext("Stopfen: Zieh einen Chip oder hör auf."), thinking
        text = gettext("Stopfen: Warte auf %(names)s.") % {"names": others} if others else gettext("Stopfen.")
        return head + text, thinking
    if phase == "vorstellung":
        step = gettext(STEP_NAMES[view["schritt"] - 1])
        text = gettext("Abendvorstellung, Schritt %(n)s: %(step)s.") % {"n": view["schritt"], "step": step}
        return head + text, thinking
    if mine:
        return head + gettext("Pulverhandlung: Kauf bis zu zwei Chips in verschiedenen Farben."), thinking
    if others:
        return head + gettext("Pulverhandlung: Warte auf %(names)s.") % {"names": others}, thinking
    return head + gettext("Pulverhandlung."), thinking


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
        # RT "Allein": no Rat in the workshop alone; against computers the strong one advises
        "rat": ctx.snap.rat and mine and not view["solo"],
        "legal": json.dumps(legal),
        # who is still at it: only while the seat waits (so others' moves never touch the seat's own buttons)
        "waiting": [] if mine else [ctx.names[s] for s in view["to_move"] if s != seat],
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
        # the Rat is for this seat's own position: others drawing at the same time must not drop it
        "advice_key": hashlib.blake2s(
            json.dumps([view["phase"], view["abend"], view["schritt"], p, legal], sort_keys=True).encode(),
            digest_size=6,
        ).hexdigest(),
    }
    offen = p["offen"]
    if offen is not None and view["phase"] == "stopfen":
        if offen["art"] == "sand":
            after = p["zuendmesser"] + offen["zaehl"]
            data["offen"] = {
                "art": "sand",
                "chip": chip_text(offen["chip"]),
                "text": gettext(
                    "%(chip)s bringt den Zündmesser auf %(after)s/%(limit)s: die Rakete würde in der Werkstatt zünden."
                )
                % {"chip": chip_text(offen["chip"]), "after": after, "limit": p["grenze"]},
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


def log_lines(log: list[JSON], names: list[str]) -> list[JSON]:
    """The log's lines, each with the seat names of its moment (games/core/seat_names.py)."""
    return [event_line(e, then) for e, then in zip(log, names_by_event(log, names), strict=True)]


def replay_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    """A replay step seen from a seat: what the seat saw, without its move controls (they only serve
    acting; a replay's board is inert)."""
    out = private_fragments(ctx)
    out.pop("rk-controls", None)
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few German words, for the lobby list."""
    laenge = gettext("kurz (6 Abende)") if options.get("kurz") else gettext("9 Abende")
    rezepte = {
        "standard": gettext("Standard-Rezepturen"),
        "zufall": gettext("zufällige Rezepturen"),
        "gastgeber": gettext("eigene Rezepturen"),
    }
    chosen = options.get("rezepte", "standard")
    text = f"{laenge}, {rezepte.get(chosen, rezepte['standard'])}"
    auswahl = options.get("auswahl") or {}
    if chosen == "gastgeber" and auswahl:  # who sits down for Taler sees which recipes apply
        text += ": " + ", ".join(RECIPES[(c, n)].name for c, n in auswahl.items() if (c, n) in RECIPES)
    return text
