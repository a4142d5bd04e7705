"""Facade choice: other seats' Strom stays hidden; the choice has its own 45 s clock."""

from __future__ import annotations

from games.neon import engine as E


def new(players: int = 3):  # type: ignore[no-untyped-def]
    return E.new_game(seed=4, players=players, options=E.clean_options({"ausgabe": "klassisch"}, players))


def test_strom_of_others_hidden_until_all_have_chosen():
    state = new()
    facade = E.view(state, 0)["angebot"][0]["id"]
    state, _ = E.apply(state, 0, {"type": "fassade", "fassade": facade})
    view = E.view(state, 1)
    assert view["spieler"][0]["strom"] is None and view["spieler"][0]["fassade"] is None
    assert E.view(state, 0)["spieler"][0]["strom"] is not None


def test_facade_choice_has_45_seconds_and_none_without_clock():
    state = new()
    assert E.decision_seconds(state, 120) == 45
    assert E.decision_seconds(state, None) is None
