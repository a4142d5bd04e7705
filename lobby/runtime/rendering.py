"""Render a table's fragments for one connection at one version.

Public fragments (the same for every seat) are built once per version and
process and shared by every connection; private fragments are built for the
seat they belong to. A game's fragment that is a ``Fragment`` (template + plain
input) is rendered once per distinct input in the process, whoever asks
(``games.core.fragments.render_fragment``), and every fragment comes with a key
of its input, so a connection skips what it already sent without comparing HTML.
The game-independent table bar (clock, stake, leave, Nochmal) is rendered here.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from accounts.services import format_taler
from games.core import registry, translate
from games.core.fragments import Fragment, FragmentContext, TableView, language, render_fragment, render_template
from lobby import solo, turbo
from lobby.runtime import deadlines
from lobby.runtime.snapshot import Snapshot

Part = tuple[Any, str]  # (key of the input: bytes, ready HTML itself, a LogKey for a log; HTML)

_public: OrderedDict[tuple[int, int, str], dict[str, Part]] = OrderedDict()
_lock = Lock()
_PUBLIC_CACHE_SIZE = 512


def state_of(snap: Snapshot) -> Any:
    if snap.loaded is None:
        snap.loaded = registry.engine(snap.game).load(snap.state)
    return snap.loaded


def spectator_view(snap: Snapshot) -> dict[str, Any]:
    """``engine.view(state, None)`` of the snapshot, built once: the public fragments read it, and the
    seats' views are built from it (``GameSpec.view_of``)."""
    if snap.spectator is None:
        snap.spectator = registry.engine(snap.game).view(state_of(snap), None)
    return snap.spectator


def version_fragment(version: int) -> str:
    """The one place a page reads the version it shows; every action sends it (static/games/core/table.js),
    so no other fragment carries the version and fragments stay unchanged while their content does."""
    return f'<i id="tbl-v" data-version="{int(version)}" hidden></i>'


def table_view(snap: Snapshot) -> TableView:
    """The narrow table facts for the games' fragments (never the state, the seed or wallets)."""
    if snap.facts is None:
        snap.facts = TableView(
            table_id=snap.table_id,
            match_id=snap.match_id,
            number=snap.number,
            version=snap.version,
            kind=snap.kind,
            status=snap.status,
            players=[
                {
                    "name": p["name"],
                    "bot": p.get("bot"),
                    "left": bool(p.get("left")),
                    "sammlung": p.get("sammlung"),
                    "bestenliste": p.get("bestenliste"),
                }
                for p in snap.players
            ],
            log=snap.log,
            stake=int(snap.table.get("stake") or 0),
            rat=snap.kind == "solo" and bool(snap.table_options.get("rat", True)),
            hunt=solo.hunt_progress(snap.game, snap.options),
        )
    return snap.facts


def render(snap: Snapshot, seat: int | None) -> dict[str, str]:
    """All fragments for ``seat`` (None: spectator) at the snapshot's version, as HTML."""
    return {name: html for name, (_key, html) in render_parts(snap, seat).items()}


def render_parts(snap: Snapshot, seat: int | None, shown: dict[str, Fragment] | None = None) -> dict[str, Part]:
    """All fragments for ``seat`` at the snapshot's version: name -> (key of its input, HTML).

    ``shown``: a connection's memory of the private fragments it last rendered (name -> Fragment). A private
    fragment whose input equals the remembered one is left out (the page shows it already; no key, no
    lookup), the others are remembered. Equal inputs render equal HTML as long as a field keeps its type
    (a template that prints a value must not see it once as ``1`` and once as ``True``).
    """
    lang = language()
    with translate.rendering_in(lang):
        return _render_parts(snap, seat, lang, shown)


def _render_parts(snap: Snapshot, seat: int | None, lang: str, shown: dict[str, Fragment] | None) -> dict[str, Part]:
    spec = registry.spec(snap.game)
    game_ui = registry.ui(snap.game)
    state = state_of(snap)
    spectator = spectator_view(snap)
    facts = table_view(snap)
    names = [p["name"] for p in snap.players]
    key = (snap.match_id, snap.version, lang)
    with _lock:
        public = _public.get(key)
    if public is None:
        built = game_ui.public_fragments(FragmentContext(facts, seat_names(spectator, names), None, names))
        built["tbl-v"] = version_fragment(snap.version)
        public = {name: render_fragment(fragment, lang) for name, fragment in built.items()}
        with _lock:
            _public[key] = public
            while len(_public) > _PUBLIC_CACHE_SIZE:
                _public.popitem(last=False)
    ctx = FragmentContext(facts, seat_names(spec.view_of(state, seat, spectator), names), seat, names)
    out = dict(public)
    private = game_ui.private_fragments(ctx)
    private["tbl-bar"] = table_bar(snap, ctx)
    for name, fragment in private.items():
        if shown is not None and isinstance(fragment, Fragment):
            if shown.get(name) == fragment:
                continue
            shown[name] = fragment
        out[name] = render_fragment(fragment, lang)
    balance = snap.players[seat].get("balance") if seat is not None else None
    if balance is not None:  # after a staked game: the header shows the new balance at once
        html = render_template("games/core/header_balance.html", {"balance": format_taler(balance)})
        out["header-balance"] = (html, html)
    return out


def taler_lines(snap: Snapshot, ctx: FragmentContext) -> dict[str, Any] | None:
    """What happened to the stakes at the end: who got how many Taler, or that they went back."""
    taler = (snap.result or {}).get("taler")
    if not taler:
        return None
    shares = [
        (ctx.names[int(seat)], format_taler(amount), int(seat) == ctx.seat) for seat, amount in taler["shares"].items()
    ]
    return {"pot": format_taler(taler["pot"]), "returned": taler["returned"], "shares": shares}


def seat_names(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The table's seat names win over those an engine was started with (a computer that took a
    seat over is "Computer (für NAME)")."""
    if "names" in view and view["names"] != names:
        return {**view, "names": names}
    return view


def now_fragment(swap: bool = False) -> str:
    """The server's clock, sent with every update (not a part of ``render_parts``, which stay the same
    for the same snapshot): the page counts every clock from its difference to its own
    (static/games/core/table.js), so no cached fragment has to carry the time."""
    oob = ' hx-swap-oob="true"' if swap else ""  # ``swap``: for an update (as ``fragments.out_of_band``)
    return f'<i id="tbl-now"{oob} data-now="{deadlines.now().timestamp():.2f}" hidden></i>'


def table_bar(snap: Snapshot, ctx: FragmentContext) -> Fragment:
    """The game-independent strip: move clock, stake, leave, Nochmal (live tables); plain data, so
    it is rendered once per distinct content and a connection skips it while it stays the same."""
    to_move = ctx.view.get("to_move", [])
    seats = snap.table.get("seats", [])
    me = next((s for s in seats if ctx.seat is not None and s["index"] == ctx.seat), None)
    return Fragment(
        "games/core/table_bar.html",
        {
            "tbl": {
                "table_id": snap.table_id,
                "kind": snap.kind,
                "clock": snap.table.get("clock"),
                "stake": snap.table.get("stake"),
                "reserved_until": snap.table.get("reserved_until"),
                "closed": snap.table.get("status") == "closed",
                "aborted": snap.status == "aborted",
            },
            "seat": ctx.seat,
            "clocks": [
                {"seat": s, "name": ctx.names[s], "deadline": snap.clocks[s], "mine": s == ctx.seat}
                for s in to_move
                if s < len(snap.clocks) and snap.clocks[s] is not None
            ],
            # Computers to move: every seat sees who thinks and for how long (counted on the page).
            "thinking": [
                {"seat": s, "name": ctx.names[s], "since": snap.asked[s]}
                for s in to_move
                if snap.players[s].get("bot") and s < len(snap.asked) and snap.asked[s] is not None
            ]
            if snap.status == "playing"
            else [],
            "grace": deadlines.grace(),
            "me_ready": bool(me and me["ready"]),
            "seats": seats,
            "finished": snap.status != "playing",
            "left": ctx.seat is not None and bool(snap.players[ctx.seat].get("left")),
            # the seat's person is the last one playing: leaving ends the game (lobby.services.leave_match)
            "last_human": ctx.seat is not None
            and not any(s != ctx.seat and p.get("user_id") and not p.get("bot") for s, p in enumerate(snap.players)),
            "taler": taler_lines(snap, ctx),
            "hunt": table_view(snap).hunt,
            "daily": solo.daily_badge(snap.game, snap.options, snap.number),
            # None: no Turbo button here; else whether Turbo is on (lobby/turbo.py)
            "turbo": turbo.is_on(snap.table_options)
            if ctx.seat is not None
            and turbo.offered(game=snap.game, kind=snap.kind, players=snap.players, playing=snap.status == "playing")
            else None,
        },
    )
