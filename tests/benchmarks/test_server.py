"""``manage.py bench`` runs and reports its keys (timings are never asserted)."""

from __future__ import annotations

import json
from io import StringIO

from django.core.management import call_command

from benchmarks.server import percentile


def run_bench(*args: str) -> tuple[list[str], dict]:  # type: ignore[type-arg]
    out = StringIO()
    call_command("bench", "--quick", "--game", "kleister", *args, stdout=out)
    lines = out.getvalue().strip().splitlines()
    return lines, json.loads(lines[-1])


def test_quick_bench_measures_everything_and_ends_with_one_json_line():
    # The server side runs in a child process against its own throwaway SQLite file.
    lines, report = run_bench("--random-games=3", "--strong-decisions=2", "--ws-moves=6", "--render-positions=2")
    assert any("random games" in line for line in lines)
    assert {"machine", "quick", "seed", "games", "server", "seconds"} <= report.keys()
    assert {"nproc", "cpu", "memory_gib", "python", "date"} <= report["machine"].keys()
    assert report["quick"] is True
    assert report["server"]["debug"] is False
    kleister = report["games"]["kleister"]
    assert {"random", "strong", "ws", "render"} <= kleister.keys()
    assert {"games", "games_per_s", "actions_per_game"} <= kleister["random"].keys()
    assert kleister["random"]["games"] == 3
    assert {"budget", "n", "median_ms", "p95_ms"} <= kleister["strong"].keys()
    assert kleister["strong"]["n"] == 2
    ws = kleister["ws"]
    assert {"seats", "moves", "median_ms", "p99_ms", "breakdown_median_ms", "cpu_ms_per_move"} <= ws.keys()
    assert ws["seats"] == 4 and ws["moves"] == 6
    render = kleister["render"]
    assert {"seat_cold", "seat_warm", "public", "per_move_ms", "templates"} <= render.keys()
    kinds = {t["kind"] for t in render["templates"].values()}
    assert kinds == {"public", "private"}


def test_skip_server_measures_the_engine_only():
    lines, report = run_bench("--skip-server", "--random-games=2", "--strong-decisions=1")
    kleister = report["games"]["kleister"]
    assert kleister["ws"] is None and kleister["render"] is None
    assert "server" not in report


def test_percentile_interpolates_between_ranks():
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert percentile([1.0, 2.0], 50) == 1.5
    assert percentile([7.0], 99) == 7.0
    assert percentile(list(range(101)), 99) == 99.0
