"""Solo modes of a game: /spiele/<slug>/taeglich/ (daily puzzle) and /spiele/<slug>/rekordjagd/."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import services as accounts
from accounts.throttle import limit_new_guests
from games.core import registry
from games.core.protocol import IllegalAction
from games.core.translate import say_error
from leaderboard import solo_selectors
from lobby import daily_best, solo, solo_results
from lobby import meisterbrief as meisterbrief_service

BACKEND = "django.contrib.auth.backends.ModelBackend"
PRACTICE = gettext_lazy(
    "Übungsversuch: Dein erster Versuch heute ist schon gespielt – dieser zählt nicht für die Tagesliste."
)


def _modes(slug: str):  # type: ignore[no-untyped-def]
    try:
        return registry.engine(slug), registry.solo(slug)
    except registry.UnknownGame:
        raise Http404(_("Dieses Spiel gibt es nicht."))


def _player(request: HttpRequest):  # type: ignore[no-untyped-def]
    """The player; an anonymous visitor who starts a solo game becomes a guest (as in the free game)."""
    if request.user.is_authenticated:
        return request.user
    user = accounts.create_guest()
    login(request, user, backend=BACKEND)
    messages.info(request, _("Du spielst als %(name)s – ohne Einsatz.") % {"name": user.username})
    return user


@limit_new_guests
def daily(request: HttpRequest, slug: str) -> HttpResponse:
    """Today's puzzle: what it is, whether the next attempt counts, "Fortsetzen" for open attempts."""
    engine, modes = _modes(slug)
    if modes.daily is None:
        raise Http404(_("Dieses Spiel hat kein Tagesrätsel."))
    if request.method == "POST":
        user = _player(request)
        run = solo.start_daily(user=user, game=slug)
        if not run.counts:
            messages.info(request, PRACTICE)
        return redirect("lobby:table", table_id=run.table_id)
    user, day = request.user, solo.berlin_day()
    attempts, open_daily = [], []
    if user.is_authenticated:
        solo_results.catch_up(user=user)
        attempts = solo.daily_attempts(user, slug, day)
        open_daily = [r for r in solo.open_runs(user, slug) if r.mode == "taeglich"]
    first = next((r for r in attempts if r.counts), None)
    # today's attempt still running: starting again would only resume it, so the page offers "Fortsetzen"
    running_today = any(r.day == day for r in open_daily)
    context = {
        "game": engine,
        "slug": slug,
        "mode": modes.daily,
        "day": day,
        "attempts": attempts,
        "first": first,
        "open_runs": open_daily,
        "running_today": running_today,
        "next_is_practice": first is not None,
        "streak": solo_selectors.streak(user=user, game=slug, today=day) if user.is_authenticated else None,
    }
    return render(request, "solo/taeglich.html", context)


@limit_new_guests
def record(request: HttpRequest, slug: str) -> HttpResponse:
    """The record hunt: choose the category and start; open hunts; the personal records."""
    engine, modes = _modes(slug)
    if modes.record is None:
        raise Http404(_("Dieses Spiel hat keine Rekordjagd."))
    error = None
    if request.method == "POST":
        user, category = _player(request), request.POST.get("kategorie", "")
        running = solo.open_hunt(user, slug, category)
        if running is not None and request.POST.get("neu") != "1":  # one open hunt per category: go on with it
            messages.info(request, _("Deine Rekordjagd in dieser Auswahl läuft noch – hier geht es weiter."))
            return redirect("lobby:table", table_id=running.table_id)
        try:
            run = solo.start_record(user=user, game=slug, category=category)
        except IllegalAction as exc:
            error = say_error(exc)
        else:
            return redirect("lobby:table", table_id=run.table_id)
    user = request.user
    records = solo_selectors.personal_records(user=user, game=slug) if user.is_authenticated else {}
    runs = [r for r in solo.open_runs(user, slug) if r.mode == "rekord"] if user.is_authenticated else []
    context = {
        "game": engine,
        "slug": slug,
        "mode": modes.record,
        "categories": [(key, label, records.get(key)) for key, label in modes.record.categories],
        "open_runs": [(run, modes.record.label(run.category)) for run in runs],
        "error": error,
    }
    return render(request, "solo/rekordjagd.html", context)


def meisterbrief(request: HttpRequest) -> HttpResponse:
    """Speedrocket's Meisterbrief: the twelve levels, the player's stars, which are open."""
    return render(request, "solo/meisterbrief.html", {"levels": meisterbrief_service.overview(request.user)})


def best_today(request: HttpRequest, slug: str) -> HttpResponse:
    """'So lief der Beste heute' as a small fragment (the end board of a daily game loads it)."""
    _engine, modes = _modes(slug)
    if modes.daily is None or modes.daily.best_line is None:
        raise Http404(_("Dieses Spiel hat kein Tagesrätsel."))
    day = solo.berlin_day()
    if not daily_best.may_see(request.user, slug, day):
        message = _("„So lief der Beste heute“ siehst du nach deinem eigenen Versuch.")
        return render(request, "solo/_best_today.html", {"message": message})
    return render(request, "solo/_best_today.html", {"best": daily_best.best_today(slug, day)})
