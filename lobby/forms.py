"""The "Tisch eröffnen" form: live-table settings plus the game's own options form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.core import registry

CLOCK_CHOICES = [("30", "30 s"), ("60", "60 s"), ("90", "90 s"), ("120", _("2 Minuten")), ("ohne", _("ohne"))]
STAKE_CHOICES = [("0", _("ohne Einsatz"))] + [(str(n), f"{n} Taler") for n in (10, 25, 50, 100)]
LEVEL_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]


class LiveSettingsForm(forms.Form):
    places = forms.TypedChoiceField(label=_("Plätze"), coerce=int, choices=[])
    clock = forms.ChoiceField(label=_("Bedenkzeit je Zug"), choices=CLOCK_CHOICES, initial="120")
    bot_level = forms.ChoiceField(label=_("Computerstärke"), choices=LEVEL_CHOICES, initial="normal")
    stake = forms.TypedChoiceField(label=_("Einsatz"), choices=STAKE_CHOICES, coerce=int, initial=0)
    fill_computers = forms.BooleanField(label=_("freie Plätze mit Computern füllen"), required=False)

    def table_settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "places": data["places"],
            "clock_seconds": None if data["clock"] == "ohne" else int(data["clock"]),
            "bot_level": data["bot_level"],
            "stake": data["stake"],
            "fill_computers": data["fill_computers"],
            "options": self.game_options(),
            # A game whose options form has a Tempo (Speedneon: "Normal" or "Schnell") passes it on.
            "tempo": data.get("tempo") or "normal",
        }


def open_table_form(slug: str, data: Any = None) -> forms.Form:
    """The form for ``slug``: live settings first, then the game's options."""
    engine = registry.engine(slug)
    options_form = registry.forms(slug).OptionsForm
    form_class = type("OpenTableForm", (LiveSettingsForm, options_form), {})
    form = form_class(data, prefix=slug)
    low, high = max(2, engine.MIN_PLAYERS), engine.MAX_PLAYERS
    form.fields["places"].choices = [(n, str(n)) for n in range(low, high + 1)]
    form.fields["places"].initial = min(4, high)
    return form
