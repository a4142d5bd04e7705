"""The table must not stall: the follow-ups after a commit are independent of each other."""

from __future__ import annotations

import pytest

from lobby.models import ActionRecord
from lobby.runtime import actions, notify

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_failing_notification_does_not_stop_the_computers(make_table, monkeypatch):
    def fail(**kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionError("Redis is gone")

    monkeypatch.setattr(notify, "table_changed", fail)
    match = actions.start_match(table=make_table(humans=1, computers=2), seed=5)
    outcome = actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 3}, expected_version=2)
    assert outcome.version == 3
    # both computers moved at the start and again after the human, although every notify failed
    assert ActionRecord.objects.filter(match=match, by_bot=True).count() == 4
