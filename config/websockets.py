"""Websocket routes (the counterpart of urls.py for Channels)."""

from django.urls import path

from games.core.consumer import TableConsumer

websocket_urlpatterns = [
    path("ws/tisch/<int:table_id>/", TableConsumer.as_asgi()),
]
