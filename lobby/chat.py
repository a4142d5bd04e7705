"""The table chat: who may write what, mutes, the stored lines (the socket part is lobby/runtime/chat.py).

Registered players at a live table write free text (up to 200 characters); guests send only
the predefined phrases. Every line is stored with the table. A site-wide chat mute set by an
admin (moderation.ChatBan) refuses writing; a player's own mute hides another player's lines
for them. Refusals are ``IllegalAction`` with a German message; nothing is stored then.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.core.protocol import IllegalAction
from games.core.text import N_, tx
from lobby.models import ChatMessage, ChatMute, Match, Table
from moderation import services as moderation

#: The phrases a guest may send: stored and sent in German, shown in each reader's language.
PHRASES = (N_("Gut gespielt!"), N_("Viel Glück!"), N_("Danke!"), N_("Einen Moment bitte"))
MAX_LENGTH = 200
#: At most RATE_MESSAGES lines per player and table within RATE_SECONDS.
RATE_MESSAGES = 4
RATE_SECONDS = 15
HISTORY = 50

UNREADABLE = N_("Diese Nachricht kann der Chat nicht lesen.")


def clean_text(raw: Any) -> str:
    """One line of text: control characters removed, whitespace collapsed, at most MAX_LENGTH characters."""
    if not isinstance(raw, str):
        raise IllegalAction(UNREADABLE)
    text = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in raw)
    text = " ".join(text.split())
    if not text:
        raise IllegalAction(N_("Bitte schreib zuerst etwas."))
    if len(text) > MAX_LENGTH:
        raise IllegalAction(
            tx("Eine Nachricht hat höchstens %(max)s Zeichen (deine hat %(n)s).", max=MAX_LENGTH, n=len(text))
        )
    return text


def line_of(message: ChatMessage) -> dict[str, Any]:
    """A stored line as plain data (the group message and the templates get only this)."""
    return {
        "id": message.pk,
        "user_id": message.user_id,
        "name": message.name,
        "text": message.text,
        "time": timezone.localtime(message.created).strftime("%H:%M"),
    }


def _name_at_table(table: Table, user_id: int) -> str:
    """The name the user plays under at the table's current game; refused if they do not play there."""
    match = Match.objects.filter(table=table).order_by("-number").only("players").first()
    players = match.players if match is not None else []
    for player in players:
        if player.get("user_id") == user_id and not player.get("bot"):
            return player["name"]
    raise IllegalAction(N_("Nur wer an diesem Tisch spielt, kann hier schreiben."))


def post(*, table_id: int, user_id: int | None, text: Any) -> dict[str, Any]:
    """Store a chat line of ``user_id`` at ``table_id``; returns it as plain data."""
    if user_id is None:
        raise IllegalAction(N_("Bitte melde dich an oder spiel als Gast, um zu schreiben."))
    text = clean_text(text)
    with transaction.atomic():
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise IllegalAction(N_("Diesen Tisch gibt es nicht."))
        if table.kind != Table.Kind.LIVE:
            raise IllegalAction(N_("Einen Chat gibt es nur an Tischen mit anderen."))
        if table.status == Table.Status.CLOSED:
            raise IllegalAction(N_("Dieser Tisch ist geschlossen – der Chat auch."))
        user = User.objects.filter(pk=user_id, is_active=True).first()
        if user is None:
            raise IllegalAction(N_("Dieses Konto darf nicht schreiben."))
        name = _name_at_table(table, user_id)
        ban = moderation.active_ban(user_id)
        if ban is not None:
            raise IllegalAction(moderation.ban_message(ban))
        if user.is_guest and text not in PHRASES:
            raise IllegalAction(
                N_("Als Gast kannst du nur die vorgegebenen Sätze senden. Mit einem Konto schreibst du frei.")
            )
        since = timezone.now() - timedelta(seconds=RATE_SECONDS)
        if ChatMessage.objects.filter(table=table, user_id=user_id, created__gte=since).count() >= RATE_MESSAGES:
            raise IllegalAction(N_("Nicht so schnell – warte ein paar Sekunden, bevor du wieder schreibst."))
        message = ChatMessage.objects.create(table=table, user=user, name=name, text=text)
    return line_of(message)


def muted_ids(user_id: int | None) -> set[int]:
    """The players whose lines ``user_id`` does not want to read."""
    if user_id is None:
        return set()
    return set(ChatMute.objects.filter(user_id=user_id).values_list("muted_id", flat=True))


def mute(*, user_id: int | None, table_id: int, message_id: Any) -> int:
    """Hide the writer of ``message_id`` (a line at this table) for ``user_id`` (at every table, from now
    on); returns the writer's id."""
    if user_id is None:
        raise IllegalAction(N_("Bitte melde dich an, um jemanden stummzuschalten."))
    message = ChatMessage.objects.filter(pk=_id_of(message_id), table_id=table_id).only("user_id").first()
    if message is None:
        raise IllegalAction(N_("Diese Nachricht gibt es nicht (mehr)."))
    if message.user_id == user_id:
        raise IllegalAction(N_("Dich selbst kannst du nicht stummschalten."))
    ChatMute.objects.get_or_create(user_id=user_id, muted_id=message.user_id)
    return message.user_id


def unmute(*, user_id: int | None, mute_id: Any) -> int:
    """Show a muted player's lines again; returns their id."""
    mute = ChatMute.objects.filter(pk=_id_of(mute_id), user_id=user_id).first() if user_id else None
    if mute is None:
        raise IllegalAction(N_("Diese Stummschaltung gibt es nicht (mehr)."))
    mute.delete()
    return mute.muted_id


def _id_of(raw: Any) -> int:
    if isinstance(raw, bool):
        raise IllegalAction(UNREADABLE)
    if isinstance(raw, int) and 0 < raw < 2**62:
        return raw
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 18 and int(raw) > 0:
        return int(raw)
    raise IllegalAction(UNREADABLE)


def recent(table_id: int, hidden: set[int]) -> list[dict[str, Any]]:
    """The last HISTORY lines of the table, oldest first, without those of ``hidden`` players."""
    messages = ChatMessage.objects.filter(table_id=table_id).exclude(user_id__in=hidden).order_by("-created", "-id")
    return [line_of(m) for m in reversed(list(messages[:HISTORY]))]


def mutes_of(user_id: int | None) -> list[dict[str, Any]]:
    """The player's own mutes, for the list with "wieder zeigen" (names as they are now)."""
    if user_id is None:
        return []
    rows = ChatMute.objects.filter(user_id=user_id).select_related("muted").order_by("muted__username")
    return [{"id": m.pk, "name": m.muted.username} for m in rows]


def can_write(table: Table | None, user: Any, seat: int | None) -> bool:
    return bool(table is not None and table.kind == Table.Kind.LIVE and seat is not None and user.is_authenticated)
