"""The strong computer's time budget: scaled by SEARCH_TIME_FACTOR, spent on the search pool or a
Celery worker, never in the web process's event loop or a consumer's database thread."""

from __future__ import annotations

import threading
import time

import pytest

from accounts import services as accounts
from games.core import search
from games.kleister import bots as kleister_bots
from games.kleister import engine as kleister_engine
from lobby.models import ActionRecord, Seat, Table
from lobby.runtime import actions, computers, dispatch

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def stark_spy(monkeypatch):  # type: ignore[no-untyped-def]
    """Kleister's stark, recording the budget it got and the thread it ran on (and thinking briefly)."""
    calls: list[dict] = []
    original = kleister_bots.BOTS["stark"]

    def spy(view, legal, rng, **kwargs):  # type: ignore[no-untyped-def]
        calls.append({"budget": kwargs.get("budget"), "thread": threading.current_thread().name})
        return original(view, legal, rng, budget=20)

    monkeypatch.setitem(kleister_bots.BOTS, "stark", spy)
    return calls


def _stark_table() -> tuple[Table, int]:
    """A Speedkleister table (one human, one stark computer) and a seed where the computer begins."""
    user = accounts.register_user(username="grete", password="Kleister-1929!")
    table = Table.objects.create(game="kleister", kind="live", places=2, host=user)
    Seat.objects.create(table=table, index=0, user=user, name="grete")
    Seat.objects.create(table=table, index=1, bot_level="stark", name="Strahl")
    names = {"names": ["grete", "Strahl"]}
    seed = next(
        s
        for s in range(100)
        if kleister_engine.to_move(kleister_engine.new_game(seed=s, players=2, options=names)) == [1]
    )
    return table, seed


def test_the_strong_computer_gets_the_time_budget_scaled_by_the_setting(settings, stark_spy):
    settings.SEARCH_TIME_FACTOR = 0.25
    table, seed = _stark_table()
    actions.start_match(table=table, seed=seed)  # inline in tests: the computer moves right away
    assert stark_spy[0]["budget"] == search.Budget(seconds=0.2)
    assert computers.search_budget() == search.Budget(seconds=search.DEFAULT_SECONDS * 0.25)


def test_embedded_the_search_runs_on_the_search_pool(settings, stark_spy):
    settings.COMPUTER_DISPATCH = "auto"
    settings.CELERY_TASK_ALWAYS_EAGER = True
    table, seed = _stark_table()
    match = actions.start_match(table=table, seed=seed)
    for _ in range(200):  # the pool thread moves after the (zero) Tempo delay
        if ActionRecord.objects.filter(match=match, by_bot=True).exists():
            break
        time.sleep(0.05)
    assert ActionRecord.objects.filter(match=match, by_bot=True).exists()
    assert stark_spy and stark_spy[0]["thread"].startswith("computer")
    assert stark_spy[0]["thread"] != threading.current_thread().name


def test_distributed_the_decision_is_sent_to_celery(settings, stark_spy, monkeypatch):
    settings.COMPUTER_DISPATCH = "auto"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[tuple] = []
    monkeypatch.setattr(dispatch.current_app, "send_task", lambda name, **kw: sent.append((name, kw["args"])))
    table, seed = _stark_table()
    match = actions.start_match(table=table, seed=seed)
    assert sent == [(dispatch.COMPUTER_MOVE, (match.pk, 1, 0))]
    assert stark_spy == []  # nothing searched in this (the web) process
