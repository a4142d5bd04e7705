"""The moderation log: one record per action, listed in admin, never added, changed or deleted there."""

from __future__ import annotations

import pytest

from accounts import services as accounts
from moderation import services
from moderation.models import AuditRecord

pytestmark = pytest.mark.django_db


@pytest.fixture
def record(chef):  # type: ignore[no-untyped-def]
    player = accounts.register_user(username="grete", password="Kleister-1929!")
    return services.mute_user(user=player, period="1h", reason="Spam", by=chef) and AuditRecord.objects.get()


def test_the_log_page_lists_records(admin_client, record):
    page = admin_client.get("/admin/moderation/auditrecord/").content.decode()
    assert "Moderationsprotokoll" in page and "Im Chat stummgeschaltet" in page and "Spam" in page and "grete" in page
    assert admin_client.get("/admin/").content.decode().count("Moderationsprotokoll") >= 1


def test_records_cannot_be_added_changed_or_deleted_in_admin(admin_client, record):
    base = "/admin/moderation/auditrecord/"
    page = admin_client.get(base).content.decode()
    assert f"{base}add/" not in page and 'name="action"' not in page  # no actions, not even "delete"
    assert admin_client.get(f"{base}add/").status_code == 403
    assert admin_client.get(f"{base}{record.pk}/delete/").status_code == 403
    detail = admin_client.get(f"{base}{record.pk}/change/").content.decode()
    assert 'name="reason"' not in detail and "Spam" in detail
    admin_client.post(f"{base}{record.pk}/change/", {"reason": "geändert"})
    admin_client.post(f"{base}{record.pk}/delete/", {"post": "yes"})
    admin_client.post(base, {"action": "delete_selected", "_selected_action": [record.pk], "post": "yes"})
    assert AuditRecord.objects.get(pk=record.pk).reason == "Spam"


def test_records_refuse_changes_and_deletes_in_code_too(record):
    record.reason = "anders"
    with pytest.raises(PermissionError):
        record.save()
    with pytest.raises(PermissionError):
        record.delete()
    assert AuditRecord.objects.get(pk=record.pk).reason == "Spam"


def test_a_record_needs_a_reason_and_a_known_action(chef):
    with pytest.raises(services.ModerationError, match="Bitte einen Grund angeben."):
        services.record(actor=chef, action="sperren", target_type="Spieler", target_id=1, target_label="x", reason=" ")
    with pytest.raises(ValueError):
        services.record(actor=chef, action="werten", target_type="Partie", target_id=1, target_label="x", reason="r")
    assert not AuditRecord.objects.exists()


def test_a_site_wide_mute_is_active_until_its_end(chef):
    player = accounts.register_user(username="laut", password="Kleister-1929!")
    ban = services.mute_user(user=player, period="24h", reason="Spam", by=chef)
    assert services.active_ban(player.pk) == ban
    assert "stummgeschaltet" in services.ban_message(ban) and "Grund: Spam" in services.ban_message(ban)
    later = ban.until
    assert services.active_ban(player.pk, now=later) is None
    with pytest.raises(services.ModerationError):
        services.mute_user(user=player, period="1y", reason="x", by=chef)
