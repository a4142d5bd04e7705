from django.contrib import admin
from django.http import HttpRequest

from leaderboard.models import ScoreEntry, SoloScore


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


@admin.register(SoloScore)
class SoloScoreAdmin(admin.ModelAdmin):
    """Solo results are read-only like Punkteinträge; admins may delete one (moderation)."""

    list_display = ["created", "user", "game", "mode", "category", "day", "points", "won"]
    list_filter = ["game", "mode", "day"]
    search_fields = ["user__username"]
    date_hierarchy = "created"
    list_select_related = ["user"]
    readonly_fields = ["user", "game", "mode", "category", "day", "points", "won", "run", "created"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: SoloScore | None = None) -> bool:
        return False
