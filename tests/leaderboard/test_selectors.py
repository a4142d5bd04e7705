"""Rankings: sums per player, shared ranks, per game / all games, this month in Berlin, no guests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from accounts import services as accounts
from leaderboard import selectors, services
from leaderboard.models import ScoreEntry
from leaderboard.selectors import RankingRow

pytestmark = pytest.mark.django_db

NOW = datetime(2025, 6, 15, 12, 0, tzinfo=UTC)


@pytest.fixture
def score(match):  # type: ignore[no-untyped-def]
    """An entry written directly (so tests can set ``created`` and score a guest row)."""

    def add(user, points: int, game: str = "kleister", created: datetime = NOW, kind: str = "partie") -> ScoreEntry:  # type: ignore[no-untyped-def]
        return ScoreEntry.objects.create(
            user=user, game=game, points=points, kind=kind, match=match(game), created=created
        )

    return add


def table(rows: list[RankingRow]) -> list[tuple[int, str, int, int]]:
    return [(r.rank, r.username, r.points, r.games) for r in rows]


def test_sums_points_per_player_best_first(player, score):
    grete, paul = player("grete"), player("paul")
    score(grete, 40)
    score(grete, 35)
    score(paul, 60)
    assert table(selectors.ranking(game="kleister", period="alle")) == [(1, "grete", 75, 2), (2, "paul", 60, 1)]
    assert selectors.ranking(game="kleister", period="alle")[0].user_id == grete.pk


def test_ties_share_the_rank(player, score):
    for name, points in [("anna", 50), ("bert", 50), ("carl", 30), ("dora", 30), ("emil", 10)]:
        score(player(name), points)
    assert [(r.rank, r.username) for r in selectors.ranking(game=None, period="alle")] == [
        (1, "anna"),
        (1, "bert"),
        (3, "carl"),
        (3, "dora"),
        (5, "emil"),
    ]


def test_per_game_and_over_all_games(player, score):
    grete, paul = player("grete"), player("paul")
    score(grete, 40, game="kleister")
    score(paul, 30, game="kleister")
    score(paul, 25, game="testspiel")
    assert table(selectors.ranking(game="kleister", period="alle")) == [(1, "grete", 40, 1), (2, "paul", 30, 1)]
    assert table(selectors.ranking(game="testspiel", period="alle")) == [(1, "paul", 25, 1)]
    assert table(selectors.ranking(game=None, period="alle")) == [(1, "paul", 55, 2), (2, "grete", 40, 1)]


def test_leave_penalty_lowers_the_total(player, match):
    grete, paul = player("grete"), player("paul")
    m = match()
    services.record_points(user=grete, game="kleister", points=30, match_id=m.pk)
    services.record_points(user=paul, game="kleister", points=25, match_id=m.pk)
    services.record_leave_penalty(user=grete, game=m.game, match_id=m.pk)
    # one match, whether scored or left: one game
    assert table(selectors.ranking(game=None, period="alle")) == [(1, "paul", 25, 1), (2, "grete", 20, 1)]


def test_only_penalties_give_a_negative_total(player, score):
    score(player("grete"), -10, kind="verlassen")
    assert table(selectors.ranking(game=None, period="alle")) == [(1, "grete", -10, 1)]


def test_month_is_the_calendar_month_in_berlin(player, score):
    grete, paul, olga = player("grete"), player("paul"), player("olga")
    # 31 May 22:30 UTC is 1 June 00:30 in Berlin (summer time): June
    score(grete, 10, created=datetime(2025, 5, 31, 22, 30, tzinfo=UTC))
    # 31 May 21:30 UTC is 23:30 in Berlin: still May
    score(paul, 20, created=datetime(2025, 5, 31, 21, 30, tzinfo=UTC))
    score(paul, 5, created=datetime(2025, 6, 10, tzinfo=UTC))
    # 30 June 22:30 UTC is already July in Berlin
    score(olga, 99, created=datetime(2025, 6, 30, 22, 30, tzinfo=UTC))
    assert table(selectors.ranking(game=None, period="monat", now=NOW)) == [(1, "grete", 10, 1), (2, "paul", 5, 1)]
    assert table(selectors.ranking(game=None, period="alle", now=NOW)) == [
        (1, "olga", 99, 1),
        (2, "paul", 25, 2),
        (3, "grete", 10, 1),
    ]
    assert selectors.rank_of(user=paul, game=None, period="monat", now=NOW) == RankingRow(2, paul.pk, "paul", 5, 1)


def test_month_bounds_in_winter_and_at_new_year():
    start, end = selectors.month_bounds(datetime(2025, 12, 31, 23, 30, tzinfo=UTC))  # 1 Jan 00:30 in Berlin
    assert (start.isoformat(), end.isoformat()) == ("2026-01-01T00:00:00+01:00", "2026-02-01T00:00:00+01:00")
    start, end = selectors.month_bounds(datetime(2025, 12, 15, tzinfo=UTC))
    assert (start.isoformat(), end.isoformat()) == ("2025-12-01T00:00:00+01:00", "2026-01-01T00:00:00+01:00")


def test_month_uses_the_current_time_by_default(player):
    grete = player("grete")
    ScoreEntry.objects.create(user=grete, game="kleister", points=7)  # created now
    assert table(selectors.ranking(game=None, period="monat")) == [(1, "grete", 7, 1)]


def test_guests_and_deactivated_players_are_in_no_list(player, score):
    guest = accounts.create_guest()
    score(guest, 500)  # even if a guest row got points somehow, it is filtered at query time
    banned = player("mogler")
    score(banned, 400)
    accounts.deactivate_user(user=banned, reason="Betrug")
    score(player("grete"), 10)
    assert table(selectors.ranking(game=None, period="alle")) == [(1, "grete", 10, 1)]
    assert selectors.rank_of(user=guest, game=None, period="alle") is None


def test_an_upgraded_guest_appears_with_points_from_then_on(match):
    guest = accounts.create_guest()
    services.record_points(user=guest, game="kleister", points=40, match_id=match().pk)  # not stored
    user = accounts.upgrade_guest(guest=guest, username="neu", password="Kleister-1929!")
    services.record_points(user=user, game="kleister", points=15, match_id=match().pk)
    assert table(selectors.ranking(game=None, period="alle")) == [(1, "neu", 15, 1)]


def test_limit_and_own_rank_outside_the_list(player, score):
    for i, points in enumerate([90, 80, 70, 70, 60]):
        score(player(f"spieler{i}"), points)
    late, tied = player("zora"), player("anton")
    score(late, 70)
    score(tied, 10)
    top = selectors.ranking(game=None, period="alle", limit=2)
    assert table(top) == [(1, "spieler0", 90, 1), (2, "spieler1", 80, 1)]
    assert selectors.rank_of(user=late, game=None, period="alle") == RankingRow(3, late.pk, "zora", 70, 1)
    assert selectors.rank_of(user=tied, game=None, period="alle").rank == 7


def test_rank_of_without_points_or_logged_out(player, score):
    from django.contrib.auth.models import AnonymousUser

    grete = player("grete")
    assert selectors.rank_of(user=grete, game=None, period="alle") is None
    assert selectors.rank_of(user=AnonymousUser(), game=None, period="alle") is None
    score(grete, 5, game="kleister")
    assert selectors.rank_of(user=grete, game="testspiel", period="alle") is None
    assert selectors.rank_of(user=grete, game="kleister", period="alle").rank == 1


def test_empty_and_unknown_period(db):
    assert selectors.ranking(game=None, period="alle") == []
    with pytest.raises(ValueError):
        selectors.ranking(game=None, period="woche")  # type: ignore[arg-type]


def test_ranking_query_count(player, score, django_assert_num_queries):
    for i in range(5):
        score(player(f"spieler{i}"), i)
    with django_assert_num_queries(1):
        selectors.ranking(game=None, period="alle")
