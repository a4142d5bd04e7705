"""Speedburg alone: "Allein am Strand" as Tagesstrand and Rekordjagd (rule text "Am Tisch", RULES.md).

Both are the one-player game: three castles of six dice from an Auslage of five, no shovels,
Rekordpunkte = castle points of all three rounds + 5 per prize (``result["points"][0]``).
The Tagesstrand's seed is the site's daily seed, so everyone gets the same sketches, pennants and
throws (RULES.md, "Randomness": no draw depends on a decision).
"""

from __future__ import annotations

from typing import Any

from games.core.solo import DailyMode, RecordMode, SoloModes
from games.core.text import N_

CATEGORIES = (("eine", N_("eine Skizze je Runde")), ("zwei", N_("2 ziehen, 1 behalten")))


def never_won(result: dict[str, Any], seat: int) -> bool:
    """Alone on the beach there is nothing to win: only Rekordpunkte count."""
    return False


def record_setup(category: str) -> tuple[dict[str, Any], tuple[str, ...], str]:
    return {"modus": "rekordjagd", "skizzenwahl": category, "bauen": "offen"}, (), "normal"


MODES = SoloModes(
    turbo=True,
    daily=DailyMode(
        name=N_("Tagesstrand"),
        description=N_(
            "Heute bekommen alle dieselben Skizzen, Wimpel und Würfe. Du baust drei Burgen allein, "
            "je sechs Würfel aus einer Auslage von fünf. Rekordpunkte = Burgpunkte aller drei Runden + 5 je Preis; "
            "es zählt der erste Versuch des Tages."
        ),
        options={"modus": "tagesstrand", "skizzenwahl": "eine", "bauen": "offen"},
        computers=(),
        won=never_won,
        won_label=None,
    ),
    record=RecordMode(
        name=N_("Rekordjagd"),
        description=N_(
            "Allein am Strand mit zufälligen Würfen, so oft du willst: dein bester Wert je "
            "Skizzenwahl kommt in die Liste aller Zeiten."
        ),
        rounds=1,
        categories=CATEGORIES,
        category_name=N_("Skizzenwahl"),
        setup=record_setup,
        won=never_won,
    ),
    # After the game every castle and sketch is public: nothing stays hidden.
    replay_open_after_end=True,
)
