from django.apps import AppConfig


class RocketConfig(AppConfig):
    name = "games.rocket"
    label = "rocket"
    verbose_name = "Speedrocket"

    def ready(self) -> None:
        from games import catalog

        catalog.register(
            slug="rocket",
            name="Speedrocket",
            tagline="Leipzig 1901: Raketen stopfen – hoch hinaus, aber nicht in der Werkstatt zünden.",
            players="1–4 Spieler · allein gegen 1–3 Computer oder allein in der Werkstatt",
        )
