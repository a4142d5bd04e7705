"""Storing Bestenliste points: once per match, never for guests, −10 for leaving."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from accounts import services as accounts
from games.core import registry
from leaderboard import services
from leaderboard.models import ScoreEntry

pytestmark = pytest.mark.django_db


def test_record_points_stores_an_entry(player, match):
    grete, m = player("grete"), match()
    entry = services.record_points(user=grete, game="kleister", points=47, match_id=m.pk)
    assert entry is not None
    assert (entry.user, entry.game, entry.points, entry.kind, entry.match) == (grete, "kleister", 47, "partie", m)
    assert entry.created is not None


def test_recording_twice_changes_nothing(player, match):
    grete, m = player("grete"), match()
    first = services.record_points(user=grete, game="kleister", points=47, match_id=m.pk)
    again = services.record_points(user=grete, game="kleister", points=99, match_id=m.pk)
    assert again == first
    assert ScoreEntry.objects.get().points == 47


def test_same_player_in_another_match_gets_a_new_entry(player, match):
    grete = player("grete")
    services.record_points(user=grete, game="kleister", points=10, match_id=match().pk)
    services.record_points(user=grete, game="kleister", points=20, match_id=match().pk)
    assert ScoreEntry.objects.count() == 2


def test_guests_are_never_recorded(match):
    guest = accounts.create_guest()
    m = match()
    assert services.record_points(user=guest, game="kleister", points=50, match_id=m.pk) is None
    assert services.record_leave_penalty(user=guest, game=m.game, match_id=m.pk) is None
    assert not ScoreEntry.objects.exists()


def test_leave_penalty_is_minus_ten_once(player, match):
    paul, m = player("paul"), match()
    entry = services.record_leave_penalty(user=paul, game=m.game, match_id=m.pk)
    assert entry is not None and (entry.points, entry.kind, entry.game) == (-10, "verlassen", "kleister")
    assert services.record_leave_penalty(user=paul, game=m.game, match_id=m.pk) == entry
    assert ScoreEntry.objects.count() == 1


def test_penalty_and_points_are_separate_kinds(player, match):
    paul, m = player("paul"), match()
    services.record_points(user=paul, game="kleister", points=30, match_id=m.pk)
    services.record_leave_penalty(user=paul, game=m.game, match_id=m.pk)
    assert sorted(ScoreEntry.objects.values_list("kind", "points")) == [("partie", 30), ("verlassen", -10)]


def test_without_a_match_every_call_adds_an_entry(player):
    grete = player("grete")
    services.record_points(user=grete, game="kleister", points=5, match_id=None)
    services.record_points(user=grete, game="kleister", points=5, match_id=None)
    assert ScoreEntry.objects.count() == 2


def test_database_refuses_a_duplicate_key(player, match):
    grete, m = player("grete"), match()
    ScoreEntry.objects.create(user=grete, game="kleister", points=1, match=m)
    with pytest.raises(IntegrityError), transaction.atomic():
        ScoreEntry.objects.create(user=grete, game="kleister", points=2, match=m)


def test_refuses_wrong_input(player, match):
    grete = player("grete")
    with pytest.raises(registry.UnknownGame):
        services.record_points(user=grete, game="schach", points=1, match_id=None)
    with pytest.raises(ValueError):
        services.record_points(user=grete, game="testspiel", points=1, match_id=match("kleister").pk)
    with pytest.raises(ValueError):
        services.record_points(user=grete, game="kleister", points=1, match_id=None, kind="bonus")
    with pytest.raises(TypeError):
        services.record_points(user=grete, game="kleister", points=1.5, match_id=None)  # type: ignore[arg-type]
    assert not ScoreEntry.objects.exists()
