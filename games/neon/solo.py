"""Speedneon alone: the daily Solovariante and the record per number of tools (RULES.md, "Solo modes")."""

from __future__ import annotations

from typing import Any

from games.core.solo import DailyMode, RecordMode, SoloModes
from games.core.text import N_

DAILY_TOOLS = 3
TOOL_LEVELS = (
    ("1", N_("1 Werkzeug")),
    ("2", N_("2 Werkzeuge")),
    ("3", N_("3 Werkzeuge")),
    ("4", N_("4 Werkzeuge")),
    ("5", N_("5 Werkzeuge")),
)


def solo_won(result: dict[str, Any], seat: int) -> bool:
    """Solovariante: won only when the points beat the Stromzähler's target (a tie is not enough)."""
    return bool(result.get("won"))


def record_setup(category: str) -> tuple[dict[str, Any], tuple[str, ...], str]:
    return {"ausgabe": "solo", "werkzeuge": int(category)}, (), "normal"


MODES = SoloModes(
    turbo=True,
    daily=DailyMode(
        name=N_("Tagesfassade"),
        description=N_(  # DAILY_TOOLS tools
            "Jeden Tag dieselbe Solovariante für alle: dieselben Fassaden, dieselben Lieferungen, "
            "3 Werkzeuge – du gegen den Stromzähler."
        ),
        options={"ausgabe": "solo", "werkzeuge": DAILY_TOOLS},
        computers=(),
        won=solo_won,
    ),
    record=RecordMode(
        name=N_("Rekordjagd"),
        description=N_(
            "Die Solovariante mit 1 bis 5 Werkzeugen: dein bester Wert je Werkzeugzahl bleibt als Rekord stehen."
        ),
        rounds=1,
        categories=TOOL_LEVELS,
        category_name=N_("Werkzeuge"),
        setup=record_setup,
        won=solo_won,
    ),
    # After the game every facade, secret colour and draw is public: nothing stays hidden.
    replay_open_after_end=True,
)
