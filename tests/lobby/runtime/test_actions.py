from __future__ import annotations

import pytest
from django.core.management import call_command

from games.core.protocol import IllegalAction
from lobby.models import ActionRecord, Match
from lobby.runtime import actions, computers

pytestmark = pytest.mark.django_db(transaction=True)


def test_start_match_stores_record(make_table):
    match = actions.start_match(table=make_table(), seed=42)
    assert match.version == 0 and match.seed == 42 and match.number == 1
    assert [p["name"] for p in match.players] == ["spieler0", "spieler1"]


def test_several_seats_may_act_at_once(make_table):
    match = actions.start_match(table=make_table(humans=3), seed=1)
    actions.submit(match_id=match.pk, seat=2, action={"type": "pick", "n": 3}, expected_version=0)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 1}, expected_version=1)
    match.refresh_from_db()
    assert match.version == 2 and match.state["picks"] == [1, None, 3]


def test_a_duplicated_action_is_refused_quietly_and_changes_nothing(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=0)
    before = Match.objects.get(pk=match.pk).state
    with pytest.raises(actions.DuplicateAction):
        actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=0)
    match.refresh_from_db()
    assert match.version == 1 and match.state == before
    assert ActionRecord.objects.filter(match=match).count() == 1


def test_a_simultaneous_decision_is_not_made_stale_by_another_seat(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=0)
    # seat 1's page still shows version 0: its own decision has not changed since
    actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 3}, expected_version=0)
    match.refresh_from_db()
    assert match.version == 2 and match.state["revealed"] == [[2, 3]]


def test_an_action_from_before_the_seats_decision_started_is_stale(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=0)
    actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 3}, expected_version=1)
    # round 2 started at version 2: seat 1 sends from a page it saw at version 1
    with pytest.raises(actions.StaleAction) as error:
        actions.submit(match_id=match.pk, seat=1, action={"type": "pick", "n": 1}, expected_version=1)
    assert not isinstance(error.value, actions.DuplicateAction) or error.value.message
    match.refresh_from_db()
    assert match.version == 2 and match.state["picks"] == [None, None]


def test_a_version_from_the_future_is_refused(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    with pytest.raises(actions.StaleAction):
        actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=5)
    assert Match.objects.get(pk=match.pk).version == 0


@pytest.mark.parametrize("action", [None, [], "pick", {"n": 1}, {"type": 5}, {"type": "pick", "n": 7}])
def test_malformed_actions_get_german_message(make_table, action):
    match = actions.start_match(table=make_table(), seed=1)
    with pytest.raises(IllegalAction) as error:
        actions.submit(match_id=match.pk, seat=0, action=action, expected_version=0)
    assert error.value.message in {"Unbekannter Zug.", "Wähle 1, 2 oder 3."}
    assert Match.objects.get(pk=match.pk).version == 0


def test_seat_that_may_not_act_is_refused(make_table):
    match = actions.start_match(table=make_table(), seed=1)
    actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 1}, expected_version=0)
    with pytest.raises(IllegalAction, match="nicht dran"):
        actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=1)


def test_computers_move_through_the_same_path_until_the_end(make_table):
    match = actions.start_match(table=make_table(humans=1, computers=2), seed=5)
    for _ in range(3):
        match.refresh_from_db()
        actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 3}, expected_version=match.version)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["places"]
    bot_moves = ActionRecord.objects.filter(match=match, by_bot=True).count()
    assert bot_moves == 6


def test_computer_move_for_an_old_version_does_nothing(make_table):
    match = actions.start_match(table=make_table(humans=1, computers=1), seed=5)
    match.refresh_from_db()
    version = match.version
    assert computers.computer_move(match_id=match.pk, seat=1, version=version + 5) is None
    assert computers.computer_move(match_id=match.pk, seat=0, version=version) is None  # a human seat


def test_replay_command_recomputes_a_finished_game(make_table, capsys):
    match = actions.start_match(table=make_table(humans=1, computers=3), seed=9)
    for _ in range(3):
        match.refresh_from_db()
        actions.submit(match_id=match.pk, seat=0, action={"type": "pick", "n": 2}, expected_version=match.version)
    call_command("replay", str(match.table_id))
    assert "stimmt überein" in capsys.readouterr().out
    Match.objects.filter(pk=match.pk).update(state={**match.state, "points": [9, 9, 9, 9]})
    with pytest.raises(SystemExit):
        call_command("replay", str(match.table_id))
    assert "weicht ab" in capsys.readouterr().out
