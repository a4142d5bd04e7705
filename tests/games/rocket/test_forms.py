"""Speedrocket's page and forms: the free game with its options, the host's recipe choice, bad input."""

from __future__ import annotations

import pytest

from games.rocket import engine as E
from games.rocket.forms import FreeGameForm, OptionsForm
from lobby.forms import open_table_form
from lobby.models import Match, Table

pytestmark = pytest.mark.django_db


def test_options_standard_random_and_own_recipes():
    form = OptionsForm({"laenge": "kurz", "rezepte": "zufall"})
    assert form.is_valid() and form.game_options() == {"kurz": True, "rezepte": "zufall"}
    own = {"laenge": "normal", "rezepte": "gastgeber", **{f"rezept_{c}": "1" for c in "GBRYPS"}, "rezept_P": "3"}
    form = OptionsForm(own)
    assert form.is_valid()
    options = form.game_options()
    assert options["auswahl"]["P"] == 3 and options["auswahl"]["G"] == 1
    assert E.clean_options(options, 2) == options


def test_bad_options_get_german_messages():
    form = OptionsForm({"laenge": "ewig", "rezepte": "gastgeber", "rezept_P": "9"})
    assert not form.is_valid()
    assert "laenge" in form.errors and "rezept_P" in form.errors and "rezept_G" in form.errors
    assert "Wähle für jede Farbe eine Rezeptur." in form.errors["rezept_G"]
    assert len(form.errors["rezept_P"]) == 1  # a wrong value: one message, not a second "choose one"


def test_alone_in_the_workshop_has_no_computers():
    form = FreeGameForm(
        {"gegner": "allein", "level": "stark", "laenge": "normal", "rezepte": "standard", "tempo": "normal"}
    )
    assert form.is_valid()
    assert form.table_settings()["computers"] == []


def test_the_free_game_starts_a_table_for_a_guest(client):
    response = client.post(
        "/spiele/rocket/",
        {"gegner": "2", "level": "leicht", "laenge": "kurz", "rezepte": "standard", "tempo": "schnell"},
    )
    assert response.status_code == 302
    table = Table.objects.get()
    match = Match.objects.get(table=table)
    assert table.game == "rocket" and table.places == 3 and match.state["abende"] == 6
    page = client.get(response["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="rk-m-2"' in html and 'id="rk-controls"' in html and "Extrablatt" in html


def test_bad_input_on_the_page_changes_nothing(client):
    response = client.post("/spiele/rocket/", {"gegner": "7", "laenge": "kurz", "rezepte": "standard"})
    assert response.status_code == 200
    assert "Speedrocket" in response.content.decode()
    assert not Table.objects.exists()


def test_the_lobby_offers_speedrocket_with_its_options():
    form = open_table_form("rocket")
    assert [c[0] for c in form.fields["places"].choices] == [2, 3, 4]
    assert {"laenge", "rezepte", "rezept_P"} <= set(form.fields)


def test_the_lobby_line_of_a_table_with_own_recipes_names_them():
    from games.rocket.content import RECIPES
    from games.rocket.ui import options_summary

    own = {"laenge": "kurz", "rezepte": "gastgeber", **{f"rezept_{c}": "1" for c in "GBRYPS"}, "rezept_P": "3"}
    form = OptionsForm(own)
    assert form.is_valid()
    line = options_summary(form.game_options())
    assert line.startswith("kurz (6 Abende), eigene Rezepturen: ") and RECIPES[("P", 3)].name in line
    assert options_summary({"rezepte": "standard"}) == "9 Abende, Standard-Rezepturen"
