"""Post-game analysis of finished Speedrocket and Speedburg games: the registry offers it, the task
assesses the player's own decisions and the page marks where the strong computer would have chosen
differently."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.core import registry
from lobby import analysis, history
from lobby.models import Match, Seat, Table
from lobby.runtime import actions

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = {"rocket": ({"kurz": True}, 5), "burg": ({}, 3)}


def finished(user, game: str) -> Match:  # type: ignore[no-untyped-def]
    """A finished heads-up match: ``user`` (seat 0, playing like ``leicht``) against ``stark``."""
    options, seed = GAMES[game]
    table = Table.objects.create(game=game, kind="live", places=2, host=user, options=options)
    Seat.objects.create(table=table, index=0, user=user, name=user.username)
    Seat.objects.create(table=table, index=1, bot_level="stark", name="Strahl")
    match = actions.start_match(table=table, seed=seed)
    spec = registry.spec(game)
    rng = random.Random(seed)
    for _ in range(1000):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = spec.engine.load(match.state)
        assert 0 in spec.engine.to_move(state)  # the computer answers inline
        choice = spec.bots.BOTS["leicht"](spec.engine.view(state, 0), spec.engine.legal_actions(state, 0), rng)
        actions.submit(match_id=match.pk, seat=0, action=choice.action, expected_version=match.version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_analysis_of_a_finished_game_marks_the_decisions_stark_would_have_taken_otherwise(grete, client, game):
    assert game in analysis.analysable_games()
    match = finished(grete, game)
    result = analysis.request(match, 0)  # inline in tests
    assert result["status"] == analysis.DONE
    records = history.replay_steps(match)
    assert result["total"] == len(analysis.own_decisions(records, 0))
    decisions = result["decisions"]
    assert decisions and result["differs"] == sum(d["differs"] for d in decisions) > 0
    for d in decisions:
        assert records[d["step"]].seat == 0 and not records[d["step"]].by_bot
        assert len(d["options"]) >= 2 and all(o["label"] for o in d["options"])
        points = [o["points"] for o in d["options"]]
        assert d["cost"] == pytest.approx(max(0.0, points[0] - points[d["chosen"]]), abs=0.011)
    assert result["top"]
    client.force_login(grete)
    page = client.get(f"/partie/{match.pk}/analyse/").content.decode()
    assert "Analyse deiner Partie" in page and "Die teuersten Entscheidungen" in page
    assert 'data-differs="1"' in page and 'data-testid="marked-decision"' in page
    assert f"/partie/{match.pk}/analyse/" in client.get(f"/partie/{match.pk}/").content.decode()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_assessed_decision_sees_only_what_the_seat_knew_then(grete, game, monkeypatch):
    match = finished(grete, game)
    spec = registry.spec(game)
    seen = []
    real = spec.assess

    def spy(view, legal, chosen, rng, *, budget):  # type: ignore[no-untyped-def]
        seen.append((view, legal, chosen))
        return real(view, legal, chosen, rng, budget=budget)

    original = registry.spec
    monkeypatch.setattr(registry, "spec", lambda slug: dataclasses.replace(original(slug), assess=spy))
    analysis.request(match, 0)
    records = history.replay_steps(match)
    own = analysis.own_decisions(records, 0)
    assert len(seen) == len(own)
    for (view, legal, chosen), index in zip(seen, own, strict=True):
        before = history.state_at(match, records, index).state
        assert view == spec.engine.view(before, 0) and legal == spec.engine.legal_actions(before, 0)
        assert chosen == records[index].action
