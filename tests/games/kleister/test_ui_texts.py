"""Issue 8: counts in singular and plural (point 6) and the info windows the rule text promises (point 15)."""

from __future__ import annotations

import html as htmllib
import re

from games.kleister import engine
from lobby.runtime.rendering import render

from .test_ui import snap_for


def hand(cards: dict[int, int]) -> list[int]:
    vector = [0] * 14
    for card, n in cards.items():
        vector[card] = n
    return vector


def one_of_everything():  # type: ignore[no-untyped-def]
    """Seat 0 holds one 8; seat 1 holds one card and has one poster on its column (a 3 on a 5)."""
    state = engine.new_game(seed=5, players=3, options=engine.clean_options({}, 3))
    state.hands[0] = hand({8: 1})
    state.hands[1] = hand({4: 1})
    state.known[1] = hand({})
    state.columns[0] = [[9, 2, 0]]
    state.columns[1] = [[5, 1, 0]]
    state.columns[2] = [[11, 2, 1], [3, 1, 0]]
    state.altpapier = [2]
    state.active, state.phase = 1, engine.KLEBEN
    return state


def infos(fragment: str) -> list[str]:
    return [htmllib.unescape(v) for v in re.findall(r'data-info="([^"]*)"', fragment)]


def test_counts_of_one_are_singular():
    frags = render(snap_for(one_of_everything()), 0)
    assert "1 Karte auf der Hand" in frags["kl-hand"] and "1 Karten" not in frags["kl-hand"]
    rival = frags["kl-rivals"]
    assert "1 Karte ·" in rival and "1 Karten" not in rival
    assert "2 Plakate" in frags["kl-own"]
    assert "Altpapier\n1 Plakat: 2" in infos(frags["kl-center"])


def test_counts_above_one_are_plural():
    state = one_of_everything()
    state.hands[0] = hand({8: 2, 9: 1})
    state.columns[0] = [[9, 1, 0]]
    frags = render(snap_for(state), 0)
    assert "3 Karten auf der Hand" in frags["kl-hand"]
    assert "1 Plakat ·" in frags["kl-own"]


def test_poster_info_says_how_many_are_still_in_play():
    state = one_of_everything()
    frags = render(snap_for(state), 0)
    card = next(i for i in infos(frags["kl-hand"]) if i.startswith("8 · Lichtspielhaus"))
    # eight 8s exist, none in the Altpapier: all eight are in play
    assert card.split("\n")[1] == "noch 8 im Spiel"
    two = next(i for i in infos(frags["kl-score"]) if i.startswith("2 · Zimmer frei"))
    assert two.split("\n")[1] == "noch 7 im Spiel"  # one 2 lies in the Altpapier
    assert 'title="' not in frags["kl-hand"]  # a real info window, not only a native tooltip


def test_column_info_has_the_header_facts_the_groups_and_the_marks():
    frags = render(snap_for(one_of_everything()), 0)
    rival = next(i for i in infos(frags["kl-rivals"]) if i.startswith("Platz 2\n"))
    assert rival.split("\n")[1] == "1 Karte auf der Hand · 1 Plakat auf der Säule · 0 Punkte"
    assert "oben: 1× 5 Seifenreklame" in rival
    lines = next(i for i in infos(frags["kl-rivals"]) if i.startswith("Platz 3\n")).split("\n")
    assert "4 Plakate auf der Säule" in lines[1]
    assert "oben: 1× 3 Tanztee" in lines and any(line.startswith("darunter: 2× 11 + B") for line in lines)
    own = next(i for i in infos(frags["kl-own"]) if i.startswith("Deine Säule\n"))
    assert "1 Karte auf der Hand" in own and "2 Plakate auf der Säule" in own
