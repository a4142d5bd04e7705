"""Writing the audit log and the site-wide chat mutes; every refusal has a German message."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from moderation.models import AuditRecord, ChatBan

#: The periods an admin can choose for a site-wide chat mute (form value -> length, German label).
MUTE_PERIODS: dict[str, tuple[timedelta, str]] = {
    "1h": (timedelta(hours=1), "1 Stunde"),
    "24h": (timedelta(hours=24), "24 Stunden"),
    "7d": (timedelta(days=7), "7 Tage"),
    "30d": (timedelta(days=30), "30 Tage"),
}


class ModerationError(Exception):
    """A refused moderation action; ``message`` is German, for the admin. ``field``: the form field whose
    input was refused (the admin can correct it), None when the refusal is about the object's state."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def clean_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError("Bitte einen Grund angeben.")
    return reason


def record(
    *,
    actor: Any,
    action: str,
    target_type: str,
    target_id: Any,
    target_label: str,
    reason: str,
    details: dict[str, Any] | None = None,
) -> AuditRecord:
    """Write one audit record (call it inside the transaction of the action it records)."""
    if action not in AuditRecord.Action.values:
        raise ValueError(f"unknown audit action: {action!r}")
    return AuditRecord.objects.create(
        actor=actor if actor is not None and getattr(actor, "pk", None) else None,
        action=action,
        target_type=target_type,
        target_id=str(target_id),
        target_label=str(target_label)[:200],
        reason=clean_reason(reason),
        details=details or {},
    )


def local_time(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%d.%m.%Y, %H:%M Uhr")


def active_ban(user_id: int | None, now: datetime | None = None) -> ChatBan | None:
    """The user's current site-wide chat mute (the one that lasts longest), or None."""
    if user_id is None:
        return None
    now = now or timezone.now()
    return ChatBan.objects.filter(user_id=user_id, lifted__isnull=True, until__gt=now).order_by("-until").first()


def ban_message(ban: ChatBan) -> str:
    return gettext("Du bist im Chat bis %(until)s stummgeschaltet. Grund: %(reason)s") % {
        "until": local_time(ban.until),
        "reason": ban.reason,
    }


def mute_user(*, user: Any, period: str, reason: str, by: Any) -> ChatBan:
    """Mute ``user`` in every table chat for one of ``MUTE_PERIODS``, audited. Refused while a mute of
    theirs is in force (lift it first): a player has at most one, so lifting it unmutes them. The user's
    row is locked first, so two parallel requests cannot both find none."""
    if period not in MUTE_PERIODS:
        raise ModerationError("Bitte eine der angebotenen Dauern wählen.")
    reason = clean_reason(reason)
    length, label = MUTE_PERIODS[period]
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        current = active_ban(user.pk)
        if current is not None:
            raise ModerationError(
                gettext("%(name)s ist schon stummgeschaltet bis %(until)s.")
                % {"name": user.username, "until": local_time(current.until)}
            )
        ban = ChatBan.objects.create(user=user, until=timezone.now() + length, reason=reason, by=by)
        record(
            actor=by,
            action=AuditRecord.Action.MUTE_USER,
            target_type="Spieler",
            target_id=user.pk,
            target_label=user.username,
            reason=reason,
            details={"dauer": label, "bis": local_time(ban.until), "stummschaltung": ban.pk},
        )
    return ban


def lift_ban(*, ban: ChatBan, reason: str, by: Any) -> ChatBan:
    """End a site-wide chat mute early, audited; refused if it is already over."""
    reason = clean_reason(reason)
    with transaction.atomic():
        ban = ChatBan.objects.select_for_update().get(pk=ban.pk)
        if ban.lifted is not None or ban.until <= timezone.now():
            raise ModerationError(f"Die Stummschaltung von {ban.user} ist schon vorbei.")
        ban.lifted, ban.lifted_by = timezone.now(), by
        ban.save(update_fields=["lifted", "lifted_by"])
        record(
            actor=by,
            action=AuditRecord.Action.UNMUTE_USER,
            target_type="Spieler",
            target_id=ban.user_id,
            target_label=ban.user.username,
            reason=reason,
            details={"stummschaltung": ban.pk},
        )
    return ban
