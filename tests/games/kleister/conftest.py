"""Hand-made Speedkleister states for the rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from games.kleister import engine as E

B = E.BRUSH


def make_state(
    *,
    players: int = 3,
    hands: dict[int, list[int]] | None = None,
    columns: dict[int, list[list[int]]] | None = None,
    karren: list[int] | None = None,
    druckerei: list[int] | None = None,
    altpapier: list[int] | None = None,
    active: int = 0,
    options: dict[str, Any] | None = None,
    fill: bool = True,
) -> E.State:
    """A state in phase kleben. Cards: ints (0 = brush). ``druckerei`` is listed top card first.

    With ``fill`` every card not placed anywhere goes to the bottom of the Druckerei,
    so the state holds exactly the game's cards.
    """
    options = E.clean_options(options or {}, players)
    hand_vectors = [[0] * 14 for _ in range(players)]
    for seat, cards in (hands or {}).items():
        for card in cards:
            hand_vectors[seat][card] += 1
    cols: list[list[list[int]]] = [[] for _ in range(players)]
    for seat, groups in (columns or {}).items():
        cols[seat] = [list(g) for g in groups]
    top_first = list(druckerei or [])
    state = E.State(
        seed=1,
        counter=2,
        players=players,
        options=options,
        hands=hand_vectors,
        known=[[0] * 14 for _ in range(players)],
        columns=cols,
        druckerei=list(reversed(top_first)),
        karren=list(karren or []),
        altpapier=list(altpapier or []),
        start=active,
        active=active,
        last=[""] * players,
    )
    if fill:
        used = [0] * 14
        for hand in hand_vectors:
            for card in range(14):
                used[card] += hand[card]
        for col in cols:
            for rank, posters, brushes in col:
                if rank != E.SONDER:
                    used[rank] += posters
                used[B] += brushes
        for card in state.karren + state.druckerei + state.altpapier:
            used[card] += 1
        rest = []
        for card, total in enumerate(E.totals(options)):
            assert used[card] <= total, f"too many cards {card}"
            rest += [card] * (total - used[card])
        state.druckerei = rest + state.druckerei
    return state


@pytest.fixture
def mk():
    return make_state
