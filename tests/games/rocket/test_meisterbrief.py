"""The Meisterbrief levels: data as SUPPLEMENT.md asks, the level's set-up, goals checked from the game."""

from __future__ import annotations

import random

import pytest

from games.rocket import engine as E
from games.rocket import meisterbrief as M
from games.rocket.content import RECIPES
from games.rocket.forms import FreeGameForm

from .helpers import put, to_shop


def test_twelve_levels_cover_every_recipe_with_six_then_nine_evenings():
    assert [lv.number for lv in M.LEVELS] == list(range(1, 13))
    used = {(c, n) for lv in M.LEVELS for c, n in lv.rezepte.items()}
    assert used == set(RECIPES)
    assert [lv.abende for lv in M.LEVELS] == [6] * 6 + [9] * 6
    assert all(len(lv.goals) == 3 and lv.goals[0].kind == "ruhm" for lv in M.LEVELS)


def test_a_level_fixes_recipes_evenings_and_the_start_bag():
    s = E.new_game(seed=3, players=1, options={"stufe": 3, "rezepte": "zufall", "kurz": False})
    lv = M.level(3)
    assert s.stufe == 3 and s.rezepte == lv.rezepte and s.abende == 6
    assert sorted(s.seats[0].beutel) == sorted(lv.beutel)
    assert E.view(s, 0)["meister"]["ziele"][0]["text"] == "mindestens 24 Ruhm"


@pytest.mark.parametrize(
    ("options", "players"),
    [({"stufe": 13}, 1), ({"stufe": 0}, 1), ({"stufe": "1"}, 1), ({"stufe": True}, 1), ({"stufe": 1}, 2)],
)
def test_bad_levels_are_refused_in_german(options, players):
    with pytest.raises(E.IllegalAction) as error:
        E.new_game(seed=1, players=players, options=options)
    assert "Meisterbrief" in error.value.message


def test_goal_standing_during_the_game_and_stars_at_the_end():
    hoehen = [{"feld": 21, "fehl": False}, {"feld": 30, "fehl": True}]
    running = [M.goal_status(g, ruhm=12, kristalle=3, preise=1, hoehen=hoehen, over=False) for g in M.level(1).goals]
    assert [s["stand"] for s in running] == ["12/16 Ruhm", "beste bisher Feld 21", "1 Fehlzündung"]
    assert [s["erfuellt"] for s in running] == [False, True, False]
    assert running[2]["verfehlt"]  # a misfire: "keine Fehlzündung" is gone for good
    done = [M.goal_status(g, ruhm=25, kristalle=3, preise=1, hoehen=hoehen, over=True) for g in M.level(1).goals]
    assert M.stars(done) == 2
    # QA: after the end a standing is final, it no longer says "bisher"
    assert [s["stand"] for s in done] == ["25/16 Ruhm", "beste Rakete: Feld 21", "1 Fehlzündung"]
    failed = [M.goal_status(g, ruhm=15, kristalle=3, preise=1, hoehen=hoehen, over=True) for g in M.level(1).goals]
    assert M.stars(failed) == 0, "without the first goal no star, whatever else was met"


def test_the_standings_at_the_end_say_no_bisher():
    """QA: the end board said "(beste bisher Feld 18)" and "keine Fehlzündung (bisher keine)" after the game."""
    clean = [{"feld": 18, "fehl": False}, {"feld": 12, "fehl": False}]
    goals = (M.Goal("ohne_fehl"), M.Goal("feld", 20))
    running = [M.goal_status(g, ruhm=0, kristalle=0, preise=0, hoehen=clean, over=False)["stand"] for g in goals]
    assert running == ["bisher keine", "beste bisher Feld 18"]
    final = [M.goal_status(g, ruhm=0, kristalle=0, preise=0, hoehen=clean, over=True) for g in goals]
    assert [s["stand"] for s in final] == ["0 Fehlzündungen", "beste Rakete: Feld 18"]
    assert [s["erfuellt"] for s in final] == [True, False]
    misfired = [{"feld": 30, "fehl": True}]
    last = M.goal_status(goals[1], ruhm=0, kristalle=0, preise=0, hoehen=misfired, over=True)
    assert last["stand"] == "keine Rakete ohne Fehlzündung" and last["verfehlt"]


def test_the_end_board_of_a_level_says_no_bisher():
    from games.core.fragments import render_fragment
    from games.rocket import ui

    from .test_ui import ctx_for

    rng = random.Random(8)
    s = E.new_game(seed=8, players=1, options={"stufe": 1})  # goals: Ruhm, Feld 20, keine Fehlzündung
    while not E.is_over(s):
        s, _ = E.apply(s, 0, rng.choice(E.legal_actions(s, 0)))
    board = render_fragment(ui.private_fragments(ctx_for(s, 0))["rk-end"])[1]
    assert 'data-testid="end-meister"' in board and "Feld" in board
    assert "bisher" not in board


def test_tagespreise_are_counted_for_the_goals():
    s = E.new_game(seed=2, players=1, options={"stufe": 3})
    s.blaetter = ["buergermeister"] * s.abende  # no Messe-Konkurrenz: without a misfire the prize is won
    s.seats[0].beutel = ["O1", "O1"]
    put(s, 0, "O1")
    s = to_shop(s)
    assert s.seats[0].preise == 1
    assert E.view(s, 0)["meister"]["ziele"][1]["stand"] == "1/3 Tagespreise"


def test_a_whole_level_ends_with_its_stars_in_the_result():
    rng = random.Random(8)
    s = E.new_game(seed=8, players=1, options={"stufe": 1})
    while not E.is_over(s):
        s, _ = E.apply(s, 0, rng.choice(E.legal_actions(s, 0)))
    result = E.result(s)
    meister = result["meister"]
    assert meister["stufe"] == 1 and meister["sterne"] == M.stars(meister["ziele"])
    assert meister["bestanden"] == (result["points"][0] >= 16)
    assert E.result(E.load(E.dump(s))) == result  # the server re-checks it from the record


def test_the_free_game_form_starts_a_level():
    form = FreeGameForm(
        {
            "gegner": "meister",
            "stufe": "2",
            "level": "normal",
            "laenge": "normal",
            "rezepte": "standard",
            "tempo": "normal",
        }
    )
    assert form.is_valid(), form.errors
    assert form.table_settings() == {"options": {"stufe": 2}, "computers": [], "tempo": "normal"}
    bad = FreeGameForm(
        {"gegner": "meister", "stufe": "99", "laenge": "normal", "rezepte": "standard", "tempo": "normal"}
    )
    assert not bad.is_valid() and "stufe" in bad.errors
