"""The Turbo button at a solo table with computers (Speedneon, Speedburg: "Mit dem Turbo-Knopf spielen die
Computer schneller").

Turbo is the table's tempo ``turbo`` (lobby/runtime/dispatch.py: the computers' delay). Switched on during a
game, the tempo chosen at the start is kept beside it and comes back when Turbo goes off. Each switch is a
table event: a new version with a log line, so every page redraws its table bar and the computers are asked
again with the new delay.
"""

from __future__ import annotations

from django.db import transaction

from games.core import registry
from games.core.protocol import IllegalAction
from games.core.text import N_, tx
from lobby.models import Match, Table
from lobby.runtime import actions

TURBO = "turbo"
BASE_TEMPO = "tempo_ohne_turbo"  # table option: the tempo to go back to when Turbo goes off
SWITCH = {"an": True, "aus": False}  # the frame's value -> on

TURBO_ON = N_("Turbo an: die Computer ziehen schneller.")
TURBO_OFF = N_("Turbo aus: die Computer ziehen wieder im gewählten Tempo.")


def offered(*, game: str, kind: str, players: list[dict], playing: bool) -> bool:  # type: ignore[type-arg]
    """Whether a table shows the Turbo button: a running solo game with computers, of a game that has one."""
    return (
        playing
        and kind == Table.Kind.SOLO
        and registry.solo(game).turbo
        and any(player.get("bot") for player in players)
    )


def is_on(options: dict) -> bool:  # type: ignore[type-arg]
    return options.get("tempo") == TURBO


def switch(*, table_id: int, user_id: int | None, on: bool) -> int | None:
    """Turn Turbo on or off for the player's own solo table; the new version, or None if it already was so."""
    with transaction.atomic():
        match, table = actions.lock_newest(table_id)
        if table is None or match is None or match.status != Match.Status.PLAYING:
            raise IllegalAction(N_("Hier läuft gerade keine Partie."))
        if not registry.solo(table.game).turbo:
            raise IllegalAction(N_("Dieses Spiel hat keinen Turbo."))
        if not offered(game=table.game, kind=table.kind, players=match.players, playing=True):
            raise IllegalAction(N_("Turbo gibt es nur in einer Partie allein gegen Computer."))
        seat = next(
            (i for i, p in enumerate(match.players) if user_id is not None and p.get("user_id") == user_id),
            None,
        )
        if seat is None or match.players[seat].get("bot"):
            raise IllegalAction(N_("Du sitzt nicht an diesem Tisch und kannst hier nicht ziehen."))
        if is_on(table.options) == on:
            return None
        options = dict(table.options)
        if on:
            options[BASE_TEMPO] = options.get("tempo", "normal")
            options["tempo"] = TURBO
        else:
            options["tempo"] = options.pop(BASE_TEMPO, "normal")
        table.options = options
        table.save(update_fields=["options"])
        match.table = table  # the follow-ups read the new tempo from here
        return actions.table_event(match=match, seat=seat, kind=TURBO, text=tx(TURBO_ON if on else TURBO_OFF))
