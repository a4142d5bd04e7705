from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AdminUserCreationForm, AuthenticationForm, UserCreationForm
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import MAX_NAME_LENGTH, User


class NameRules:
    """A new player's name: what the registration form and the admin's "add player" form both check
    (and say: the model field's help text and maxlength speak of Django's 150 characters)."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        field = self.fields["username"]
        field.widget.attrs["maxlength"] = MAX_NAME_LENGTH
        # the chat's wording ("höchstens 30 Zeichen"), already translated
        field.help_text = capfirst(gettext("höchstens %(n)s Zeichen") % {"n": MAX_NAME_LENGTH}) + "."

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if len(username) > MAX_NAME_LENGTH:
            raise forms.ValidationError(
                _("Ein Name hat höchstens %(max)s Zeichen (deiner hat %(n)s).")
                % {"max": MAX_NAME_LENGTH, "n": len(username)}
            )
        if username.lower().startswith("gast-"):
            raise forms.ValidationError(_("Namen, die mit „Gast-“ beginnen, sind für Gäste reserviert."))
        if User.objects.filter(username__iexact=username).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Dieser Name ist schon vergeben."))
        return username


class RegistrationForm(NameRules, UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class AddPlayerForm(NameRules, AdminUserCreationForm):
    """The admin's "Spieler hinzufügen": the registration's name rules (the player then gets the start
    credit, ``UserAdmin.save_model``)."""

    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("username",)


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

    def clean(self):  # type: ignore[no-untyped-def]
        """Django's backend turns a blocked account away like a wrong password; with the right password the
        player learns that the account is blocked, and why (nobody else learns that it exists)."""
        try:
            return super().clean()
        except forms.ValidationError as error:
            blocked = self._blocked() if error.code == "invalid_login" else None
            if blocked is None:
                raise
            message = self.error_messages["inactive"]
            if blocked.deactivation_reason:
                message = _("Dieses Konto ist gesperrt: %(reason)s") % {"reason": blocked.deactivation_reason}
            raise forms.ValidationError(message, code="inactive") from None

    def _blocked(self) -> User | None:
        username, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        if not username or not password:
            return None
        user = User.objects.filter(username__iexact=username, is_active=False).first()
        return user if user is not None and user.check_password(password) else None


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


class ReactivateForm(forms.Form):
    reason = forms.CharField(
        label=_("Grund für die Aufhebung"), max_length=500, widget=forms.Textarea(attrs={"rows": 3})
    )


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
