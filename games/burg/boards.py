"""Speedburg's boards as plain data: the Rundenwertung, the end board with its bars and its chart."""

from __future__ import annotations

from typing import Any

from games.core import bars, charts
from games.core.fragments import FragmentContext
from games.core.translate import active_language, gettext, ngettext, say

from .content import MATERIAL_NAMES, PRIZE_NAMES, PRIZE_SP, SHOVELS, SOLO_PRIZE_POINTS
from .page_parts import SHOVEL_NAMES, prize_count, sp_info, with_names

JSON = dict[str, Any]
#: Chart colours per seat.
SEAT_COLOURS = ("#d9480f", "#1c7ed6", "#2b8a3e", "#862e9c")


def board_data(view: JSON, board: JSON, names: list[str]) -> JSON:
    """The Rundenwertung: every step of every castle, the ranking with tie-break reasons, shovels, prizes."""
    castles = []
    for row in board["burgen"]:
        seat = row["seat"]
        castles.append(
            {
                "seat": seat,
                "name": names[seat],
                "posten": [{"label": say(s["label"]), "punkte": s["punkte"]} for s in row["posten"]],
                "summe": row["summe"],
                "wimpel": [
                    f"{say(MATERIAL_NAMES[m])} {n}" for m, n in zip(board["wimpel"], row["wimpel"], strict=True)
                ],
                "getroffen": row["skizze_getroffen"],
            }
        )
    ranking = [
        {
            "platz": r["platz"],
            "name": names[r["seat"]],
            "seat": r["seat"],
            "punkte": r["punkte"],
            "grund": with_names(say(r.get("gleichstand_msg") or r["gleichstand"]), names) if r["gleichstand"] else "",
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
            "bedingung": say(p["bedingung"]),
            "wer": names[p["seat"]] if p["seat"] is not None else "",
            "erfuellt": [names[s] for s in p["erfuellt"]],
            "gruende": [with_names(say(g), names) for g in p.get("gruende_msg") or p["gruende"]],
        }
        for p in board["preise"]
    ]
    return {
        "runde": board["runde"],
        "solo": board["solo"],
        "wimpel": [say(MATERIAL_NAMES[m]) for m in board["wimpel"]],
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
        style = charts.series_style(seat, [(px, py) for px, py, _v in points])
        lines.append(
            {
                "seat": seat,
                "name": names[seat],
                "colour": SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                "points": " ".join(f"{px},{py}" for px, py, _v in points),
                # besides the colour: a dash pattern and a marker shape per player (games/core/charts.py)
                "dash": style["dash"],
                "key_marker": style["key_marker"],
                "dots": [
                    {"x": px, "y": py, "v": v, "d": d} for (px, py, v), d in zip(points, style["markers"], strict=True)
                ],
            }
        )
    grid = [{"y": y(v), "v": v} for v in range(0, top + 1, max(5, top // 4))]
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "grid": grid,
        "xs": [{"x": x(i), "label": gettext("Runde %(n)s") % {"n": i + 1}} for i in range(rounds)],
        "title": gettext("Rekordpunkte je Runde") if view["solo"] else gettext("Burgpunkte je Runde"),
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
    parts = {r["seat"]: score_parts(result, r["seat"], view["solo"]) for r in rows}
    low, high = bars.chart_range([v for _, v in p] for p in parts.values())
    for r in rows:
        r["parts"] = dict(parts[r["seat"]])
        r["bar"] = bars.stacked(parts[r["seat"]], low, high)
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    top = [r for r in rows if r["place"] == 1]
    if view["solo"]:
        prizes = len(result["preise"][0])
        verdict = gettext("%(record)s Rekordpunkte: %(castle)s Burgpunkte + %(n)s × 5 für %(prizes)s.") % {
            "record": result["rekordpunkte"],
            "castle": sum(result["rundenpunkte"][0]),
            "n": prizes,
            "prizes": prize_count(prizes),
        }
    elif len(top) == 1:
        sp = top[0]["sp"]
        verdict = ngettext("%(name)s gewinnt mit %(n)d Siegpunkt.", "%(name)s gewinnt mit %(n)d Siegpunkten.", sp) % {
            "name": top[0]["name"],
            "n": sp,
        }
    else:
        and_word = gettext("und")
        verdict = gettext("%(names)s teilen sich den ersten Platz.") % {
            "names": f" {and_word} ".join(r["name"] for r in top)
        }
    return {
        "rows": rows,
        "verdict": verdict,
        "solo": view["solo"],
        "rekordpunkte": result.get("rekordpunkte"),
        # alone, a round's column is its Rekordpunkte: the castle's points and 5 for each prize won
        "rounds_note": gettext("Je Runde: Burgpunkte und %(n)s Rekordpunkte je Preis.") % {"n": SOLO_PRIZE_POINTS}
        if view["solo"]
        else "",
        "chart": chart_data(view, names),
        "boards": [board_data(view, b, names) for b in view["wertungen"] or []],
        "bar_width": bars.WIDTH,
        "factor": _factor(result["faktor"]),
        "level": result["computerstaerke"],
    }


def _factor(x: float) -> str:
    """The Bestenliste factor as the reader writes numbers: "1,2" in German, "1.2" in English."""
    text = f"{x:g}"
    return text.replace(".", ",") if active_language().startswith("de") else text


def score_parts(result: JSON, seat: int, solo: bool) -> list[tuple[str, int]]:
    """A player's score as (part, value) for the end board's bars, in drawing order. With others: the Siegpunkte
    of the Goldene, Silberne and Bronzene Schaufeln and of the prizes; alone: the castle points of every round
    and the 5 Rekordpunkte per prize."""
    if solo:
        castle = sum(result["rundenpunkte"][seat])
        return [("burg", castle), ("preise", result["rekordpunkte"] - castle)]
    shovels = result["schaufeln"][seat]
    out = [(key, shovels.count(key) * sp) for key, _name, sp in SHOVELS]
    return [*out, ("preise", result["siegpunkte"][seat] - sum(v for _, v in out))]


def grouped(keys: list[str], names: dict[str, str]) -> list[str]:
    """ "2× Goldene Schaufel", "Strandgut" – in the order of ``names``."""
    return [(f"{keys.count(k)}× " if keys.count(k) > 1 else "") + name for k, name in names.items() if k in keys]
