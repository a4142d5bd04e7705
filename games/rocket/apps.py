from django.apps import AppConfig


class RocketConfig(AppConfig):
    name = "games.rocket"
    label = "rocket"
    verbose_name = "Speedrocket"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy as _

        from games import catalog

        catalog.register(
            slug="rocket",
            name="Speedrocket",
            tagline=_("Leipzig 1901: Raketen stopfen – hoch hinaus, aber nicht in der Werkstatt zünden."),
            players=_("1–4 Spieler · allein gegen 1–3 Computer oder allein in der Werkstatt"),
        )
