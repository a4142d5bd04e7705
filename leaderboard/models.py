from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ScoreEntry(models.Model):
    """Points a player got for one match (or −10 for leaving it); the Bestenliste sums them.

    Written only through ``leaderboard.services``. ``(match, user, kind)`` is unique, so
    recording the same result twice changes nothing.
    """

    class Kind(models.TextChoices):
        MATCH = "partie", _("Partie")
        LEFT = "verlassen", _("Partie verlassen")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="score_entries",
        verbose_name=_("Spieler"),
    )
    game = models.CharField(_("Spiel"), max_length=20)
    points = models.IntegerField(_("Punkte"))
    kind = models.CharField(_("Art"), max_length=10, choices=Kind.choices, default=Kind.MATCH)
    match = models.ForeignKey(
        "lobby.Match",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="score_entries",
        verbose_name=_("Partie"),
    )
    created = models.DateTimeField(_("Zeitpunkt"), default=timezone.now, db_index=True)
    # Voided by the moderation: stored on, counted in no list, shown with the reason in Meine Partien.
    voided = models.DateTimeField(_("gestrichen am"), null=True, blank=True)
    void_reason = models.CharField(_("Grund der Streichung"), max_length=500, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("gestrichen durch"),
    )

    class Meta:
        verbose_name = _("Punkteintrag")
        verbose_name_plural = _("Punkteinträge")
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user", "kind"], name="score_unique_match_user_kind"),
        ]
        indexes = [
            models.Index(fields=["game", "created"], name="score_game_created"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.points:+d} ({self.game})"


class SoloScore(models.Model):
    """A verified solo result for the solo lists (Tagesliste, Rekorde); never part of the Bestenliste.

    Written only through ``leaderboard.services.record_solo_score``, once per run.
    """

    class Mode(models.TextChoices):
        DAILY = "taeglich", _("Tagesrätsel")
        RECORD = "rekord", _("Rekordjagd")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="solo_scores", verbose_name=_("Spieler")
    )
    game = models.CharField(_("Spiel"), max_length=20)
    mode = models.CharField(_("Modus"), max_length=10, choices=Mode.choices)
    category = models.CharField(_("Kategorie"), max_length=20, blank=True)
    day = models.DateField(_("Tag"), null=True, blank=True)
    points = models.IntegerField(_("Punkte"))
    won = models.BooleanField(_("gewonnen"), default=False)
    run = models.OneToOneField(
        "lobby.SoloRun", on_delete=models.PROTECT, related_name="list_entry", verbose_name=_("Versuch")
    )
    created = models.DateTimeField(_("Zeitpunkt"), default=timezone.now)

    class Meta:
        verbose_name = _("Solo-Ergebnis")
        verbose_name_plural = _("Solo-Ergebnisse")
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "day"], condition=models.Q(mode="taeglich"), name="solo_score_one_daily"
            ),
        ]
        indexes = [
            models.Index(fields=["game", "mode", "day"], name="solo_score_game_day"),
            models.Index(fields=["game", "mode", "category"], name="solo_score_category"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.points} ({self.game}, {self.mode})"
