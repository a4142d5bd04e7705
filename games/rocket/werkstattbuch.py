"""A player's Speedrocket record over all their finished games (rule text, "Meine Partien"):
the highest rocket, the favourite powder and the achievements (Erfolge), each shown once earned.

Read from the games' results only (``engine.result``): ``hoehen`` (field per evening),
``fehl_abende`` (misfire per evening) and ``beutel_farben`` (the bag's powders at the end) per seat.
Games stored before these keys existed count for what they have.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.text import N_, german, join, tx

from .content import COLOUR_NAMES, LAST_FIELD

JSON = dict[str, Any]
WINS_FOR_ACHIEVEMENT = 10
GAMES_FOR_ACHIEVEMENT = 25
DAILY_STREAK_FOR_ACHIEVEMENT = 7


def _seat_list(result: JSON, key: str, seat: int) -> list[Any]:
    per_seat = result.get(key) or []
    return list(per_seat[seat]) if 0 <= seat < len(per_seat) else []


def collection(results: list[tuple[JSON, int]], *, best_serie: int = 0) -> JSON:
    """The Werkstattbuch of one player: ``results`` are (result, seat) of their finished games;
    ``best_serie`` the longest run of days with a Tagesrätsel (the site keeps the days)."""
    highest = 0
    powders: Counter[str] = Counter()
    wins = 0
    clean_game = rocket_to_top = False
    for result, seat in results:
        result = result or {}
        fields = _seat_list(result, "hoehen", seat)
        misfires = _seat_list(result, "fehl_abende", seat) or [False] * len(fields)
        risen = [field for field, fehl in zip(fields, misfires, strict=False) if not fehl]
        highest = max([highest, *risen])
        rocket_to_top = rocket_to_top or any(field >= LAST_FIELD for field in risen)
        counts = result.get("fehlzuendungen") or []
        if fields and 0 <= seat < len(counts) and counts[seat] == 0:
            clean_game = True
        places = result.get("places") or []
        if len(places) > 1 and 0 <= seat < len(places) and places[seat] == 1:
            wins += 1
        bags = result.get("beutel_farben") or []
        if 0 <= seat < len(bags):
            powders.update({colour: int(n) for colour, n in bags[seat].items() if colour != "W"})
    earned = [
        text
        for text, met in (
            (tx("ohne Fehlzündung"), clean_game),
            (tx("Rakete bis Feld %(n)s", n=LAST_FIELD), rocket_to_top),
            (tx("%(n)s Siege", n=WINS_FOR_ACHIEVEMENT), wins >= WINS_FOR_ACHIEVEMENT),
            (
                tx("%(n)s Tagesrätsel in Folge", n=DAILY_STREAK_FOR_ACHIEVEMENT),
                best_serie >= DAILY_STREAK_FOR_ACHIEVEMENT,
            ),
            (tx("%(n)s Partien", n=GAMES_FOR_ACHIEVEMENT), len(results) >= GAMES_FOR_ACHIEVEMENT),
        )
        if met
    ]
    favourite = min(powders, key=lambda c: (-powders[c], c)) if powders else None
    parts = [tx("höchste Rakete Feld %(n)s", n=highest) if highest else tx("noch keine Rakete gestiegen")]
    parts.append(
        tx("liebstes Pulver %(powder)s", powder=COLOUR_NAMES[favourite])
        if favourite
        else tx("noch kein Lieblingspulver")
    )
    parts.append(tx("Erfolge: %(earned)s", earned=join(", ", earned)) if earned else tx("Erfolge: noch keine"))
    return {
        "name": N_("Werkstattbuch"),
        "text": join(" · ", parts),  # a text (games.core.text): the page translates it
        "hoechste_rakete": highest,
        "lieblingspulver": favourite,
        "erfolge": [german(text) for text in earned],
    }
