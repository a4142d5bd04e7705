"""Solo lists: /bestenliste/<slug>/taeglich/ (today, ?tag=gestern) and /bestenliste/<slug>/rekorde/."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import registry
from leaderboard import solo_selectors


def _game(slug: str):  # type: ignore[no-untyped-def]
    try:
        return registry.engine(slug), registry.solo(slug)
    except registry.UnknownGame:
        raise Http404(_("Dieses Spiel gibt es nicht."))


def daily(request: HttpRequest, slug: str) -> HttpResponse:
    engine, modes = _game(slug)
    if modes.daily is None:
        raise Http404(_("Dieses Spiel hat kein Tagesrätsel."))
    today = timezone.localtime(timezone.now(), ZoneInfo(settings.TIME_ZONE)).date()
    yesterday = request.GET.get("tag") == "gestern"
    day = today - timedelta(days=1) if yesterday else today
    rows = solo_selectors.daily_list(game=slug, day=day)
    user = request.user
    context = {
        "game": engine,
        "slug": slug,
        "mode": modes.daily,
        "day": day,
        "yesterday": yesterday,
        "rows": rows,
        "leader": rows[0] if rows else None,
        "me": user.pk if user.is_authenticated else None,
        "streak": solo_selectors.streak(user=user, game=slug, today=today) if user.is_authenticated else None,
        "yesterday_rows": [] if yesterday else solo_selectors.daily_list(game=slug, day=today - timedelta(days=1))[:3],
    }
    return render(request, "leaderboard/tagesliste.html", context)


def records(request: HttpRequest, slug: str) -> HttpResponse:
    engine, modes = _game(slug)
    if modes.record is None:
        raise Http404(_("Dieses Spiel hat keine Rekordjagd."))
    lists = [
        (label, solo_selectors.record_list(game=slug, category=key), key) for key, label in modes.record.categories
    ]
    context = {
        "game": engine,
        "slug": slug,
        "mode": modes.record,
        "lists": lists,
        "me": request.user.pk if request.user.is_authenticated else None,
    }
    return render(request, "leaderboard/rekorde.html", context)
