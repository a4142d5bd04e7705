"""Speedkleister hints: computed from a seat's view only (RULES.md, "Hints")."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from games.core.text import german
from games.kleister import engine as E
from games.kleister import hints as H

from .conftest import make_state
from .test_properties import games, random_game

B = E.BRUSH
S = E.SONDER
NAMES = {"names": ["Du", "Grete", "Paul"]}


def grete_paul(**extra):
    st = make_state(
        hands={0: [8, 8, B, 1, 2, 3, 4, 5, 7, 7, 10, 12]},
        columns={1: [[6, 2, 1]], 2: [[11, 2, 0]]},
        options=NAMES | extra.pop("options", {}),
        **extra,
    )
    return st, E.view(st, 0)


def test_hidden_counts_are_other_hands_plus_druckerei():
    st = make_state(hands={0: [8, 8, B], 1: [8, 3], 2: [B]}, columns={1: [[8, 1, 1]]}, karren=[8], altpapier=[8])
    view = E.view(st, 0)
    truth = [0] * 14
    for seat in (1, 2):
        for card in range(14):
            truth[card] += st.hands[seat][card]
    for card in st.druckerei:
        truth[card] += 1
    assert H.hidden_counts(view) == truth
    assert H.hidden_counts(view)[8] == 8 - 2 - 1 - 1 - 1
    spectator = H.hidden_counts(E.view(st, None))
    assert spectator[8] == H.hidden_counts(view)[8] + 2


def test_in_play_counts_exclude_only_the_altpapier():
    st = make_state(hands={0: [8]}, altpapier=[8, 8, B])
    counts = H.in_play_counts(E.view(st, 0))
    assert counts[8] == 6 and counts[B] == 4 and counts[1] == 8


def test_covers_lists_the_columns_a_selection_would_cover():
    st, view = grete_paul()
    assert H.covers(view, 8, 2, 1) == [1]
    assert H.covers(view, 8, 2, 0) == []  # exact count: Grete's group has 3 cards
    assert H.covers(view, 12, 1, 1) == [2]
    assert H.covers(view, 12, 1, 2) == []  # only one brush in the hand
    assert H.covers(view, 9, 2, 1) == []  # no 9 in the hand
    assert H.covers(view, S, 0, 1) == []


def test_covers_follows_the_engine():
    st, view = grete_paul()
    for action in E.legal_actions(st, 0):
        _, events = E.apply(st, 0, action)
        assert H.covers(view, action["rank"], action["count"], action["brushes"]) == events[0]["covered"]


def test_last_card_covers_nothing():
    st = make_state(hands={0: [9, 9]}, columns={1: [[5, 2, 0]]})
    view = E.view(st, 0)
    assert H.covers(view, 9, 2, 0) == []
    assert "letzte Karte" in german(H.describe(view, 9, 2, 0))


def test_cheapest_cover_fewest_brushes_then_lowest_rank():
    st = make_state(
        players=5,
        hands={0: [9, 9, 10, 10, B, B, B, 1]},
        columns={1: [[8, 2, 0]], 2: [[9, 2, 0]], 3: [[9, 3, 0]], 4: [[13, 2, 0]]},
    )
    view = E.view(st, 0)
    assert H.cheapest_cover(view, 1) == (9, 2, 0)
    assert H.cheapest_cover(view, 2) == (10, 2, 0)
    assert H.cheapest_cover(view, 3) == (10, 2, 1)
    assert H.cheapest_cover(view, 4) == (S, 0, 2)
    assert H.cheapest_cover(view, 0) is None
    marks = H.markers(view)
    assert german(marks[1]["ueberklebbar"]) == "mit 2× 9 überklebbar"
    assert german(marks[3]["ueberklebbar"]) == "mit 2× 10 + B überklebbar"
    assert german(marks[4]["ueberklebbar"]) == "mit 2 B überklebbar"


def test_no_cover_marker_when_nothing_fits():
    st = make_state(hands={0: [2, 3]}, columns={1: [[5, 2, 0]]})
    marks = H.markers(E.view(st, 0))
    assert marks[1]["ueberklebbar"] is None and marks[1]["cover"] is None
    assert marks[2] == {"ueberklebbar": None, "cover": None, "sicher": None, "angreifbar": None}


def test_sicher_when_no_hidden_or_own_cards_can_cover():
    # "„sicher“ – es gibt nicht mehr genug höhere Plakate und Bürsten, um sie zu überkleben"
    gone = [13] * 8 + [B] * 3
    st = make_state(hands={0: [1]}, columns={1: [[12, 2, 0]], 2: [[11, 2, 0]]}, altpapier=gone, options={"buersten": 3})
    view = E.view(st, 0)
    assert H.is_sicher(view, 1) is True
    assert H.is_sicher(view, 2) is False
    marks = H.markers(view)
    assert marks[1]["sicher"] is True and marks[2]["sicher"] is False


def test_sicher_counts_the_viewers_own_hand():
    st = make_state(
        hands={0: [13, 1]}, columns={1: [[12, 1, 0]]}, altpapier=[13] * 7 + [B] * 3, options={"buersten": 3}
    )
    assert H.is_sicher(E.view(st, 0), 1) is False
    # the other seat cannot see that 13, for it the hidden pool still has one
    assert H.is_sicher(E.view(st, 2), 1) is False


def test_sicher_needs_enough_cards_for_the_exact_count():
    # five 13s are on columns, three in the Altpapier, two brushes hidden: a 4-card group of 12s is safe
    st = make_state(
        hands={0: [1]},
        columns={1: [[12, 4, 0]], 2: [[13, 5, 0]]},
        altpapier=[13] * 3 + [B] * 3,
        options={"buersten": 5},
    )
    view = E.view(st, 0)
    assert H.hidden_counts(view)[13] == 0 and H.hidden_counts(view)[B] == 2
    assert H.is_sicher(view, 1) is True


def test_sonderausgabe_is_always_sicher():
    st = make_state(hands={0: [1]}, columns={1: [[S, 0, 1]]})
    assert H.is_sicher(E.view(st, 0), 1) is True


def test_angreifbar_for_the_own_column():
    st = make_state(hands={0: [1, 13]}, columns={0: [[5, 1, 0]]})
    assert H.is_angreifbar(E.view(st, 0)) is True
    assert H.markers(E.view(st, 0))[0]["angreifbar"] is True
    safe = make_state(hands={0: [1]}, columns={0: [[S, 0, 2]]})
    assert H.is_angreifbar(E.view(safe, 0)) is False
    # own cards do not count against the own column
    gone = [13] * 7 + [B] * 3
    mine = make_state(hands={0: [13, 1]}, columns={0: [[12, 1, 0]]}, altpapier=gone, options={"buersten": 3})
    assert H.is_angreifbar(E.view(mine, 0)) is False
    assert H.is_angreifbar(E.view(mine, None)) is None


def test_karren_labels():
    # "Beim Nachziehen tragen passende Karten im Karren ein Schild („passt 2ד, „Joker“)."
    st = make_state(hands={0: [8, 8, 3]}, karren=[8, B, 3, 5])
    labels = [label and german(label) for label in H.karren_labels(E.view(st, 0))]
    assert labels == ["passt 3×", "Joker", "passt 2×", None]


def test_describe_selection():
    # "Die Zeile unter der Hand rechnet vor, was deine Auswahl bewirkt."
    st, view = grete_paul()
    assert german(H.describe(view, 8, 2, 1)) == "2× 8 + B: überklebt Grete (2× 6 + B). Du hast danach 9 Karten."
    assert german(H.describe(view, 7, 2, 0)) == "2× 7: überklebt niemanden. Du hast danach 10 Karten."
    assert german(H.describe(view, 0, 0, 0)) == "Wähle Plakate aus deiner Hand."
    assert german(H.describe(view, 9, 1, 0)) == "Diese Auswahl hast du nicht auf der Hand."
    assert german(H.describe(view, S, 0, 1)).startswith("Sonderausgabe 1 B:")


def test_describe_several_covered_and_one_card_left():
    st = make_state(
        hands={0: [9, 9, 1]}, columns={1: [[5, 2, 0]], 2: [[6, 2, 0]]}, options={"names": ["Du", "Grete", "Paul"]}
    )
    text = german(H.describe(E.view(st, 0), 9, 2, 0))
    assert text == "2× 9: überklebt Grete (2× 5) und Paul (2× 6). Du hast danach 1 Karte."


def test_hints_use_only_the_view():
    st, view = grete_paul()
    # a view is plain JSON: the functions work on a copy without any state around
    import json

    copy = json.loads(json.dumps(view))
    assert H.markers(copy) == H.markers(view)
    assert H.scoreboard(copy)["hidden"]["8"] == H.hidden_counts(view)[8]


def test_short_text():
    assert H.short_text(8, 3, 0) == "3× 8"
    assert H.short_text(8, 2, 1) == "2× 8 + B"
    assert H.short_text(8, 1, 2) == "1× 8 + 2 B"
    assert H.short_text(S, 0, 2) == "2 B"


@given(games)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_previews_are_covers_and_describe_of_every_group_of_the_hand(game):
    """The table page's previews (one pass over the hand) say what ``covers`` and ``describe`` say."""
    for index, (state, seat, _action) in enumerate(random_game(game)):
        if seat is None or index % 3:
            continue
        for viewer in range(state.players):
            view = E.view(state, viewer)
            groups = E.groups_of_hand(H.hand_vector(view))
            expected = [(g, H.covers(view, *g), german(H.describe(view, *g))) for g in groups]
            assert [(g, hit, german(text)) for g, hit, text in H.previews(view)] == expected
    assert H.previews(E.view(state, None)) == []


def test_no_markers_once_the_durchgang_is_over():
    """„mit 2× 9 überklebbar“ means the hand could paste over it now; at the end nothing can."""
    st, view = grete_paul()
    assert H.markers(view)[1]["ueberklebbar"] is not None
    st, _ = E.apply(
        make_state(hands={0: [5], 1: [8, 8, B, 9, 9]}, columns={1: [[3, 1, 0]]}, options=NAMES),
        0,
        {"type": "kleben", "rank": 5, "count": 1, "brushes": 0},
    )
    assert E.is_over(st)
    for viewer in (0, 1, None):
        assert all(set(m.values()) == {None} for m in H.markers(E.view(st, viewer)))


def test_no_column_says_sicher_once_the_durchgang_is_over():
    """The own column's "sicher" came from "not angreifbar"; after the end no column has a mark."""
    from games.kleister.ui import marks_data

    st, _ = E.apply(
        make_state(hands={0: [5], 1: [8, 8, B, 9, 9]}, columns={0: [[2, 1, 0]], 1: [[3, 1, 0]]}, options=NAMES),
        0,
        {"type": "kleben", "rank": 5, "count": 1, "brushes": 0},
    )
    assert E.is_over(st)
    for viewer in (0, 1):
        view = E.view(st, viewer)
        for seat, mark in enumerate(H.markers(view)):
            assert marks_data(view, seat, mark)["badges"] == []
