"""Building hand-made Speedrocket situations for the tests."""

from __future__ import annotations

from games.rocket import engine as E
from games.rocket.state import State

NEUTRAL = "buergermeister"  # a sheet that changes nothing while stuffing
STANDARD = {"G": 1, "B": 1, "R": 1, "Y": 1, "P": 1, "S": 1}


def evening(
    players: int = 2,
    *,
    blatt: str = NEUTRAL,
    abend: int = 2,
    kurz: bool = False,
    rezepte: dict[str, int] | None = None,
    ruhm: list[int] | None = None,
    beutel: list[str] | None = None,
    seed: int = 1,
) -> State:
    """A game at the start of the Stopfen of evening ``abend`` (every evening has sheet ``blatt``)."""
    s = E.new_game(seed=seed, players=players, options={"kurz": kurz})
    s.rezepte = {**STANDARD, **(rezepte or {})}
    s.blaetter = [blatt] * s.abende
    for i, p in enumerate(s.seats):
        if ruhm is not None:
            p.ruhm = ruhm[i]
        if beutel is not None:
            p.beutel = sorted(beutel)
    s.abend = abend - 1
    E._start_evening(s, None)
    return s


def put(s: State, seat: int, *chips: str) -> list[dict]:
    """Take ``chips`` out of the seat's bag (added first if missing) and lay them one by one."""
    events: list[dict] = []
    p = s.seats[seat]
    for chip in chips:
        if chip not in p.beutel:
            p.beutel.append(chip)
        p.beutel.remove(chip)
        E.place_chip(s, seat, chip, events)
    return events


def fields(s: State, seat: int = 0) -> list[int]:
    return list(s.seats[seat].felder)


def stop_all(s: State) -> State:
    for seat in E.to_move(s):
        s, _ = E.apply(s, seat, {"type": "aufhoeren"})
    return s


def weiter_all(s: State) -> State:
    for seat in E.to_move(s):
        s, _ = E.apply(s, seat, {"type": "weiter"})
    return s


def to_step(s: State, step: int) -> State:
    """From the Stopfen (everyone stops now) to Vorstellung step ``step`` (its gains applied)."""
    s = stop_all(s)
    if s.phase == "stopfen":  # every seat already finished through ``put`` (a misfire)
        E._start_vorstellung(s, None)
    for _ in range(4):
        if s.schritt >= step:
            break
        s = weiter_all(s)
    assert s.phase == "vorstellung" and s.schritt == step
    return s


def to_shop(s: State) -> State:
    s = to_step(s, 4)
    return weiter_all(s)
