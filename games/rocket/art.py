"""Speedrocket's chip art (issue 17): one emblem per powder, drawn in a 24 × 24 box.

The Hülse's chips (SVG) use them as ``<symbol id="rk-e-<colour>">``, defined once in the constant
fields fragment (felder.html); the chips of the bag, the shop and the Vorschau (HTML) carry the same
drawing as a CSS mask (static/games/rocket/table.css, a test keeps both equal). With the emblem a
powder never speaks through its colour alone; the value stands on every chip as a number.
"""

from __future__ import annotations

#: colour -> (SVG path, filled): Blitzpulver a lightning bolt, Kalkorange an orange slice, Bariumgrün a
#: fir, Kupferblau a drop, Strontiumrot a flame, Natriumgelb a sun, Purpur a crown, Schwarzpulver grains.
EMBLEMS: dict[str, tuple[str, bool]] = {
    "W": ("M14 2.5 5.5 13.5h5.8l-1.3 8 8.5-11h-5.8z", False),
    "O": ("M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 1 0 0-17zM12 3.5v17M3.5 12h17M6 6l12 12M18 6 6 18", False),
    "G": ("M12 2.5 5 12h4l-4 6.5h14L15 12h4zM12 18.5v3", False),
    "B": ("M12 3c-3.6 5-6 8-6 11.2a6 6 0 0 0 12 0C18 11 15.6 8 12 3z", False),
    "R": (
        "M12 21.5a6 6 0 0 1-6-6c0-4 3-6 3-10.5 2.6 1.6 4.2 3.6 4.2 6.3 1-1 1.5-2.1 1.5-3.6"
        " 2 1.6 3.3 4.6 3.3 7.8a6 6 0 0 1-6 6z",
        False,
    ),
    "Y": (
        "M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 1 0 0-9zM12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3"
        "M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1",
        False,
    ),
    "P": ("M3.5 17.5 2.5 7l5.3 4.2L12 4.5l4.2 6.7L21.5 7l-1 10.5zM3.5 20.5h17", False),
    "S": (
        "M5 9.5a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0zM12.8 7.5a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0z"
        "M8 16a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0zM14.8 15a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0z",
        True,
    ),
}


def emblem_symbols() -> list[dict[str, object]]:
    """The emblems as plain data for the fields fragment: ``[{"c", "d", "filled"}]``."""
    return [{"c": c, "d": d, "filled": filled} for c, (d, filled) in EMBLEMS.items()]
