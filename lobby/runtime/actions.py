"""The table runtime's write path: start a match, apply an action, persist, notify.

One function, ``submit``, applies every action, a human's or a computer's:
it locks the match row, checks the expected version (a stale or duplicated
action is refused, never applied twice), runs the engine, stores the new
state together with the action record in one transaction, and after commit
tells the table's group the new version and schedules computer seats.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.core import registry
from games.core.protocol import IllegalAction
from games.core.rng import new_seed
from lobby import settlement
from lobby.models import ActionRecord, Match, Seat, Table
from lobby.runtime import deadlines, dispatch, notify, snapshot

log = logging.getLogger(__name__)

MAX_ACTION_KEYS = 12


class StaleAction(IllegalAction):
    """The action was meant for an older version of the game."""


@dataclass(frozen=True)
class Outcome:
    match_id: int
    version: int
    events: list[dict[str, Any]]
    finished: bool


def players_of(table: Table) -> list[dict[str, Any]]:
    seats = list(Seat.objects.filter(table=table).order_by("index"))
    return [{"name": s.name, "user_id": s.user_id, "bot": s.bot_level or None} for s in seats]


def start_match(*, table: Table, seed: int | None = None) -> Match:
    """Create the next match at ``table`` with its current seats and options."""
    engine = registry.engine(table.game)
    players = players_of(table)
    options = {**table.options, "names": [p["name"] for p in players]}
    seed = new_seed() if seed is None else seed
    state = engine.new_game(seed=seed, players=len(players), options=options)
    with transaction.atomic():
        number = (
            Match.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first() or 0
        ) + 1
        match = Match(
            table=table,
            number=number,
            game=table.game,
            seed=seed,
            options=options,
            players=players,
            state=engine.dump(state),
        )
        match.deadline = deadlines.deadline_for(match, state)
        match.save()
        Table.objects.filter(pk=table.pk).update(status=Table.Status.PLAYING)
        transaction.on_commit(lambda: after_commit(match.pk, table.pk, match.version))
    return match


def check_action(action: Any) -> dict[str, Any]:
    """Shape check before the engine sees it: a small JSON object with a type."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("Unbekannter Zug.")
    if len(action) > MAX_ACTION_KEYS:
        raise IllegalAction("Unbekannter Zug.")
    return action


def submit(*, match_id: int, seat: int, action: Any, expected_version: int, by_bot: bool = False) -> Outcome:
    """Apply ``action`` for ``seat`` if the match is still at ``expected_version``."""
    action = check_action(action)
    try:
        with transaction.atomic():
            match = Match.objects.select_for_update(of=("self",)).select_related("table").get(pk=match_id)
            if match.status != Match.Status.PLAYING:
                raise IllegalAction("Die Partie ist schon vorbei.")
            if expected_version != match.version:
                raise StaleAction("Das Spiel ist inzwischen weiter – dein Zug kam zu spät.")
            engine = registry.engine(match.game)
            state = engine.load(match.state)
            if seat not in engine.to_move(state):
                raise IllegalAction("Du bist gerade nicht dran.")
            new_state, events = engine.apply(state, seat, action)
            match.state = engine.dump(new_state)
            match.version += 1
            finished = engine.is_over(new_state)
            match.deadline = None if finished else deadlines.deadline_for(match, new_state)
            fields = ["state", "version", "deadline"]
            if finished:
                match.status = Match.Status.FINISHED
                match.result = engine.result(new_state)
                match.finished = timezone.now()
                fields += ["status", "result", "finished"]
            match.save(update_fields=fields)
            ActionRecord.objects.create(
                match=match, version=match.version, seat=seat, action=action, by_bot=by_bot, events=events
            )
            if finished:
                # Pot and Bestenliste in the same transaction as the last move: all or nothing.
                settlement.settle(match)
                Table.objects.filter(pk=match.table_id).update(status=Table.Status.FINISHED)
            version, table_id = match.version, match.table_id
            previous = snapshot.get(match_id, version - 1)
            # Decided here, where players and state are loaded: no query after commit.
            computers = [] if finished else [s for s in engine.to_move(new_state) if match.players[s].get("bot")]
            tempo = match.table.options.get("tempo", "normal")

            def committed() -> None:
                if previous is not None:
                    snapshot.after_action(match, previous, events)
                notify.table_changed(table_id=table_id, match_id=match_id, version=version)
                delay = dispatch.tempo_delay(tempo)
                for computer in computers:
                    dispatch.schedule_computer(match_id=match_id, seat=computer, version=version, delay=delay)
                dispatch.arm_clock(match_id=match_id)

            transaction.on_commit(committed)
    except IntegrityError:
        # A parallel writer stored this version first (backs up the row lock).
        raise StaleAction("Das Spiel ist inzwischen weiter – dein Zug kam zu spät.")
    return Outcome(match_id=match_id, version=version, events=events, finished=finished)


def after_commit(match_id: int, table_id: int, version: int) -> None:
    notify.table_changed(table_id=table_id, match_id=match_id, version=version)
    dispatch.schedule_computers(match_id=match_id)
    dispatch.arm_clock(match_id=match_id)


def table_event(*, match: Match, seat: int, text: str, kind: str) -> int:
    """Log a table event (not an engine action) as a new version; the match row must be locked."""
    match.version += 1
    match.save(update_fields=["version", "players", "deadline"])
    event = {"type": kind, "seat": seat, "text": text}
    ActionRecord.objects.create(
        match=match, version=match.version, seat=seat, action={"type": kind}, system=True, events=[event]
    )
    version, match_id, table_id = match.version, match.pk, match.table_id
    transaction.on_commit(lambda: after_commit(match_id, table_id, version))
    return version
