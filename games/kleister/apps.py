from django.apps import AppConfig


class KleisterConfig(AppConfig):
    name = "games.kleister"
    label = "kleister"
    verbose_name = "Speedkleister"

    def ready(self) -> None:
        from games import catalog

        catalog.register(
            slug="kleister",
            name="Speedkleister",
            tagline="Köln 1929: Plakate kleben, die Konkurrenz überkleistern.",
            players="2–5 Spieler · allein gegen 1–4 Computer",
        )
