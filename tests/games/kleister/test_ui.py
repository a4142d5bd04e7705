"""The table fragments: template + plain data, columns public, and each seat shown only what it may know."""

from __future__ import annotations

import itertools
import json
import random
import re
from html import unescape

from hypothesis import given

from games.core import bars
from games.core.fragments import Fragment, FragmentContext, LogLines
from games.kleister import engine, ui
from lobby.runtime.rendering import render, seat_names, table_view
from lobby.runtime.snapshot import Snapshot

from .conftest import make_state
from .test_properties import SETTINGS, _reshuffle_hidden, games, random_game

#: A fresh match id per snapshot, never a real match's: the runtime caches public fragments by (match, version).
_match_ids = itertools.count(-3_000_000, -1)


def snap_for(state, players: int | None = None) -> Snapshot:
    players = state.players if players is None else players
    return Snapshot(
        table_id=1,
        match_id=next(_match_ids),
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


def contexts(state) -> dict[int | None, FragmentContext]:
    """The fragment context of every seat and of a spectator (None), as the runtime builds them."""
    snap = snap_for(state)
    names = [p["name"] for p in snap.players]
    return {
        seat: FragmentContext(table_view(snap), seat_names(engine.view(state, seat), names), seat, names)
        for seat in [None, *range(state.players)]
    }


def played(seed: int, moves: int, players: int = 3):  # type: ignore[no-untyped-def]
    state = engine.new_game(seed=seed, players=players, options=engine.clean_options({}, players))
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


def hand_cards(html: str) -> list[int]:
    """The cards of a kl-hand-data fragment, in hand order (the page builds the card buttons from them)."""
    return json.loads(unescape(re.search(r'data-cards="([^"]*)"', html).group(1)))


def is_plain(value) -> bool:  # type: ignore[no-untyped-def]
    if value is None or isinstance(value, str | int | float | bool):
        return True
    if isinstance(value, list | tuple):
        return all(is_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_plain(v) for k, v in value.items())
    return False


def test_each_seat_sees_its_own_hand_only():
    state = engine.new_game(seed=5, players=3, options=engine.clean_options({}, 3))
    for seat in range(3):
        html = render(snap_for(state), seat)["kl-hand-data"]
        assert sorted(hand_cards(html)) == sorted(engine.view(state, seat)["hand"])


def test_spectator_gets_no_hand():
    state = engine.new_game(seed=5, players=3, options=engine.clean_options({}, 3))
    fragments = render(snap_for(state), None)
    assert "kl-hand-data" not in fragments and "kl-decision" not in fragments
    assert "data-cards" not in "".join(fragments.values())


def test_every_fragment_is_a_template_with_plain_data():
    for moves in (0, 7, 40, 400):
        for ctx in contexts(played(11, moves, players=4)).values():
            for name, fragment in {**ui.public_fragments(ctx), **ui.private_fragments(ctx)}.items():
                for part in fragment.parts() if isinstance(fragment, LogLines) else [fragment]:
                    assert isinstance(part, Fragment), name
                    assert is_plain(part.data), name
                    part.key()  # raises on anything marshal cannot take


def test_columns_are_public_and_the_marks_private():
    state = played(3, 25, players=4)
    for seat, ctx in contexts(state).items():
        public, private = ui.public_fragments(ctx), ui.private_fragments(ctx)
        assert {f"kl-col-{s}" for s in range(4)} <= set(public)
        assert {f"kl-marks-{s}" for s in range(4)} <= set(private)
        assert not any(name.startswith("kl-col-") for name in private)
        assert ("kl-hand-data" in private) == ("kl-decision" in private) == (seat is not None)
    # a column's data comes from public facts only: the same from every seat's view as from a spectator's
    views = {seat: ctx.view for seat, ctx in contexts(state).items()}
    for s in range(4):
        assert len({repr(ui.column_data(view, s)) for view in views.values()}) == 1


def test_panels_of_seats_not_to_move_are_the_same_input():
    """Status, Plakatkarren and the empty end board do not depend on the seat of those who only watch."""
    state = played(8, 0)
    mover = engine.to_move(state)[0]
    keys = {}
    for seat, ctx in contexts(state).items():
        private = ui.private_fragments(ctx)
        keys[seat] = {name: private[name].key() for name in ("kl-status", "kl-center", "kl-end")}
    watchers = [keys[seat] for seat in keys if seat != mover]
    assert all(k == watchers[0] for k in watchers)
    assert keys[mover]["kl-status"] != watchers[0]["kl-status"]


@SETTINGS
@given(games)
def test_what_a_seat_receives_depends_only_on_its_view(game):
    """Dealing every card a viewer cannot see differently changes no fragment the viewer receives."""
    rng = random.Random(game["seed"])
    for index, (state, _, _) in enumerate(random_game(game)):
        if index % 23:
            continue
        for viewer in [None, *range(state.players)]:
            other = _reshuffle_hidden(state, viewer, rng)
            assert render(snap_for(other), viewer) == render(snap_for(state), viewer)
            if viewer is not None:
                assert hand_cards(render(snap_for(state), viewer)["kl-hand-data"]) == engine.view(state, viewer)["hand"]


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
    assert '<tr class="kl-me"><td>' in html and "Neue Partie" in html
    assert "Neue Partie" not in render(snap_for(state), None)["kl-end"]


def test_the_decisions_show_the_covered_group_to_the_one_who_decides():
    seen = set()
    state = engine.new_game(seed=4, players=3, options=engine.clean_options({}, 3))
    rng = random.Random(4)
    while not engine.is_over(state) and seen != {engine.NEHMEN, engine.LIEGEN}:
        seat = engine.to_move(state)[0]
        if state.phase in (engine.NEHMEN, engine.LIEGEN):
            view = engine.view(state, seat)
            group = view["pending"]["group"]
            html = render(snap_for(state), seat)["kl-decision"]
            shown = re.search(r'<div class="kl-decision".*?</p>', html, re.S).group(0)
            cards = [group["rank"]] * group["posters"] + [engine.BRUSH] * group["brushes"]
            assert sorted(int(c) for c in re.findall(r'data-card="(\d+)"', shown)) == sorted(cards)
            if state.phase == engine.NEHMEN:
                assert "Du überklebst" in shown and 'data-key="n"' in html
            else:
                assert "lässt deine Gruppe liegen" in shown and 'data-key="p"' in html
            for other in range(3):
                if other != seat:
                    assert render(snap_for(state), other)["kl-decision"] == '<div id="kl-decision"></div>'
            seen.add(state.phase)
        legal = engine.legal_actions(state, seat)
        liegen = [a for a in legal if a["type"] == "liegen"]  # to reach the covered seat's decision too
        state, _ = engine.apply(state, seat, liegen[0] if liegen else rng.choice(legal))
    assert seen == {engine.NEHMEN, engine.LIEGEN}


def test_end_board_bars_are_plain_data_and_match_the_score():
    # Platz 1 klebt its last card: column 3 + 5 + 1 cards, one group of 5 (bonus), no hand: 10 points;
    # Platz 2: column 2, hand 3: -1; Platz 3: hand 2: -2. Scale -3 … 10.
    state = make_state(
        hands={0: [5], 1: [1, 2, 3], 2: [6, 7]},
        columns={0: [[8, 3, 0], [4, 4, 1]], 1: [[9, 2, 0]]},
        options={"saeule_doppelt": True},
    )
    state, _ = engine.apply(state, 0, {"type": "kleben", "rank": 5, "count": 1, "brushes": 0})
    assert engine.is_over(state)
    ctx = contexts(state)[0]
    data = ui.end_data(ctx)
    assert is_plain(data)
    unit = bars.WIDTH / 13
    by_name = {row["name"]: row for row in data["rows"]}
    assert [row["points"] for row in data["rows"]] == [10, -1, -2]
    assert by_name["Platz 1"]["bar"]["bars"] == [
        {"key": "saeule", "value": 9, "text": "+9", "x": round(3 * unit, 1), "w": round(9 * unit, 1)},
        {"key": "bonus", "value": 1, "text": "+1", "x": round(12 * unit, 1), "w": round(unit, 1)},
    ]
    assert by_name["Platz 2"]["bar"]["bars"] == [
        {"key": "saeule", "value": 2, "text": "+2", "x": round(3 * unit, 1), "w": round(2 * unit, 1)},
        {"key": "hand", "value": -3, "text": "\u22123", "x": 0.0, "w": round(3 * unit, 1)},
    ]
    assert by_name["Platz 3"]["bar"] == {
        "zero": round(3 * unit, 1),
        "total": -2,
        "bars": [{"key": "hand", "value": -2, "text": "\u22122", "x": round(unit, 1), "w": round(2 * unit, 1)}],
    }
    assert by_name["Platz 2"]["bar_label"] == "Säule +2, Hand \u22123: \u22121 Punkte"
    html = render(snap_for(state), 0)["kl-end"]
    assert html.count('class="kl-bar-hand"') == 2 and html.count('class="kl-bar-bonus"') == 1
    assert 'aria-label="Platz 1: Säule +9, Bonus +1, Hand 0: 10 Punkte"' in html
    # negative numbers with a real minus sign, as everywhere on the site (games.core.bars.number)
    assert '<td class="num">\u22123</td>' in html and "<strong>\u22121</strong>" in html
    assert '<span class="kl-bar-total num">\u22122</span>' in html and ">-" not in html
    scores = render(snap_for(state), 0)["kl-scores"]
    assert 'data-testid="score-1">\u22121<' in scores or 'data-testid="score-2">\u22121<' in scores


def test_end_board_bars_are_empty_while_the_game_runs():
    assert ui.end_data(contexts(played(2, 5))[0]) == {"result": False}


def test_a_column_carries_its_layers_as_data_top_first():
    """The "alle Schichten" window is built by the page from data-layers: every group of the column, top first,
    with its short label and name; the column carries no markup of that window."""
    state = played(6, 60, players=4)
    assert any(len(col) >= 2 for col in state.columns)
    fragments = render(snap_for(state), 0)
    view = engine.view(state, 0)
    for seat in range(4):
        html = fragments[f"kl-col-{seat}"]
        layers = json.loads(unescape(re.search(r'data-layers="([^"]*)"', html).group(1)))
        groups = list(reversed(view["columns"][seat]))
        assert [layer[:3] for layer in layers] == [[g["rank"], g["posters"], g["brushes"]] for g in groups]
        assert [layer[3] for layer in layers] == [
            f"{ui.hints.group_short(g)} {ui.group_view(g)['name']}" for g in groups
        ]
        assert "<template" not in html and "<li" not in html


def test_the_replay_board_has_the_parts_its_layout_places_and_their_headings():
    """The replay page puts the fragments one after the other; table.css lays them out as the table page by their
    ids (.replay-board.kl-table). The Punktetafel's points bring their heading (a caption, hidden on the table
    page, which has its own), the log its label (the replay shows it as the log's heading)."""
    from games.core.fragments import to_html

    ctx = contexts(played(6, 30))[0]
    html = to_html({**ui.public_fragments(ctx), **ui.replay_fragments(ctx)})
    for part in ("kl-status", "kl-center", "kl-hand", "kl-decision", "kl-turn", "kl-scores", "kl-log", "kl-col-0"):
        assert f'id="{part}"' in html[part if part != "kl-hand" else "kl-hand-data"], part
    assert "<caption>Punkte</caption>" in html["kl-scores"]
    assert 'aria-label="Verlauf"' in html["kl-log"]
