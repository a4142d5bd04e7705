"""The table chat on the table's websocket: frames in, lines out to the table's group.

The consumer (``consumer.py``) hands every frame with a chat key here and
forwards the group's ``chat.message`` events. A line is stored first
(``lobby.chat.post``: who may write what, rate limit, mutes) and then sent to the
group as plain data; each connection renders it as a small fragment appended to
``#chat-list`` (htmx ``beforeend``), skipping lines of players it muted. Game
fragments are never touched by the chat.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import translation

from games.core.fragments import render_template
from games.core.protocol import IllegalAction
from lobby import chat
from lobby.models import Table
from lobby.runtime import notify
from moderation import services as moderation

FRAME_KEYS = frozenset({"chat", "chat_mute", "chat_unmute"})


def is_chat_frame(data: dict[str, Any]) -> bool:
    return not FRAME_KEYS.isdisjoint(data)


@lru_cache(maxsize=2048)
def _line_html(line_id: int, name: str, text: str, time: str, mine: bool, can_mute: bool, language: str) -> str:
    if text in chat.PHRASES:  # a guest's phrase: in the reader's language
        text = translation.gettext(text)
    line = {"id": line_id, "name": name, "text": text, "time": time}
    return render_template("games/core/chat_line.html", {"line": line, "mine": mine, "can_mute": can_mute})


def line_html(line: dict[str, Any], viewer_id: int | None) -> str:
    """One line as the viewer sees it (rendered once per line and variant in the process)."""
    mine = viewer_id is not None and line.get("user_id") == viewer_id
    language = translation.get_language() or ""
    return _line_html(line["id"], line["name"], line["text"], line["time"], mine, viewer_id is not None, language)


def list_html(lines: list[dict[str, Any]], viewer_id: int | None) -> str:
    inner = "".join(line_html(line, viewer_id) for line in lines)
    return f'<div id="chat-list" class="chat-list" aria-live="polite" data-testid="chat-list">{inner}</div>'


def mutes_html(viewer_id: int | None) -> str:
    return render_template("games/core/chat_mutes.html", {"mutes": chat.mutes_of(viewer_id)})


def panel_html(*, table: Table, user: Any, seat: int | None) -> str:
    """The whole chat panel for the table page (server-side render); empty at solo tables."""
    if table.kind != Table.Kind.LIVE:
        return ""
    viewer_id = user.pk if user.is_authenticated else None
    lines = chat.recent(table.pk, chat.muted_ids(viewer_id))
    can_write = chat.can_write(table, user, seat) and table.status != Table.Status.CLOSED
    ban = moderation.active_ban(viewer_id) if can_write else None
    return render_template(
        "games/core/chat.html",
        {
            "lines": list_html(lines, viewer_id),
            "mutes": mutes_html(viewer_id),
            "can_write": can_write and ban is None,
            "banned": moderation.ban_message(ban) if ban is not None else "",
            "guest": bool(getattr(user, "is_guest", False)),
            "phrases": chat.PHRASES,
            "max_length": chat.MAX_LENGTH,
        },
    )


def notice_html(text: str) -> str:
    """A moderation notice: the banner above the table, a line in the chat, and no more writing there."""
    banner = render_template("games/core/table_notice.html", {"text": text})
    line = render_template("games/core/chat_notice.html", {"text": text})
    closed = '<div id="chat-write" hx-swap-oob="true" hidden></div>'
    return f'{banner}\n<div hx-swap-oob="beforeend:#chat-list">{line}</div>\n{closed}'


def send_notice(table_id: int, text: str) -> None:
    """Tell every open page of the table (from synchronous code, e.g. after an admin's commit)."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(notify.group_name(table_id), {"type": "chat.message", "notice": text})


# ---------------------------------------------------------------- the consumer's hooks


def _list_data(table_id: int, viewer_id: int | None, hidden: set[int] | None) -> tuple[set[int], str, bool]:
    """One trip to the database: the viewer's mutes (if not given), the list and the mutes as HTML,
    and whether there is anything in them."""
    if hidden is None:
        hidden = chat.muted_ids(viewer_id)
    lines, mutes = chat.recent(table_id, hidden), chat.mutes_of(viewer_id)
    html = list_html(lines, viewer_id)
    mutes_part = render_template("games/core/chat_mutes.html", {"mutes": mutes})
    return hidden, f'{html[:4]} hx-swap-oob="true"{html[4:]}\n{mutes_part}', bool(lines or mutes)


async def connected(consumer: Any, kind: str) -> None:
    """On (re)connect: the viewer's mutes, and the chat list as it is now (lines missed while away;
    nothing is sent while the table's chat is empty)."""
    consumer.chat_hidden = set()
    if kind != Table.Kind.LIVE:
        return
    consumer.chat_hidden, html, anything = await consumer.db(_list_data)(consumer.table_id, consumer.user_id, None)
    if anything:
        await consumer.send(text_data=html)


async def send_list(consumer: Any) -> None:
    _hidden, html, _anything = await consumer.db(_list_data)(
        consumer.table_id, consumer.user_id, set(consumer.chat_hidden)
    )
    await consumer.send(text_data=html)


async def receive(consumer: Any, data: dict[str, Any]) -> None:
    """A chat frame: a line (``chat``), or mute/unmute a writer for oneself. Refusals raise IllegalAction."""
    if "chat" in data:
        line = await consumer.db(chat.post)(table_id=consumer.table_id, user_id=consumer.user_id, text=data["chat"])
        await consumer.channel_layer.group_send(
            notify.group_name(consumer.table_id), {"type": "chat.message", "line": line}
        )
        return
    if "chat_mute" in data:
        muted = await consumer.db(chat.mute)(
            user_id=consumer.user_id, table_id=consumer.table_id, message_id=data["chat_mute"]
        )
        consumer.chat_hidden.add(muted)
    elif "chat_unmute" in data:
        shown = await consumer.db(chat.unmute)(user_id=consumer.user_id, mute_id=data["chat_unmute"])
        consumer.chat_hidden.discard(shown)
    else:  # pragma: no cover - is_chat_frame guarantees one of the keys
        raise IllegalAction(chat.UNREADABLE)
    await send_list(consumer)


async def deliver(consumer: Any, event: dict[str, Any]) -> None:
    """A group's chat event: a new line (unless muted by this viewer) or a moderation notice."""
    if "notice" in event:
        await consumer.send(text_data=notice_html(str(event["notice"])))
        return
    line = event.get("line")
    if not isinstance(line, dict) or line.get("user_id") in getattr(consumer, "chat_hidden", set()):
        return
    html = line_html(line, consumer.user_id)
    await consumer.send(text_data=f'<div hx-swap-oob="beforeend:#chat-list">{html}</div>')
