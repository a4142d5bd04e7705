"""/konto/partien/ (Meine Partien) and /partie/<id>/ (a finished game, step by step)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.core import registry
from games.core.fragments import FragmentContext, to_html
from lobby import analysis, history, solo
from lobby.models import Match
from lobby.runtime.rendering import seat_names, table_view
from lobby.runtime.snapshot import Snapshot, table_facts


@login_required
def partien(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("spiel") or None
    if game not in registry.slugs():
        game = None
    user = request.user
    rows = history.finished_games(user)
    context = {
        "rows": [r for r in rows if game is None or r.game == game],
        "stats": history.statistics(user, rows, solo.berlin_day()),
        "open_games": history.open_solo_games(user),
        "voided": history.voided_entries(user),
        "games": [(slug, registry.engine(slug).NAME) for slug in registry.slugs()],
        "game": game,
        "analysable": analysis.analysable_games(),
    }
    return render(request, "partien/partien.html", context)


def replay(request: HttpRequest, match_id: int) -> HttpResponse:
    match = Match.objects.select_related("table").filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None:
        raise Http404(_("Diese Partie gibt es nicht oder sie läuft noch."))
    own = history.seat_of(match, request.user.pk if request.user.is_authenticated else None)
    if not solo.may_watch(match.options, own):
        raise Http404(_("Das Tagesrätsel anderer kannst du erst ab morgen ansehen."))
    records = history.replay_steps(match)
    try:
        step_no = int(request.GET.get("schritt", len(records)))
    except ValueError:
        step_no = len(records)
    open_views = registry.solo(match.game).replay_open_after_end
    seat = own
    if open_views and request.GET.get("platz", "").isdigit() and int(request.GET["platz"]) < len(match.players):
        seat = int(request.GET["platz"])
    step = history.state_at(match, records, step_no)
    fragments = render_step(match, step, seat)
    context = {
        "match": match,
        "game": registry.engine(match.game),
        "step": step,
        "seat": seat,
        "own_seat": own,
        "analysable": own is not None and analysis.available(match.game),  # a player may have it analysed
        "names": [p["name"] for p in match.players],
        "open_views": open_views,
        "fragments": fragments,
        "prefix": registry.ui(match.game).PAGE_PREFIX,  # the board wears the table's class: its colours
        "prev": max(step.number - 1, 0),
        "next": min(step.number + 1, step.total),
        "standing": standing(match) if step.number == step.total else [],
    }
    return render(request, "partien/replay.html", context)


def standing(match: Match) -> list[dict[str, object]]:
    """The final places and points, best first."""
    result = match.result or {}
    rows = [
        {"place": place, "name": player["name"], "points": points}
        for player, place, points in zip(
            match.players, result.get("places", []), result.get("points", []), strict=False
        )
    ]
    return sorted(rows, key=lambda row: (row["place"], str(row["name"])))


def replay_of_table(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The end board's link: the replay of that table's match ``number``."""
    match = get_object_or_404(Match, table_id=table_id, number=number)
    query = request.GET.urlencode()  # a step and a seat (?schritt=12&platz=0) lead to the same step
    return redirect(reverse("lobby:replay", kwargs={"match_id": match.pk}) + (f"?{query}" if query else ""))


def render_step(match: Match, step: history.Step, seat: int | None) -> list[str]:
    """The game's own fragments (its ui module) for the re-computed state, seen from ``seat``."""
    engine, game_ui = registry.engine(match.game), registry.ui(match.game)
    over = step.number == step.total
    snap = Snapshot(
        table_id=match.table_id,
        match_id=match.pk,
        number=match.number,
        version=step.number,
        game=match.game,
        kind=match.table.kind,
        status=match.status if over else Match.Status.PLAYING,
        options=match.options,
        table_options={**match.table.options, "rat": False},  # a replay offers no Rat
        players=match.players,
        state=engine.dump(step.state),
        result=match.result if over else None,
        log=step.log,
        table=table_facts(match.table),
    )
    names = [p["name"] for p in match.players]
    facts = table_view(snap)
    public = to_html(
        game_ui.public_fragments(FragmentContext(facts, seat_names(engine.view(step.state, None), names), None, names))
    )
    private = {}
    if seat is not None:
        ctx = FragmentContext(facts, seat_names(engine.view(step.state, seat), names), seat, names)
        private = to_html(getattr(game_ui, "replay_fragments", game_ui.private_fragments)(ctx))
        # The status line as a spectator reads it: a replay never asks its viewer to move ("Paul ist dran").
        spectator = FragmentContext(facts, seat_names(engine.view(step.state, None), names), None, names)
        private.update(
            {k: v for k, v in to_html(game_ui.private_fragments(spectator)).items() if k.endswith("-status")}
        )
    # No send form and no end board (a dialog with "Neue Partie"): the page shows the final standing itself.
    return [html for key, html in {**public, **private}.items() if not key.endswith(("-send", "-end"))]
