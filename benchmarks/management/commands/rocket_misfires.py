"""``manage.py rocket_misfires``: how often each Speedrocket computer level's rocket misfires.

Plays computer-only games (``games.core.simulate.play``: every seat decides from its own view) with
the same level in every seat and counts the evenings that ended in a Fehlzündung (issue 14 asks for
the rate per level beside the strength numbers in docs/benchmarks.md). Prints one JSON line per level.
"""

from __future__ import annotations

import json
import math
import time

from django.core.management.base import BaseCommand

from games.core import registry
from games.core.simulate import play


class Command(BaseCommand):
    help = "Misfire rate per evening of each Speedrocket computer level (same level in every seat)."

    def add_arguments(self, parser) -> None:  # type: ignore[no-untyped-def]
        parser.add_argument("--levels", default="leicht,normal,stark")
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--games", type=int, default=50)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, levels: str, players: int, games: int, seed: int, **options) -> None:  # type: ignore[no-untyped-def]
        engine, bots = registry.engine("rocket"), registry.bots("rocket")
        for level in [name.strip() for name in levels.split(",") if name.strip()]:
            started = time.perf_counter()
            evenings = misfires = 0
            for number in range(games):
                result = play(engine, bots, [level] * players, seed + number).result
                evenings += sum(len(fields) for fields in result["hoehen"])
                misfires += sum(result["fehlzuendungen"])
            rate = misfires / evenings if evenings else 0.0
            margin = 1.96 * math.sqrt(rate * (1 - rate) / evenings) if evenings else 0.0
            line = {
                "level": level,
                "games": games,
                "players": players,
                "evenings": evenings,
                "misfires": misfires,
                "rate": round(rate, 4),
                "ci95": round(margin, 4),
                "seconds": round(time.perf_counter() - started, 1),
            }
            self.stdout.write(json.dumps(line))
