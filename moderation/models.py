"""The audit log of moderation actions and site-wide chat mutes.

This app sits below every other app of ours (docs/runtime.md "Layers"): it
knows users only through ``settings.AUTH_USER_MODEL`` and the others describe
their targets to it as plain text (type, id, label).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class AuditRecord(models.Model):
    """One moderation action: who did what to which object, when and why. Written once, never changed."""

    class Action(models.TextChoices):
        CLOSE_TABLE = "tisch_schliessen", _("Tisch geschlossen")
        VOID_SCORE = "eintrag_streichen", _("Bestenliste-Eintrag gestrichen")
        DELETE_SOLO_SCORE = "solo_loeschen", _("Solo-Ergebnis gelöscht")
        RENAME_USER = "umbenennen", _("Spieler umbenannt")
        DEACTIVATE_USER = "sperren", _("Spieler gesperrt")
        REACTIVATE_USER = "entsperren", _("Sperre aufgehoben")
        MUTE_USER = "chat_stumm", _("Im Chat stummgeschaltet")
        UNMUTE_USER = "chat_stumm_aufheben", _("Chat-Stummschaltung aufgehoben")
        ADJUST_TALER = "taler", _("Taler gebucht")

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("durch"),
    )
    action = models.CharField(_("Aktion"), max_length=30, choices=Action.choices)
    target_type = models.CharField(_("Art des Ziels"), max_length=40)
    target_id = models.CharField(_("Ziel-ID"), max_length=40)
    target_label = models.CharField(_("Ziel"), max_length=200)
    reason = models.TextField(_("Grund"))
    details = models.JSONField(_("Einzelheiten"), default=dict, blank=True)
    created = models.DateTimeField(_("Zeitpunkt"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("Moderationsprotokoll-Eintrag")
        verbose_name_plural = _("Moderationsprotokoll")
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["target_type", "target_id"], name="audit_target")]

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.target_label}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise PermissionError("audit records are never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError("audit records are never deleted")


class ChatBan(models.Model):
    """An admin's site-wide chat mute of a user until ``until`` (or until lifted earlier)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_bans", verbose_name=_("Spieler")
    )
    until = models.DateTimeField(_("stumm bis"))
    reason = models.TextField(_("Grund"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("durch")
    )
    created = models.DateTimeField(_("Zeitpunkt"), auto_now_add=True)
    lifted = models.DateTimeField(_("aufgehoben am"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("aufgehoben durch"),
    )

    class Meta:
        verbose_name = _("Chat-Stummschaltung")
        verbose_name_plural = _("Chat-Stummschaltungen")
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "until"], name="chatban_user_until")]

    def __str__(self) -> str:
        return f"{self.user} bis {timezone.localtime(self.until):%d.%m.%Y %H:%M}"
