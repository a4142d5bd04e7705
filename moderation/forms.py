from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from moderation.services import MUTE_PERIODS


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Grund"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": _("Bitte einen Grund angeben.")},
    )

    def clean_reason(self) -> str:
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError(_("Bitte einen Grund angeben."))
        return reason


class MuteForm(ReasonForm):
    period = forms.ChoiceField(
        label=_("Dauer"),
        choices=[(key, label) for key, (_length, label) in MUTE_PERIODS.items()],
        error_messages={"invalid_choice": _("Bitte eine der angebotenen Dauern wählen.")},
    )
    field_order = ["period", "reason"]
