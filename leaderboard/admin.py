from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from leaderboard import services
from leaderboard.models import ScoreEntry, SoloScore
from moderation.admin_actions import ReadOnlyAdmin, confirm_with_form
from moderation.forms import ReasonForm


@admin.register(ScoreEntry)
class ScoreEntryAdmin(ReadOnlyAdmin):
    """Punkteinträge are read-only; the moderation voids one with a reason (it stays stored, audited)."""

    list_display = ["created", "user", "game", "kind", "points", "match", "voided", "void_reason"]
    list_filter = ["game", "kind", "created", ("voided", admin.EmptyFieldListFilter)]
    search_fields = ["user__username"]
    date_hierarchy = "created"
    list_select_related = ["user", "match"]
    readonly_fields = ["user", "game", "points", "kind", "match", "created", "voided", "void_reason", "voided_by"]
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

    list_display = ["created", "user", "game", "mode", "category", "day", "points", "won"]
    list_filter = ["game", "mode", "day"]
    search_fields = ["user__username"]
    date_hierarchy = "created"
    list_select_related = ["user"]
    readonly_fields = ["user", "game", "mode", "category", "day", "points", "won", "run", "created"]
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
