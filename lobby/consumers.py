"""Live lobby: the list of open tables (/ws/tische/) and a table's waiting room (/ws/tische/<id>/)."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from accounts.selectors import wallet_of
from accounts.services import format_taler
from games.core.fragments import render_template
from lobby import lobby_list, presenters, selectors
from lobby.runtime import notify


def render_room(table_id: int, user: Any) -> str | None:
    """The waiting room, and the viewer's balance for the header (a stake held or released meanwhile, e.g.
    when a moderator closes the table)."""
    table = selectors.table_with_seats(table_id)
    if table is None:
        return None
    html = render_to_string("lobby/_room.html", {"info": presenters.describe(table, user)})
    wallet = wallet_of(user) if user is not None else None
    if wallet is not None:
        html += render_template("games/core/header_balance.html", {"balance": format_taler(wallet.balance)})
    return html


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"].get("table_id")
        self.group = notify.LOBBY_GROUP if self.table_id is None else notify.lobby_group(self.table_id)
        self.last = ""
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.push()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data='<div id="table-error" hx-swap-oob="true">Hier gibt es nichts zu senden.</div>')

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.push(event.get("stamp"))

    async def push(self, stamp: str | None = None) -> None:
        user = self.scope.get("user")
        if self.table_id is None:
            html = await database_sync_to_async(lobby_list.render)(user, stamp)
        else:
            html = await database_sync_to_async(render_room)(self.table_id, user)
        if html and html != self.last:
            self.last = html
            await self.send(text_data=html)


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Any other websocket path: closed cleanly with 4404 (the websocket's "nicht gefunden"), never a 500."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=4404)
