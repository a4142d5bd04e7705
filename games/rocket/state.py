"""The Speedrocket game state (plain data) and small read helpers used everywhere."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .rocket import Ctx, Seat

JSON = dict[str, Any]


@dataclass
class State:
    seed: int
    players: int
    abende: int
    solo: bool
    taeglich: bool  # the day's Tagesrätsel (the end board offers the share line)
    stufe: int | None  # a Meisterbrief level (meisterbrief.py), alone
    rezepte: dict[str, int]
    blaetter: list[str]  # one sheet per evening, fixed at the start (never shown ahead)
    abend: int
    phase: str  # "stopfen", "vorstellung", "handel", "ende"
    schritt: int  # 1..4 in the Vorstellung
    draws: int
    seats: list[Seat]
    vorstellung: list[list[JSON]]  # per step of this evening: what happened (for the page)
    hoehen: list[list[JSON]]  # per evening: per seat {"feld", "fehl"}
    ruhm_abende: list[list[int]]  # per finished evening: every seat's Ruhm after it (the end board's chart)
    abrechnung: list[JSON] | None  # the last evening's settlement per seat
    kristalle_ende: list[int] | None  # crystals before the settlement (tie-break)

    def copy(self) -> State:
        c = State(**{f.name: getattr(self, f.name) for f in fields(State)})
        c.seats = [p.copy() for p in self.seats]
        c.vorstellung = [list(x) for x in self.vorstellung]
        c.hoehen = [list(x) for x in self.hoehen]
        c.ruhm_abende = [list(x) for x in self.ruhm_abende]
        return c


def ctx(s: State) -> Ctx:
    return Ctx(s.rezepte, sheet(s))


def sheet(s: State) -> str:
    return s.blaetter[s.abend - 1]


def last_evening(s: State) -> bool:
    return s.abend == s.abende
