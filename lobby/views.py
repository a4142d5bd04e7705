from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.core import fragments, snapshot
from games.core.protocol import IllegalAction
from lobby import services
from lobby.models import Table


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """A table: the full page, with the same fragments the websocket sends."""
    snap = snapshot.current_for_table(table_id)
    if snap is None:
        raise Http404("Diesen Tisch gibt es nicht.")
    seat = snap.user_seat(request.user.pk if request.user.is_authenticated else None)
    context = {
        "snap": snap,
        "seat": seat,
        # Template variables cannot contain "-": kl-hand is fragments.kl_hand.
        "fragments": {key.replace("-", "_"): html for key, html in fragments.render(snap, seat).items()},
        "table_id": table_id,
    }
    return render(request, f"games/{snap.game}/table.html", context)


@require_POST
def new_match(request: HttpRequest, table_id: int) -> HttpResponse:
    tbl = get_object_or_404(Table, pk=table_id)
    if not request.user.is_authenticated:
        return redirect("accounts:login")
    try:
        services.restart_solo(table=tbl, user=request.user)
    except IllegalAction as error:
        messages.error(request, error.message)
    return redirect("lobby:table", table_id=tbl.pk)
