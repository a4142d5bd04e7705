"""The live lobby list (/ws/tische/), rendered once per change and shared by every connection.

A change of the open tables reaches every lobby connection of a process with
the same stamp. The first connection to handle it loads the open tables (one
query for the tables with their seats, one for their last games), renders
every row once for a neutral viewer, and keeps that; every other connection
reuses it. Only the rows that are personal for a viewer (a table they sit at,
a stake they cannot pay, a guest at a staked table) are rendered for them, from
their wallet (one query per connection).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from accounts.selectors import wallet_of
from lobby import presenters, selectors
from lobby.models import Match

_KEEP = 16  # stamps (times languages) kept per process
_cache: OrderedDict[tuple[str, str], SharedList] = OrderedDict()  # (stamp, language)
_lock = Lock()


@dataclass(frozen=True)
class SharedList:
    infos: list[dict[str, Any]]  # per open table, described for a neutral viewer
    rows: list[str]  # the rendered rows, same order


def shared(stamp: str) -> SharedList:
    """The list for this change, built once per process and language."""
    key = (stamp, translation.get_language() or "")
    with _lock:
        cached = _cache.get(key)
    if cached is not None:
        return cached
    built = build()
    with _lock:
        _cache[key] = built
        while len(_cache) > _KEEP:
            _cache.popitem(last=False)
    return built


def build() -> SharedList:
    """Load and render the open tables for a neutral viewer (two queries)."""
    tables = list(selectors.open_tables())
    last: dict[int, Match] = {}
    for match in Match.objects.filter(table__in=tables).order_by("table_id", "-number"):
        last.setdefault(match.table_id, match)
    infos = [presenters.describe(t, None, last_match=last.get(t.pk)) for t in tables]
    return SharedList(infos, [render_to_string("lobby/_table_row.html", {"info": info}) for info in infos])


def personal_rows(lst: SharedList, user: Any) -> list[str]:
    """The rows as ``user`` sees them: the shared ones, re-rendered only where they differ for them."""
    if user is None or not user.is_authenticated:
        return lst.rows
    balance: int | None = None
    if not user.is_guest and any(info["table"].stake for info in lst.infos):
        wallet = wallet_of(user)
        balance = wallet.balance if wallet else 0
    rows = []
    for info, row in zip(lst.infos, lst.rows, strict=True):
        mine = next((s for s in info["table"].seats.all() if s.user_id == user.pk), None)
        reason = None if mine else presenters.stake_reason(info["table"].stake, user, balance)
        if mine is None and reason is None:
            rows.append(row)
            continue
        own = {**info, "mine": mine, "is_host": user.pk == info["table"].host_id, "cannot_sit": reason}
        own["guest_blocked"] = bool(user.is_guest and info["table"].stake)
        rows.append(render_to_string("lobby/_table_row.html", {"info": own}))
    return rows


def render(user: Any, stamp: str | None = None) -> str:
    """The list fragment for ``user``: shared with every connection of this change (``stamp``)."""
    lst = shared(stamp) if stamp else build()
    return render_to_string("lobby/_list.html", {"rows": personal_rows(lst, user)})
