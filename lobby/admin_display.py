"""What the table admin shows of a match: each seat's view of the current state, the action log, the chat."""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from games.core import registry
from leaderboard.models import ScoreEntry
from lobby.models import ActionRecord, ChatMessage, Match, Table

LOG_ROWS = 300
CHAT_ROWS = 200


def _local(moment: Any) -> str:
    return timezone.localtime(moment).strftime("%d.%m.%Y %H:%M:%S")


def _pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True, default=str)


def seat_views(match: Match | None) -> str:
    """The current state as each seat (and a spectator) sees it: the engine's ``view``, never more."""
    if match is None:
        return "–"
    engine = registry.engine(match.game)
    try:
        state = engine.load(match.state)
        views = [
            (f"Platz {seat + 1}: {p.get('name', '?')}", engine.view(state, seat))
            for seat, p in enumerate(match.players)
        ]
        views.append(("Zuschauer", engine.view(state, None)))
    except Exception as error:  # a state this engine version cannot read: say so instead of a 500
        return format_html("<p>Der Zustand lässt sich nicht lesen: {}</p>", str(error))
    return format_html_join(
        "",
        '<details><summary>{}</summary><pre style="white-space:pre-wrap">{}</pre></details>',
        ((label, _pretty(view)) for label, view in views),
    )


def action_log(match: Match | None) -> str:
    if match is None:
        return "–"
    records = ActionRecord.objects.filter(match=match).order_by("-version")[:LOG_ROWS]
    rows = format_html_join(
        "",
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
        (
            (
                r.version,
                _local(r.created),
                r.seat + 1,
                "Tisch" if r.system else ("Computer" if r.by_bot else "Mensch"),
                json.dumps(r.action, ensure_ascii=False),
                " · ".join(str(e.get("text", "")) for e in r.events or [] if isinstance(e, dict)),
            )
            for r in records
        ),
    )
    if not records:
        return "–"
    head = "<tr><th>Version</th><th>Zeit</th><th>Platz</th><th>von</th><th>Aktion</th><th>Ereignisse</th></tr>"
    return format_html("<table>{}{}</table>", mark_safe(head), rows)  # head: a constant


def chat_lines(table: Table) -> str:
    messages = ChatMessage.objects.filter(table=table).select_related("user").order_by("-created", "-id")[:CHAT_ROWS]
    if not messages:
        return "–"
    rows = format_html_join(
        "",
        '<tr><td>{}</td><td><a href="{}">{}</a> ({})</td><td>{}</td></tr>',
        (
            (
                _local(m.created),
                reverse("admin:accounts_user_change", args=[m.user_id]),
                m.user.username,
                m.name,
                m.text,
            )
            for m in messages
        ),
    )
    return format_html("<table><tr><th>Zeit</th><th>Spieler (Name am Tisch)</th><th>Text</th></tr>{}</table>", rows)


def players_text(players: list[dict[str, Any]]) -> str:
    return ", ".join(str(p.get("name", "?")) for p in players)


def tables_of(user_id: int) -> QuerySet[Table]:
    """Every table the player hosted, sits at, or left a game at (as Meine Partien finds them)."""
    left = ScoreEntry.objects.filter(user_id=user_id, match__isnull=False).values("match__table_id")
    return Table.objects.filter(Q(host_id=user_id) | Q(seats__user_id=user_id) | Q(pk__in=left)).distinct()


def matches_of(user_id: int) -> QuerySet[Match]:
    """Every game the player played (their user id among the match's players)."""
    candidates = Match.objects.filter(table__in=tables_of(user_id)).values_list("pk", "players")
    ids = [pk for pk, players in candidates if any(p.get("user_id") == user_id for p in players)]
    return Match.objects.filter(pk__in=ids)
