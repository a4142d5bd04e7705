"""Score bars for the end boards (issue 17): plain data for an inline SVG the server renders.

A chart shows several rows (players, or the items of one player's breakdown) on one shared scale, so
the bars of different rows can be compared. Each row is a stacked bar: positive parts grow to the
right of the zero line in the given order, negative parts to the left. The numbers are SVG units in a
drawing ``WIDTH`` wide; the templates draw them with ``<rect>`` and always print the numbers beside the
bars (colour never carries meaning alone).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: Width of a bar area in SVG units (the templates use it as the viewBox width).
WIDTH = 200


def signed(value: int) -> str:
    """ "+3", "−2" (a real minus sign), "0"."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def number(value: int) -> str:
    """ "3", "−2" (a real minus sign, as ``signed``), "0": a score that may be negative."""
    return f"\u2212{-value}" if value < 0 else str(value)


def chart_range(rows: Iterable[Sequence[int]]) -> tuple[int, int]:
    """(low, high) of a chart over rows of part values: 0 always inside, never an empty range."""
    low = high = 0
    for parts in rows:
        low = min(low, sum(v for v in parts if v < 0))
        high = max(high, sum(v for v in parts if v > 0))
    if low == high:
        high = low + 1
    return low, high


def stacked(parts: Sequence[tuple[str, int]], low: int, high: int, width: int = WIDTH) -> dict:
    """One row: ``parts`` = (key, value) in drawing order; ``low``/``high`` from :func:`chart_range`.

    Returns ``{"zero": x of the zero line, "total": sum, "bars": [{"key", "value", "text", "x", "w"}]}``
    with every number rounded to 0.1 unit; parts of value 0 get no bar.
    """
    unit = width / (high - low)
    zero = -low * unit
    right = left = zero
    bars = []
    for key, value in parts:
        if value == 0:
            continue
        w = abs(value) * unit
        if value > 0:
            x, right = right, right + w
        else:
            left -= w
            x = left
        bars.append({"key": key, "value": value, "text": signed(value), "x": round(x, 1), "w": round(w, 1)})
    return {"zero": round(zero, 1), "total": sum(v for _, v in parts), "bars": bars}
