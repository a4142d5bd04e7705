"""Websocket routes (the counterpart of urls.py for Channels)."""

from django.urls import path, re_path

from lobby.consumers import LobbyConsumer, NotFoundConsumer
from lobby.runtime.consumer import TableConsumer

websocket_urlpatterns = [
    path("ws/tisch/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/tische/", LobbyConsumer.as_asgi()),
    path("ws/tische/<int:table_id>/", LobbyConsumer.as_asgi()),
    re_path(r"", NotFoundConsumer.as_asgi()),  # anything else: 4404, not an error
]
