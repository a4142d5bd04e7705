"""A computer decision is scheduled once, however many pages connect; a lost task is asked again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from lobby.models import ActionRecord
from lobby.runtime import actions, deadlines, dispatch

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch):  # type: ignore[no-untyped-def]
    """Record computer tasks instead of running them (a task that gets lost on its way)."""
    tasks: list[tuple[int, int, int]] = []
    monkeypatch.setattr(dispatch, "_run_inline", lambda *args: tasks.append(args))
    return tasks


def test_ten_connects_schedule_one_computer_task(make_table, sent):
    match = actions.start_match(table=make_table(humans=1, computers=1), seed=3)
    assert sent == [(match.pk, 1, 0)]
    for _ in range(10):  # every connect, reload or spectator asks again
        dispatch.schedule_computers(match_id=match.pk)
    assert sent == [(match.pk, 1, 0)]


def test_a_lost_computer_task_is_asked_again_by_the_periodic_job(make_table, sent, monkeypatch):
    match = actions.start_match(table=make_table(humans=1, computers=1), seed=3)
    assert len(sent) == 1  # ... and lost
    now = timezone.now()
    assert dispatch.reschedule_stale(now=(now + timedelta(seconds=5)).timestamp()) == 0  # too early
    cache.clear()  # the claim has expired (CLAIM_SECONDS < STALE_SECONDS)
    assert dispatch.reschedule_stale(now=(now + timedelta(seconds=31)).timestamp()) == 1
    assert sent[-1] == (match.pk, 1, 0)
    monkeypatch.undo()
    cache.clear()
    assert dispatch.reschedule_stale(now=(now + timedelta(seconds=62)).timestamp()) == 1
    assert ActionRecord.objects.filter(match=match, by_bot=True).count() == 1  # it moved, exactly once


def test_the_periodic_job_leaves_humans_and_fresh_computer_turns_alone(make_table, sent):
    actions.start_match(table=make_table(humans=2), seed=3)
    later = (deadlines.now() + timedelta(hours=1)).timestamp()
    assert dispatch.reschedule_stale(now=later) == 0
    assert sent == []
