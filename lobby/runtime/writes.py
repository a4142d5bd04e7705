"""The two statements of a move, as plain SQL built once.

A move writes the match row (conditionally, when the writer works from the
process's kept copy, ``hot``) and inserts one action record. Through the ORM
both statements were compiled anew for every move (``QuerySet.update`` and
``Model.save``: about a tenth of a move's CPU in the load benchmark's
profile). Here the SQL text is built once per set of columns and only the
values are adapted per move, by the fields themselves
(``get_db_prep_save``), so JSON, datetimes and booleans are stored exactly as
the ORM stores them, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connections, router
from django.utils import timezone

from lobby.models import ActionRecord, Match

_RECORD_COLUMNS = ("match", "version", "seat", "action", "by_bot", "system", "events", "created")


def _quote(name: str) -> str:
    return connections[router.db_for_write(Match)].ops.quote_name(name)


@cache
def _update_sql(columns: tuple[str, ...]) -> str:
    meta = Match._meta
    sets = ", ".join(f"{_quote(meta.get_field(name).column)} = %s" for name in columns)
    return (
        f"UPDATE {_quote(meta.db_table)} SET {sets} "
        f"WHERE {_quote(meta.pk.column)} = %s AND {_quote('version')} = %s AND {_quote('status')} = %s"
    )


@cache
def _insert_sql() -> str:
    meta = ActionRecord._meta
    columns = ", ".join(_quote(meta.get_field(name).column) for name in _RECORD_COLUMNS)
    values = ", ".join(["%s"] * len(_RECORD_COLUMNS))
    return f"INSERT INTO {_quote(meta.db_table)} ({columns}) VALUES ({values})"


def _values(model: type, values: dict[str, Any], connection: Any) -> list[Any]:
    meta = model._meta
    return [meta.get_field(name).get_db_prep_save(value, connection) for name, value in values.items()]


def update_if_at(match: Match, columns: list[str], version: int) -> bool:
    """Write ``columns`` of ``match`` if the row is still at ``version`` and playing; False if not."""
    alias = router.db_for_write(Match)
    connection = connections[alias]
    params = _values(Match, {name: getattr(match, name) for name in columns}, connection)
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(tuple(columns)), [*params, match.pk, version, Match.Status.PLAYING])
        return cursor.rowcount == 1


def record_action(
    match: Match, *, seat: int, action: dict[str, Any], by_bot: bool, events: list[dict[str, Any]]
) -> None:
    """The action record of the match's current version (unique per match and version)."""
    connection = connections[router.db_for_write(ActionRecord)]
    values = {
        "match": match.pk,
        "version": match.version,
        "seat": seat,
        "action": action,
        "by_bot": by_bot,
        "system": False,
        "events": events,
        "created": timezone.now(),
    }
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), _values(ActionRecord, values, connection))
