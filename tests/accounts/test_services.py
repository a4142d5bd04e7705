from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from accounts import selectors, services
from accounts.models import LedgerEntry, Wallet

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    return services.register_user(username="grete", password="Kleister-1929!")


def balance(user) -> int:
    return Wallet.objects.get(user=user).balance


def test_registration_gives_start_credit_once(player):
    assert balance(player) == 1000
    services.open_wallet(user=player)  # called again: no second credit
    assert balance(player) == 1000
    assert LedgerEntry.objects.filter(wallet__user=player, kind="start").count() == 1


def test_format_taler_is_german():
    assert services.format_taler(1000) == "1.000 Taler"
    assert services.format_taler(1234567) == "1.234.567 Taler"
    assert services.format_taler(-25) == "−25 Taler"


def test_stake_and_payout_are_idempotent(player):
    services.place_stake(user=player, amount=50, table_id=7, key="stake:7:grete")
    again = services.place_stake(user=player, amount=50, table_id=7, key="stake:7:grete")
    assert not again.created
    assert balance(player) == 950
    services.pay_out(user=player, amount=100, table_id=7, key="pot:7")
    replay = services.pay_out(user=player, amount=100, table_id=7, key="pot:7")
    assert not replay.created
    assert balance(player) == 1050
    services.refund(user=player, amount=50, table_id=8, key="refund:8")
    assert balance(player) == 1100
    assert selectors.ledger_sum(player) == balance(player)


def test_stake_larger_than_balance_is_refused_and_changes_nothing(player):
    with pytest.raises(services.TalerError) as error:
        services.place_stake(user=player, amount=1001, table_id=1, key="stake:1")
    assert "Nicht genug Taler" in error.value.message
    assert balance(player) == 1000
    assert not LedgerEntry.objects.filter(key="stake:1").exists()


def test_guest_cannot_stake():
    guest = services.create_guest()
    assert guest.username.startswith("Gast-")
    with pytest.raises(services.TalerError, match="Gäste spielen ohne Einsatz"):
        services.place_stake(user=guest, amount=10, table_id=1, key="g")


def test_balance_constraint_is_in_the_database(player):
    with pytest.raises(IntegrityError), transaction.atomic():
        Wallet.objects.filter(user=player).update(balance=-1)


def test_daily_allowance_tops_up_to_100_once_a_day(player):
    services.place_stake(user=player, amount=960, table_id=1, key="s")
    assert balance(player) == 40
    day = dt.date(2026, 12, 1)
    booking = services.grant_daily_allowance(user=player, today=day)
    assert booking is not None and booking.entry.amount == 60
    assert balance(player) == 100
    services.place_stake(user=player, amount=90, table_id=2, key="s2")
    assert services.grant_daily_allowance(user=player, today=day) is None  # same day: nothing
    assert balance(player) == 10
    services.grant_daily_allowance(user=player, today=day + dt.timedelta(days=1))
    assert balance(player) == 100


def test_daily_allowance_not_for_rich_players(player):
    assert services.grant_daily_allowance(user=player, today=dt.date(2026, 12, 1)) is None
    assert balance(player) == 1000


def test_upgrade_guest_keeps_the_same_user():
    guest = services.create_guest()
    upgraded = services.upgrade_guest(guest=guest, username="paul", password="Kleister-1929!")
    assert upgraded.pk == guest.pk
    assert not upgraded.is_guest
    assert balance(upgraded) == 1000


def test_admin_adjust_names_admin_and_reason(player, django_user_model):
    admin = django_user_model.objects.create_superuser("chef", password="x")
    services.admin_adjust(admin=admin, user=player, amount=-200, reason="Fehlbuchung", key="n1")
    services.admin_adjust(admin=admin, user=player, amount=-200, reason="Fehlbuchung", key="n1")
    entry = LedgerEntry.objects.get(kind="verwaltung")
    assert entry.admin == admin and "Fehlbuchung" in entry.reason and "chef" in entry.reason
    assert balance(player) == 800
    with pytest.raises(services.TalerError):
        services.admin_adjust(admin=admin, user=player, amount=-5000, reason="zu viel", key="n2")
    with pytest.raises(services.TalerError):
        services.admin_adjust(admin=admin, user=player, amount=5, reason="  ", key="n3")
    assert balance(player) == 800
