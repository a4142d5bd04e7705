from django.contrib.auth.decorators import login_required
from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("", views.profile, name="profile"),
    path("registrieren/", views.register, name="register"),
    path("anmelden/", views.LoginView.as_view(), name="login"),
    path("abmelden/", views.LogoutView.as_view(), name="logout"),
    path("gast/", views.guest, name="guest"),
    path("ansicht/", views.view_settings, name="view_settings"),
    path("passwort/", login_required(views.PasswordChangeView.as_view()), name="password_change"),
]
