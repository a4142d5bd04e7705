from django.apps import AppConfig


class BurgConfig(AppConfig):
    name = "games.burg"
    label = "burg"
    verbose_name = "Speedburg"

    def ready(self) -> None:
        from games import catalog

        catalog.register(
            slug="burg",
            name="Speedburg",
            tagline="Sommer an der Ostsee: Sandburgen aus Würfeln bauen – nach einer Skizze im Sand.",
            players="2–4 Burgen · gegen 1–3 Computer oder mit anderen am Strandkorb",
        )
