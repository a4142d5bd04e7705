"""Issue 8, points 8, 9, 10: start page counts the games, German not-found page, favicon."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings

from games import catalog
from games.core import registry

pytestmark = pytest.mark.django_db


def test_start_page_counts_the_playable_games(client):
    html = client.get("/").content.decode()
    assert len(registry.slugs()) == 4
    assert "Vier Brettspiele, allein gegen den Computer" in html
    assert "Drei Brettspiele" not in html


def test_intro_text_follows_the_catalog():
    cards = catalog.game_cards()
    assert catalog.intro_text(cards[:1]).startswith("Ein Brettspiel,")
    assert catalog.intro_text(cards[:2]).startswith("Zwei Brettspiele,")


@override_settings(DEBUG=True)
def test_missing_table_is_the_german_404_page_even_with_debug(client):
    response = client.get("/tisch/987654/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "Diesen Tisch gibt es nicht" in html and 'data-testid="not-found"' in html
    assert "Page not found" not in html and "technical_404" not in html and "Using the URLconf" not in html


@override_settings(DEBUG=True)
def test_actions_on_a_missing_table_are_the_german_404_page(client):
    response = client.post("/tisch/987654/platz/")
    assert response.status_code == 404 and "Diesen Tisch gibt es nicht" in response.content.decode()


@override_settings(DEBUG=False)
def test_unknown_address_is_the_german_404_page(client):
    response = client.get("/gibt-es-nicht/")
    assert response.status_code == 404 and "Seite nicht gefunden" in response.content.decode()


@pytest.mark.parametrize("url", ["/konto/gast/", "/tische/neu/kleister/", "/tisch/1/platz/", "/tisch/1/verlassen/"])
def test_a_button_s_address_opened_directly_is_a_german_page(client, url):
    from accounts.services import register_user

    client.force_login(register_user(username="grete", password="Kleister-1929!"))
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 405 and "POST" in response["Allow"]
    assert 'data-testid="method-not-allowed"' in html and "Es ist nichts geschehen." in html


def test_favicon_is_linked_and_answers(client):
    html = client.get("/").content.decode()
    assert 'rel="icon" href="/static/favicon.svg" type="image/svg+xml"' in html
    response = client.get("/favicon.ico")
    assert response.status_code in (301, 302) and response["Location"] == "/static/favicon.svg"
    path = finders.find("favicon.svg")
    assert path and Path(path).read_text(encoding="utf-8").startswith("<svg")


@override_settings(DEBUG=True)
def test_a_form_with_an_outdated_security_token_is_a_german_page_and_changes_nothing():
    from django.test import Client

    from accounts.models import User

    client = Client(enforce_csrf_checks=True)
    response = client.post("/konto/gast/", {"csrfmiddlewaretoken": "veraltet"})
    html = response.content.decode()
    assert response.status_code == 403 and 'data-testid="csrf-failure"' in html
    assert "Es ist nichts geschehen." in html and "CSRF-Verifizierung" not in html and "Reason given" not in html
    assert not User.objects.exists()


def test_a_forbidden_page_is_german(rf):
    from config.views import forbidden

    response = forbidden(rf.get("/"))
    assert response.status_code == 403 and "Kein Zugriff" in response.content.decode()
