"""Computer decisions at a table: a computer seat's move, a timed-out human's move, the Rat.

Every decision is made from the seat's view only ("Der Computer sieht nie mehr
als du") and goes through the same ``actions.submit`` as a human's move.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings

from games.core import registry, search
from games.core.bots import Choice
from games.core.protocol import IllegalAction
from games.core.rng import draw_rng
from games.core.text import N_, said
from lobby.models import Match
from lobby.runtime import actions

log = logging.getLogger(__name__)


RETRIES = 3
#: A timed-out human's move is made inside the match's lock: the strong computer thinks shorter there.
TIMEOUT_SECONDS = 0.2


def search_budget(seconds: float = search.DEFAULT_SECONDS) -> search.Budget:
    """The strong computer's time per decision, scaled by ``SEARCH_TIME_FACTOR`` (tests shorten it)."""
    return search.Budget(seconds=seconds * float(getattr(settings, "SEARCH_TIME_FACTOR", 1.0)))


def _budget(spec: registry.GameSpec, level: str, seconds: float = search.DEFAULT_SECONDS) -> dict[str, Any]:
    """The ``budget`` keyword for a bot: a time budget for a game whose strong computer takes one."""
    return {"budget": search_budget(seconds)} if level == "stark" and spec.timed_search else {}


def computer_move(*, match_id: int, seat: int, version: int) -> actions.Outcome | None:
    """Let the computer act for ``seat`` in the decision it was asked for at ``version``.

    Other seats may have acted since (simultaneous decisions): the computer decides
    on the current state and submits as of ``version``, so a second task for the
    same decision is refused as a duplicate. When another seat's action made its
    choice illegal in the meantime, it chooses again.
    """
    for _ in range(RETRIES):
        match = Match.objects.select_related("table").get(pk=match_id)
        if match.status != Match.Status.PLAYING or version > match.version:
            return None
        level = match.players[seat].get("bot")
        if not level:
            return None
        spec = registry.spec(match.game)
        state = spec.engine.load(match.state)
        entry = match.decisions[seat] if len(match.decisions) == len(match.players) else {"acted": None}
        already = entry["acted"] is not None and version < entry["acted"]
        if already or seat not in spec.engine.to_move(state):
            return None
        choice = choose_for(match=match, state=state, seat=seat, level=level)
        reason = None
        if choice.action.get("type") in spec.logged_reasons and choice.reason:
            reason = [{"type": "grund", "seat": seat, **said(choice.text)}]  # German text + translatable msg
        try:
            return actions.submit(
                match_id=match_id,
                seat=seat,
                action=choice.action,
                expected_version=version,
                by_bot=True,
                extra_events=reason,
            )
        except actions.StaleAction:
            return None
        except IllegalAction:
            continue  # another seat's action changed what is legal: decide again
    log.warning("computer found no legal action: match %s seat %s", match_id, seat)
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
    budget = _budget(spec, level, TIMEOUT_SECONDS if timeout else search.DEFAULT_SECONDS)
    return spec.bots.BOTS[level](view, legal, rng, **budget)


def advice(*, match: Match, seat: int) -> Choice:
    """Rat: what the strong computer would do for ``seat``, with its reason."""
    return advice_for(game=match.game, state_data=match.state, seed=match.seed, version=match.version, seat=seat)


def advice_for(*, game: str, state_data: dict[str, Any], seed: int, version: int, seat: int) -> Choice:
    """The Rat from the seat's view only; pure (no database), so it can run on any thread."""
    spec = registry.spec(game)
    state = spec.engine.load(state_data)
    if seat not in spec.engine.to_move(state):
        raise IllegalAction(N_("Rat gibt es, wenn du dran bist."))
    view, legal = spec.engine.view(state, seat), spec.engine.legal_actions(state, seat)
    budget = _budget(spec, "stark")
    if spec.advice is not None:  # a game may restrict the Rat (Speedneon: no tools that cost dice)
        return spec.advice(view, legal, draw_rng(seed, 2_000_000 + version * 8 + seat), **budget)
    return spec.bots.BOTS["stark"](view, legal, draw_rng(seed, 1_000_000 + version * 8 + seat), **budget)
