from django.urls import path

from lobby import analysis_views, history_views, views

app_name = "lobby"

urlpatterns = [
    path("tische/", views.lobby, name="lobby"),
    path("tische/neu/<slug:slug>/", views.open_table, name="open"),
    path("tisch/<int:table_id>/", views.table, name="table"),
    path("tisch/<int:table_id>/platz/", views.join, name="join"),
    path("tisch/<int:table_id>/aufstehen/", views.stand_up, name="stand_up"),
    path("tisch/<int:table_id>/start/", views.start, name="start"),
    path("tisch/<int:table_id>/verlassen/", views.leave_match, name="leave_match"),
    path("tisch/<int:table_id>/nochmal/", views.again, name="again"),
    path("tisch/<int:table_id>/neue-partie/", views.new_match, name="new_match"),
    path("konto/partien/", history_views.partien, name="partien"),
    path("partie/<int:match_id>/", history_views.replay, name="replay"),
    path("partie/<int:match_id>/analyse/", analysis_views.analysis_page, name="analysis"),
    path("partie/<int:match_id>/analyse/stand/", analysis_views.analysis_status, name="analysis_status"),
    path("tisch/<int:table_id>/partie/<int:number>/", history_views.replay_of_table, name="replay_of_table"),
]
