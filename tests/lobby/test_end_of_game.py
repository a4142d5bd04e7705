"""What every seat sees when a live game ends: the pot, the new balance, a computer for a leaver."""

from __future__ import annotations

import re

import pytest

from lobby import services
from lobby.models import Match
from lobby.runtime import rendering, snapshot
from tests.lobby.conftest import finish_randomly
from tests.lobby.test_live import balance, open_game, open_kleister

pytestmark = pytest.mark.django_db(transaction=True)


def fragments_for(match: Match, seat: int | None) -> dict[str, str]:
    return rendering.render(snapshot.current_for_table(match.table_id, fresh=True), seat)


def test_the_end_says_who_got_the_pot_and_the_header_shows_the_new_balance(players):
    table = open_kleister(players[0], places=2, stake=25)
    services.join_table(table_id=table.pk, user=players[1])
    match = finish_randomly(Match.objects.get(table=table))
    assert match.result["taler"]["pot"] == 50 and not match.result["taler"]["returned"]
    winners = [int(seat) for seat in match.result["taler"]["shares"]]
    for seat, user in enumerate(players[:2]):
        html = fragments_for(match, seat)
        assert "Pot 50 Taler" in html["tbl-bar"]
        assert f"{balance(user):,} Taler".replace(",", ".") in html["header-balance"]
        pot = re.search(r'data-testid="pot">(.*?)</span>', html["tbl-bar"], re.S).group(1)
        assert ("bekommst" in pot) == (seat in winners)
    assert "header-balance" not in fragments_for(match, None)  # a spectator has no wallet here


def test_a_lone_payer_reads_that_the_stake_went_back(players):
    table = open_kleister(players[0], places=2, stake=10, fill_computers=True)
    services.start_table(table_id=table.pk, user=players[0])
    match = finish_randomly(Match.objects.get(table=table))
    assert match.result["taler"]["returned"]
    assert "Einsatz zurück" in fragments_for(match, 0)["tbl-bar"]
    assert balance(players[0]) == 1000


def test_a_seat_taken_over_reads_computer_for_the_leaver_everywhere(players):
    table = open_kleister(players[0], places=3, bot_level="normal")
    services.join_table(table_id=table.pk, user=players[1])
    services.join_table(table_id=table.pk, user=players[2])
    services.leave_match(table_id=table.pk, user=players[2])
    match = finish_randomly(Match.objects.get(table=table))
    assert match.players[2]["name"] == "Computer (für hans)"
    later = [e["text"] for r in match.actions.filter(by_bot=True, seat=2) for e in r.events if "text" in e]
    assert later and not any("hans" in t and "Computer (für hans)" not in t for t in later)
    html = "".join(fragments_for(match, 0).values())
    assert "Computer (für hans)" in html


def test_the_end_board_tells_each_person_what_the_game_brought_on_the_bestenliste(players):
    from accounts import services as accounts
    from leaderboard.models import ScoreEntry

    guest = accounts.create_guest()
    table = open_kleister(players[0], places=4, fill_computers=True)
    services.join_table(table_id=table.pk, user=players[1])
    services.join_table(table_id=table.pk, user=guest)
    match = finish_randomly(services.start_table(table_id=table.pk, user=players[0]))
    assert "bestenliste" not in match.players[2]  # a guest is in no list: the board promises nothing
    assert "end-bestenliste" not in fragments_for(match, 2)["kl-end"]
    for seat, user in enumerate(players[:2]):
        points = ScoreEntry.objects.get(user=user).points
        assert match.players[seat]["bestenliste"] == {"punkte": points}
        end = fragments_for(match, seat)["kl-end"]
        assert re.search(rf'data-testid="end-bestenliste">Für die Bestenliste: {points} Punkte?\.</p>', end)
    assert "bestenliste" not in match.players[3]  # the computer
    assert "end-bestenliste" not in fragments_for(match, None)["kl-end"]  # a spectator


@pytest.mark.parametrize("game", ["neon", "burg", "rocket"])
def test_a_game_too_short_to_count_says_so_on_the_end_board(players, game):
    """Speedneon: "Partien unter 90 Sekunden werden nicht gewertet." (a random game here takes a second)."""
    from leaderboard.models import ScoreEntry

    table = open_game(players[0], game, fill_computers=True)
    match = finish_randomly(services.start_table(table_id=table.pk, user=players[0]))
    if game == "neon":
        assert match.players[0]["bestenliste"] == {"kurz": 90}
        assert not ScoreEntry.objects.exists()
        assert "Nicht gewertet: Partien unter 90 Sekunden" in fragments_for(match, 0)["nn-end"]
    else:  # no minimum: the points count and the board says how many
        points = ScoreEntry.objects.get(user=players[0]).points
        end = fragments_for(match, 0)[{"burg": "bg-end", "rocket": "rk-end"}[game]]
        assert f"Für die Bestenliste: {points} Punkt" in end


def test_the_last_person_to_leave_after_another_left_gets_the_minus_ten_and_ends_the_game(players):
    """ "Wer eine Partie mit anderen Menschen vorzeitig verlässt, bekommt −10 Punkte" – also the last one."""
    from leaderboard.models import ScoreEntry

    table = open_kleister(players[0], places=2, stake=10)
    services.join_table(table_id=table.pk, user=players[1])
    match = Match.objects.get(table=table)
    bar = fragments_for(match, 1)["tbl-bar"]
    assert "der Computer übernimmt deinen Platz" in bar
    services.leave_match(table_id=table.pk, user=players[0])
    bar = fragments_for(match, 1)["tbl-bar"]
    assert "die Partie endet ohne Wertung" in bar and "verlierst deinen Einsatz" in bar
    services.leave_match(table_id=table.pk, user=players[1])
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    penalties = ScoreEntry.objects.filter(kind="verlassen").order_by("user__username")
    assert [(e.user.username, e.points) for e in penalties] == [("grete", -10), ("paul", -10)]
    html = fragments_for(match, 1)
    assert 'data-testid="table-aborted" data-stops-board' in html["tbl-bar"]
    assert "Diese Partie wurde ohne Wertung beendet." in html["tbl-bar"]
    assert 'data-testid="leave"' not in html["tbl-bar"] and "neue-partie" not in html["tbl-bar"]


def test_a_solo_game_can_be_ended_without_a_result_and_started_anew(players):
    from leaderboard.models import ScoreEntry

    table = services.create_solo_table(user=players[0], game="kleister", options={}, computers=["leicht"])
    match = Match.objects.get(table=table)
    bar = fragments_for(match, 0)["tbl-bar"]
    assert 'data-testid="leave"' in bar and "Wirklich aufhören? Die Partie endet ohne Wertung." in bar
    services.leave_match(table_id=table.pk, user=players[0])
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED and not ScoreEntry.objects.exists()
    bar = fragments_for(match, 0)["tbl-bar"]
    assert 'data-testid="table-aborted"' in bar and f'action="/tisch/{table.pk}/neue-partie/"' in bar
    again = services.restart_solo(table=table, user=players[0])
    assert again.number == 2 and again.status == Match.Status.PLAYING


def test_a_record_hunt_is_given_up_on_its_page_not_left_from_the_bar(players):
    from lobby import solo

    run = solo.start_record(user=players[0], game="kleister", category="normal")
    bar = rendering.render(snapshot.current_for_table(run.table_id, fresh=True), 0)["tbl-bar"]
    assert 'data-testid="hunt"' in bar and 'data-testid="leave"' not in bar
