"""Speedrocket's end board as plain data: places, the settlement, the Ruhm as bars (where it came from), the
chart of Ruhm per evening and the Tagesrätsel's share line."""

from __future__ import annotations

from typing import Any

from games.core import bars, charts
from games.core.fragments import FragmentContext
from games.core.translate import gettext, say
from games.rocket.content import LAST_FIELD

JSON = dict[str, Any]
CHART_COLOURS = ("#e0533d", "#3d8be0", "#3dbb6a", "#c68a1d")


def end_data(ctx: FragmentContext) -> JSON:
    view, result = ctx.view, ctx.view["result"]
    if not result:
        return {"result": False}
    rows = []
    settled = view["abrechnung"] or [{}] * view["players"]
    parts = [ruhm_parts(result["points"][seat], settled[seat]) for seat in range(view["players"])]
    low, high = bars.chart_range([v for _, v in p] for p in parts)
    for seat in range(view["players"]):
        a = settled[seat]
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
                "beste": highest_rocket(result, seat),
                "fehl": result["fehlzuendungen"][seat],
                "colour": CHART_COLOURS[seat % len(CHART_COLOURS)],
                "parts": dict(parts[seat]),
                "bar": bars.stacked(parts[seat], low, high),
                "key_marker": charts.series_style(seat, [])["key_marker"],
            }
        )
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    return {
        "result": True,
        "solo": view["solo"],
        "share": share_line(view) if view["taeglich"] else None,
        "meister": meister_data(view["meister"]) if view["meister"] else None,
        "seat": ctx.seat,
        # Nochmal at a live table, as on the table bar (a seat that left has no Nochmal)
        "again": ctx.snap.kind == "live" and ctx.seat is not None and not ctx.snap.players[ctx.seat].get("left"),
        "stake": ctx.snap.stake,
        "bestenliste": ctx.bestenliste,
        "kind": ctx.snap.kind,
        "table_id": ctx.snap.table_id,
        "number": ctx.snap.number,
        "rows": rows,
        "chart": chart(ctx),
        "bar_width": bars.WIDTH,
    }


def highest_rocket(result: JSON, seat: int) -> int:
    """The highest field a rocket of ``seat`` reached without a Fehlzündung (a misfired rocket never rose;
    the same as the Werkstattbuch's highest rocket); 0 if every evening misfired."""
    fields = result["hoehen"][seat]
    misfires = (result.get("fehl_abende") or [[False] * len(fields)])[seat]
    return max((f for f, fehl in zip(fields, misfires, strict=False) if not fehl), default=0)


def meister_data(meister: dict[str, Any]) -> dict[str, Any]:
    """The Meisterbrief's goals with their texts and standings in the active language."""
    goals = [
        {**z, "text": say(z.get("msg") or z["text"]), "stand": say(z.get("stand_msg") or z["stand"])}
        for z in meister.get("ziele", [])
    ]
    return {**meister, "ziele": goals} if "ziele" in meister else dict(meister)


#: The parts of a manufactory's Ruhm on the end board's bars, in drawing order (the template names them).
BAR_PARTS = ("abende", "mark", "kristalle")


def ruhm_parts(ruhm: int, settled: JSON) -> list[tuple[str, int]]:
    """Where the Ruhm came from: the evenings (field, Tagespreis, the powders' effects, the Extrablätter), the
    last evening's settlement ("Abrechnung": the Mark, or after a misfire the better Wertungsfeld) and the
    crystals."""
    mark = settled.get("ruhm_mark", 0) + settled.get("ruhm_feld", 0)
    kristalle = settled.get("ruhm_kristalle", 0)
    return list(zip(BAR_PARTS, (ruhm - mark - kristalle, mark, kristalle), strict=True))


BARS = "▁▂▃▄▅▆▇█"


def share_line(view: JSON) -> str:
    """The Tagesrätsel's line to copy (RT "Tagesrätsel teilen"): Ruhm and every evening's rocket as a bar
    (a misfire as ✸) – heights only, no moves."""
    result = view["result"]
    bars = "".join(
        "✸" if h[0]["fehl"] else BARS[min(len(BARS) - 1, h[0]["feld"] * len(BARS) // (LAST_FIELD + 1))]
        for h in view["hoehen"]
    )
    return gettext("Speedrocket-Tagesrätsel: %(n)s Ruhm %(bars)s") % {"n": result["points"][0], "bars": bars}


def heights_line(result: JSON, seat: int) -> str:
    """Every evening's rocket of one manufactory as a bar (a misfire as ✸): heights only, no moves, no
    Ruhm (RT: "So lief der Beste heute – nur die Höhen je Abend, nicht die Züge")."""
    fields = (result.get("hoehen") or [[]])[seat]
    misfires = (result.get("fehl_abende") or [[False] * len(fields)])[seat]
    return "".join(
        "✸" if fehl else BARS[min(len(BARS) - 1, field * len(BARS) // (LAST_FIELD + 1))]
        for field, fehl in zip(fields, misfires, strict=False)
    )


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
                # besides the colour: a dash pattern and a marker shape per player (games/core/charts.py)
                **charts.series_style(seat, pts[1:]),
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
