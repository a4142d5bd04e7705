"""The forms of Speedburg: the game's options and the "Freie Partie" against 1–3 computers."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

LEVEL_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]

SKIZZENWAHL_CHOICES = [
    ("eine", _("Eine Skizze je Runde")),
    ("zwei", _("2 ziehen, 1 behalten – alle wählen gleichzeitig")),
]

BAUEN_CHOICES = [
    ("verdeckt", _("Verdeckt hinter dem Windschutz (Standard)")),
    ("offen", _("Offen – alle Burgen sind immer sichtbar")),
]

GEGNER_CHOICES = [("1", _("1 Computer")), ("2", _("2 Computer")), ("3", _("3 Computer"))]

TEMPO_CHOICES = [("normal", _("Normal")), ("schnell", _("Schnell"))]


class OptionsForm(forms.Form):
    """The game's own options: the sketch choice and hidden or open building.

    Live tables (the lobby's form adds places, clock, Computerstärke, stake) and the free game
    share it. ``bot_level`` in the engine's options is the Computerstärke for the Bestenliste
    factor when computers build along (RULES.md, "Bestenliste").
    """

    skizzenwahl = forms.ChoiceField(label=_("Skizzenwahl"), choices=SKIZZENWAHL_CHOICES, initial="eine")
    bauen = forms.ChoiceField(label=_("Bauen"), choices=BAUEN_CHOICES, initial="verdeckt")

    def game_options(self) -> dict[str, Any]:
        data = self.cleaned_data
        options: dict[str, Any] = {"skizzenwahl": data["skizzenwahl"], "bauen": data["bauen"]}
        # At a live table (the lobby's form): free places filled by computers bring their strength.
        if data.get("fill_computers") and data.get("bot_level"):
            options["bot_level"] = data["bot_level"]
        return options


class FreeGameForm(OptionsForm):
    """At once and without stake against 1–3 computers (2–4 castles)."""

    gegner = forms.ChoiceField(label=_("Gegner"), choices=GEGNER_CHOICES, initial="2", widget=forms.RadioSelect)
    level = forms.ChoiceField(label=_("Computerstärke"), choices=LEVEL_CHOICES, initial="normal")
    tempo = forms.ChoiceField(label=_("Tempo"), choices=TEMPO_CHOICES, initial="normal", required=False)
    turbo = forms.BooleanField(label=_("Turbo: die Computer bauen noch schneller"), required=False)
    field_order = ["gegner", "level", "skizzenwahl", "bauen", "tempo", "turbo"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["skizzenwahl"].widget = forms.RadioSelect(choices=SKIZZENWAHL_CHOICES)
        self.fields["bauen"].widget = forms.RadioSelect(choices=BAUEN_CHOICES)

    def game_options(self) -> dict[str, Any]:
        return {**super().game_options(), "bot_level": self.cleaned_data["level"]}

    def table_settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "options": self.game_options(),
            "computers": [data["level"]] * int(data["gegner"]),
            "tempo": "turbo" if data.get("turbo") else (data["tempo"] or "normal"),
        }
