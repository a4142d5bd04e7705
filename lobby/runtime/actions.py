"""The table runtime's write path: start a match, apply an action, persist, notify.

One function, ``submit``, applies every action, a human's or a computer's: it
locks the match row, checks that the seat may act from the page it sent the
action from (``decisions.check``: seats deciding at the same time never make
each other stale, a duplicate is refused quietly, nothing is applied twice),
runs the engine, and stores the new state, the seats' decisions and clocks and
the action record in one transaction. After commit each follow-up step
(snapshot cache, group notify, computer scheduling, clock arming) runs on its own.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.core import registry
from games.core.protocol import IllegalAction
from games.core.registry import GameSpec
from games.core.rng import new_seed
from games.core.text import N_, Text, said
from lobby import settlement
from lobby.models import ActionRecord, Match, Seat, Table
from lobby.runtime import deadlines, decisions, dispatch, frames, hot, notify, snapshot, writes
from lobby.runtime.decisions import DuplicateAction, StaleAction

log = logging.getLogger(__name__)

__all__ = ["DuplicateAction", "Outcome", "StaleAction", "start_match", "submit", "table_event"]


@dataclass(frozen=True)
class Outcome:
    match_id: int
    version: int
    events: list[dict[str, Any]]
    finished: bool


def players_of(table: Table) -> list[dict[str, Any]]:
    seats = list(Seat.objects.filter(table=table).order_by("index"))
    return [{"name": s.name, "user_id": s.user_id, "bot": s.bot_level or None} for s in seats]


def _as_datetime(epoch: float | None) -> datetime | None:
    return datetime.fromtimestamp(epoch, tz=UTC) if epoch is not None else None


def update_decisions(match: Match, spec: GameSpec, state: Any, *, acting: int | None) -> None:
    """Advance every seat's decision to the match's (new) version; the row must be locked."""
    to_move = [] if match.status != Match.Status.PLAYING else spec.engine.to_move(state)
    current = match.decisions if len(match.decisions) == len(match.players) else decisions.empty(len(match.players))
    keys = {seat: spec.key_of(state, seat) for seat in to_move}
    match.decisions = decisions.advance(
        current,
        version=match.version,
        to_move=to_move,
        keys=keys,
        acting=acting,
        clocks=deadlines.clocks_for(match, spec, state, to_move),
        now=deadlines.now().timestamp(),
    )
    match.deadline = _as_datetime(decisions.earliest(match.decisions))


def current_decisions(match: Match, spec: GameSpec, state: Any) -> list[dict[str, Any]]:
    """The stored decisions (a match stored before they existed gets them computed once)."""
    if len(match.decisions) != len(match.players):
        update_decisions(match, spec, state, acting=None)
    return match.decisions


def start_match(*, table: Table, seed: int | None = None) -> Match:
    """Create the next match at ``table`` with its current seats and options."""
    spec = registry.spec(table.game)
    players = players_of(table)
    options = {**table.options, "names": [p["name"] for p in players]}
    seed = new_seed() if seed is None else seed
    state = spec.engine.new_game(seed=seed, players=len(players), options=options)
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
            state=spec.engine.dump(state),
        )
        update_decisions(match, spec, state, acting=None)
        match.save()
        Table.objects.filter(pk=table.pk).update(status=Table.Status.PLAYING)
        match_id, table_id, version = match.pk, table.pk, match.version
        after_commit(match_id, table_id, version)
    return match


def lock_match(match_id: int) -> Match:
    return Match.objects.select_for_update(of=("self",)).select_related("table").get(pk=match_id)


def lock_newest(table_id: int) -> tuple[Match | None, Table | None]:
    """The table's newest match and the table itself, locked in the order used everywhere: Match, then Table."""
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("table")
        .filter(table_id=table_id)
        .order_by("-number")
        .first()
    )
    return match, Table.objects.select_for_update().filter(pk=table_id).first()


def seat_of(match: Match, user_id: int) -> int:
    """The seat a person plays now, read from the locked match row (a seat taken over is not theirs)."""
    for index, player in enumerate(match.players):
        if player.get("user_id") == user_id and not player.get("bot"):
            return index
    raise IllegalAction(N_("Du sitzt nicht an diesem Tisch und kannst hier nicht ziehen."))


def legal_copy(spec: GameSpec, state: Any, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The server's own copy of the legal action the client named; the engine's German reason if none."""
    legal = spec.engine.legal_actions(state, seat)
    copy = frames.match_legal(action, legal)
    if copy is not None:
        return copy
    try:
        spec.engine.apply(state, seat, action)  # only for its German message; the result is dropped
    except IllegalAction:
        raise
    except Exception:  # a malformed value the engine does not expect
        log.info("refused malformed action %r", action)
    raise IllegalAction(N_("Dieser Zug ist nicht erlaubt."))


def submit(
    *,
    match_id: int,
    action: Any,
    expected_version: int,
    seat: int | None = None,
    user_id: int | None = None,
    by_bot: bool = False,
    extra_events: list[dict[str, Any]] | None = None,
) -> Outcome:
    """Apply ``action`` for ``seat`` (or the seat ``user_id`` plays now), sent from a page (or a
    computer) that saw ``expected_version``. What is applied and stored is the server's own copy of
    the matching legal action."""
    action = frames.check_action(action)
    kept = hot.take(match_id)
    if kept is not None:
        try:
            return _submit(match_id, action, expected_version, seat, user_id, by_bot, extra_events, kept=kept)
        except Exception:
            # The kept copy may be outdated (another writer), so any refusal or conflict is
            # decided again on the locked row; nothing of this attempt was committed.
            pass
    return _submit(match_id, action, expected_version, seat, user_id, by_bot, extra_events, kept=None)


def _submit(
    match_id: int,
    action: dict[str, Any],
    expected_version: int,
    seat: int | None,
    user_id: int | None,
    by_bot: bool,
    extra_events: list[dict[str, Any]] | None,
    *,
    kept: tuple[Match, Any] | None,
) -> Outcome:
    try:
        with transaction.atomic():
            if kept is None:
                match = lock_match(match_id)
                state = None
            else:
                match, state = kept
            if match.status != Match.Status.PLAYING:
                raise IllegalAction(N_("Die Partie ist schon vorbei."))
            if user_id is not None:
                seat = seat_of(match, user_id)
            if seat is None or not 0 <= seat < len(match.players):
                raise IllegalAction(N_("Du sitzt nicht an diesem Tisch und kannst hier nicht ziehen."))
            spec = registry.spec(match.game)
            if state is None:
                state = spec.engine.load(match.state)
            decisions.check(
                current_decisions(match, spec, state),
                seat=seat,
                version=expected_version,
                current=match.version,
                to_move=spec.engine.to_move(state),
            )
            action = legal_copy(spec, state, seat, action)
            previous = snapshot.get(match_id, match.version)
            new_state, events = apply_locked(
                match,
                spec,
                state,
                seat,
                action,
                by_bot=by_bot,
                extra_events=extra_events,
                unlocked_version=None if kept is None else match.version,
            )
            follow_up(match, previous, events, new_state)
            transaction.on_commit(lambda: hot.put(match, new_state), robust=True)
    except IntegrityError:
        # A parallel writer stored this version first (backs up the row lock).
        raise StaleAction(N_("Das Spiel ist inzwischen weiter – dein Zug kam zu spät."))
    return Outcome(match_id=match_id, version=match.version, events=events, finished=match.status != "playing")


def apply_locked(
    match: Match,
    spec: GameSpec,
    state: Any,
    seat: int,
    action: dict[str, Any],
    *,
    by_bot: bool,
    extra_events: list[dict[str, Any]] | None = None,
    unlocked_version: int | None = None,
) -> tuple[Any, list[dict[str, Any]]]:
    """Run the engine and store the result inside a transaction. The match row must be locked, or
    ``unlocked_version`` names the version the caller's copy of it has (``hot``): then the row is
    written only if it still is at that version (else ``hot.Outdated``, and nothing is kept)."""
    new_state, events = spec.engine.apply(state, seat, action)
    events = [*(extra_events or []), *takeover_names(match.players, events)]
    match.state = spec.engine.dump(new_state)
    match.version += 1
    finished = spec.engine.is_over(new_state)
    fields = ["state", "version", "deadline", "decisions"]
    if finished:
        match.status = Match.Status.FINISHED
        match.result = spec.engine.result(new_state)
        match.finished = timezone.now()
        fields += ["status", "result", "finished"]
    update_decisions(match, spec, new_state, acting=seat)
    if unlocked_version is not None and finished:
        # The settlement locks wallets: take the match row first (one lock order everywhere).
        if lock_match(match.pk).version != unlocked_version:
            raise hot.Outdated()
        unlocked_version = None
    if finished:
        # Pot and Bestenliste in the same transaction as the last move: all or nothing.
        settlement.settle(match)
        fields.append("players")
        Table.objects.filter(pk=match.table_id).update(status=Table.Status.FINISHED)
    if unlocked_version is None:
        match.save(update_fields=fields)
    elif not writes.update_if_at(match, fields, unlocked_version):
        raise hot.Outdated()
    writes.record_action(match, seat=seat, action=action, by_bot=by_bot, events=events)
    return new_state, events


def takeover_names(players: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Engines write the names they were started with; a seat a computer took over is
    "Computer (für NAME)" in every log line after the takeover."""
    renames = [(p["left_name"], p["name"]) for p in players if p.get("left_name")]
    if not renames:
        return events
    out = []
    for event in events:
        text = event.get("text")
        if isinstance(text, str):
            for old, new in renames:
                text = re.sub(rf"(?<![\w(]){re.escape(old)}(?!\w)", new, text)
            event = {**event, "text": text}
        out.append(event)
    return out


def follow_up(
    match: Match, previous: snapshot.Snapshot | None, events: list[dict[str, Any]], state: Any = None
) -> None:
    """After commit: cache, notify, computers, clocks; each step on its own (one failing never stops the next)."""
    version, match_id, table_id = match.version, match.pk, match.table_id
    # Decided here, where players and decisions are loaded: no query after commit.
    # A computer is asked when its decision starts and after each of its own actions within it.
    computers = [
        seat
        for seat, entry in enumerate(match.decisions)
        if entry["since"] is not None and version in (entry["since"], entry["acted"]) and match.players[seat].get("bot")
    ]
    clocks = [
        (seat, entry["since"])
        for seat, entry in enumerate(match.decisions)
        if entry["since"] == version and entry["deadline"] is not None
    ]
    tempo = match.table.options.get("tempo", "normal")
    if previous is not None:
        transaction.on_commit(lambda: snapshot.after_action(match, previous, events, loaded=state), robust=True)
    transaction.on_commit(
        lambda: notify.table_changed(table_id=table_id, match_id=match_id, version=version), robust=True
    )

    def schedule() -> None:
        delay = dispatch.tempo_delay(tempo)
        for computer in computers:
            dispatch.schedule_computer(match_id=match_id, seat=computer, version=version, delay=delay)

    transaction.on_commit(schedule, robust=True)
    transaction.on_commit(lambda: dispatch.arm_clocks(match=match, armed=clocks), robust=True)


def after_commit(match_id: int, table_id: int, version: int) -> None:
    """Register the follow-ups of a start or a table event; each runs after commit on its own."""
    transaction.on_commit(
        lambda: notify.table_changed(table_id=table_id, match_id=match_id, version=version), robust=True
    )
    transaction.on_commit(lambda: dispatch.schedule_computers(match_id=match_id), robust=True)
    transaction.on_commit(lambda: dispatch.arm_all_clocks(match_id=match_id), robust=True)


def table_event(*, match: Match, seat: int, text: Text, kind: str, extra: dict[str, Any] | None = None) -> int:
    """Log a table event (not an engine action) as a new version; the match row must be locked.
    ``extra``: more keys of the event (a takeover's "verlassen": the person's ``name``)."""
    spec = registry.spec(match.game)
    match.version += 1
    update_decisions(match, spec, spec.engine.load(match.state), acting=None)
    match.save(update_fields=["version", "players", "deadline", "decisions", "status", "finished"])
    event = {"type": kind, "seat": seat, **said(text), **(extra or {})}  # German text + translatable msg
    ActionRecord.objects.create(
        match=match, version=match.version, seat=seat, action={"type": kind}, system=True, events=[event]
    )
    after_commit(match.pk, match.table_id, match.version)
    return match.version
