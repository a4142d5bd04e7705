"""Speedkleister alone: the Tagesplakat and the Rekordjagd (rule text "Allein spielen", RULES.md §17)."""

from __future__ import annotations

from typing import Any

from games.core.solo import DailyMode, RecordMode, SoloModes
from games.core.text import N_

BASIC_RULES: dict[str, Any] = {"spielart": "normal", "buersten": 5, "karren": 6, "saeule_doppelt": False}
LEVELS = (("leicht", N_("leicht")), ("normal", N_("normal")), ("stark", N_("stark")))


def record_setup(category: str) -> tuple[dict[str, Any], tuple[str, ...], str]:
    """Five Durchgänge against three computers of the chosen strength, basic rules."""
    return dict(BASIC_RULES), (category,) * 3, "normal"


def next_start(options: dict[str, Any], state: dict[str, Any], players: int) -> dict[str, Any]:
    """SUPPLEMENT: "in Rekordjagd it passes clockwise": the next Durchgang starts one seat later."""
    return {**options, "startspieler": (state["start"] + 1) % players}


MODES = SoloModes(
    daily=DailyMode(
        name=N_("Tagesplakat"),
        description=N_(
            "Jeden Tag dieselbe Mischung für alle: du gegen drei starke Computer, ein Durchgang, "
            "Grundregeln, ohne Uhr und ohne Rat."
        ),
        options=dict(BASIC_RULES),
        computers=("stark", "stark", "stark"),
    ),
    record=RecordMode(
        name=N_("Rekordjagd"),
        description=N_(
            "Fünf Durchgänge gegen drei Computer der gewählten Stärke, die Punkte werden "
            "zusammengezählt. Dein bester Wert je Stärke bleibt als Rekord stehen."
        ),
        rounds=5,
        categories=LEVELS,
        category_name=N_("Stärke der Computer"),
        setup=record_setup,
        next_options=next_start,
    ),
    replay_open_after_end=False,  # the hands and the Druckerei stay hidden after the Durchgang
)
