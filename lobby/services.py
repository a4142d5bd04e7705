"""Tables: open, seat, start, restart. The runtime (games.core.runtime) plays them."""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction

from accounts.models import User
from games.core import registry, runtime
from games.core.bots import LEVELS
from games.core.protocol import IllegalAction
from lobby.models import Match, Seat, Table

TEMPOS = ("normal", "schnell")


def computer_names(game: str, count: int, rng: random.Random) -> list[str]:
    """Names for ``count`` computers from the game's content module (``COMPUTER_NAMES``)."""
    names = list(registry.content(game).COMPUTER_NAMES)
    rng.shuffle(names)
    return names[:count]


def create_solo_table(
    *, user: User, game: str, options: dict[str, Any], computers: list[str], tempo: str = "normal"
) -> Table:
    """A free game: the player against ``computers`` (their levels), started at once."""
    engine = registry.engine(game)
    players = 1 + len(computers)
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise IllegalAction(
            f"{engine.NAME} spielt man mit {engine.MIN_PLAYERS} bis {engine.MAX_PLAYERS} Personen am Tisch."
        )
    if any(level not in LEVELS for level in computers):
        raise IllegalAction("Unbekannte Computerstärke.")
    if tempo not in TEMPOS:
        raise IllegalAction("Unbekanntes Tempo.")
    cleaned = engine.clean_options(options, players)
    names = computer_names(game, len(computers), random.Random())
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            kind=Table.Kind.SOLO,
            options={**cleaned, "tempo": tempo},
            places=players,
            bot_level=computers[0] if computers else "normal",
            host=user,
        )
        Seat.objects.create(table=table, index=0, user=user, name=user.username)
        for index, (level, name) in enumerate(zip(computers, names, strict=True), start=1):
            Seat.objects.create(table=table, index=index, bot_level=level, name=name)
        runtime.start_match(table=table)
    return table


def restart_solo(*, table: Table, user: User) -> Match:
    """ "Neue Partie": the same settings again, once per finished match."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.kind != Table.Kind.SOLO or table.host_id != user.pk:
            raise IllegalAction("Nur wer allein spielt, kann hier eine neue Partie starten.")
        current = Match.objects.filter(table=table).order_by("-number").first()
        if current is not None and current.status == Match.Status.PLAYING:
            return current
        return runtime.start_match(table=table)
