from django.contrib import admin
from django.urls import include, path

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
]

handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
