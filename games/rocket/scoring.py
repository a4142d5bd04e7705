"""The Abendvorstellung's four steps and the Mark of the Pulverhandlung.

Each step function applies its gains to the seats and returns what happened as
a list of items ``{"seat", "text", "ruhm", "kristalle", "vorladung", ...}`` that
the view shows step by step.
"""

from __future__ import annotations

from games.core.rng import draw_rng
from games.core.text import Text, said, tx

from .content import (
    CRYSTAL_FIELDS,
    LAST_CHIP_FIELD,
    MARK,
    PRIZE_FACES,
    PRIZE_TEXT,
    RUHM,
    chip_value,
    count,
    solo_target,
)
from .rocket import Seat, to_bag
from .state import JSON, State, sheet


def covered(s: State, seat: int) -> bool:
    """After a Fehlzündung still Ruhm and Einkauf: Glück im Unglück or Versicherung."""
    p = s.seats[seat]
    if not p.fehl:
        return True
    if sheet(s) == "waghalsig":
        return False
    if sheet(s) == "glueck":
        return True
    return s.rezepte["Y"] == 3 and any(c[0] == "Y" for c in p.chips)


def needs_choice(s: State, seat: int) -> bool:
    """After an uncovered Fehlzündung: Ruhm or Einkauf (not after Waghalsige Bestellung)."""
    return s.seats[seat].fehl and not covered(s, seat) and sheet(s) != "waghalsig"


def gain(p: Seat, ruhm: int = 0, kristalle: int = 0, vorladung: int = 0) -> None:
    p.ruhm += ruhm
    p.kristalle += kristalle
    p.vorladung = min(LAST_CHIP_FIELD, p.vorladung + vorladung)


def _item(seat: int, text: Text, **gain: int) -> JSON:
    """An item of the show: its German ``text`` and, for the page to translate, its ``msg``."""
    return {"seat": seat, **said(text), **gain}


def prize(s: State) -> list[JSON]:
    cands = [i for i, p in enumerate(s.seats) if not p.fehl]
    if s.solo and sheet(s) == "konkurrenz":
        target = solo_target(s.abend)
        beaten = [i for i in cands if s.seats[i].wertungsfeld() <= target]
        if beaten:  # the show says why there is no prize
            return [
                _item(i, tx("steigt nicht über die Konkurrenz (Feld %(n)s): kein Tagespreis.", n=target))
                for i in beaten
            ]
        cands = [i for i in cands if s.seats[i].wertungsfeld() > target]
    if not cands:
        return []
    best = max(s.seats[i].wertungsfeld() for i in cands)
    cands = [i for i in cands if s.seats[i].wertungsfeld() == best]
    fewest = min(len(s.seats[i].chips) for i in cands)
    winners = [i for i in cands if len(s.seats[i].chips) == fewest]
    rng = draw_rng(s.seed, s.draws)
    s.draws += 1
    out = []
    for i in winners:
        face = PRIZE_FACES[rng.randrange(len(PRIZE_FACES))]
        p = s.seats[i]
        p.preise += 1
        if face == "ruhm1":
            gain(p, ruhm=1)
        elif face == "ruhm2":
            gain(p, ruhm=2)
        elif face == "kristall":
            gain(p, kristalle=1)
        elif face == "vorladung":
            gain(p, vorladung=1)
        else:
            to_bag(p, ["O1"])
        text = tx("gewinnt den Tagespreis (Feld %(n)s) und würfelt: %(prize)s.", n=best, prize=tx(PRIZE_TEXT[face]))
        item = _item(i, text, wurf=face)
        if face == "kalk":
            item["beutel"] = 1
        out.append(item)
        if sheet(s) == "wette":
            gain(p, ruhm=2)
            out.append(_item(i, tx("Wette im Festzelt: 2 Ruhm dazu."), ruhm=2))
    return out


def black_counts(s: State) -> list[int]:
    return [sum(1 for c in p.chips if c[0] == "S") for p in s.seats]


def wertung(s: State) -> list[JSON]:
    out: list[JSON] = []
    rz = s.rezepte
    blacks = black_counts(s)
    b = sheet(s)
    for i, p in enumerate(s.seats):
        if p.fehl and b == "waghalsig":
            continue  # "eine Fehlzündung bringt gar nichts": no recipe pays either
        chips = p.chips
        n = len(chips)

        def add(text: Text, ruhm: int = 0, kristalle: int = 0, vorladung: int = 0, i: int = i, p: Seat = p) -> None:
            gain(p, ruhm, kristalle, vorladung)
            out.append(_item(i, text, ruhm=ruhm, kristalle=kristalle, vorladung=vorladung))

        greens = [k for k, c in enumerate(chips) if c[0] == "G"]
        if greens:
            if rz["G"] == 1:
                k = sum(1 for g in greens if g >= n - 2)
                if k:
                    add(tx("Schlussglanz: %(n)s × 1 Kristall und 1 Ruhm.", n=k), ruhm=k, kristalle=k)
            elif rz["G"] == 3:
                k = sum(1 for g in greens if any(0 <= j < n and chips[j][0] in "RO" for j in (g - 1, g + 1)))
                if k:
                    add(tx("Rotgrün: %(crystals)s.", crystals=count(k, "Kristall")), kristalle=k)
            elif rz["G"] == 4 and len(greens) >= 2:
                k = 1 if len(greens) == 2 else 2
                add(tx("Grüne Reihe: %(crystals)s.", crystals=count(k, "Kristall")), kristalle=k)
        if rz["Y"] == 4 and not p.fehl and any(c[0] == "Y" for c in chips[-2:]) and "W1" in chips:
            p.entsorgt += 1  # stays in the Hülse tonight, does not go back into the bag
            out.append(_item(i, tx("Entsorgen: gibt ein Blitzpulver 1 für immer ab."), beutel=-1))
        purples = sum(1 for c in chips if c[0] == "P")
        if purples:
            if rz["P"] == 1:
                if purples == 1:
                    add(tx("Purpurregen: 1 Ruhm."), ruhm=1)
                elif purples == 2:
                    add(tx("Purpurregen: 1 Ruhm und 1 Kristall."), ruhm=1, kristalle=1)
                else:
                    add(tx("Purpurregen: 2 Ruhm und Vorladung +1."), ruhm=2, vorladung=1)
            elif rz["P"] == 2:
                r = purples + (2 if chips[-1][0] == "P" else 0)
                add(tx("Finale: %(n)s Ruhm.", n=r), ruhm=r)
            elif rz["P"] == 4:
                if purples == 1:
                    add(tx("Kristallregen: 1 Kristall."), kristalle=1)
                elif purples == 2:
                    add(tx("Kristallregen: 2 Kristalle."), kristalle=2)
                else:
                    add(tx("Kristallregen: 2 Kristalle und 2 Ruhm."), ruhm=2, kristalle=2)
        mine = blacks[i]
        if mine and rz["S"] in (1, 3):
            rivals = _black_rivals(s, i, blacks)
            if rz["S"] == 1:
                more = sum(1 for r in rivals if mine > r)
                if len(rivals) == 1:
                    if mine > rivals[0]:
                        add(tx("Wettstreit: Vorladung +1 und 1 Kristall."), kristalle=1, vorladung=1)
                    elif mine == rivals[0]:
                        add(tx("Wettstreit: Vorladung +1."), vorladung=1)
                elif more == len(rivals):
                    add(tx("Wettstreit: Vorladung +1 und 1 Kristall."), kristalle=1, vorladung=1)
                elif more:
                    add(tx("Wettstreit: Vorladung +1."), vorladung=1)
            else:
                top = max(rivals)
                if mine > top:
                    add(tx("Meisterschaft: 3 Ruhm."), ruhm=3)
                elif mine == top:
                    add(tx("Meisterschaft geteilt: 2 Ruhm."), ruhm=2)
        if b == "feuchte_luft" and not p.fehl:
            add(tx("Feuchte Herbstluft ohne Fehlzündung: 1 Kristall."), kristalle=1)
        if b == "vorsicht" and not p.fehl:
            add(tx("Die Vorsicht der Alten: 2 Ruhm."), ruhm=2)
        if b == "farbenpracht" and len({c[0] for c in chips}) >= 5:
            add(tx("Farbenpracht: 1 Kristall."), kristalle=1)
        if b == "auftrag" and not p.fehl and p.wertungsfeld() >= solo_target(s.abend):
            add(tx("Auftrag des Bürgermeisters erfüllt (Feld %(n)s): 3 Ruhm.", n=solo_target(s.abend)), ruhm=3)
    return out


def _black_rivals(s: State, seat: int, blacks: list[int]) -> list[int]:
    """Schwarzpulver counts to compare with: the neighbours (two players: the other; solo: the Konkurrenz's 1)."""
    if s.solo:
        return [1]
    n = s.players
    if n == 2:
        return [blacks[1 - seat]]
    left, right = (seat - 1) % n, (seat + 1) % n
    return [blacks[left], blacks[right]] if left != right else [blacks[left]]


def kristallfeld(s: State) -> list[JSON]:
    out = []
    k = 2 if sheet(s) == "abschluss" else 1
    for i, p in enumerate(s.seats):
        f = p.wertungsfeld()
        if f in CRYSTAL_FIELDS:
            gain(p, kristalle=k)
            out.append(
                _item(i, tx("Kristallfeld %(n)s: %(crystals)s.", n=f, crystals=count(k, "Kristall")), kristalle=k)
            )
    return out


def ruhm_step(s: State) -> list[JSON]:
    out = []
    for i, p in enumerate(s.seats):
        if not covered(s, i):
            continue
        r = RUHM[p.wertungsfeld()]
        if r:
            gain(p, ruhm=r)
            out.append(_item(i, tx("Wertungsfeld %(n)s: %(fame)s Ruhm.", n=p.wertungsfeld(), fame=r), ruhm=r))
    return out


def shop_mark(s: State, seat: int) -> int:
    """The Mark to spend: Wertungsfeld plus Bürgermeister, Kundschaft, Ansporn, Kalkhändler."""
    p = s.seats[seat]
    if p.fehl and sheet(s) == "waghalsig":
        return 0
    mark = MARK[p.wertungsfeld()]
    if sheet(s) == "buergermeister":
        mark += 3
    if s.rezepte["B"] == 3:
        mark += sum(chip_value(c) + 1 for c in p.chips if c[0] == "B")
    if s.rezepte["S"] == 4:
        blacks = black_counts(s)
        rivals = [1] if s.solo else [b for j, b in enumerate(blacks) if j != seat]
        mark += 4 * sum(1 for r in rivals if blacks[seat] > r)
    if sheet(s) == "kalkhaendler":
        mark += 2 * sum(1 for c in p.chips if c[0] == "O")
    return mark
