from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static

from games.catalog import game_cards, intro_text


def home(request: HttpRequest) -> HttpResponse:
    cards = game_cards()
    return render(request, "home.html", {"games": cards, "intro": intro_text(cards)})


def not_found(request: HttpRequest, exception: Exception | str | None = None) -> HttpResponse:
    """The German not-found page; views call it directly for a missing object, so it shows with DEBUG too."""
    message = exception if isinstance(exception, str) else ""
    return render(request, "404.html", {"message": message}, status=404)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "403.html", status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent with a missing or outdated security token (a page open for long, a login in another
    tab): a German page that says nothing happened, instead of Django's technical one."""
    return render(request, "403_csrf.html", status=403)


def server_error(request: HttpRequest) -> HttpResponse:
    return render(request, "500.html", status=500)


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico: browsers ask for it on every page; the icon is the SVG in static/."""
    return redirect(static("favicon.svg"), permanent=not settings.DEBUG)
