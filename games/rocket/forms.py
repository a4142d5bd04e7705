"""The forms of Speedrocket: the game's options (length, recipes) and the "Freie Partie"."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.core.translate import gettext, say
from games.rocket.content import COLOUR_NAMES, RECIPE_COLOURS, RECIPES
from games.rocket.meisterbrief import LEVELS

LEVEL_CHOICES = [("leicht", _("leicht")), ("normal", _("normal")), ("stark", _("stark"))]
LAENGE_CHOICES = [("normal", _("normal – neun Abende")), ("kurz", _("kurz – sechs Abende"))]
REZEPTE_CHOICES = [
    ("standard", _("Standard – überall Rezeptur 1")),
    ("zufall", _("zufällig – je Farbe ausgelost")),
    ("gastgeber", _("eigene Auswahl")),
]
SOLO = "allein"
MEISTER = "meister"
GEGNER_CHOICES = [
    ("1", _("1 Computer")),
    ("2", _("2 Computer")),
    ("3", _("3 Computer")),
    (SOLO, _("Allein in der Werkstatt – ohne Gegner")),
    (MEISTER, _("Meisterbrief – eine Prüfungsstufe allein")),
]


def _level_label(number: int) -> str:
    lv = LEVELS[number - 1]
    goals = " · ".join(say(g.msg) for g in lv.goals)
    return gettext("%(n)s. %(name)s (%(evenings)s Abende): %(goals)s") % {
        "n": lv.number,
        "name": lv.name,
        "evenings": lv.abende,
        "goals": goals,
    }


STUFE_CHOICES = [(lv.number, lazy(_level_label, str)(lv.number)) for lv in LEVELS]
TEMPO_CHOICES = [("normal", _("Normal")), ("schnell", _("Schnell"))]


def recipe_field_name(colour: str) -> str:
    return f"rezept_{colour}"


def _recipe_choices(colour: str) -> list[tuple[int, str]]:
    return [(n, f"{n}. {RECIPES[(colour, n)].name}") for n in (1, 2, 3, 4)]


class OptionsForm(forms.Form):
    """The game's own options, for free games and live tables: length and recipes.

    With "eigene Auswahl" the host (or the free game's player) picks one recipe per colour.
    """

    laenge = forms.ChoiceField(label=_("Partie"), choices=LAENGE_CHOICES, initial="normal")
    rezepte = forms.ChoiceField(label=_("Rezepturen"), choices=REZEPTE_CHOICES, initial="standard")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for colour in RECIPE_COLOURS:
            self.fields[recipe_field_name(colour)] = forms.TypedChoiceField(
                label=_("Rezeptur %(farbe)s") % {"farbe": COLOUR_NAMES[colour]},
                choices=_recipe_choices(colour),
                coerce=int,
                initial=1,
                required=False,
                help_text=_("gilt nur bei „eigene Auswahl“"),
                # shown only while "eigene Auswahl" is chosen (static/js/show_if.js; the game page: detail.js)
                widget=forms.Select(attrs={"data-show-if": "rezepte=gastgeber"}),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("rezepte") == "gastgeber":
            for colour in RECIPE_COLOURS:
                name = recipe_field_name(colour)
                if data.get(name) in (None, "") and name not in self.errors:  # one message per field
                    self.add_error(name, _("Wähle für jede Farbe eine Rezeptur."))
        return data

    def game_options(self) -> dict[str, Any]:
        data = self.cleaned_data
        options: dict[str, Any] = {"kurz": data["laenge"] == "kurz", "rezepte": data["rezepte"]}
        if data["rezepte"] == "gastgeber":
            options["auswahl"] = {c: int(data[recipe_field_name(c)]) for c in RECIPE_COLOURS}
        return options


class FreeGameForm(OptionsForm):
    """Alone against 1–3 computers, or alone in the workshop without opponents."""

    gegner = forms.ChoiceField(label=_("Gegner"), choices=GEGNER_CHOICES, initial="2", widget=forms.RadioSelect)
    level = forms.ChoiceField(label=_("Stärke der Computer"), choices=LEVEL_CHOICES, initial="normal")
    tempo = forms.ChoiceField(label=_("Tempo"), choices=TEMPO_CHOICES, initial="normal")
    stufe = forms.TypedChoiceField(
        label=_("Meisterbrief-Stufe"),
        choices=STUFE_CHOICES,
        coerce=int,
        initial=1,
        required=False,
        help_text=_("Feste Rezepturen, eigener Startbeutel, drei Ziele: das erste besteht die Stufe."),
    )
    field_order = ["gegner", "stufe", "level", "laenge", "rezepte", "tempo"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("gegner") == MEISTER and data.get("stufe") in (None, ""):
            self.add_error("stufe", _("Wähle eine Stufe."))
        return data

    def table_settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        if data["gegner"] == MEISTER:
            return {"options": {"stufe": int(data["stufe"])}, "computers": [], "tempo": "normal"}
        computers = [] if data["gegner"] == SOLO else [data["level"]] * int(data["gegner"])
        return {"options": self.game_options(), "computers": computers, "tempo": data["tempo"]}
