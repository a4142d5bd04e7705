"""A connection's memory of its private fragments: what it leaves out is what the page shows already."""

from __future__ import annotations

import random

from games.core import fragments
from games.kleister import engine
from lobby.runtime import rendering
from tests.games.kleister.test_ui import snap_for


def test_what_is_left_out_is_what_the_page_shows_already(monkeypatch):
    """A page that keeps every fragment it was sent shows, after each move, what a fresh render gives."""
    state = engine.new_game(seed=12, players=4, options=engine.clean_options({}, 4))
    rng = random.Random(12)
    pages: dict[int | None, dict[str, str]] = {seat: {} for seat in (None, 0, 1, 2, 3)}
    shown: dict[int | None, dict] = {seat: {} for seat in pages}
    left_out = 0
    for _ in range(60):
        snap = snap_for(state)
        for seat, page in pages.items():
            parts = rendering.render_parts(snap, seat, shown[seat])
            page.update({name: html for name, (_key, html) in parts.items()})
            fresh = rendering.render(snap, seat)
            assert page == fresh, seat
            left_out += len(fresh) - len(parts)
        mover = engine.to_move(state)[0]
        state, _ = engine.apply(state, mover, rng.choice(engine.legal_actions(state, mover)))
    assert left_out > 60 * 5  # most private fragments stay the same for most seats


def test_an_unchanged_private_fragment_is_neither_keyed_nor_rendered(monkeypatch):
    state = engine.new_game(seed=3, players=3, options=engine.clean_options({}, 3))
    snap, shown = snap_for(state), {}
    first = rendering.render_parts(snap, 1, shown)
    assert {"kl-hand-data", "kl-status", "tbl-bar"} <= set(shown) and "kl-col-0" not in shown  # only private ones
    calls: list[str] = []
    original = fragments.Fragment.key
    monkeypatch.setattr(fragments.Fragment, "key", lambda self: calls.append(self.template) or original(self))
    again = rendering.render_parts(snap, 1, shown)
    assert not set(again) & set(shown) and calls == []
    assert set(again) == set(first) - set(shown)  # the public fragments, as before
    assert set(rendering.render_parts(snap, 1, {})) == set(first)  # a new connection gets everything
