"""Speedrocket alone ("Allein in der Werkstatt"): the Tagesrätsel and the Rekordjagd (RULES.md, "Solo")."""

from __future__ import annotations

from typing import Any

from games.core.solo import DailyMode, RecordMode, SoloModes
from games.core.text import N_
from games.rocket.endboard import heights_line

#: The Tagesrätsel: nine evenings, recipes drawn from the day's seed (the same for everyone that day).
DAILY_OPTIONS = {"kurz": False, "rezepte": "zufall", "taeglich": True}
#: The Rekordjagd: nine evenings with the standard recipes.
RECORD_OPTIONS = {"kurz": False, "rezepte": "standard"}


def record_setup(category: str) -> tuple[dict[str, Any], tuple[str, ...], str]:
    return dict(RECORD_OPTIONS), (), "normal"


def solo_won(result: dict[str, Any], seat: int) -> bool:
    """Alone there is nobody to beat: a game "won" is one without a single Fehlzündung."""
    return result["fehlzuendungen"][seat] == 0


MODES = SoloModes(
    daily=DailyMode(
        name=N_("Tagesrätsel"),
        description=N_(
            "Jeden Tag für alle gleich: dieselben Extrablätter, dieselben Rezepturen des Tages und bei "
            "gleichen Entscheidungen dieselben Ziehungen – neun Abende allein in der Werkstatt."
        ),
        options=DAILY_OPTIONS,
        computers=(),
        won=solo_won,
        won_label=N_("ohne Fehlzündung"),
        best_line=heights_line,
    ),
    record=RecordMode(
        name=N_("Rekordjagd"),
        description=N_("Neun Abende allein mit den Standard-Rezepturen: dein bester Ruhm bleibt als Rekord stehen."),
        rounds=1,
        categories=(("standard", N_("Standard-Rezepturen")),),
        category_name=N_("Rezepturen"),
        setup=record_setup,
        won=solo_won,
    ),
    # After the end every draw is public: the replay may show any manufactory.
    replay_open_after_end=True,
)
