"""Speedburg on the site: its page, the free game, "Tisch eröffnen", the table page and the Bestenliste factor."""

from __future__ import annotations

import pytest

from accounts import services as accounts
from accounts.models import User
from games.burg import engine as E
from games.burg.forms import FreeGameForm
from leaderboard.models import ScoreEntry
from lobby import services
from lobby.models import Match, Table
from tests.lobby.conftest import finish_randomly

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("inline_computers")]

OPEN_FORM = {
    "burg-places": "3",
    "burg-clock": "60",
    "burg-bot_level": "stark",
    "burg-stake": "0",
    "burg-skizzenwahl": "zwei",
    "burg-bauen": "offen",
}


@pytest.fixture
def grete(client):  # type: ignore[no-untyped-def]
    user = accounts.register_user(username="grete", password="Kleister-1929!")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def test_start_page_and_game_page(client):
    assert "/spiele/burg/" in client.get("/").content.decode()
    html = client.get("/spiele/burg/").content.decode()
    assert "Speedburg" in html and "Solo gegen Computer" in html
    assert "2 ziehen, 1 behalten" in html and "Windschutz" in html and "3 Computer" in html


def test_free_game_as_guest_against_two_computers(client):
    response = client.post(
        "/spiele/burg/",
        {"gegner": "2", "level": "leicht", "skizzenwahl": "eine", "bauen": "verdeckt", "tempo": "schnell"},
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tisch/{table.pk}/"
    assert User.objects.get().is_guest
    assert table.places == 3 and table.options["bauen"] == "verdeckt" and table.options["bot_level"] == "leicht"
    page = client.get(response["Location"]).content.decode()
    for fragment in ("bg-center", "bg-own", "bg-turn", "bg-seat-0", "bg-seat-1", "bg-seat-2", "bg-log", "bg-status"):
        assert f'id="{fragment}"' in page
    assert "static/games/burg/table.js" in page or "games/burg/table.js" in page


def test_free_game_form_refuses_bad_input_in_german(client):
    response = client.post("/spiele/burg/", {"gegner": "5", "level": "stark", "skizzenwahl": "drei", "bauen": "x"})
    assert response.status_code == 200 and not Table.objects.exists()
    html = response.content.decode()
    assert "Wählen Sie eine gültige Option" in html or "gültige" in html


def test_free_game_form_settings():
    form = FreeGameForm({"gegner": "3", "level": "stark", "skizzenwahl": "zwei", "bauen": "offen", "turbo": "on"})
    assert form.is_valid()
    assert form.table_settings() == {
        "options": {"skizzenwahl": "zwei", "bauen": "offen", "bot_level": "stark"},
        "computers": ["stark"] * 3,
        "tempo": "turbo",
    }


def test_lobby_offers_speedburg_with_its_options(client, grete):
    html = client.get("/tische/").content.decode()
    assert 'data-testid="open-burg"' in html and "Skizzenwahl" in html and "Bauen" in html
    response = client.post("/tische/neu/burg/", OPEN_FORM)
    table = Table.objects.get()
    assert response.status_code == 302
    assert table.game == "burg" and table.places == 3 and table.clock_seconds == 60
    assert table.options["skizzenwahl"] == "zwei" and table.options["bauen"] == "offen"
    assert table.options["bot_level"] is None  # no computers fill the places


def test_lobby_refuses_an_unknown_option(client, grete):
    response = client.post("/tische/neu/burg/", {**OPEN_FORM, "burg-bauen": "unsichtbar"})
    assert response.status_code == 200 and not Table.objects.exists()


def test_bestenliste_points_with_the_computer_strength_factor(grete):
    table = services.create_solo_table(
        user=grete, game="burg", options={"bot_level": "leicht"}, computers=["leicht"], tempo="normal"
    )
    match = finish_randomly(Match.objects.get(table=table))
    assert match.status == Match.Status.FINISHED
    entry = ScoreEntry.objects.get(user=grete)
    result = match.result
    place = result["places"][0]
    expected = round((10 * result["siegpunkte"][0] + (50 if place == 1 else 0)) * 0.6)
    assert entry.points == expected
    assert E.leaderboard_points({**result, "computers": [None, None]}, 0, 2, 0) == round(expected / 0.6)


def test_collection_is_the_union_of_the_sketches_hit_per_seat():
    results = [({"skizzen_getroffen": [[3, 5], [7]]}, 0), ({"skizzen_getroffen": [[9], [5, 3, 11]]}, 1), ({}, 0)]
    book = E.collection(results)
    assert book == {"name": "Skizzenbuch", "text": "3/24", "skizzen": [3, 5, 11]}


def test_the_skizzenbuch_at_the_end_of_every_game_and_in_meine_partien(client, grete):
    first = finish_randomly(
        Match.objects.get(table=services.create_solo_table(user=grete, game="burg", options={}, computers=["leicht"]))
    )
    assert first.players[0]["sammlung"] == E.collection([(first.result, 0)])
    assert "sammlung" not in first.players[1]  # computers collect nothing
    second = finish_randomly(
        Match.objects.get(table=services.create_solo_table(user=grete, game="burg", options={}, computers=["leicht"])),
        seed=2,
    )
    both = E.collection([(first.result, 0), (second.result, 0)])
    assert second.players[0]["sammlung"] == both
    html = client.get("/konto/partien/").content.decode()
    assert f"Skizzenbuch: <strong>{both['text']}</strong>" in html
    table = client.get(f"/tisch/{second.table_id}/").content.decode()
    assert f"Skizzenbuch {both['text']}" in table
    replay = client.get(f"/partie/{second.pk}/?schritt=5")
    assert replay.status_code == 200 and 'id="bg-own"' in replay.content.decode()
