"""Django admin for tables, games and the chat (German): read-only lists and pages, one action that
changes anything, "Tisch schließen" (lobby/moderation.py, audited). Results are never set by hand."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.services import format_taler
from leaderboard.admin import GameFilter, game_column
from lobby import admin_display, moderation
from lobby.models import ChatMessage, Match, Seat, Table
from moderation.admin_actions import ReadOnlyAdmin, confirm_with_form
from moderation.forms import ReasonForm
from moderation.services import ModerationError

CLOSE_NOTE = _(
    "Eine laufende Partie endet ohne Wertung, jeder Einsatz geht über das Taler-Konto zurück (genau einmal), "
    "reservierte Einsätze im Warteraum auch; die Spieler sehen es sofort auf ihrer Seite."
)


def closed_message(closed: moderation.Closed) -> str:
    """The admin's success line after "Tisch schließen", from the list and from the table's page alike."""
    text = gettext("Tisch %(table)s geschlossen.") % {"table": closed.table_id}
    back = ", ".join(f"{name} {format_taler(amount)}" for name, amount in closed.refunds.items())
    if not back:
        return text
    return f"{text} " + gettext("Zurück: %(refunds)s.") % {"refunds": back}


class PlayerFilter(admin.SimpleListFilter):
    """``?spieler=<user id>``: the tables or games of one player (linked from the player's admin page)."""

    title = _("Spieler")
    parameter_name = "spieler"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        value = self.value()
        if not value or not value.isdigit():
            return []
        user = get_user_model().objects.filter(pk=int(value)).first()
        return [(value, user.username)] if user is not None else []

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if not value or not value.isdigit():
            return queryset
        user_id = int(value)
        if queryset.model is Table:
            return queryset.filter(pk__in=admin_display.tables_of(user_id).values("pk"))
        return queryset.filter(pk__in=admin_display.matches_of(user_id).values("pk"))


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("index", "name", "user", "bot_level", "ready", "hold_key")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class CloseActionMixin:
    """The "Tisch schließen" action, for tables and for games (closing the game's table)."""

    def _close(self, request: HttpRequest, queryset: QuerySet, table_of: Any) -> HttpResponse | None:
        def apply(obj: Any, data: dict[str, Any]) -> str:
            closed = moderation.close_table(table_id=table_of(obj), reason=data["reason"], by=request.user)
            return closed_message(closed)

        return confirm_with_form(
            self,  # type: ignore[arg-type]
            request,
            queryset,
            action="close_tables",
            title=_("Tisch schließen"),
            submit=_("Tisch schließen"),
            form_class=ReasonForm,
            apply=apply,
            note=CLOSE_NOTE,
        )


@admin.register(Table)
class TableAdmin(CloseActionMixin, ReadOnlyAdmin):
    list_display = ("id", game_column, "kind", "status", "host", "players", "stake", "created")
    list_filter = (GameFilter, "kind", "status", "stake", PlayerFilter)
    search_fields = ("=id", "game", "host__username", "seats__name", "seats__user__username")
    list_select_related = ("host",)
    date_hierarchy = "created"
    fields = (
        game_column,
        "kind",
        "status",
        "host",
        "stake",
        "places",
        "clock_seconds",
        "bot_level",
        "fill_computers",
        "options",
        "reserved_until",
        "created",
        "games",
        "views",
        "log",
        "chat",
    )
    readonly_fields = fields
    inlines = [SeatInline]
    actions = ["close_tables"]
    change_form_template = "admin/lobby/table/change_form.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return super().get_queryset(request).prefetch_related("seats")

    def get_actions(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.display(description=_("Spieler"))
    def players(self, obj: Table) -> str:
        return ", ".join(seat.name for seat in obj.seats.all()) or "–"

    def current(self, obj: Table) -> Match | None:
        return Match.objects.filter(table=obj).order_by("-number").first()

    @admin.display(description=_("Partien"))
    def games(self, obj: Table) -> str:
        matches = Match.objects.filter(table=obj).order_by("-number")[:50]
        if not matches:
            return "–"
        return format_html_join(
            ", ",
            '<a href="{}">Nr. {} ({})</a>',
            ((reverse("admin:lobby_match_change", args=[m.pk]), m.number, m.get_status_display()) for m in matches),
        )

    @admin.display(description=_("Stand je Platz (aktuelle Partie)"))
    def views(self, obj: Table) -> str:
        return admin_display.seat_views(self.current(obj))

    @admin.display(description=_("Verlauf (aktuelle Partie)"))
    def log(self, obj: Table) -> str:
        return admin_display.action_log(self.current(obj))

    @admin.display(description=_("Chat"))
    def chat(self, obj: Table) -> str:
        return admin_display.chat_lines(obj)

    @admin.action(description=_("Tisch schließen (Partie ohne Wertung, Einsätze zurück)"), permissions=["moderate"])
    def close_tables(self, request: HttpRequest, queryset: QuerySet[Table]) -> HttpResponse | None:
        return self._close(request, queryset, lambda table: table.pk)

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None):  # type: ignore[no-untyped-def]
        extra = {**(extra_context or {}), "can_close": self.has_moderate_permission(request)}
        return super().change_view(request, object_id, form_url, extra)

    def get_urls(self):  # type: ignore[no-untyped-def]
        own = [
            path("<int:table_id>/schliessen/", self.admin_site.admin_view(self.close_view), name="lobby_table_close")
        ]
        return own + super().get_urls()

    def close_view(self, request: HttpRequest, table_id: int) -> HttpResponse:
        """ "Tisch schließen" from the table's own page."""
        if not self.has_moderate_permission(request):
            raise PermissionDenied
        table = get_object_or_404(Table, pk=table_id)
        form = ReasonForm(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            try:
                closed = moderation.close_table(table_id=table.pk, reason=form.cleaned_data["reason"], by=request.user)
            except ModerationError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                self.message_user(request, closed_message(closed), messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:lobby_table_change", args=[table.pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Tisch schließen"),
            "objects": [table],
            "form": form,
            "submit": _("Tisch schließen"),
            "note": CLOSE_NOTE,
            "opts": self.model._meta,
        }
        return render(request, "admin/moderation/confirm.html", context)


@admin.register(Match)
class MatchAdmin(CloseActionMixin, ReadOnlyAdmin):
    list_display = ("id", "table", game_column, "number", "status", "player_names", "started", "finished")
    list_filter = (GameFilter, "status", PlayerFilter)
    search_fields = ("=id", "=table__id", "table__host__username", "table__seats__user__username")
    list_select_related = ("table",)
    date_hierarchy = "started"
    fields = (
        "table_link",
        game_column,
        "number",
        "status",
        "player_names",
        "seed",
        "options",
        "version",
        "result",
        "deadline",
        "started",
        "finished",
        "views",
        "log",
    )
    readonly_fields = fields
    actions = ["close_tables"]

    def get_actions(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.display(description=_("Tisch"))
    def table_link(self, obj: Match) -> str:
        return format_html('<a href="{}">{}</a>', reverse("admin:lobby_table_change", args=[obj.table_id]), obj.table)

    @admin.display(description=_("Spieler"))
    def player_names(self, obj: Match) -> str:
        return admin_display.players_text(obj.players)

    @admin.display(description=_("Stand je Platz"))
    def views(self, obj: Match) -> str:
        return admin_display.seat_views(obj)

    @admin.display(description=_("Verlauf"))
    def log(self, obj: Match) -> str:
        return admin_display.action_log(obj)

    @admin.action(
        description=_("Tisch dieser Partie schließen (ohne Wertung, Einsätze zurück)"), permissions=["moderate"]
    )
    def close_tables(self, request: HttpRequest, queryset: QuerySet[Match]) -> HttpResponse | None:
        return self._close(request, queryset, lambda match: match.table_id)


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    """Every chat line, read-only (moderation reads; it mutes writers from the player's page)."""

    list_display = ("created", "table", "user", "name", "text")
    list_filter = ("created",)
    search_fields = ("text", "name", "user__username", "=table__id")
    list_select_related = ("table", "user")
    date_hierarchy = "created"
    fields = ("created", "table", "user", "name", "text")
    readonly_fields = fields
    actions = None

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        # Linked from a player's admin page: ?user__id__exact=<id>
        return lookup == "user__id__exact" or super().lookup_allowed(lookup, value, request)
