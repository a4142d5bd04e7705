"""Table admin (German): read-only tables and games, "Tisch schließen" refunds every stake exactly once."""

from __future__ import annotations

import pytest

from accounts.models import LedgerEntry
from games.core.protocol import IllegalAction
from lobby import services, settlement
from lobby.models import ActionRecord, ChatMessage, Match, Seat, Table
from lobby.runtime import idle
from moderation.models import AuditRecord
from tests.lobby.test_live import balance, open_kleister

pytestmark = pytest.mark.django_db(transaction=True)

REASON = "Tisch hängt, Spieler melden einen Fehler"


def close(admin_client, table_ids, reason=REASON, url="/admin/lobby/table/"):  # type: ignore[no-untyped-def]
    data = {"action": "close_tables", "_selected_action": table_ids, "apply": "1", "reason": reason}
    return admin_client.post(url, data, follow=True)


def refunds(table: Table) -> int:
    return LedgerEntry.objects.filter(kind="erstattung", table_id=table.pk).count()


def test_closing_a_running_staked_game_refunds_every_stake_once_and_is_audited(admin_client, chef, players):
    table = open_kleister(players[0], places=2, stake=25)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    assert balance(players[0]) == balance(players[1]) == 975

    page = close(admin_client, [table.pk]).content.decode()
    assert f"Tisch {table.pk} geschlossen." in page
    match.refresh_from_db()
    table.refresh_from_db()
    assert match.status == Match.Status.ABORTED and match.result is None  # no scoring, no manual result
    assert table.status == Table.Status.CLOSED
    assert balance(players[0]) == balance(players[1]) == 1000
    assert refunds(table) == 2
    # the players' pages learn it from the log line and their new balance
    event = ActionRecord.objects.get(match=match, system=True).events[0]
    assert "Ein Admin hat diesen Tisch geschlossen" in event["text"] and "Einsätze gehen zurück" in event["text"]
    assert [p["balance"] for p in match.players] == [1000, 1000]
    record = AuditRecord.objects.get(action="tisch_schliessen")
    assert record.actor == chef and record.reason == REASON and record.target_id == str(table.pk)
    assert record.details["erstattet"] == {"grete": 25, "paul": 25}

    # a second close is refused with a German message; nothing is booked twice, by no path
    page = close(admin_client, [table.pk]).content.decode()
    assert "ist schon geschlossen" in page
    settlement.refund_stakes(match)
    assert idle.abort_idle_matches() == 0
    assert refunds(table) == 2 and balance(players[0]) == 1000
    assert AuditRecord.objects.filter(action="tisch_schliessen").count() == 1


def test_closing_a_waiting_room_gives_held_stakes_back_and_nobody_sits_again(admin_client, players):
    table = open_kleister(players[0], places=3, stake=25)
    services.join_table(table_id=table.pk, user=players[1])
    assert balance(players[0]) == balance(players[1]) == 975
    close(admin_client, [table.pk])
    assert balance(players[0]) == balance(players[1]) == 1000
    assert refunds(table) == 2
    assert not Seat.objects.filter(table=table).exclude(hold_key="").exists()
    for attempt in (services.join_table, services.play_again, services.start_table):
        with pytest.raises(IllegalAction, match="geschlossen"):
            attempt(table_id=table.pk, user=players[2] if attempt is services.join_table else players[0])
    assert balance(players[0]) == 1000 and balance(players[2]) == 1000


def test_closing_from_a_games_list_and_from_the_tables_own_page(admin_client, players):
    first = open_kleister(players[0], places=2)
    services.join_table(table_id=first.pk, user=players[1])
    match = Match.objects.get(table=first)
    data = {"action": "close_tables", "_selected_action": [match.pk], "apply": "1", "reason": "Streit"}
    admin_client.post("/admin/lobby/match/", data)
    assert Table.objects.get(pk=first.pk).status == Table.Status.CLOSED

    second = open_kleister(players[2], places=2)
    page = admin_client.get(f"/admin/lobby/table/{second.pk}/change/").content.decode()
    assert f"/admin/lobby/table/{second.pk}/schliessen/" in page
    form = admin_client.get(f"/admin/lobby/table/{second.pk}/schliessen/").content.decode()
    assert "Grund" in form
    admin_client.post(f"/admin/lobby/table/{second.pk}/schliessen/", {"reason": "leer"})
    assert Table.objects.get(pk=second.pk).status == Table.Status.CLOSED
    assert AuditRecord.objects.filter(action="tisch_schliessen").count() == 2


def test_closing_without_a_reason_asks_for_one_and_changes_nothing(admin_client, players):
    table = open_kleister(players[0], places=2, stake=10)
    services.join_table(table_id=table.pk, user=players[1])
    page = close(admin_client, [table.pk], reason="   ").content.decode()
    assert "Bitte einen Grund angeben." in page
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
    assert balance(players[0]) == 990 and not AuditRecord.objects.exists()
    page = admin_client.post(f"/admin/lobby/table/{table.pk}/schliessen/", {"reason": ""}).content.decode()
    assert "Bitte einen Grund angeben." in page
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


def test_tables_and_games_are_read_only_and_offer_no_manual_result(admin_client, players):
    table = open_kleister(players[0], places=2)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    ChatMessage.objects.create(table=table, user=players[0], name="grete", text="<b>Hallo</b>")

    listing = admin_client.get("/admin/lobby/table/?q=paul").content.decode()
    assert "Tische" in listing and "grete, paul" in listing
    assert "/admin/lobby/table/add/" not in listing
    page = admin_client.get(f"/admin/lobby/table/{table.pk}/change/").content.decode()
    assert "Stand je Platz" in page and "Platz 1: grete" in page and "Zuschauer" in page
    assert "Chat" in page and "&lt;b&gt;Hallo&lt;/b&gt;" in page and "<b>Hallo</b>" not in page
    match_page = admin_client.get(f"/admin/lobby/match/{match.pk}/change/").content.decode()
    assert "Verlauf" in match_page and 'name="result"' not in match_page
    assert "werten" not in match_page.lower()
    for url in ("/admin/lobby/table/add/", "/admin/lobby/match/add/", f"/admin/lobby/match/{match.pk}/delete/"):
        assert admin_client.get(url).status_code == 403
    admin_client.post(f"/admin/lobby/match/{match.pk}/change/", {"status": "finished", "result": "{}"})
    assert Match.objects.get(pk=match.pk).status == Match.Status.PLAYING
    actions = admin_client.get("/admin/lobby/match/").context["action_form"].fields["action"].choices
    assert [name for name, _label in actions if name] == ["close_tables"]


def test_a_players_tables_and_games_are_linked_from_the_player(admin_client, players):
    mine = open_kleister(players[0], places=2)
    services.join_table(table_id=mine.pk, user=players[1])
    other = open_kleister(players[2], places=2)
    user_page = admin_client.get(f"/admin/accounts/user/{players[1].pk}/change/").content.decode()
    assert f"/admin/lobby/table/?spieler={players[1].pk}" in user_page
    tables = admin_client.get(f"/admin/lobby/table/?spieler={players[1].pk}")
    assert [t.pk for t in tables.context["cl"].result_list] == [mine.pk]
    assert other.pk not in [t.pk for t in tables.context["cl"].result_list]
    games = admin_client.get(f"/admin/lobby/match/?spieler={players[1].pk}")
    assert [m.table_id for m in games.context["cl"].result_list] == [mine.pk]
    assert admin_client.get(f"/admin/lobby/chatmessage/?user__id__exact={players[1].pk}").status_code == 200
    assert (
        admin_client.get(f"/admin/moderation/auditrecord/?target_type=Spieler&target_id={players[1].pk}").status_code
        == 200
    )


def test_viewing_alone_does_not_allow_closing(client, django_user_model, players):
    from django.contrib.auth.models import Permission

    viewer = django_user_model.objects.create_user("leser", password="Leser-Passwort-1", is_staff=True)
    viewer.user_permissions.add(*Permission.objects.filter(codename__in=["view_table", "view_match"]))
    client.force_login(viewer, backend="django.contrib.auth.backends.ModelBackend")
    table = open_kleister(players[0], places=2, stake=10)
    services.join_table(table_id=table.pk, user=players[1])
    listing = client.get("/admin/lobby/table/")
    assert listing.status_code == 200 and "close_tables" not in listing.content.decode()
    page = client.get(f"/admin/lobby/table/{table.pk}/change/").content.decode()
    assert "/schliessen/" not in page
    assert client.get(f"/admin/lobby/table/{table.pk}/schliessen/").status_code == 403
    client.post(f"/admin/lobby/table/{table.pk}/schliessen/", {"reason": "x"})
    close(client, [table.pk])
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING and balance(players[0]) == 990


def test_closing_from_the_tables_page_names_the_refunds_like_the_list(admin_client, players):
    table = open_kleister(players[0], places=2, stake=10)
    services.join_table(table_id=table.pk, user=players[1])
    form = admin_client.get(f"/admin/lobby/table/{table.pk}/schliessen/").content.decode()
    assert form.count("<h1>") == 1 and form.count("<h1>Tisch schließen</h1>") == 1  # the heading once
    listed = admin_client.post("/admin/lobby/table/", {"action": "close_tables", "_selected_action": [table.pk]})
    assert listed.content.decode().count("<h1>") == 1
    page = admin_client.post(f"/admin/lobby/table/{table.pk}/schliessen/", {"reason": "leer"}, follow=True)
    assert f"Tisch {table.pk} geschlossen. Zurück: grete 10 Taler, paul 10 Taler." in page.content.decode()

    other = open_kleister(players[2], places=2, stake=10)
    services.join_table(table_id=other.pk, user=players[3])
    listed = close(admin_client, [other.pk]).content.decode()
    assert f"Tisch {other.pk} geschlossen. Zurück: hans 10 Taler, otto 10 Taler." in listed


def test_tables_and_games_show_the_games_name(admin_client, players):
    table = open_kleister(players[0], places=2)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    for url in (
        "/admin/lobby/table/",
        "/admin/lobby/match/",
        f"/admin/lobby/table/{table.pk}/change/",
        f"/admin/lobby/match/{match.pk}/change/",
    ):
        page = admin_client.get(url).content.decode()
        assert "Speedkleister" in page and ">kleister<" not in page, url
    filtered = admin_client.get("/admin/lobby/table/?game=kleister")
    assert [t.pk for t in filtered.context["cl"].result_list] == [table.pk]
    assert [t.pk for t in admin_client.get("/admin/lobby/table/?game=neon").context["cl"].result_list] == []
