"""A user renamed by the moderation sits under the new name at tables that have not started.

Running and finished games keep the names they were played with (their record);
the user's chat lines written under the old name show the new one.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from accounts.signals import user_renamed
from lobby.models import ChatMessage, Seat, Table


@receiver(user_renamed, dispatch_uid="lobby.rename_seats")
def rename_seats(sender: Any, user: Any, old: str, **kwargs: Any) -> None:
    Seat.objects.filter(user=user, table__status=Table.Status.OPEN).update(name=user.username)
    ChatMessage.objects.filter(user=user, name=old).update(name=user.username)
