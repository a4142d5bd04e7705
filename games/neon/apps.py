from django.apps import AppConfig


class NeonConfig(AppConfig):
    name = "games.neon"
    label = "neon"
    verbose_name = "Speedneon"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy as _

        from games import catalog

        catalog.register(
            slug="neon",
            name="Speedneon",
            tagline=_("Großstadtnacht: Röhren würfeln, Fassaden zum Leuchten bringen."),
            players=_("1–4 Spieler · allein gegen 1–3 Computer oder in der Solovariante"),
        )
