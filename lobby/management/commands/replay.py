from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from lobby.models import Match
from lobby.runtime.replay import replay_match


class Command(BaseCommand):
    help = "Re-compute the games of a table from their record and say whether they match."

    def add_arguments(self, parser) -> None:  # type: ignore[no-untyped-def]
        parser.add_argument("table_id", type=int)

    def handle(self, *args, table_id: int, **options) -> None:  # type: ignore[no-untyped-def]
        matches = list(Match.objects.filter(table_id=table_id).order_by("number"))
        if not matches:
            raise CommandError(f"Tisch {table_id} hat keine Partie.")
        ok = True
        for match in matches:
            result = replay_match(match)
            ok &= result.matches
            self.stdout.write(
                f"Tisch {table_id}, Partie {match.number} ({match.status}): "
                f"{result.actions} Züge nachgespielt – {result.detail}"
            )
        if not ok:
            sys.exit(1)
