from django.urls import path

from lobby import game_views as views

app_name = "games"

urlpatterns = [
    path("<slug:slug>/", views.detail, name="detail"),
]
