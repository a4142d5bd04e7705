"""Speedneon content: facades (from ``facades.json``), colours, Werbetafeln, tools.

Dice are two-character strings: colour letter + brightness digit, e.g. ``"P5"``
(Pink 5). A facade window requirement is ``None`` (free), a colour letter or a
brightness digit (``"1"``..``"6"``), so ``req in die`` tests it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from games.core.text import N_, Text, join, tx

ROWS = 4  # Etagen, top to bottom
COLS = 5  # Achsen, left to right
CELLS = ROWS * COLS  # window index = row * 5 + column

COLOURS = ("P", "C", "G", "N", "V")
#: German colour names (msgids: a page shows them translated).
COLOUR_NAMES = {"P": N_("Pink"), "C": N_("Cyan"), "G": N_("Gelb"), "N": N_("Grün"), "V": N_("Violett")}
VALUES = ("1", "2", "3", "4", "5", "6")
DICE_PER_COLOUR = 18
ROUNDS = 10


@dataclass(frozen=True)
class Facade:
    id: str
    name: str
    difficulty: int
    card: int
    rows: tuple[str, ...]
    req: tuple[str | None, ...]  # 20 windows: None, colour letter or brightness digit


def _load_facades() -> tuple[dict[str, Facade], list[tuple[str, str]]]:
    data = json.loads((Path(__file__).with_name("facades.json")).read_text(encoding="utf-8"))
    facades: dict[str, Facade] = {}
    cards: list[tuple[str, str]] = []
    for card in data["cards"]:
        ids = []
        for side in card["sides"]:
            rows = tuple(side["rows"])
            req = tuple(None if ch == "." else ch for row in rows for ch in row)
            facades[side["id"]] = Facade(
                id=side["id"],
                name=side["name"],
                difficulty=int(side["difficulty"]),
                card=int(card["card"]),
                rows=rows,
                req=req,
            )
            ids.append(side["id"])
        cards.append((ids[0], ids[1]))
    return facades, cards


FACADES, CARDS = _load_facades()


@dataclass(frozen=True)
class Tafel:
    id: str
    name: str
    points: int
    text: str


TAFELN: dict[str, Tafel] = {
    t.id: t
    for t in (
        Tafel("bunte_etagen", "Bunte Etagen", 6, N_("Je volle Etage ohne doppelte Farbe: 6 Punkte.")),
        Tafel("bunte_achsen", "Bunte Achsen", 5, N_("Je volle Achse ohne doppelte Farbe: 5 Punkte.")),
        Tafel(
            "lichtstufen_etagen",
            "Lichtstufen-Etagen",
            5,
            N_("Je volle Etage ohne doppelte Helligkeit: 5 Punkte."),
        ),
        Tafel(
            "lichtstufen_achsen",
            "Lichtstufen-Achsen",
            4,
            N_("Je volle Achse ohne doppelte Helligkeit: 4 Punkte."),
        ),
        Tafel("daemmerlicht", "Dämmerlicht", 2, N_("Je Paar aus einer 1 und einer 2: 2 Punkte.")),
        Tafel("halbschatten", "Halbschatten", 2, N_("Je Paar aus einer 3 und einer 4: 2 Punkte.")),
        Tafel("flutlicht", "Flutlicht", 2, N_("Je Paar aus einer 5 und einer 6: 2 Punkte.")),
        Tafel("volle_skala", "Volle Skala", 5, N_("Je Satz der Helligkeiten 1 bis 6: 5 Punkte.")),
        Tafel("regenbogen", "Regenbogen", 4, N_("Je Satz aller fünf Farben: 4 Punkte.")),
        Tafel(
            "lichterkette",
            "Lichterkette",
            1,
            N_("Je Röhre mit einer schräg benachbarten Röhre gleicher Farbe: 1 Punkt."),
        ),
    )
}

PAIRS = {"daemmerlicht": ("1", "2"), "halbschatten": ("3", "4"), "flutlicht": ("5", "6")}


@dataclass(frozen=True)
class Tool:
    id: str
    name: str
    text: str
    solo_colour: str
    die_tool: bool  # acts on a chosen die of the Lieferung (only before placing)


TOOLS: dict[str, Tool] = {
    t.id: t
    for t in (
        Tool("dimmer", "Dimmer", N_("Gewählte Röhre ±1 (1 wird nicht zu 6)."), "V", True),
        Tool("wackelkontakt", "Wackelkontakt", N_("Gewählte Röhre neu würfeln."), "V", True),
        Tool(
            "umpolen",
            "Umpolen",
            N_("Gewählte Röhre auf die Gegenseite drehen (1↔6, 2↔5, 3↔4)."),
            "N",
            True,
        ),
        Tool(
            "roehrenwechsel",
            "Röhrenwechsel",
            N_("Gewählte Röhre zurück in die Kiste, eine neue ziehen und ihre Helligkeit selbst wählen."),
            "V",
            True,
        ),
        Tool(
            "lagerkiste",
            "Lagerkiste",
            N_("Gewählte Röhre gegen eine vom Stromzähler tauschen; die eingetauschte musst du anbringen."),
            "N",
            True,
        ),
        Tool(
            "verlaengerungskabel",
            "Verlängerungskabel",
            N_("Gewählte Röhre in ein Fenster ohne jeden Nachbarn hängen (auch nicht schräg)."),
            "G",
            True,
        ),
        Tool(
            "stromausfall",
            "Stromausfall",
            N_("Alle Röhren der Lieferung neu würfeln – nur im zweiten Zug einer Runde, vor dem Wählen."),
            "C",
            False,
        ),
        Tool(
            "doppelschicht",
            "Doppelschicht",
            N_("Im ersten Zug einer Runde gleich eine zweite Röhre anbringen; dafür setzt du deinen zweiten Zug aus."),
            "P",
            False,
        ),
        Tool(
            "farbfolie",
            "Farbfolie",
            N_("Eine angebrachte Röhre umhängen, die Farbvorgabe des Ziels gilt nicht."),
            "C",
            False,
        ),
        Tool(
            "trafo",
            "Trafo",
            N_("Eine angebrachte Röhre umhängen, die Helligkeitsvorgabe des Ziels gilt nicht."),
            "P",
            False,
        ),
        Tool(
            "hebebuehne",
            "Hebebühne",
            N_("Genau zwei verschiedene angebrachte Röhren umhängen, nacheinander und nach allen Regeln."),
            "G",
            False,
        ),
        Tool(
            "schablone",
            "Schablone",
            N_(
                "Eine oder zwei verschiedene angebrachte Röhren derselben Farbe umhängen – "
                "diese Farbe muss auf dem Stromzähler liegen."
            ),
            "C",
            False,
        ),
    )
}

DIE_TOOLS = frozenset(t.id for t in TOOLS.values() if t.die_tool)
MOVE_TOOLS = frozenset({"farbfolie", "trafo", "hebebuehne", "schablone"})


def die_text(die: str) -> Text:
    """The name of a die, e.g. ``"Pink 5"`` (a text, games.core.text)."""
    return join(" ", [tx(COLOUR_NAMES[die[0]]), die[1]])


def window_text(cell: int) -> Text:
    """The name of a window, e.g. ``"Etage 1, Achse 3"`` (1-based, from the top left; a text)."""
    return tx("Etage %(row)s, Achse %(col)s", row=cell // COLS + 1, col=cell % COLS + 1)


#: The computers' names at the table: German surnames that suit a city at night and its
#: neon lights; never a real person's full name.
COMPUTER_NAMES = (
    "Funke",
    "Lichtenberg",
    "Hellwig",
    "Strahl",
    "Abendroth",
    "Glanzmann",
    "Leuchtner",
    "Nachtigall",
)
