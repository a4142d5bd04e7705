"""One manufactory's rocket during the Stopfen: laying chips and their "beim Legen" effects.

Shared by the engine and the strong computer's playouts, so both lay a chip
by the very same rules. Everything here mutates a ``Seat`` in place and never
draws: drawing (Vorschau, Aussortieren) is the caller's business, told by the
returned follow-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.text import Text, tx

from .content import LAST_CHIP_FIELD, LAST_FIELD, chip_value


@dataclass
class Seat:
    """Everything one manufactory owns; the evening part is reset each evening."""

    beutel: list[str]
    ruhm: int = 0
    kristalle: int = 1
    vorladung: int = 0
    eimer: bool = True
    zuege: int = 0  # own draw counter (per-seat random stream)
    stil: str = ""
    # --- the evening's rocket
    chips: list[str] = field(default_factory=list)
    felder: list[int] = field(default_factory=list)
    zaehl: list[int] = field(default_factory=list)  # counted Blitzpulver value per chip
    start: int = 0
    lehrbuben: int = 0
    summe: int = 0  # the Zündmesser
    grenze: int = 7
    treib: int = 0  # Treibsatz bonus for the next chip
    schwung: int = 0  # Schwung bonus for the next chip (not on Blitzpulver)
    funken: bool = False  # a Blitzpulver was drawn this evening (Funkenflug)
    beiseite: list[str] = field(default_factory=list)
    fertig: bool = False
    fehl: bool = False
    offen: dict | None = None  # {"art": "sand", "chip", "zaehl"} or {"art": "vorschau", "chips"}
    vorsorge: bool = False  # the last chip is a harmless Blitzpulver just drawn: sand possible
    # --- Abendvorstellung and Pulverhandlung
    weiter: bool = False
    mark: int = 0
    wahl: str | None = None  # after a Fehlzündung: "ruhm" or "einkauf"
    gekauft: list[str] = field(default_factory=list)
    handel_fertig: bool = False
    haendler: bool = False  # Kristallhändler discount used this evening
    entsorgt: int = 0  # Blitzpulver 1 given up for good tonight (Entsorgen)
    preise: int = 0  # Tagespreise won in this game (Meisterbrief goals)

    def copy(self) -> Seat:
        c = Seat(**self.__dict__)
        c.beutel = self.beutel[:]
        c.chips = self.chips[:]
        c.felder = self.felder[:]
        c.zaehl = self.zaehl[:]
        c.beiseite = self.beiseite[:]
        c.gekauft = self.gekauft[:]
        if self.offen is not None:
            c.offen = {k: (v[:] if isinstance(v, list) else v) for k, v in self.offen.items()}
        return c

    def last_field(self) -> int:
        return self.felder[-1] if self.felder else self.start

    def wertungsfeld(self) -> int:
        """The field directly after the last chip (capped at 53)."""
        return min(LAST_FIELD, self.last_field() + 1)


@dataclass(frozen=True)
class Ctx:
    """What laying needs besides the seat: the recipes of this game and the evening's sheet."""

    rezepte: dict[str, int]
    blatt: str

    def r(self, colour: str) -> int:
        return self.rezepte[colour]


def counted_white(p: Seat, chip: str, ctx: Ctx) -> int:
    """What a drawn Blitzpulver adds to the Zündmesser (Funkenflug: the first adds 0)."""
    if ctx.blatt == "funkenflug" and not p.funken:
        return 0
    return chip_value(chip)


def would_ignite(p: Seat, chip: str, ctx: Ctx) -> bool:
    return chip[0] == "W" and p.summe + counted_white(p, chip, ctx) > p.grenze


def lay(p: Seat, chip: str, ctx: Ctx, zaehl: int | None = None) -> tuple[str | None, list[Text]]:
    """Lay ``chip`` into the Hülse with every "beim Legen" effect.

    ``zaehl`` is the counted Blitzpulver value (computed if not given; the
    caller already checked ignition). Returns ``(follow_up, notes)``:
    follow_up is ``"vorschau"``/``"aussortieren"`` when the caller must draw,
    notes are short texts of the effects for the log (games.core.text; recipe names stay German).
    """
    colour = chip[0]
    value = chip_value(chip)
    notes: list[Text] = []
    prev = p.chips[-1] if p.chips else None
    base = p.last_field()
    bonus = p.treib
    if p.treib:
        notes.append(tx("Treibsatz +%(n)s", n=p.treib))
    if p.schwung and colour != "W":
        bonus += p.schwung
        notes.append(tx("Schwung +%(n)s", n=p.schwung))
    p.treib = 0
    p.schwung = 0
    counted = 0
    step = value
    if colour == "W":
        if zaehl is None:
            zaehl = counted_white(p, chip, ctx)
        counted = zaehl
        p.funken = True
    elif colour == "O":
        if ctx.blatt == "ruedersdorf":
            step = 2
    elif colour == "G":
        if ctx.r("G") == 2 and prev is not None and prev[0] == "O":
            p.kristalle += 1
            notes.append(tx("Kalkbrücke: 1 Kristall"))
    elif colour == "R":
        rec = ctx.r("R")
        if rec == 1:
            n = sum(1 for c in p.chips if c[0] == "O")
            extra = min(n, 2)
            if extra:
                bonus += extra
                notes.append(tx("Kalkfeuer +%(n)s", n=extra))
        elif rec == 2:
            if prev is not None and prev[0] == "W":
                extra = chip_value(prev)
                bonus += extra
                notes.append(tx("Nachbrenner +%(n)s", n=extra))
        elif rec == 3:
            extra = min(3, sum(1 for c in p.chips if c[0] == "R"))
            if extra:
                bonus += extra
                notes.append(tx("Rotglut +%(n)s", n=extra))
        else:
            extra = 2 if p.summe >= 5 else 1 if p.summe >= 3 else 0
            if extra:
                bonus += extra
                notes.append(tx("Hitze +%(n)s", n=extra))
    elif colour == "Y":
        rec = ctx.r("Y")
        if rec == 1 and prev is not None and prev[0] == "W":
            p.chips.pop()
            p.felder.pop()
            back = p.zaehl.pop()
            p.summe -= back
            to_bag(p, [prev])
            notes.append(tx("Bindemittel: das Blitzpulver davor zurück in den Beutel"))
            # Natriumgelb advances from the Blitzpulver's place: ``base`` stays that field
        elif rec == 2:
            p.grenze += 1
            notes.append(tx("Puffer: Zündgrenze %(n)s", n=p.grenze))
    elif colour == "P":
        if ctx.r("P") == 3:
            n = 1 + sum(1 for c in p.chips if c[0] == "P")
            p.ruhm += n
            notes.append(tx("Sofortglanz: %(n)s Ruhm", n=n))
    elif colour == "S":
        pass
    target = min(LAST_CHIP_FIELD, base + step + bonus)
    p.chips.append(chip)
    p.felder.append(target)
    p.zaehl.append(counted)
    p.summe += counted
    follow = None
    if colour == "S" and ctx.r("S") == 2:
        p.treib = 1
    elif colour == "B":
        rec = ctx.r("B")
        if rec == 4:
            p.schwung = value
        elif rec == 1:
            follow = "vorschau"
        elif rec == 2:
            follow = "aussortieren"
    return follow, notes


def to_bag(p: Seat, chips: list[str]) -> None:
    """Chips back into (or for good into) the bag; the bag is kept sorted (it has no order)."""
    p.beutel.extend(chips)
    p.beutel.sort()
