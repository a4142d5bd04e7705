from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class RegistrationForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if username.lower().startswith("gast-"):
            raise forms.ValidationError(_("Namen, die mit „Gast-“ beginnen, sind für Gäste reserviert."))
        if User.objects.filter(username__iexact=username).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Dieser Name ist schon vergeben."))
        return username


class LoginForm(AuthenticationForm):
    """Login with German messages that say what went wrong (both fields were filled in)."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Name und Passwort passen nicht zusammen. Achte auf Groß- und Kleinschreibung."),
        "inactive": _("Dieses Konto ist gesperrt."),
    }

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["username"].error_messages["required"] = _("Bitte gib deinen Namen ein.")
        self.fields["password"].error_messages["required"] = _("Bitte gib dein Passwort ein.")


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("theme", "sound", "music")


class TalerAdjustForm(forms.Form):
    amount = forms.IntegerField(
        label=_("Betrag"), help_text=_("positiv: gutschreiben, negativ: abziehen"), min_value=-(10**9), max_value=10**9
    )
    reason = forms.CharField(label=_("Grund"), max_length=150)
    nonce = forms.CharField(widget=forms.HiddenInput, max_length=40)

    def clean_amount(self) -> int:
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError(_("Der Betrag darf nicht null sein."))
        return amount


class DeactivateForm(forms.Form):
    reason = forms.CharField(label=_("Grund der Sperre"), max_length=500, widget=forms.Textarea(attrs={"rows": 3}))


class RenameForm(forms.Form):
    username = forms.CharField(
        label=_("Neuer Name"), max_length=150, error_messages={"required": _("Bitte einen neuen Namen angeben.")}
    )
    reason = forms.CharField(
        label=_("Grund"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": _("Bitte einen Grund angeben.")},
    )
