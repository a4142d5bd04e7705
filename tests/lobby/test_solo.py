"""Free games (solo tables): create, play through the runtime, replay, restart."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from accounts import services as accounts
from games.core import registry
from games.core.protocol import IllegalAction
from lobby import services
from lobby.models import Match, Table
from lobby.runtime import actions, computers
from lobby.runtime.replay import replay_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def guest():
    return accounts.create_guest()


def play_human_randomly(match: Match, seat: int, seed: int) -> Match:
    """The human seat plays random legal actions; computers answer inline."""
    import random

    rng = random.Random(seed)
    engine = registry.engine(match.game)
    for _ in range(2000):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = engine.load(match.state)
        assert engine.to_move(state) == [seat], "after inline computers only the human may be to move"
        action = rng.choice(engine.legal_actions(state, seat))
        actions.submit(match_id=match.pk, seat=seat, action=action, expected_version=match.version)
    raise AssertionError("game did not end")


def test_free_game_against_three_computers_to_the_end_and_replays(guest):
    table = services.create_solo_table(user=guest, game="kleister", options={}, computers=["leicht", "normal", "stark"])
    assert table.places == 4 and table.kind == Table.Kind.SOLO
    names = list(table.seats.order_by("index").values_list("name", flat=True))
    assert names[0] == guest.username and len(set(names)) == 4
    match = play_human_randomly(Match.objects.get(table=table), seat=0, seed=1)
    assert match.status == Match.Status.FINISHED
    assert len(match.result["places"]) == 4
    assert replay_match(match).matches
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED


@pytest.mark.parametrize("seed", range(6))
def test_many_random_games_replay_exactly(guest, seed):
    computers = ["leicht", "normal"][: 1 + seed % 2] + ["leicht"] * (seed % 3)
    table = services.create_solo_table(
        user=guest, game="kleister", options={"spielart": "kurz", "karren": 4}, computers=computers
    )
    match = play_human_randomly(Match.objects.get(table=table), seat=0, seed=seed)
    assert replay_match(match).matches


def test_replay_command_over_a_kleister_table(guest, capsys):
    table = services.create_solo_table(user=guest, game="kleister", options={"spielart": "kurz"}, computers=["leicht"])
    play_human_randomly(Match.objects.get(table=table), seat=0, seed=3)
    call_command("replay", str(table.pk))
    assert "stimmt überein" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"computers": []}, "2 bis 5"),
        ({"computers": ["normal"] * 5}, "2 bis 5"),
        ({"computers": ["genial"]}, "Computerstärke"),
        ({"computers": ["normal"], "tempo": "blitz"}, "Tempo"),
        ({"computers": ["normal"], "options": {"buersten": 4}}, ""),
    ],
)
def test_bad_settings_are_refused_and_create_nothing(guest, kwargs, message):
    kwargs = {"options": {}, **kwargs}
    with pytest.raises(IllegalAction) as error:
        services.create_solo_table(user=guest, game="kleister", **kwargs)
    assert message in error.value.message and error.value.message
    assert not Table.objects.exists()


def test_a_given_seed_and_extra_options_reach_the_table_and_its_match(guest):
    # what the solo modes use: the day's seed and their own keys beside the cleaned options
    table = services.create_solo_table(
        user=guest, game="neon", options={"ausgabe": "solo"}, computers=[], seed=4711, extra_options={"modus": "x"}
    )
    match = Match.objects.get(table=table)
    assert match.seed == 4711 and match.options["modus"] == table.options["modus"] == "x"
    assert table.options["ausgabe"] == "solo" and table.options["tempo"] == "normal"
    assert table.options["ziehung"] == "je_runde"  # the engine's default for new tables
    other = services.create_solo_table(user=guest, game="neon", options={"ausgabe": "solo"}, computers=[])
    assert "modus" not in other.options and Match.objects.get(table=other).seed != 4711


def test_new_match_after_the_end_with_the_same_settings(guest):
    table = services.create_solo_table(
        user=guest, game="kleister", options={"saeule_doppelt": True}, computers=["leicht"]
    )
    first = play_human_randomly(Match.objects.get(table=table), seat=0, seed=4)
    second = services.restart_solo(table=table, user=guest)
    assert second.number == 2 and second.status == Match.Status.PLAYING
    assert second.options["saeule_doppelt"] is True and second.seed != first.seed
    assert services.restart_solo(table=table, user=guest).pk == second.pk  # clicked twice: one new match
    other = accounts.create_guest()
    with pytest.raises(IllegalAction):
        services.restart_solo(table=table, user=other)


def test_advice_is_the_strong_computers_choice_with_a_reason(guest):
    table = services.create_solo_table(user=guest, game="kleister", options={}, computers=["leicht", "leicht"])
    match = Match.objects.get(table=table)
    engine = registry.engine("kleister")
    state = engine.load(match.state)
    choice = computers.advice(match=match, seat=0)
    assert choice.action in engine.legal_actions(state, 0)
    assert len(choice.reason) > 10
