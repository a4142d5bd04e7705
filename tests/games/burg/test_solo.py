"""Allein am Strand on the site: Tagesstrand (the same throws for everyone, its list) and Rekordjagd."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.burg import engine as E
from games.burg import solo as burg_solo
from games.core import registry
from leaderboard.models import ScoreEntry, SoloScore
from lobby import solo
from lobby.models import SoloRun
from tests.lobby.solo_helpers import current_match, finish

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("inline_computers")]

NOON = datetime(2026, 12, 1, 11, 0, tzinfo=UTC)


def test_the_registry_reads_the_modes():
    modes = registry.solo("burg")
    assert modes is burg_solo.MODES
    assert modes.daily.name == "Tagesstrand" and modes.daily.computers == ()
    assert modes.record.name == "Rekordjagd" and dict(modes.record.categories).keys() == {"eine", "zwei"}


def test_the_sites_mode_keys_mean_tagesstrand_and_rekordjagd():
    assert E.clean_options({"modus": "taeglich"}, 1)["modus"] == "tagesstrand"
    assert E.clean_options({"modus": "rekord"}, 1)["modus"] == "rekordjagd"


def test_tagesstrand_same_sketches_pennants_and_throws_for_everyone_and_listed(grete, paul):
    a = solo.start_daily(user=grete, game="burg", now=NOON)
    b = solo.start_daily(user=paul, game="burg", now=NOON)
    ma, mb = current_match(a), current_match(b)
    assert ma.seed == mb.seed
    sa, sb = E.load(ma.state), E.load(mb.state)
    assert sa.players == 1 and len(sa.auslage) == 5 and sa.options["modus"] == "tagesstrand"
    assert (sa.skizze, sa.wimpel, sa.auslage) == (sb.skizze, sb.wimpel, sb.auslage)
    # different builds, the same throws: the first refill is the same die for both
    legal = E.legal_actions(sa, 0)
    first, other = E.apply(sa, 0, legal[0])[0], E.apply(sb, 0, legal[-1])[0]
    assert legal[0] != legal[-1]
    new = [d for d in first.auslage if d not in sa.auslage]
    assert new and new == [d for d in other.auslage if d not in sb.auslage]
    ma = finish(ma, seed=1)
    mb = finish(mb, seed=2)
    assert ma.result["rekordpunkte"] == ma.result["points"][0]
    score = SoloScore.objects.get(user=grete, game="burg")
    assert score.points == ma.result["rekordpunkte"] and score.mode == SoloScore.Mode.DAILY
    assert not ScoreEntry.objects.filter(game="burg").exists()  # not the Bestenliste
    assert SoloRun.objects.get(pk=a.pk).status == SoloRun.Status.FINISHED


def test_the_second_attempt_of_the_day_is_practice(grete):
    first = solo.start_daily(user=grete, game="burg", now=NOON)
    finish(current_match(first))
    second = solo.start_daily(user=grete, game="burg", now=NOON)
    assert first.counts and not second.counts


def test_rekordjagd_lists_the_best_value_per_sketch_choice(grete):
    run = solo.start_record(user=grete, game="burg", category="zwei")
    match = current_match(run)
    assert E.load(match.state).options["skizzenwahl"] == "zwei" and match.state["phase"] == "skizze"
    match = finish(match)
    score = SoloScore.objects.get(user=grete, game="burg", mode=SoloScore.Mode.RECORD)
    assert score.points == match.result["rekordpunkte"]
