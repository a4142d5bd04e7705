"""Moderation of tables: an admin closes a table ("Tisch schließen"). Results are never set by hand.

Closing aborts the running game without scoring, refunds every stake through the
ledger (the same idempotency keys as every other abort, so a stake comes back
exactly once whoever aborts first), gives back the stakes held for seats in the
waiting room, closes the table, logs it at the table and tells the open pages.
One transaction, audited; lock order as everywhere: Match, then Table, then wallets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from accounts import services as taler
from lobby import settlement
from lobby.models import Match, Seat, SoloRun, Table
from lobby.runtime import actions, chat, deadlines, notify
from moderation import services as audit
from moderation.models import AuditRecord
from moderation.services import ModerationError


@dataclass
class Closed:
    table_id: int
    match_id: int | None
    refunds: dict[str, int] = field(default_factory=dict)  # player name -> Taler given back


def notice_text(running: bool, refunded: bool) -> str:
    text = "Ein Admin hat diesen Tisch geschlossen"
    if running:
        text += " – die Partie endet ohne Wertung"
    return text + (", alle Einsätze gehen zurück." if refunded else ".")


def _abort(match: Match, closed: Closed) -> None:
    """The running game ends without scoring; its stakes go back; each payer's new balance goes to
    their own page (the header shows it at once)."""
    match.status = Match.Status.ABORTED
    match.finished = deadlines.now()
    settlement.refund_stakes(match)
    paying = [(seat, p) for seat, p in enumerate(match.players) if p.get("user_id") and p.get("stake", 0) > 0]
    balances = taler.balances_of([p["user_id"] for _seat, p in paying])
    for _seat, player in paying:
        closed.refunds[player["name"]] = closed.refunds.get(player["name"], 0) + player["stake"]
        player["balance"] = balances.get(player["user_id"])


def _release_holds(table: Table, closed: Closed) -> None:
    """Stakes reserved for seats (waiting room, Nochmal) go back; the seats stay as a record."""
    for seat in Seat.objects.filter(table=table).exclude(hold_key="").select_related("user"):
        if seat.user is not None:
            settlement.release_stake(user=seat.user, table_id=table.pk, stake=table.stake, key=seat.hold_key)
            closed.refunds[seat.name] = closed.refunds.get(seat.name, 0) + table.stake
    Seat.objects.filter(table=table).update(hold_key="")


def close_table(*, table_id: int, reason: str, by: Any) -> Closed:
    """Close ``table_id`` for good (see the module docstring); refused for a table already closed."""
    reason = audit.clean_reason(reason)
    with transaction.atomic():
        match, table = actions.lock_newest(table_id)
        if table is None:
            raise ModerationError("Diesen Tisch gibt es nicht.")
        if table.status == Table.Status.CLOSED:
            raise ModerationError(f"Tisch {table.pk} ist schon geschlossen.")
        running = match is not None and match.status == Match.Status.PLAYING
        closed = Closed(table_id=table.pk, match_id=match.pk if running else None)
        if running:
            _abort(match, closed)
        _release_holds(table, closed)
        table.status, table.reserved_until = Table.Status.CLOSED, None
        table.save(update_fields=["status", "reserved_until"])
        SoloRun.objects.filter(table=table, status=SoloRun.Status.OPEN).update(
            status=SoloRun.Status.ABORTED, finished=deadlines.now()
        )
        text = notice_text(running, bool(closed.refunds))
        if running:
            actions.table_event(match=match, seat=0, kind="geschlossen", text=text)
        elif match is not None:
            match_id, version = match.pk, match.version
            transaction.on_commit(
                lambda: notify.table_changed(table_id=table_id, match_id=match_id, version=version, fresh=True),
                robust=True,
            )
        audit.record(
            actor=by,
            action=AuditRecord.Action.CLOSE_TABLE,
            target_type="Tisch",
            target_id=table.pk,
            target_label=str(table),
            reason=reason,
            details={"partie": closed.match_id, "erstattet": closed.refunds},
        )
        transaction.on_commit(lambda: notify.lobby_changed(table_id=table_id), robust=True)
        transaction.on_commit(lambda: chat.send_notice(table_id, text), robust=True)
    return closed
