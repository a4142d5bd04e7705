from __future__ import annotations

import secrets

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts import services
from accounts.forms import AddPlayerForm, DeactivateForm, ReactivateForm, RenameForm, TalerAdjustForm
from accounts.models import LedgerEntry, User, Wallet
from moderation import services as moderation
from moderation.admin_actions import RefuseForbiddenActions, confirm_with_form, refusal
from moderation.forms import MuteForm
from moderation.services import ModerationError

# Fields of an existing player that only the moderation actions (or the site itself) change.
MODERATED_FIELDS = ("username", "is_active", "is_guest")
MODERATION_HINT = _(
    "Name und „Aktiv“ ändern nur die Aktionen der Spielerliste: „Spieler umbenennen“, "
    "„Ausgewählte Spieler mit Grund sperren“ und „Sperre der ausgewählten Spieler mit Grund aufheben“ "
    "(mit Grund, im Moderationsprotokoll)."
)


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
class UserAdmin(RefuseForbiddenActions, BaseUserAdmin):
    list_display = ("username", "is_guest", "is_active", "balance", "date_joined", "last_login")
    list_filter = ("is_guest", "is_active", "is_staff")
    search_fields = ("username", "email")
    readonly_fields = ("deactivation_reason", "login_notice", "last_login", "date_joined", "ledger", "tables_and_games")
    fieldsets = BaseUserAdmin.fieldsets + (
        (
            _("Spielcenter"),
            {
                "fields": (
                    "is_guest",
                    "deactivation_reason",
                    "login_notice",
                    "theme",
                    "sound",
                    "music",
                    "tables_and_games",
                    "ledger",
                )
            },
        ),
    )
    actions = ["deactivate_with_reason", "reactivate_with_reason", "rename", "mute_in_chat"]
    add_form = AddPlayerForm

    def save_model(self, request: HttpRequest, obj: User, form, change: bool) -> None:  # type: ignore[no-untyped-def]
        """A player added here is registered like one who signed up: with a wallet and the start credit."""
        super().save_model(request, obj, form, change)
        if not change and not obj.is_guest:
            services.open_wallet(user=obj)

    def get_readonly_fields(self, request: HttpRequest, obj: User | None = None) -> tuple[str, ...]:
        fields = tuple(super().get_readonly_fields(request, obj))
        # An existing player's name and "Aktiv" change only through the audited moderation actions;
        # the guest flag only through registration and the guest upgrade. Adding a player stays possible.
        return fields if obj is None else MODERATED_FIELDS + fields

    def get_fieldsets(self, request: HttpRequest, obj: User | None = None):  # type: ignore[no-untyped-def]
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:
            return fieldsets
        (name, options), *rest = fieldsets
        return [(name, {**options, "description": MODERATION_HINT}), *rest]

    @admin.display(description=_("Tische und Partien"))
    def tables_and_games(self, obj: User) -> str:
        """Links to the table and match lists filtered to this player (the lists live in the lobby's admin)."""
        if obj.pk is None:
            return "–"
        links = [
            (reverse("admin:lobby_table_changelist") + f"?spieler={obj.pk}", _("Tische dieses Spielers")),
            (reverse("admin:lobby_match_changelist") + f"?spieler={obj.pk}", _("Partien dieses Spielers")),
            (reverse("admin:lobby_chatmessage_changelist") + f"?user__id__exact={obj.pk}", _("Chat-Nachrichten")),
            (
                reverse("admin:moderation_auditrecord_changelist") + f"?target_type=Spieler&target_id={obj.pk}",
                _("Moderationsprotokoll"),
            ),
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

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
            (
                (timezone.localtime(e.created).strftime("%d.%m.%Y %H:%M"), e.reason, f"{e.amount:+d}", e.balance_after)
                for e in entries
            ),
        )
        if not entries:
            return "–"
        return format_html("<table><tr><th>Datum</th><th>Grund</th><th>Betrag</th><th>Stand</th></tr>{}</table>", rows)

    @admin.action(description=_("Ausgewählte Spieler mit Grund sperren"), permissions=["change"])
    def deactivate_with_reason(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        return self._with_reason(
            request,
            queryset,
            "deactivate_with_reason",
            DeactivateForm,
            services.deactivate_user,
            done=lambda n: ngettext("%(count)d Spieler gesperrt.", "%(count)d Spieler gesperrt.", n),
            title=_("Spieler sperren"),
            submit=_("Sperren"),
        )

    @admin.action(description=_("Sperre der ausgewählten Spieler mit Grund aufheben"), permissions=["change"])
    def reactivate_with_reason(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        return self._with_reason(
            request,
            queryset,
            "reactivate_with_reason",
            ReactivateForm,
            services.reactivate_user,
            done=lambda n: ngettext(
                "Sperre von %(count)d Spieler aufgehoben.", "Sperre von %(count)d Spielern aufgehoben.", n
            ),
            title=_("Sperre aufheben"),
            submit=_("Sperre aufheben"),
        )

    def _with_reason(self, request, queryset, action, form_class, apply, *, done, title, submit):  # type: ignore[no-untyped-def]
        """Block or unblock the selected players: the reason's form, then the audited service for each.
        The service refuses a player already in that state (and more); the message counts only the
        players it changed."""
        form = form_class(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            changed = 0
            for user in queryset:
                try:
                    apply(user=user, reason=form.cleaned_data["reason"], by=request.user)
                except ModerationError as error:
                    self.message_user(request, refusal(user, error), messages.ERROR)
                    continue
                changed += 1
            if changed:
                self.message_user(request, done(changed) % {"count": changed}, messages.SUCCESS)
            return None
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "users": queryset,
            "action": action,
            "title": title,
            "submit": submit,
            "opts": self.model._meta,
        }
        return render(request, "admin/accounts/sperren.html", context)

    @admin.action(description=_("Spieler umbenennen (anstößiger Name)"), permissions=["change"])
    def rename(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        if queryset.count() != 1:
            self.message_user(request, _("Bitte genau einen Spieler zum Umbenennen auswählen."), messages.ERROR)
            return None

        def apply(user: User, data: dict) -> str:  # type: ignore[type-arg]
            old = user.username
            renamed = services.rename_user(user=user, username=data["username"], reason=data["reason"], by=request.user)
            return f"„{old}“ heißt jetzt „{renamed.username}“; der Spieler erfährt es bei der nächsten Anmeldung."

        return confirm_with_form(
            self,
            request,
            queryset,
            action="rename",
            title=_("Spieler umbenennen"),
            submit=_("Umbenennen"),
            form_class=RenameForm,
            apply=apply,
            note=_("Der Spieler bekommt bei der nächsten Anmeldung eine Nachricht mit dem neuen Namen und dem Grund."),
        )

    @admin.action(description=_("Im Chat stummschalten (überall, auf Zeit)"), permissions=["change"])
    def mute_in_chat(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        def apply(user: User, data: dict) -> str:  # type: ignore[type-arg]
            ban = moderation.mute_user(user=user, period=data["period"], reason=data["reason"], by=request.user)
            return f"{user} ist im Chat stumm bis {moderation.local_time(ban.until)}."

        return confirm_with_form(
            self,
            request,
            queryset,
            action="mute_in_chat",
            title=_("Im Chat stummschalten"),
            submit=_("Stummschalten"),
            form_class=MuteForm,
            apply=apply,
        )


@admin.register(Wallet)
class WalletAdmin(RefuseForbiddenActions, admin.ModelAdmin):
    list_display = ("player", "balance", "last_allowance")
    list_select_related = ("user",)
    search_fields = ("user__username",)
    fields = ("player", "balance", "last_allowance")
    readonly_fields = fields
    inlines = [ReadOnlyLedgerInline]
    actions = ["adjust_taler"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    @admin.display(description=_("Spieler"), ordering="user__username")
    def player(self, obj: Wallet) -> str:
        return obj.user.username

    @admin.action(description=_("Taler gutschreiben/abziehen"), permissions=["change"])
    def adjust_taler(self, request: HttpRequest, queryset) -> HttpResponse | None:  # type: ignore[no-untyped-def]
        if "apply" in request.POST:
            form = TalerAdjustForm(request.POST)
            if form.is_valid():
                done = 0
                for wallet in queryset.select_related("user"):
                    try:
                        booking = services.admin_adjust(
                            admin=request.user,
                            user=wallet.user,
                            amount=form.cleaned_data["amount"],
                            reason=form.cleaned_data["reason"],
                            key=f"{form.cleaned_data['nonce']}:{wallet.pk}",
                        )
                    except services.TalerError as error:
                        self.message_user(
                            request, self._refusal(wallet, form.cleaned_data["amount"], error), messages.ERROR
                        )
                        continue
                    if booking.created:
                        done += 1
                    else:  # the same form sent again: its booking stands, nothing new
                        self.message_user(
                            request,
                            gettext("%(player)s: schon gebucht – nichts geändert.") % {"player": wallet.user.username},
                            messages.WARNING,
                        )
                if done:
                    text = ngettext("%(count)d Konto gebucht.", "%(count)d Konten gebucht.", done) % {"count": done}
                    self.message_user(request, text, messages.SUCCESS)
                return None
        else:
            form = TalerAdjustForm(initial={"nonce": secrets.token_hex(16)})
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "wallets": queryset,
            "action": "adjust_taler",
            "title": _("Taler gutschreiben/abziehen"),
            "opts": self.model._meta,
        }
        return render(request, "admin/accounts/taler.html", context)

    @staticmethod
    def _refusal(wallet: Wallet, amount: int, error: services.TalerError) -> str:
        """The refusal for the admin: the service's overdraft sentence speaks to the player ("Du hast …")."""
        wallet.refresh_from_db(fields=["balance"])
        if amount < 0 and wallet.balance < -amount:
            return _("%(player)s hat nur %(taler)s – nichts gebucht.") % {
                "player": wallet.user.username,
                "taler": services.format_taler(wallet.balance),
            }
        return f"{wallet.user.username}: {error.message}"


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = ("created", "player", "kind", "amount", "balance_after", "reason", "table_id", "admin")
    list_select_related = ("wallet__user", "admin")
    list_filter = ("kind",)
    search_fields = ("wallet__user__username", "reason", "key")
    date_hierarchy = "created"

    @admin.display(description=_("Spieler"), ordering="wallet__user__username")
    def player(self, obj: LedgerEntry) -> str:
        return obj.wallet.user.username

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
