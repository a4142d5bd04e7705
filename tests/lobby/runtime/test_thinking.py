"""Every seat sees which computer thinks and since when (issue 16: "Strahl überlegt … 0,6 s")."""

from __future__ import annotations

import re

import pytest

from lobby.models import Match
from lobby.runtime import actions, dispatch, rendering, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def computers_wait(monkeypatch):  # type: ignore[no-untyped-def]
    """The computers' tasks are not run: the computer stays to move."""
    monkeypatch.setattr(dispatch, "schedule_computer", lambda **kwargs: False)


def bar(table_id: int, seat: int | None) -> str:
    return rendering.render(snapshot.current_for_table(table_id, fresh=True), seat)["tbl-bar"]


def test_every_seat_sees_the_thinking_computer_with_the_time_it_was_asked(make_table, computers_wait):
    table = make_table(humans=1, computers=1)
    match = actions.start_match(table=table, seed=1)
    asked = Match.objects.get(pk=match.pk).decisions[1]["asked"]
    for seat in (0, None):
        html = bar(table.pk, seat)
        thinking = re.findall(r'class="tbl-thinking" data-since="([\d.]+)"[^>]*data-seat="(\d)"', html)
        assert thinking == [(str(asked), "1")]
        assert "Computer 1 überlegt" in html


def test_no_one_thinks_once_the_computer_has_acted(make_table, computers_wait):
    table = make_table(humans=1, computers=1)
    match = actions.start_match(table=table, seed=1)
    actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 1}, expected_version=0, by_bot=True)
    assert "tbl-thinking" not in bar(table.pk, 0)  # the human's pick is awaited, not a computer's
