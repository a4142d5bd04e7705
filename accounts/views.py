from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from accounts import selectors, services
from accounts import view_settings as view
from accounts.forms import LoginForm, PreferencesForm, RegistrationForm
from accounts.throttle import limit_new_accounts

BACKEND = "django.contrib.auth.backends.ModelBackend"


@limit_new_accounts
def register(request: HttpRequest) -> HttpResponse:
    """New account; from a guest session it upgrades the same user."""
    guest = request.user if request.user.is_authenticated and request.user.is_guest else None
    if request.user.is_authenticated and guest is None:
        return redirect("accounts:profile")
    form = RegistrationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        username, password = form.cleaned_data["username"], form.cleaned_data["password1"]
        if guest is not None:
            user = services.upgrade_guest(guest=guest, username=username, password=password)
            messages.success(
                request, gettext("Dein Konto ist angelegt. Alles, was du als Gast gespielt hast, bleibt erhalten.")
            )
        else:
            user = services.register_user(username=username, password=password)
            messages.success(request, gettext("Willkommen im Spielcenter! Du hast 1.000 Taler Startguthaben."))
        login(request, user, backend=BACKEND)
        return redirect("accounts:profile")
    return render(request, "accounts/registrieren.html", {"form": form, "guest": guest})


@require_POST
@limit_new_accounts
def guest(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    user = services.create_guest()
    login(request, user, backend=BACKEND)
    messages.info(
        request,
        gettext("Du spielst als %(name)s – ohne Einsatz. Leg ein Konto an, um Taler zu setzen.")
        % {"name": user.username},
    )
    target = request.POST.get("next", "")
    local = url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure())
    return redirect(target if local else "home")


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = PreferencesForm(request.POST or None, instance=user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, gettext("Einstellungen gespeichert."))
        return redirect("accounts:profile")
    context = {
        "form": form,
        "wallet": selectors.wallet_of(user),
        "ledger": selectors.ledger_of(user),
    }
    return render(request, "accounts/profil.html", context)


#: From this many wrong passwords on, the login page warns before the lock (django-axes).
WARN_FROM_FAILURE = 3


def lock_warning(failures: int | None) -> str | None:
    """The warning after ``failures`` wrong passwords in a row, or None (below the third)."""
    limit = settings.AXES_FAILURE_LIMIT
    if not failures or failures < WARN_FROM_FAILURE or failures >= limit:
        return None
    left = limit - failures
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return ngettext(
        "Das war der %(failures)s. Fehlversuch. Noch %(left)s Versuch: Nach dem %(limit)s. Fehlversuch "
        "ist die Anmeldung für diesen Namen %(minutes)s Minuten gesperrt.",
        "Das war der %(failures)s. Fehlversuch. Noch %(left)s Versuche: Nach dem %(limit)s. Fehlversuch "
        "ist die Anmeldung für diesen Namen %(minutes)s Minuten gesperrt.",
        left,
    ) % {"failures": failures, "left": left, "limit": limit, "minutes": minutes}


class LoginView(auth_views.LoginView):
    template_name = "accounts/anmelden.html"
    redirect_authenticated_user = True
    authentication_form = LoginForm

    def form_invalid(self, form):  # type: ignore[no-untyped-def]
        # django-axes counts the failure during authenticate() and leaves the count on the request.
        warning = lock_warning(getattr(self.request, "axes_failures_since_start", None))
        return self.render_to_response(self.get_context_data(form=form, lock_warning=warning))


class LogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("home")


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/passwort.html"
    success_url = reverse_lazy("accounts:profile")

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        messages.success(self.request, gettext("Dein Passwort ist geändert."))
        return super().form_valid(form)


@require_POST
def view_settings(request: HttpRequest) -> JsonResponse:
    """The gear menu of a table page saves here (registered players; guests keep them on the device)."""
    user = request.user
    if not user.is_authenticated or user.is_guest:
        return JsonResponse({"error": gettext("Als Gast merkt sich dieses Gerät deine Ansicht.")}, status=403)
    try:
        view.save(user, view.clean(request.POST.dict()))
    except view.BadViewSettings as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse({"ok": True})
