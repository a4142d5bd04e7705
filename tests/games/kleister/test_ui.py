"""The table fragments show each seat only what it may know."""

from __future__ import annotations

import re

from games.core.fragments import FragmentContext
from games.kleister import engine, ui
from lobby.runtime.rendering import render
from lobby.runtime.snapshot import Snapshot


def snap_for(state, players: int = 3) -> Snapshot:
    return Snapshot(
        table_id=1,
        match_id=1,
        number=1,
        version=0,
        game="kleister",
        kind="solo",
        status="playing",
        options=state.options,
        table_options={},
        state=engine.dump(state),
        result=None,
        log=[],
        players=[
            {"name": f"Platz {i + 1}", "user_id": i + 1, "bot": None if i == 0 else "normal"} for i in range(players)
        ],
    )


def hand_cards(html: str) -> list[int]:
    return [int(c) for c in re.findall(r'class="kl-poster kl-r\d+ kl-card"[^>]*data-card="(\d+)"', html)]


def test_each_seat_sees_its_own_hand_only():
    state = engine.new_game(seed=5, players=3, options=engine.clean_options({}, 3))
    for seat in range(3):
        html = render(snap_for(state), seat)["kl-hand"]
        assert sorted(hand_cards(html)) == sorted(engine.view(state, seat)["hand"])


def test_spectator_gets_no_hand():
    state = engine.new_game(seed=5, players=3, options=engine.clean_options({}, 3))
    fragments = render(snap_for(state), None)
    assert "kl-hand" not in fragments and "kl-own" not in fragments
    assert "kl-card" not in "".join(fragments.values())


def test_plays_preview_lists_every_group_of_the_hand():
    state = engine.new_game(seed=8, players=3, options=engine.clean_options({}, 3))
    view = engine.view(state, state.active)
    keys = set(ui.plays(view))
    legal = {f"{a['rank']}:{a['count']}:{a['brushes']}" for a in engine.legal_actions(state, state.active)}
    assert keys == legal


def test_status_says_when_a_computer_thinks():
    state = engine.new_game(seed=8, players=3, options=engine.clean_options({}, 3))
    snap = snap_for(state)
    text, thinking = ui.status_text(FragmentContext(snap, engine.view(state, 0), 0, ["P0", "P1", "P2"]))
    assert thinking == (state.active != 0)
    assert ("überlegt" in text) == thinking


def test_end_board_lists_every_player_by_place():
    import random

    state = engine.new_game(seed=3, players=3, options=engine.clean_options({"spielart": "kurz"}, 3))
    rng = random.Random(1)
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    html = render(snap_for(state), 0)["kl-end"]
    rows = re.findall(r"<tr(?: class=\"kl-me\")?><td>(\d)\.</td><td>(Platz \d)</td>", html)
    places = engine.result(state)["places"]
    assert sorted(name for _, name in rows) == ["Platz 1", "Platz 2", "Platz 3"]
    assert [int(p) for p, _ in rows] == sorted(places)
