"""A move after this process's own last move uses the kept row and state (lobby/runtime/hot.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.core.protocol import IllegalAction
from lobby.models import ActionRecord, Match
from lobby.runtime import actions, hot

pytestmark = pytest.mark.django_db(transaction=True)


def pick(match: Match, seat: int, n: int, version: int) -> actions.Outcome:
    return actions.submit(match_id=match.pk, seat=seat, action={"type": "pick", "n": n}, expected_version=version)


def match_reads(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT") and "lobby_match" in q["sql"]]


def test_a_move_after_our_own_reads_no_match_row_and_writes_one_update(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    pick(match, 0, 2, 0)  # the first move reads the row; the committed row is kept
    with CaptureQueriesContext(connection) as queries:
        pick(match, 1, 3, 1)
    assert match_reads(queries) == []
    updates = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE") and "lobby_match" in q["sql"]
    ]
    assert len(updates) == 1 and "version" in updates[0].split("WHERE")[1]  # conditional on the kept version
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 2 and stored.state["revealed"] == [[2, 3]]
    assert list(ActionRecord.objects.filter(match=match).values_list("version", flat=True)) == [1, 2]


def test_another_writer_in_between_is_noticed_and_the_move_is_decided_on_the_locked_row(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    pick(match, 0, 2, 0)
    # Someone else (another process, a worker) wrote version 2: seat 1 picked 1.
    other = Match.objects.get(pk=match.pk)
    other.state = {**other.state, "picks": [2, 1]}
    other.version = 2
    other.save(update_fields=["state", "version"])
    # The kept copy (version 1) would let seat 1 pick; the row says it already did.
    with pytest.raises(IllegalAction) as error:
        pick(match, 1, 3, 1)
    assert error.value.message == "Du bist gerade nicht dran."
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 2 and stored.state["picks"] == [2, 1]


def test_a_stale_copy_never_overwrites_a_newer_row(make_table):
    match = actions.start_match(table=make_table(humans=3), seed=1)
    pick(match, 0, 2, 0)
    other = Match.objects.get(pk=match.pk)
    other.state = {**other.state, "picks": [2, 1, None]}
    other.version = 2
    other.save(update_fields=["state", "version"])
    outcome = pick(match, 2, 3, 1)  # seat 2's own decision is unchanged since version 1
    assert outcome.version == 3
    stored = Match.objects.get(pk=match.pk)
    assert stored.state["revealed"] == [[2, 1, 3]]  # seat 1's pick from the other writer is kept


def test_a_match_ended_behind_our_back_refuses_the_move(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    pick(match, 0, 2, 0)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)  # no new version
    with pytest.raises(IllegalAction) as error:
        pick(match, 1, 3, 1)
    assert error.value.message == "Die Partie ist schon vorbei."
    assert Match.objects.get(pk=match.pk).version == 1


def test_a_failed_move_keeps_nothing(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    pick(match, 0, 2, 0)
    with pytest.raises(IllegalAction):
        actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 7}, expected_version=1)
    assert hot.take(match.pk) is None
    pick(match, 1, 3, 1)  # and the next move still works, from the locked row
    assert Match.objects.get(pk=match.pk).version == 2


def test_the_last_move_settles_on_the_locked_row(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    version = 0
    for _round in range(3):
        pick(match, 0, 2, version)
        version = pick(match, 1, 3, version).version
    stored = Match.objects.get(pk=match.pk)
    assert stored.status == Match.Status.FINISHED and stored.result is not None
    assert hot.take(match.pk) is None  # a finished match is not kept
