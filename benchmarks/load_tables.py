"""Live tables for the load benchmark, made with the ORM and the services (driver process only).

Runs inside ``manage.py bench_load --driver`` against the benchmark's own
throwaway database (``check_throwaway_database`` refuses anything else): four
registered users per table, a live table without clock and without computers
opened and filled through ``lobby.services``, and a logged-in session per user
(a Session row as ``django.test.Client.force_login`` makes one). Speedneon's
facade choice is made here for every seat before any client connects, so the
measured moves are moves of the game proper.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from importlib import import_module
from typing import Any

#: Prefixes of the benchmark's own databases (a temporary SQLite directory, a PostgreSQL database).
SQLITE_DIR_PREFIX = "spielcenter-bench-load-"
POSTGRES_PREFIX = "spielcenter_bench_"
SEATS = 4
PASSWORD = "Bench-Kleister-1929!"
AUTH_BACKEND = "django.contrib.auth.backends.ModelBackend"
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
#: Moves made in setup, before the clients connect (the facade choice of Speedneon: every seat at once).
SETUP_PHASES = {"neon": "wahl"}


@dataclass
class LiveTable:
    table_id: int
    match_id: int
    version: int
    state: dict[str, Any]  # the engine's dumped state at ``version``
    cookies: list[str]  # session keys, one per seat (seat order)


def check_throwaway_database() -> str:
    """The database's description; raises unless it is one the benchmark made for itself."""
    from django.db import connection

    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite" and SQLITE_DIR_PREFIX in name:
        return f"sqlite (temporary file {name})"
    if connection.vendor == "postgresql" and name.startswith(POSTGRES_PREFIX):
        return f"postgresql (database {name})"
    raise RuntimeError(f"bench_load only runs against its own throwaway database, not {connection.vendor} {name!r}")


def migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def session_key(user: Any) -> str:
    """A logged-in session for ``user`` stored in the session backend (what force_login stores)."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = user._meta.pk.value_to_string(user)
    store[BACKEND_SESSION_KEY] = AUTH_BACKEND
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key


def create_tables(game: str, count: int, *, seed: int) -> list[LiveTable]:
    """``count`` live tables of ``game``, four registered users each, every match started."""
    from django.test.utils import override_settings

    from accounts.services import register_user
    from lobby import services

    tables = []
    for number in range(count):
        # Throwaway users who log in by session only: their passwords are hashed fast (PBKDF2's
        # rounds made the setup of 200 tables take minutes). The servers keep the real hashers.
        with override_settings(PASSWORD_HASHERS=FAST_HASHERS):
            users = [register_user(username=f"last-{number}-{i}", password=PASSWORD) for i in range(SEATS)]
        table = services.open_table(
            host=users[0],
            game=game,
            places=SEATS,
            options={},
            clock_seconds=None,
            bot_level="normal",
            stake=0,
            fill_computers=False,
        )
        for user in users[1:]:
            services.join_table(table_id=table.pk, user=user)  # the fourth one starts the match
        cookies = [session_key(user) for user in users]
        tables.append(_ready(table.pk, cookies, random.Random(seed * 1_000_003 + number)))
    return tables


def restart(table: LiveTable, *, seed: int) -> LiveTable:
    """The next match at a table whose match ended (the same four seats), set up like the first."""
    from lobby.models import Table
    from lobby.runtime import actions

    actions.start_match(table=Table.objects.get(pk=table.table_id))
    return _ready(table.table_id, table.cookies, random.Random(seed))


def _ready(table_id: int, cookies: list[str], rng: random.Random) -> LiveTable:
    """The table's newest match after the setup moves (a random legal facade for every seat)."""
    from games.core import registry
    from lobby.models import Match
    from lobby.runtime import actions

    match = Match.objects.filter(table_id=table_id).order_by("-number").first()
    if match is None or match.status != Match.Status.PLAYING:
        raise RuntimeError(f"table {table_id} did not start")
    engine = registry.engine(match.game)
    phase = SETUP_PHASES.get(match.game)
    state = engine.load(match.state)
    while phase is not None and getattr(state, "phase", None) == phase:
        seat = engine.to_move(state)[0]
        action = rng.choice(engine.legal_actions(state, seat))
        actions.submit(match_id=match.pk, seat=seat, action=action, expected_version=match.version)
        match.refresh_from_db()
        state = engine.load(match.state)
    return LiveTable(table_id=table_id, match_id=match.pk, version=match.version, state=match.state, cookies=cookies)
