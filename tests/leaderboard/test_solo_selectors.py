"""Solo lists: Tagesliste ranks, records per category, the Serie; guests and blocked players hidden."""

from __future__ import annotations

from datetime import date

import pytest

from accounts import services as accounts
from leaderboard import services, solo_selectors
from leaderboard.models import SoloScore
from lobby.models import SoloRun, Table

pytestmark = pytest.mark.django_db

DAY = date(2026, 12, 1)


def _score(user, points: int, *, mode: str = "taeglich", day: date | None = DAY, category: str = "") -> SoloScore:  # type: ignore[no-untyped-def]
    table = Table.objects.create(game="kleister", kind="solo", places=4, host=user, options={})
    run = SoloRun.objects.create(user=user, game="kleister", mode=mode, day=day, category=category, table=table)
    return services.record_solo_score(
        user=user, game="kleister", mode=mode, category=category, day=day, points=points, won=points > 10, run_id=run.pk
    )


def _user(name: str):  # type: ignore[no-untyped-def]
    return accounts.register_user(username=name, password="Kleister-1929!")


def test_tagesliste_best_first_ties_share_the_rank():
    for name, points in (("anna", 12), ("bert", 7), ("carl", 12), ("dora", -3)):
        _score(_user(name), points)
    rows = solo_selectors.daily_list(game="kleister", day=DAY)
    assert [(r.rank, r.username, r.points) for r in rows] == [
        (1, "anna", 12),
        (1, "carl", 12),
        (3, "bert", 7),
        (4, "dora", -3),
    ]
    assert rows[0].won and not rows[2].won
    assert solo_selectors.daily_list(game="kleister", day=date(2026, 12, 2)) == []
    assert solo_selectors.daily_list(game="neon", day=DAY) == []


def test_guests_and_blocked_players_are_in_no_solo_list():
    _score(accounts.create_guest(), 50)
    blocked = _user("emil")
    _score(blocked, 40)
    blocked.is_active = False
    blocked.save()
    _score(_user("frieda"), 1)
    assert [r.username for r in solo_selectors.daily_list(game="kleister", day=DAY)] == ["frieda"]


def test_record_list_keeps_each_players_best_per_category():
    anna, bert = _user("anna"), _user("bert")
    _score(anna, 30, mode="rekord", day=None, category="stark")
    _score(anna, 45, mode="rekord", day=None, category="stark")
    _score(bert, 50, mode="rekord", day=None, category="leicht")
    _score(bert, 20, mode="rekord", day=None, category="stark")
    assert [(r.username, r.points) for r in solo_selectors.record_list(game="kleister", category="stark")] == [
        ("anna", 45),
        ("bert", 20),
    ]
    assert solo_selectors.personal_records(user=bert, game="kleister") == {"leicht": 50, "stark": 20}


def test_recording_a_run_twice_keeps_the_first_entry():
    anna = _user("anna")
    entry = _score(anna, 9)
    again = services.record_solo_score(
        user=anna, game="kleister", mode="taeglich", category="", day=DAY, points=99, won=True, run_id=entry.run_id
    )
    assert again.pk == entry.pk and again.points == 9 and SoloScore.objects.count() == 1


def test_a_daily_result_needs_its_day_and_a_known_mode():
    anna = _user("anna")
    with pytest.raises(ValueError):
        _score(anna, 1, day=None)
    with pytest.raises(ValueError):
        _score(anna, 1, mode="woche")  # fits the column; only the mode is unknown


@pytest.mark.parametrize(
    ("days", "today", "current", "best"),
    [
        (set(), DAY, 0, 0),
        ({DAY}, DAY, 1, 1),
        ({date(2026, 11, 29), date(2026, 11, 30), DAY}, DAY, 3, 3),
        ({date(2026, 11, 29), date(2026, 11, 30)}, DAY, 2, 2),  # today not played yet: still running
        ({date(2026, 11, 29), date(2026, 11, 30)}, date(2026, 12, 2), 0, 2),  # a day missed: broken
        ({date(2026, 11, 1), date(2026, 11, 2), date(2026, 11, 3), date(2026, 11, 30), DAY}, DAY, 2, 3),
        ({date(2026, 12, 31), date(2027, 1, 1)}, date(2027, 1, 1), 2, 2),  # over the new year
        ({date(2026, 3, 28), date(2026, 3, 29), date(2026, 3, 30)}, date(2026, 3, 30), 3, 3),  # DST weekend
    ],
)
def test_serie_counts_calendar_days_in_a_row(days, today, current, best):
    assert solo_selectors.streak_of(days, today) == solo_selectors.Streak(current, best)
