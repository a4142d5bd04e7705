"""Speedneon's fragments under the Fragment contract (issue 12): plain data only, hidden information
stays hidden, and what several viewers see alike is built alike (so it is rendered once)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from games.core import registry
from games.core.fragments import Fragment, FragmentContext, LogLines, TableView, render_fragment
from games.neon import engine as E
from games.neon import ui

NAMES = ["Ada", "Bert", "Cleo", "Dora"]
#: Panels that every viewer who is not to move gets with the same input.
SHARED = ("nn-status", "nn-center", "nn-koffer", "nn-wahl", "nn-end")


@pytest.fixture(autouse=True)
def neon_registered(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setitem(registry.GAME_PACKAGES, "neon", "games.neon")


def facts(players: int, bots: tuple[int, ...] = ()) -> TableView:
    return TableView(
        table_id=3,
        match_id=11,
        number=1,
        version=0,
        kind="solo",
        status="playing",
        players=[{"name": NAMES[s], "bot": "normal" if s in bots else None, "left": False} for s in range(players)],
        log=[{"type": "runde", "seat": None, "text": "Runde 1 beginnt."}],
        rat=True,
    )


def fragments_for(state: E.State, viewer: int | None, table: TableView) -> dict[str, Fragment]:
    """What ``viewer`` gets: the public fragments (from the spectator's view) and its private ones."""
    names = NAMES[: state.players]
    public = ui.public_fragments(FragmentContext(table, E.view(state, None), None, names))
    private = ui.private_fragments(FragmentContext(table, E.view(state, viewer), viewer, names))
    return {**public, **private}


def positions(players: int, ausgabe: str, seed: int, every: int = 9) -> list[E.State]:
    """Positions of one random game: each step of the facade choice, every ``every``-th action after it
    (with tools taken often, so open tool steps come up), and the end."""
    options = {"ausgabe": ausgabe, "werkzeuge": 5} if ausgabe == "solo" else {"ausgabe": ausgabe}
    state = E.new_game(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    out = [state]
    steps = 0
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        legal = E.legal_actions(state, seat)
        tools = [a for a in legal if a["type"] not in ("setzen", "passen")]
        state, _ = E.apply(state, seat, rng.choice(tools) if tools and rng.random() < 0.5 else rng.choice(legal))
        steps += 1
        if state.phase == "wahl" or steps % every == 0:
            out.append(state)
    out.append(state)
    return out


GAMES = [(3, "klassisch", 21), (4, "blackout", 22), (2, "einsteiger", 23), (1, "solo", 24)]


def plain(value: object) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, (str, int)) and plain(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return all(plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


@pytest.mark.parametrize(("players", "ausgabe", "seed"), GAMES)
def test_every_fragment_is_a_template_with_plain_data(players, ausgabe, seed):
    table = facts(players)
    for state in positions(players, ausgabe, seed, every=15):
        for viewer in [None, *range(players)]:
            for name, fragment in fragments_for(state, viewer, table).items():
                for part in fragment.parts() if isinstance(fragment, LogLines) else [fragment]:
                    assert isinstance(part, Fragment), name
                    assert plain(part.data), name
                key, html = render_fragment(fragment)
                assert re.match(rf'\s*<\w+ id="{name}"', html), name  # the element the page swaps


# ------------------------------------------------------------------ hidden information


def hidden_changed(state: E.State, viewer: int | None) -> E.State:
    """The same game with everything ``viewer`` cannot know changed: the other seats' secret colours
    (until the end), their facade offers, their facade and Strom while the choice runs, the future draws."""
    other = dataclasses.replace(state)
    seats = [s for s in range(state.players) if s != viewer]
    if state.phase != "ende":
        taken = {c for c in (state.geheim[viewer] if viewer is not None else [])}
        free = [c for c in E.COLOURS if c not in taken]
        other.geheim = [
            list(state.geheim[s]) if s == viewer else [free[(free.index(state.geheim[s][0]) + 1) % len(free)]]
            for s in range(state.players)
        ]
    if state.phase == "wahl":
        other.angebot = [list(a) if s == viewer else list(reversed(a)) for s, a in enumerate(state.angebot)]
        if not all(f is not None for f in state.fassade):
            other.fassade, other.strom = list(state.fassade), list(state.strom)
            for s in seats:
                if state.fassade[s] is not None:
                    swap = next(f for f in state.angebot[s] if f != state.fassade[s])
                    other.fassade[s] = swap
                    other.strom[s] = E.FACADES[swap].difficulty
    other.seed = state.seed + 1  # every future Lieferung differs
    return other


@pytest.mark.parametrize(("players", "ausgabe", "seed"), GAMES)
def test_no_fragment_carries_what_the_viewers_view_does_not(players, ausgabe, seed):
    """A viewer's fragments are a function of its view: changing what it cannot see changes nothing."""
    table = facts(players, bots=tuple(range(1, players)))
    checked = 0
    for state in positions(players, ausgabe, seed):
        for viewer in [None, *range(players)]:
            other = hidden_changed(state, viewer)
            if state.phase != "ende":
                assert other.geheim != state.geheim or players == 1
            assert E.view(other, viewer) == E.view(state, viewer)  # nothing visible was changed
            mine, theirs = fragments_for(state, viewer, table), fragments_for(other, viewer, table)
            assert mine == theirs
            checked += 1
    assert checked >= 4 * (players + 1)


def test_the_facade_choice_shows_no_other_seats_offer_or_choice():
    state = E.new_game(seed=31, players=3, options={"ausgabe": "klassisch"})
    state, _ = E.apply(state, 2, {"type": "fassade", "fassade": state.angebot[2][1]})
    table = facts(3)
    for viewer in (None, 0, 1):
        html = "".join(render_fragment(f)[1] for f in fragments_for(state, viewer, table).values())
        own = {E.FACADES[f].name for f in state.angebot[viewer]} if viewer is not None else set()
        for seat in (s for s in range(3) if s != viewer):
            for facade in state.angebot[seat]:
                name = E.FACADES[facade].name
                assert name in own or f">{name}<" not in html, (viewer, name)
        secrets = set(re.findall(r'data-geheim="([A-Z])"', html))
        assert secrets == (set(state.geheim[viewer]) if viewer is not None else set())


# ------------------------------------------------------------------ built once for many viewers


@pytest.mark.parametrize(("players", "ausgabe", "seed"), GAMES[:3])
def test_panels_are_the_same_input_for_every_viewer_not_to_move(players, ausgabe, seed):
    table = facts(players, bots=(1,))
    for state in positions(players, ausgabe, seed):
        if state.phase == "wahl":
            continue
        movers = set(E.to_move(state))
        waiting = [v for v in [None, *range(players)] if v not in movers]
        got = {v: fragments_for(state, v, table) for v in waiting}
        for name in SHARED if state.phase == "spiel" else ("nn-status", "nn-center", "nn-koffer", "nn-wahl"):
            assert len({got[v][name].key() for v in waiting}) == 1, name
        steps = {got[v]["nn-step"].key() for v in waiting if v is not None}
        assert len(steps) <= 1


def test_the_rivals_order_is_clockwise_the_same_all_match_and_hides_the_own_board():
    table = facts(4)
    keys: dict[int | None, set[bytes]] = {v: set() for v in (None, 0, 1, 2, 3)}
    for state in positions(4, "klassisch", 41, every=20):
        for viewer in keys:
            order = fragments_for(state, viewer, table)["nn-order"]
            keys[viewer].add(order.key())
    assert all(len(k) == 1 for k in keys.values())  # sent once per match and connection
    html = render_fragment(fragments_for(state, 2, table)["nn-order"])[1]
    assert html.index("#nn-board-3{order:1}") < html.index("#nn-board-0{order:2}") < html.index("#nn-board-1{order:3}")
    assert "#nn-board-2{display:none}" in html
    spectator = render_fragment(fragments_for(state, None, table)["nn-order"])[1]
    assert "display:none" not in spectator and "#nn-board-0{order:1}" in spectator


def test_a_board_for_every_possible_seat_and_the_missing_ones_empty():
    state = E.new_game(seed=5, players=2, options={"ausgabe": "klassisch"})
    got = fragments_for(state, 0, facts(2))
    boards = [f"nn-board-{s}" for s in range(E.MAX_PLAYERS)]
    assert all(b in got for b in boards)
    assert render_fragment(got["nn-board-3"])[1] == '<section id="nn-board-3" class="nn-rival" hidden></section>'
    assert 'data-testid="rival-1"' in render_fragment(got["nn-board-1"])[1]


def test_a_board_changes_only_when_its_player_acts():
    """Whose turn it is and the Kiste are not on the boards: a board's input stays while others move."""
    table = facts(3)
    state = E.new_game(seed=51, players=3, options={"ausgabe": "klassisch"})
    rng = random.Random(51)
    before = ui.public_fragments(FragmentContext(table, E.view(state, None), None, NAMES[:3]))
    kept = changed = 0
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        previous = state
        state, _ = E.apply(state, seat, rng.choice(E.legal_actions(state, seat)))
        after = ui.public_fragments(FragmentContext(table, E.view(state, None), None, NAMES[:3]))
        for s in range(3):
            same_player = all(
                getattr(previous, field)[s] == getattr(state, field)[s]
                for field in ("grids", "last", "strom", "fassade")
            )
            board = f"nn-board-{s}"
            if same_player and previous.phase != "wahl":
                assert after[board].key() == before[board].key(), (s, state.runde)
                kept += 1
            elif not same_player:
                changed += 1
        before = after
    assert kept > changed > 0
