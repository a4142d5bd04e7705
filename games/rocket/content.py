"""Speedrocket content: the Hülse, chips and prices, recipes, Extrablätter, styles.

A chip is a two-character string: colour letter + value digit, e.g. ``"G2"``
(Bariumgrün 2). Colours: ``W`` Blitzpulver, ``O`` Kalkorange, ``G`` Bariumgrün,
``B`` Kupferblau, ``R`` Strontiumrot, ``Y`` Natriumgelb, ``P`` Purpur,
``S`` Schwarzpulver. Every number here is fixed by SUPPLEMENT.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.text import N_, Text, ntx, tx

LAST_FIELD = 53  # the Wertungsfeld is capped here
LAST_CHIP_FIELD = 52  # a chip never goes past this field

EVENINGS = 9
EVENINGS_SHORT = 6
BASE_LIMIT = 7
PROBE_LIMIT = 8  # evening 1, the Probeabend
EXTRA_WHITE_EVENING = 6  # everyone gets a Blitzpulver 1 (short game: 4)
EXTRA_WHITE_EVENING_SHORT = 4
START_CRYSTALS = 1
START_BAG = ("W1", "W1", "W1", "W1", "W2", "W2", "W3", "O1", "O1", "G1")
CRYSTALS_PER_TRADE = 2
MARK_PER_RUHM = 5  # last evening
CRYSTALS_PER_RUHM = 2  # end of the game


def ruhm_of(field: int) -> int:
    """Ruhm printed on ``field``: +1 every 4th field up to 30, then every 3rd."""
    if field <= 30:
        return field // 4
    return 7 + (field - 30) // 3


_MARK_FROM_16 = (
    15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24,
    25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 31, 32, 32, 33, 33, 35,
)  # fmt: skip
MARK = tuple(list(range(16)) + list(_MARK_FROM_16))
RUHM = tuple(ruhm_of(f) for f in range(LAST_FIELD + 1))
CRYSTAL_FIELDS = frozenset((5, 9, 13, 16, 20, 24, 28, 30, 34, 36, 40, 42, 46, 50, 52))

COLOURS = ("W", "O", "G", "B", "R", "Y", "P", "S")
COLOUR_NAMES = {
    "W": "Blitzpulver",
    "O": "Kalkorange",
    "G": "Bariumgrün",
    "B": "Kupferblau",
    "R": "Strontiumrot",
    "Y": "Natriumgelb",
    "P": "Purpur",
    "S": "Schwarzpulver",
}
#: colours with four recipes
RECIPE_COLOURS = ("G", "B", "R", "Y", "P", "S")
#: the wares of the Pulverhandlung with their price in Mark, shop order (Kalkorange .. Schwarzpulver)
PRICES = {
    "O1": 3,
    "G1": 4,
    "G2": 8,
    "G4": 14,
    "B1": 5,
    "B2": 10,
    "B4": 19,
    "R1": 6,
    "R2": 10,
    "R4": 16,
    "Y1": 8,
    "Y2": 12,
    "Y4": 18,
    "P1": 9,
    "S1": 10,
}
WARES = tuple(PRICES)


def chip_text(chip: str) -> str:
    """German name of a chip: "Bariumgrün 2", "Kalkorange", "Purpur"."""
    name = COLOUR_NAMES[chip[0]]
    return name if chip[0] in "OPS" else f"{name} {chip[1]}"


def chip_say(chip: str) -> Text:
    """A chip for a text that is translated (games.core.text): Blitzpulver is translated (flash powder),
    the other powders' names are names and stay ("Bariumgrün 2"; docs/i18n.md)."""
    if chip[0] == "W":
        return tx("Blitzpulver %(n)s", n=int(chip[1]))
    return chip_text(chip)


def count_text(n: int, one: str, many: str) -> str:
    """ "1 Kristall", "2 Kristalle"."""
    return f"{n} {one if n == 1 else many}"


def count(n: int, word: str) -> Text:
    """ "1 Kristall", "2 Kristalle" as a text (games.core.text); ``word``: Kristall, Feld or Chip."""
    if word == "Kristall":
        return ntx("%(n)s Kristall", "%(n)s Kristalle", n)
    if word == "Feld":
        return ntx("%(n)s Feld", "%(n)s Felder", n)
    return ntx("%(n)s Chip", "%(n)s Chips", n)


def chip_value(chip: str) -> int:
    return ord(chip[1]) - 48


@dataclass(frozen=True)
class Recipe:
    colour: str
    number: int
    name: str
    kind: str  # "legen" (beim Legen), "wertung", "handel" (Pulverhandlung)
    text: str


_R = Recipe
RECIPES: dict[tuple[str, int], Recipe] = {
    (r.colour, r.number): r
    for r in (
        _R(
            "G",
            1,
            "Schlussglanz",
            "wertung",
            N_("Jedes Bariumgrün als letzter oder vorletzter Chip: 1 Kristall und 1 Ruhm."),
        ),
        _R("G", 2, "Kalkbrücke", "legen", N_("Liegt direkt davor Kalkorange, bekommst du sofort 1 Kristall.")),
        _R(
            "G",
            3,
            "Rotgrün",
            "wertung",
            N_("Jedes Bariumgrün mit Strontiumrot oder Kalkorange direkt davor oder dahinter: 1 Kristall."),
        ),
        _R("G", 4, "Grüne Reihe", "wertung", N_("2 Bariumgrün in der Hülse: 1 Kristall, 3 oder mehr: 2 Kristalle.")),
        _R(
            "B",
            1,
            "Vorschau",
            "legen",
            N_("Zieh so viele Chips, wie es wert ist, und einen mehr; einen davon darfst du sofort legen."),
        ),
        _R(
            "B",
            2,
            "Aussortieren",
            "legen",
            N_("Sieh dir so viele Chips an, wie es wert ist; das höchste Blitzpulver darunter legst du beiseite."),
        ),
        _R(
            "B",
            3,
            "Kundschaft",
            "handel",
            N_("Jedes Kupferblau in der Hülse bringt seinen Wert + 1 in Mark (2 / 3 / 5)."),
        ),
        _R(
            "B",
            4,
            "Schwung",
            "legen",
            N_("Der nächste Chip rückt um den Wert des Kupferblau weiter, wenn er kein Blitzpulver ist."),
        ),
        _R(
            "R",
            1,
            "Kalkfeuer",
            "legen",
            N_("Liegt 1 Kalkorange in der Hülse, rückt es 1 Feld weiter, bei 2 oder mehr 2 Felder."),
        ),
        _R("R", 2, "Nachbrenner", "legen", N_("Liegt direkt davor Blitzpulver, rückt es um dessen Wert weiter.")),
        _R(
            "R",
            3,
            "Rotglut",
            "legen",
            N_("Je Strontiumrot, das schon in der Hülse liegt, rückt es 1 Feld weiter (höchstens 3)."),
        ),
        _R(
            "R",
            4,
            "Hitze",
            "legen",
            N_("Steht dein Blitzpulver auf 3 oder 4, rückt es 1 Feld weiter, ab 5 rückt es 2 Felder weiter."),
        ),
        _R(
            "Y",
            1,
            "Bindemittel",
            "legen",
            N_(
                "Liegt direkt davor Blitzpulver, kommt es zurück in den Beutel; "
                "Natriumgelb rückt von dessen Platz aus vor."
            ),
        ),
        _R("Y", 2, "Puffer", "legen", N_("Deine Zündgrenze steigt an diesem Abend um 1.")),
        _R(
            "Y",
            3,
            "Versicherung",
            "wertung",
            N_("Liegt Natriumgelb in der Hülse, bekommst du auch nach einer Fehlzündung Ruhm und Einkauf."),
        ),
        _R(
            "Y",
            4,
            "Entsorgen",
            "wertung",
            N_(
                "Natriumgelb als letzter oder vorletzter Chip ohne Fehlzündung: "
                "ein Blitzpulver 1 aus der Hülse für immer abgeben."
            ),
        ),
        _R(
            "P",
            1,
            "Purpurregen",
            "wertung",
            N_("1 Purpur: 1 Ruhm · 2: 1 Ruhm + 1 Kristall · 3 oder mehr: 2 Ruhm + Vorladung +1."),
        ),
        _R(
            "P",
            2,
            "Finale",
            "wertung",
            N_("Jedes Purpur bringt 1 Ruhm; ist ein Purpur dein letzter Chip, 2 Ruhm dazu."),
        ),
        _R("P", 3, "Sofortglanz", "legen", N_("Sofort so viel Ruhm, wie jetzt Purpur in der Hülse liegen.")),
        _R(
            "P",
            4,
            "Kristallregen",
            "wertung",
            N_("1 Purpur: 1 Kristall · 2: 2 Kristalle · 3 oder mehr: 2 Kristalle + 2 Ruhm."),
        ),
        _R(
            "S",
            1,
            "Wettstreit",
            "wertung",
            N_("Mehr Schwarzpulver als ein Nachbar: Vorladung +1; mehr als beide: dazu 1 Kristall."),
        ),
        _R("S", 2, "Treibsatz", "legen", N_("Der nächste Chip rückt 1 Feld weiter.")),
        _R(
            "S",
            3,
            "Meisterschaft",
            "wertung",
            N_("Die meisten Schwarzpulver am Tisch (mindestens 1): 3 Ruhm; bei Gleichstand je 2 Ruhm."),
        ),
        _R("S", 4, "Ansporn", "handel", N_("Je Mitspieler mit weniger Schwarzpulver als du: 4 Mark.")),
    )
}
STANDARD_RECIPES = dict.fromkeys(RECIPE_COLOURS, 1)


@dataclass(frozen=True)
class Sheet:
    id: str
    name: str
    text: str


_S = Sheet
SHEETS: dict[str, Sheet] = {
    s.id: s
    for s in (
        _S("kaiserwetter", "Kaiserwetter", N_("Zündgrenze 8.")),
        _S("feuchte_luft", "Feuchte Herbstluft", N_("Zündgrenze 6; ohne Fehlzündung 1 Kristall.")),
        _S("stadtrat", "Der Stadtrat spendiert", N_("Jeder Chip 2 Mark billiger.")),
        _S("paris", "Messegäste aus Paris", N_("Jeder bekommt 1 Kristall.")),
        _S("streik", "Die Lehrbuben streiken", N_("Keine Lehrbuben.")),
        _S("eifer", "Lehrbuben mit Eifer", N_("Doppelt so viele Lehrbuben.")),
        _S("wette", "Wette im Festzelt", N_("Tagespreis + 2 Ruhm.")),
        _S("vorsicht", "Die Vorsicht der Alten", N_("Ohne Fehlzündung 2 Ruhm.")),
        _S("glueck", "Glück im Unglück", N_("Eine Fehlzündung kostet nichts.")),
        _S("abschluss", "Großes Abschlussfeuerwerk", N_("Ein Kristallfeld bringt 2 Kristalle.")),
        _S("eilig", "Eilige Bestellung", N_("Alle beginnen 2 Felder weiter vorn.")),
        _S("sandknapp", "Sandknappheit", N_("Kein Sandeimer.")),
        _S("kristallhaendler", "Kristallhändler", N_("Die erste Vorladung kostet 1 Kristall.")),
        _S("ruedersdorf", "Kalk aus Rüdersdorf", N_("Kalkorange rückt 2 Felder.")),
        _S("funkenflug", "Funkenflug", N_("Das erste Blitzpulver zählt nicht.")),
        _S("farbenpracht", "Farbenpracht", N_("5 Farben in der Hülse: 1 Kristall.")),
        _S("buergermeister", "Der Bürgermeister zahlt", N_("3 Mark mehr.")),
        _S("freier_eimer", "Freier Sandeimer", N_("Jeder Eimer wird gefüllt.")),
        _S("sachsen", "Pulver aus Sachsen", N_("Ein Kalkorange für immer in den Beutel.")),
        _S("hilfe", "Hilfe für die Letzten", N_("Wer am wenigsten Ruhm hat, gibt ein Blitzpulver 1 für immer ab.")),
        # the four solo sheets (in place of streik, eifer, wette, hilfe)
        _S(
            "auftrag",
            "Auftrag des Bürgermeisters",
            N_("Wertungsfeld ohne Fehlzündung mindestens so hoch wie verlangt: 3 Ruhm."),
        ),
        _S(
            "konkurrenz",
            "Die Messe-Konkurrenz stopft vor",
            N_("Den Tagespreis gibt es nur, wenn deine Rakete höher steigt."),
        ),
        _S("kalkhaendler", "Kalkhändler in Not", N_("Jedes Kalkorange in der Hülse bringt 2 Mark.")),
        _S("waghalsig", "Waghalsige Bestellung", N_("Zündgrenze 1 höher, aber eine Fehlzündung bringt gar nichts.")),
    )
}
SOLO_REPLACED = ("streik", "eifer", "wette", "hilfe")
SOLO_SHEETS = ("auftrag", "konkurrenz", "kalkhaendler", "waghalsig")
TABLE_DECK = tuple(k for k in SHEETS if k not in SOLO_SHEETS)
SOLO_DECK = tuple(k for k in SHEETS if k not in SOLO_REPLACED)
NOT_FIRST = "hilfe"
SHEET_LIMITS = {"kaiserwetter": 8, "feuchte_luft": 6}


def solo_target(evening: int) -> int:
    """Field of the Messe-Konkurrenz and of the Auftrag des Bürgermeisters (14 … 30)."""
    return 14 + 2 * (evening - 1)


#: the Tagespreis die
PRIZE_FACES = ("ruhm1", "ruhm1", "ruhm2", "kristall", "vorladung", "kalk")
PRIZE_TEXT = {
    "ruhm1": N_("1 Ruhm"),
    "ruhm2": N_("2 Ruhm"),
    "kristall": N_("1 Kristall"),
    "vorladung": N_("Vorladung +1"),
    "kalk": N_("ein Kalkorange in den Beutel"),
}

STYLES = (
    N_("Draufgänger"),
    N_("Vorsichtig"),
    N_("Kristallsammler"),
    N_("Schwarzpulver-Liebhaber"),
    N_("Purpur-Liebhaber"),
    N_("Tempomacher"),
)
STYLE_TEXT = {
    "Draufgänger": N_("wagt etwas mehr"),
    "Vorsichtig": N_("hört früher auf"),
    "Kristallsammler": N_("mag Kristalle und Bariumgrün"),
    "Schwarzpulver-Liebhaber": N_("mag Schwarzpulver"),
    "Purpur-Liebhaber": N_("mag Purpur"),
    "Tempomacher": N_("mag schnelle Pulver (Kupferblau, Strontiumrot)"),
}

#: The computers' names at the table: German surnames that suit a Saxon fireworks
#: manufactory around 1901; never a real person's full name.
COMPUTER_NAMES = (
    "Pulvermacher",
    "Zunder",
    "Brenner",
    "Schwärmer",
    "Feuerlein",
    "Kracht",
    "Funkel",
    "Sprühauf",
)
