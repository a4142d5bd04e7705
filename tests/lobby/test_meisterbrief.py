"""Speedrocket's Meisterbrief on the site: stars from finished games, levels open one after another."""

from __future__ import annotations

import pytest
from django.utils import timezone

from lobby import meisterbrief, services
from lobby.models import Match, Table

pytestmark = pytest.mark.django_db


def finish_level(user, number: int, stars: int) -> Match:  # type: ignore[no-untyped-def]
    """A Meisterbrief game of ``user`` at level ``number`` ended with ``stars`` (the game scores it)."""
    table = services.create_solo_table(user=user, game="rocket", options={"stufe": number}, computers=[])
    match = Match.objects.get(table=table)
    match.status = Match.Status.FINISHED
    match.finished = timezone.now()
    match.result = {
        "places": [1],
        "points": [20],
        "meister": {"stufe": number, "name": "", "ziele": [], "sterne": stars, "bestanden": stars > 0},
    }
    match.save()
    return match


def test_a_new_player_has_only_the_first_level_open(players):
    rows = meisterbrief.overview(players[0])
    assert [r.number for r in rows] == list(range(1, 13))
    assert [r.number for r in rows if r.open] == [1]
    assert all(r.stars == 0 and len(r.goals) == 3 for r in rows)


def test_passing_a_level_opens_the_next_and_the_best_stars_stay(players):
    finish_level(players[0], 1, 2)
    finish_level(players[0], 1, 1)  # a worse try later does not take a star away
    finish_level(players[0], 2, 0)  # played but not passed: level 3 stays closed
    rows = {r.number: r for r in meisterbrief.overview(players[0])}
    assert rows[1].stars == 2 and rows[2].open and rows[2].stars == 0
    assert not rows[3].open
    assert [r.number for r in meisterbrief.overview(players[1]) if r.open] == [1]  # stars are per player


def test_a_closed_level_is_refused_in_german_and_starts_nothing(client, players):
    client.force_login(players[0])
    before = Table.objects.count()
    response = client.post(
        "/spiele/rocket/",
        {
            "gegner": "meister",
            "stufe": "3",
            "level": "normal",
            "tempo": "normal",
            "laenge": "normal",
            "rezepte": "standard",
        },
    )
    assert response.status_code == 200
    assert "Stufe 3 ist noch zu: bestehe zuerst Stufe 2" in response.content.decode()
    assert Table.objects.count() == before


def test_an_open_level_starts_from_the_meisterbrief_page(client, players):
    client.force_login(players[0])
    finish_level(players[0], 1, 1)
    page = client.get("/spiele/rocket/meisterbrief/").content.decode()
    assert 'data-testid="play-2"' in page and 'data-testid="locked-3"' in page
    assert "★★☆" not in page and "★☆☆" in page
    response = client.post(
        "/spiele/rocket/",
        {
            "gegner": "meister",
            "stufe": "2",
            "level": "normal",
            "tempo": "normal",
            "laenge": "normal",
            "rezepte": "standard",
        },
    )
    table = Table.objects.latest("pk")
    assert response.status_code == 302 and response["Location"] == f"/tisch/{table.pk}/"
    assert Match.objects.get(table=table).options["stufe"] == 2


def test_a_visitor_sees_the_levels_and_may_start_only_the_first(client):
    page = client.get("/spiele/rocket/meisterbrief/").content.decode()
    assert 'data-testid="play-1"' in page and 'data-testid="locked-2"' in page
    response = client.post(
        "/spiele/rocket/",
        {
            "gegner": "meister",
            "stufe": "2",
            "level": "normal",
            "tempo": "normal",
            "laenge": "normal",
            "rezepte": "standard",
        },
    )
    assert response.status_code == 200 and not Table.objects.exists()


def test_meine_partien_shows_the_werkstattbuch(client, players):
    match = finish_level(players[0], 1, 1)
    match.result = {**match.result, "hoehen": [[12, 33]], "fehl_abende": [[False, False]], "fehlzuendungen": [0]}
    match.save()
    client.force_login(players[0])
    page = client.get("/konto/partien/").content.decode()
    assert 'data-testid="collection-rocket"' in page
    assert "Werkstattbuch" in page and "höchste Rakete Feld 33" in page and "ohne Fehlzündung" in page
    client.cookies["django_language"] = "en"
    english = client.get("/konto/partien/").content.decode()
    assert "Workshop book" in english and "Werkstattbuch" not in english  # the collection's name too


def test_meine_partien_calls_a_meisterbrief_game_so(players):
    from lobby import history

    match = finish_level(players[0], 1, 2)
    rows = history.finished_games(players[0], game="rocket")
    assert [(r.match.pk, str(r.mode)) for r in rows] == [(match.pk, "Meisterbrief")]


def test_the_levels_goals_are_in_the_readers_language(client):
    german = client.get("/spiele/rocket/meisterbrief/").content.decode()
    assert "mindestens 16 Ruhm" in german
    client.cookies["django_language"] = "en"
    english = client.get("/spiele/rocket/meisterbrief/").content.decode()
    assert "at least 16 fame" in english and "mindestens 16 Ruhm" not in english
