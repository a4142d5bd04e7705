"""A websocket connection's language: cookie first, then Accept-Language, else German."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.utils import translation

from config.language import LanguageMiddleware, language_of_scope


def scope(cookie: str = "", accept: str = "") -> dict:
    headers = [(b"host", b"127.0.0.1")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    if accept:
        headers.append((b"accept-language", accept.encode()))
    return {"type": "websocket", "headers": headers}


@pytest.mark.parametrize(
    ("cookie", "accept", "language"),
    [
        ("", "", "de"),
        ("", "en-US,en;q=0.9", "en"),
        ("", "fr-FR,fr;q=0.8", "de"),
        ("sessionid=x; django_language=en", "de-DE", "en"),
        ("django_language=de", "en", "de"),
        ("django_language=xx", "en", "en"),
    ],
)
def test_language_of_scope(cookie, accept, language):
    assert language_of_scope(scope(cookie, accept)) == language


def test_the_middleware_runs_the_connection_in_its_language():
    seen = []

    async def app(scope, receive, send):
        seen.append(translation.get_language())

    async def both() -> None:
        await LanguageMiddleware(app)(scope(accept="en"), None, None)
        await LanguageMiddleware(app)(scope(accept="de"), None, None)

    # A thread of its own: its own event loop, whatever the test session left on the main thread
    # (the browser tests' Playwright runs one there).
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, both()).result(timeout=30)
    assert seen == ["en", "de"]
