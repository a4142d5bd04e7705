"""Post-game analysis (lobby/analysis.py): own decisions only, the seat's view only, cached, German page."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest
from django.core.cache import cache

from accounts import services as accounts
from games.core import registry
from games.kleister import bots as kleister_bots
from lobby import analysis, history
from lobby.models import Match, Seat, Table
from lobby.runtime import actions

pytestmark = pytest.mark.django_db(transaction=True)


def finished_kleister(user, seed: int = 4) -> Match:  # type: ignore[no-untyped-def]
    """A finished Speedkleister match: ``user`` (seat 0, playing like ``leicht``) against ``stark``."""
    table = Table.objects.create(game="kleister", kind="live", places=2, host=user)
    Seat.objects.create(table=table, index=0, user=user, name=user.username)
    Seat.objects.create(table=table, index=1, bot_level="stark", name="Strahl")
    match = actions.start_match(table=table, seed=seed)
    engine = registry.engine("kleister")
    rng = random.Random(seed)
    for _ in range(500):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = engine.load(match.state)
        choice = kleister_bots.choose_leicht(engine.view(state, 0), engine.legal_actions(state, 0), rng)
        actions.submit(match_id=match.pk, seat=0, action=choice.action, expected_version=match.version)
    raise AssertionError("the game did not end")


def use_assess(monkeypatch, assess) -> None:  # type: ignore[no-untyped-def]
    """Speedkleister's analysis hook replaced (the registry resolves it once per game)."""
    real = registry.spec

    def spec(slug: str):  # type: ignore[no-untyped-def]
        found = real(slug)
        return dataclasses.replace(found, assess=assess) if slug == "kleister" else found

    monkeypatch.setattr(registry, "spec", spec)


def test_every_own_decision_is_assessed_from_the_seats_view_at_that_moment(grete, monkeypatch):
    match = finished_kleister(grete)
    records = history.replay_steps(match)
    seen = []
    original = kleister_bots.assess

    def spy(view, legal, chosen, rng, *, budget):  # type: ignore[no-untyped-def]
        seen.append((view, legal, chosen))
        return original(view, legal, chosen, rng, budget=budget)

    use_assess(monkeypatch, spy)
    result = analysis.request(match, 0)
    assert result["status"] == analysis.DONE  # inline in tests
    own = analysis.own_decisions(records, 0)
    assert len(seen) == len(own) == result["total"] > 5
    engine = registry.engine("kleister")
    for (view, legal, chosen), index in zip(seen, own, strict=True):
        before = history.state_at(match, records, index).state
        assert view == engine.view(before, 0)  # what the seat knew then, nothing later, nobody else's
        assert legal == engine.legal_actions(before, 0)
        assert chosen == records[index].action
    assert all(records[d["step"]].seat == 0 for d in result["decisions"])


def test_the_result_names_stark_s_choice_the_points_and_the_costliest_decisions(grete):
    match = finished_kleister(grete)
    result = analysis.request(match, 0)
    decisions = result["decisions"]
    assert decisions and result["differs"] == sum(d["differs"] for d in decisions) > 0
    for d in decisions:
        points = [o["points"] for o in d["options"]]
        assert d["cost"] == pytest.approx(max(0.0, points[0] - points[d["chosen"]]), abs=0.011)
    costs = {d["step"]: d["cost"] for d in decisions}
    top = result["top"]
    assert 1 <= len(top) <= 3 and [costs[s] for s in top] == sorted(costs[s] for s in top)[::-1]
    assert min(costs[s] for s in top) >= max([c for s, c in costs.items() if s not in top] or [0])


def test_the_analysis_is_cached_per_match_and_seat(grete, monkeypatch):
    match = finished_kleister(grete)
    first = analysis.request(match, 0)
    monkeypatch.setattr(analysis, "run", lambda **kw: pytest.fail("computed again"))
    assert analysis.request(match, 0) == first
    assert analysis.status(match.pk, 1) is None  # the other seat has its own entry


def test_a_stalled_analysis_is_started_again(grete):
    match = finished_kleister(grete)
    stalled = {"status": analysis.RUNNING, "done": 2, "total": 9, "updated": time.time() - 3600}
    cache.set(analysis.cache_key(match.pk, 0), stalled)
    assert analysis.request(match, 0)["status"] == analysis.DONE


def test_a_failed_analysis_says_so_in_german(grete, client, monkeypatch):
    match = finished_kleister(grete)

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    use_assess(monkeypatch, broken)
    client.force_login(grete)
    first = client.get(f"/partie/{match.pk}/analyse/")
    assert first.status_code == 200 and "fehlgeschlagen" in first.content.decode()
    assert analysis.status(match.pk, 0)["status"] == analysis.FAILED
    page = client.get(f"/partie/{match.pk}/analyse/stand/")
    assert "fehlgeschlagen" in page.content.decode()


def test_the_page_shows_progress_while_it_runs_and_the_verdicts_at_the_end(grete, client):
    match = finished_kleister(grete)
    client.force_login(grete)
    cache.set(
        analysis.cache_key(match.pk, 0), {"status": analysis.RUNNING, "done": 3, "total": 12, "updated": time.time()}
    )
    running = client.get(f"/partie/{match.pk}/analyse/stand/").content.decode()
    assert "<progress" in running and "3 von 12 Entscheidungen" in running and "hx-get" in running
    cache.clear()
    page = client.get(f"/partie/{match.pk}/analyse/").content.decode()
    assert "Analyse deiner Partie" in page and "Die teuersten Entscheidungen" in page
    assert 'data-differs="1"' in page and "hx-get" not in page  # done: no more polling
    replay = client.get(f"/partie/{match.pk}/").content.decode()
    assert f"/partie/{match.pk}/analyse/" in replay
    partien = client.get("/konto/partien/").content.decode()
    assert f"/partie/{match.pk}/analyse/" in partien


def test_only_the_players_of_a_finished_game_may_have_it_analysed(grete, client):
    match = finished_kleister(grete)
    paul = accounts.register_user(username="paul", password="Kleister-1929!")
    assert client.get(f"/partie/{match.pk}/analyse/").status_code == 302  # to the login
    client.force_login(paul)
    response = client.get(f"/partie/{match.pk}/analyse/")
    assert response.status_code == 404
    assert analysis.status(match.pk, 0) is None
    assert "analyse-link" not in client.get(f"/partie/{match.pk}/").content.decode()
    client.force_login(grete)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.PLAYING)
    assert client.get(f"/partie/{match.pk}/analyse/").status_code == 404
    assert client.get("/partie/999999/analyse/stand/").status_code == 404


def test_a_speedneon_game_is_analysed_too(grete):
    from games.neon import bots as neon_bots

    table = Table.objects.create(game="neon", kind="live", places=2, host=grete)
    Seat.objects.create(table=table, index=0, user=grete, name=grete.username)
    Seat.objects.create(table=table, index=1, bot_level="stark", name="Strahl")
    match = actions.start_match(table=table, seed=3)
    engine = registry.engine("neon")
    rng = random.Random(3)
    for _ in range(400):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        state = engine.load(match.state)
        assert 0 in engine.to_move(state)  # the computer answers inline
        choice = neon_bots.choose_leicht(engine.view(state, 0), engine.legal_actions(state, 0), rng)
        actions.submit(match_id=match.pk, seat=0, action=choice.action, expected_version=match.version)
    assert match.status == Match.Status.FINISHED
    result = analysis.request(match, 0)
    assert result["status"] == analysis.DONE and result["decisions"]
    assert all(d["options"][d["chosen"]]["label"] for d in result["decisions"])


def test_a_game_without_assess_offers_no_analysis(grete, client, monkeypatch):
    match = finished_kleister(grete)
    use_assess(monkeypatch, None)
    client.force_login(grete)
    response = client.get(f"/partie/{match.pk}/analyse/")
    assert response.status_code == 404 and analysis.status(match.pk, 0) is None
    assert f"/partie/{match.pk}/analyse/" not in client.get(f"/partie/{match.pk}/").content.decode()
    assert f"/partie/{match.pk}/analyse/" not in client.get("/konto/partien/").content.decode()


def test_without_a_broker_the_page_says_the_analysis_failed(grete, client, settings, monkeypatch):
    match = finished_kleister(grete)
    settings.COMPUTER_DISPATCH = "auto"
    settings.CELERY_TASK_ALWAYS_EAGER = False

    def unreachable(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionError("broker away")

    monkeypatch.setattr(analysis.current_app, "send_task", unreachable)
    client.force_login(grete)
    page = client.get(f"/partie/{match.pk}/analyse/")
    assert page.status_code == 200 and "fehlgeschlagen" in page.content.decode()


def test_distributed_the_analysis_is_a_celery_task(grete, settings, monkeypatch):
    match = finished_kleister(grete)
    settings.COMPUTER_DISPATCH = "auto"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(analysis.current_app, "send_task", lambda name, **kw: sent.append((name, kw["args"])))
    entry = analysis.request(match, 0)
    assert sent == [(analysis.TASK, (match.pk, 0))]
    assert entry["status"] == analysis.RUNNING and entry["done"] == 0 and entry["total"] > 0
    assert analysis.request(match, 0)["status"] == analysis.RUNNING and len(sent) == 1  # asked once


def test_embedded_the_analysis_runs_on_its_own_pool(grete, settings):
    match = finished_kleister(grete)
    settings.COMPUTER_DISPATCH = "auto"
    settings.CELERY_TASK_ALWAYS_EAGER = True
    analysis.request(match, 0)
    for _ in range(400):
        if analysis.status(match.pk, 0)["status"] == analysis.DONE:
            break
        time.sleep(0.05)
    assert analysis.status(match.pk, 0)["status"] == analysis.DONE
