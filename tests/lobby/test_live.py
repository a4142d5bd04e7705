"""Live tables: every lobby transition and every stake path."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connections

from accounts import selectors as wallets
from accounts import services as accounts
from accounts.models import LedgerEntry
from games.core.protocol import IllegalAction
from leaderboard.models import ScoreEntry
from lobby import services, settlement
from lobby.models import ActionRecord, Match, Seat, Table
from lobby.runtime import deadlines, expiry, idle
from tests.lobby.conftest import finish_randomly

pytestmark = pytest.mark.django_db(transaction=True)


def open_kleister(host, **kw):  # type: ignore[no-untyped-def]
    settings = {
        "places": 2,
        "options": {"spielart": "kurz"},
        "clock_seconds": 120 if kw.get("stake") else None,  # staked tables always have a clock
        "bot_level": "leicht",
        "stake": 0,
        "fill_computers": False,
        **kw,
    }
    return services.open_table(host=host, game="kleister", **settings)


def open_game(host, game: str, fill_computers: bool):  # type: ignore[no-untyped-def]
    """A table of two places for ``game`` with its default options, no clock and no stake."""
    return services.open_table(
        host=host,
        game=game,
        places=2,
        options={},
        clock_seconds=None,
        bot_level="leicht",
        stake=0,
        fill_computers=fill_computers,
    )


def balance(user) -> int:
    return user.wallet.__class__.objects.get(user=user).balance


# ---------------------------------------------------------------- opening and sitting


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"places": 1}, "2 bis 5 Plätze"),
        ({"places": 6}, "2 bis 5 Plätze"),
        ({"stake": 30}, "10, 25, 50 oder 100"),
        ({"clock_seconds": 45}, "Bedenkzeit"),
        ({"bot_level": "genial"}, "Computerstärke"),
        ({"stake": 5000}, "10, 25, 50 oder 100"),
    ],
)
def test_open_table_refuses_bad_settings(players, kw, message):
    with pytest.raises(IllegalAction, match=message):
        open_kleister(players[0], **kw)
    assert not Table.objects.exists()


def test_guest_may_not_open_or_join_a_staked_table(players):
    guest = accounts.create_guest()
    with pytest.raises(IllegalAction, match="Gäste"):
        open_kleister(guest, stake=10)
    table = open_kleister(players[0], stake=10, places=3)
    with pytest.raises(IllegalAction, match="Gäste"):
        services.join_table(table_id=table.pk, user=guest)
    free = open_kleister(players[1], stake=0)
    services.join_table(table_id=free.pk, user=guest)


def test_join_twice_or_full_table_is_refused(players):
    table = open_kleister(players[0], places=3)
    services.join_table(table_id=table.pk, user=players[1])
    with pytest.raises(IllegalAction, match="schon an diesem Tisch"):
        services.join_table(table_id=table.pk, user=players[1])
    services.join_table(table_id=table.pk, user=players[2])  # full: starts by itself
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    with pytest.raises(IllegalAction, match="schon gespielt"):
        services.join_table(table_id=table.pk, user=players[3])


def test_concurrent_joins_for_the_last_seat_exactly_one_wins(players):
    table = open_kleister(players[0], places=2)

    def join(user) -> bool:  # type: ignore[no-untyped-def]
        try:
            services.join_table(table_id=table.pk, user=user)
            return True
        except IllegalAction:
            return False
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(join, players[1:]))
    assert sum(results) == 1
    assert Seat.objects.filter(table=table).count() == 2
    assert Match.objects.filter(table=table).count() == 1


def test_player_is_short_of_taler(players):
    poor = accounts.register_user(username="arm", password="Kleister-1929!")
    accounts.place_stake(user=poor, amount=990, table_id=0, key="x")
    table = open_kleister(players[0], stake=25)
    with pytest.raises(IllegalAction, match="25 Taler"):
        services.join_table(table_id=table.pk, user=poor)


def test_leave_before_start_passes_host_and_last_closes(players):
    table = open_kleister(players[0], places=3)
    services.join_table(table_id=table.pk, user=players[1])
    services.leave_table(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    assert table.host == players[1] and table.status == Table.Status.OPEN
    services.leave_table(table_id=table.pk, user=players[1])
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED


def test_only_host_starts_and_without_computers_two_humans_needed(players):
    table = open_kleister(players[0], places=3)
    with pytest.raises(IllegalAction, match="mindestens zwei Menschen"):
        services.start_table(table_id=table.pk, user=players[0])
    services.join_table(table_id=table.pk, user=players[1])
    with pytest.raises(IllegalAction, match="Nur wer den Tisch eröffnet"):
        services.start_table(table_id=table.pk, user=players[1])
    match = services.start_table(table_id=table.pk, user=players[0])
    assert len(match.players) == 2  # no computers: only the humans play


def test_free_places_filled_with_computers(players):
    table = open_kleister(players[0], places=4, fill_computers=True, bot_level="normal")
    match = services.start_table(table_id=table.pk, user=players[0])
    assert [bool(p["bot"]) for p in match.players] == [False, True, True, True]
    assert {p["bot"] for p in match.players[1:]} == {"normal"}


# ---------------------------------------------------------------- stakes


def test_stakes_debited_at_start_and_pot_to_winner(players):
    table = open_kleister(players[0], places=2, stake=50)
    services.join_table(table_id=table.pk, user=players[1])  # full: starts
    match = Match.objects.get(table=table)
    assert balance(players[0]) == balance(players[1]) == 950
    assert LedgerEntry.objects.filter(kind="einsatz", table_id=table.pk).count() == 2
    match = finish_randomly(match)
    shares = settlement.pot_shares(match)
    assert sum(shares.values()) == 100
    for seat, user in enumerate(players[:2]):
        assert balance(user) == 950 + shares.get(seat, 0)
        assert wallets.ledger_sum(user) == balance(user)
    settlement.settle(match)  # a second settlement changes nothing
    assert sum(balance(u) for u in players[:2]) == 2000


def test_a_stake_is_held_from_sitting_down_so_a_wallet_cannot_overcommit(players):
    table = open_kleister(players[0], places=3, stake=100, fill_computers=True)
    assert balance(players[0]) == 900  # held at once
    services.join_table(table_id=table.pk, user=players[1])
    assert balance(players[1]) == 900
    with pytest.raises(accounts.TalerError):  # the held Taler cannot be spent elsewhere
        accounts.place_stake(user=players[1], amount=950, table_id=0, key="elsewhere")
    services.leave_table(table_id=table.pk, user=players[1])  # standing up before the start gives it back
    assert balance(players[1]) == 1000
    services.join_table(table_id=table.pk, user=players[1])
    services.start_table(table_id=table.pk, user=players[0])
    assert balance(players[0]) == balance(players[1]) == 900  # the hold became the stake: no second debit
    match = Match.objects.get(table=table)
    assert [p.get("stake", 0) for p in match.players][:2] == [100, 100]
    for user in players[:2]:
        assert wallets.ledger_sum(user) == balance(user)


def test_sitting_at_more_staked_tables_than_one_can_pay_is_refused_without_names(players):
    accounts.place_stake(user=players[1], amount=880, table_id=0, key="elsewhere")  # paul keeps 120
    first = open_kleister(players[0], places=3, stake=100)
    second = open_kleister(players[2], places=3, stake=100)
    services.join_table(table_id=first.pk, user=players[1])
    with pytest.raises(IllegalAction) as error:
        services.join_table(table_id=second.pk, user=players[1])
    assert "hans" not in error.value.message and "grete" not in error.value.message
    assert not Seat.objects.filter(table=second, user=players[1]).exists()
    assert balance(players[1]) == 20


def make_match(players, places, stakes, result_places, left=()):  # type: ignore[no-untyped-def]
    host = players[0]
    table = Table.objects.create(game="kleister", kind="live", places=len(stakes), host=host)
    match_players = []
    for seat, stake in enumerate(stakes):
        user = players[seat] if stake is not None else None
        match_players.append(
            {
                "name": f"S{seat}",
                "user_id": user.pk if user else None,
                "bot": None if user else "leicht",
                "stake": stake or 0,
                "left": seat in left,
            }
        )
    return Match(
        table=table,
        game="kleister",
        seed=1,
        options={},
        players=match_players,
        state={},
        result={"points": [0] * len(stakes), "places": result_places},
    )


@pytest.mark.parametrize(
    ("stakes", "places", "left", "expected"),
    [
        ([10, 10, 10], [1, 2, 3], (), {0: 30}),
        ([25, 25, 25], [2, 1, 1], (), {1: 38, 2: 37}),  # tie: split, remainder to the earlier seat
        ([10, None, None], [3, 1, 2], (), {0: 10}),  # one paying human: stake back
        ([10, 10, None], [1, 2, 3], (0,), {1: 20}),  # the leaver forfeits; the pot stays
        ([10, 10], [1, 2], (0, 1), {}),
        ([0, 0], [1, 2], (), {}),
    ],
)
def test_pot_shares(players, stakes, places, left, expected):
    match = make_match(players, len(stakes), stakes, places, left)
    assert settlement.pot_shares(match) == expected


# ---------------------------------------------------------------- leaving during a game


def test_leaving_with_other_humans_penalty_stake_lost_computer_takes_over(players):
    table = open_kleister(players[0], places=3, stake=10, bot_level="normal")
    services.join_table(table_id=table.pk, user=players[1])
    services.join_table(table_id=table.pk, user=players[2])
    match = services.leave_match(table_id=table.pk, user=players[2])
    assert match.players[2]["bot"] == "normal" and match.players[2]["left"]
    assert ScoreEntry.objects.get(user=players[2], kind="verlassen").points == -10
    log = ActionRecord.objects.filter(match=match, system=True).get()
    assert "verlassen" in log.events[0]["text"] and "Computer" in log.events[0]["text"]
    match = finish_randomly(match)
    assert balance(players[2]) == 990  # stake lost
    assert balance(players[0]) + balance(players[1]) == 2000 + 10  # the pot with the leaver's stake
    with pytest.raises(IllegalAction):
        services.leave_match(table_id=table.pk, user=players[2])


def test_leaving_alone_with_computers_ends_without_scoring(players):
    table = open_kleister(players[0], places=3, fill_computers=True)
    services.start_table(table_id=table.pk, user=players[0])
    match = services.leave_match(table_id=table.pk, user=players[0])
    assert match.status == Match.Status.ABORTED
    assert not ScoreEntry.objects.exists()


def test_scored_end_records_bestenliste_points_for_registered_humans(players):
    guest = accounts.create_guest()
    table = open_kleister(players[0], places=3, fill_computers=True)
    services.join_table(table_id=table.pk, user=guest)
    match = finish_randomly(services.start_table(table_id=table.pk, user=players[0]))
    entry = ScoreEntry.objects.get(user=players[0])
    assert entry.points == match.result["bestenliste"][0]
    assert not ScoreEntry.objects.filter(user=guest).exists()


# ---------------------------------------------------------------- clock


def test_clock_runs_out_then_grace_then_the_computer_moves_once(players, frozen):
    table = open_kleister(players[0], places=2, clock_seconds=30)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    assert match.deadline is not None
    version = match.version
    seat = next(s for s, d in enumerate(match.decisions) if d["deadline"] is not None)
    since = match.decisions[seat]["since"]
    frozen(29)
    assert not expiry.expire(match_id=match.pk, seat=seat, since=since)
    frozen(10)  # deadline passed, still inside the 10 s Nachfrist
    assert not expiry.expire(match_id=match.pk, seat=seat, since=since)
    frozen(2)
    assert expiry.expire(match_id=match.pk, seat=seat, since=since)
    match.refresh_from_db()
    assert match.version > version
    first = ActionRecord.objects.filter(match=match, by_bot=True).order_by("version").first()
    assert first is not None and first.seat == seat
    assert "Bedenkzeit" in first.events[0]["text"]
    assert not expiry.expire(match_id=match.pk, seat=seat, since=since)  # never fires twice


def test_sweep_finds_due_deadlines_after_a_restart(players, frozen):
    table = open_kleister(players[0], places=2, clock_seconds=60)
    services.join_table(table_id=table.pk, user=players[1])
    assert expiry.sweep() == 0
    frozen(71)
    assert expiry.sweep() == 1
    assert expiry.sweep() == 0


def test_no_deadline_without_clock(players):
    table = open_kleister(players[0], places=2, clock_seconds=None)
    services.join_table(table_id=table.pk, user=players[1])
    assert Match.objects.get(table=table).deadline is None


# ---------------------------------------------------------------- Nochmal


def test_nochmal_keeps_seats_then_next_game_starts_when_all_are_back(players, frozen):
    table = open_kleister(players[0], places=2, stake=10)
    services.join_table(table_id=table.pk, user=players[1])
    finish_randomly(Match.objects.get(table=table))
    services.play_again(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.reserved_until is not None
    with pytest.raises(IllegalAction, match="voll"):
        services.join_table(table_id=table.pk, user=players[2])  # paul's seat is kept for him
    services.play_again(table_id=table.pk, user=players[1])
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert Match.objects.filter(table=table).count() == 2
    assert LedgerEntry.objects.filter(kind="einsatz", table_id=table.pk).count() == 4


def test_nochmal_seats_open_to_anyone_after_two_minutes(players, frozen):
    table = open_kleister(players[0], places=2)
    services.join_table(table_id=table.pk, user=players[1])
    finish_randomly(Match.objects.get(table=table))
    services.play_again(table_id=table.pk, user=players[0])
    frozen(121)
    services.join_table(table_id=table.pk, user=players[2])  # paul did not come back
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    names = [p["name"] for p in Match.objects.filter(table=table).order_by("-number").first().players]
    assert names == ["grete", "hans"]


def test_nochmal_after_the_other_human_left_waits_in_the_waiting_room_without_a_new_stake(players):
    table = open_kleister(players[0], places=3, stake=10, fill_computers=True)
    services.join_table(table_id=table.pk, user=players[1])
    services.start_table(table_id=table.pk, user=players[0])
    services.leave_match(table_id=table.pk, user=players[1])
    finish_randomly(Match.objects.get(table=table))
    stakes = LedgerEntry.objects.filter(kind="einsatz", table_id=table.pk).count()
    services.play_again(table_id=table.pk, user=players[0])  # confirmed on the page: the stake is held
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN  # the waiting room, not a game against computers
    assert Match.objects.filter(table=table).count() == 1
    assert LedgerEntry.objects.filter(kind="einsatz", table_id=table.pk).count() == stakes + 1
    services.start_table(table_id=table.pk, user=players[0])  # the host decides, in the waiting room
    assert Match.objects.filter(table=table).count() == 2
    assert LedgerEntry.objects.filter(kind="einsatz", table_id=table.pk).count() == stakes + 1  # no second debit


def test_nochmal_alone_against_computers_starts_at_once(players):
    table = open_kleister(players[0], places=2, stake=10, fill_computers=True)
    services.start_table(table_id=table.pk, user=players[0])
    finish_randomly(Match.objects.get(table=table))
    services.play_again(table_id=table.pk, user=players[0])
    assert Match.objects.filter(table=table).count() == 2


def test_a_staked_table_always_has_a_clock(players):
    with pytest.raises(IllegalAction, match="Bedenkzeit"):
        open_kleister(players[0], stake=10, clock_seconds=None)


def test_a_staked_game_without_a_human_action_for_30_minutes_is_aborted_and_refunded(players, frozen):
    table = open_kleister(players[0], places=2, stake=25)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    assert balance(players[0]) == balance(players[1]) == 975
    frozen(29 * 60)
    Match.objects.filter(pk=match.pk).update(started=deadlines.now() - timedelta(minutes=29))
    assert idle.abort_idle_matches() == 0
    frozen(2 * 60)
    Match.objects.filter(pk=match.pk).update(started=deadlines.now() - timedelta(minutes=31))
    assert idle.abort_idle_matches() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert balance(players[0]) == balance(players[1]) == 1000
    assert LedgerEntry.objects.filter(kind="erstattung", table_id=table.pk).count() == 2
    assert "Einsätze gehen zurück" in ActionRecord.objects.get(match=match, system=True).events[0]["text"]
    assert idle.abort_idle_matches() == 0  # once
    for user in players[:2]:
        assert wallets.ledger_sum(user) == balance(user)


@pytest.mark.parametrize("game", ["neon", "burg", "rocket"])
def test_after_a_takeover_the_log_still_credits_the_person_with_their_own_moves(players, game):
    """A seat's lines before its "verlassen" keep the person's name; later ones are the computer's."""
    import random

    from games.core import registry
    from lobby.runtime import actions, rendering, snapshot

    table = open_game(players[0], game, fill_computers=False)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    engine, rng = registry.engine(game), random.Random(3)
    while not ActionRecord.objects.filter(match=match, seat=1, system=False).exists():
        match.refresh_from_db()
        state = engine.load(match.state)
        seat = engine.to_move(state)[0]
        action = rng.choice(engine.legal_actions(state, seat))
        actions.submit(match_id=match.pk, seat=seat, action=action, expected_version=match.version)
    services.leave_match(table_id=table.pk, user=players[1])
    snap = snapshot.current_for_table(table.pk)
    log = rendering.render(snap, 0)[f"{ {'neon': 'nn', 'burg': 'bg', 'rocket': 'rk'}[game] }-log"]
    earlier = log.split("hat die Partie verlassen")[1]  # the lines come newest first
    assert "<strong>paul</strong>" in earlier and "Computer (für paul)" not in earlier  # paul's own moves


@pytest.mark.parametrize("stake", [0, 10])
def test_the_leave_question_names_the_stake_only_where_there_is_one(players, stake):
    from lobby.runtime import rendering, snapshot

    table = open_kleister(players[0], stake=stake)
    services.join_table(table_id=table.pk, user=players[1])
    bar = rendering.render(snapshot.current_for_table(table.pk), 0)["tbl-bar"]
    assert "Wirklich verlassen? Du bekommst −10 Punkte für die Bestenliste" in bar
    assert ("verlierst deinen Einsatz" in bar) == bool(stake)
