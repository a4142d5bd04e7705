"""Speedkleister's table page: fragments rendered from one seat's view.

Public fragments (status, log) are the same for everyone; private ones use the
seat's hand for markers, labels and the selection preview. The selection
itself lives in the browser (static/games/kleister/table.js); everything it
shows is precomputed here from the view, never from the state.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import ngettext

from games.core.fragments import FragmentContext, render_template
from games.core.seats import others_clockwise
from games.kleister import engine, hints

T = "games/kleister/"
PAGE_PREFIX = "kl"  # class and id prefix of the table page (templates/games/core/table.html)


def card_label(card: int) -> str:
    return "B" if card == engine.BRUSH else str(card)


def card_name(card: int) -> str:
    return engine.POSTERS[card]


def count_text(n: int, singular: str, plural: str) -> str:
    """ "1 Karte", "2 Karten": every count on the page goes through ngettext."""
    return ngettext(f"%(n)d {singular}", f"%(n)d {plural}", n) % {"n": n}


def card_info(card: int, in_play: list[int], hidden: list[int]) -> str:
    """The info window of a poster (rule text: how many of it are still in play)."""
    title = "Kleisterbürste – passt zu jedem Plakat" if card == engine.BRUSH else f"{card} · {card_name(card)}"
    lines = [title, f"noch {in_play[card]} im Spiel", f"davon {hidden[card]} verdeckt (Hände der anderen, Druckerei)"]
    return "\n".join(lines)


def column_info(column: dict[str, Any], own: bool) -> str:
    """The info window of a column: the facts of the header, the two top groups, marks, last action."""
    lines = ["Deine Säule" if own else column["name"]]
    lines.append(
        " · ".join(
            [
                count_text(column["hand"], "Karte", "Karten") + " auf der Hand",
                count_text(column["posters"], "Plakat", "Plakate") + " auf der Säule",
                count_text(column["points"], "Punkt", "Punkte"),
            ]
        )
    )
    top, below = column["top"], column["below"]
    lines.append(f"oben: {top['short']} {top['name']}" if top else "Die Säule ist leer.")
    if below:
        lines.append(f"darunter: {below['short']} {below['name']} (rückt nach, wenn die oberste überklebt wird)")
    mark = column["mark"]
    if mark.get("ueberklebbar"):
        lines.append(f"{mark['ueberklebbar']}: das kannst du mit deiner Hand gerade überkleben")
    if mark.get("sicher") or (own and top and not mark.get("angreifbar")):
        lines.append("sicher: es gibt nicht mehr genug höhere Plakate und Bürsten, um sie zu überkleben")
    if mark.get("angreifbar"):
        lines.append("angreifbar: mit den noch verdeckten Karten kann deine oberste Gruppe überklebt werden")
    if column["last"]:
        lines.append(f"zuletzt: {column['last']}")
    lines.append("Antippen zeigt alle Schichten.")
    return "\n".join(lines)


def group_view(group: dict[str, Any] | None) -> dict[str, Any] | None:
    """A column group for the template: value label, size and the cards it shows."""
    if group is None:
        return None
    rank, posters, brushes = group["rank"], group["posters"], group["brushes"]
    cards = [rank] * posters + [engine.BRUSH] * brushes
    return {
        "rank": rank,
        "size": posters + brushes,
        "cards": cards,
        "short": hints.group_short(group),
        "name": engine.SONDERAUSGABE if rank == engine.SONDER else card_name(rank),
    }


def column_view(view: dict[str, Any], seat: int, marks: list[dict[str, Any]]) -> dict[str, Any]:
    col = view["columns"][seat]
    layers = [group_view(g) for g in reversed(col)]
    out = {
        "seat": seat,
        "name": view["names"][seat],
        "hand": view["hand_counts"][seat],
        "posters": sum(g["posters"] + g["brushes"] for g in col),
        "points": view["scores"][seat],
        "top": layers[0] if layers else None,
        "below": layers[1] if len(layers) > 1 else None,
        "layers": layers,
        "mark": marks[seat],
        "last": view["last"][seat],
        "active": seat in view["to_move"],
        "sig": json.dumps(col[-1] if col else None),
    }
    out["info"] = column_info(out, own=seat == view.get("seat"))
    return out


def plays(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every group the hand can form: key "rank:count:brushes" -> covered seats and the preview line."""
    out = {}
    for rank, count, brushes in engine.groups_of_hand(hints.hand_vector(view)):
        out[f"{rank}:{count}:{brushes}"] = {
            "covers": hints.covers(view, rank, count, brushes),
            "text": hints.describe(view, rank, count, brushes),
        }
    return out


def status_text(ctx: FragmentContext) -> tuple[str, bool]:
    """What is happening now, for the status line; and whether a computer is thinking."""
    view, names = ctx.view, ctx.names
    if view["over"]:
        return "Der Durchgang ist vorbei.", False
    seat = view["to_move"][0]
    who = names[seat]
    thinking = bool(ctx.snap.players[seat].get("bot"))
    phase = view["phase"]
    if phase == engine.KLEBEN:
        text = f"{who} klebt."
    elif phase == engine.NEHMEN:
        covered = names[view["pending"]["covered"]]
        text = f"{who} entscheidet: {covered}s Gruppe nehmen oder liegen lassen?"
    elif phase == engine.LIEGEN:
        text = f"{who} entscheidet: zurück auf die Hand oder ins Altpapier?"
    else:
        left = view["drawing"]["left"]
        text = f"{who} zieht nach (noch {left})."
    if thinking:
        text = f"{who} überlegt …"
    return text, thinking


def public_fragments(ctx: FragmentContext) -> dict[str, str]:
    return {
        "kl-log": render_template(T + "log.html", {"log": ctx.snap.log[-25:]}),
    }


def private_fragments(ctx: FragmentContext) -> dict[str, str]:
    view, seat = ctx.view, ctx.seat
    marks = hints.markers(view)
    hidden = hints.hidden_counts(view)
    in_play = hints.in_play_counts(view)
    my_turn = seat is not None and seat in view["to_move"]
    status, thinking = status_text(ctx)
    common = {
        "view": view,
        "seat": seat,
        "my_turn": my_turn,
        "version": ctx.snap.version,
        "in_play": in_play,
        "card_label": card_label,
        "card_name": card_name,
        "card_info": lambda card: card_info(card, in_play, hidden),
        "kind": ctx.snap.kind,
        "rat": ctx.snap.rat,
    }
    rivals = [column_view(view, s, marks) for s in others_clockwise(view["players"], view.get("seat"))]
    out = {
        "kl-status": render_template(
            T + "status.html", {**common, "status": status, "thinking": thinking, "phase": view["phase"]}
        ),
        "kl-rivals": render_template(T + "rivals.html", {**common, "rivals": rivals}),
        "kl-center": render_template(
            T + "center.html",
            {
                **common,
                "labels": hints.karren_labels(view),
                "druckerei_info": "Druckerei\n" + count_text(view["druckerei"], "verdeckte Karte", "verdeckte Karten"),
            },
        ),
        "kl-score": render_template(
            T + "score.html",
            {**common, "hidden": hidden, "ranks": engine.RANKS, "names": view["names"]},
        ),
        "kl-send": render_template(T + "send.html", common),
    }
    if seat is not None:
        own = column_view(view, seat, marks)
        hand = view["hand"]
        out["kl-own"] = render_template(T + "own.html", {**common, "own": own})
        out["kl-hand"] = render_template(
            T + "hand.html",
            {
                **common,
                "hand": hand,
                "bar": group_bar(hand),
                "plays": json.dumps(plays(view)) if my_turn and view["phase"] == engine.KLEBEN else "{}",
                "pending": view["pending"],
                "pending_group": group_view(view["pending"]["group"]) if view["pending"] else None,
                "names": view["names"],
            },
        )
    out["kl-end"] = render_template(
        T + "end.html",
        {
            **common,
            "result": view["result"],
            "names": view["names"],
            "order": sorted(range(view["players"]), key=lambda s: view["result"]["places"][s])
            if view["result"]
            else [],
            "table_id": ctx.snap.table_id,
            "number": ctx.snap.number,
            "stake": ctx.snap.stake,
        },
    )
    return out


def group_bar(hand: list[int]) -> list[dict[str, Any]]:
    """Buttons "3× 8" per rank in the hand, and "+ B" when a brush is there."""
    bar = []
    for rank in engine.RANKS:
        count = hand.count(rank)
        if count:
            bar.append({"rank": rank, "count": count, "label": f"{count}× {rank}"})
    return bar


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few German words, for the lobby list."""
    parts = ["Kurz (10 Karten)" if options.get("spielart") == "kurz" else "Normal (13 Karten)"]
    if options.get("buersten", 5) != 5:
        parts.append(f"{options['buersten']} Bürsten")
    if options.get("karren", 6) != 6:
        parts.append(f"Karren {options['karren']}")
    if options.get("saeule_doppelt"):
        parts.append("Säule zählt doppelt")
    return ", ".join(parts)
