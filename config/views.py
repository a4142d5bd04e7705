from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalog import game_cards


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": game_cards()})


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    return render(request, "500.html", status=500)
