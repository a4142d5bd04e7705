from __future__ import annotations

import pytest

from accounts import services
from accounts.models import LedgerEntry, User, Wallet

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, django_user_model):
    admin = django_user_model.objects.create_superuser("chef", password="Chef-Passwort-1")
    client.force_login(admin, backend="django.contrib.auth.backends.ModelBackend")
    client.admin = admin
    return client


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
    assert "Nicht genug Taler" in response.content.decode()
    wallet.refresh_from_db()
    assert wallet.balance == 1000


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
    admin_client.post(
        "/admin/accounts/user/",
        {"action": "deactivate_with_reason", "_selected_action": [player.pk], "apply": "1", "reason": "Beleidigung"},
    )
    player = User.objects.get(pk=player.pk)
    assert not player.is_active and player.deactivation_reason == "Beleidigung"


def test_user_change_page_shows_ledger_balance(admin_client):
    player = services.register_user(username="zeig", password="Kleister-1929!")
    html = admin_client.get("/admin/accounts/user/").content.decode()
    assert "1.000 Taler" in html
    assert "Startguthaben" in admin_client.get(f"/admin/accounts/user/{player.pk}/change/").content.decode()
    assert admin_client.get(f"/admin/accounts/wallet/{player.wallet.pk}/change/").status_code == 200
