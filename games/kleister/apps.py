from django.apps import AppConfig


class KleisterConfig(AppConfig):
    name = "games.kleister"
    label = "kleister"
    verbose_name = "Speedkleister"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy as _

        from games import catalog

        catalog.register(
            slug="kleister",
            name="Speedkleister",
            tagline=_("Köln 1929: Plakate kleben, die Konkurrenz überkleistern."),
            players=_("2–5 Spieler · allein gegen 1–4 Computer"),
        )
