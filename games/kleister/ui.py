"""Speedkleister's table page: fragments as templates with plain data, from the views only.

What every viewer sees alike is public and rendered once per version: each
column (``kl-col-<seat>``: name, counts, layers, last action), whose turn it is
(``kl-turn``), the log, the send form and the card titles. What depends on the
viewer's hand is private and kept small: the marks of each column
(``kl-marks-<seat>``: überklebbar, sicher, angreifbar), the hidden-card counts
(``kl-counts``: the info windows and the Punktetafel's "Noch verdeckt" list read
them, table.js fills the list), the hand. Private fragments whose data does not
depend on the seat most of the time (status, Plakatkarren, end board during
play) carry no seat either, so equal inputs are rendered once for all seats.

The page (templates/games/kleister/table.html) places each column and its marks
in a box of its own, the rivals clockwise from the viewer, and the hand area for a
seated viewer; table.js composes the info windows from the public text and the
viewer's counts and marks, and builds the hand from ``kl-hand-data``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy

from games.core import bars
from games.core.fragments import Fragment, FragmentContext, LogLines, per_object, remembered
from games.core.text import N_
from games.core.translate import active_language, gettext, ngettext, say, say_event
from games.kleister import engine, hints

T = "games/kleister/"
PAGE_PREFIX = "kl"  # class and id prefix of the table page (templates/games/core/table.html)

#: Names of the cards, index = card (0 = brush): the posters' titles are names and stay German.
CARD_NAMES: tuple[str, ...] = (N_("Kleisterbürste"), *engine.POSTERS[1:])


def card_name(card: int) -> str:
    """A card's name in the active language (the brush is translated, a poster's title is a name)."""
    return gettext(CARD_NAMES[0]) if card == engine.BRUSH else CARD_NAMES[card]


def card_titles() -> tuple[str, ...]:
    """First line of a card's info window, index = card."""
    return (gettext("Kleisterbürste – passt zu jedem Plakat"),) + tuple(
        f"{card} · {engine.POSTERS[card]}" for card in engine.RANKS
    )


#: The lines of a card's info window after its title; ``{n}`` is filled in by table.js.
IN_PLAY_LINE = N_("noch {n} im Spiel")
HIDDEN_LINE = N_("davon {n} verdeckt (Hände der anderen, Druckerei)")
TAP_LINE = N_("Antippen zeigt alle Schichten.")


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # built once, not per call


def compact(value: Any) -> str:
    """JSON for a data attribute: no spaces, umlauts as they are."""
    return _COMPACT.encode(value)


def card_label(card: int) -> str:
    return "B" if card == engine.BRUSH else str(card)


#: Counted words: "1 Karte", "2 Karten" (every count on the page goes through ngettext).
COUNTS = {
    "karte": lambda n: ngettext("%(n)s Karte", "%(n)s Karten", n),
    "plakat": lambda n: ngettext("%(n)s Plakat", "%(n)s Plakate", n),
    "punkt": lambda n: ngettext("%(n)s Punkt", "%(n)s Punkte", n),
    "verdeckt": lambda n: ngettext("%(n)s verdeckte Karte", "%(n)s verdeckte Karten", n),
}


def count_text(n: int, word: str) -> str:
    """ "1 Karte", "2 Karten", "−3 Punkte" (``word``: a key of ``COUNTS``; a real minus sign)."""
    return COUNTS[word](n) % {"n": bars.number(n)}


def in_hand_text(n: int) -> str:
    """ "1 Karte auf der Hand", "13 Karten auf der Hand": a column's head and the own hand's preview line."""
    return ngettext("%(n)d Karte auf der Hand", "%(n)d Karten auf der Hand", n) % {"n": n}


# --------------------------------------------------------------------------- columns (public)


def group_view(group: dict[str, Any] | None) -> dict[str, Any] | None:
    """A column group for the templates: the cards it shows, its short label and its name."""
    if group is None:
        return None
    rank, posters, brushes = group["rank"], group["posters"], group["brushes"]
    return {
        "cards": [rank] * posters + [engine.BRUSH] * brushes,
        "short": hints.group_short(group),
        "name": gettext(engine.SONDERAUSGABE) if rank == engine.SONDER else card_name(rank),
    }


def column_data(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A column as everyone sees it: only public facts, so every viewer builds the same data."""
    hand, points, name, last = view["hand_counts"][seat], view["scores"][seat], view["names"][seat], view["last"][seat]
    return _column(seat, view["columns"][seat], hand, points, name, last)


@remembered
def _column(seat: int, col: list[Any], hand: int, points: int, name: str, last_action: Any) -> dict[str, Any]:
    """Most moves change one column: the others are taken from the memo by their input."""
    layers = [group_view(g) for g in reversed(col)]
    top = layers[0] if layers else None
    below = layers[1] if len(layers) > 1 else None
    posters = sum(g["posters"] + g["brushes"] for g in col)
    head = [
        name,
        " · ".join(
            [
                in_hand_text(hand),
                ngettext("%(n)d Plakat auf der Säule", "%(n)d Plakate auf der Säule", posters) % {"n": posters},
                count_text(points, "punkt"),
            ]
        ),
        gettext("oben: %(short)s %(name)s") % top if top else gettext("Die Säule ist leer."),
    ]
    if below:
        head.append(gettext("darunter: %(short)s %(name)s (rückt nach, wenn die oberste überklebt wird)") % below)
    last = say(last_action) if last_action else ""
    tail = ([gettext("zuletzt: %(last)s") % {"last": last}] if last else []) + [gettext(TAP_LINE)]
    return {
        "seat": seat,
        "name": name,
        "hand": hand,
        "size": posters,
        "facts": gettext("%(cards)s · %(posters)s auf der Säule · %(points)s Pkt.")
        % {"cards": count_text(hand, "karte"), "posters": posters, "points": bars.number(points)},
        "top": top,
        "below": below,
        # every layer, top first, for the "alle Schichten" window table.js builds: rank, posters, brushes, label
        "layers": compact(
            [
                [g["rank"], g["posters"], g["brushes"], f"{view['short']} {view['name']}"]
                for g, view in zip(reversed(col), layers, strict=True)
            ]
        ),
        "last": last or "–",
        "sig": compact(col[-1] if col else None),
        "info_head": "\n".join(head),
        "info_tail": "\n".join(tail),
    }


# --------------------------------------------------------------------------- marks (private, small)


def marks_data(view: dict[str, Any], seat: int, mark: dict[str, Any]) -> dict[str, Any]:
    """The marks of ``seat``'s column for the viewer, and their lines for the column's info window."""
    badges: list[dict[str, str]] = []
    lines: list[str] = []
    safe_line = gettext("sicher: es gibt nicht mehr genug höhere Plakate und Bürsten, um sie zu überkleben")
    if view.get("result"):  # after the end nothing is at stake any more: no marks (as the markers)
        return {"seat": seat, "badges": badges, "lines": ""}
    if seat == view.get("seat"):
        if mark.get("angreifbar"):
            badges.append({"cls": "kl-danger", "text": gettext("angreifbar"), "cover": ""})
            lines.append(
                gettext("angreifbar: mit den noch verdeckten Karten kann deine oberste Gruppe überklebt werden")
            )
        elif view["columns"][seat]:
            badges.append({"cls": "kl-safe", "text": gettext("sicher"), "cover": ""})
            lines.append(safe_line)
    else:
        if mark.get("ueberklebbar"):
            cover = ":".join(str(n) for n in mark["cover"])
            label = say(mark["ueberklebbar"])
            badges.append({"cls": "kl-green", "text": label, "cover": cover})
            lines.append(gettext("%(mark)s: das kannst du mit deiner Hand gerade überkleben") % {"mark": label})
        if mark.get("sicher"):
            badges.append({"cls": "kl-safe", "text": gettext("sicher"), "cover": ""})
            lines.append(safe_line)
    return {"seat": seat, "badges": badges, "lines": "\n".join(lines)}


# --------------------------------------------------------------------------- the rest


def plays(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every group the hand can form: key "rank:count:brushes" -> covered seats and the preview line."""
    return {
        f"{rank}:{count}:{brushes}": {"covers": hit, "text": say(text)}
        for (rank, count, brushes), hit, text in hints.previews(view)
    }


def status_text(ctx: FragmentContext) -> tuple[str, bool]:
    """What is happening now, for the status line; and whether a computer is thinking."""
    view, names = ctx.view, ctx.names
    if view["over"]:
        return gettext("Der Durchgang ist vorbei."), False
    seat = view["to_move"][0]
    who = names[seat]
    thinking = bool(ctx.snap.players[seat].get("bot"))
    phase = view["phase"]
    if thinking:
        text = gettext("%(name)s überlegt …") % {"name": who}
    elif phase == engine.KLEBEN:
        text = gettext("%(name)s klebt.") % {"name": who}
    elif phase == engine.NEHMEN:
        covered = names[view["pending"]["covered"]]
        text = gettext("%(name)s entscheidet: %(covered)ss Gruppe nehmen oder liegen lassen?") % {
            "name": who,
            "covered": covered,
        }
    elif phase == engine.LIEGEN:
        text = gettext("%(name)s entscheidet: zurück auf die Hand oder ins Altpapier?") % {"name": who}
    else:
        left = view["drawing"]["left"]
        text = gettext("%(name)s zieht nach (noch %(left)s).") % {"name": who, "left": left}
    return text, thinking


def status_data(ctx: FragmentContext, my_turn: bool) -> dict[str, Any]:
    """The status line: the same for every seat that is not to move."""
    view = ctx.view
    text, thinking = status_text(ctx)
    drawing = view["drawing"]
    return {
        "status": text,
        "thinking": thinking,
        "phase": view["phase"],
        "my_turn": my_turn,
        "over": view["over"],
        "left": drawing["left"] if drawing else 0,
    }


def center_data(view: dict[str, Any], my_turn: bool) -> dict[str, Any]:
    """Druckerei, Plakatkarren, Altpapier: the same for everyone who is not drawing now (built once per
    distinct input: most seats of a version, and most versions, share it)."""
    drawing = my_turn and view["phase"] == engine.ZIEHEN
    tags = hints.karren_labels(view) if drawing else [None] * len(view["karren"])
    return _center(drawing, view["druckerei"], view["karren"], view["altpapier"], tags)


@remembered
def _center(drawing: bool, druckerei: int, karren: list[int], altpapier: list[int], tags: list[Any]) -> dict[str, Any]:
    altpapier_info = gettext("Altpapier") + "\n" + count_text(len(altpapier), "plakat")
    if altpapier:
        altpapier_info += ": " + ", ".join(card_label(c) for c in altpapier)
    return {
        "drawing": drawing,
        "druckerei": druckerei,
        "druckerei_info": gettext("Druckerei") + "\n" + count_text(druckerei, "verdeckt"),
        "karren": [
            {"card": c, "name": card_name(c), "tag": say(tag) if tag else None}
            for c, tag in zip(karren, tags, strict=True)
        ],
        "altpapier": len(altpapier),
        "altpapier_info": altpapier_info,
    }


def scores_data(view: dict[str, Any]) -> dict[str, Any]:
    """The Punktetafel's points: the same for everyone (the page marks its own row by its seat)."""
    return {"rows": [[s, name, view["scores"][s]] for s, name in enumerate(view["names"])]}


def hand_data(ctx: FragmentContext, my_turn: bool) -> dict[str, Any]:
    """The viewer's hand as data: static/games/kleister/table.js builds the cards, the group bar ("3× 8",
    "+ B"), the preview line and the buttons' states from it (the hand changes for one or two seats a
    move, and as a template it was the largest private fragment: docs/benchmarks.md, session 9)."""
    view = ctx.view
    hand = view["hand"]
    kleben = my_turn and view["phase"] == engine.KLEBEN
    return {
        "cards": compact(hand),
        "plays": compact(plays(view)) if kleben else "{}",
        "kleben": kleben,
        "my_turn": my_turn,
        "idle": in_hand_text(len(hand)),
        "over": bool(view["result"]),
    }


def decision_data(ctx: FragmentContext, my_turn: bool) -> dict[str, Any]:
    """Nehmen or Liegen lassen, Zurück or Altpapier: only for the seat that decides now (else empty, the
    same for everyone)."""
    view, pending = ctx.view, ctx.view["pending"]
    if not (my_turn and pending and view["phase"] in (engine.NEHMEN, engine.LIEGEN)):
        return {"decision": None}
    other = pending["covered"] if view["phase"] == engine.NEHMEN else pending["coverer"]
    return {"decision": {"phase": view["phase"], "name": view["names"][other], "group": group_view(pending["group"])}}


#: The parts of a score on the end board's bars, in drawing order, and their names.
BAR_PARTS = (
    ("saeule", gettext_lazy("Säule")),
    ("bonus", pgettext_lazy("end board", "Bonus")),
    ("hand", gettext_lazy("Hand")),
)


def score_parts(breakdown: dict[str, int]) -> list[tuple[str, int]]:
    """A seat's points as (part, value): the column and the bonus add, the hand subtracts."""
    return [(key, breakdown.get(key, 0)) for key, _ in BAR_PARTS]


def bar_label(parts: list[tuple[str, int]], points: int) -> str:
    """What the bar shows, in words: "Säule +12, Hand −3: 9 Punkte"."""
    names = dict(BAR_PARTS)
    shown = ", ".join(f"{names[key]} {bars.signed(value)}" for key, value in parts if value or key != "bonus")
    return f"{shown}: {count_text(points, 'punkt')}"


def end_data(ctx: FragmentContext) -> dict[str, Any]:
    """The end board: nothing while the game runs (the same for every seat), else from the seat's side."""
    view, seat = ctx.view, ctx.seat
    result = view["result"]
    if not result:
        return {"result": False}
    order = sorted(range(view["players"]), key=lambda s: result["places"][s])
    parts = [score_parts(result["breakdown"][s]) for s in range(view["players"])]
    low, high = bars.chart_range([v for _, v in p] for p in parts)
    return {
        "result": True,
        "rows": [
            {
                "place": result["places"][s],
                "name": view["names"][s],
                "saeule": result["breakdown"][s]["saeule"],
                "hand": result["breakdown"][s]["hand"],
                "bonus": result["breakdown"][s].get("bonus", 0),
                "points": result["points"][s],
                "me": s == seat,
                "bar": bars.stacked(parts[s], low, high),
                "bar_label": bar_label(parts[s], result["points"][s]),
            }
            for s in order
        ],
        "bar_width": bars.WIDTH,
        "bonus": bool(view["options"].get("saeule_doppelt")),
        "my_points": result["points"][seat] if seat is not None else "",
        "my_place": result["places"][seat] if seat is not None else "",
        "seated": seat is not None,
        "table_id": ctx.snap.table_id,
        "number": ctx.snap.number,
        "kind": ctx.snap.kind,
        "stake": ctx.snap.stake,
        "hunt": hunt_total(ctx.snap.hunt, result["points"][seat]) if seat is not None else None,
        "bestenliste": ctx.bestenliste,
    }


def hunt_total(hunt: dict[str, int] | None, points: int) -> dict[str, int] | None:
    """A record hunt's Durchgang at its end: the hunt's points with this one's, and whether it was the last."""
    if hunt is None:
        return None
    total, record = hunt["bisher"] + points, hunt.get("rekord")
    return {
        **hunt,
        "zusammen": total,
        "letzter": hunt["durchgang"] >= hunt["von"],
        "neu": record is None or total > record,
    }


# --------------------------------------------------------------------------- the contract


def log_class(event: dict[str, Any]) -> str:
    """A log line's class: its event type, a kleben that covers someone is "ueberkleben" (the page's
    sound picks from it, static/games/core/present.js, whatever the language of the line)."""
    kind = event.get("type") or "text"
    if kind == "kleben" and event.get("covered"):
        kind = "ueberkleben"
    return f"kl-ev-{kind}"


@per_object
def log_line(event: dict[str, Any]) -> dict[str, str]:
    """A log line's data, built once per event (the same event object is in the log for 25 versions)."""
    return {"cls": log_class(event), "text": say_event(event)}


@lru_cache(maxsize=8)
def infotext_data(language: str) -> dict[str, str]:
    """The texts table.js composes the info windows with: the same for every version in a language
    (``language`` is the cache's key; the texts come from the active one)."""
    return {
        "titles": compact(card_titles()),
        "names": compact([card_name(card) for card in range(len(CARD_NAMES))]),
        "in_play": gettext(IN_PLAY_LINE),
        "hidden": gettext(HIDDEN_LINE),
        "all_layers": gettext("alle Schichten"),
        "empty_column": gettext("Die Säule ist leer."),
    }


def public_fragments(ctx: FragmentContext) -> dict[str, Fragment | LogLines]:
    view = ctx.view
    out: dict[str, Fragment] = {
        f"kl-col-{seat}": Fragment(T + "column.html", column_data(view, seat)) for seat in range(view["players"])
    }
    # whose turn it is: one tiny fragment, so the columns do not change with every turn (table.css)
    out["kl-turn"] = Fragment(T + "turn.html", {"seat": view["to_move"][0] if view["to_move"] else ""})
    out["kl-scores"] = Fragment(T + "scores.html", scores_data(view))
    out["kl-log"] = LogLines(
        T + "log.html",
        {},
        T + "log_line.html",
        [log_line(e) for e in ctx.snap.log[-25:]],
    )
    out["kl-send"] = Fragment(T + "send.html", {})
    out["kl-infotext"] = Fragment(T + "infotext.html", infotext_data(active_language()))
    return out


def private_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    view, seat = ctx.view, ctx.seat
    hidden = hints.hidden_counts(view)
    my_turn = seat is not None and seat in view["to_move"]
    out = {
        "kl-status": Fragment(T + "status.html", status_data(ctx, my_turn)),
        "kl-center": Fragment(T + "center.html", center_data(view, my_turn)),
        "kl-counts": Fragment(
            T + "counts.html",
            {"in_play": compact(hints.in_play_counts(view)), "hidden": compact(hidden)},
        ),
    }
    for s, mark in enumerate(hints.markers(view, hidden)):
        out[f"kl-marks-{s}"] = Fragment(T + "marks.html", marks_data(view, s, mark))
    if seat is not None:
        out["kl-hand-data"] = Fragment(T + "hand_data.html", hand_data(ctx, my_turn))
        out["kl-decision"] = Fragment(T + "decision.html", decision_data(ctx, my_turn))
    out["kl-end"] = Fragment(T + "end.html", end_data(ctx))
    return out


def replay_fragments(ctx: FragmentContext) -> dict[str, Fragment]:
    """A replay step seen from a seat (the replay page runs no table script): the private fragments with
    the hand as its cards, not as data."""
    out = private_fragments(ctx)
    if ctx.seat is not None:
        hand = ctx.view["hand"]
        out["kl-hand-data"] = Fragment(
            T + "hand_replay.html",
            {"cards": [[card, card_name(card)] for card in hand], "idle": hand_data(ctx, False)["idle"]},
        )
    return out


def options_summary(options: dict[str, Any]) -> str:
    """The table's options in a few words, for the lobby list."""
    parts = [gettext("Kurz (10 Karten)") if options.get("spielart") == "kurz" else gettext("Normal (13 Karten)")]
    if options.get("buersten", 5) != 5:
        parts.append(gettext("%(n)s Bürsten") % {"n": options["buersten"]})
    if options.get("karren", 6) != 6:
        parts.append(gettext("Karren %(n)s") % {"n": options["karren"]})
    if options.get("saeule_doppelt"):
        parts.append(gettext("Säule zählt doppelt"))
    return ", ".join(parts)
