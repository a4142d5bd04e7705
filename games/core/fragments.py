"""Render a table's HTML fragments for one connection.

A game's ``ui`` module (``games/<slug>/ui.py``) turns views into fragments:
``public_fragments(ctx)`` are the same for every seat and rendered once per
version and process; ``private_fragments(ctx)`` are rendered for the seat they
belong to. Each fragment is an HTML element with a stable id. Sent over the
websocket, they carry ``hx-swap-oob`` so htmx swaps each one in place.
"""

from __future__ import annotations

import importlib
import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from threading import Lock
from types import ModuleType
from typing import Any

from django.template import engines

from games.core import registry
from games.core.snapshot import Snapshot

_public: OrderedDict[tuple[int, int], dict[str, str]] = OrderedDict()
_lock = Lock()
_FIRST_TAG = re.compile(r"^\s*<([a-zA-Z][a-zA-Z0-9-]*)")


@dataclass(frozen=True)
class FragmentContext:
    snap: Snapshot
    view: dict[str, Any]
    seat: int | None
    names: list[str]

    @property
    def is_computer_turn(self) -> bool:
        return any(self.snap.players[s].get("bot") for s in self.view.get("to_move", []))


@cache
def ui(slug: str) -> ModuleType:
    registry.engine(slug)  # raises UnknownGame for a slug that does not exist
    return importlib.import_module(f"{registry.GAME_PACKAGES[slug]}.ui")


def jinja():  # type: ignore[no-untyped-def]
    return engines["jinja2"]


def render_template(name: str, context: dict[str, Any]) -> str:
    return jinja().get_template(name).render(context)


def state_of(snap: Snapshot) -> Any:
    if snap.loaded is None:
        snap.loaded = registry.engine(snap.game).load(snap.state)
    return snap.loaded


def render(snap: Snapshot, seat: int | None) -> dict[str, str]:
    """All fragments for ``seat`` (None: spectator) at the snapshot's version."""
    engine = registry.engine(snap.game)
    game_ui = ui(snap.game)
    state = state_of(snap)
    names = [p["name"] for p in snap.players]
    key = (snap.match_id, snap.version)
    with _lock:
        public = _public.get(key)
    if public is None:
        public = game_ui.public_fragments(FragmentContext(snap, engine.view(state, None), None, names))
        with _lock:
            _public[key] = public
            while len(_public) > 512:
                _public.popitem(last=False)
    ctx = FragmentContext(snap, engine.view(state, seat), seat, names)
    private = game_ui.private_fragments(ctx)
    return {**public, **private, "tbl-bar": table_bar(ctx)}


def table_bar(ctx: FragmentContext) -> str:
    """The game-independent strip: move clock, stake, leave, Nochmal (live tables)."""
    snap = ctx.snap
    to_move = ctx.view.get("to_move", [])
    seats = snap.table.get("seats", [])
    me = next((s for s in seats if ctx.seat is not None and s["index"] == ctx.seat), None)
    return render_template(
        "games/core/table_bar.html",
        {
            "snap": snap,
            "seat": ctx.seat,
            "clock_name": ", ".join(ctx.names[s] for s in to_move) if snap.deadline else "",
            "grace": 10,
            "me_ready": bool(me and me["ready"]),
            "seats": seats,
            "finished": snap.status != "playing",
            "left": ctx.seat is not None and bool(snap.players[ctx.seat].get("left")),
        },
    )


def out_of_band(html: str) -> str:
    """Mark a fragment's root element for htmx's out-of-band swap."""
    match = _FIRST_TAG.match(html)
    if not match:
        raise ValueError("a fragment must start with an element")
    end = match.end()
    return html[:end] + ' hx-swap-oob="true"' + html[end:]


def error_fragment(message: str) -> str:
    return render_template("games/core/error.html", {"message": message})
