"""Moderating players in admin: rename (told at the next login), chat mute, block; each one audited."""

from __future__ import annotations

import pytest

from accounts import services
from accounts.models import User
from moderation.models import AuditRecord, ChatBan

pytestmark = pytest.mark.django_db

PASSWORD = "Kleister-1929!"


def rename(admin_client, users, username, reason="anstößiger Name"):  # type: ignore[no-untyped-def]
    data = {
        "action": "rename",
        "_selected_action": [u.pk for u in users],
        "apply": "1",
        "username": username,
        "reason": reason,
    }
    return admin_client.post("/admin/accounts/user/", data, follow=True).content.decode()


def test_rename_tells_the_player_at_the_next_login_once(admin_client, client):
    player = services.register_user(username="Schimpfwort", password=PASSWORD)
    form = admin_client.post("/admin/accounts/user/", {"action": "rename", "_selected_action": [player.pk]})
    assert "Neuer Name" in form.content.decode() and "Grund" in form.content.decode()
    page = rename(admin_client, [player], "Spieler77")
    assert "„Schimpfwort“ heißt jetzt „Spieler77“" in page
    player.refresh_from_db()
    assert player.username == "Spieler77"
    record = AuditRecord.objects.get(action="umbenennen")
    assert record.actor == admin_client.admin and record.reason == "anstößiger Name"
    assert record.details == {"alt": "Schimpfwort", "neu": "Spieler77"}

    admin_client.logout()
    page = client.post("/konto/anmelden/", {"username": "Spieler77", "password": PASSWORD}, follow=True)
    html = page.content.decode()
    assert "Dein Name „Schimpfwort“ wurde von der Moderation in „Spieler77“ geändert" in html
    assert "Grund: anstößiger Name" in html
    client.logout()
    again = client.post("/konto/anmelden/", {"username": "Spieler77", "password": PASSWORD}, follow=True)
    assert "von der Moderation" not in again.content.decode()  # told once


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("grete", "Dieser Name ist schon vergeben."),
        ("GRETE", "Dieser Name ist schon vergeben."),
        ("Gast-1234", "für Gäste reserviert"),
        ("mit leerzeichen", "nur Buchstaben, Ziffern"),
        ("x" * 31, "höchstens 30 Zeichen"),
    ],
)
def test_a_bad_new_name_is_refused_in_german_and_nothing_changes(admin_client, name, message):
    services.register_user(username="grete", password=PASSWORD)
    player = services.register_user(username="Schimpfwort", password=PASSWORD)
    page = rename(admin_client, [player], name)
    assert message in page
    assert User.objects.get(pk=player.pk).username == "Schimpfwort"
    assert not AuditRecord.objects.exists()


def test_rename_needs_exactly_one_player_and_a_reason(admin_client):
    a = services.register_user(username="anna", password=PASSWORD)
    b = services.register_user(username="bert", password=PASSWORD)
    assert "genau einen Spieler" in rename(admin_client, [a, b], "neu")
    assert "Bitte einen Grund angeben." in rename(admin_client, [a], "neu", reason="")
    assert User.objects.get(pk=a.pk).username == "anna" and not AuditRecord.objects.exists()


def test_mute_in_chat_for_a_period_with_a_reason_is_audited(admin_client):
    player = services.register_user(username="laut", password=PASSWORD)
    data = {"action": "mute_in_chat", "_selected_action": [player.pk]}
    form = admin_client.post("/admin/accounts/user/", data).content.decode()
    assert "Dauer" in form and "7 Tage" in form
    page = admin_client.post(
        "/admin/accounts/user/", {**data, "apply": "1", "period": "7d", "reason": "Beleidigungen"}, follow=True
    ).content.decode()
    assert "ist im Chat stumm bis" in page
    ban = ChatBan.objects.get(user=player)
    assert ban.reason == "Beleidigungen" and ban.by == admin_client.admin
    record = AuditRecord.objects.get(action="chat_stumm")
    assert record.target_id == str(player.pk) and record.details["dauer"] == "7 Tage"
    refused = admin_client.post(
        "/admin/accounts/user/", {**data, "apply": "1", "period": "ewig", "reason": "x"}
    ).content.decode()
    assert "Bitte eine der angebotenen Dauern wählen." in refused
    assert ChatBan.objects.count() == 1

    # lifting it early is audited too
    admin_client.post(
        "/admin/moderation/chatban/",
        {"action": "lift", "_selected_action": [ban.pk], "apply": "1", "reason": "Entschuldigung"},
    )
    ban.refresh_from_db()
    assert ban.lifted is not None and AuditRecord.objects.filter(action="chat_stumm_aufheben").count() == 1
    page = admin_client.post(
        "/admin/moderation/chatban/",
        {"action": "lift", "_selected_action": [ban.pk], "apply": "1", "reason": "nochmal"},
        follow=True,
    ).content.decode()
    assert "ist schon vorbei" in page


def test_deactivate_and_taler_bookings_are_audited(admin_client):
    player = services.register_user(username="betrug", password=PASSWORD)
    admin_client.post(
        "/admin/accounts/user/",
        {"action": "deactivate_with_reason", "_selected_action": [player.pk], "apply": "1", "reason": "Betrug"},
    )
    record = AuditRecord.objects.get(action="sperren")
    assert record.actor == admin_client.admin and record.reason == "Betrug" and record.target_label == "betrug"
    services.admin_adjust(admin=admin_client.admin, user=player, amount=50, reason="Ausgleich", key="k1")
    services.admin_adjust(admin=admin_client.admin, user=player, amount=50, reason="Ausgleich", key="k1")
    assert AuditRecord.objects.filter(action="taler").count() == 1  # booked once, audited once


def test_a_login_without_a_page_keeps_the_notice_for_the_next_real_login(admin_client, client):
    player = services.register_user(username="Schimpfwort", password=PASSWORD)
    rename(admin_client, [player], "Spieler77")
    player.refresh_from_db()
    client.force_login(player, backend="django.contrib.auth.backends.ModelBackend")
    assert User.objects.get(pk=player.pk).login_notice  # not shown, so not used up
