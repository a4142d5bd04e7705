"""Table descriptions for the lobby list and the waiting room (German, for templates)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

from accounts.selectors import wallet_of
from accounts.services import format_taler
from games.core import registry
from lobby.models import Match, Table


def clock_label(seconds: int | None) -> str:
    if not seconds:
        return gettext("ohne Uhr")
    return gettext("2 Minuten") if seconds == 120 else f"{seconds} s"


_UNLOADED = object()


def describe(table: Table, user: Any = None, last_match: Any = _UNLOADED) -> dict[str, Any]:
    """A table for the lobby list and the waiting room; ``last_match`` if the caller loaded it."""
    seats = list(table.seats.all())
    user_id = user.pk if user is not None and user.is_authenticated else None
    reserved = table.reserved_until and table.reserved_until > timezone.now()
    mine = next((s for s in seats if user_id and s.user_id == user_id), None)
    last = Match.objects.filter(table=table).order_by("-number").first() if last_match is _UNLOADED else last_match
    return {
        "table": table,
        "game": registry.engine(table.game).NAME,
        "seats": [seats_by_index(seats, i) for i in range(table.places)],
        "taken": len(seats),
        "free": table.places - len(seats),
        "clock": clock_label(table.clock_seconds),
        "options": options_text(table),
        "mine": mine,
        "is_host": user_id == table.host_id,
        "reserved": reserved,
        "reserved_until": table.reserved_until.timestamp() if reserved else None,
        "guest_blocked": bool(user is not None and getattr(user, "is_guest", False) and table.stake),
        "cannot_sit": None if mine else cannot_sit_reason(table, user),
        "last_scores": last_scores(last),
    }


def cannot_sit_reason(table: Table, user: Any) -> str | None:
    """Why ``user`` may not take a seat at ``table`` because of its stake (None: they may)."""
    if not table.stake or user is None or not user.is_authenticated:
        return None
    wallet = None if user.is_guest else wallet_of(user)
    return stake_reason(table.stake, user, wallet.balance if wallet else 0)


def stake_reason(stake: int, user: Any, balance: int | None) -> str | None:
    """The reason for a stake of ``stake`` and a wallet holding ``balance`` (None: they may sit)."""
    if not stake or user is None or not user.is_authenticated:
        return None
    if user.is_guest:
        return gettext("Gäste spielen nur an Tischen ohne Einsatz.")
    if balance is not None and balance >= stake:
        return None
    return gettext("Einsatz %(stake)s – du hast nur %(balance)s.") % {
        "stake": format_taler(stake),
        "balance": format_taler(balance or 0),
    }


def seats_by_index(seats: list, index: int) -> Any:  # type: ignore[type-arg]
    return next((s for s in seats if s.index == index), None)


def options_text(table: Table) -> str:
    """The game describes its own options (``ui.options_summary``); the lobby adds its settings."""
    parts = [registry.ui(table.game).options_summary(table.options)]
    if table.fill_computers:
        parts.append(gettext("Computer füllen auf (%(level)s)") % {"level": gettext(table.bot_level)})
    return ", ".join(parts)


def last_scores(match: Match | None) -> list[tuple[str, int]]:
    if match is None or not match.result:
        return []
    return [(p["name"], points) for p, points in zip(match.players, match.result["points"], strict=True)]
