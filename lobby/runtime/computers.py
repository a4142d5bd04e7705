"""Computer decisions at a table: a computer seat's move, a timed-out human's move, the Rat.

Every decision is made from the seat's view only ("Der Computer sieht nie mehr
als du") and goes through the same ``actions.submit`` as a human's move.
"""

from __future__ import annotations

from typing import Any

from games.core import registry
from games.core.bots import Choice
from games.core.protocol import IllegalAction
from games.core.rng import draw_rng
from lobby.models import Match
from lobby.runtime import actions


def computer_move(*, match_id: int, seat: int, version: int) -> actions.Outcome | None:
    """Let the computer act for ``seat`` if the match is still at ``version``."""
    match = Match.objects.get(pk=match_id)
    if match.version != version or match.status != Match.Status.PLAYING:
        return None
    level = match.players[seat].get("bot")
    if not level:
        return None
    engine = registry.engine(match.game)
    state = engine.load(match.state)
    if seat not in engine.to_move(state):
        return None
    choice = choose_for(match=match, state=state, seat=seat, level=level)
    try:
        return actions.submit(match_id=match_id, seat=seat, action=choice.action, expected_version=version, by_bot=True)
    except actions.StaleAction:
        return None


def choose_for(*, match: Match, state: Any, seat: int, level: str, timeout: bool = False) -> Choice:
    """A bot's choice from the seat's view only.

    ``timeout``: the computer finishes a human's move after the clock ran out; a
    game may restrict what it does then (its spec's ``timeout_actions``, e.g. no tools).
    """
    spec = registry.spec(match.game)
    view = spec.engine.view(state, seat)
    legal = spec.timeout_choices(state, seat) if timeout else spec.engine.legal_actions(state, seat)
    rng = draw_rng(match.seed, 1_000_000 + match.version * 8 + seat)
    return spec.bots.BOTS[level](view, legal, rng)


def match_for_advice(match_id: int) -> Match:
    return Match.objects.get(pk=match_id)


def advice(*, match: Match, seat: int) -> Choice:
    """Rat: what the strong computer would do for ``seat``, with its reason."""
    spec = registry.spec(match.game)
    state = spec.engine.load(match.state)
    if seat not in spec.engine.to_move(state):
        raise IllegalAction("Rat gibt es, wenn du dran bist.")
    if spec.advice is not None:  # a game may restrict the Rat (Speedneon: no tools that cost dice)
        rng = draw_rng(match.seed, 2_000_000 + match.version * 8 + seat)
        return spec.advice(spec.engine.view(state, seat), spec.engine.legal_actions(state, seat), rng)
    return choose_for(match=match, state=state, seat=seat, level="stark")
