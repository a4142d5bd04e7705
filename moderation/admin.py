from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from moderation import services
from moderation.admin_actions import ReadOnlyAdmin, confirm_with_form
from moderation.forms import ReasonForm
from moderation.models import AuditRecord, ChatBan


@admin.register(AuditRecord)
class AuditRecordAdmin(ReadOnlyAdmin):
    """The moderation log: every moderation action, read-only."""

    list_display = ("created", "actor", "action", "target_type", "target_label", "reason")
    list_filter = ("action", "target_type", "created")
    search_fields = ("target_label", "target_id", "reason", "actor__username")
    date_hierarchy = "created"
    list_select_related = ("actor",)
    fields = ("created", "actor", "action", "target_type", "target_id", "target_label", "reason", "details")
    readonly_fields = fields
    actions = None  # not even "delete selected"


@admin.register(ChatBan)
class ChatBanAdmin(ReadOnlyAdmin):
    """Site-wide chat mutes (set from a player's page in admin); they can be lifted early, audited."""

    list_display = ("user", "until", "reason", "by", "created", "lifted", "active")
    list_filter = ("created",)
    search_fields = ("user__username", "reason")
    list_select_related = ("user", "by")
    fields = ("user", "until", "reason", "by", "created", "lifted", "lifted_by")
    readonly_fields = fields
    actions = ["lift"]

    @admin.display(description=_("wirkt"), boolean=True)
    def active(self, obj: ChatBan) -> bool:
        return obj.lifted is None and obj.until > timezone.now()

    def get_actions(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    @admin.action(description=_("Stummschaltung aufheben"), permissions=["moderate"])
    def lift(self, request: HttpRequest, queryset: QuerySet[ChatBan]) -> HttpResponse | None:
        def apply(ban: ChatBan, data: dict) -> str:  # type: ignore[type-arg]
            services.lift_ban(ban=ban, reason=data["reason"], by=request.user)
            return f"Stummschaltung von {ban.user} aufgehoben."

        return confirm_with_form(
            self,
            request,
            queryset.select_related("user"),
            action="lift",
            title="Stummschaltung aufheben",
            submit="Aufheben",
            form_class=ReasonForm,
            apply=apply,
        )
