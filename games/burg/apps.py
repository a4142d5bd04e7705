from django.apps import AppConfig


class BurgConfig(AppConfig):
    name = "games.burg"
    label = "burg"
    verbose_name = "Speedburg"

    def ready(self) -> None:
        from django.utils.translation import gettext_lazy as _

        from games import catalog

        catalog.register(
            slug="burg",
            name="Speedburg",
            tagline=_("Sommer an der Ostsee: Sandburgen aus Würfeln bauen – nach einer Skizze im Sand."),
            players=_("2–4 Burgen · gegen 1–3 Computer oder mit anderen am Strandkorb"),
        )
