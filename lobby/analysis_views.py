"""/partie/<id>/analyse/: the strong computer's look at a player's own decisions (lobby/analysis.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.core import registry
from lobby import analysis, history
from lobby.models import Match


def _own_finished_match(request: HttpRequest, match_id: int) -> tuple[Match, int]:
    match = Match.objects.select_related("table").filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None:
        raise Http404(_("Diese Partie gibt es nicht oder sie läuft noch."))
    if not analysis.available(match.game):
        raise Http404(_("Für dieses Spiel gibt es noch keine Analyse."))
    seat = history.seat_of(match, request.user.pk)
    if seat is None:
        raise Http404(_("Analysieren kannst du nur Partien, in denen du selbst gespielt hast."))
    return match, seat


@login_required
def analysis_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match, seat = _own_finished_match(request, match_id)
    entry = analysis.request(match, seat)
    context = {"match": match, "game": registry.engine(match.game), "stand": analysis.present(entry)}
    return render(request, "partien/analyse.html", context)


@login_required
def analysis_status(request: HttpRequest, match_id: int) -> HttpResponse:
    """The htmx poll: the progress bar while it runs, the verdicts when it is done."""
    match, seat = _own_finished_match(request, match_id)
    entry = analysis.status(match.pk, seat) or analysis.request(match, seat)
    return render(request, "partien/_analyse_stand.html", {"match": match, "stand": analysis.present(entry)})
