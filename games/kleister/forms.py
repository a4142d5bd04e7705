"""The "Freie Partie" form of Speedkleister."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

LEVEL_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]


class FreeGameForm(forms.Form):
    computers = forms.TypedChoiceField(
        label=_("Computergegner"), choices=[(n, str(n)) for n in range(1, 5)], coerce=int, initial=3
    )
    level = forms.ChoiceField(label=_("Stärke"), choices=LEVEL_CHOICES, initial="normal")
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
    tempo = forms.ChoiceField(
        label=_("Tempo"), choices=[("normal", _("Normal")), ("schnell", _("Schnell"))], initial="normal"
    )

    def table_settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "options": {
                "spielart": data["spielart"],
                "buersten": data["buersten"],
                "karren": data["karren"],
                "saeule_doppelt": data["saeule_doppelt"],
            },
            "computers": [data["level"]] * data["computers"],
            "tempo": data["tempo"],
        }
