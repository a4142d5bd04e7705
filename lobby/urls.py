from django.urls import path

from lobby import views

app_name = "lobby"

urlpatterns = [
    path("tisch/<int:table_id>/", views.table, name="table"),
    path("tisch/<int:table_id>/neue-partie/", views.new_match, name="new_match"),
]
