"""``bench_load --callgrind``: counting starts when switched on, and every thread's total is summed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import load_callgrind

# As callgrind_control prints it (with its trailing blanks).
REPORT = "PID 8680: python -c\n\n  Totals:         Ir \n   Th 1  152,236,139 \n   Th 2  1,000 \n"

# Waits for a line, runs ``int(line)`` rounds of a loop, says "done", and again.
WORKER = """
import sys
print("ready", flush=True)
for line in sys.stdin:
    total = 0
    for number in range(int(line)):
        total += number * number
    print("done", flush=True)
"""


def test_the_totals_of_all_threads_are_summed() -> None:
    assert load_callgrind.totals(REPORT) == 152_237_139
    assert load_callgrind.totals("No active callgrind runs detected.\n") == 0


def test_only_what_runs_after_the_switch_is_counted(tmp_path: Path) -> None:
    if shutil.which("valgrind") is None:
        if os.environ.get("REQUIRE_VALGRIND"):
            pytest.fail("valgrind is required (REQUIRE_VALGRIND is set) but not installed")
        pytest.skip("valgrind is not installed (apt-get install valgrind; CI installs and requires it)")
    command = [*load_callgrind.prefix(tmp_path), sys.executable, "-c", WORKER]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert process.stdout.readline().strip() == "ready"

        def run(rounds: int) -> int:
            process.stdin.write(f"{rounds}\n")
            process.stdin.flush()
            assert process.stdout.readline().strip() == "done"
            return load_callgrind.instructions(process.pid)

        load_callgrind.switch_on(process.pid)
        once = run(200_000)
        twice = run(400_000) - once
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    # Had the start-up (tens of millions of instructions) been counted, the first figure would be far
    # more than half the second.
    assert once > 1_000_000
    assert 1.7 < twice / once < 2.3
