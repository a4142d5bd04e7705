"""Daily puzzles and record hunts: seeds, the first attempt of the day, replay checks, lists."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import IntegrityError, transaction

from accounts import services as accounts
from games.core import bars, registry
from leaderboard import solo_selectors
from leaderboard.models import ScoreEntry, SoloScore
from lobby import services, solo, solo_results
from lobby.models import ActionRecord, DailyPuzzle, Match, SoloRun
from lobby.runtime.replay import replay_match
from tests.lobby.solo_helpers import current_match, finish

pytestmark = pytest.mark.django_db(transaction=True)


def daily_games() -> set[str]:
    return {slug for slug in registry.slugs() if registry.solo(slug).daily is not None}


# 2026-12-01 is in winter time (CET = UTC+1): Berlin midnight is 23:00 UTC.
NOON = datetime(2026, 12, 1, 11, 0, tzinfo=UTC)


@pytest.fixture
def easy_kleister_daily(monkeypatch):  # type: ignore[no-untyped-def]
    """The Tagesplakat with easy computers (strong ones take seconds per game in a test)."""
    mode = dataclasses.replace(registry.solo("kleister").daily, computers=("leicht",) * 3)
    real = solo.daily_mode
    monkeypatch.setattr(solo, "daily_mode", lambda game: mode if game == "kleister" else real(game))
    return mode


# ---------------------------------------------------------------- seeds


def test_same_seed_for_everyone_on_a_day_and_another_the_next_day(grete, paul):
    a = solo.start_daily(user=grete, game="neon", now=NOON)
    b = solo.start_daily(user=paul, game="neon", now=NOON)
    assert current_match(a).seed == current_match(b).seed == solo.daily_seed("neon", date(2026, 12, 1))
    assert solo.daily_seed("neon", date(2026, 12, 2)) != solo.daily_seed("neon", date(2026, 12, 1))
    assert solo.daily_seed("kleister", date(2026, 12, 1)) != solo.daily_seed("neon", date(2026, 12, 1))


def test_seed_depends_on_the_server_secret(settings):
    day = date(2026, 12, 1)
    first = solo.daily_seed("kleister", day)
    settings.DAILY_SEED_SECRET = "ein anderes Geheimnis"
    assert solo.daily_seed("kleister", day) != first
    assert 0 <= solo.daily_seed("kleister", day) < 2**63


def test_rotation_stores_only_today_and_is_not_needed(grete):
    before = solo.today_puzzle("kleister", NOON)  # no row yet: computed
    rows = solo.rotate_daily(NOON)
    assert {r.game for r in rows} == daily_games() and {"kleister", "neon", "burg"} <= daily_games()
    assert set(DailyPuzzle.objects.values_list("day", flat=True)) == {date(2026, 12, 1)}
    assert solo.today_puzzle("kleister", NOON) == before
    solo.rotate_daily(NOON)  # idempotent
    assert DailyPuzzle.objects.count() == len(daily_games())


def test_day_boundary_is_midnight_in_berlin_winter_and_summer():
    assert solo.berlin_day(datetime(2026, 12, 1, 22, 59, tzinfo=UTC)) == date(2026, 12, 1)
    assert solo.berlin_day(datetime(2026, 12, 1, 23, 0, tzinfo=UTC)) == date(2026, 12, 2)  # CET
    assert solo.berlin_day(datetime(2026, 6, 30, 21, 59, tzinfo=UTC)) == date(2026, 6, 30)
    assert solo.berlin_day(datetime(2026, 6, 30, 22, 0, tzinfo=UTC)) == date(2026, 7, 1)  # CEST


def test_daily_puzzle_options_are_the_modes(grete):
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    match = current_match(run)
    assert match.options["ausgabe"] == "solo" and match.options["werkzeuge"] == 3
    assert match.options["modus"] == "taeglich" and match.options["tag"] == "2026-12-01"
    assert run.table.options["rat"] is False and run.table.clock_seconds is None


def test_kleister_daily_is_three_computers_one_durchgang_basic_rules(grete):
    run = solo.start_daily(user=grete, game="kleister", now=NOON)
    match = current_match(run)
    assert [p["bot"] for p in match.players] == [None, "stark", "stark", "stark"]
    assert {k: match.options[k] for k in ("spielart", "buersten", "karren", "saeule_doppelt")} == {
        "spielart": "normal",
        "buersten": 5,
        "karren": 6,
        "saeule_doppelt": False,
    }


def test_neon_same_decisions_give_the_same_draws(grete, paul):
    """The same seed and the same decisions: the same facade offer, Lieferungen and tool draws."""
    a = current_match(solo.start_daily(user=grete, game="neon", now=NOON))
    b = current_match(solo.start_daily(user=paul, game="neon", now=NOON))
    assert a.state["angebot"] == b.state["angebot"]
    finish(a, seed=7)
    finish(b, seed=7)  # the same random decisions
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.state == b.state
    runde = [e["lieferung"] for r in ActionRecord.objects.filter(match=a) for e in r.events if e["type"] == "runde"]
    assert len(runde) == 10


REROLL_TOOLS = {"wackelkontakt", "roehrenwechsel", "stromausfall"}


def _lieferungen(match: Match) -> list[list[str]]:
    records = ActionRecord.objects.filter(match=match).order_by("version")
    return [e["lieferung"] for r in records for e in r.events if e["type"] == "runde"]


def _reroll_day() -> datetime:
    """Noon of the first day from 2026-12-01 whose daily Koffer holds a tool that rolls dice."""
    engine = registry.engine("neon")
    options = engine.clean_options(registry.solo("neon").daily.options, 1)
    for offset in range(60):
        day = date(2026, 12, 1) + timedelta(days=offset)
        state = engine.new_game(seed=solo.daily_seed("neon", day), players=1, options=options)
        if REROLL_TOOLS & set(state.werkzeuge):
            return datetime(day.year, day.month, day.day, 11, 0, tzinfo=UTC)
    raise AssertionError("no day with a re-roll tool")


def test_neon_daily_lieferungen_are_the_same_whatever_tools_are_used(grete, paul):
    """New daily tables draw per round: grete's re-rolls leave paul's Lieferungen as they are."""
    noon = _reroll_day()
    a = current_match(solo.start_daily(user=grete, game="neon", now=noon))
    b = current_match(solo.start_daily(user=paul, game="neon", now=noon))
    assert a.options["ziehung"] == b.options["ziehung"] == "je_runde"

    def reroll_first(legal):  # type: ignore[no-untyped-def]
        tools = [x for x in legal if x["type"] == "werkzeug" and x["tool"] in REROLL_TOOLS]
        plain = [x for x in legal if x["type"] != "werkzeug"]
        return (tools or [x for x in plain if x["type"] == "setzen"] or plain)[0]

    def no_tools(legal):  # type: ignore[no-untyped-def]
        plain = [x for x in legal if x["type"] != "werkzeug"]
        return ([x for x in plain if x["type"] == "setzen"] or plain)[0]

    finish(a, pick=reroll_first)
    finish(b, pick=no_tools)
    used = [r.action["tool"] for r in ActionRecord.objects.filter(match=a) if r.action.get("type") == "werkzeug"]
    assert REROLL_TOOLS & set(used)
    assert len(_lieferungen(a)) == 10 and _lieferungen(a) == _lieferungen(b)
    assert SoloScore.objects.filter(user__in=[grete, paul]).count() == 2  # both re-checked and listed


def test_a_daily_run_recorded_before_ziehung_is_still_verified(grete):
    """A match stored with options from before the option replays with the single draw counter."""
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    match = current_match(run)
    engine = registry.engine("neon")
    old_options = {k: v for k, v in match.options.items() if k != "ziehung"}
    old_state = engine.dump(engine.new_game(seed=match.seed, players=1, options=old_options))
    assert "folge" not in old_state
    Match.objects.filter(pk=match.pk).update(options=old_options, state=old_state)
    finish(match, seed=3)
    match.refresh_from_db()
    assert "folge" not in match.state
    assert replay_match(match).matches
    run.refresh_from_db()
    assert run.status == SoloRun.Status.FINISHED and SoloScore.objects.filter(run=run).exists()


# ---------------------------------------------------------------- the first attempt


def test_reload_and_second_tab_resume_the_same_attempt(grete):
    first = solo.start_daily(user=grete, game="neon", now=NOON)
    assert first.counts
    again = solo.start_daily(user=grete, game="neon", now=NOON)  # reload / second tab
    assert again.pk == first.pk
    assert SoloRun.objects.filter(user=grete).count() == 1


def test_later_attempts_are_practice_and_not_listed(grete):
    first = solo.start_daily(user=grete, game="neon", now=NOON)
    finish(current_match(first))
    first.refresh_from_db()
    assert first.status == SoloRun.Status.FINISHED
    practice = solo.start_daily(user=grete, game="neon", now=NOON)
    assert practice.pk != first.pk and not practice.counts
    finish(current_match(practice), seed=2)
    practice.refresh_from_db()
    assert practice.status == SoloRun.Status.FINISHED
    assert list(SoloScore.objects.values_list("run_id", flat=True)) == [first.pk]


def test_a_left_attempt_stays_used_up(grete):
    first = solo.start_daily(user=grete, game="neon", now=NOON)
    services.leave_match(table_id=first.table_id, user=grete)
    second = solo.start_daily(user=grete, game="neon", now=NOON)
    assert second.pk != first.pk and not second.counts
    first.refresh_from_db()
    assert first.status == SoloRun.Status.ABORTED


def test_the_database_allows_one_counting_attempt_per_day(grete):
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    with pytest.raises(IntegrityError), transaction.atomic():
        SoloRun.objects.create(user=grete, game="neon", mode="taeglich", day=run.day, table=run.table, counts=True)


def test_an_attempt_finished_the_next_day_counts_for_its_day(grete):
    late = datetime(2026, 12, 1, 22, 50, tzinfo=UTC)  # 23:50 in Berlin
    run = solo.start_daily(user=grete, game="neon", now=late)
    assert solo.start_daily(user=grete, game="neon", now=datetime(2026, 12, 1, 23, 10, tzinfo=UTC)).pk != run.pk
    finish(current_match(run))
    entry = SoloScore.objects.get(run=run)
    assert entry.day == date(2026, 12, 1)


def test_daily_results_never_add_to_the_bestenliste(grete):
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    match = finish(current_match(run))
    assert not ScoreEntry.objects.filter(match=match).exists()
    entry = SoloScore.objects.get(run=run)
    assert entry.points == match.result["points"][0] and entry.won == match.result["won"]


def test_kleister_tagesplakat_counts_the_players_points(grete, easy_kleister_daily):
    run = solo.start_daily(user=grete, game="kleister", now=NOON)
    match = finish(current_match(run))
    entry = SoloScore.objects.get(run=run)
    assert entry.points == match.result["points"][0]
    assert entry.won == (match.result["places"][0] == 1)
    rows = solo_selectors.daily_list(game="kleister", day=date(2026, 12, 1))
    assert [(r.username, r.points) for r in rows] == [("grete", entry.points)]


# ---------------------------------------------------------------- replay checks


def test_a_tampered_record_is_refused_and_logged(grete, caplog):
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    match = finish(current_match(run))
    SoloScore.objects.filter(run=run).delete()
    SoloRun.objects.filter(pk=run.pk).update(status="open", done=0, score=None)
    record = ActionRecord.objects.filter(match=match, system=False).order_by("version")[3]
    engine = registry.engine("neon")
    state = engine.new_game(seed=match.seed, players=1, options=match.options)
    for earlier in ActionRecord.objects.filter(match=match, version__lt=record.version).order_by("version"):
        state, _ = engine.apply(state, earlier.seat, earlier.action)
    other = next(a for a in engine.legal_actions(state, record.seat) if a != record.action)
    ActionRecord.objects.filter(pk=record.pk).update(action=other)
    with caplog.at_level("WARNING", logger="lobby.solo_results"):
        solo_results.match_finished(match.pk)
    run.refresh_from_db()
    assert run.status == SoloRun.Status.REJECTED
    assert not SoloScore.objects.filter(run=run).exists()
    assert "does not replay" in caplog.text


def test_counting_a_match_twice_changes_nothing(grete):
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    match = finish(current_match(run))
    solo_results.match_finished(match.pk)
    assert solo_results.catch_up() == 0
    run.refresh_from_db()
    assert run.done == 1 and SoloScore.objects.filter(run=run).count() == 1


def test_catch_up_counts_a_match_whose_post_commit_step_was_lost(grete):
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    finish(current_match(run))
    SoloScore.objects.filter(run=run).delete()
    SoloRun.objects.filter(pk=run.pk).update(status="open", done=0, score=None)
    assert solo_results.catch_up() == 1
    assert SoloScore.objects.filter(run=run).exists()


# ---------------------------------------------------------------- record hunts


def test_kleister_record_hunt_five_durchgaenge_start_passes_clockwise(grete):
    run = solo.start_record(user=grete, game="kleister", category="leicht")
    starts, total = [], 0
    for number in range(1, 6):
        match = finish(current_match(run), seed=number)
        assert match.number == number
        starts.append(match.state["start"])
        total += match.result["points"][0]
        if number < 5:
            services.restart_solo(table=run.table, user=grete)
    assert starts[1:] == [(s + 1) % 4 for s in starts[:-1]]
    run.refresh_from_db()
    assert run.status == SoloRun.Status.FINISHED and run.score == total
    assert [r.points for r in solo_selectors.record_list(game="kleister", category="leicht")] == [total]
    assert solo_selectors.record_list(game="kleister", category="stark") == []
    assert not ScoreEntry.objects.filter(user=grete).exists()


def test_best_record_per_category_stays(grete):
    for seed in (1, 2):
        run = solo.start_record(user=grete, game="neon", category="2")
        finish(current_match(run), seed=seed)
    scores = sorted(SoloScore.objects.filter(user=grete).values_list("points", flat=True))
    assert len(scores) == 2
    assert [r.points for r in solo_selectors.record_list(game="neon", category="2")] == [scores[-1]]
    assert solo_selectors.personal_records(user=grete, game="neon") == {"2": scores[-1]}


def test_unknown_record_category_is_refused(grete):
    from games.core.protocol import IllegalAction

    with pytest.raises(IllegalAction):
        solo.start_record(user=grete, game="neon", category="9")


# ---------------------------------------------------------------- streaks across midnight and DST


def test_streak_across_a_daylight_saving_change(grete):
    """Berlin 23:30 on 28 March (CET) and 23:30 on 29 March (CEST; the clocks jump on 29 March
    2026 at 02:00), then 00:10 on 31 March: two days in a row, a gap, one day."""
    times = [
        datetime(2026, 3, 28, 22, 30, tzinfo=UTC),  # 23:30 CET, 28 March
        datetime(2026, 3, 29, 21, 30, tzinfo=UTC),  # 23:30 CEST, 29 March
        datetime(2026, 3, 30, 22, 10, tzinfo=UTC),  # 00:10 CEST, 31 March (30 March skipped)
    ]
    for when in times:
        finish(current_match(solo.start_daily(user=grete, game="neon", now=when)))
    days = solo_selectors.daily_days(user=grete, game="neon")
    assert days == {date(2026, 3, 28), date(2026, 3, 29), date(2026, 3, 31)}
    assert solo_selectors.streak(user=grete, game="neon", today=date(2026, 3, 31)) == solo_selectors.Streak(1, 2)
    assert solo_selectors.streak(user=grete, game="neon", today=date(2026, 3, 30)).current == 2


def test_upgraded_guest_keeps_its_daily_results():
    guest = accounts.create_guest()
    run = solo.start_daily(user=guest, game="neon", now=NOON)
    finish(current_match(run))
    assert solo_selectors.daily_list(game="neon", day=date(2026, 12, 1)) == []  # guests are in no list
    accounts.upgrade_guest(guest=guest, username="hilde", password="Kleister-1929!")
    assert [r.username for r in solo_selectors.daily_list(game="neon", day=date(2026, 12, 1))] == ["hilde"]
    assert Match.objects.filter(table=run.table).count() == 1


def test_midnight_task_is_scheduled_in_berlin_and_stores_today(settings):
    from lobby import tasks

    entry = settings.CELERY_BEAT_SCHEDULE["rotate-daily"]
    assert entry["task"] == "lobby.rotate_daily"
    assert entry["schedule"].hour == {0} and entry["schedule"].minute == {0}
    assert settings.CELERY_TIMEZONE == "Europe/Berlin"
    assert tasks.rotate_daily() == len(daily_games())
    assert set(DailyPuzzle.objects.values_list("day", flat=True)) == {solo.berlin_day()}


def test_two_tabs_starting_at_once_get_one_counting_attempt(grete):
    """Two requests at the same moment: one attempt, both tabs lead to it."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    def start(_: int) -> int:
        try:
            return solo.start_daily(user=grete, game="neon", now=NOON).pk
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(start, range(2)))
    assert runs[0] == runs[1]
    assert SoloRun.objects.filter(user=grete).count() == 1 and SoloRun.objects.get().counts


def test_a_lost_post_commit_step_does_not_block_the_next_attempt(grete):
    """The daily start closes a finished attempt first, so it does not 'resume' a finished game."""
    run = solo.start_daily(user=grete, game="neon", now=NOON)
    finish(current_match(run))
    SoloScore.objects.filter(run=run).delete()
    SoloRun.objects.filter(pk=run.pk).update(status="open", done=0, score=None)
    practice = solo.start_daily(user=grete, game="neon", now=NOON)
    assert practice.pk != run.pk and not practice.counts
    assert SoloScore.objects.filter(run=run).exists()


def test_neue_partie_at_a_daily_table_is_a_free_game_in_no_list(grete):
    from lobby import history

    run = solo.start_daily(user=grete, game="neon", now=NOON)
    first = finish(current_match(run))
    second = finish(services.restart_solo(table=run.table, user=grete), seed=4)
    assert second.seed != first.seed
    assert SoloScore.objects.count() == 1 and not ScoreEntry.objects.exists()
    modes = {row.match.pk: row.mode for row in history.finished_games(grete)}
    assert modes == {first.pk: "Tagesfassade", second.pk: "Freie Partie"}


def test_each_durchgang_of_a_kleister_hunt_shows_which_it_is_and_the_hunts_points(grete):
    """Rule text: "fünf Durchgänge …, die Punkte werden zusammengezählt": the table says which Durchgang
    it is and what the hunt has so far; each end board the sum, the last one the hunt's total."""
    from lobby.runtime import rendering, snapshot

    run = solo.start_record(user=grete, game="kleister", category="leicht")
    total = 0
    for number in range(1, 6):
        match = current_match(run)
        progress = solo.hunt_progress("kleister", match.options)
        assert progress == {"durchgang": number, "von": 5, "bisher": total, "rekord": None}
        running = rendering.render(snapshot.current_for_table(run.table_id), 0)
        bar = running["tbl-bar"]
        assert f"Rekordjagd · Durchgang {number} von 5" in bar
        assert ("bisher" in bar) == (number > 1)
        if number > 1:
            assert f"bisher {bars.number(total)} Punkt" in bar
        match = finish(match, seed=number)
        total += match.result["points"][0]
        end = rendering.render(snapshot.current_for_table(run.table_id), 0)["kl-end"]
        if number < 5:
            assert f"Durchgang {number} von 5 gespielt, zusammen {bars.number(total)} Punkt" in end
            assert "Nächster Durchgang" in end
            services.restart_solo(table=run.table, user=grete)
        else:
            assert f"Rekordjagd beendet: {bars.number(total)} Punkt" in end and "aus 5 Durchgängen" in end
            assert "Neue Rekordjagd" in end and 'href="/spiele/kleister/rekordjagd/"' in end
            assert "Neuer Rekord!" in end  # the first hunt in this category
    run.refresh_from_db()
    assert run.score == total
    run.table.refresh_from_db()
    assert not {"durchgang", "bisher", "startspieler"} & set(run.table.options)  # the next hunt starts fresh
    services.restart_solo(table=run.table, user=grete)
    progress = solo.hunt_progress("kleister", current_match(run).options)
    assert progress["durchgang"] == 1 and progress["rekord"] == total  # the next hunt's record to beat
    bar = rendering.render(snapshot.current_for_table(run.table_id), 0)["tbl-bar"]
    assert f"dein Rekord: {bars.number(total)}" in bar


def test_a_one_game_hunt_says_so_and_shows_the_record_to_beat_and_a_free_game_nothing(grete):
    from lobby.runtime import rendering, snapshot

    run = solo.start_record(user=grete, game="burg", category="eine")
    assert solo.hunt_progress("burg", current_match(run).options) == {
        "durchgang": 1,
        "von": 1,
        "bisher": 0,
        "rekord": None,
    }
    bar = rendering.render(snapshot.current_for_table(run.table_id), 0)["tbl-bar"]
    assert "Rekordjagd" in bar and "Durchgang" not in bar and "dein Rekord" not in bar
    points = finish(current_match(run)).result["points"][0]
    again = solo.start_record(user=grete, game="burg", category="eine")
    assert solo.hunt_progress("burg", current_match(again).options)["rekord"] == points
    bar = rendering.render(snapshot.current_for_table(again.table_id), 0)["tbl-bar"]
    assert f"dein Rekord: {bars.number(points)}" in bar
    options = dict(registry.solo("kleister").record.setup("leicht")[0])
    table = services.create_solo_table(user=grete, game="kleister", options=options, computers=["leicht"])
    assert solo.hunt_progress("kleister", Match.objects.get(table=table).options) is None


def test_the_table_bar_says_whether_a_daily_attempt_counts_or_is_practice(grete):
    """ "Es zählt nur der erste Versuch des Tages, jeder weitere ist eine Übungsrunde." – also on the table."""
    from lobby.runtime import rendering, snapshot

    def bar(run):  # type: ignore[no-untyped-def]
        return rendering.render(snapshot.current_for_table(run.table_id, fresh=True), 0)["tbl-bar"]

    first = solo.start_daily(user=grete, game="kleister", now=NOON)
    assert first.counts and "Tagesplakat · zählt für die Tagesliste" in bar(first)
    services.leave_match(table_id=first.table_id, user=grete)  # the day's attempt is used up
    second = solo.start_daily(user=grete, game="kleister", now=NOON)
    assert second.pk != first.pk and not second.counts
    assert "Tagesplakat · Übung" in bar(second) and "zählt" not in bar(second)
