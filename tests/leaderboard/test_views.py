"""Bestenliste pages: German, tabs, own row highlighted or shown below, 404 for unknown games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import services as accounts
from leaderboard import selectors
from leaderboard.models import ScoreEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def score(match):  # type: ignore[no-untyped-def]
    def add(user, points: int, game: str = "kleister", **extra) -> ScoreEntry:  # type: ignore[no-untyped-def]
        return ScoreEntry.objects.create(user=user, game=game, points=points, match=match(game), **extra)

    return add


def html(client, url: str) -> str:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_empty_list_is_german_with_all_tabs(client):
    page = html(client, "/bestenliste/")
    assert "<h1>Bestenliste</h1>" in page
    assert "Noch hat niemand Punkte in dieser Liste." in page
    for label in ["Alle Spiele", "Speedkleister", "Zahlenduell", "Aller Zeiten", "Dieser Monat"]:
        assert label in page
    assert 'href="/bestenliste/kleister/"' in page
    assert 'href="/bestenliste/?zeitraum=monat"' in page
    assert 'class="active" aria-current="page">Alle Spiele<' in page
    assert 'class="active" aria-current="page">Aller Zeiten<' in page


def test_nav_links_to_the_bestenliste(client):
    assert '<a href="/bestenliste/">Bestenliste</a>' in html(client, "/")


def test_list_over_all_games_and_per_game(client, player, score):
    grete, paul = player("grete"), player("paul")
    score(grete, 1200, game="kleister")
    score(paul, 300, game="kleister")
    score(paul, 1000, game="testspiel")
    page = html(client, "/bestenliste/")
    assert '<th class="num">Platz</th><th>Name</th><th class="num">Punkte</th><th class="num">Partien</th>' in page
    assert page.index("paul") < page.index("grete")
    assert "1.300" in page and "1.200" in page
    page = html(client, "/bestenliste/kleister/")
    assert "Speedkleister · Aller Zeiten" in page
    assert page.index("grete") < page.index("paul")
    assert 'class="active" aria-current="page">Speedkleister<' in page
    assert 'href="/bestenliste/testspiel/"' in page
    page = html(client, "/bestenliste/testspiel/")
    assert "paul" in page and "grete" not in page


def test_month_tab(client, player, score):
    grete, paul = player("grete"), player("paul")
    score(grete, 50)
    score(paul, 80, created=selectors.month_bounds()[0] - timedelta(minutes=1))
    page = html(client, "/bestenliste/?zeitraum=monat")
    assert "grete" in page and "paul" not in page
    assert 'class="active" aria-current="page">Dieser Monat<' in page
    months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli"]
    months += ["August", "September", "Oktober", "November", "Dezember"]
    month = months[timezone.localtime().month - 1]
    assert f"Alle Spiele · {month} {timezone.localtime().year}" in page
    # the game tabs keep the period
    assert 'href="/bestenliste/kleister/?zeitraum=monat"' in page


def test_bad_period_falls_back_to_all_time(client, player, score):
    score(player("grete"), 50)
    page = html(client, "/bestenliste/kleister/?zeitraum=<script>")
    assert "grete" in page
    assert 'class="active" aria-current="page">Aller Zeiten<' in page
    assert "<script>" not in page.split("<main", 1)[1]


def test_unknown_game_is_a_german_404(client):
    response = client.get("/bestenliste/schach/")
    assert response.status_code == 404
    assert "nicht gefunden" in response.content.decode()


def test_own_row_is_highlighted(client, player, score):
    grete, paul = player("grete"), player("paul")
    score(grete, 50)
    score(paul, 40)
    client.force_login(paul, backend="django.contrib.auth.backends.ModelBackend")
    page = html(client, "/bestenliste/")
    assert '<tr class="own" aria-current="true"><td class="num">2.</td><td>paul</td>' in page
    assert page.count('class="own"') == 1
    assert "Dein Platz" not in page


def test_own_rank_below_the_list_when_outside(client, player, score, monkeypatch):
    for i in range(3):
        score(player(f"spieler{i}"), 100 - i)
    olga = player("olga")
    score(olga, 1)
    score(olga, 2)
    original = selectors.ranking
    monkeypatch.setattr(selectors, "ranking", lambda **kw: original(**{**kw, "limit": 2}))
    client.force_login(olga, backend="django.contrib.auth.backends.ModelBackend")
    page = html(client, "/bestenliste/")
    assert "olga" not in page.split("<tbody>")[1].split("</tbody>")[0]
    assert 'data-testid="own-rank">Dein Platz: 4. mit 3 Punkten aus 2 Partien</p>' in page


def test_guest_sees_the_list_and_a_hint(client, player, score):
    score(player("grete"), 50)
    guest = accounts.create_guest()
    client.force_login(guest, backend="django.contrib.auth.backends.ModelBackend")
    page = html(client, "/bestenliste/")
    assert "grete" in page
    assert "Als Gast erscheinst du in keiner Liste." in page
    assert 'class="own"' not in page


def test_page_query_count_does_not_grow_with_rows(client, player, score, django_assert_max_num_queries):
    for i in range(30):
        score(player(f"spieler{i}"), i)
    with django_assert_max_num_queries(3):
        client.get("/bestenliste/")


def test_the_bestenliste_links_to_the_solo_modes_own_lists(client):
    every = html(client, "/bestenliste/")
    for slug in ("kleister", "neon", "rocket", "burg"):
        assert f'href="/bestenliste/{slug}/taeglich/"' in every and f'href="/bestenliste/{slug}/rekorde/"' in every
    one = html(client, "/bestenliste/burg/")
    assert 'href="/bestenliste/burg/taeglich/"' in one and 'href="/bestenliste/kleister/taeglich/"' not in one
    assert "zählen nicht für die Bestenliste" in one
