"""The forms of Speedneon: the game's options and the "Freie Partie" (1–3 computers or the Solovariante)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

LEVEL_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]

AUSGABE_CHOICES = [
    ("klassisch", _("Klassisch – drei Werkzeuge, drei Werbetafeln")),
    ("einsteiger", _("Einsteiger – ohne Werkzeuge, zwei Werbetafeln")),
    ("blackout", _("Blackout – wie Klassisch, jedes dunkle Fenster −3")),
]

WERKZEUG_CHOICES = [
    (1, _("1 Werkzeug – extrem schwer")),
    (2, _("2 Werkzeuge – schwer")),
    (3, _("3 Werkzeuge – mittel")),
    (4, _("4 Werkzeuge – leichter")),
    (5, _("5 Werkzeuge – am leichtesten")),
]

SOLO = "solo"
GEGNER_CHOICES = [
    ("1", _("1 Computer")),
    ("2", _("2 Computer")),
    ("3", _("3 Computer")),
    (SOLO, _("Solovariante – allein gegen den Stromzähler")),
]

TEMPO_CHOICES = [("normal", _("Normal")), ("schnell", _("Schnell"))]


class OptionsForm(forms.Form):
    """The game's own options: the Ausgabe, the Tempo (and, where it is possible, the Solovariante's tools).

    The Tempo is a table setting, not a rule: it goes to ``table_settings()["tempo"]``, not into
    the engine's options.

    Live tables (the lobby's form) always have 2–4 seats, so the Solovariante and its
    number of tools only exist in the free game (``solo_variant = True``).
    """

    solo_variant = False

    ausgabe = forms.ChoiceField(label=_("Ausgabe"), choices=AUSGABE_CHOICES, initial="klassisch")
    tempo = forms.ChoiceField(
        label=_("Tempo"),
        choices=TEMPO_CHOICES,
        initial="normal",
        required=False,
        help_text=_("Wie schnell die Computer ziehen."),
    )
    werkzeuge = forms.TypedChoiceField(
        label=_("Werkzeuge in der Solovariante"),
        choices=WERKZEUG_CHOICES,
        coerce=int,
        initial=3,
        help_text=_("Je weniger Werkzeuge, desto schwerer."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.solo_variant:
            del self.fields["werkzeuge"]

    def game_options(self) -> dict[str, Any]:
        return {"ausgabe": self.cleaned_data["ausgabe"]}


class FreeGameForm(OptionsForm):
    """Alone against 1–3 computers (any Ausgabe), or the Solovariante without computers."""

    solo_variant = True

    gegner = forms.ChoiceField(label=_("Gegner"), choices=GEGNER_CHOICES, initial="2", widget=forms.RadioSelect)
    level = forms.ChoiceField(label=_("Stärke der Computer"), choices=LEVEL_CHOICES, initial="normal")
    turbo = forms.BooleanField(label=_("Turbo: die Computer ziehen noch schneller"), required=False)
    field_order = ["gegner", "level", "ausgabe", "werkzeuge", "tempo", "turbo"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ausgabe"].widget = forms.RadioSelect(choices=AUSGABE_CHOICES)

    @property
    def is_solo_variant(self) -> bool:
        return self.cleaned_data["gegner"] == SOLO

    def game_options(self) -> dict[str, Any]:
        if self.is_solo_variant:
            return {"ausgabe": "solo", "werkzeuge": self.cleaned_data["werkzeuge"]}
        return super().game_options()

    def table_settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        if self.is_solo_variant:
            return {"options": self.game_options(), "computers": [], "tempo": "normal"}
        tempo = "turbo" if data.get("turbo") else (data["tempo"] or "normal")
        return {
            "options": self.game_options(),
            "computers": [data["level"]] * int(data["gegner"]),
            "tempo": tempo,
        }
