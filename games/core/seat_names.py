"""Who a seat was when a log line happened.

A seat a computer took over is named "Computer (für NAME)" from then on; the lines before its
"verlassen" event are still NAME's own moves. The runtime's "verlassen" event carries the person's
name (``name``); without it (older logs) every line shows the seat's current name.
"""

from __future__ import annotations

from typing import Any

LEFT = "verlassen"


def names_by_event(log: list[dict[str, Any]], names: list[str]) -> list[list[str]]:
    """For each event of ``log`` (oldest first) the seat names as they were when it happened."""
    left = [
        (index, event["seat"], event["name"])
        for index, event in enumerate(log)
        if event.get("type") == LEFT and isinstance(event.get("seat"), int) and event.get("name")
    ]
    if not left:
        return [names] * len(log)
    out = []
    for index in range(len(log)):
        then = names
        for at, seat, name in left:
            if index < at and 0 <= seat < len(names):
                then = then if then is not names else list(names)
                then[seat] = name
        out.append(then)
    return out
