"""``bench_load --callgrind``: the servers' instructions per move, counted by valgrind's callgrind.

CPU time per move on a shared two-core box varies by ±20 % between identical runs (docs/benchmarks.md,
session 13); instruction counts repeat. With ``--callgrind`` every Daphne process runs under
``valgrind --tool=callgrind --instr-atstart=no`` (about 20 times slower, so use few tables and a long
interval, e.g. ``--tables=2 --interval=0.5``), counting is switched on when the measured window begins
(``callgrind_control --instr=on``) and read when it ends (``callgrind_control -e Ir``, all threads),
and the report gets ``server_instructions_per_move``. Everything the process does in the window
counts: the move's frame, ``submit`` on the table thread, the channel layer, rendering, the websocket
frames, the event loop's turns; the kernel's work (system calls) does not.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

_THREAD_TOTAL = re.compile(r"^\s*Th\s+\d+\s+([\d,]+)\s*$", re.MULTILINE)


def prefix(out_dir: Path) -> list[str]:
    """The command that runs a server under callgrind, counting nothing until switched on."""
    return [
        "valgrind",
        "--tool=callgrind",
        "--instr-atstart=no",
        f"--callgrind-out-file={out_dir / 'callgrind.%p'}",
    ]


def _control(*args: str) -> str:
    done = subprocess.run(["callgrind_control", *args], capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


def switch_on(pid: int) -> None:
    _control("--instr=on", str(pid))


def totals(report: str) -> int:
    """The sum of the per-thread totals in ``callgrind_control -e Ir``'s report."""
    return sum(int(total.replace(",", "")) for total in _THREAD_TOTAL.findall(report))


def instructions(pid: int) -> int:
    """Instructions the process executed since counting was switched on, all threads together."""
    return totals(_control("-e", "Ir", str(pid)))
