"""Bestenliste pages: /bestenliste/ (all games) and /bestenliste/<slug>/ (one game)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.core import registry
from leaderboard import selectors


@dataclass(frozen=True)
class Tab:
    label: str
    url: str
    active: bool


def _url(slug: str | None, period: str) -> str:
    url = reverse("leaderboard:game", kwargs={"slug": slug}) if slug else reverse("leaderboard:index")
    return url + "?zeitraum=monat" if period == "monat" else url


def index(request: HttpRequest) -> HttpResponse:
    return _render(request, None)


def game(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        registry.engine(slug)
    except registry.UnknownGame:
        raise Http404(_("Dieses Spiel gibt es nicht."))
    return _render(request, slug)


def _render(request: HttpRequest, slug: str | None) -> HttpResponse:
    period = request.GET.get("zeitraum", "alle")
    if period not in selectors.PERIODS:
        period = "alle"
    names = {s: registry.engine(s).NAME for s in registry.slugs()}
    rows = selectors.ranking(game=slug, period=period)
    own = selectors.rank_of(user=request.user, game=slug, period=period)
    context = {
        "game_name": names[slug] if slug else _("Alle Spiele"),
        "period": period,
        "month_start": selectors.month_bounds()[0],
        "game_tabs": [Tab(_("Alle Spiele"), _url(None, period), slug is None)]
        + [Tab(name, _url(s, period), s == slug) for s, name in names.items()],
        "period_tabs": [
            Tab(_("Aller Zeiten"), _url(slug, "alle"), period == "alle"),
            Tab(_("Dieser Monat"), _url(slug, "monat"), period == "monat"),
        ],
        "rows": rows,
        "own": own,
        "own_in_list": own is not None and any(row.user_id == own.user_id for row in rows),
        "solo_lists": _solo_lists([slug] if slug else list(names), names),
    }
    return render(request, "leaderboard/bestenliste.html", context)


def _solo_lists(slugs: list[str], names: dict[str, str]) -> list[tuple[str, list[Tab]]]:
    """The solo modes' own lists of each game (they do not count here): Tagesliste and records."""
    out = []
    for s in slugs:
        modes, tabs = registry.solo(s), []
        if modes.daily is not None:
            tabs.append(Tab(_("Tagesliste"), reverse("leaderboard:daily", args=[s]), False))
        if modes.record is not None:
            tabs.append(Tab(_("Rekorde"), reverse("leaderboard:records", args=[s]), False))
        if tabs:
            out.append((names[s], tabs))
    return out
