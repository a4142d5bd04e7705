"""The language of a websocket connection: the same choice LocaleMiddleware makes for a page.

The language switch sets Django's language cookie; without it the browser's Accept-Language
header decides, and German is the default (docs/i18n.md). Websocket handshakes carry both, so
every fragment a connection renders comes in the language of the page it belongs to.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.http.cookie import parse_cookie
from django.utils import translation


def language_of_scope(scope: dict[str, Any]) -> str:
    """The language code for an ASGI scope (cookie first, then Accept-Language, then German)."""
    headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers", [])}
    request = SimpleNamespace(
        COOKIES=parse_cookie(headers.get("cookie", "")),
        META={"HTTP_ACCEPT_LANGUAGE": headers.get("accept-language", "")},
    )
    return translation.get_language_from_request(request)  # type: ignore[arg-type]


class LanguageMiddleware:
    """ASGI middleware: the whole connection (its task and what it hands to threads through
    asgiref) runs with the connection's language active."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        with translation.override(language_of_scope(scope)):
            return await self.inner(scope, receive, send)
