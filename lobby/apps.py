from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = "Tische"

    def ready(self) -> None:
        # Register the runtime's Celery tasks in every process (web and worker alike):
        # dispatch addresses them by name.
        from lobby import renames, tasks  # noqa: F401
