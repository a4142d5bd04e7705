"""After an outage the table page reconnects within a few seconds, not after htmx's 64 s back-off."""

from __future__ import annotations


def test_websocket_pages_retry_within_about_four_seconds(page):
    page.goto("/tische/")
    page.wait_for_function("window.htmx && typeof htmx.config.wsReconnectDelay === 'function'")
    delays = page.evaluate("[...Array(12).keys()].map((n) => htmx.config.wsReconnectDelay(n))")
    assert all(0 < delay <= 4000 for delay in delays)
    assert max(delays[8:]) > 1000  # still backs off a little (no reconnect storm)
