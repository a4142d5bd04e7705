from django.apps import AppConfig


class GameCoreConfig(AppConfig):
    name = "games.core"
    label = "gamecore"
    verbose_name = "Spiele"
