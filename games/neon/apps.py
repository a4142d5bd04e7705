from django.apps import AppConfig


class NeonConfig(AppConfig):
    name = "games.neon"
    label = "neon"
    verbose_name = "Speedneon"

    def ready(self) -> None:
        from games import catalog

        catalog.register(
            slug="neon",
            name="Speedneon",
            tagline="Großstadtnacht: Röhren würfeln, Fassaden zum Leuchten bringen.",
            players="1–4 Spieler · allein gegen 1–3 Computer oder in der Solovariante",
        )
