"""Accounts and Taler: every balance change goes through ``change_balance``.

Each change has an idempotency key. Calling a service twice with the same key
changes nothing the second time. Balances never go below zero: the update is
conditional and a database constraint backs it up.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as N_

from accounts.models import MAX_NAME_LENGTH, LedgerEntry, User, Wallet
from accounts.signals import user_renamed
from moderation import services as audit
from moderation.models import AuditRecord
from moderation.services import ModerationError


class TalerError(Exception):
    """A refused Taler change; ``message`` is German, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Booking:
    entry: LedgerEntry
    created: bool  # False: the key was booked before, nothing changed now


def format_taler(amount: int) -> str:
    """Grouped as the reader's language groups: "1.000 Taler" in German, "1,000 Taler" in English."""
    sign = "−" if amount < 0 else ""
    grouped = f"{abs(amount):,}"
    if (translation.get_language() or "de").startswith("de"):
        grouped = grouped.replace(",", ".")
    return f"{sign}{grouped} Taler"


def change_balance(
    *,
    user: User,
    amount: int,
    kind: str,
    reason: str,
    key: str,
    table_id: int | None = None,
    admin: User | None = None,
) -> Booking:
    """Book ``amount`` (positive or negative) once for ``key``; refuses an overdraft."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise TalerError(N_("Der Betrag muss eine ganze Zahl sein."))
    existing = LedgerEntry.objects.filter(key=key).first()
    if existing is not None:
        return Booking(existing, created=False)
    try:
        with transaction.atomic():
            wallet = Wallet.objects.select_for_update().get(user=user)
            if wallet.balance + amount < 0:
                raise TalerError(
                    gettext("Nicht genug Taler: Du hast %(have)s, gebraucht werden %(need)s.")
                    % {"have": format_taler(wallet.balance), "need": format_taler(-amount)}
                )
            updated = Wallet.objects.filter(pk=wallet.pk, balance__gte=-amount).update(balance=F("balance") + amount)
            if not updated:
                raise TalerError(N_("Nicht genug Taler."))
            wallet.refresh_from_db(fields=["balance"])
            entry = LedgerEntry.objects.create(
                wallet=wallet,
                amount=amount,
                balance_after=wallet.balance,
                kind=kind,
                reason=reason,
                key=key,
                table_id=table_id,
                admin=admin,
            )
    except IntegrityError:
        # A parallel call booked the same key first: that booking stands.
        existing = LedgerEntry.objects.filter(key=key).first()
        if existing is None:
            raise
        return Booking(existing, created=False)
    return Booking(entry, created=True)


def open_wallet(*, user: User) -> Wallet:
    """Create the wallet of a registered player with the start credit (once)."""
    wallet, _ = Wallet.objects.get_or_create(user=user)
    change_balance(
        user=user,
        amount=settings.TALER_START_CREDIT,
        kind=LedgerEntry.Kind.START,
        reason="Startguthaben",
        key=f"start:{user.pk}",
    )
    wallet.refresh_from_db()
    return wallet


def register_user(*, username: str, password: str) -> User:
    with transaction.atomic():
        user = get_user_model().objects.create_user(username=username, password=password)
        open_wallet(user=user)
    return user


def create_guest() -> User:
    """A new guest "Gast-NNNN" with an unusable password and no wallet."""
    model = get_user_model()
    for _ in range(50):
        name = f"Gast-{secrets.randbelow(10000):04d}"
        if not model.objects.filter(username=name).exists():
            try:
                with transaction.atomic():
                    guest = model(username=name, is_guest=True)
                    guest.set_unusable_password()
                    guest.save()
                return guest
            except IntegrityError:
                continue
    # Four digits ran out of luck: fall back to a longer, still readable number.
    guest = model(username=f"Gast-{secrets.randbelow(10**8):08d}", is_guest=True)
    guest.set_unusable_password()
    guest.save()
    return guest


def upgrade_guest(*, guest: User, username: str, password: str) -> User:
    """Turn a guest into a registered player; the same row keeps all it did."""
    if not guest.is_guest:
        raise TalerError(N_("Dieses Konto ist schon angelegt."))
    with transaction.atomic():
        guest.username = username
        guest.is_guest = False
        guest.set_password(password)
        guest.save(update_fields=["username", "is_guest", "password"])
        open_wallet(user=guest)
    return guest


def grant_daily_allowance(*, user: User, today: date | None = None) -> Booking | None:
    """Tagesgeld: the first visit of a day tops a balance below 100 up to 100."""
    if user.is_guest:
        return None
    today = today or timezone.localdate()
    with transaction.atomic():
        wallet = Wallet.objects.select_for_update().filter(user=user).first()
        if wallet is None or wallet.last_allowance == today:
            return None
        wallet.last_allowance = today
        wallet.save(update_fields=["last_allowance"])
        missing = settings.TALER_DAILY_MINIMUM - wallet.balance
        if missing <= 0:
            return None
        return change_balance(
            user=user,
            amount=missing,
            kind=LedgerEntry.Kind.ALLOWANCE,
            reason="Tagesgeld",
            key=f"tagesgeld:{user.pk}:{today.isoformat()}",
        )


def balances_of(user_ids: list[int]) -> dict[int, int]:
    """The current balance of each of these users' wallets (user id -> Taler)."""
    return dict(Wallet.objects.filter(user_id__in=user_ids).values_list("user_id", "balance"))


def place_stake(*, user: User, amount: int, table_id: int, key: str) -> Booking:
    if amount <= 0:
        raise TalerError(N_("Der Einsatz muss größer als null sein."))
    if user.is_guest:
        raise TalerError(N_("Gäste spielen ohne Einsatz."))
    return change_balance(
        user=user,
        amount=-amount,
        kind=LedgerEntry.Kind.STAKE,
        reason=f"Einsatz an Tisch {table_id}",
        key=key,
        table_id=table_id,
    )


def pay_out(*, user: User, amount: int, table_id: int, key: str) -> Booking:
    if amount <= 0:
        raise TalerError(N_("Ein Gewinn muss größer als null sein."))
    return change_balance(
        user=user,
        amount=amount,
        kind=LedgerEntry.Kind.PAYOUT,
        reason=f"Gewinn an Tisch {table_id}",
        key=key,
        table_id=table_id,
    )


def refund(*, user: User, amount: int, table_id: int, key: str) -> Booking:
    if amount <= 0:
        raise TalerError(N_("Eine Erstattung muss größer als null sein."))
    return change_balance(
        user=user,
        amount=amount,
        kind=LedgerEntry.Kind.REFUND,
        reason=f"Einsatz zurück von Tisch {table_id}",
        key=key,
        table_id=table_id,
    )


def admin_adjust(*, admin: User, user: User, amount: int, reason: str, key: str) -> Booking:
    """An admin's credit (positive) or debit (negative), with the admin named.

    ``key`` comes from the form that was shown, so a submitted twice books once.
    """
    reason = reason.strip()
    if not reason:
        raise TalerError(N_("Bitte einen Grund angeben."))
    if amount == 0:
        raise TalerError(N_("Der Betrag darf nicht null sein."))
    with transaction.atomic():
        booking = change_balance(
            user=user,
            amount=amount,
            kind=LedgerEntry.Kind.ADMIN,
            reason=f"{reason} (durch {admin.username})"[:200],
            key=f"admin:{key}",
            admin=admin,
        )
        if booking.created:
            audit.record(
                actor=admin,
                action=AuditRecord.Action.ADJUST_TALER,
                target_type="Spieler",
                target_id=user.pk,
                target_label=user.username,
                reason=reason,
                details={"betrag": amount, "buchung": booking.entry.pk},
            )
    return booking


def deactivate_user(*, user: User, reason: str, by: User | None = None) -> User:
    """Block the account with a reason; audited (``by``: the admin). Refused (ModerationError, nothing
    written) for an account already blocked, for the admin's own account and, unless ``by`` is a
    superuser, for a superuser's."""
    return _set_active(user, False, reason, by, missing=N_("Bitte einen Grund für die Sperre angeben."))


def reactivate_user(*, user: User, reason: str, by: User | None = None) -> User:
    """Lift a block, with a reason; audited (``by``: the admin). Refused for an account that is not blocked."""
    missing = N_("Bitte einen Grund angeben, warum die Sperre aufgehoben wird.")
    return _set_active(user, True, reason, by, missing=missing)


def _set_active(user: User, active: bool, reason: str, by: User | None, *, missing: str) -> User:
    """Block or unblock once: the row is locked and its current state checked before anything is written,
    so a repeated or parallel request changes nothing and writes no second audit record."""
    reason = reason.strip()
    if not reason:
        raise ModerationError(gettext(missing), field="reason")
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        if active and user.is_active:
            raise ModerationError(gettext("%(name)s ist nicht gesperrt.") % {"name": user.username})
        if not active:
            if not user.is_active:
                raise ModerationError(gettext("%(name)s ist schon gesperrt.") % {"name": user.username})
            if by is not None and by.pk == user.pk:
                raise ModerationError(gettext("Du kannst dich nicht selbst sperren."))
            if by is not None and user.is_superuser and not by.is_superuser:
                raise ModerationError(
                    gettext("Das Konto von %(name)s (Superuser) darf nur ein Superuser sperren.")
                    % {"name": user.username}
                )
        user.is_active = active
        user.deactivation_reason = "" if active else reason
        user.save(update_fields=["is_active", "deactivation_reason"])
        audit.record(
            actor=by,
            action=AuditRecord.Action.REACTIVATE_USER if active else AuditRecord.Action.DEACTIVATE_USER,
            target_type="Spieler",
            target_id=user.pk,
            target_label=user.username,
            reason=reason,
        )
    return user


_USERNAME = UnicodeUsernameValidator()


GUEST_PREFIX = "Gast-"


def check_username(username: str, *, user: User) -> str:
    """A new name for ``user``: the rules of the registration form, German refusals (on the field
    ``username``). A guest stays recognisable as a guest: their new name starts with "Gast-" too."""
    username = (username or "").strip()

    def refuse(message: str) -> ModerationError:
        return ModerationError(message, field="username")

    if not username:
        raise refuse(gettext("Bitte einen neuen Namen angeben."))
    if len(username) > MAX_NAME_LENGTH:
        raise refuse(gettext("Der Name darf höchstens %(max)d Zeichen lang sein.") % {"max": MAX_NAME_LENGTH})
    try:
        _USERNAME(username)
    except ValidationError:
        raise refuse(gettext("Der Name darf nur Buchstaben, Ziffern und @ . + - _ enthalten."))
    if user.is_guest:
        if not username.startswith(GUEST_PREFIX) or len(username) == len(GUEST_PREFIX):
            raise refuse(gettext("Ein Gast heißt „Gast-…“: der neue Name muss mit „Gast-“ beginnen."))
    elif username.lower().startswith(GUEST_PREFIX.lower()):
        raise refuse(gettext("Namen, die mit „Gast-“ beginnen, sind für Gäste reserviert."))
    if get_user_model().objects.filter(username__iexact=username).exclude(pk=user.pk).exists():
        raise refuse(gettext("Dieser Name ist schon vergeben."))
    if username == user.username:
        raise refuse(gettext("Das ist schon der Name dieses Spielers."))
    return username


def as_sentence(text: str) -> str:
    """``text`` ending with a full stop (unless it already ends with . ! or ?)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" else f"{text}."


def rename_user(*, user: User, username: str, reason: str, by: User) -> User:
    """Replace an offensive user name; the player is told at the next login. Audited."""
    reason = audit.clean_reason(reason)
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        username = check_username(username, user=user)
        old = user.username
        user.username = username
        user.login_notice = (
            f"Dein Name „{old}“ wurde von der Moderation in „{username}“ geändert. Grund: {as_sentence(reason)} "
            f"Melde dich ab jetzt mit „{username}“ an."
        )
        user.save(update_fields=["username", "login_notice"])
        audit.record(
            actor=by,
            action=AuditRecord.Action.RENAME_USER,
            target_type="Spieler",
            target_id=user.pk,
            target_label=f"{old} → {username}",
            reason=reason,
            details={"alt": old, "neu": username},
        )
        user_renamed.send(sender=User, user=user, old=old)
    return user


def take_login_notice(user: User) -> str:
    """The pending moderation message for ``user`` (once: it is cleared here)."""
    if not user.login_notice:
        return ""
    notice = user.login_notice
    get_user_model().objects.filter(pk=user.pk).update(login_notice="")
    user.login_notice = ""
    return notice
