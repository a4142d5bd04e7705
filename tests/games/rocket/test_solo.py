"""Speedrocket alone through the solo services: the Tagesrätsel is the same for everyone that day (sheets,
recipes of the day, the same draws for the same decisions) and reaches the Tagesliste after the server
re-computed it; the Rekordjagd plays nine evenings with the standard recipes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.rocket import endboard as rocket_endboard
from games.rocket import engine as E
from games.rocket import solo as rocket_solo
from leaderboard.models import ScoreEntry, SoloScore
from lobby import solo
from lobby.models import SoloRun
from tests.lobby.solo_helpers import current_match, finish

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("inline_computers")]
NOON = datetime(2026, 12, 1, 11, 0, tzinfo=UTC)
NEXT_NOON = datetime(2026, 12, 2, 11, 0, tzinfo=UTC)


def test_the_tagesraetsel_is_the_same_for_everyone_that_day(grete, paul):
    a = current_match(solo.start_daily(user=grete, game="rocket", now=NOON))
    b = current_match(solo.start_daily(user=paul, game="rocket", now=NOON))
    sa, sb = E.load(a.state), E.load(b.state)
    assert sa.players == 1 and sa.blaetter == sb.blaetter and sa.rezepte == sb.rezepte
    assert sa.abende == 9
    finish(a, seed=3)
    finish(b, seed=3)  # the same decisions: the same draws
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.state == b.state and a.result == b.result


def test_another_day_brings_other_sheets(grete):
    today = E.load(current_match(solo.start_daily(user=grete, game="rocket", now=NOON)).state)
    tomorrow = E.load(current_match(solo.start_daily(user=grete, game="rocket", now=NEXT_NOON)).state)
    assert today.seed != tomorrow.seed


def test_a_finished_tagesraetsel_is_rechecked_and_listed_never_in_the_bestenliste(grete):
    run = solo.start_daily(user=grete, game="rocket", now=NOON)
    match = finish(current_match(run))
    run.refresh_from_db()
    assert run.status == SoloRun.Status.FINISHED
    entry = SoloScore.objects.get(run=run)
    assert entry.points == match.result["points"][0]
    assert entry.won == (match.result["fehlzuendungen"][0] == 0)
    assert not ScoreEntry.objects.filter(match=match).exists()


def test_the_rekordjagd_plays_nine_evenings_with_the_standard_recipes(grete):
    run = solo.start_record(user=grete, game="rocket", category="standard")
    match = current_match(run)
    state = E.load(match.state)
    assert state.players == 1 and state.abende == 9 and set(state.rezepte.values()) == {1}
    finish(match, seed=5)
    assert SoloScore.objects.get(run=run).points == E.load(current_match(run).state).seats[0].ruhm


def test_a_solo_game_is_won_without_a_single_misfire():
    assert rocket_solo.solo_won({"fehlzuendungen": [0]}, 0)
    assert not rocket_solo.solo_won({"fehlzuendungen": [2]}, 0)


def test_the_finished_game_can_be_watched_step_by_step(grete, client):
    run = solo.start_record(user=grete, game="rocket", category="standard")
    match = finish(current_match(run), seed=2)
    client.force_login(grete)
    for step in ("", "?schritt=5"):
        response = client.get(f"/tisch/{match.table_id}/partie/{match.number}/{step}", follow=True)
        assert response.status_code == 200
        assert 'id="rk-m-0"' in response.content.decode()


def test_the_solo_pages_offer_the_tagesraetsel_and_the_rekordjagd(client):
    daily = client.get("/spiele/rocket/taeglich/").content.decode()
    assert "Tagesrätsel" in daily
    record = client.get("/spiele/rocket/rekordjagd/").content.decode()
    assert "Rekordjagd" in record and "Standard-Rezepturen" in record
    page = client.get("/spiele/rocket/").content.decode()
    assert 'href="/spiele/rocket/taeglich/"' in page and 'href="/spiele/rocket/rekordjagd/"' in page


def test_so_lief_der_beste_heute_shows_the_leaders_heights_after_ones_own_attempt(grete, paul, client, monkeypatch):
    monkeypatch.setattr(solo, "berlin_day", lambda now=None: NOON.date())
    client.force_login(paul)
    assert "nach deinem eigenen Versuch" in client.get("/spiele/rocket/taeglich/bester/").content.decode()
    a = current_match(solo.start_daily(user=grete, game="rocket", now=NOON))
    finish(a, seed=3)
    b = current_match(solo.start_daily(user=paul, game="rocket", now=NOON))
    finish(b, seed=5)
    a.refresh_from_db()
    b.refresh_from_db()
    leader, match = (grete, a) if a.result["points"][0] >= b.result["points"][0] else (paul, b)
    html = client.get("/spiele/rocket/taeglich/bester/").content.decode()
    assert "So lief der Beste heute" in html and leader.username in html
    line = html.split('data-testid="best-line">')[1].split("<")[0]
    assert len(line) == 9 and line == rocket_endboard.heights_line(match.result, 0)  # nine evenings, heights only


def test_so_lief_der_beste_heute_is_only_for_a_game_with_a_line(client):
    assert client.get("/spiele/kleister/taeglich/bester/").status_code == 404
    assert client.get("/spiele/gibtsnicht/taeglich/bester/").status_code == 404
