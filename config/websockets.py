"""Websocket routes (the counterpart of urls.py for Channels)."""

websocket_urlpatterns: list = []
