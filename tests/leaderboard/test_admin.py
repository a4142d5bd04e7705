"""Admin: Punkteinträge can be viewed and deleted (moderation), never added or changed."""

from __future__ import annotations

import pytest

from leaderboard.models import ScoreEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, django_user_model):  # type: ignore[no-untyped-def]
    admin = django_user_model.objects.create_superuser("chef", password="Chef-Passwort-1")
    client.force_login(admin, backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_list_is_read_only_but_entries_can_be_deleted(admin_client, player, match):
    entry = ScoreEntry.objects.create(user=player("grete"), game="kleister", points=42, match=match())
    page = admin_client.get("/admin/leaderboard/scoreentry/").content.decode()
    assert "Punkteinträge" in page and "grete" in page
    assert "/admin/leaderboard/scoreentry/add/" not in page
    assert admin_client.get("/admin/leaderboard/scoreentry/add/").status_code == 403
    detail = admin_client.get(f"/admin/leaderboard/scoreentry/{entry.pk}/change/")
    assert detail.status_code == 200 and 'name="points"' not in detail.content.decode()
    admin_client.post(f"/admin/leaderboard/scoreentry/{entry.pk}/change/", {"points": "999"})
    entry.refresh_from_db()
    assert entry.points == 42
    admin_client.post(
        "/admin/leaderboard/scoreentry/", {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"}
    )
    assert not ScoreEntry.objects.exists()
