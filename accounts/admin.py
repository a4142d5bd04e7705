from __future__ import annotations

import secrets

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from accounts import services
from accounts.forms import DeactivateForm, TalerAdjustForm
from accounts.models import LedgerEntry, User, Wallet


class ReadOnlyLedgerInline(admin.TabularInline):
    model = LedgerEntry
    fields = ("created", "kind", "amount", "balance_after", "reason", "table_id", "admin")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("-created", "-id")

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "is_guest", "is_active", "balance", "date_joined", "last_login")
    list_filter = ("is_guest", "is_active", "is_staff")
    search_fields = ("username", "email")
    readonly_fields = ("deactivation_reason", "last_login", "date_joined", "ledger")
    fieldsets = BaseUserAdmin.fieldsets + (
        (_("Spielcenter"), {"fields": ("is_guest", "deactivation_reason", "theme", "sound", "music", "ledger")}),
    )
    actions = ["deactivate_with_reason"]

    @admin.display(description=_("Taler"))
    def balance(self, obj: User) -> str:
        wallet = getattr(obj, "wallet", None)
        return services.format_taler(wallet.balance) if wallet else "–"

    @admin.display(description=_("Buchungen"))
    def ledger(self, obj: User) -> str:
        entries = LedgerEntry.objects.filter(wallet__user=obj).order_by("-created", "-id")[:50]
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((e.created.strftime("%d.%m.%Y %H:%M"), e.reason, f"{e.amount:+d}", e.balance_after) for e in entries),
        )
        if not entries:
            return "–"
        return format_html("<table><tr><th>Datum</th><th>Grund</th><th>Betrag</th><th>Stand</th></tr>{}</table>", rows)

    @admin.action(description=_("Ausgewählte Spieler mit Grund sperren"))
    def deactivate_with_reason(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        form = DeactivateForm(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            for user in queryset:
                services.deactivate_user(user=user, reason=form.cleaned_data["reason"])
            self.message_user(request, _("%d Spieler gesperrt.") % queryset.count(), messages.SUCCESS)
            return None
        return render(
            request,
            "admin/accounts/sperren.html",
            {"form": form, "users": queryset, "action": "deactivate_with_reason", "title": _("Spieler sperren")},
        )


@admin.register(Wallet)
class WalletAdmin(admin.ModelAdmin):
    list_display = ("user", "balance", "last_allowance")
    search_fields = ("user__username",)
    readonly_fields = ("user", "balance", "last_allowance")
    inlines = [ReadOnlyLedgerInline]
    actions = ["adjust_taler"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    @admin.action(description=_("Taler gutschreiben/abziehen"))
    def adjust_taler(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        if "apply" in request.POST:
            form = TalerAdjustForm(request.POST)
            if form.is_valid():
                done = 0
                for wallet in queryset.select_related("user"):
                    try:
                        services.admin_adjust(
                            admin=request.user,
                            user=wallet.user,
                            amount=form.cleaned_data["amount"],
                            reason=form.cleaned_data["reason"],
                            key=f"{form.cleaned_data['nonce']}:{wallet.pk}",
                        )
                        done += 1
                    except services.TalerError as error:
                        self.message_user(request, f"{wallet.user}: {error.message}", messages.ERROR)
                if done:
                    self.message_user(request, _("%d Konten gebucht.") % done, messages.SUCCESS)
                return None
        else:
            form = TalerAdjustForm(initial={"nonce": secrets.token_hex(16)})
        return render(
            request,
            "admin/accounts/taler.html",
            {"form": form, "wallets": queryset, "action": "adjust_taler", "title": _("Taler gutschreiben/abziehen")},
        )


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = ("created", "wallet", "kind", "amount", "balance_after", "reason", "table_id", "admin")
    list_filter = ("kind",)
    search_fields = ("wallet__user__username", "reason", "key")
    date_hierarchy = "created"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
