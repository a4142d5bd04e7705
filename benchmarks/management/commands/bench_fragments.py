"""``manage.py bench_fragments <game>``: what a move sends to the four seats, fragment by fragment."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand
from django.utils import translation

from benchmarks.fragment_replay import replay
from benchmarks.interleaved import interleaved
from games.core import registry


class Command(BaseCommand):
    help = "Replay a seeded 4-seat game through the table rendering and report bytes per move per fragment."

    def add_arguments(self, parser) -> None:  # type: ignore[no-untyped-def]
        parser.add_argument("slug", choices=registry.slugs())
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--whole", action="store_true", help="send every changed fragment whole (no log append)")
        parser.add_argument(
            "--tables", type=int, default=0, help="instead: this many tables interleaved (benchmarks/interleaved.py)"
        )
        parser.add_argument("--rounds", type=int, default=40, help="with --tables: one move per table per round")

    def handle(self, *args, slug: str, seed: int, whole: bool, tables: int, rounds: int, **options) -> None:  # type: ignore[no-untyped-def]
        if tables > 0:
            with translation.override("de"):
                found = interleaved(slug, tables=tables, rounds=rounds, seed=seed)
            self.stdout.write(
                f"{registry.engine(slug).NAME}: {found['moves']} moves at {tables} tables interleaved, "
                f"{found['bytes_per_move']} B per move to all seats; rendering {found['render_ms_per_move']} ms "
                "CPU per move"
            )
            self.stdout.write(json.dumps(found))
            return
        with translation.override("de"):
            report = replay(slug, seed=seed, whole=whole)
        out = self.stdout.write
        out(
            f"{registry.engine(slug).NAME}: {report['moves']} moves, {report['players']} seats, "
            f"{report['bytes_per_move']} B per move to all seats; rendering {report['render_ms_per_move']} ms, "
            f"log diff {report['log_diff_ms_per_move']} ms CPU per move"
        )
        for name, row in report["fragments"].items():
            out(f"  {name:16s} {row['bytes_per_move']:7d} B per move, sent {row['sent_per_move']:.2f}× per move")
        out(json.dumps(report))
