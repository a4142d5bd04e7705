"""Issue 8: counts in singular and plural (point 6) and the info windows the rule text promises (point 15).

The info windows of cards and columns are put together in the browser (static/games/kleister/table.js) from
public text in the fragments and the viewer's own numbers (#kl-counts) and marks (#kl-marks-N); ``card_info``
and ``column_info`` below do the same here.
"""

from __future__ import annotations

import html as htmllib
import json
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


def attr(fragment: str, name: str) -> str:
    match = re.search(rf'{name}="([^"]*)"', fragment)
    assert match, name
    return htmllib.unescape(match.group(1))


def infos(fragment: str) -> list[str]:
    return [htmllib.unescape(v) for v in re.findall(r'data-info="([^"]*)"', fragment)]


def card_info(frags: dict[str, str], card: int) -> str:
    """A card's info window as table.js composes it."""
    text, counts = frags["kl-infotext"], frags["kl-counts"]
    title = json.loads(attr(text, "data-titles"))[card]
    in_play = json.loads(attr(counts, "data-in-play"))[card]
    hidden = json.loads(attr(counts, "data-hidden"))[card]
    return "\n".join(
        [
            title,
            attr(text, "data-in-play").replace("{n}", str(in_play)),
            attr(text, "data-hidden").replace("{n}", str(hidden)),
        ]
    )


def column_info(frags: dict[str, str], seat: int) -> list[str]:
    """A column's info window as table.js composes it (title: the name; the own box puts "Deine Säule")."""
    col = frags[f"kl-col-{seat}"]
    marks = attr(frags[f"kl-marks-{seat}"], "data-lines")
    return (
        attr(col, "data-info-head").split("\n")
        + (marks.split("\n") if marks else [])
        + attr(col, "data-info-tail").split("\n")
    )


def test_counts_of_one_are_singular():
    frags = render(snap_for(one_of_everything()), 0)
    assert attr(frags["kl-hand-data"], "data-idle") == "1 Karte auf der Hand"
    rival = frags["kl-col-1"]
    assert "1 Karte ·" in rival and "1 Karten" not in rival
    assert "1 Plakat auf der Säule" in column_info(frags, 1)[1]
    assert "2 Plakate auf der Säule" in column_info(frags, 0)[1]
    assert "Altpapier\n1 Plakat: 2" in infos(frags["kl-center"])


def test_counts_above_one_are_plural():
    state = one_of_everything()
    state.hands[0] = hand({8: 2, 9: 1})
    state.columns[0] = [[9, 1, 0]]
    frags = render(snap_for(state), 0)
    assert attr(frags["kl-hand-data"], "data-idle") == "3 Karten auf der Hand"
    assert "3 Karten ·" in frags["kl-col-0"]
    assert column_info(frags, 0)[1].startswith("3 Karten auf der Hand · 1 Plakat auf der Säule")


def test_poster_info_says_how_many_are_still_in_play_and_hidden():
    frags = render(snap_for(one_of_everything()), 0)
    assert 8 in json.loads(attr(frags["kl-hand-data"], "data-cards")) and "data-info" not in frags["kl-hand-data"]
    card = card_info(frags, 8).split("\n")
    # eight 8s exist, none in the Altpapier: all eight are in play; the own one is not hidden
    assert card[:2] == ["8 · Lichtspielhaus", "noch 8 im Spiel"]
    assert card[2] == "davon 7 verdeckt (Hände der anderen, Druckerei)"
    assert card_info(frags, 2).split("\n")[1] == "noch 7 im Spiel"  # one 2 lies in the Altpapier
    assert card_info(frags, 0).startswith("Kleisterbürste – passt zu jedem Plakat\n")
    assert "kl-hidden" not in frags  # the Punktetafel's "Noch verdeckt" list is filled by the page from kl-counts
    assert json.loads(attr(frags["kl-infotext"], "data-names"))[8] == "Lichtspielhaus"  # the card's accessible name
    # the viewer's numbers differ, the column carrying the card does not
    other = render(snap_for(one_of_everything()), 2)
    assert card_info(other, 8).split("\n")[2] != card[2]
    assert other["kl-col-0"] == frags["kl-col-0"]


def test_column_info_has_the_header_facts_the_groups_and_the_marks():
    frags = render(snap_for(one_of_everything()), 0)
    rival = column_info(frags, 1)
    assert rival[:2] == ["Platz 2", "1 Karte auf der Hand · 1 Plakat auf der Säule · 0 Punkte"]
    assert "oben: 1× 5 Seifenreklame" in rival
    assert rival[-1] == "Antippen zeigt alle Schichten."
    lines = column_info(frags, 2)
    assert "4 Plakate auf der Säule" in lines[1]
    assert "oben: 1× 3 Tanztee" in lines and any(line.startswith("darunter: 2× 11 + B") for line in lines)
    own = column_info(frags, 0)
    assert "1 Karte auf der Hand" in own[1] and "2 Plakate auf der Säule" in own[1]
    assert any(line.startswith(("angreifbar:", "sicher:")) for line in own)


def test_marks_are_the_viewers_and_go_into_the_column_info():
    state = one_of_everything()
    state.hands[0] = hand({8: 1, 1: 1})  # one 8 covers Platz 2's 5 (a last card would cover nobody)
    frags = render(snap_for(state), 0)
    assert 'data-cover="8:1:0">mit 1× 8 überklebbar' in frags["kl-marks-1"]
    assert "mit 1× 8 überklebbar: das kannst du mit deiner Hand gerade überkleben" in column_info(frags, 1)
    spectator = render(snap_for(state), None)
    assert "überklebbar" not in spectator["kl-marks-1"]
    assert spectator["kl-col-1"] == frags["kl-col-1"]
