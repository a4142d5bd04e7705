"""Committed page actions never turn into errors; the last move racing "Partie verlassen" never deadlocks."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import close_old_connections, connection
from django.test import Client

from games.core.protocol import IllegalAction
from games.kleister import engine
from lobby import services
from lobby.models import Match, Table
from lobby.runtime import actions, notify

pytestmark = pytest.mark.django_db(transaction=True)


def test_page_actions_stay_committed_when_the_notification_fails(players, monkeypatch):
    def fail(**kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionError("Redis is gone")

    monkeypatch.setattr(notify, "table_changed", fail)
    monkeypatch.setattr(notify, "lobby_changed", fail)
    host, guest = Client(), Client()
    host.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    guest.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    data = {"kleister-places": "3", "kleister-clock": "ohne", "kleister-bot_level": "leicht", "kleister-stake": "0"}
    data.update({"kleister-spielart": "kurz", "kleister-buersten": "5", "kleister-karren": "6"})
    assert host.post("/tische/neu/kleister/", data).status_code == 302
    table = Table.objects.get(host=players[0])
    assert guest.post(f"/tisch/{table.pk}/platz/").status_code == 302
    assert table.seats.count() == 2


def race(*steps: Callable[[], None]) -> list[BaseException]:
    """Run ``steps`` in threads released at the same moment; refusals are fine, errors are returned."""
    barrier = threading.Barrier(len(steps))
    errors: list[BaseException] = []

    def run(step: Callable[[], None]) -> None:
        try:
            barrier.wait()
            step()
        except IllegalAction:
            pass
        except BaseException as error:  # noqa: BLE001 - reported to the test
            errors.append(error)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=run, args=(step,)) for step in steps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_the_last_move_racing_partie_verlassen_never_deadlocks(players):
    if connection.vendor != "postgresql":
        pytest.skip("row-lock deadlocks need PostgreSQL")
    for round_ in range(6):
        table = services.open_table(
            host=players[0],
            game="kleister",
            places=3,
            options={"spielart": "kurz"},
            clock_seconds=None,
            bot_level="leicht",
            stake=0,
            fill_computers=False,
        )
        for user in players[1:3]:
            services.join_table(table_id=table.pk, user=user)
        match = Match.objects.get(table=table)
        state = engine.load(match.state)
        seat = engine.to_move(state)[0]
        action = engine.legal_actions(state, seat)[0]
        leaver = players[(seat + 1) % 3]
        errors = race(
            lambda m=match, s=seat, a=action: actions.submit(
                match_id=m.pk, seat=s, action=a, expected_version=m.version
            ),
            lambda t=table, u=leaver: services.leave_match(table_id=t.pk, user=u),
        )
        assert errors == [], f"round {round_}: {errors}"
