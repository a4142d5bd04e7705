from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: the longest name a player may choose (registration, a moderator's rename): it shows in the header, at
#: tables and in every list; older accounts may have longer ones (the header cuts them off)
MAX_NAME_LENGTH = 30


class User(AbstractUser):
    """A player. Guests are real rows flagged ``is_guest`` and can be upgraded."""

    is_guest = models.BooleanField(_("Gast"), default=False)
    deactivation_reason = models.TextField(_("Grund der Sperre"), blank=True)
    # A message from the moderation (e.g. a renamed user name), shown once at the next login.
    login_notice = models.TextField(_("Hinweis bei der nächsten Anmeldung"), blank=True)
    theme = models.CharField(
        _("Farbschema"),
        max_length=10,
        choices=[("auto", _("automatisch")), ("hell", _("hell")), ("dunkel", _("dunkel"))],
        default="auto",
    )
    # Off until the player turns them on (issue 17); the gear menu of a table page saves them here.
    sound = models.BooleanField(_("Klänge"), default=False)
    music = models.BooleanField(_("Musik"), default=False)
    # Per game (key: the game's page prefix, e.g. "rk"): the chosen music piece and design; "stumm": the mute button.
    view_prefs = models.JSONField(_("Ansicht je Spiel"), default=dict, blank=True)

    class Meta:
        verbose_name = _("Spieler")
        verbose_name_plural = _("Spieler")

    def __str__(self) -> str:
        return self.username


class Wallet(models.Model):
    """The Taler balance of a registered player. Changed only through accounts.services."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="wallet")
    balance = models.BigIntegerField(_("Kontostand"), default=0)
    last_allowance = models.DateField(_("letztes Tagesgeld"), null=True, blank=True)

    class Meta:
        verbose_name = _("Taler-Konto")
        verbose_name_plural = _("Taler-Konten")
        constraints = [models.CheckConstraint(condition=Q(balance__gte=0), name="wallet_balance_not_negative")]

    def __str__(self) -> str:
        return f"{self.user} ({self.balance} Taler)"


class LedgerEntry(models.Model):
    """One append-only change of a balance; ``key`` makes every change happen once."""

    class Kind(models.TextChoices):
        START = "start", _("Startguthaben")
        ALLOWANCE = "tagesgeld", _("Tagesgeld")
        STAKE = "einsatz", _("Einsatz")
        PAYOUT = "gewinn", _("Gewinn")
        REFUND = "erstattung", _("Erstattung")
        ADMIN = "verwaltung", _("Verwaltung")

    wallet = models.ForeignKey(Wallet, on_delete=models.PROTECT, related_name="entries")
    amount = models.BigIntegerField(_("Betrag"))
    balance_after = models.BigIntegerField(_("Stand danach"))
    kind = models.CharField(_("Art"), max_length=12, choices=Kind.choices)
    reason = models.CharField(_("Grund"), max_length=200)
    key = models.CharField(_("Schlüssel"), max_length=120, unique=True)
    table_id = models.BigIntegerField(_("Tisch"), null=True, blank=True)
    admin = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("durch Admin"),
    )
    created = models.DateTimeField(_("Zeitpunkt"), auto_now_add=True)

    class Meta:
        verbose_name = _("Buchung")
        verbose_name_plural = _("Buchungen")
        ordering = ["-created", "-id"]
        constraints = [models.CheckConstraint(condition=Q(balance_after__gte=0), name="ledger_balance_not_negative")]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.reason}"

    def shown_reason(self) -> str:
        """The reason as the ledger shows it, in the active language: the site's own bookings are
        worded again from their kind and table; an admin's reason stays as the admin wrote it."""
        table = {"table": self.table_id}
        if self.kind == self.Kind.STAKE and self.table_id is not None:
            return gettext("Einsatz an Tisch %(table)s") % table
        if self.kind == self.Kind.PAYOUT and self.table_id is not None:
            return gettext("Gewinn an Tisch %(table)s") % table
        if self.kind == self.Kind.REFUND and self.table_id is not None:
            return gettext("Einsatz zurück von Tisch %(table)s") % table
        if self.kind in (self.Kind.START, self.Kind.ALLOWANCE):
            return str(self.get_kind_display())
        return self.reason
