"""``manage.py bench``: engine, computer and table-server speed of every game.

Prints readable lines and, last, one JSON line with every number. The method
and the measured numbers are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import time

from django.core.management.base import BaseCommand, CommandError

from benchmarks import server as bench
from games.core import registry

#: (full run, --quick) sizes.
SIZES = {
    "random_games": (400, 10),
    "strong_decisions": (120, 4),
    "ws_moves": (400, 20),
    "render_positions": (12, 3),
    "render_reps": (5, 1),
}


class Command(BaseCommand):
    help = "Measure random games/s, strong computer ms/decision, websocket move latency and fragment renders."

    def add_arguments(self, parser) -> None:  # type: ignore[no-untyped-def]
        parser.add_argument("--quick", action="store_true", help="small samples (a smoke run of a few seconds)")
        parser.add_argument("--game", action="append", dest="games", help="only this game (repeatable)")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--skip-server", action="store_true", help="engine and computer only (no websocket)")
        parser.add_argument(
            "--debug-settings",
            action="store_true",
            help="server side with the developer's DEBUG setting instead of DEBUG off",
        )
        for name in SIZES:
            parser.add_argument(f"--{name.replace('_', '-')}", type=int, dest=name, help=argparse.SUPPRESS)
        # Internal: the child process that measures the server side against its throwaway database.
        parser.add_argument("--server-side", action="store_true", help=argparse.SUPPRESS)
        parser.add_argument("--moves", type=int, default=0, help=argparse.SUPPRESS)

    def handle(self, *args, **options) -> None:  # type: ignore[no-untyped-def]
        slugs = options["games"] or registry.slugs()
        if unknown := [slug for slug in slugs if slug not in registry.slugs()]:
            raise CommandError(f"Unbekanntes Spiel: {', '.join(unknown)} (bekannt: {', '.join(registry.slugs())})")
        sizes = {
            name: options[name] if options[name] is not None else full_quick[options["quick"]]
            for name, full_quick in SIZES.items()
        }
        if options["server_side"]:
            result = bench.django_side(
                slugs,
                moves=options["moves"],
                render_positions=sizes["render_positions"],
                render_reps=sizes["render_reps"],
                seed=options["seed"],
            )
            self.stdout.write(bench.RESULT_MARK + json.dumps(result))
            return
        self.run(slugs, sizes, options)

    def run(self, slugs: list[str], sizes: dict[str, int], options: dict) -> None:  # type: ignore[type-arg]
        started = time.perf_counter()
        seed = options["seed"]
        machine = bench.machine_info()
        out = self.stdout.write
        out(
            f"Spielcenter bench{' (quick)' if options['quick'] else ''}: {machine['nproc']} CPUs "
            f"({machine['cpu']}), {machine['memory_gib']} GiB, Python {machine['python']}, {machine['date']}, "
            f"load average {machine['load_average']}"
        )
        report: dict = {"machine": machine, "quick": options["quick"], "seed": seed, "games": {}}  # type: ignore[type-arg]
        for slug in slugs:
            engine, bots = registry.engine(slug), registry.bots(slug)
            out(f"\n{engine.NAME} ({slug})")
            rnd = bench.bench_random(engine, games=sizes["random_games"], seed=seed)
            out(
                f"  random games: {rnd['games_per_s']} games/s ({rnd['games']} games, {rnd['players']} players, "
                f"{rnd['actions_per_game']} actions/game, {rnd['actions_per_s']} actions/s)"
            )
            strong = None
            if "stark" in bots.BOTS:
                strong = bench.bench_strong(engine, bots, decisions=sizes["strong_decisions"], seed=seed)
                out(
                    f"  stark: median {strong['median_ms']} ms, p95 {strong['p95_ms']} ms, max {strong['max_ms']} ms "
                    f"per decision (budget {strong['budget']}, {strong['n']} decisions, {strong['players']} players; "
                    f"playouts median {strong['median_playouts']}, min {strong['min_playouts']})"
                )
            report["games"][slug] = {"random": rnd, "strong": strong, "ws": None, "render": None}

        if not options["skip_server"]:
            out("\nServer side (child process, throwaway SQLite file) …")
            server = bench.spawn_server_side(
                slugs,
                moves=sizes["ws_moves"],
                render_positions=sizes["render_positions"],
                render_reps=sizes["render_reps"],
                seed=seed,
                debug=options["debug_settings"],
            )
            report["server"] = server["settings"]
            s = server["settings"]
            out(
                f"  settings: DEBUG={s['debug']}, {s['database']}, CONN_MAX_AGE={s['conn_max_age']}, "
                f"{s['channel_layer']}"
            )
            for slug, data in server["games"].items():
                report["games"][slug].update(data)
                self.print_server(registry.engine(slug).NAME, data)
        report["load_average_after"] = bench.load_average()
        report["seconds"] = round(time.perf_counter() - started, 1)
        out(f"\nDone in {report['seconds']} s.")
        self.stdout.write(json.dumps(report))

    def print_server(self, name: str, data: dict) -> None:  # type: ignore[type-arg]
        out = self.stdout.write
        out(f"\n{name}")
        ws = data.get("ws")
        if ws:
            b = ws["breakdown_median_ms"]
            out(
                f"  websocket move -> all {ws['seats']} seats updated: median {ws['median_ms']} ms, "
                f"p99 {ws['p99_ms']} ms, max {ws['max_ms']} ms ({ws['moves']} moves); "
                f"{ws['cpu_ms_per_move']} ms CPU per move"
            )
            out(
                f"    median parts: receive->submit {b['receive_to_submit']} ms, submit {b['submit']} ms, "
                f"render all seats {b['render_all_seats']} ms; {ws['queries_per_move']} queries and "
                f"{ws['db_connections_per_move']} new DB connections per move"
            )
        render = data.get("render")
        if render:
            out(
                f"  fragments.render one seat: {render['seat_cold']['median_ms']} ms for the first seat of a version "
                f"(public part rendered then), {render['seat_warm']['median_ms']} ms for each further seat "
                f"(public cached) -> {render['per_move_ms']} ms per move for {render['players']} seats"
            )
            out(f"    public part alone {render['public']['median_ms']} ms; engine.view() {render['view_us']} µs")
            same = render["fragments_same_for_all_seats"]
            for template, t in render["templates"].items():
                fragment = t["fragment"]
                alike = f", same for all seats in {same[fragment]:.0%} of positions" if fragment in same else ""
                out(f"    {t['kind']:7} {template} (#{fragment}): {t['median_us']} µs, {t['bytes']} B{alike}")
        elif "render" in data:
            out("  no ui module: no table page to render or to measure over the websocket")
