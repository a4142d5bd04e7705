"""The move's two statements as plain SQL (lobby/runtime/writes.py): stored exactly as the ORM stores them."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from lobby.models import ActionRecord, Match
from lobby.runtime import actions, writes

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_row_is_written_only_at_the_named_version(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    match.state = {**match.state, "picks": [3, None], "note": "Zähler ü"}
    match.deadline = timezone.now()
    match.decisions = [{"since": 0, "acted": None}, {"since": None}]
    match.version = 1
    assert writes.update_if_at(match, ["state", "version", "deadline", "decisions"], 5) is False
    assert Match.objects.get(pk=match.pk).version == 0  # not at version 5: nothing written
    assert writes.update_if_at(match, ["state", "version", "deadline", "decisions"], 0) is True
    stored = Match.objects.get(pk=match.pk)
    assert (stored.version, stored.state, stored.decisions) == (1, match.state, match.decisions)
    assert stored.deadline == match.deadline


def test_a_finished_row_is_never_written(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    match.version = 1
    assert writes.update_if_at(match, ["version"], 0) is False


def test_the_record_reads_back_as_written_and_a_second_one_for_the_version_is_refused(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    match.version = 1
    events = [{"type": "pick", "text": "spieler0 nimmt 2 – „gut“"}]
    writes.record_action(match, seat=0, action={"type": "pick", "n": 2}, by_bot=True, events=events)
    record = ActionRecord.objects.get(match=match, version=1)
    assert (record.seat, record.action, record.by_bot, record.system, record.events) == (
        0,
        {"type": "pick", "n": 2},
        True,
        False,
        events,
    )
    assert record.created is not None and timezone.is_aware(record.created)
    with pytest.raises(IntegrityError), transaction.atomic():
        writes.record_action(match, seat=1, action={"type": "pick", "n": 1}, by_bot=False, events=[])
