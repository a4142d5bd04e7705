"""The Turbo button (lobby/turbo.py): on and off at the player's own solo table with computers."""

from __future__ import annotations

import pytest

from accounts import services as accounts
from games.core import registry
from games.core.protocol import IllegalAction
from lobby import services, turbo
from lobby.models import ActionRecord, Match, Table
from lobby.runtime import actions, dispatch

pytestmark = pytest.mark.django_db(transaction=True)


def burg_table(user, tempo: str = "schnell") -> Table:  # type: ignore[no-untyped-def]
    return services.create_solo_table(user=user, game="burg", options={}, computers=["leicht", "leicht"], tempo=tempo)


def current(table: Table) -> Match:
    return Match.objects.filter(table=table).order_by("-number").get()


def test_turbo_on_and_off_keeps_the_chosen_tempo_and_logs_each_switch(grete):
    table = burg_table(grete)
    before = current(table).version
    version = turbo.switch(table_id=table.pk, user_id=grete.pk, on=True)
    table.refresh_from_db()
    assert version == before + 1 == current(table).version
    assert table.options["tempo"] == "turbo" and table.options[turbo.BASE_TEMPO] == "schnell"
    event = ActionRecord.objects.get(match=current(table), version=version).events[0]
    assert event["type"] == "turbo" and event["text"] == "Turbo an: die Computer ziehen schneller."
    assert turbo.switch(table_id=table.pk, user_id=grete.pk, on=True) is None  # already on: nothing happens
    assert current(table).version == version
    turbo.switch(table_id=table.pk, user_id=grete.pk, on=False)
    table.refresh_from_db()
    assert table.options["tempo"] == "schnell" and turbo.BASE_TEMPO not in table.options
    assert current(table).version == version + 1


def test_the_computers_are_asked_with_the_turbo_delay(grete, monkeypatch, settings):
    settings.TABLE_TEMPO_FACTOR = 1
    table = burg_table(grete, tempo="normal")
    asked = []
    monkeypatch.setattr(dispatch, "schedule_computer", lambda **kw: asked.append(kw["delay"]) or True)
    turbo.switch(table_id=table.pk, user_id=grete.pk, on=True)
    spec = registry.spec("burg")
    for _ in range(20):  # the player moves until a computer is asked (the patched dispatch lets none move)
        match = current(table)
        state = spec.engine.load(match.state)
        if asked or 0 not in spec.engine.to_move(state):
            break
        actions.submit(
            match_id=match.pk, seat=0, action=spec.engine.legal_actions(state, 0)[0], expected_version=match.version
        )
    assert asked and set(asked) == {dispatch.tempo_delay("turbo")} and dispatch.tempo_delay("turbo") < 0.5


@pytest.mark.parametrize(
    "case, message",
    [
        ("live", "nur in einer Partie allein gegen Computer"),
        ("kleister", "Dieses Spiel hat keinen Turbo"),
        ("stranger", "sitzt nicht an diesem Tisch"),
        ("finished", "keine Partie"),
    ],
)
def test_turbo_is_refused_where_there_is_none_and_changes_nothing(grete, case, message):
    other = accounts.register_user(username="hilde", password="Kleister-1929!")
    if case == "kleister":  # no Turbo in Speedkleister's rule text
        table = services.create_solo_table(user=grete, game="kleister", options={}, computers=["leicht"])
    else:
        table = burg_table(grete)
    if case == "live":
        Table.objects.filter(pk=table.pk).update(kind=Table.Kind.LIVE)
    if case == "finished":
        Match.objects.filter(table=table).update(status=Match.Status.FINISHED)
    user = other if case == "stranger" else grete
    version, options = current(table).version, Table.objects.get(pk=table.pk).options
    with pytest.raises(IllegalAction, match=message):
        turbo.switch(table_id=table.pk, user_id=user.pk, on=True)
    assert current(table).version == version and Table.objects.get(pk=table.pk).options == options


@pytest.mark.asyncio
async def test_the_turbo_button_switches_over_the_socket_and_every_page_sees_it(grete):
    from channels.db import database_sync_to_async

    from tests.lobby.runtime.test_consumer import connect, receive_until

    table = await database_sync_to_async(burg_table)(grete)
    page = await connect(table.pk, grete)
    first = await page.receive_from()
    assert 'data-testid="turbo"' in first and 'aria-pressed="false"' in first
    await page.send_json_to({"turbo": "an"})
    bar = await receive_until(page, 'id="tbl-bar"')
    assert 'aria-pressed="true"' in bar and 'name="turbo" value="aus"' in bar
    await page.send_json_to({"turbo": "volle Kraft"})
    assert "Turbo ist an oder aus" in await receive_until(page, "table-error")
    assert (await database_sync_to_async(Table.objects.get)(pk=table.pk)).options["tempo"] == "turbo"
    await page.disconnect()
