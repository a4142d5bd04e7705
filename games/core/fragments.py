"""Fragment helpers shared by the games' ``ui`` modules.

A game's ``ui`` module (``games/<slug>/ui.py``) turns views into HTML fragments:
``public_fragments(ctx)`` are the same for every seat, ``private_fragments(ctx)``
belong to one seat. Each fragment is an HTML element with a stable id; sent over
the websocket they carry ``hx-swap-oob`` so htmx swaps each one in place. Which
fragments are rendered when, and for whom, is the table runtime's business
(``lobby.runtime.rendering``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.template import engines

_FIRST_TAG = re.compile(r"^\s*<([a-zA-Z][a-zA-Z0-9-]*)")


@dataclass(frozen=True)
class TableView:
    """The table facts a game's fragments may use: no state, no seed, no user ids or balances.

    ``players``: per seat ``{"name", "bot", "left"}``; ``log``: recent events, oldest first.
    """

    table_id: int
    match_id: int
    number: int
    version: int
    kind: str  # "solo" or "live"
    status: str
    players: list[dict[str, Any]]
    log: list[dict[str, Any]]
    stake: int = 0  # Taler per seat at a live table (0: none)
    rat: bool = False  # the Rat is offered here (free games; not the daily puzzles, not live tables)


@dataclass(frozen=True)
class FragmentContext:
    """What a game's fragments may use: ``snap``, the table facts (a :class:`TableView`), and
    ``view``, the engine's view for ``seat`` (None: a spectator). Nothing else reaches a template.
    """

    snap: TableView
    view: dict[str, Any]
    seat: int | None
    names: list[str]

    @property
    def is_computer_turn(self) -> bool:
        return any(self.snap.players[s].get("bot") for s in self.view.get("to_move", []))


def jinja():  # type: ignore[no-untyped-def]
    return engines["jinja2"]


def render_template(name: str, context: dict[str, Any]) -> str:
    return jinja().get_template(name).render(context)


def out_of_band(html: str) -> str:
    """Mark a fragment's root element for htmx's out-of-band swap."""
    match = _FIRST_TAG.match(html)
    if not match:
        raise ValueError("a fragment must start with an element")
    end = match.end()
    return html[:end] + ' hx-swap-oob="true"' + html[end:]


def error_fragment(message: str) -> str:
    return render_template("games/core/error.html", {"message": message})
