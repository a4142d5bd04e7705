from django.contrib import admin
from django.http import HttpRequest

from leaderboard.models import ScoreEntry


@admin.register(ScoreEntry)
class ScoreEntryAdmin(admin.ModelAdmin):
    """Punkteinträge are read-only; admins may only delete one (moderation, e.g. a cheated result)."""

    list_display = ["created", "user", "game", "kind", "points", "match"]
    list_filter = ["game", "kind", "created"]
    search_fields = ["user__username"]
    date_hierarchy = "created"
    list_select_related = ["user", "match"]
    readonly_fields = ["user", "game", "points", "kind", "match", "created"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ScoreEntry | None = None) -> bool:
        return False
