"""Closing a waiting room (lobby.moderation.close_table): the held stakes go back, and the players' open
waiting-room pages should show the new balance at once (as the table page does after a running game)."""

from __future__ import annotations

import pytest

from lobby import moderation
from lobby.consumers import render_room
from lobby.models import Table
from tests.lobby.test_live import balance, open_kleister

pytestmark = pytest.mark.django_db


def test_closing_a_waiting_room_gives_the_held_stakes_back(chef, grete):
    table = open_kleister(grete, places=3, stake=10)
    assert balance(grete) == 990
    closed = moderation.close_table(table_id=table.pk, reason="leer", by=chef)
    assert closed.refunds == {"grete": 10} and closed.match_id is None
    assert balance(grete) == 1000 and Table.objects.get(pk=table.pk).status == Table.Status.CLOSED


def test_the_waiting_room_page_gets_the_new_balance_when_the_table_is_closed(chef, grete):
    table = open_kleister(grete, places=3, stake=10)
    moderation.close_table(table_id=table.pk, reason="leer", by=chef)
    html = render_room(table.pk, grete)
    assert 'id="header-balance"' in html and "1.000 Taler" in html
