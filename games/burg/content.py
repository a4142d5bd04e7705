"""Speedburg content: materials, the 24 sketches, shovels and prizes (data only).

A die is ``[id, pips]``: ``id`` 0..31 names the physical die (its material is
``id // 8``), ``pips`` 1..6 is what it was rolled to. A castle has 9 fields,
numbered 0..8 row by row from the back left (the keys 1..9 of the rule text);
each field holds a stack of dice, bottom first.

A sketch row string uses ``1``..``5`` for a target height, ``.`` for a dashed
field (target 0: may be built, costs the sketch bonus) and ``~`` for a puddle
(blocked).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.text import N_, Text, join, tx

FIELDS = 9
COLS = 3
ROUNDS = 3
BUILDS_PER_ROUND = 6
DICE = 32
DICE_PER_MATERIAL = 8

# material index = die id // 8
TREIBHOLZ, GRANIT, MUSCHELN, SEEGLAS = 0, 1, 2, 3
MATERIALS = (TREIBHOLZ, GRANIT, MUSCHELN, SEEGLAS)
MATERIAL_KEYS = ("treibholz", "granit", "muscheln", "seeglas")
MATERIAL_NAMES = (N_("Treibholz"), N_("Granit"), N_("Muscheln"), N_("Seeglas"))
#: one die of the material ("eine Muschel")
MATERIAL_SINGULAR = (N_("Treibholz"), N_("Granit"), N_("Muschel"), N_("Seeglas"))
MATERIAL_RULES = (
    N_("2 Punkte je Treibholz-Nachbar (daneben auf gleicher Ebene, darunter, darüber)"),
    N_("2 × Ebene − 1 Punkte (Ebene 1 = Boden)"),
    N_("3 Punkte obenauf, sonst 1 Punkt"),
    N_("als Satz: 1, 3, 6, 10, 15, 21 Punkte für 1 bis 6 Seeglas"),
)

#: Auslage size by number of players (1 = Allein am Strand)
AUSLAGE = {1: 5, 2: 8, 3: 9, 4: 7}

SKETCH_BONUS = 6
PRIZE_SP = 3
SOLO_PRIZE_POINTS = 5
SHOVELS = (("gold", "Goldene Schaufel", 5), ("silber", "Silberne Schaufel", 3), ("bronze", "Bronzene Schaufel", 1))
#: how many shovels are handed out by number of players
SHOVEL_COUNT = {1: 0, 2: 1, 3: 2, 4: 3}

PRIZES = (
    ("leuchtturm", "Leuchtturm", N_("ein Stapel ab Höhe 5")),
    ("strandtreppe", "Strandtreppe", N_("gebaute Würfel zeigen 1, 2, 3, 4 und 5 Augen")),
    ("muschelkrone", "Muschelkrone", N_("mindestens 3 Muscheln obenauf")),
    ("burgmauer", "Burgmauer", N_("eine Reihe oder Spalte aus drei Stapeln ab Höhe 2")),
    ("strandgut", "Strandgut", N_("alle vier Materialien verbaut")),
)
PRIZE_NAMES = {key: name for key, name, _ in PRIZES}

#: Bestenliste factor by Computerstärke (None: humans only)
BOT_FACTOR = {None: 1.0, "leicht": 0.6, "normal": 1.0, "stark": 1.2}


def material(die_id: int) -> int:
    return die_id // DICE_PER_MATERIAL


def die_text(die: list[int] | tuple[int, int]) -> str:
    """German name of a rolled die, e.g. "Granit 4"."""
    return f"{MATERIAL_SINGULAR[material(die[0])]} {die[1]}"


def field_text(field: int) -> str:
    """German name of a field: "Feld 1".."Feld 9" (row by row from the back left)."""
    return f"Feld {field + 1}"


def die_name(die: list[int] | tuple[int, int]) -> Text:
    """A rolled die as a text (games.core.text): "Granit 4"."""
    return join(" ", [tx(MATERIAL_SINGULAR[material(die[0])]), str(die[1])])


def field_name(field: int) -> Text:
    """A field as a text: "Feld 1".."Feld 9"."""
    return tx("Feld %(n)s", n=field + 1)


PUDDLE = -1


@dataclass(frozen=True)
class Sketch:
    nr: int
    name: str
    rows: tuple[str, str, str]

    @property
    def targets(self) -> tuple[int, ...]:
        """Target height per field: 0 dashed, 1..5 a height, PUDDLE (−1) a puddle."""
        out = []
        for row in self.rows:
            for ch in row:
                out.append(PUDDLE if ch == "~" else 0 if ch == "." else int(ch))
        return tuple(out)


_SKETCH_DATA = (
    ("Leuchtfeuer", "..~", ".5.", "..1"),
    ("Zwillingstürme", "3.3", "...", "~.~"),
    ("Strandmauer", "222", "...", "..."),
    ("Hafenmole", "2..", "2..", "2.~"),
    ("Treppe zum Meer", "123", "...", "~~."),
    ("Dünenkamm", ".1.", "121", ".1."),
    ("Bergfried", "~.~", ".4.", ".2."),
    ("Kleine Festung", "11.", "11.", "2.~"),
    ("Zwei Ecken", "4..", "...", "..2"),
    ("Möwennest", "~~~", ".3.", ".3."),
    ("Sandschloss", "1.1", ".2.", "1.1"),
    ("Brandung", "~1~", ".2.", ".3."),
    ("Kreuzburg", ".1.", ".4.", ".1."),
    ("Ostseeblick", "33.", "~~.", "..."),
    ("Lagune", "..~", "2.2", "~2."),
    ("Strandkorb", "21.", "21.", "..."),
    ("Fischerhütte", "..3", "..2", "~~1"),
    ("Muschelbank", "111", ".3.", "..."),
    ("Sandbank", "...", "1.1", ".4."),
    ("Burggraben", "~~~", "4.2", "..."),
    ("Rettungsturm", ".~.", ".5.", "~.1"),
    ("Seebrücke", "1.1", "1.1", ".2."),
    ("Kap Arkona", "3..", ".2.", "..1"),
    ("Windflüchter", "..1", ".2.", "3~~"),
)

SKETCHES: dict[int, Sketch] = {i + 1: Sketch(i + 1, name, (a, b, c)) for i, (name, a, b, c) in enumerate(_SKETCH_DATA)}

#: The computers' names at the table: German surnames that suit a summer beach on the Baltic
#: Sea; never a real person's full name.
COMPUTER_NAMES = (
    "Sandmann",
    "Seemann",
    "Wellmann",
    "Dünnebier",
    "Bernstein",
    "Möwius",
    "Küstner",
    "Strandt",
)
