"""The Meisterbrief (RT "Allein in der Werkstatt", SUP "Meisterbrief"): twelve levels as data.

Each level fixes the recipes (across the twelve every one of the 24 appears; levels 1–4 teach recipe 1,
2, 3, 4 of every colour), its own start bag and 6 (levels 1–6) or 9 evenings (7–12), and three goals from
a small vocabulary that the server checks from the game itself (``goal_status``). The first goal passes
the level (1 star); every further goal met adds a star.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.text import Text, german, ntx, tx

JSON = dict[str, Any]
START = ("W1", "W1", "W1", "W1", "W2", "W2", "W3", "O1", "O1", "G1")


@dataclass(frozen=True)
class Goal:
    kind: str  # "ruhm", "ohne_fehl", "feld", "kristalle", "preise"
    n: int = 0

    @property
    def msg(self) -> Text:
        """The goal as a text (games.core.text), shown with ``say``."""
        if self.kind == "ruhm":
            return tx("mindestens %(n)s Ruhm", n=self.n)
        if self.kind == "ohne_fehl":
            return tx("keine Fehlzündung")
        if self.kind == "feld":
            return tx("eine Rakete ohne Fehlzündung bis Feld %(n)s", n=self.n)
        if self.kind == "kristalle":
            return tx("mindestens %(n)s Kristalle am Ende", n=self.n)
        return tx("mindestens %(n)s Tagespreise", n=self.n)

    @property
    def text(self) -> str:
        return german(self.msg)


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    rezepte: dict[str, int]
    abende: int
    beutel: tuple[str, ...]
    goals: tuple[Goal, Goal, Goal]


def _all(n: int) -> dict[str, int]:
    return dict.fromkeys("GBRYPS", n)


LEVELS: tuple[Level, ...] = (
    Level(1, "Lehrling", _all(1), 6, START, (Goal("ruhm", 16), Goal("feld", 20), Goal("ohne_fehl"))),
    Level(2, "Pulverjunge", _all(2), 6, START + ("B1",), (Goal("ruhm", 22), Goal("kristalle", 4), Goal("feld", 22))),
    Level(3, "Hülsenroller", _all(3), 6, START + ("P1",), (Goal("ruhm", 24), Goal("preise", 3), Goal("ohne_fehl"))),
    Level(
        4, "Zündschnurdreher", _all(4), 6, START + ("S1",), (Goal("ruhm", 24), Goal("feld", 24), Goal("kristalle", 5))
    ),
    Level(
        5,
        "Geselle",
        {"G": 3, "B": 4, "R": 2, "Y": 1, "P": 4, "S": 2},
        6,
        START + ("R1",),
        (Goal("ruhm", 26), Goal("ohne_fehl"), Goal("preise", 3)),
    ),
    Level(
        6,
        "Feuerwerker",
        {"G": 2, "B": 1, "R": 4, "Y": 3, "P": 2, "S": 3},
        6,
        START + ("Y1",),
        (Goal("ruhm", 28), Goal("feld", 26), Goal("kristalle", 6)),
    ),
    Level(
        7,
        "Raketenbauer",
        {"G": 4, "B": 3, "R": 1, "Y": 2, "P": 1, "S": 4},
        9,
        START,
        (Goal("ruhm", 40), Goal("feld", 30), Goal("ohne_fehl")),
    ),
    Level(
        8,
        "Pulvermischer",
        {"G": 1, "B": 2, "R": 3, "Y": 4, "P": 3, "S": 1},
        9,
        START + ("W1",),
        (Goal("ruhm", 40), Goal("kristalle", 8), Goal("preise", 5)),
    ),
    Level(
        9,
        "Obergeselle",
        {"G": 2, "B": 4, "R": 4, "Y": 1, "P": 2, "S": 3},
        9,
        START,
        (Goal("ruhm", 44), Goal("feld", 32), Goal("ohne_fehl")),
    ),
    Level(
        10,
        "Vorarbeiter",
        {"G": 3, "B": 1, "R": 2, "Y": 4, "P": 4, "S": 2},
        9,
        START + ("W2",),
        (Goal("ruhm", 44), Goal("preise", 6), Goal("kristalle", 8)),
    ),
    Level(
        11,
        "Werkmeister",
        {"G": 4, "B": 2, "R": 1, "Y": 3, "P": 1, "S": 4},
        9,
        START + ("W3",),
        (Goal("ruhm", 46), Goal("feld", 34), Goal("ohne_fehl")),
    ),
    Level(
        12,
        "Feuerwerksmeister",
        {"G": 1, "B": 3, "R": 3, "Y": 2, "P": 3, "S": 1},
        9,
        START + ("W2", "W3"),
        (Goal("ruhm", 50), Goal("feld", 36), Goal("kristalle", 10)),
    ),
)


def level(number: int) -> Level:
    return LEVELS[number - 1]


def goal_status(goal: Goal, *, ruhm: int, kristalle: int, preise: int, hoehen: list[JSON], over: bool) -> JSON:
    """A goal's standing for one manufactory: ``stand`` (German), ``erfuellt`` (met for good or at the
    end), ``verfehlt`` (can no longer be met)."""
    out = _goal_status(goal, ruhm=ruhm, kristalle=kristalle, preise=preise, hoehen=hoehen, over=over)
    return {**out, "msg": goal.msg, "text": goal.text, "stand": german(out["stand_msg"])}


def _goal_status(goal: Goal, *, ruhm: int, kristalle: int, preise: int, hoehen: list[JSON], over: bool) -> JSON:
    misfires = sum(1 for h in hoehen if h["fehl"])
    best = max((h["feld"] for h in hoehen if not h["fehl"]), default=0)
    if goal.kind == "ruhm":
        met, stand = ruhm >= goal.n, tx("%(n)s/%(of)s Ruhm", n=ruhm, of=goal.n)
        return {"stand_msg": stand, "erfuellt": met, "verfehlt": over and not met}
    # during the game a standing says "bisher" (so far); at the end it is the final count
    if goal.kind == "ohne_fehl":
        if misfires or over:
            stand = ntx("%(n)s Fehlzündung", "%(n)s Fehlzündungen", misfires)
        else:
            stand = tx("bisher keine")
        return {"stand_msg": stand, "erfuellt": over and not misfires, "verfehlt": bool(misfires)}
    if goal.kind == "feld":
        met = best >= goal.n
        if not over:
            stand = tx("beste bisher Feld %(n)s", n=best)
        elif best:
            stand = tx("beste Rakete: Feld %(n)s", n=best)
        else:
            stand = tx("keine Rakete ohne Fehlzündung")
        return {"stand_msg": stand, "erfuellt": met, "verfehlt": over and not met}
    if goal.kind == "kristalle":
        met = kristalle >= goal.n
        return {
            "stand_msg": tx("%(n)s/%(of)s Kristalle", n=kristalle, of=goal.n),
            "erfuellt": over and met,
            "verfehlt": over and not met,
        }
    met = preise >= goal.n
    stand = tx("%(n)s/%(of)s Tagespreise", n=preise, of=goal.n)
    return {"stand_msg": stand, "erfuellt": met, "verfehlt": over and not met}


def stars(statuses: list[JSON]) -> int:
    """The first goal passes the level (1 star); each further goal met adds one. Without the first: none."""
    if not statuses or not statuses[0]["erfuellt"]:
        return 0
    return 1 + sum(1 for s in statuses[1:] if s["erfuellt"])
