"""Line charts on the end boards (issue 17): what tells one player's line from another's besides its colour.

Every series gets a dash pattern and a marker shape of its own, drawn at each point of the line and in
the legend beside the player's name, so colour never carries the meaning alone. Plain data: SVG path
strings the templates draw with ``<path d="…">``.
"""

from __future__ import annotations

#: marker shapes and dash patterns, one per series (index = series number, repeating after four)
SHAPES = ("circle", "square", "triangle", "diamond")
DASHES = ("", "7 3", "2 3", "9 3 2 3")


def marker(shape: str, x: float, y: float, r: float = 3.5) -> str:
    """An SVG path of the marker ``shape`` centred on (x, y), about 2·r wide."""

    def n(v: float) -> str:
        return f"{round(v, 1):g}"

    if shape == "square":
        s = r * 0.9
        return f"M{n(x - s)} {n(y - s)}h{n(2 * s)}v{n(2 * s)}h{n(-2 * s)}z"
    if shape == "triangle":
        return f"M{n(x)} {n(y - r * 1.15)}L{n(x + r * 1.1)} {n(y + r * 0.8)}H{n(x - r * 1.1)}z"
    if shape == "diamond":
        d = r * 1.25
        return f"M{n(x)} {n(y - d)}L{n(x + d)} {n(y)}L{n(x)} {n(y + d)}L{n(x - d)} {n(y)}z"
    return f"M{n(x - r)} {n(y)}a{n(r)} {n(r)} 0 1 0 {n(2 * r)} 0a{n(r)} {n(r)} 0 1 0 {n(-2 * r)} 0z"


def series_style(index: int, points: list[tuple[float, float]]) -> dict[str, object]:
    """Dash pattern, shape, the markers at ``points`` and the legend's key (a 24 × 10 box) of series ``index``."""
    shape = SHAPES[index % len(SHAPES)]
    return {
        "dash": DASHES[index % len(DASHES)],
        "shape": shape,
        "markers": [marker(shape, x, y) for x, y in points],
        "key_marker": marker(shape, 12, 5, 3),
    }
