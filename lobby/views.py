from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from config.views import not_found
from games.core import registry
from games.core.protocol import IllegalAction
from games.core.translate import say_error
from lobby import lobby_list, presenters, selectors, services, solo
from lobby.forms import open_table_form
from lobby.models import SoloRun, Table
from lobby.runtime import chat, rendering, snapshot
from lobby.solo_results import MODE_KEY

DAILY_OF_OTHERS = gettext_lazy("Das Tagesrätsel anderer kannst du erst ab morgen ansehen.")
TABLE_MISSING = gettext_lazy(
    "Diesen Tisch gibt es nicht (mehr). Vielleicht ist er schon geschlossen – such dir einen anderen."
)


def lobby(request: HttpRequest) -> HttpResponse:
    """/tische/: the live list of open tables and "Tisch eröffnen" per game."""
    context = {
        "rows": lobby_list.personal_rows(lobby_list.build(), request.user),
        "forms": [(slug, registry.engine(slug).NAME, open_table_form(slug)) for slug in registry.slugs()],
    }
    return render(request, "lobby/tische.html", context)


@login_required
@require_POST
def open_table(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        form = open_table_form(slug, request.POST)
    except registry.UnknownGame:
        return not_found(request, gettext("Dieses Spiel gibt es nicht."))
    if form.is_valid():
        try:
            table = services.open_table(host=request.user, game=slug, **form.table_settings())
        except IllegalAction as error:
            form.add_error(None, say_error(error))
        else:
            return redirect("lobby:table", table_id=table.pk)
    context = {
        "rows": lobby_list.personal_rows(lobby_list.build(), request.user),
        "forms": [(s, registry.engine(s).NAME, form if s == slug else open_table_form(s)) for s in registry.slugs()],
        "open_slug": slug,
    }
    return render(request, "lobby/tische.html", context, status=200)


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """A table: the waiting room while it is open, else the game with the websocket's fragments."""
    tbl = selectors.table_with_seats(table_id)
    if tbl is None:
        return not_found(request, str(TABLE_MISSING))
    if tbl.status in (Table.Status.OPEN, Table.Status.CLOSED) and tbl.kind == Table.Kind.LIVE:
        return render(request, "lobby/warteraum.html", {"info": presenters.describe(tbl, request.user)})
    snap = snapshot.current_for_table(table_id)
    if snap is None:
        return not_found(request, str(TABLE_MISSING))
    seat = snap.user_seat(request.user.pk if request.user.is_authenticated else None)
    if not solo.may_watch(snap.options, seat):
        return not_found(request, str(DAILY_OF_OTHERS))
    # Template variables cannot contain "-": kl-hand-data is fragments.kl_hand_data.
    parts = {key.replace("-", "_"): html for key, html in rendering.render(snap, seat).items()}
    parts["tbl_now"] = rendering.now_fragment()
    prefix = registry.ui(snap.game).PAGE_PREFIX
    context = {
        "snap": snap,
        "seat": seat,
        "rat": rendering.table_view(snap).rat,  # the Rat is offered at this table (free solo games)
        "fragments": parts,
        "table_id": table_id,
        "game_name": registry.engine(snap.game).NAME,
        "prefix": prefix,
        "css": f"games/{snap.game}/table.css",
        "script": f"games/{snap.game}/table.js",
        "status": parts.get(f"{prefix}_status", ""),
        "send": parts.get(f"{prefix}_send", ""),
        "end": parts.get(f"{prefix}_end", ""),
        "chat": chat.panel_html(table=tbl, user=request.user, seat=seat),
    }
    return render(request, f"games/{snap.game}/table.html", context)


def _table_action(request: HttpRequest, table_id: int, action, done: str | None = None) -> HttpResponse:  # type: ignore[no-untyped-def]
    """Run a lobby service for the user; a refusal is shown as a German message."""
    if not Table.objects.filter(pk=table_id).exists():
        return not_found(request, str(TABLE_MISSING))
    if not request.user.is_authenticated:
        messages.error(request, gettext("Bitte melde dich an oder spiel als Gast."))
        return redirect("accounts:login")
    try:
        action(table_id=table_id, user=request.user)
    except IllegalAction as error:
        messages.error(request, say_error(error))
    else:
        if done:
            return redirect(done)
    return redirect("lobby:table", table_id=table_id)


@require_POST
def join(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.join_table)


@require_POST
def stand_up(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.leave_table, done="lobby:lobby")


@require_POST
def start(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.start_table)


@require_POST
def leave_match(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.leave_match)


@require_POST
def again(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_action(request, table_id, services.play_again)


@require_POST
def new_match(request: HttpRequest, table_id: int) -> HttpResponse:
    table = Table.objects.filter(pk=table_id).only("game", "options").first()
    if table is not None and table.options.get(MODE_KEY) == SoloRun.Mode.DAILY:
        # Another go at today's puzzle is a practice attempt: the daily page says so and starts it.
        return redirect("games:daily", slug=table.game)

    def restart(*, table_id: int, user) -> None:  # type: ignore[no-untyped-def]
        services.restart_solo(table=Table.objects.get(pk=table_id), user=user)

    return _table_action(request, table_id, restart)
