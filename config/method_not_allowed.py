"""An address that only takes a button's form (POST), opened directly: a German page, not an empty 405.

Django's ``require_POST`` answers a GET with status 405 and no body, which the browser shows as its own
error page. The status stays 405 (with its ``Allow`` header); the page says what happened in the
reader's language.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


class MethodNotAllowedPageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content or request.headers.get("HX-Request"):
            return response
        page = render(request, "405.html", status=405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page
