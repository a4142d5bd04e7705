"""At most a few new accounts per client address and hour ("Konto anlegen", "Als Gast spielen",
and the guest an anonymous visitor becomes by starting a free game, a daily puzzle or a record hunt).

Every new account (and every guest upgraded to one) opens a wallet with the
start credit, so one address may create only ``NEW_ACCOUNTS_PER_ADDRESS``
within ``NEW_ACCOUNTS_WINDOW_SECONDS`` (the window starts with its first
account). Counters live in Django's cache: Redis when REDIS_URL is set (shared
by every process), else the process's memory. The address is REMOTE_ADDR;
behind a proxy Daphne sets it from the proxy's X-Real-IP header (docs/operations.md).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

View = Callable[..., HttpResponse]


def client_address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR") or "unbekannt"


def _key(address: str) -> str:
    return f"throttle:new-accounts:{address}"


def accounts_created(address: str) -> int:
    return int(cache.get(_key(address), 0))


def record_new_account(address: str) -> None:
    key = _key(address)
    cache.add(key, 0, timeout=settings.NEW_ACCOUNTS_WINDOW_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=settings.NEW_ACCOUNTS_WINDOW_SECONDS)


def _account_of(request: HttpRequest) -> tuple[int, bool] | None:
    user = request.user
    return (user.pk, user.is_guest) if user.is_authenticated else None


def limit_new_accounts(view: View) -> View:
    """Refuse a POST with HTTP 429 once the address has used its quota; count accounts the view creates.

    The view created an account when the request ends with a different logged-in
    account than it began with (a new user, a new guest, or a guest that became
    a registered player).
    """
    return _limited(view, may_create=lambda before: before is None or before[1])


def limit_new_guests(view: View) -> View:
    """As ``limit_new_accounts`` for a view where only an anonymous visitor gets a new (guest) account:
    a logged-in player or guest is never refused there."""
    return _limited(view, may_create=lambda before: before is None)


def _limited(view: View, *, may_create: Callable[[tuple[int, bool] | None], bool]) -> View:
    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        before = _account_of(request)
        address = client_address(request)
        creates = may_create(before)
        if request.method == "POST" and creates and accounts_created(address) >= settings.NEW_ACCOUNTS_PER_ADDRESS:
            return render(request, "accounts/zu_viele_konten.html", status=429)
        response = view(request, *args, **kwargs)
        after = _account_of(request)
        if after is not None and after != before:
            record_new_account(address)
        return response

    return wrapped
