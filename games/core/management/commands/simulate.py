from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError

from games.core import registry
from games.core.bots import LEVELS
from games.core.search import Budget
from games.core.simulate import play, summary


class Command(BaseCommand):
    help = "Play computer-only games and print one JSON line per game and a JSON summary."

    def add_arguments(self, parser) -> None:  # type: ignore[no-untyped-def]
        parser.add_argument("slug", choices=registry.slugs())
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--bots", required=True, help="levels per seat, e.g. stark,normal,leicht")
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        budget = parser.add_mutually_exclusive_group()
        budget.add_argument("--playouts", type=int, help="stark: this many playouts per decision (deterministic)")
        budget.add_argument("--seconds", type=float, help="stark: this many seconds per decision (default 0.8)")
        parser.add_argument(
            "--all-seatings",
            action="store_true",
            help="play every seed once per rotation of --bots (heads-up: both seatings) and sum up per level",
        )

    def handle(self, *args, slug: str, players: int, bots: str, games: int, seed: int, **options) -> None:  # type: ignore[no-untyped-def]
        levels = [level.strip() for level in bots.split(",") if level.strip()]
        if len(levels) == 1:
            levels *= players
        if len(levels) != players:
            raise CommandError(f"--bots braucht {players} Stärken (oder eine für alle).")
        if unknown := [level for level in levels if level not in LEVELS]:
            raise CommandError(f"Unbekannte Stärke: {', '.join(unknown)} (erlaubt: {', '.join(LEVELS)})")
        engine, bot_module = registry.engine(slug), registry.bots(slug)
        if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            raise CommandError(f"{engine.NAME}: {engine.MIN_PLAYERS} bis {engine.MAX_PLAYERS} Spieler.")
        budget = None
        if options.get("playouts") is not None:
            if options["playouts"] < 1:
                raise CommandError("--playouts braucht mindestens 1.")
            budget = Budget(playouts=options["playouts"])
        elif options.get("seconds") is not None:
            if options["seconds"] < 0:
                raise CommandError("--seconds darf nicht negativ sein.")
            budget = Budget(seconds=options["seconds"])
        seatings = [levels[i:] + levels[:i] for i in range(players)] if options.get("all_seatings") else [levels]
        started = time.perf_counter()
        records = []
        for number in range(games):
            for seating in seatings:
                record = play(engine, bot_module, seating, seed + number, budget=budget)
                records.append(record)
                line = {"seed": record.seed, "levels": seating, "points": record.result["points"]}
                self.stdout.write(json.dumps({**line, "places": record.result["places"], "actions": record.actions}))
        self.stdout.write(json.dumps(summary(slug, records, time.perf_counter() - started)))
