from django.urls import path

from leaderboard import solo_views, views

app_name = "leaderboard"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.game, name="game"),
    path("<slug:slug>/taeglich/", solo_views.daily, name="daily"),
    path("<slug:slug>/rekorde/", solo_views.records, name="records"),
]
