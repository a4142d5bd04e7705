from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext

from accounts import services


class DailyAllowanceMiddleware:
    """Tagesgeld on the first visit of a day (checked once per session and day)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not user.is_guest:
            today = timezone.localdate().isoformat()
            if request.session.get("allowance_checked") != today:
                booking = services.grant_daily_allowance(user=user)
                request.session["allowance_checked"] = today
                if booking is not None and booking.created:
                    messages.info(request, gettext("Tagesgeld: Dein Konto ist wieder auf 100 Taler aufgefüllt."))
        return self.get_response(request)
