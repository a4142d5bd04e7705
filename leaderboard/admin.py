from __future__ import annotations

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from games.core import registry
from leaderboard import services
from leaderboard.models import ScoreEntry, SoloScore
from moderation.admin_actions import ReadOnlyAdmin, confirm_with_form
from moderation.forms import ReasonForm


def game_name(slug: str) -> str:
    """The game's German name ("Speedkleister") instead of its slug; the slug for a game no longer registered."""
    try:
        return registry.engine(slug).NAME
    except registry.UnknownGame:
        return slug


@admin.display(description=_("Spiel"), ordering="game")
def game_column(obj: Model) -> str:
    """A list and page column for every model with a ``game`` slug (here and in the lobby's admin)."""
    return game_name(obj.game)  # type: ignore[attr-defined]


class GameFilter(admin.SimpleListFilter):
    """Filter by game, offered by name (the same ``?game=<slug>`` as the field's own filter)."""

    title = _("Spiel")
    parameter_name = "game"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [(slug, game_name(slug)) for slug in registry.slugs()]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        return queryset.filter(game=self.value()) if self.value() else queryset


@admin.register(ScoreEntry)
class ScoreEntryAdmin(ReadOnlyAdmin):
    """Punkteinträge are read-only; the moderation voids one with a reason (it stays stored, audited)."""

    list_display = ["created", "user", game_column, "kind", "points", "match", "voided", "void_reason"]
    list_filter = [GameFilter, "kind", "created", ("voided", admin.EmptyFieldListFilter)]
    search_fields = ["user__username"]
    date_hierarchy = "created"
    list_select_related = ["user", "match"]
    exclude = ["game"]  # shown by name (game_column)
    readonly_fields = ["user", game_column, "points", "kind", "match", "created", "voided", "void_reason", "voided_by"]
    actions = ["void"]

    def get_actions(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description=_("Einträge streichen (mit Grund)"), permissions=["moderate"])
    def void(self, request: HttpRequest, queryset: QuerySet[ScoreEntry]) -> HttpResponse | None:
        def apply(entry: ScoreEntry, data: dict) -> str:  # type: ignore[type-arg]
            services.void_entry(entry=entry, reason=data["reason"], by=request.user)
            return f"Gestrichen: {entry}"

        return confirm_with_form(
            self,
            request,
            queryset.select_related("user"),
            action="void",
            title=_("Bestenliste-Einträge streichen"),
            submit=_("Streichen"),
            form_class=ReasonForm,
            apply=apply,
            note=_(
                "Gestrichene Einträge bleiben gespeichert, zählen in keiner Liste mehr "
                "und der Spieler sieht den Grund unter „Meine Partien“."
            ),
        )


@admin.register(SoloScore)
class SoloScoreAdmin(ReadOnlyAdmin):
    """Solo results are read-only like Punkteinträge; the moderation removes one with a reason (audited)."""

    list_display = ["created", "user", game_column, "mode", "category", "day", "points", "won"]
    list_filter = [GameFilter, "mode", "day"]
    search_fields = ["user__username"]
    date_hierarchy = "created"
    list_select_related = ["user"]
    exclude = ["game"]  # shown by name (game_column)
    readonly_fields = ["user", game_column, "mode", "category", "day", "points", "won", "run", "created"]
    actions = ["remove"]

    def get_actions(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description=_("Aus den Solo-Listen entfernen (mit Grund)"), permissions=["moderate"])
    def remove(self, request: HttpRequest, queryset: QuerySet[SoloScore]) -> HttpResponse | None:
        def apply(entry: SoloScore, data: dict) -> str:  # type: ignore[type-arg]
            label = str(entry)
            services.delete_solo_score(entry=entry, reason=data["reason"], by=request.user)
            return f"Entfernt: {label}"

        return confirm_with_form(
            self,
            request,
            queryset.select_related("user"),
            action="remove",
            title=_("Solo-Ergebnisse entfernen"),
            submit=_("Entfernen"),
            form_class=ReasonForm,
            apply=apply,
        )
