"""Bestenliste points: the only place that writes ``ScoreEntry`` rows.

The game-specific formulas (points, place bonus, minimum length …) are applied by
the caller (the table runtime); these functions only store the result. Guests are
never recorded. Each entry is keyed by ``(match, user, kind)``: recording the same
result again returns the earlier entry and changes nothing.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.core import registry
from leaderboard.models import ScoreEntry, SoloScore
from moderation import services as audit
from moderation.models import AuditRecord
from moderation.services import ModerationError

LEAVE_PENALTY = -10


def _game_of(match_id: int) -> str | None:
    """The game of a match, read through the entry's foreign key (the table layer sits above us)."""
    matches = ScoreEntry._meta.get_field("match").related_model.objects
    return matches.filter(pk=match_id).values_list("game", flat=True).first()


@transaction.atomic
def record_points(
    *,
    user: User,
    game: str,
    points: int,
    match_id: int | None,
    kind: str = ScoreEntry.Kind.MATCH,
) -> ScoreEntry | None:
    """Store ``points`` for ``user`` once per (match, user, kind); ``None`` for guests.

    Without a match there is no idempotency key: every call adds an entry
    (meant for corrections, not for results of played games).
    """
    if isinstance(points, bool) or not isinstance(points, int):
        raise TypeError("points must be an int")
    if kind not in ScoreEntry.Kind.values:
        raise ValueError(f"unknown score kind: {kind!r}")
    registry.engine(game)  # raises registry.UnknownGame for a slug that is no game
    if match_id is not None and _game_of(match_id) != game:
        raise ValueError(f"match {match_id} is not a game of {game!r}")
    if user.is_guest:
        return None
    if match_id is None:
        return ScoreEntry.objects.create(user=user, game=game, points=points, kind=kind)
    entry, _created = ScoreEntry.objects.get_or_create(
        match_id=match_id, user=user, kind=kind, defaults={"game": game, "points": points}
    )
    return entry


def record_leave_penalty(*, user: User, game: str, match_id: int) -> ScoreEntry | None:
    """−10 for leaving ``match`` early (once per match); ``None`` for guests.

    Whether the penalty applies (only with other humans at the table) is the caller's rule.
    """
    return record_points(user=user, game=game, points=LEAVE_PENALTY, match_id=match_id, kind=ScoreEntry.Kind.LEFT)


@transaction.atomic
def record_solo_score(
    *,
    user: User,
    game: str,
    mode: str,
    category: str,
    day: date | None,
    points: int,
    won: bool,
    run_id: int,
) -> SoloScore:
    """Store a verified solo result once per run (a second call returns the first entry).

    Solo lists are separate from the Bestenliste: nothing here writes a ``ScoreEntry``.
    Guests are stored too (their results stay with the account they may become) and
    filtered out when a list is read.
    """
    if mode not in SoloScore.Mode.values:
        raise ValueError(f"unknown solo mode: {mode!r}")
    if mode == SoloScore.Mode.DAILY and day is None:
        raise ValueError("a daily result needs its day")
    registry.engine(game)
    entry, _created = SoloScore.objects.get_or_create(
        run_id=run_id,
        defaults={
            "user": user,
            "game": game,
            "mode": mode,
            "category": category,
            "day": day,
            "points": points,
            "won": won,
        },
    )
    return entry


def void_entry(*, entry: ScoreEntry, reason: str, by: User) -> ScoreEntry:
    """Void a Bestenliste entry (moderation): it stays stored, counts in no list and the player
    sees the reason in Meine Partien. Audited; a second void is refused."""
    reason = audit.clean_reason(reason)
    with transaction.atomic():
        entry = ScoreEntry.objects.select_for_update().select_related("user").get(pk=entry.pk)
        if entry.voided is not None:
            raise ModerationError("Dieser Eintrag ist schon gestrichen.")
        entry.voided, entry.void_reason, entry.voided_by = timezone.now(), reason[:500], by
        entry.save(update_fields=["voided", "void_reason", "voided_by"])
        audit.record(
            actor=by,
            action=AuditRecord.Action.VOID_SCORE,
            target_type="Punkteintrag",
            target_id=entry.pk,
            target_label=f"{entry.user.username}: {entry.points:+d} ({entry.game})",
            reason=reason,
            details={"spieler": entry.user_id, "punkte": entry.points, "partie": entry.match_id},
        )
    return entry


def delete_solo_score(*, entry: SoloScore, reason: str, by: User) -> None:
    """Remove a solo result from the solo lists (moderation), audited."""
    reason = audit.clean_reason(reason)
    with transaction.atomic():
        audit.record(
            actor=by,
            action=AuditRecord.Action.DELETE_SOLO_SCORE,
            target_type="Solo-Ergebnis",
            target_id=entry.pk,
            target_label=f"{entry.user.username}: {entry.points} ({entry.game}, {entry.get_mode_display()})",
            reason=reason,
            details={"spieler": entry.user_id, "punkte": entry.points, "versuch": entry.run_id},
        )
        entry.delete()
