"""Daphne processes for the load benchmark, and their CPU time and memory (psutil).

The servers run exactly as in production, ``daphne config.asgi:application``,
each on its own loopback port, with the environment the driver got (DEBUG off,
the benchmark's own database). They are always stopped by ``stop`` (SIGTERM,
then SIGKILL after a grace period).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import psutil

from benchmarks import load_callgrind

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@dataclass
class Server:
    port: int
    process: subprocess.Popen  # type: ignore[type-arg]
    log_path: Path
    log: IO[str]
    stats: psutil.Process = field(init=False)

    def __post_init__(self) -> None:
        self.stats = psutil.Process(self.process.pid)

    def log_tail(self, chars: int = 3000) -> str:
        self.log.flush()
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


PRODUCTION = "config.asgi:application"
#: ``bench_load --floor`` value -> the ASGI application Daphne serves (benchmarks/floor.py; named here, so
#: the driver never imports it: importing it sets up a server process).
APPLICATIONS = {
    "": PRODUCTION,
    "tiny": "benchmarks.floor:tiny_application",
    "bare": "benchmarks.floor:bare_application",
}


def _spawn(
    port: int,
    *,
    env: dict[str, str],
    root: Path,
    log_path: Path,
    application: str = PRODUCTION,
    wrapper: list[str] | None = None,
) -> Server:
    log = open(log_path, "a")  # noqa: SIM115 - closed in stop()
    command = [*(wrapper or []), sys.executable, "-m", "daphne", "-b", HOST, "-p", str(port), application]
    process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    return Server(port=port, process=process, log_path=log_path, log=log)


def kill_and_restart(
    server: Server, *, env: dict[str, str], root: Path, timeout: float = 60.0, application: str = PRODUCTION
) -> Server:
    """SIGKILL ``server`` (no clean shutdown: a crash) and start a new process on the same port."""
    server.process.kill()
    server.process.wait(timeout=10)
    server.log.close()
    fresh = _spawn(server.port, env=env, root=root, log_path=server.log_path, application=application)
    _wait_listening(fresh, time.monotonic() + timeout)
    return fresh


def start(
    count: int,
    *,
    env: dict[str, str],
    root: Path,
    logs: Path,
    timeout: float = 60.0,
    application: str = PRODUCTION,
    wrapper: list[str] | None = None,
) -> list[Server]:
    """``count`` Daphne processes (``wrapper``: a command they run under, e.g. valgrind); returns once every
    one accepts connections."""
    servers: list[Server] = []
    try:
        for number in range(count):
            log_path = logs / f"daphne-{number}.log"
            servers.append(
                _spawn(free_port(), env=env, root=root, log_path=log_path, application=application, wrapper=wrapper)
            )
        deadline = time.monotonic() + timeout
        for server in servers:
            _wait_listening(server, deadline)
    except BaseException:
        stop(servers)
        raise
    return servers


def _wait_listening(server: Server, deadline: float) -> None:
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"daphne on port {server.port} exited:\n{server.log_tail()}")
        try:
            with socket.create_connection((HOST, server.port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne on port {server.port} did not start:\n{server.log_tail()}")


def stop(servers: list[Server], grace: float = 10.0) -> None:
    for server in servers:
        if server.process.poll() is None:
            server.process.terminate()
    deadline = time.monotonic() + grace
    for server in servers:
        try:
            server.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(timeout=5)
        server.log.close()


def cpu_seconds(process: psutil.Process) -> float:
    """User + system CPU time of a process (all its threads)."""
    times = process.cpu_times()
    return times.user + times.system


def _alive_cpu_seconds(process: psutil.Process, since: float) -> float:
    """CPU seconds since ``since``; 0 for a process killed a moment ago and not yet replaced."""
    try:
        return cpu_seconds(process) - since
    except psutil.NoSuchProcess:
        return 0.0


def _alive_rss(process: psutil.Process) -> int:
    try:
        return process.memory_info().rss
    except psutil.NoSuchProcess:
        return 0


class Usage:
    """CPU % (CPU time delta / wall time) and RSS of the servers, and of this (the client) process."""

    def __init__(self, servers: list[Server], callgrind: bool = False) -> None:
        self.processes = [server.stats for server in servers]
        self.callgrind = callgrind  # the servers run under callgrind: count their instructions in the window
        self.me = psutil.Process(os.getpid())
        self.rss_max = [0] * len(self.processes)
        self.carried = [0.0] * len(self.processes)  # CPU seconds of processes killed during the window
        self.started = 0.0
        self.cpu0: list[float] = []
        self.my_cpu0 = 0.0

    def begin(self) -> None:
        self.started = time.monotonic()
        self.cpu0 = [cpu_seconds(p) for p in self.processes]
        self.my_cpu0 = cpu_seconds(self.me)
        if self.callgrind:
            for process in self.processes:
                load_callgrind.switch_on(process.pid)
        self.sample()

    def sample(self) -> None:
        for index, process in enumerate(self.processes):
            with contextlib.suppress(psutil.NoSuchProcess):
                self.rss_max[index] = max(self.rss_max[index], process.memory_info().rss)

    def before_kill(self, index: int) -> None:
        """Keep what process ``index`` used in the window so far; its successor is counted from zero."""
        if not self.cpu0:
            return  # the window has not begun: begin() reads the successor
        with contextlib.suppress(psutil.NoSuchProcess):
            self.carried[index] += cpu_seconds(self.processes[index]) - self.cpu0[index]
        self.cpu0[index] = 0.0

    def replaced(self, index: int, server: Server) -> None:
        self.processes[index] = server.stats

    def end(self) -> dict[str, object]:
        wall = time.monotonic() - self.started
        self.sample()
        per = [
            (_alive_cpu_seconds(p, c0) + carried) / wall * 100
            for p, c0, carried in zip(self.processes, self.cpu0, self.carried, strict=True)
        ]
        rss = [_alive_rss(p) for p in self.processes]
        mib = 1024 * 1024
        counted = {"server_instructions": sum(load_callgrind.instructions(p.pid) for p in self.processes)}
        return {
            **(counted if self.callgrind else {}),
            "wall_s": round(wall, 2),
            "server_cpu_percent": round(sum(per), 1),
            "server_cpu_percent_per_process": [round(x, 1) for x in per],
            "server_rss_mib": round(sum(rss) / mib, 1),
            "server_rss_mib_per_process": [round(x / mib, 1) for x in rss],
            "server_rss_max_mib_per_process": [round(x / mib, 1) for x in self.rss_max],
            "client_cpu_percent": round((cpu_seconds(self.me) - self.my_cpu0) / wall * 100, 1),
        }
