"""Admin: Punkteinträge are viewed and voided with a reason (kept, audited), never added, changed or deleted."""

from __future__ import annotations

import pytest
from django.utils import timezone

from leaderboard import selectors, services
from leaderboard.models import ScoreEntry, SoloScore
from lobby import history
from lobby.models import Match, SoloRun
from moderation.models import AuditRecord

pytestmark = pytest.mark.django_db


def void(admin_client, entries, reason="Absprache mit einem Mitspieler"):  # type: ignore[no-untyped-def]
    data = {"action": "void", "_selected_action": [e.pk for e in entries], "apply": "1", "reason": reason}
    return admin_client.post("/admin/leaderboard/scoreentry/", data, follow=True).content.decode()


def test_list_is_read_only_and_entries_cannot_be_deleted(admin_client, player, match):
    entry = ScoreEntry.objects.create(user=player("grete"), game="kleister", points=42, match=match())
    page = admin_client.get("/admin/leaderboard/scoreentry/").content.decode()
    assert "Punkteinträge" in page and "grete" in page
    assert "/admin/leaderboard/scoreentry/add/" not in page and "delete_selected" not in page
    assert admin_client.get("/admin/leaderboard/scoreentry/add/").status_code == 403
    assert admin_client.get(f"/admin/leaderboard/scoreentry/{entry.pk}/delete/").status_code == 403
    detail = admin_client.get(f"/admin/leaderboard/scoreentry/{entry.pk}/change/")
    assert detail.status_code == 200 and 'name="points"' not in detail.content.decode()
    admin_client.post(f"/admin/leaderboard/scoreentry/{entry.pk}/change/", {"points": "999"})
    admin_client.post(
        "/admin/leaderboard/scoreentry/", {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"}
    )
    entry.refresh_from_db()
    assert entry.points == 42


def test_a_voided_entry_is_kept_counts_nowhere_and_is_audited(admin_client, player, match):
    grete, paul = player("grete"), player("paul")
    cheated = ScoreEntry.objects.create(user=grete, game="kleister", points=90, match=match())
    ScoreEntry.objects.create(user=grete, game="kleister", points=10, match=match())
    ScoreEntry.objects.create(user=paul, game="kleister", points=50, match=match())
    assert [r.username for r in selectors.ranking(game="kleister")] == ["grete", "paul"]

    form = admin_client.post(
        "/admin/leaderboard/scoreentry/", {"action": "void", "_selected_action": [cheated.pk]}
    ).content.decode()
    assert "Grund" in form and "Gestrichene Einträge bleiben gespeichert" in form
    page = void(admin_client, [cheated])
    assert "Gestrichen:" in page
    cheated.refresh_from_db()
    assert cheated.points == 90 and cheated.voided is not None
    assert cheated.void_reason == "Absprache mit einem Mitspieler" and cheated.voided_by == admin_client.admin
    rows = selectors.ranking(game="kleister")
    assert [(r.username, r.points, r.games) for r in rows] == [("paul", 50, 1), ("grete", 10, 1)]
    assert selectors.ranking(game=None, period="monat")[1].points == 10
    assert selectors.rank_of(user=grete, game="kleister").points == 10
    record = AuditRecord.objects.get(action="eintrag_streichen")
    assert record.target_id == str(cheated.pk) and record.details["punkte"] == 90

    assert "schon gestrichen" in void(admin_client, [cheated], reason="doppelt")
    assert AuditRecord.objects.filter(action="eintrag_streichen").count() == 1


def test_voiding_needs_a_reason(admin_client, player, match):
    entry = ScoreEntry.objects.create(user=player("grete"), game="kleister", points=5, match=match())
    assert "Bitte einen Grund angeben." in void(admin_client, [entry], reason="  ")
    entry.refresh_from_db()
    assert entry.voided is None and not AuditRecord.objects.exists()


def test_meine_partien_shows_the_voided_entry_with_its_reason(client, player, match):
    grete = player("grete")
    game = match()
    Match.objects.filter(pk=game.pk).update(
        status=Match.Status.FINISHED,
        finished=timezone.now(),
        players=[{"name": "grete", "user_id": grete.pk}, {"name": "Computer", "bot": "leicht"}],
        result={"points": [30, 10], "places": [1, 2]},
    )
    entry = ScoreEntry.objects.create(user=grete, game="kleister", points=30, match=game)
    chef = player("chef")
    services.void_entry(entry=entry, reason="Fehler beim Zählen", by=chef)
    rows = history.finished_games(grete)
    assert [r.voided for r in rows] == ["Fehler beim Zählen"]
    client.force_login(grete, backend="django.contrib.auth.backends.ModelBackend")
    page = client.get("/konto/partien/").content.decode()
    assert 'data-testid="voided-entry"' in page and "Fehler beim Zählen" in page
    assert 'data-testid="voided"' in page


def test_solo_results_are_removed_with_a_reason_and_audited(admin_client, player, match):
    grete = player("grete")
    game = match()
    run = SoloRun.objects.create(user=grete, game="kleister", mode="rekord", table=game.table)
    entry = SoloScore.objects.create(user=grete, game="kleister", mode="rekord", points=70, run=run)
    assert admin_client.get(f"/admin/leaderboard/soloscore/{entry.pk}/delete/").status_code == 403
    data = {"action": "remove", "_selected_action": [entry.pk], "apply": "1", "reason": "Fehler"}
    admin_client.post("/admin/leaderboard/soloscore/", data)
    assert not SoloScore.objects.exists()
    assert AuditRecord.objects.get(action="solo_loeschen").details["punkte"] == 70


def test_entries_show_the_games_name_not_its_slug(admin_client, player, match):
    grete = player("grete")
    entry = ScoreEntry.objects.create(user=grete, game="kleister", points=42, match=match())
    run = SoloRun.objects.create(user=grete, game="kleister", mode="rekord", table=entry.match.table)
    solo = SoloScore.objects.create(user=grete, game="kleister", mode="rekord", points=70, run=run)
    for url in (
        "/admin/leaderboard/scoreentry/",
        f"/admin/leaderboard/scoreentry/{entry.pk}/change/",
        "/admin/leaderboard/soloscore/",
        f"/admin/leaderboard/soloscore/{solo.pk}/change/",
    ):
        page = admin_client.get(url).content.decode()
        assert "Speedkleister" in page and ">kleister<" not in page, url
    filtered = admin_client.get("/admin/leaderboard/scoreentry/?game=kleister")
    assert [e.pk for e in filtered.context["cl"].result_list] == [entry.pk]


def test_the_void_form_shows_its_heading_once(admin_client, player, match):
    entry = ScoreEntry.objects.create(user=player("grete"), game="kleister", points=5, match=match())
    form = admin_client.post("/admin/leaderboard/scoreentry/", {"action": "void", "_selected_action": [entry.pk]})
    assert form.content.decode().count("<h1>") == 1
