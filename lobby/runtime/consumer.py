"""The one websocket consumer for every game's table (``/ws/tisch/<id>/``).

Clients send htmx ``ws-send`` messages (form values as JSON: ``action`` and
``version``, or ``rat``). The consumer applies them through the runtime off
the event loop; after commit the runtime tells the group the new version, and
every connection renders its own seat's fragments and sends only those that
changed since it last sent them (of a log only its new lines). Frames with a ``chat`` key go to ``chat.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.core import fragments
from games.core.protocol import IllegalAction
from games.core.text import N_
from games.core.translate import say
from lobby import turbo
from lobby.runtime import actions, advice, chat, dispatch, expiry, frames, log_append, notify, rendering, snapshot
from lobby.runtime.table_threads import run_for_table
from lobby.solo import may_watch

log = logging.getLogger(__name__)


class TokenBucket:
    """Per-connection message rate limit."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _load_current(table_id: int) -> snapshot.Snapshot | None:
    return snapshot.current_for_table(table_id)


def _load_version(table_id: int, match_id: int, version: int) -> snapshot.Snapshot | None:
    return snapshot.get(match_id, version) or snapshot.current_for_table(table_id)


class TableConsumer(AsyncWebsocketConsumer):
    def db(self, fn):  # type: ignore[no-untyped-def]
        """``fn`` on this table's own database thread (lobby/runtime/table_threads.py)."""
        return run_for_table(self.table_id, fn)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its hop to the shared sync thread before every handler (to close
        old database connections there): this consumer touches the database only on its table's thread,
        which closes old connections around each call itself (``table_threads.run_for_table``). The hop
        cost a thread round trip for every seat's update of every move."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.sent: dict[str, Any] = {}  # fragment -> key of the input it was last sent with
        self.shown: dict[str, Any] = {}  # private fragment -> its input last rendered (rendering.render_parts)
        self.position: tuple[int, int] = (-1, -1)  # (match id, version) last rendered
        self.bucket = TokenBucket(settings.WS_MESSAGES_PER_SECOND, settings.WS_MESSAGE_BURST)
        expiry.start_embedded_sweeper()
        # Listen before reading: a move that commits after the read is then announced to this
        # connection (a computer's first move right after the start was lost in between).
        await self.channel_layer.group_add(notify.group_name(self.table_id), self.channel_name)
        snap = await self.db(_load_current)(self.table_id)
        if snap is None:
            await self.refuse(4404)
            return
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        if not may_watch(snap.options, snap.user_seat(self.user_id)):
            await self.refuse(4403)  # another player's daily puzzle of today (lobby/solo.py)
            return
        await self.accept()
        await self.send_snapshot(snap)
        await chat.connected(self, snap.kind)  # the table chat (lobby/runtime/chat.py)
        # A computer whose move was lost (process restart) is asked again; harmless if it is not.
        await self.db(dispatch.schedule_computers)(match_id=snap.match_id)

    async def refuse(self, code: int) -> None:
        await self.channel_layer.group_discard(notify.group_name(self.table_id), self.channel_name)
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(notify.group_name(self.table_id), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Every frame gets an answer or a quiet refusal; nothing a client sends can crash the connection."""
        if not self.bucket.take():
            await self.send_error(N_("Zu viele Nachrichten – bitte etwas langsamer."))
            return
        try:
            await self.handle(frames.parse(text_data, settings.WS_MAX_MESSAGE_BYTES))
        except actions.DuplicateAction:
            # A resend or a double click: the seat already acted, nothing to say. A page still showing
            # an older version (its update was lost) gets what changed since; a current one gets nothing.
            await self.send_snapshot(await self.current_snapshot())
        except IllegalAction as error:
            await self.send_error(error.message)
            if isinstance(error, actions.StaleAction):
                await self.send_snapshot(await self.current_snapshot(), force=True)
        except Exception:
            log.exception("table frame failed: table %s", self.table_id)
            await self.send_error(N_("Das hat nicht geklappt – bitte versuch es noch einmal."))

    async def handle(self, data: dict[str, Any]) -> None:
        if chat.is_chat_frame(data):
            await chat.receive(self, data)
            return
        if "turbo" in data:
            await self.switch_turbo(data["turbo"])
            return
        # The snapshot this connection last rendered (no query); the database only on a cold cache.
        snap = snapshot.get(*self.position) or await self.current_snapshot()
        seat = snap.user_seat(self.user_id) if snap else None
        if snap is None or seat is None:
            raise IllegalAction(N_("Du sitzt nicht an diesem Tisch und kannst hier nicht ziehen."))
        if data.get("rat"):
            await self.send_advice(snap, seat)
            return
        action, version = frames.action_of(data), frames.version_of(data)
        # The seat is resolved again from the locked match row by the user (it may have been taken over).
        await self.db(actions.submit)(
            match_id=snap.match_id, user_id=self.user_id, action=action, expected_version=version
        )

    async def switch_turbo(self, value: Any) -> None:
        """The Turbo button (lobby/turbo.py): every page learns of it through the table event."""
        if not isinstance(value, str) or value not in turbo.SWITCH:
            raise IllegalAction(N_("Turbo ist an oder aus – etwas anderes gibt es nicht."))
        await self.db(turbo.switch)(table_id=self.table_id, user_id=self.user_id, on=turbo.SWITCH[value])

    async def send_advice(self, snap: snapshot.Snapshot, seat: int) -> None:
        if snap.kind != "solo" or not snap.table_options.get("rat", True):
            raise IllegalAction(N_("Rat gibt es hier nicht."))
        future = advice.advise(snap, seat)
        if not future.done():
            await self.send(text_data=fragments.render_template("games/core/advice.html", {"thinking": True}))
        choice = await asyncio.wrap_future(future)  # the search runs on its own pool, not on this thread
        html = fragments.render_template(
            "games/core/advice.html", {"reason": say(choice.text), "action": json.dumps(choice.action)}
        )
        await self.send(text_data=html)

    async def current_snapshot(self) -> snapshot.Snapshot | None:
        return await self.db(_load_current)(self.table_id)

    async def table_changed(self, event: dict[str, Any]) -> None:
        match_id, version = event.get("match", -1), event["version"]
        if event.get("fresh"):
            snap = await self.db(snapshot.current_for_table)(self.table_id, True)
            await self.send_snapshot(snap, force=False, again=True)
            return
        if match_id == self.position[0] and version <= self.position[1]:
            return
        snap = snapshot.get(match_id, version)
        if snap is None:  # another process wrote it, or the cache is cold: one query
            snap = await self.db(_load_version)(self.table_id, match_id, version)
        if snap is not None:
            await self.send_snapshot(snap)

    async def chat_message(self, event: dict[str, Any]) -> None:
        await chat.deliver(self, event)

    async def send_snapshot(self, snap: snapshot.Snapshot | None, force: bool = False, again: bool = False) -> None:
        """Send the fragments that changed; ``force`` sends all, ``again`` re-renders the same version."""
        if snap is None:
            return
        if not (force or again) and (snap.match_id, snap.version) <= self.position:
            return
        self.position = (snap.match_id, snap.version)
        seat = snap.user_seat(self.user_id)
        changed = []
        if force:
            self.shown.clear()
        for name, (key, html) in rendering.render_parts(snap, seat, self.shown).items():
            if force or self.sent.get(name) != key:
                # a log the page shows gets only its new lines (lobby/runtime/log_append.py)
                changed.append(log_append.update(None if force else self.sent.get(name), key, html))
                self.sent[name] = key
        if changed:
            changed.append(rendering.now_fragment(swap=True))
            await self.send(text_data="\n".join(changed))

    async def send_error(self, message: str) -> None:
        await self.send(text_data=fragments.error_fragment(message))
