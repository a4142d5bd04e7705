"""Money and points when a match starts or ends; every booking is idempotent.

Runs inside the transaction of the start or of the last move, so a crash
leaves either everything or nothing; the idempotency keys make a repeated call
harmless. Rules: SUPPLEMENT.md "The site", decisions in docs/decisions.md.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from accounts import services as taler
from games.core import registry
from games.core.text import N_
from leaderboard import services as leaderboard
from lobby import history, solo_results
from lobby.models import Match

log = logging.getLogger(__name__)


def stake_key(match: Match, seat: int) -> str:
    return f"stake:{match.table_id}:{match.pk}:{seat}"


def hold_stake(*, user: Any, table_id: int, stake: int) -> str:
    """Reserve the stake when a player sits down (the ledger booking is the stake itself): one wallet
    cannot sit at more staked tables than it can pay. Returns the booking's key."""
    key = f"stake:{table_id}:{uuid.uuid4().hex[:12]}:{user.pk}"
    taler.place_stake(user=user, amount=stake, table_id=table_id, key=key)
    return key


def release_stake(*, user: Any, table_id: int, stake: int, key: str) -> None:
    """Give a held stake back (standing up before the start, the table closing); idempotent."""
    if key:
        taler.refund(user=user, amount=stake, table_id=table_id, key=f"release:{key}")


def collect_stakes(match: Match, stake: int, holds: dict[int, str]) -> None:
    """At the start every paying human's held stake becomes the match's stake (``holds``: seat ->
    the hold's key; a seat without one pays now). Guests and computers pay nothing."""
    if stake <= 0:
        return
    users = get_user_model().objects.in_bulk([p["user_id"] for p in match.players if p.get("user_id")])
    for seat, player in enumerate(match.players):
        user = users.get(player.get("user_id"))
        if user is None or player.get("bot") or user.is_guest:
            continue
        key = holds.get(seat) or stake_key(match, seat)
        try:
            taler.place_stake(user=user, amount=stake, table_id=match.table_id, key=key)  # a hold: no new debit
        except taler.TalerError:
            raise taler.TalerError(N_("Nicht alle am Tisch können den Einsatz zahlen – die Partie startet nicht."))
        player["stake"] = stake
        player["stake_key"] = key
    match.save(update_fields=["players"])


def refund_stakes(match: Match) -> None:
    """An aborted game: every stake goes back (idempotent, in the ledger)."""
    users = get_user_model().objects.in_bulk([p["user_id"] for p in match.players if p.get("user_id")])
    for seat, player in enumerate(match.players):
        user = users.get(player.get("user_id"))
        if user is not None and player.get("stake", 0) > 0:
            taler.refund(user=user, amount=player["stake"], table_id=match.table_id, key=f"abort:{match.pk}:{seat}")


def pot_shares(match: Match) -> dict[int, int]:
    """Seat -> Taler won. The pot goes to the best-placed paying human still at the table;
    tied winners split it, the remainder goes to the earlier seat; a lone payer gets the stake back."""
    paid = {seat: p.get("stake", 0) for seat, p in enumerate(match.players) if p.get("stake", 0) > 0}
    if not paid or not match.result:
        return {}
    eligible = [seat for seat in paid if not match.players[seat].get("left")]
    if not eligible:
        return {}  # every payer left early: their stakes are forfeit
    pot = sum(paid.values())
    places = match.result["places"]
    best = min(places[seat] for seat in eligible)
    winners = sorted(seat for seat in eligible if places[seat] == best)
    share, rest = divmod(pot, len(winners))
    return {seat: share + (rest if index == 0 else 0) for index, seat in enumerate(winners)}


def settle(match: Match) -> None:
    """At a scored end: pay the pot and record Bestenliste points (both idempotent).

    What happened to the Taler goes into the result (``result["taler"]``: the pot and
    who got how many, or that a lone stake was returned), and each paying human's new
    balance into their player entry (shown only to them); the caller saves both.
    """
    users = get_user_model().objects.in_bulk([p["user_id"] for p in match.players if p.get("user_id")])
    paying = [seat for seat, p in enumerate(match.players) if p.get("stake", 0) > 0]
    shares = pot_shares(match)
    for seat, amount in shares.items():
        user = users[match.players[seat]["user_id"]]
        if len(paying) == 1:
            taler.refund(user=user, amount=amount, table_id=match.table_id, key=f"pot:{match.pk}:{seat}")
        else:
            taler.pay_out(user=user, amount=amount, table_id=match.table_id, key=f"pot:{match.pk}:{seat}")
    if paying and match.result is not None:
        pot = sum(match.players[seat]["stake"] for seat in paying)
        match.result["taler"] = {
            "pot": pot,
            "shares": {str(seat): amount for seat, amount in shares.items()},
            "returned": len(paying) == 1,
        }
        balances = taler.balances_of([match.players[seat]["user_id"] for seat in paying])
        for seat in paying:
            match.players[seat]["balance"] = balances.get(match.players[seat]["user_id"])
    if solo_results.is_solo_mode(match):
        solo_match_finished(match)  # solo lists only: never the Bestenliste
    else:
        record_points(match, users)
    record_collections(match, users)


def solo_match_finished(match: Match) -> None:
    """A daily puzzle or record hunt match ended: after the commit its run is counted, re-checked
    from the record and listed (``lobby.solo_results``)."""
    match_id = match.pk
    transaction.on_commit(lambda: solo_results.match_finished(match_id), robust=True)


def record_collections(match: Match, users: dict) -> None:  # type: ignore[type-arg]
    """What each person has collected with this game included (Speedburg: the Skizzenbuch), for the
    end board: ``players[seat]["sammlung"]`` (the caller saves the players)."""
    collection = registry.spec(match.game).collection
    if collection is None or match.result is None:
        return
    for seat, player in enumerate(match.players):
        user = users.get(player.get("user_id"))
        if user is None or player.get("bot"):
            continue
        earlier = [
            (r.match.result, r.seat)
            for r in history.finished_games(user, match.game)
            if r.match.pk != match.pk and not r.left
        ]
        player["sammlung"] = collection([*earlier, (match.result, seat)])


def record_points(match: Match, users: dict) -> None:  # type: ignore[type-arg]
    """Each person's Bestenliste points, recorded and kept in their player entry for the end board
    (``players[seat]["bestenliste"]``: ``{"punkte": N}``, or ``{"kurz": S}`` for a game shorter than the
    game's ``MIN_SCORED_SECONDS``; the caller saves the players)."""
    engine = registry.engine(match.game)
    seconds = (match.finished - match.started).total_seconds() if match.finished else 0.0
    minimum = getattr(engine, "MIN_SCORED_SECONDS", 0)
    # Which seats a computer played at the end (a takeover included): a game may weigh its points by it.
    result = {**match.result, "computers": [p.get("bot") or None for p in match.players]}
    for seat, player in enumerate(match.players):
        user = users.get(player.get("user_id"))
        if user is None or player.get("bot") or player.get("left"):
            continue
        points = engine.leaderboard_points(result, seat, len(match.players), seconds)
        if user.is_guest:
            continue  # guests are in no list: their end board promises nothing
        if points is not None:
            leaderboard.record_points(user=user, game=match.game, points=points, match_id=match.pk)
            player["bestenliste"] = {"punkte": points}
        elif seconds < minimum:
            player["bestenliste"] = {"kurz": minimum}
