"""``manage.py bench_load``: real Daphne servers, real websocket clients, many live tables at once.

Prints a readable table and, last, one JSON line with every number. Method
and measured numbers: docs/benchmarks.md, "Load benchmark".
"""

from __future__ import annotations

import argparse
import json

from django.core.management.base import BaseCommand, CommandError

from benchmarks import load, load_clients


class Command(BaseCommand):
    help = "Load benchmark: M live 4-seat tables, one move per table every 200 ms, over real websockets."

    def add_arguments(self, parser) -> None:  # type: ignore[no-untyped-def]
        defaults = load.Options()
        parser.add_argument("--game", choices=list(load_clients.GAMES), default=defaults.game)
        parser.add_argument("--tables", type=int, default=defaults.tables, help="live tables (4 clients each)")
        parser.add_argument("--seconds", type=float, default=defaults.seconds, help="measured seconds")
        parser.add_argument("--warmup", type=float, default=defaults.warmup, help="seconds of load before measuring")
        parser.add_argument("--processes", type=int, default=defaults.processes, help="Daphne processes")
        parser.add_argument(
            "--distributed",
            action="store_true",
            help="PostgreSQL (a fresh database next to DATABASE_URL) and Redis (REDIS_URL, a free db 10-15)",
        )
        parser.add_argument("--interval", type=float, default=defaults.interval, help="seconds between moves")
        parser.add_argument("--timeout", type=float, default=defaults.timeout, help="seconds to wait for an update")
        parser.add_argument("--seed", type=int, default=defaults.seed)
        parser.add_argument(
            "--kill-after",
            type=float,
            default=defaults.kill_after,
            help="kill (SIGKILL) and restart the first server this many seconds into the measured window",
        )
        parser.add_argument(
            "--floor",
            choices=["tiny", "bare"],
            default=defaults.floor,
            help="measure the stack without parts of a move: tiny = no rendering, bare = no game or database either",
        )
        parser.add_argument(
            "--callgrind",
            action="store_true",
            help="run the servers under valgrind's callgrind and report instructions per move (slow: few tables)",
        )
        # Internal: the process that sets up the tables, starts the servers and runs the clients.
        parser.add_argument("--driver", action="store_true", help=argparse.SUPPRESS)

    def handle(self, *args, **options) -> None:  # type: ignore[no-untyped-def]
        chosen = load.Options(**{name: options[name] for name in load.Options.__dataclass_fields__})
        if chosen.tables < 1 or chosen.processes < 1 or chosen.seconds <= 0 or chosen.interval <= 0:
            raise CommandError("--tables and --processes must be at least 1, --seconds and --interval above 0")
        if options["driver"]:
            self.stdout.write(load.RESULT_MARK + json.dumps(load.drive(chosen)))
            return
        try:
            report = load.run(chosen)
        except RuntimeError as error:
            raise CommandError(str(error))
        for line in load.readable(report):
            self.stdout.write(line)
        self.stdout.write(json.dumps(report))
