"""A server dies between start and end: nothing is lost, nothing is paid twice."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.db import connection

from accounts import selectors as wallets
from accounts.models import LedgerEntry, Wallet
from lobby import settlement
from lobby.models import Match, Table
from tests.lobby.conftest import finish_randomly

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]

START_AND_DIE = textwrap.dedent(
    """
    import os, django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import get_user_model
    from lobby import services
    users = get_user_model().objects.filter(username__in=["grete", "paul"]).order_by("username")
    grete, paul = list(users)
    table = services.open_table(host=grete, game="kleister", places=2, options={"spielart": "kurz"},
                                clock_seconds=120, bot_level="leicht", stake=100, fill_computers=False)
    services.join_table(table_id=table.pk, user=paul)   # full: the game starts, stakes are debited
    os._exit(9)                                          # the process dies mid-game
    """
)


def database_url() -> str:
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    return os.environ["DATABASE_URL"].rsplit("/", 1)[0] + f"/{name}"


def test_kill_between_start_and_end_then_restart_and_finish(players):
    env = {**os.environ, "DATABASE_URL": database_url(), "COMPUTER_DISPATCH": "inline"}
    died = subprocess.run([sys.executable, "-c", START_AND_DIE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert died.returncode == 9, died.stderr
    grete, paul = players[0], players[1]
    # after the "restart": the stakes were taken exactly once, the game is there
    table = Table.objects.get()
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.PLAYING
    assert Wallet.objects.get(user=grete).balance == Wallet.objects.get(user=paul).balance == 900
    match = finish_randomly(match)
    pot = LedgerEntry.objects.filter(kind__in=["gewinn", "erstattung"], table_id=table.pk)
    assert sum(e.amount for e in pot) == 200
    settlement.settle(match)  # replayed settlement: no second payout
    assert sum(e.amount for e in LedgerEntry.objects.filter(kind="gewinn", table_id=table.pk)) == 200
    total = Wallet.objects.get(user=grete).balance + Wallet.objects.get(user=paul).balance
    assert total == 2000
    for user in (grete, paul):
        assert wallets.ledger_sum(user) == Wallet.objects.get(user=user).balance
