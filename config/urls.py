from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from config import views

admin.site.site_header = "Spielcenter – Verwaltung"
admin.site.site_title = "Spielcenter"
admin.site.index_title = "Verwaltung"

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("konto/", include("accounts.urls")),
    path("", include("lobby.urls")),
    path("spiele/", include("lobby.game_urls")),
    path("bestenliste/", include("leaderboard.urls")),
    path("admin/", admin.site.urls),
    # The language switch (set_language, the cookie) and the JavaScript strings of the active language.
    path("sprache/", include("django.conf.urls.i18n")),
    path("sprache/js/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
]

handler403 = "config.views.forbidden"
handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
