"""The load benchmark's floors: the real stack with parts of a move taken out (``bench_load --floor``).

Neither application is a product path; each answers "how far can issue 12's levers go on this stack?".
A Daphne process serves them as it serves ``config.asgi:application``: the same Django set-up, switch
interval and collector settings, the same origin check, session auth and language middleware.

- ``tiny``: the production table runtime (the consumer, ``submit`` with its transaction on the table's
  thread, the channel layer, the group message per move), but every connection sends only the version
  fragment instead of its seat's fragments. What a move costs with rendering and markup free.
- ``bare``: no database on the move path either. A consumer counts each table's version in memory (read
  once from the database at the table's first connect), takes any frame that names the current version
  as the next move and tells the group (a table whose connections all closed, as the benchmark's clients do
  for a new match, is read again); every member sends the version fragment. What the websocket
  server, Channels and the event loop cost for one frame in and four frames out.
"""

from __future__ import annotations

from typing import Any

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

import config.asgi
from config.language import LanguageMiddleware
from games.core.fragments import out_of_band
from games.core.protocol import IllegalAction
from lobby.runtime import frames, notify, snapshot
from lobby.runtime.consumer import TableConsumer
from lobby.runtime.rendering import version_fragment


def _version_only(version: int) -> str:
    return out_of_band(version_fragment(version))


class VersionOnlyTableConsumer(TableConsumer):
    """The table consumer with its rendering replaced by the version fragment alone."""

    async def send_snapshot(self, snap: Any, force: bool = False, again: bool = False) -> None:
        if snap is None:
            return
        if not (force or again) and (snap.match_id, snap.version) <= self.position:
            return
        self.position = (snap.match_id, snap.version)
        await self.send(text_data=_version_only(snap.version))


_versions: dict[int, int] = {}  # table id -> the version the bare consumer counted to
_members: dict[int, int] = {}  # table id -> its open connections (the last one out forgets the version)


class BareTableConsumer(AsyncWebsocketConsumer):
    """One frame in, the version to the group, the version fragment out: nothing of a game."""

    dispatch = TableConsumer.dispatch  # as the table consumer: no thread hop before every handler

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.group = notify.group_name(self.table_id)
        if self.table_id not in _versions:
            snap = await database_sync_to_async(snapshot.current_for_table)(self.table_id)
            if snap is None:
                await self.close(code=4404)
                return
            _versions.setdefault(self.table_id, snap.version)
        self.version = _versions[self.table_id]
        _members[self.table_id] = _members.get(self.table_id, 0) + 1
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=_version_only(self.version))

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "version"):
            return  # refused at connect
        await self.channel_layer.group_discard(self.group, self.channel_name)
        _members[self.table_id] -= 1
        if not _members[self.table_id]:
            del _members[self.table_id], _versions[self.table_id]

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            data = frames.parse(text_data, 4096)
            frames.action_of(data)
            version = frames.version_of(data)
        except IllegalAction:
            return
        if version != _versions[self.table_id]:
            await self.send(text_data=_version_only(_versions[self.table_id]))
            return
        _versions[self.table_id] = version + 1
        await self.channel_layer.group_send(self.group, {"type": "bare.changed", "version": version + 1})

    async def bare_changed(self, event: dict[str, Any]) -> None:
        if event["version"] > self.version:
            self.version = event["version"]
            await self.send(text_data=_version_only(self.version))


def _application(consumer: type[AsyncWebsocketConsumer]) -> ProtocolTypeRouter:
    routes = [path("ws/tisch/<int:table_id>/", consumer.as_asgi())]
    websockets = AuthMiddlewareStack(LanguageMiddleware(URLRouter(routes)))
    return ProtocolTypeRouter(
        {"http": config.asgi.django_asgi_app, "websocket": AllowedHostsOriginValidator(websockets)}
    )


tiny_application = _application(VersionOnlyTableConsumer)
bare_application = _application(BareTableConsumer)
