"""Tables: open, seat, start, restart. The runtime (lobby.runtime) plays them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction

from accounts.models import User, Wallet
from accounts.services import TalerError
from games.core import registry
from games.core.bots import LEVELS, TEMPOS
from games.core.protocol import IllegalAction
from games.core.text import N_, tx
from leaderboard import services as leaderboard
from lobby import settlement
from lobby.models import Match, Seat, Table
from lobby.runtime import actions, deadlines, notify


def computer_names(game: str, count: int, rng: random.Random) -> list[str]:
    """Names for ``count`` computers from the game's content module (``COMPUTER_NAMES``)."""
    names = list(registry.content(game).COMPUTER_NAMES)
    rng.shuffle(names)
    return names[:count]


def create_solo_table(
    *,
    user: User,
    game: str,
    options: dict[str, Any],
    computers: Sequence[str],
    tempo: str = "normal",
    seed: int | None = None,
    extra_options: dict[str, Any] | None = None,
) -> Table:
    """The player against ``computers`` (their levels), started at once.

    A free game by default; the solo modes (``lobby.solo``) pass the day's ``seed``
    (``None``: a fresh one) and their keys (``extra_options``, e.g. ``modus``), which
    are kept in the table's options next to the game's cleaned ones.
    """
    engine = registry.engine(game)
    players = 1 + len(computers)
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise IllegalAction(
            tx(
                "%(game)s spielt man mit %(low)s bis %(high)s Personen am Tisch.",
                game=engine.NAME,
                low=engine.MIN_PLAYERS,
                high=engine.MAX_PLAYERS,
            )
        )
    if any(level not in LEVELS for level in computers):
        raise IllegalAction(N_("Unbekannte Computerstärke."))
    if tempo not in TEMPOS:
        raise IllegalAction(N_("Unbekanntes Tempo."))
    cleaned = engine.clean_options(options, players)
    names = computer_names(game, len(computers), random.Random())
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            kind=Table.Kind.SOLO,
            options={**cleaned, "tempo": tempo, **(extra_options or {})},
            places=players,
            bot_level=computers[0] if computers else "normal",
            host=user,
        )
        Seat.objects.create(table=table, index=0, user=user, name=user.username)
        for index, (level, name) in enumerate(zip(computers, names, strict=True), start=1):
            Seat.objects.create(table=table, index=index, bot_level=level, name=name)
        actions.start_match(table=table, seed=seed)
    return table


def restart_solo(*, table: Table, user: User) -> Match:
    """ "Neue Partie": the same settings again, once per finished match."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.kind != Table.Kind.SOLO or table.host_id != user.pk:
            raise IllegalAction(N_("Nur wer allein spielt, kann hier eine neue Partie starten."))
        current = Match.objects.filter(table=table).order_by("-number").first()
        if current is not None and current.status == Match.Status.PLAYING:
            return current
        return actions.start_match(table=table)


# ---------------------------------------------------------------- live tables

STAKES = (0, 10, 25, 50, 100)
CLOCKS = (30, 60, 90, 120, None)  # seconds per move; None = "ohne"
AGAIN_SECONDS = 120


def _notify_lobby(table_id: int) -> None:
    # robust: the action is committed; a failed notification (a Redis blip) must not turn it into an error
    transaction.on_commit(lambda: notify.lobby_changed(table_id=table_id), robust=True)


def _check_can_sit(user: User, stake: int) -> None:
    if user.is_guest and stake:
        raise IllegalAction(N_("Gäste spielen nur an Tischen ohne Einsatz. Leg ein Konto an, um Taler zu setzen."))
    if stake:
        wallet = Wallet.objects.filter(user=user).first()
        if wallet is None or wallet.balance < stake:
            raise IllegalAction(tx("Für diesen Tisch brauchst du %(stake)s Taler.", stake=stake))


def open_table(
    *,
    host: User,
    game: str,
    places: int,
    options: dict[str, Any],
    clock_seconds: int | None,
    bot_level: str,
    stake: int,
    fill_computers: bool,
    tempo: str = "normal",
) -> Table:
    """Open a live table; the host takes the first seat."""
    engine = registry.engine(game)
    low, high = max(2, engine.MIN_PLAYERS), engine.MAX_PLAYERS
    if not low <= places <= high:
        raise IllegalAction(
            tx("%(game)s: ein Tisch hat %(low)s bis %(high)s Plätze.", game=engine.NAME, low=low, high=high)
        )
    if stake not in STAKES:
        raise IllegalAction(N_("Der Einsatz ist 10, 25, 50 oder 100 Taler – oder keiner."))
    if clock_seconds not in CLOCKS:
        raise IllegalAction(N_("Die Bedenkzeit ist 30 s, 60 s, 90 s, 2 Minuten oder ohne."))
    if stake and clock_seconds is None:
        raise IllegalAction(N_("Tische mit Einsatz haben immer eine Bedenkzeit – wähle 30 s bis 2 Minuten."))
    if bot_level not in LEVELS:
        raise IllegalAction(N_("Unbekannte Computerstärke."))
    if tempo not in TEMPOS:
        raise IllegalAction(N_("Unbekanntes Tempo."))
    _check_can_sit(host, stake)
    cleaned = engine.clean_options(options, places)
    with transaction.atomic():
        table = Table.objects.create(
            game=game,
            kind=Table.Kind.LIVE,
            options={**cleaned, "tempo": tempo},
            places=places,
            bot_level=bot_level,
            stake=stake,
            clock_seconds=clock_seconds,
            fill_computers=fill_computers,
            host=host,
        )
        _hold(table, Seat.objects.create(table=table, index=0, user=host, name=host.username))
        _notify_lobby(table.pk)
    return table


def _lock_open_table(table_id: int) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None:
        raise IllegalAction(N_("Diesen Tisch gibt es nicht."))
    if table.kind != Table.Kind.LIVE:
        raise IllegalAction(N_("An diesem Tisch spielt jemand allein."))
    if table.status == Table.Status.CLOSED:
        raise IllegalAction(N_("Dieser Tisch ist geschlossen."))
    return table


def _release_expired_reservations(table: Table) -> None:
    """After the Nochmal time, seats of players who did not come back open to anyone."""
    if table.reserved_until and table.reserved_until <= deadlines.now():
        Seat.objects.filter(table=table, ready=False).delete()
        table.reserved_until = None
        table.save(update_fields=["reserved_until"])


def free_places(table: Table) -> int:
    return table.places - Seat.objects.filter(table=table).count()


def join_table(*, table_id: int, user: User) -> Seat:
    """Sit down at an open table; the game starts by itself when the table is full."""
    with transaction.atomic():
        table = _lock_open_table(table_id)
        _release_expired_reservations(table)
        if table.status != Table.Status.OPEN:
            raise IllegalAction(N_("An diesem Tisch wird schon gespielt."))
        if Seat.objects.filter(table=table, user=user).exists():
            raise IllegalAction(N_("Du sitzt schon an diesem Tisch."))
        _check_can_sit(user, table.stake)
        taken = set(Seat.objects.filter(table=table).values_list("index", flat=True))
        free = [i for i in range(table.places) if i not in taken]
        if not free:
            raise IllegalAction(N_("Der Tisch ist schon voll."))
        seat = Seat.objects.create(table=table, index=free[0], user=user, name=user.username)
        _hold(table, seat)
        if len(taken) + 1 == table.places and all_ready(table):
            _start(table)
        _notify_lobby(table.pk)
        _notify_table(table)
    return seat


def _hold(table: Table, seat: Seat) -> None:
    """Reserve the table's stake for a player who sits down (refused: nothing changes)."""
    if not table.stake or seat.user is None or seat.user.is_guest:
        return
    try:
        seat.hold_key = settlement.hold_stake(user=seat.user, table_id=table.pk, stake=table.stake)
    except TalerError as error:
        raise IllegalAction(error.message)
    seat.save(update_fields=["hold_key"])


def _release(table: Table, seat: Seat) -> None:
    if seat.hold_key and seat.user is not None:
        settlement.release_stake(user=seat.user, table_id=table.pk, stake=table.stake, key=seat.hold_key)
        seat.hold_key = ""


def _humans_of_last_match(table: Table) -> int:
    match = Match.objects.filter(table=table).order_by("-number").only("players").first()
    if match is None:
        return 0
    return sum(1 for p in match.players if p.get("user_id") and (not p.get("bot") or p.get("left")))


def all_ready(table: Table) -> bool:
    return not Seat.objects.filter(table=table, ready=False).exists()


def leave_table(*, table_id: int, user: User) -> None:
    """Stand up before the start (or from the Nochmal wait); the host role passes on."""
    with transaction.atomic():
        table = _lock_open_table(table_id)
        if table.status == Table.Status.PLAYING:
            raise IllegalAction(N_("Die Partie läuft schon – verlassen geht nur über „Partie verlassen“."))
        seat = Seat.objects.filter(table=table, user=user).first()
        if seat is None:
            raise IllegalAction(N_("Du sitzt nicht an diesem Tisch."))
        _release(table, seat)
        seat.delete()
        humans = Seat.objects.filter(table=table, user__isnull=False).order_by("index")
        if not humans.exists():
            table.status = Table.Status.CLOSED
            table.save(update_fields=["status"])
        elif table.host_id == user.pk:
            table.host = humans.first().user
            table.save(update_fields=["host"])
        _notify_lobby(table.pk)
        _notify_table(table)


def start_table(*, table_id: int, user: User) -> Match:
    """The host starts: free places get computers (if wished), stakes are debited, the game begins."""
    with transaction.atomic():
        table = _lock_open_table(table_id)
        if table.host_id != user.pk:
            raise IllegalAction(N_("Nur wer den Tisch eröffnet hat, kann die Partie starten."))
        if table.status != Table.Status.OPEN:
            raise IllegalAction(N_("An diesem Tisch wird schon gespielt."))
        _release_expired_reservations(table)
        if table.reserved_until and not all_ready(table):
            raise IllegalAction(N_("Die Plätze der anderen werden noch für sie frei gehalten (bis zu zwei Minuten)."))
        match = _start(table)
        _notify_lobby(table.pk)
    return match


def _start(table: Table) -> Match:
    """Seats made contiguous, computers added, stakes debited, match started: one transaction."""
    seats = list(Seat.objects.filter(table=table, ready=True).order_by("index"))
    Seat.objects.filter(table=table, ready=False).delete()
    humans = [s for s in seats if s.user_id]
    if table.fill_computers:
        if not humans:
            raise IllegalAction(N_("Es sitzt niemand am Tisch."))
        missing = table.places - len(seats)
    else:
        seats = humans
        missing = 0
        if len(humans) < 2:
            raise IllegalAction(N_("Ohne Computer braucht eine Partie mindestens zwei Menschen."))
    engine = registry.engine(table.game)
    if len(seats) + missing < max(2, engine.MIN_PLAYERS):
        raise IllegalAction(N_("Es sitzen noch zu wenige am Tisch."))
    taken = {s.name for s in seats}
    names = [n for n in computer_names(table.game, missing + len(taken), random.Random()) if n not in taken]
    Seat.objects.filter(table=table).delete()
    holds = {index: seat.hold_key for index, seat in enumerate(seats) if seat.hold_key}
    for index, seat in enumerate(seats):
        Seat.objects.create(table=table, index=index, user=seat.user, bot_level=seat.bot_level, name=seat.name)
    for offset in range(missing):
        Seat.objects.create(table=table, index=len(seats) + offset, bot_level=table.bot_level, name=names[offset])
    table.reserved_until = None
    table.save(update_fields=["reserved_until"])
    match = actions.start_match(table=table)
    try:
        settlement.collect_stakes(match, table.stake, holds)
    except TalerError as error:  # rolls the whole start back
        raise IllegalAction(error.message)
    return match


def _notify_table(table: Table) -> None:
    match = Match.objects.filter(table=table).order_by("-number").first()
    if match is not None:
        match_id, version = match.pk, match.version
        transaction.on_commit(
            lambda: notify.table_changed(table_id=table.pk, match_id=match_id, version=version, fresh=True),
            robust=True,
        )


def leave_match(*, table_id: int, user: User) -> Match:
    """Leave a running game: −10 for the Bestenliste, the stake stays in the pot, the computer
    takes the seat. The last person playing ends the game without scoring (−10 all the same if
    people played here who left before); alone with computers from the start, without the −10."""
    with transaction.atomic():
        # Lock order everywhere: Match, then Table, then wallets (as submit does at a game's end).
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("table")
            .filter(table_id=table_id, status=Match.Status.PLAYING)
            .order_by("-number")
            .first()
        )
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or match is None:
            raise IllegalAction(N_("Hier läuft gerade keine Partie."))
        seat = next((i for i, p in enumerate(match.players) if p.get("user_id") == user.pk and not p.get("bot")), None)
        if seat is None:
            raise IllegalAction(N_("Du spielst an diesem Tisch nicht mit."))
        others = [p for i, p in enumerate(match.players) if i != seat and p.get("user_id") and not p.get("bot")]
        # people who played here and left before (a computer has their seat): leaving still costs the −10
        left_before = any(i != seat and p.get("user_id") and p.get("left") for i, p in enumerate(match.players))
        name = match.players[seat]["name"]
        if not others:
            if left_before:
                leaderboard.record_leave_penalty(user=user, game=match.game, match_id=match.pk)
            match.status = Match.Status.ABORTED
            match.finished = deadlines.now()
            match.players[seat]["left"] = True
            table.status = Table.Status.FINISHED
            table.save(update_fields=["status"])
            actions.table_event(
                match=match,
                seat=seat,
                kind="verlassen",
                text=tx("%(name)s hat die Partie verlassen – sie endet ohne Wertung.", name=name),
            )
            return match
        takeover = f"Computer (für {name})"
        match.players[seat].update({"bot": table.bot_level, "left": True, "name": takeover, "left_name": name})
        Seat.objects.filter(table=table, index=seat).update(user=None, bot_level=table.bot_level, name=takeover)
        actions.table_event(
            match=match,
            seat=seat,
            kind="verlassen",
            text=tx("%(name)s hat die Partie verlassen – der Computer übernimmt den Platz.", name=name),
            extra={"name": name},  # the lines before it stay NAME's (games/core/seat_names.py)
        )
        leaderboard.record_leave_penalty(user=user, game=match.game, match_id=match.pk)
    return match


def play_again(*, table_id: int, user: User) -> Table:
    """ "Nochmal" at a live table: sit again; the others' seats wait two minutes for them."""
    with transaction.atomic():
        table = _lock_open_table(table_id)
        _release_expired_reservations(table)
        seat = Seat.objects.filter(table=table, user=user).first()
        if seat is None:
            raise IllegalAction(N_("Dein Platz an diesem Tisch ist nicht mehr frei."))
        if table.status == Table.Status.PLAYING:
            raise IllegalAction(N_("Die nächste Partie läuft schon."))
        if table.status == Table.Status.FINISHED:
            # the first "Nochmal": everyone else's seat is kept free for two minutes
            Seat.objects.filter(table=table, user__isnull=True).delete()
            Seat.objects.filter(table=table, user__isnull=False).exclude(user=user).update(ready=False)
            table.status = Table.Status.OPEN
            table.reserved_until = deadlines.now() + timedelta(seconds=AGAIN_SECONDS)
            table.save(update_fields=["status", "reserved_until"])
        seat.ready = True
        seat.save(update_fields=["ready"])
        if not seat.hold_key:
            _hold(table, seat)
        humans = Seat.objects.filter(table=table, user__isnull=False).count()
        # Against computers alone the next game starts at once (the Nochmal button asked about the
        # stake). A table that had other people waits in the waiting room until they are back, or
        # until the host starts it there: nobody is staked against computers without asking.
        alone_before = _humans_of_last_match(table) <= 1
        if all_ready(table) and (humans >= 2 or (table.fill_computers and alone_before)):
            _start(table)
        _notify_lobby(table.pk)
        _notify_table(table)
    return table
