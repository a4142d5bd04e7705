"""A moderation message waiting for the user (a new name) is shown once, at the next login."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from accounts.services import take_login_notice


@receiver(user_logged_in, dispatch_uid="accounts.login_notice")
def show_login_notice(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    # Without the messages middleware (a test's force_login) the notice waits for a real login.
    if request is None or not hasattr(request, "_messages") or not getattr(user, "login_notice", ""):
        return
    notice = take_login_notice(user)
    if notice:
        messages.warning(request, notice)
