"""Building hand-made Speedneon situations for the tests."""

from __future__ import annotations

from games.neon import content
from games.neon import engine as E

FREE = "frei"
TEST = "testfassade"


def register_facades() -> None:
    """Add two test-only facades to the catalogue (tests only)."""
    content.FACADES.setdefault(
        FREE,
        content.Facade(FREE, "Frei", 3, 0, ("." * 5,) * 4, (None,) * 20),
    )
    rows = ("P.3..", ".....", "..G..", "....6")
    content.FACADES.setdefault(
        TEST,
        content.Facade(TEST, "Test", 4, 0, rows, tuple(None if ch == "." else ch for r in rows for ch in r)),
    )


def grid(cells: dict[int, str]) -> list[str | None]:
    g: list[str | None] = [None] * 20
    for c, d in cells.items():
        g[c] = d
    return g


def started(
    players: int = 2,
    ausgabe: str = "klassisch",
    *,
    seed: int = 1,
    werkzeuge: int = 3,
    facade: str | None = FREE,
) -> E.State:
    """A game right after the facade choice (every seat takes ``facade`` if given)."""
    register_facades()
    opts = {"ausgabe": ausgabe}
    if ausgabe == "solo":
        opts["werkzeuge"] = werkzeuge
    s = E.new_game(seed=seed, players=players, options=opts)
    if facade is not None:
        s.angebot = [[facade, *a[1:]] for a in s.angebot]
    for seat in range(players):
        s, _ = E.apply(s, seat, {"type": "fassade", "fassade": s.angebot[seat][0]})
    return s


def situation(
    s: E.State,
    *,
    seat: int = 0,
    second: bool = False,
    lieferung: list[str] | None = None,
    grids: dict[int, list[str | None]] | None = None,
    tools: list[str] | None = None,
    zaehler: list[str] | None = None,
    strom: int | None = None,
) -> E.State:
    """Make it ``seat``'s (first or second) turn with the given material."""
    s = s.copy()
    n = s.players
    if tools is not None:
        s.werkzeuge = tools
    if lieferung is not None:
        # keep the 90 dice accounted for: take them from the Kiste
        for d in s.lieferung:
            s.kiste[d[0]] += 1
        for d in lieferung:
            s.kiste[d[0]] -= 1
        s.lieferung = list(lieferung)
    if zaehler is not None:
        s.zaehler = list(zaehler)
    for p, g in (grids or {}).items():
        s.grids[p] = list(g)
    if strom is not None:
        s.strom[seat] = strom
    if E._solo(s):
        s.order, s.turn = [0, 0], 1 if second else 0
    else:
        s.start = seat
        s.order = E._snake(seat, n)
        s.turn = 2 * n - 1 if second else 0
    E._reset_turn(s)
    return s


def act(s: E.State, action: dict, seat: int | None = None) -> tuple[E.State, list[dict]]:
    if seat is None:
        seat = E.to_move(s)[0]
    return E.apply(s, seat, action)


def tool_starts(s: E.State, seat: int = 0) -> set[str]:
    return {a["tool"] for a in E.legal_actions(s, seat) if a["type"] == "werkzeug"}
