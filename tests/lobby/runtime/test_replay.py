"""Replay reads the match and its action log as of one moment."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from accounts import services as accounts
from games.core import registry
from lobby import services
from lobby.models import ActionRecord, Match
from lobby.runtime import actions
from lobby.runtime.replay import replay_match

pytestmark = pytest.mark.django_db(transaction=True)


def human_move(match: Match) -> None:
    engine = registry.engine(match.game)
    state = engine.load(match.state)
    assert engine.to_move(state) == [0]
    action = engine.legal_actions(state, 0)[0]
    actions.submit(match_id=match.pk, seat=0, action=action, expected_version=match.version)


def test_replay_of_a_running_table_agrees_although_moves_came_after_the_match_was_loaded():
    """`manage.py replay` loads the matches first; moves made meanwhile must not make it report a mismatch."""
    guest = accounts.create_guest()
    table = services.create_solo_table(
        user=guest, game="kleister", options={"spielart": "kurz", "karren": 4}, computers=["leicht"]
    )
    loaded = Match.objects.get(table=table)
    while registry.engine("kleister").to_move(registry.engine("kleister").load(loaded.state)) != [0]:
        loaded.refresh_from_db()
    human_move(loaded)  # the human moves, the computer answers: the log grows after `loaded` was read
    assert ActionRecord.objects.filter(match=loaded).count() > loaded.version

    result = replay_match(loaded)

    assert result.matches, result.detail
    assert result.detail == "Zustand stimmt überein"
    assert result.actions == ActionRecord.objects.filter(match=loaded).count()


def test_replay_waits_for_an_action_that_is_being_committed():
    """A move holding the match row (as `submit` does) is waited for, so match and log are read after it."""
    guest = accounts.create_guest()
    table = services.create_solo_table(user=guest, game="kleister", options={"spielart": "kurz"}, computers=["leicht"])
    match = Match.objects.get(table=table)
    locked = threading.Event()

    def writer() -> None:
        try:
            with transaction.atomic():
                Match.objects.select_for_update().get(pk=match.pk)
                locked.set()
                time.sleep(1.0)
        finally:
            connection.close()

    thread = threading.Thread(target=writer)
    thread.start()
    assert locked.wait(10)
    started = time.monotonic()
    result = replay_match(match)
    waited = time.monotonic() - started
    thread.join()
    assert result.matches
    assert waited >= 0.8, f"replay read while a writer held the match row ({waited:.2f} s)"
