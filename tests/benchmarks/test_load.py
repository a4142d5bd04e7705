"""``manage.py bench_load`` runs a tiny load against a real Daphne and reports its keys (no timing asserted)."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from benchmarks.load import Options
from benchmarks.load_clients import version_parser
from lobby.runtime import rendering

REPORT_KEYS = {
    "game",
    "tables",
    "clients",
    "mode",
    "settings",
    "moves",
    "moves_per_s",
    "moves_wanted_per_s",
    "latency_ms",
    "lost",
    "duplicated",
    "errors",
    "bytes_per_move",
    "server_cpu_percent",
    "server_cpu_ms_per_move",
    "server_rss_mib",
    "client_cpu_percent",
    "client_loop_lag_ms",
    "load_average_before",
    "machine",
    "options",
}


def test_tiny_load_run_plays_every_move_to_all_four_seats_exactly_once():
    # Embedded mode always (also in the distributed CI run): a throwaway SQLite file, one Daphne process.
    out = StringIO()
    call_command("bench_load", "--tables=1", "--seconds=2", "--warmup=0.5", stdout=out)
    lines = out.getvalue().strip().splitlines()
    report = json.loads(lines[-1])
    assert report.keys() >= REPORT_KEYS
    assert report["mode"] == "embedded" and report["tables"] == 1 and report["clients"] == 4
    assert report["settings"]["debug"] is False
    assert report["settings"]["application"] == "config.asgi:application"
    assert report["moves_wanted_per_s"] == 5.0
    assert report["moves"] > 0
    assert report["lost"] == 0 and report["duplicated"] == 0 and report["errors"] == 0
    assert report["stopped_tables"] == 0 and report["servers_crashed"] == []
    assert {"p50", "p99", "max"} <= report["latency_ms"].keys()
    assert {"p50", "p99", "max"} <= report["client_loop_lag_ms"].keys()
    assert any(line.strip().startswith("client loop lag") for line in lines)
    assert report["bytes_per_move"] > 0
    assert any(line.strip().startswith("lost / duplicated / errors") for line in lines)
    # Bounded and clean: the throwaway database is gone afterwards.
    database = re.search(r"temporary file (\S+)\)", report["settings"]["database"]).group(1)
    assert not Path(database).exists()


@pytest.mark.parametrize(
    ("floor", "application"),
    [("tiny", "benchmarks.floor:tiny_application"), ("bare", "benchmarks.floor:bare_application")],
)
def test_a_floor_run_serves_the_same_clients_with_only_the_version_fragment(floor, application):
    out = StringIO()
    call_command("bench_load", f"--floor={floor}", "--tables=1", "--seconds=2", "--warmup=0.5", stdout=out)
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    assert report["settings"]["application"] == application and report["options"]["floor"] == floor
    assert report["moves"] > 0 and report["messages_per_move"] == 4.0
    assert report["lost"] == 0 and report["duplicated"] == 0 and report["errors"] == 0
    assert report["stopped_tables"] == 0 and report["servers_crashed"] == []
    # Four frames of the version fragment alone, not a seat's fragments (thousands of bytes).
    version_only = len(rendering.version_fragment(100)) + len(' hx-swap-oob="true"')
    assert report["bytes_per_move"] <= 4 * version_only


def test_version_is_read_from_the_version_fragment_only():
    parse = version_parser()
    frame = (
        '<section id="kl-step" data-version="3"></section>\n'
        '<i id="tbl-v" hx-swap-oob="true" data-version="17" hidden></i>'
    )
    assert parse(frame) == 17
    assert parse('<section id="kl-log" data-version="9"></section>') is None
    assert parse(rendering.version_fragment(4)) == 4


def test_a_killed_server_loses_no_committed_move_and_its_clients_resync():
    out = StringIO()
    call_command("bench_load", "--tables=2", "--seconds=10", "--warmup=0.5", "--kill-after=1", stdout=out)
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    assert report["kills"] == 1
    assert report["lost_committed"] == 0 and report["duplicated"] == 0 and report["errors"] == 0
    assert report["resynced_tables"] == 2 and report["stopped_tables"] == 0
    assert report["in_flight_committed"] + report["in_flight_not_committed"] == 2
    assert report["servers_crashed"] == []


def test_options_become_the_drivers_command_line():
    argv = Options(game="neon", tables=3, distributed=True).argv()
    assert "--game=neon" in argv and "--tables=3" in argv and "--distributed" in argv
    assert "--distributed" not in Options().argv()
    assert not any(flag.startswith("--floor") for flag in Options().argv())  # unset: the production server
    assert "--floor=bare" in Options(floor="bare").argv()
