from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Table(models.Model):
    """A place to play: a game, its options and seats. Each game played there is a Match."""

    class Kind(models.TextChoices):
        SOLO = "solo", _("allein gegen Computer")
        LIVE = "live", _("mit anderen")

    class Status(models.TextChoices):
        OPEN = "open", _("offen")
        PLAYING = "playing", _("läuft")
        FINISHED = "finished", _("beendet")
        CLOSED = "closed", _("geschlossen")

    game = models.CharField(_("Spiel"), max_length=20)
    kind = models.CharField(_("Art"), max_length=10, choices=Kind.choices, default=Kind.SOLO)
    status = models.CharField(_("Status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    options = models.JSONField(_("Optionen"), default=dict)
    places = models.PositiveSmallIntegerField(_("Plätze"))
    bot_level = models.CharField(_("Computerstärke"), max_length=10, default="normal")
    stake = models.PositiveIntegerField(_("Einsatz"), default=0)
    clock_seconds = models.PositiveIntegerField(_("Bedenkzeit (s)"), null=True, blank=True)
    fill_computers = models.BooleanField(_("freie Plätze mit Computern füllen"), default=False)
    reserved_until = models.DateTimeField(_("Plätze reserviert bis"), null=True, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables", verbose_name=_("Gastgeber")
    )
    created = models.DateTimeField(_("eröffnet"), auto_now_add=True)

    class Meta:
        verbose_name = _("Tisch")
        verbose_name_plural = _("Tische")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Tisch {self.pk} ({self.game})"


class Seat(models.Model):
    """A place at a table: a human (``user``) or a computer (``bot_level``)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(_("Platz"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, verbose_name=_("Spieler")
    )
    bot_level = models.CharField(_("Computer"), max_length=10, blank=True)
    name = models.CharField(_("Name"), max_length=60)
    ready = models.BooleanField(_("bereit"), default=True)  # False: kept free for "Nochmal"
    # The ledger key of the stake held since this player sat down (empty: no stake held).
    hold_key = models.CharField(_("Einsatz reserviert"), max_length=80, blank=True)

    class Meta:
        verbose_name = _("Platz")
        verbose_name_plural = _("Plätze")
        ordering = ["table", "index"]
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="seat_unique_index")]

    def __str__(self) -> str:
        return f"{self.table_id}/{self.index}: {self.name}"


class Match(models.Model):
    """One game at a table: its record (seed, options, players), state and version."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("läuft")
        FINISHED = "finished", _("beendet")
        ABORTED = "aborted", _("abgebrochen")

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="matches", verbose_name=_("Tisch"))
    number = models.PositiveIntegerField(_("Partie Nr."), default=1)
    game = models.CharField(_("Spiel"), max_length=20)
    seed = models.BigIntegerField(_("Startwert"))
    options = models.JSONField(_("Optionen"))
    players = models.JSONField(_("Spieler"))  # [{"name", "user_id", "bot"}] by seat
    state = models.JSONField(_("Zustand"))
    version = models.PositiveIntegerField(_("Version"), default=0)
    status = models.CharField(_("Status"), max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.JSONField(_("Ergebnis"), null=True, blank=True)
    deadline = models.DateTimeField(_("Frist"), null=True, blank=True)  # the earliest of the seats' deadlines
    # Per seat: the current decision (since which version, its key), the version of the seat's
    # last own action and its deadline (epoch seconds); see lobby/runtime/decisions.py.
    decisions = models.JSONField(_("Entscheidungen"), default=list, blank=True)
    started = models.DateTimeField(_("begonnen"), auto_now_add=True)
    finished = models.DateTimeField(_("beendet"), null=True, blank=True)

    class Meta:
        verbose_name = _("Partie")
        verbose_name_plural = _("Partien")
        ordering = ["-started"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="match_unique_number")]

    def __str__(self) -> str:
        return f"Partie {self.pk} an Tisch {self.table_id}"


class ActionRecord(models.Model):
    """Every accepted action, in order: with seed and options it replays the match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField(_("Version"))  # the match version this action produced
    seat = models.PositiveSmallIntegerField(_("Platz"))
    action = models.JSONField(_("Aktion"))
    by_bot = models.BooleanField(_("vom Computer"), default=False)
    # A table event (someone left, the computer took over): not an engine action, skipped by replay.
    system = models.BooleanField(_("Tischereignis"), default=False)
    events = models.JSONField(_("Ereignisse"), default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("Zug")
        verbose_name_plural = _("Züge")
        ordering = ["match", "version"]
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="action_unique_version")]

    def __str__(self) -> str:
        return f"Partie {self.match_id}, Version {self.version}: {self.action}"


class DailyPuzzle(models.Model):
    """Today's puzzle of a game, stored by the midnight task (a cache: the seed is computed
    from the server secret and the date, see ``lobby.solo.daily_seed``)."""

    game = models.CharField(_("Spiel"), max_length=20)
    day = models.DateField(_("Tag"))
    seed = models.BigIntegerField(_("Startwert"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("Tagesrätsel")
        verbose_name_plural = _("Tagesrätsel")
        ordering = ["-day", "game"]
        constraints = [models.UniqueConstraint(fields=["game", "day"], name="daily_unique_game_day")]

    def __str__(self) -> str:
        return f"{self.game} {self.day}"


class SoloRun(models.Model):
    """One attempt in a solo mode: a daily puzzle (one match) or a record hunt (``rounds`` matches
    at the same table). Whether a daily attempt counts is decided when it starts."""

    class Mode(models.TextChoices):
        DAILY = "taeglich", _("Tagesrätsel")
        RECORD = "rekord", _("Rekordjagd")

    class Status(models.TextChoices):
        OPEN = "open", _("läuft")
        FINISHED = "finished", _("beendet")
        ABORTED = "aborted", _("abgebrochen")
        REJECTED = "rejected", _("Nachprüfung fehlgeschlagen")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="solo_runs")
    game = models.CharField(_("Spiel"), max_length=20)
    mode = models.CharField(_("Modus"), max_length=10, choices=Mode.choices)
    category = models.CharField(_("Kategorie"), max_length=20, blank=True)
    day = models.DateField(_("Tag"), null=True, blank=True)  # the daily puzzle's day (Europe/Berlin)
    counts = models.BooleanField(_("zählt"), default=True)  # False: a later daily attempt (Übung)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="solo_runs")
    first_number = models.PositiveIntegerField(_("erste Partie Nr."), default=1)
    rounds = models.PositiveSmallIntegerField(_("Durchgänge"), default=1)
    done = models.PositiveSmallIntegerField(_("gespielt"), default=0)
    status = models.CharField(_("Status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    score = models.IntegerField(_("Punkte"), null=True, blank=True)
    won = models.BooleanField(_("gewonnen"), default=False)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Solo-Versuch")
        verbose_name_plural = _("Solo-Versuche")
        ordering = ["-created"]
        constraints = [
            # The first attempt of the day counts, exactly one per player, game and day.
            models.UniqueConstraint(
                fields=["user", "game", "day"],
                condition=models.Q(mode="taeglich", counts=True),
                name="solo_one_counting_attempt_per_day",
            ),
        ]
        indexes = [models.Index(fields=["table", "status"], name="solo_table_status")]

    def __str__(self) -> str:
        return f"{self.get_mode_display()} {self.game} {self.user}"


class ChatMessage(models.Model):
    """One line of a live table's chat, stored with the table (admins read it in admin)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("Tisch"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages", verbose_name=_("Spieler")
    )
    name = models.CharField(_("Name am Tisch"), max_length=60)
    text = models.CharField(_("Text"), max_length=200)
    created = models.DateTimeField(_("Zeitpunkt"), auto_now_add=True)

    class Meta:
        verbose_name = _("Chat-Nachricht")
        verbose_name_plural = _("Chat-Nachrichten")
        ordering = ["-created", "-id"]
        indexes = [
            models.Index(fields=["table", "created"], name="chat_table_created"),
            models.Index(fields=["user", "created"], name="chat_user_created"),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.text}"


class ChatMute(models.Model):
    """A player does not want to read another one's chat lines any more (for themselves, at every table)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes", verbose_name=_("Spieler")
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("stummgeschaltet")
    )
    created = models.DateTimeField(_("Zeitpunkt"), auto_now_add=True)

    class Meta:
        verbose_name = _("Stummgeschaltet (persönlich)")
        verbose_name_plural = _("Stummgeschaltet (persönlich)")
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} -> {self.muted_id}"
