from __future__ import annotations

import pytest

from accounts.models import User
from lobby.models import Match, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_start_page_shows_speedkleister(client):
    html = client.get("/").content.decode()
    assert "Speedkleister" in html and "/spiele/kleister/" in html


def test_game_page_shows_free_game_and_rules(client):
    html = client.get("/spiele/kleister/").content.decode()
    assert "Freie Partie" in html and "Sonderausgabe" in html and "Kleisterbürsten" in html
    # the rule text's "Computer" section: what each strength does
    assert "klebt meist die größte Gruppe" in html and "im Endspurt schnell aus" in html
    assert "den ganzen Durchgang im Kopf durch" in html


def test_unknown_game_is_404(client):
    assert client.get("/spiele/schach/").status_code == 404


def test_anonymous_free_game_creates_guest_and_table(client):
    response = client.post(
        "/spiele/kleister/",
        {"computers": "3", "level": "stark", "spielart": "kurz", "buersten": "7", "karren": "8", "tempo": "schnell"},
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tisch/{table.pk}/"
    assert User.objects.get().is_guest
    assert table.options["buersten"] == 7 and table.places == 4
    page = client.get(response["Location"]).content.decode()
    assert 'ws-connect="/ws/tisch/' in page and 'id="kl-hand"' in page


@pytest.mark.parametrize(
    "data", [{"computers": "9"}, {"computers": "2", "level": "genial"}, {"computers": "1", "buersten": "4"}]
)
def test_bad_form_input_gets_german_message_and_creates_nothing(client, data):
    base = {
        "computers": "3",
        "level": "normal",
        "spielart": "normal",
        "buersten": "5",
        "karren": "6",
        "tempo": "normal",
    }
    response = client.post("/spiele/kleister/", {**base, **data})
    assert response.status_code == 200
    assert "keine gültige Auswahl" in response.content.decode()
    assert not Table.objects.exists()


def test_unknown_table_is_404(client):
    assert client.get("/tisch/424242/").status_code == 404


def test_new_match_button(client):
    client.post(
        "/spiele/kleister/",
        {"computers": "1", "level": "leicht", "spielart": "kurz", "buersten": "5", "karren": "6", "tempo": "normal"},
    )
    table = Table.objects.get()
    Match.objects.filter(table=table).update(status=Match.Status.FINISHED)
    response = client.post(f"/tisch/{table.pk}/neue-partie/")
    assert response.status_code == 302
    assert Match.objects.filter(table=table).count() == 2
    assert client.get(f"/tisch/{table.pk}/neue-partie/").status_code == 405
