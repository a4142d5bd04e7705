"""Operations tests: real processes (Celery workers, Daphne) against the real Redis and PostgreSQL.

They run only in the distributed setup (REDIS_URL and a PostgreSQL DATABASE_URL);
helpers in tests/ops/support.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import connection

from tests.ops.support import ROOT, kill_group


@pytest.fixture
def distributed() -> None:
    if not os.environ.get("REDIS_URL") or connection.vendor != "postgresql":
        pytest.skip("needs REDIS_URL and PostgreSQL (CI's distributed run)")


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen]]:
    """Start subprocesses (output in tmp_path/<name>.log); every one is stopped at the end."""
    started: list[tuple[subprocess.Popen, Path]] = []

    def start(name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen:
        log_path = tmp_path / f"{name}.log"
        with open(log_path, "a") as log:
            proc = subprocess.Popen(
                args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        proc.log_path = log_path  # type: ignore[attr-defined]
        started.append((proc, log_path))
        return proc

    yield start
    for proc, _ in started:
        if proc.poll() is None:
            kill_group(proc, signal.SIGTERM)
    for proc, log_path in started:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            kill_group(proc, signal.SIGKILL)
            proc.wait(timeout=5)
        sys.stderr.write(f"--- {log_path.name} (last lines)\n" + "".join(log_path.read_text().splitlines(True)[-15:]))
