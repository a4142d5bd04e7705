"""Many stakes on one wallet from parallel connections: no overdraft, ledger = balance."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, connections

from accounts import selectors, services
from accounts.models import Wallet


@pytest.mark.django_db(transaction=True)
def test_parallel_stakes_never_overdraw():
    player = services.register_user(username="viel", password="Kleister-1929!")

    def stake(i: int) -> bool:
        try:
            services.place_stake(user=player, amount=30, table_id=i, key=f"stake:{i}")
            return True
        except services.TalerError:
            return False
        finally:
            connections.close_all()

    # 60 stakes of 30 against 1000 Taler: exactly 33 can succeed.
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(stake, range(60)))
    wallet = Wallet.objects.get(user=player)
    assert sum(results) == 33
    assert wallet.balance == 1000 - 33 * 30 == 10
    assert selectors.ledger_sum(player) == wallet.balance
    assert connection.vendor in {"postgresql", "sqlite"}


@pytest.mark.django_db(transaction=True)
def test_parallel_duplicate_payout_books_once():
    player = services.register_user(username="doppelt", password="Kleister-1929!")

    def pay(_: int) -> bool:
        try:
            return services.pay_out(user=player, amount=100, table_id=1, key="pot:1").created
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=8) as pool:
        created = list(pool.map(pay, range(16)))
    assert sum(created) == 1
    assert Wallet.objects.get(user=player).balance == 1100
