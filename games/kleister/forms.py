"""The "Freie Partie" form of Speedkleister."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

LEVEL_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]


class OptionsForm(forms.Form):
    """The game's own options (Spielart, Hausregeln): for free games and live tables."""

    spielart = forms.ChoiceField(
        label=_("Spielart"), choices=[("normal", _("Normal (13 Karten)")), ("kurz", _("Kurz (10 Karten)"))]
    )
    buersten = forms.TypedChoiceField(
        label=_("Kleisterbürsten"),
        choices=[(5, _("5 (Grundregel)")), (3, _("3 (Hausregel)")), (7, _("7 (Hausregel)"))],
        coerce=int,
        initial=5,
    )
    karren = forms.TypedChoiceField(
        label=_("Plakatkarren"),
        choices=[(6, _("6 (Grundregel)")), (4, _("4 (Hausregel)")), (8, _("8 (Hausregel)"))],
        coerce=int,
        initial=6,
    )
    saeule_doppelt = forms.BooleanField(label=_("Hausregel „Säule zählt doppelt“"), required=False)

    def game_options(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {key: data[key] for key in ("spielart", "buersten", "karren", "saeule_doppelt")}


class FreeGameForm(OptionsForm):
    computers = forms.TypedChoiceField(
        label=_("Computergegner"), choices=[(n, str(n)) for n in range(1, 5)], coerce=int, initial=3
    )
    level = forms.ChoiceField(label=_("Stärke"), choices=LEVEL_CHOICES, initial="normal")
    field_order = ["computers", "level", "spielart", "buersten", "karren", "saeule_doppelt", "tempo"]
    tempo = forms.ChoiceField(
        label=_("Tempo"), choices=[("normal", _("Normal")), ("schnell", _("Schnell"))], initial="normal"
    )

    def table_settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "options": self.game_options(),
            "computers": [data["level"]] * data["computers"],
            "tempo": data["tempo"],
        }
