"""``manage.py bench_fragments``: the replay counts what the consumer would send."""

from __future__ import annotations

import json
from io import StringIO

from django.core.management import call_command

from benchmarks.fragment_replay import fragment_family, replay


def test_fragments_of_all_seats_are_counted_together():
    assert fragment_family("kl-col-2") == "kl-col"
    assert fragment_family("kl-log") == "kl-log"
    assert fragment_family("tbl-v") == "tbl-v"


def test_the_log_as_an_append_sends_less_than_the_whole_log():
    append, whole = replay("kleister", seed=3), replay("kleister", seed=3, whole=True)
    assert append["moves"] == whole["moves"] > 0
    assert append["fragments"]["kl-log"]["bytes_per_move"] < whole["fragments"]["kl-log"]["bytes_per_move"] / 3
    others = {name: row for name, row in append["fragments"].items() if name != "kl-log"}
    assert others == {name: row for name, row in whole["fragments"].items() if name != "kl-log"}


def test_the_command_prints_a_report_line():
    out = StringIO()
    call_command("bench_fragments", "neon", "--seed", "2", stdout=out)
    report = json.loads(out.getvalue().splitlines()[-1])
    assert report["game"] == "neon" and report["bytes_per_move"] > 0 and "nn-log" in report["fragments"]


def test_interleaved_tables_send_what_one_replayed_table_sends():
    """Tables interleaved send, per move, about what one replayed table sends: the same diffing, only
    the caches see more tables at once."""
    out = StringIO()
    call_command("bench_fragments", "kleister", "--tables", "3", "--rounds", "12", stdout=out)
    found = json.loads(out.getvalue().splitlines()[-1])
    assert found["moves"] == 36 and found["tables"] == 3
    one = replay("kleister", seed=1)
    assert 0.5 * one["bytes_per_move"] < found["bytes_per_move"] < 2 * one["bytes_per_move"]
