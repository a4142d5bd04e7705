from __future__ import annotations

import pytest

from accounts import services
from accounts.models import LedgerEntry, User, Wallet
from moderation.models import AuditRecord

pytestmark = pytest.mark.django_db


def test_admin_is_german(admin_client):
    html = admin_client.get("/admin/").content.decode()
    assert "Verwaltung" in html and "Buchungen" in html


def test_wallet_action_credits_with_admin_and_reason_once(admin_client):
    player = services.register_user(username="grete", password="Kleister-1929!")
    wallet = Wallet.objects.get(user=player)
    form = admin_client.post(
        "/admin/accounts/wallet/", {"action": "adjust_taler", "_selected_action": [wallet.pk]}
    ).content.decode()
    assert "Taler gutschreiben/abziehen" in form
    nonce = form.split('name="nonce" value="')[1].split('"')[0]
    data = {
        "action": "adjust_taler",
        "_selected_action": [wallet.pk],
        "apply": "1",
        "amount": "250",
        "reason": "Turniersieg",
        "nonce": nonce,
    }
    admin_client.post("/admin/accounts/wallet/", data)
    admin_client.post("/admin/accounts/wallet/", data)  # double submit
    wallet.refresh_from_db()
    assert wallet.balance == 1250
    entry = LedgerEntry.objects.get(kind="verwaltung")
    assert entry.admin == admin_client.admin and "Turniersieg" in entry.reason


def test_wallet_action_refuses_overdraft(admin_client):
    player = services.register_user(username="paul", password="Kleister-1929!")
    wallet = Wallet.objects.get(user=player)
    data = {
        "action": "adjust_taler",
        "_selected_action": [wallet.pk],
        "apply": "1",
        "amount": "-5000",
        "reason": "Test",
        "nonce": "abc",
    }
    response = admin_client.post("/admin/accounts/wallet/", data, follow=True)
    page = response.content.decode()
    # said to the admin (the admin writes the first letter large), not the player's sentence ("Du hast …")
    assert "Paul hat nur 1.000 Taler – nichts gebucht." in page and "Du hast" not in page
    wallet.refresh_from_db()
    assert wallet.balance == 1000


def test_wallet_list_speaks_german_and_counts_konto_and_konten(admin_client):
    wallets = [Wallet.objects.get(user=services.register_user(username=n, password="Kleister-1929!")) for n in "ab"]
    listing = admin_client.get("/admin/accounts/wallet/").content.decode()
    assert "column-player" in listing and ">Spieler</a>" in listing and "column-user" not in listing
    assert "User:" not in admin_client.get(f"/admin/accounts/wallet/{wallets[0].pk}/change/").content.decode()
    assert "column-wallet" not in admin_client.get("/admin/accounts/ledgerentry/").content.decode()
    form = admin_client.post("/admin/accounts/wallet/", {"action": "adjust_taler", "_selected_action": [wallets[0].pk]})
    assert form.content.decode().count("<h1>") == 1
    for selected, nonce, text in (
        ([wallets[0].pk], "n1", "1 Konto gebucht."),
        ([w.pk for w in wallets], "n2", "2 Konten gebucht."),
    ):
        data = {
            "action": "adjust_taler",
            "_selected_action": selected,
            "apply": "1",
            "amount": "5",
            "reason": "Test",
            "nonce": nonce,
        }
        assert text in admin_client.post("/admin/accounts/wallet/", data, follow=True).content.decode()


def test_ledger_entries_cannot_be_changed_or_deleted(admin_client):
    player = services.register_user(username="otto", password="Kleister-1929!")
    entry = LedgerEntry.objects.get(wallet__user=player)
    assert admin_client.get(f"/admin/accounts/ledgerentry/{entry.pk}/change/").status_code in {200, 403}
    admin_client.post(f"/admin/accounts/ledgerentry/{entry.pk}/change/", {"amount": "999999"})
    assert admin_client.post(f"/admin/accounts/ledgerentry/{entry.pk}/delete/").status_code == 403
    entry.refresh_from_db()
    assert entry.amount == 1000
    assert admin_client.get("/admin/accounts/ledgerentry/add/").status_code == 403
    assert admin_client.get("/admin/accounts/wallet/add/").status_code == 403


def test_deactivate_with_reason(admin_client):
    player = services.register_user(username="frech", password="Kleister-1929!")
    form = admin_client.post(
        "/admin/accounts/user/", {"action": "deactivate_with_reason", "_selected_action": [player.pk]}
    )
    assert form.content.decode().count("<h1>") == 1  # the heading once
    admin_client.post(
        "/admin/accounts/user/",
        {"action": "deactivate_with_reason", "_selected_action": [player.pk], "apply": "1", "reason": "Beleidigung"},
    )
    player = User.objects.get(pk=player.pk)
    assert not player.is_active and player.deactivation_reason == "Beleidigung"
    # lifting the block is an action with a reason too, and audited
    form = admin_client.post(
        "/admin/accounts/user/", {"action": "reactivate_with_reason", "_selected_action": [player.pk]}
    ).content.decode()
    assert "Grund für die Aufhebung" in form and 'value="Sperre aufheben"' in form
    admin_client.post(
        "/admin/accounts/user/",
        {"action": "reactivate_with_reason", "_selected_action": [player.pk], "apply": "1", "reason": "Einspruch"},
    )
    player = User.objects.get(pk=player.pk)
    assert player.is_active and player.deactivation_reason == ""
    from moderation.models import AuditRecord

    lifted = AuditRecord.objects.get(action=AuditRecord.Action.REACTIVATE_USER)
    assert lifted.reason == "Einspruch" and lifted.target_id == str(player.pk)


def test_user_change_page_shows_ledger_balance(admin_client):
    player = services.register_user(username="zeig", password="Kleister-1929!")
    html = admin_client.get("/admin/accounts/user/").content.decode()
    assert "1.000 Taler" in html
    assert "Startguthaben" in admin_client.get(f"/admin/accounts/user/{player.pk}/change/").content.decode()
    assert admin_client.get(f"/admin/accounts/wallet/{player.wallet.pk}/change/").status_code == 200


def test_an_existing_players_name_and_active_flag_change_only_through_the_moderation_actions(admin_client):
    player = services.register_user(username="dora", password="Kleister-1929!")
    url = f"/admin/accounts/user/{player.pk}/change/"
    page = admin_client.get(url).content.decode()
    assert 'name="username"' not in page and 'name="is_active"' not in page and 'name="is_guest"' not in page
    assert "„Spieler umbenennen“" in page and "„Ausgewählte Spieler mit Grund sperren“" in page
    # a POST that tries anyway (no "is_active": unticked) saves the rest and changes neither
    response = admin_client.post(
        url, {"username": "Gast-7777", "is_guest": "on", "email": "dora@example.org", "theme": "auto"}
    )
    assert response.status_code == 302
    player = User.objects.get(pk=player.pk)
    assert (player.username, player.is_active, player.is_guest) == ("dora", True, False)
    assert player.email == "dora@example.org"
    assert not AuditRecord.objects.exists()


def test_adding_a_player_in_admin_stays_possible(admin_client):
    page = admin_client.get("/admin/accounts/user/add/").content.decode()
    assert 'name="username"' in page and "„Spieler umbenennen“" not in page
    data = {"username": "neu", "usable_password": "true", "password1": "Kleister-1929!", "password2": "Kleister-1929!"}
    assert admin_client.post("/admin/accounts/user/add/", data).status_code == 302
    assert User.objects.get(username="neu").is_active


def test_a_player_added_in_admin_gets_the_start_credit_like_a_registered_one(admin_client, settings):
    data = {"username": "neu", "usable_password": "true", "password1": "Kleister-1929!", "password2": "Kleister-1929!"}
    assert admin_client.post("/admin/accounts/user/add/", data).status_code == 302
    wallet = Wallet.objects.get(user__username="neu")
    assert wallet.balance == settings.TALER_START_CREDIT
    assert list(wallet.entries.values_list("kind", flat=True)) == [LedgerEntry.Kind.START]


@pytest.mark.parametrize(
    "username, message",
    [
        ("x" * 31, "höchstens 30 Zeichen"),
        ("Gast-1234", "für Gäste reserviert"),
        ("DORA", "schon vergeben"),
    ],
)
def test_adding_a_player_in_admin_keeps_the_registration_name_rules(admin_client, username, message):
    services.register_user(username="dora", password="Kleister-1929!")
    password = "Kleister-1929!"
    data = {"username": username, "usable_password": "true", "password1": password, "password2": password}
    response = admin_client.post("/admin/accounts/user/add/", data)
    assert response.status_code == 200 and message in response.content.decode()
    assert User.objects.count() == 2  # the admin and dora: nothing was added
