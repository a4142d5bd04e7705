"""Moderating players in admin (QA findings): who may block and book, blocking and unblocking once,
the admin frame on the action pages, a repeated Taler form, Berlin time, renames that are refused
(the form comes back) and guests' names, the login notice's full stop, the add form's help text."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import Permission

from accounts import services
from accounts.models import LedgerEntry, User, Wallet
from moderation import services as moderation
from moderation.models import AuditRecord, ChatBan

pytestmark = pytest.mark.django_db

PASSWORD = "Kleister-1929!"
USERS = "/admin/accounts/user/"
WALLETS = "/admin/accounts/wallet/"


def staff_client(client, django_user_model, *codenames: str):  # type: ignore[no-untyped-def]
    staff = django_user_model.objects.create_user("aufsicht", password="Aufsicht-1929!", is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="accounts", codename__in=codenames))
    client.force_login(staff, backend="django.contrib.auth.backends.ModelBackend")
    client.staff = staff
    return client


def act(client, url, action, objects, **data):  # type: ignore[no-untyped-def]
    """An action with its form sent (``apply``); the page after the redirect, as text."""
    post = {"action": action, "_selected_action": [o.pk for o in objects], "apply": "1", **data}
    return client.post(url, post, follow=True).content.decode()


def block(client, users, reason="Betrug"):  # type: ignore[no-untyped-def]
    return act(client, USERS, "deactivate_with_reason", users, reason=reason)


def unblock(client, users, reason="Einspruch"):  # type: ignore[no-untyped-def]
    return act(client, USERS, "reactivate_with_reason", users, reason=reason)


# ---------------------------------------------------------------- 1. permissions


def test_a_staff_member_who_may_only_view_can_neither_block_nor_unblock_nor_book(client, django_user_model, chef):
    viewer = staff_client(client, django_user_model, "view_user", "view_wallet")
    blocked = services.register_user(username="gesperrt", password=PASSWORD)
    services.deactivate_user(user=blocked, reason="alt", by=chef)
    records = AuditRecord.objects.count()
    listing = viewer.get(USERS).content.decode()
    assert viewer.get(USERS).status_code == 200
    for action in ("deactivate_with_reason", "reactivate_with_reason", "rename", "mute_in_chat"):
        assert f'value="{action}"' not in listing
    assert 'value="adjust_taler"' not in viewer.get(WALLETS).content.decode()

    # forged POSTs are refused and run nothing
    wallet = Wallet.objects.get(user=blocked)
    forged = [
        (USERS, "deactivate_with_reason", chef, {"reason": "Putsch"}),
        (USERS, "reactivate_with_reason", blocked, {"reason": "Freund"}),
        (WALLETS, "adjust_taler", wallet, {"amount": "100000", "reason": "Geschenk", "nonce": "n1"}),
        (USERS, "rename", chef, {"username": "weg", "reason": "x"}),
    ]
    for url, action, target, data in forged:
        post = {"action": action, "_selected_action": [target.pk], "apply": "1", **data}
        assert viewer.post(url, post).status_code == 403
        assert viewer.post(url, {"action": action, "_selected_action": [target.pk]}).status_code == 403  # no form
    assert User.objects.get(pk=chef.pk).is_active and User.objects.get(pk=chef.pk).username == "chef"
    assert not User.objects.get(pk=blocked.pk).is_active
    assert Wallet.objects.get(pk=wallet.pk).balance == 1000
    assert AuditRecord.objects.count() == records
    assert not LedgerEntry.objects.filter(kind=LedgerEntry.Kind.ADMIN).exists()


def test_a_staff_member_who_may_change_players_blocks_but_not_a_superuser(client, django_user_model, chef):
    moderator = staff_client(client, django_user_model, "view_user", "change_user")
    player = services.register_user(username="frech", password=PASSWORD)
    assert 'value="deactivate_with_reason"' in moderator.get(USERS).content.decode()
    page = block(moderator, [chef, player])
    assert "Das Konto von chef (Superuser) darf nur ein Superuser sperren." in page
    assert "1 Spieler gesperrt." in page
    assert User.objects.get(pk=chef.pk).is_active and not User.objects.get(pk=player.pk).is_active
    assert AuditRecord.objects.filter(action="sperren").count() == 1


def test_nobody_blocks_themselves(admin_client, chef):
    page = block(admin_client, [chef])
    assert "Du kannst dich nicht selbst sperren." in page and "Spieler gesperrt." not in page
    assert User.objects.get(pk=chef.pk).is_active and not AuditRecord.objects.exists()


# ---------------------------------------------------------------- 2. block and unblock once


def test_blocking_a_blocked_player_is_refused_and_writes_nothing(admin_client):
    player = services.register_user(username="bernd", password=PASSWORD)
    other = services.register_user(username="otto", password=PASSWORD)
    assert "1 Spieler gesperrt." in block(admin_client, [player], reason="Betrug")
    page = block(admin_client, [player], reason="anderer Grund")  # the form sent again
    assert "Bernd ist schon gesperrt." in page and "Spieler gesperrt." not in page
    assert User.objects.get(pk=player.pk).deactivation_reason == "Betrug"  # not overwritten
    assert AuditRecord.objects.filter(action="sperren").count() == 1
    page = block(admin_client, [player, other])
    assert "Bernd ist schon gesperrt." in page and "1 Spieler gesperrt." in page
    third = services.register_user(username="paula", password=PASSWORD)
    fourth = services.register_user(username="petra", password=PASSWORD)
    assert "2 Spieler gesperrt." in block(admin_client, [third, fourth])


def test_unblocking_a_player_who_is_not_blocked_is_refused_and_writes_nothing(admin_client):
    player = services.register_user(username="bernd", password=PASSWORD)
    page = unblock(admin_client, [player])
    assert "Bernd ist nicht gesperrt." in page and "aufgehoben." not in page
    assert not AuditRecord.objects.exists()
    others = [services.register_user(username=n, password=PASSWORD) for n in ("anna", "bert")]
    block(admin_client, [player, *others])
    assert "Sperre von 1 Spieler aufgehoben." in unblock(admin_client, [player])
    assert "Sperre von 2 Spielern aufgehoben." in unblock(admin_client, others)
    assert "Bernd ist nicht gesperrt." in unblock(admin_client, [player])
    assert AuditRecord.objects.filter(action="entsperren").count() == 3


# ---------------------------------------------------------------- 3. one chat mute at a time


def test_muting_a_muted_player_is_refused_so_lifting_the_mute_unmutes(admin_client):
    player = services.register_user(username="laut", password=PASSWORD)
    assert "ist im Chat stumm bis" in act(admin_client, USERS, "mute_in_chat", [player], period="24h", reason="Spam")
    ban = ChatBan.objects.get(user=player)
    page = act(admin_client, USERS, "mute_in_chat", [player], period="7d", reason="noch mehr Spam")
    assert f"Laut ist schon stummgeschaltet bis {moderation.local_time(ban.until)}." in page
    assert "Nichts geändert." in page and "ist im Chat stumm bis" not in page
    assert ChatBan.objects.filter(user=player).count() == 1
    assert AuditRecord.objects.filter(action="chat_stumm").count() == 1
    act(admin_client, "/admin/moderation/chatban/", "lift", [ban], reason="Entschuldigung")
    assert moderation.active_ban(player.pk) is None  # lifting the one mute unmutes
    assert "ist im Chat stumm bis" in act(admin_client, USERS, "mute_in_chat", [player], period="1h", reason="wieder")


# ---------------------------------------------------------------- 4. the admin frame


@pytest.mark.parametrize(
    ("url", "action"),
    [
        (USERS, "deactivate_with_reason"),
        (USERS, "reactivate_with_reason"),
        (WALLETS, "adjust_taler"),
    ],
)
def test_the_action_pages_keep_the_admin_frame(admin_client, url, action):
    player = services.register_user(username="grete", password=PASSWORD)
    target = Wallet.objects.get(user=player) if url == WALLETS else player
    page = admin_client.post(url, {"action": action, "_selected_action": [target.pk]}).content.decode()
    assert "Spielcenter – Verwaltung" in page and "Django-Verwaltung" not in page
    assert 'id="user-tools"' in page and "chef" in page  # the header with the admin's links
    assert page.count("<h1>") == 1


# ---------------------------------------------------------------- 5. a Taler form sent twice


def test_a_taler_form_sent_again_says_it_was_booked_already(admin_client):
    player = services.register_user(username="grete", password=PASSWORD)
    wallet = Wallet.objects.get(user=player)
    data = {"amount": "250", "reason": "Turniersieg", "nonce": "einmal"}
    assert "1 Konto gebucht." in act(admin_client, WALLETS, "adjust_taler", [wallet], **data)
    again = act(admin_client, WALLETS, "adjust_taler", [wallet], **data)
    assert "Grete: schon gebucht – nichts geändert." in again and "gebucht." not in again.replace("schon gebucht", "")
    assert Wallet.objects.get(pk=wallet.pk).balance == 1250
    assert AuditRecord.objects.filter(action="taler").count() == 1


# ---------------------------------------------------------------- 6. Berlin time


def test_the_ledger_on_a_players_page_shows_berlin_time(admin_client):
    player = services.register_user(username="grete", password=PASSWORD)
    LedgerEntry.objects.filter(wallet__user=player).update(created=datetime(2026, 12, 5, 22, 8, tzinfo=UTC))
    page = admin_client.get(f"{USERS}{player.pk}/change/").content.decode()
    assert "05.12.2026 23:08" in page and "05.12.2026 22:08" not in page


def test_a_chat_mute_names_its_end_in_berlin_time(admin_client, chef):
    player = services.register_user(username="laut", password=PASSWORD)
    ban = moderation.mute_user(user=player, period="30d", reason="Spam", by=chef)
    ChatBan.objects.filter(pk=ban.pk).update(until=datetime(2026, 12, 5, 22, 8, tzinfo=UTC))
    ban.refresh_from_db()
    assert str(ban) == "laut bis 05.12.2026 23:08"
    form = admin_client.post("/admin/moderation/chatban/", {"action": "lift", "_selected_action": [ban.pk]})
    assert "laut bis 05.12.2026 23:08" in form.content.decode()


# ---------------------------------------------------------------- 8. refused renames, guests


def rename(client, user, username, reason="anstößiger Name"):  # type: ignore[no-untyped-def]
    return act(client, USERS, "rename", [user], username=username, reason=reason)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("x" * 31, "Der Name darf höchstens 30 Zeichen lang sein."),
        ("Gast-1234", "Namen, die mit „Gast-“ beginnen, sind für Gäste reserviert."),
        ("GRETE", "Dieser Name ist schon vergeben."),
    ],
)
def test_a_refused_new_name_shows_the_form_again_with_the_input_and_the_error(admin_client, name, message):
    services.register_user(username="grete", password=PASSWORD)
    player = services.register_user(username="Schimpfwort", password=PASSWORD)
    page = rename(admin_client, player, name, reason="Beleidigung im Namen")
    assert message in page
    assert 'name="username"' in page and f'value="{name}"' in page  # the form again, filled in
    assert "Beleidigung im Namen</textarea>" in page
    assert "Spielcenter – Verwaltung" in page
    assert User.objects.get(pk=player.pk).username == "Schimpfwort" and not AuditRecord.objects.exists()


def test_a_guest_keeps_the_gast_prefix_when_renamed(admin_client):
    guest = services.create_guest()
    page = rename(admin_client, guest, "Peter")
    assert "Ein Gast heißt „Gast-…“: der neue Name muss mit „Gast-“ beginnen." in page
    assert User.objects.get(pk=guest.pk).username == guest.username
    assert "der neue Name muss" in rename(admin_client, guest, "Gast-")
    page = rename(admin_client, guest, "Gast-Nett")
    assert f"„{guest.username}“ heißt jetzt „Gast-Nett“" in page
    assert User.objects.get(pk=guest.pk).username == "Gast-Nett"


# ---------------------------------------------------------------- 9. the login notice


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("Name war anstößig", "Grund: Name war anstößig. Melde dich"),
        ("Name war anstößig.", "Grund: Name war anstößig. Melde dich"),
        ("Warum nur?", "Grund: Warum nur? Melde dich"),
        ("So nicht!", "Grund: So nicht! Melde dich"),
    ],
)
def test_the_login_notice_ends_the_reason_with_a_full_stop(admin_client, reason, said):
    player = services.register_user(username="Schimpfwort", password=PASSWORD)
    rename(admin_client, player, "bernd", reason=reason)
    notice = User.objects.get(pk=player.pk).login_notice
    assert said in notice and notice.endswith("Melde dich ab jetzt mit „bernd“ an.")


# ---------------------------------------------------------------- 10. the add form's help text


def test_the_add_form_names_the_real_length_limit(admin_client):
    page = admin_client.get(f"{USERS}add/").content.decode()
    assert "Höchstens 30 Zeichen." in page and "150 Zeichen" not in page
    assert 'maxlength="30"' in page


# ---------------------------------------------------------------- once, even in parallel


@pytest.mark.django_db(transaction=True)
def test_parallel_blocks_and_mutes_of_one_player_happen_once(django_user_model):
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    from moderation.services import ModerationError

    chef = django_user_model.objects.create_superuser("chef", password="Chef-Passwort-1")
    player = services.register_user(username="doppelt", password=PASSWORD)

    def attempt(apply) -> bool:  # type: ignore[no-untyped-def]
        try:
            apply()
            return True
        except ModerationError:
            return False
        finally:
            connections.close_all()

    block_once = lambda: services.deactivate_user(user=player, reason="Betrug", by=chef)  # noqa: E731  # stale object
    mute_once = lambda: moderation.mute_user(user=player, period="1h", reason="Spam", by=chef)  # noqa: E731
    with ThreadPoolExecutor(max_workers=6) as pool:
        blocked = list(pool.map(attempt, [block_once] * 6))
        muted = list(pool.map(attempt, [mute_once] * 6))
    assert sum(blocked) == 1 and sum(muted) == 1
    assert AuditRecord.objects.filter(action="sperren").count() == 1
    assert AuditRecord.objects.filter(action="chat_stumm").count() == 1 and ChatBan.objects.count() == 1
