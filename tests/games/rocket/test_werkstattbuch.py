"""Meine Partien for Speedrocket (rule text): highest rocket, favourite powder, achievements once earned."""

from __future__ import annotations

from games.core.text import german
from games.rocket import engine
from games.rocket.werkstattbuch import collection


def game(fields, misfires, bag, place=1, players=2, seat=0):  # type: ignore[no-untyped-def]
    other = [0] * len(fields)
    hoehen = [fields, other] if seat == 0 else [other, fields]
    fehl = [misfires, [False] * len(fields)] if seat == 0 else [[False] * len(fields), misfires]
    return (
        {
            "places": [place, 3 - place][:players] if players > 1 else [1],
            "hoehen": hoehen,
            "fehl_abende": fehl,
            "fehlzuendungen": [sum(misfires), 0] if seat == 0 else [0, sum(misfires)],
            "beutel_farben": [bag, {}] if seat == 0 else [{}, bag],
        },
        seat,
    )


def test_highest_rocket_counts_only_rockets_that_rose():
    book = collection([game([20, 41, 30], [False, True, False], {"W": 7, "P": 2})])
    assert book["hoechste_rakete"] == 30  # the 41 misfired in the workshop
    assert "höchste Rakete Feld 30" in german(book["text"])


def test_favourite_powder_is_the_most_held_over_all_games_never_blitzpulver():
    book = collection(
        [
            game([10], [False], {"W": 9, "P": 3, "G": 1}),
            game([12], [False], {"W": 9, "G": 3, "S": 2}, seat=1),
        ]
    )
    assert book["lieblingspulver"] == "G" and "liebstes Pulver Bariumgrün" in german(book["text"])


def test_achievements_appear_only_when_earned():
    misfired = game([10, 12], [False, True], {})
    assert collection([misfired])["erfolge"] == []
    assert "Erfolge: noch keine" in german(collection([misfired])["text"])
    clean_to_top = game([30, 53], [False, False], {})
    assert collection([misfired, clean_to_top])["erfolge"] == ["ohne Fehlzündung", "Rakete bis Feld 53"]
    wins = [game([10], [True], {}, place=1) for _ in range(10)]
    assert "10 Siege" in collection(wins)["erfolge"]
    solo = [game([10], [True], {}, players=1) for _ in range(25)]  # alone: no win to count
    assert collection(solo)["erfolge"] == ["25 Partien"]
    assert "7 Tagesrätsel in Folge" in collection([misfired], best_serie=7)["erfolge"]
    assert "7 Tagesrätsel in Folge" not in collection([misfired], best_serie=6)["erfolge"]


def test_a_finished_game_carries_what_the_book_needs():
    state = engine.new_game(seed=3, players=2, options=engine.clean_options({"kurz": True}, 2))
    result = engine.result(state)
    assert len(result["fehl_abende"]) == 2 and len(result["beutel_farben"]) == 2
    assert result["beutel_farben"][0]["W"] >= 1  # the start bag has Blitzpulver
    assert collection([(result, 0)])["name"] == "Werkstattbuch"


def test_results_from_before_the_book_still_count():
    old = {"places": [1, 2], "hoehen": [[25], [3]], "fehlzuendungen": [0, 1]}
    book = collection([(old, 0)])
    assert book["hoechste_rakete"] == 25 and "ohne Fehlzündung" in book["erfolge"]
