"""A table connection sends a log's new lines only once the page has the older ones (lobby/runtime/log_append.py);
a fresh connection and a forced render send the whole log."""

from __future__ import annotations

import json
import re

import pytest
from channels.db import database_sync_to_async

from games.core import registry
from lobby.models import Match
from lobby.runtime import rendering, snapshot
from tests.games.kleister.test_consumer import make_live_table
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ENGINE = registry.engine("kleister")


def log_element(message: str) -> str:
    found = re.search(r'<ol (?:hx-swap-oob="true" )?id="kl-log".*?</ol>', message)
    assert found, message
    return found.group(0)


def lines(html: str) -> list[str]:
    return re.findall(r"<li[^>]*>.*?</li>", html)


def shown_after(page: list[str], message: str) -> list[str]:
    """What table.js and htmx make of the page's log lines (newest first) with this message."""
    element = log_element(message)
    if 'hx-swap-oob="true"' in element:
        return lines(element)
    keep = int(re.search(r'data-keep="(\d+)"', element).group(1))
    new = lines(element)
    return new + page[: keep - len(new)]


def current_log(match_id: int, seat: int) -> list[str]:
    snap = snapshot.current_for_table(Match.objects.get(pk=match_id).table_id)
    return lines(rendering.render(snap, seat)["kl-log"])


async def move(conns, match_id: int) -> None:
    match = await database_sync_to_async(Match.objects.get)(pk=match_id)
    state = ENGINE.load(match.state)
    action = ENGINE.legal_actions(state, state.active)[0]
    await conns[state.active].send_to(text_data=json.dumps({"action": json.dumps(action), "version": match.version}))


async def test_a_move_sends_the_new_log_lines_only_and_a_new_connection_the_whole_log():
    table, users, match = await database_sync_to_async(make_live_table)()
    conns = [await connect(table.pk, users[0]), await connect(table.pk, users[1])]
    pages = [lines(log_element(await conn.receive_from())) for conn in conns]
    for turn in range(4):
        await move(conns, match.pk)
        for seat, conn in enumerate(conns):
            message = await receive_until(conn, 'id="kl-log"')
            pages[seat] = shown_after(pages[seat], message)
            assert pages[seat] == await database_sync_to_async(current_log)(match.pk, seat)
            if turn:  # the page had lines: only the new ones come
                element = log_element(message)
                assert 'hx-swap-oob="afterbegin"' in element and len(lines(element)) < len(pages[seat])
    # a reconnect: the whole log
    await conns[0].disconnect()
    conns[0] = await connect(table.pk, users[0])
    element = log_element(await conns[0].receive_from())
    assert 'hx-swap-oob="true"' in element and lines(element) == pages[0] and len(pages[0]) > 1
    # a move for a version the table does not know: refused, and the page gets everything again
    await conns[1].send_to(text_data=json.dumps({"action": json.dumps({"type": "x"}), "version": 99}))
    element = log_element(await receive_until(conns[1], 'id="kl-log"'))
    assert 'hx-swap-oob="true"' in element and lines(element) == pages[1]
    for conn in conns:
        await conn.disconnect()
