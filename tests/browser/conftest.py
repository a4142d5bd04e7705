"""Browser tests: a real Daphne process serves the site, real Chromium drives it.

The server gets its own database (a temporary SQLite file, or a fresh
PostgreSQL database when DATABASE_URL points to PostgreSQL), so the test
process never shares a connection with it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.failure_log import FailureLog

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_database(tmp: Path) -> tuple[str, callable]:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        name = f"spielcenter_browser_{uuid.uuid4().hex[:8]}"
        base = url.rsplit("/", 1)[0]
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

        def drop() -> None:
            with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        return f"{base}/{name}", drop
    return f"sqlite:///{tmp / 'browser.sqlite3'}", lambda: None


#: what the pages of the running test saw, printed under a failed test's report
FAILURES = FailureLog()


@pytest.fixture(autouse=True)
def _failure_log() -> None:
    FAILURES.reset()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and "browser" in getattr(item, "fixturenames", ()):
        report.sections.append(("browser and server at the failure", FAILURES.report()))


#: Every browser test runs with ids from 1000 on (issue 8: "1.234" in a URL broke every table).
FIRST_IDS = {
    "lobby_table": 1234,
    "lobby_match": 2345,
    "lobby_seat": 3456,
    "accounts_user": 4567,
    "accounts_wallet": 4567,
}


def server_sql(database_url: str, sql: str, params: tuple = ()) -> None:  # type: ignore[type-arg]
    """Run one statement in the server's database (test setup the browser cannot do)."""
    if database_url.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=20) as conn:
            conn.execute(sql.replace("%s", "?"), params)
        return
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(sql, params)


def _start_ids_above_1000(database_url: str) -> None:
    for table, first in FIRST_IDS.items():
        if database_url.startswith("sqlite:///"):
            server_sql(database_url, "DELETE FROM sqlite_sequence WHERE name = %s", (table,))
            server_sql(database_url, "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", (table, first))
        else:
            server_sql(database_url, "SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)", (table, first))


@pytest.fixture(scope="session")
def live_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server's own database (migrated, ids from 1000 on)."""
    tmp = tmp_path_factory.mktemp("site")
    database_url, drop = _server_database(tmp)
    yield database_url
    drop()


@pytest.fixture(scope="session")
def live_site(live_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a Daphne server running the whole site in a subprocess."""
    tmp = tmp_path_factory.mktemp("server")
    database_url = live_database
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "1"}
    env.setdefault("TABLE_TEMPO_FACTOR", "0.2")
    env.setdefault("TABLE_CLOCK_FACTOR", "0.25")  # a 45 s facade clock runs 11 s, the Nachfrist 2.5 s
    env.setdefault("SEARCH_TIME_FACTOR", "0.05")  # the strong computer thinks 40 ms instead of 0.8 s
    env.setdefault("ANALYSIS_PLAYOUTS", "300")  # the analysis takes long enough to see its progress bar
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    _start_ids_above_1000(database_url)
    port = _free_port()
    log = open(tmp / "server.log", "w")  # noqa: SIM115
    FAILURES.server_log = tmp / "server.log"
    workers = []
    if env.get("REDIS_URL"):
        # Distributed: the server gets its own Redis database (isolated from other tests) and a real worker.
        env["REDIS_URL"] = env["REDIS_URL"].rsplit("/", 1)[0] + "/1"
        worker = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=threads", "--concurrency=4"]
        worker += ["--loglevel=warning", "--without-gossip", "--without-mingle", "--purge"]
        workers.append(subprocess.Popen(worker, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        raise RuntimeError("server did not start: " + (tmp / "server.log").read_text())
    yield base
    for process in [proc, *workers]:
        process.terminate()
    for process in [proc, *workers]:
        process.wait(timeout=20)
    log.close()


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    if not os.path.exists(CHROMIUM):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("Chromium is required (REQUIRE_BROWSER is set) but /usr/bin/chromium is missing")
        pytest.skip("Chromium not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        opened = browser.new_context

        def new_context(*args, **kwargs):  # type: ignore[no-untyped-def]
            context = opened(*args, **kwargs)
            FAILURES.watch_context(context)
            return context

        browser.new_context = new_context  # every test's pages report what they saw when the test fails
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_site):  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=live_site, locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()
