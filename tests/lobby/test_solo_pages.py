"""Pages of the solo modes: daily start/resume, lists, Meine Partien, replays; no future seed leaks."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

import pytest
from django.test import Client

from accounts import services as accounts
from games.core import registry
from lobby import history, solo
from lobby.models import Match, SoloRun
from tests.lobby.solo_helpers import current_match, finish

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def client_of(grete):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(grete)
    return client


def test_anonymous_start_becomes_a_guest_and_a_reload_resumes():
    client = Client()
    page = client.get("/spiele/neon/taeglich/")
    assert page.status_code == 200 and "Tagesfassade starten" in page.content.decode()  # the game's own name
    assert "Tagesstrand starten" in client.get("/spiele/burg/taeglich/").content.decode()
    first = client.post("/spiele/neon/taeglich/")
    second = client.post("/spiele/neon/taeglich/")
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert SoloRun.objects.count() == 1 and SoloRun.objects.get().user.is_guest


def test_practice_is_announced_before_and_after(client_of, grete):
    run = solo.start_daily(user=grete, game="neon")
    finish(current_match(run))
    before = client_of.get("/spiele/neon/taeglich/").content.decode()
    assert "Jeder weitere Versuch heute ist Übung" in before and "Übungsversuch starten" in before
    response = client_of.post("/spiele/neon/taeglich/", follow=True)
    assert "Übungsversuch" in response.content.decode()
    practice = SoloRun.objects.exclude(pk=run.pk).get()
    assert not practice.counts
    finish(current_match(practice), seed=3)
    after = client_of.get("/spiele/neon/taeglich/").content.decode()
    assert "Erster Versuch (zählt)" in after and "Übung:" in after
    partien = client_of.get("/konto/partien/").content.decode()
    assert "Tagesfassade (Übung)" in partien


def test_tagesliste_highlights_the_own_row_and_shows_the_streak(client_of, grete):
    finish(current_match(solo.start_daily(user=grete, game="neon")))
    page = client_of.get("/bestenliste/neon/taeglich/").content.decode()
    assert 'data-testid="own-row"' in page and "grete" in page
    assert "Deine Serie: 1 Tag in Folge" in page
    assert "Heute vorn" in page
    assert client_of.get("/bestenliste/neon/taeglich/?tag=gestern").status_code == 200
    assert client_of.get("/bestenliste/kleister/rekorde/").status_code == 200
    assert client_of.get("/bestenliste/neon/").status_code == 200  # the Bestenliste itself is untouched


def test_no_page_exposes_a_seed_of_today_or_tomorrow(client_of, grete):
    today = solo.berlin_day()
    secrets = [str(solo.daily_seed(g, today + timedelta(days=d))) for g in ("kleister", "neon") for d in (0, 1, 2)]
    run = solo.start_daily(user=grete, game="neon")
    urls = [
        "/spiele/neon/taeglich/",
        "/spiele/kleister/taeglich/",
        f"/spiele/neon/taeglich/?tag={(today + timedelta(days=1)).isoformat()}",
        "/bestenliste/neon/taeglich/",
        "/konto/partien/",
        f"/tisch/{run.table_id}/",
    ]
    for url in urls:
        body = client_of.get(url).content.decode()
        assert not any(seed in body for seed in secrets), url


def test_meine_partien_lists_games_with_filter_statistics_and_open_games(client_of, grete):
    finished = finish(current_match(solo.start_daily(user=grete, game="neon")))
    hunt = solo.start_record(user=grete, game="kleister", category="leicht")
    page = client_of.get("/konto/partien/").content.decode()
    assert "Tagesfassade" in page and f"/partie/{finished.pk}/" in page
    assert "Rekordjagd – Durchgang 1 von 5" in page and f"/tisch/{hunt.table_id}/" in page and "Fortsetzen" in page
    assert 'data-testid="stats-neon"' in page
    only_kleister = client_of.get("/konto/partien/?spiel=kleister").content.decode()
    assert f"/partie/{finished.pk}/" not in only_kleister


def test_replay_steps_forward_back_and_to_the_end(client_of, grete):
    match = finish(current_match(solo.start_record(user=grete, game="kleister", category="leicht")))
    end = client_of.get(f"/partie/{match.pk}/")
    assert end.status_code == 200
    body = end.content.decode()
    total = Match.objects.get(pk=match.pk).actions.filter(system=False).count()
    assert f"Schritt {total} von {total}" in body and "Endstand" in body and "Neue Partie" not in body
    start = client_of.get(f"/partie/{match.pk}/?schritt=0").content.decode()
    assert f"Schritt 0 von {total}" in start and "Endstand" not in start
    assert f"Schritt 1 von {total}" in client_of.get(f"/partie/{match.pk}/?schritt=1").content.decode()


def test_the_player_sees_their_own_hand_of_each_step_in_the_replay(client_of, grete):
    """The replay page runs no table script: the hand is shown as cards (games.kleister.ui.replay_fragments)."""
    match = finish(current_match(solo.start_record(user=grete, game="kleister", category="leicht")))
    seat = history.seat_of(match, grete.pk)
    for number in (0, 3):
        step = history.state_at(match, history.replay_steps(match), number)
        page = client_of.get(f"/partie/{match.pk}/?schritt={number}").content.decode()
        hand = page.split('id="kl-hand"', 1)[1].split("</section>", 1)[0]
        shown = [int(card) for card in re.findall(r'kl-card" role="listitem" data-card="(\d+)"', hand)]
        assert shown == registry.engine("kleister").view(step.state, seat)["hand"] and shown
        assert "kl-hand-data" not in page and "<button" not in hand


def test_replay_hides_hands_from_others_and_running_games(grete):
    run = solo.start_record(user=grete, game="kleister", category="leicht")
    assert Client().get(f"/partie/{current_match(run).pk}/").status_code == 404  # still running
    match = finish(current_match(run))
    page = Client().get(f"/partie/{match.pk}/?schritt=3").content.decode()
    assert "Die Karten auf den Händen bleiben verdeckt" in page
    assert 'id="kl-hand"' not in page


def test_others_watch_a_daily_game_only_after_its_day(grete):
    match = finish(current_match(solo.start_daily(user=grete, game="neon")))
    assert Client().get(f"/partie/{match.pk}/").status_code == 404
    Match.objects.filter(pk=match.pk).update(options={**match.options, "tag": "2020-01-01"})
    assert Client().get(f"/partie/{match.pk}/").status_code == 200


def test_others_cannot_watch_todays_daily_table_live(grete, client_of, monkeypatch):
    match = current_match(solo.start_daily(user=grete, game="kleister"))
    assert client_of.get(f"/tisch/{match.table_id}/").status_code == 200  # the player's own table
    stranger = Client().get(f"/tisch/{match.table_id}/")
    assert stranger.status_code == 404
    assert "Das Tagesrätsel anderer kannst du erst ab morgen ansehen." in stranger.content.decode()
    assert "kl-center" not in stranger.content.decode()
    tomorrow = solo.berlin_day() + timedelta(days=1)
    monkeypatch.setattr(solo, "berlin_day", lambda now=None: tomorrow)
    assert Client().get(f"/tisch/{match.table_id}/").status_code == 200  # its day is over


def test_record_hunt_page_starts_a_hunt(client_of):
    page = client_of.get("/spiele/kleister/rekordjagd/").content.decode()
    assert "Rekordjagd starten" in page and "stark" in page
    assert "<legend>Stärke der Computer</legend>" in page  # what the categories are, in the game's words
    assert "<legend>Skizzenwahl</legend>" in client_of.get("/spiele/burg/rekordjagd/").content.decode()
    response = client_of.post("/spiele/kleister/rekordjagd/", {"kategorie": "stark"})
    assert response.status_code == 302
    assert SoloRun.objects.get().category == "stark"
    # the Rat helps in free games only (SUPPLEMENT): not on the hunt's table
    table = client_of.get(response["Location"], follow=True).content.decode()
    assert 'id="kl-' in table
    assert 'id="kl-rat"' not in table
    assert (
        "gibt es für die Rekordjagd nicht"
        in client_of.post("/spiele/kleister/rekordjagd/", {"kategorie": "9"}).content.decode()
    )


def test_a_second_start_in_a_category_goes_on_with_the_open_hunt_unless_it_is_restarted(client_of, grete):
    first = client_of.post("/spiele/burg/rekordjagd/", {"kategorie": "eine"})
    again = client_of.post("/spiele/burg/rekordjagd/", {"kategorie": "eine"}, follow=True)
    assert again.redirect_chain[0][0] == first["Location"]  # the same table, no second hunt
    assert "läuft noch – hier geht es weiter" in again.content.decode()
    assert SoloRun.objects.count() == 1
    other = client_of.post("/spiele/burg/rekordjagd/", {"kategorie": "zwei"})  # another category: its own hunt
    assert other["Location"] != first["Location"] and SoloRun.objects.count() == 2
    page = client_of.get("/spiele/burg/rekordjagd/").content.decode()
    assert page.count('data-testid="resume-hunt"') == 2 and page.count('data-testid="restart-hunt"') == 2
    assert "läuft." in page and "von 1 gespielt" not in page  # Speedburg's hunt is one game: no count
    fresh = client_of.post("/spiele/burg/rekordjagd/", {"kategorie": "eine", "neu": "1"})
    assert fresh["Location"] not in (first["Location"], other["Location"])
    old = SoloRun.objects.filter(category="eine").order_by("created").first()
    assert old.status == SoloRun.Status.ABORTED and current_match(old).status == Match.Status.ABORTED
    assert [r.category for r in solo.open_runs(grete, "burg")] == ["eine", "zwei"]


def test_neon_replay_may_show_any_seat_after_the_end(grete):
    match = finish(current_match(solo.start_record(user=grete, game="neon", category="3")))
    page = Client().get(f"/partie/{match.pk}/?schritt=5&platz=0")
    assert page.status_code == 200
    assert "Ansicht" in page.content.decode() and "Schritt 5 von" in page.content.decode()
    # a step where the viewed seat moves: the page shows its board but never asks the viewer to move
    for number in range(1, 12):
        text = Client().get(f"/partie/{match.pk}/?schritt={number}&platz=0").content.decode()
        assert "Du bist dran" not in text and 'id="nn-step"' not in text and "Passen" not in text
        # the viewed seat's facade is drawn big as "Deine Fassade"; its small board beside it is hidden
        style = re.search(r'<style id="nn-order">([^<]*)</style>', text).group(1)
        assert 'id="nn-own"' in text and "#nn-board-0{display:none}" in style and ">#nn-board-0{" not in style


@pytest.mark.parametrize(
    ("game", "category", "acting"),
    [
        ("kleister", "leicht", "kl-"),
        ("neon", "3", 'id="nn-step"'),
        ("rocket", "standard", 'id="rk-controls"'),
        ("burg", "eine", 'id="bg-turn"'),
    ],
)
def test_a_replay_never_asks_its_viewer_to_move(grete, game, category, acting):
    match = finish(current_match(solo.start_record(user=grete, game=game, category=category)))
    client = Client()
    client.force_login(grete)
    steps = len(history.replay_steps(match))
    for number in range(0, min(steps, 30)):
        text = client.get(f"/partie/{match.pk}/?schritt={number}").content.decode()
        assert "Du bist dran" not in text and "Wähle deine" not in text
        if acting != "kl-":
            assert acting not in text


def test_end_board_link_leads_to_the_replay(client_of, grete):
    match = finish(current_match(solo.start_record(user=grete, game="neon", category="3")))
    table = client_of.get(f"/tisch/{match.table_id}/").content.decode()
    assert 'data-testid="end-replay"' in table and f'href="/tisch/{match.table_id}/partie/{match.number}/"' in table
    response = Client().get(f"/tisch/{match.table_id}/partie/{match.number}/")
    assert response.status_code == 302 and response["Location"] == f"/partie/{match.pk}/"
    step = Client().get(f"/tisch/{match.table_id}/partie/{match.number}/?schritt=12&platz=0")
    assert step["Location"] == f"/partie/{match.pk}/?schritt=12&platz=0"  # an old link keeps its step


def test_leaderboard_admin_lists_solo_results_read_only(grete):
    from django.contrib import admin

    from leaderboard.models import SoloScore

    finish(current_match(solo.start_daily(user=grete, game="neon")))
    staff = accounts.register_user(username="admina", password="Kleister-1929!")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    assert client.get("/admin/leaderboard/soloscore/").status_code == 200
    model_admin = admin.site._registry[SoloScore]
    assert not model_admin.has_add_permission(None) and not model_admin.has_change_permission(None)


def test_meine_partien_lists_live_games_also_after_leaving(grete):
    from lobby import history, services

    paul = accounts.register_user(username="paul", password="Kleister-1929!")
    table = services.open_table(
        host=grete,
        game="kleister",
        places=3,
        options={"spielart": "kurz"},
        clock_seconds=None,
        bot_level="leicht",
        stake=0,
        fill_computers=False,
    )
    services.join_table(table_id=table.pk, user=paul)
    services.start_table(table_id=table.pk, user=grete)
    services.leave_match(table_id=table.pk, user=paul)  # the computer takes paul's seat
    match = finish(Match.objects.get(table=table), seed=5)
    for user in (grete, paul):
        rows = history.finished_games(user)
        assert [(r.match.pk, r.mode) for r in rows] == [(match.pk, "Mit anderen")]
    # the computer finished paul's seat: its points, place and win are not paul's
    (mine,) = history.finished_games(paul)
    assert mine.left and mine.points is None and mine.place is None and not mine.won
    (hers,) = history.finished_games(grete)
    assert not hers.left and hers.points == match.result["points"][0]
    stats = {s.game: s for s in history.statistics(paul, [mine], today=solo.berlin_day())}
    assert stats["kleister"].games == 0 and stats["kleister"].wins == 0
    hilde = accounts.register_user(username="hilde", password="Kleister-1929!")
    assert history.finished_games(hilde) == []


def test_neue_partie_at_a_daily_table_leads_to_the_daily_page_for_a_practice_attempt(client, db):
    user = accounts.register_user(username="tagesspieler", password="Kleister-1929!")
    client.force_login(user)
    run = solo.start_daily(user=user, game="kleister")
    response = client.post(f"/tisch/{run.table_id}/neue-partie/")
    assert response.status_code == 302 and response["Location"] == "/spiele/kleister/taeglich/"


def test_yesterdays_list_shows_yesterdays_first_attempts(client_of, grete):
    yesterday = solo.berlin_day() - timedelta(days=1)
    noon = datetime.combine(yesterday, time(12), tzinfo=solo.BERLIN)
    match = finish(current_match(solo.start_daily(user=grete, game="neon", now=noon)))
    points = match.result["points"][0]
    gestern = client_of.get("/bestenliste/neon/taeglich/?tag=gestern").content.decode()
    assert 'data-testid="own-row"' in gestern and f">{points}<" in gestern.replace(" ", "")
    today = client_of.get("/bestenliste/neon/taeglich/").content.decode()
    assert 'data-testid="own-row"' not in today  # nothing played today
    assert f"grete – {points}" in today  # today's page: yesterday's top three
    assert "Deine Serie: 1 Tag in Folge" in today  # yesterday still carries the Serie


def test_statistics_count_wins_by_the_target_and_show_the_records(client_of, grete):
    from lobby import history

    hunt = solo.start_record(user=grete, game="neon", category="2")
    played = finish(current_match(hunt), seed=4)
    hunt.refresh_from_db()
    base = datetime(2026, 12, 1, 12, tzinfo=solo.BERLIN)

    def row(game, points, place, won, hour, target=None, ranked=True):  # type: ignore[no-untyped-def]
        return history.GameRow(
            match=None,  # type: ignore[arg-type]
            game=game,
            game_name=game,
            mode="Freie Partie",
            practice=False,
            seat=0,
            points=points,
            place=place,
            won=won,
            target=target,
            players=1,
            when=base + timedelta(hours=hour),
            status="finished",
            ranked=ranked,
        )

    rows = [  # alone at place 1 every time: only beating the target is a win
        row("neon", 10, 1, False, 1, target=40),
        row("neon", 50, 1, True, 2, target=40),
        row("neon", 30, 1, True, 3, target=20),
        row("kleister", 40, 1, True, 4),
        row("kleister", 20, 3, False, 5),
        row("kleister", 90, 1, True, 6, ranked=False),  # on another scale (e.g. Speedburg's Rekordpunkte)
    ]
    stats = {s.game: s for s in history.statistics(grete, rows, base.date())}
    neon, kleister = stats["neon"], stats["kleister"]
    assert (neon.games, neon.wins, neon.best, neon.average, neon.win_streak) == (3, 2, 50, 30.0, 2)
    assert (kleister.games, kleister.wins, kleister.best, kleister.average, kleister.win_streak) == (3, 2, 40, 30.0, 1)
    assert neon.records == [("2 Werkzeuge", hunt.score)] and kleister.records == []
    assert history.won({"places": [1], "points": [5], "target": 9, "won": False}, 0) is False
    assert history.won({"places": [2, 1], "points": [5, 9]}, 1) is True
    page = client_of.get("/konto/partien/").content.decode()
    assert f"2 Werkzeuge: {hunt.score}" in page
    outcome = "gewonnen" if played.result["won"] else "nicht gewonnen"
    assert f">{outcome} (Ziel {played.result['target']})<" in page  # alone: the target, not "1. von 1"


def test_an_upgraded_guest_keeps_its_games_in_meine_partien(grete):
    from lobby import history

    guest = accounts.create_guest()
    match = finish(current_match(solo.start_daily(user=guest, game="neon")))
    client = Client()
    client.force_login(guest)
    assert f"/partie/{match.pk}/" in client.get("/konto/partien/").content.decode()
    assert history.finished_games(grete) == []  # nobody else sees the guest's game
    user = accounts.upgrade_guest(guest=guest, username="hilde", password="Kleister-1929!")
    assert [(r.match.pk, r.mode) for r in history.finished_games(user)] == [(match.pk, "Tagesfassade")]
    client.force_login(user)  # the registration page logs the new account in (a new password, a new session)
    assert f"/partie/{match.pk}/" in client.get("/konto/partien/").content.decode()
    assert history.finished_games(grete) == []


def test_each_game_page_offers_its_daily_puzzle(client_of):
    for slug in ("kleister", "neon"):
        page = client_of.get(f"/spiele/{slug}/").content.decode()
        assert f'href="/spiele/{slug}/taeglich/"' in page and f'href="/spiele/{slug}/rekordjagd/"' in page


def test_logging_out_and_in_resumes_the_counting_attempt(grete):
    client = Client()
    client.force_login(grete)
    first = client.post("/spiele/neon/taeglich/")
    client.logout()
    client.force_login(grete)
    page = client.get("/spiele/neon/taeglich/").content.decode()
    assert 'data-testid="resume"' in page and first["Location"] in page and "Dein Versuch von heute läuft noch" in page
    assert "Das ist dein erster Versuch des Tages" in page  # still the first attempt: it counts when it ends
    assert 'data-testid="start-daily"' not in page  # only "Fortsetzen": a start would resume it anyway
    again = client.post("/spiele/neon/taeglich/")
    assert again["Location"] == first["Location"]
    assert SoloRun.objects.filter(user=grete).count() == 1 and SoloRun.objects.get().counts


def test_a_win_in_meine_partien_is_what_the_solo_mode_calls_one():
    alone = {"points": [40], "places": [1]}
    # Speedrocket alone: a game without a Fehlzündung (as its Tagesliste says "gewonnen")
    assert history.won({**alone, "fehlzuendungen": [0]}, 0, "rocket", "taeglich")
    assert not history.won({**alone, "fehlzuendungen": [2]}, 0, "rocket", "taeglich")
    # Speedburg alone: nobody to beat, no win (its Tagesliste shows none either)
    assert not history.won(alone, 0, "burg", "taeglich") and not history.won(alone, 0, "burg", "rekord")
    # Speedneon alone: the target; with others, and in free games: first place
    assert history.won({"points": [50], "places": [1], "won": True, "target": 40}, 0, "neon", "taeglich")
    assert history.won({"points": [9, 7], "places": [1, 2]}, 0, "kleister", "live")
    assert not history.won({"points": [9, 7], "places": [1, 2]}, 1, "rocket", "frei")
    assert not history.won({}, 0, "kleister", "live")


def test_a_guest_is_not_told_that_its_attempt_is_in_the_tagesliste():
    guest = accounts.create_guest()
    finish(current_match(solo.start_daily(user=guest, game="burg")))
    client = Client()
    client.force_login(guest)
    page = client.get("/spiele/burg/taeglich/").content.decode()
    assert "er steht in der Tagesliste" not in page and "Gäste erscheinen in keiner Liste" in page


def test_the_tagesliste_names_a_won_attempt_in_the_game_s_words_or_has_no_result_column(client_of, grete):
    for game in ("neon", "rocket", "burg"):
        finish(current_match(solo.start_daily(user=grete, game=game)))
    assert "<th>Ergebnis</th>" in client_of.get("/bestenliste/neon/taeglich/").content.decode()
    rocket = client_of.get("/bestenliste/rocket/taeglich/").content.decode()
    assert "<th>Ergebnis</th>" in rocket and "gewonnen" not in rocket.split("<tbody>")[1]
    assert "<th>Ergebnis</th>" not in client_of.get("/bestenliste/burg/taeglich/").content.decode()  # nothing to win


def test_meine_partien_gives_no_place_for_a_game_played_alone(client_of, grete):
    finish(current_match(solo.start_daily(user=grete, game="burg")))
    page = client_of.get("/konto/partien/").content.decode()
    assert ">allein<" in page and "1. von 1" not in page


def test_a_result_counts_for_best_and_average_where_the_bestenliste_would_count_it():
    from lobby.history import ranked

    assert ranked("kleister", {"points": [30, 10], "places": [1, 2], "bestenliste": [60, 10]}, 0, 2)
    assert not ranked("burg", {"points": [45], "places": [1], "solo": True, "siegpunkte": [45]}, 0, 1)
    assert not ranked("rocket", {"points": [20], "places": [1]}, 0, 1)  # alone: its own lists
    assert ranked("kleister", {"points": [30, 10], "places": [1, 2]}, 0, 2)  # an older shape: as before
    assert not ranked("kleister", {}, 0, 2)  # no result (left, aborted)
