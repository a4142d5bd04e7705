from django.urls import path

from lobby import game_views as views
from lobby import solo_views

app_name = "games"

urlpatterns = [
    path("<slug:slug>/", views.detail, name="detail"),
    path("rocket/meisterbrief/", solo_views.meisterbrief, name="meisterbrief"),
    path("<slug:slug>/taeglich/", solo_views.daily, name="daily"),
    path("<slug:slug>/taeglich/bester/", solo_views.best_today, name="best_today"),
    path("<slug:slug>/rekordjagd/", solo_views.record, name="record"),
]
