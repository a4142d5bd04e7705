"""Staked games nobody plays any more: aborted after 30 minutes without a human action, stakes back.

A staked table always has a clock, so computers finish the moves of people who
went away; a game where no human acted for ``IDLE_MINUTES`` is ended without
scoring and every stake is refunded through the ledger (idempotent keys), in
the same transaction as the log line that tells the table.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import Max

from games.core.text import tx
from lobby import settlement
from lobby.models import ActionRecord, Match, Table
from lobby.runtime import actions, deadlines

log = logging.getLogger(__name__)

IDLE_MINUTES = 30


def last_human_action(match: Match):  # type: ignore[no-untyped-def]
    latest = ActionRecord.objects.filter(match=match, by_bot=False, system=False).aggregate(at=Max("created"))["at"]
    return latest or match.started


def abort_idle_matches() -> int:
    """Abort every staked game whose last human action is older than IDLE_MINUTES; returns how many."""
    limit = deadlines.now() - timedelta(minutes=IDLE_MINUTES)
    aborted = 0
    candidates = Match.objects.filter(status=Match.Status.PLAYING, table__stake__gt=0, started__lt=limit)
    for match_id in candidates.values_list("pk", flat=True):
        with transaction.atomic():
            match = actions.lock_match(match_id)
            if match.status != Match.Status.PLAYING or last_human_action(match) >= limit:
                continue
            match.status = Match.Status.ABORTED
            match.finished = deadlines.now()
            settlement.refund_stakes(match)
            Table.objects.filter(pk=match.table_id).update(status=Table.Status.FINISHED)
            actions.table_event(
                match=match,
                seat=0,
                kind="abgebrochen",
                text=tx(
                    "%(minutes)s Minuten lang hat niemand gezogen – die Partie endet ohne Wertung, "
                    "alle Einsätze gehen zurück.",
                    minutes=IDLE_MINUTES,
                ),
            )
            log.warning("idle staked match %s aborted, stakes refunded", match_id)
            aborted += 1
    return aborted
