"""A game's page (/spiele/<slug>/): modes, options, rules, and "Freie Partie"."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from accounts import services as accounts
from accounts.throttle import limit_new_guests
from config.views import not_found
from games.core import registry
from games.core.protocol import IllegalAction
from games.core.translate import say_error
from lobby import meisterbrief
from lobby import services as lobby


@limit_new_guests
def detail(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        forms = registry.forms(slug)
    except registry.UnknownGame:
        return not_found(request, gettext("Dieses Spiel gibt es nicht."))
    form = forms.FreeGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        settings = form.table_settings()
        level = settings["options"].get("stufe") if slug == meisterbrief.GAME else None
        try:
            if level is not None:
                meisterbrief.check_open(request.user, int(level))
        except IllegalAction as error:
            form.add_error(None, say_error(error))
            return render(request, f"games/{slug}/detail.html", {"form": form, "game": registry.engine(slug)})
        user = request.user
        if not user.is_authenticated:
            user = accounts.create_guest()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.info(request, gettext("Du spielst als %(name)s – ohne Einsatz.") % {"name": user.username})
        try:
            table = lobby.create_solo_table(user=user, game=slug, **settings)
        except IllegalAction as error:
            form.add_error(None, say_error(error))
        else:
            return redirect("lobby:table", table_id=table.pk)
    engine = registry.engine(slug)
    return render(request, f"games/{slug}/detail.html", {"form": form, "game": engine})
