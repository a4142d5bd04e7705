"""What a die would bring: previews on a seat's view (for the page's info windows and the bots).

Everything here works on ``engine.view(state, seat)`` only, so the page and
the computers can use it without ever seeing more than the seat may know.
"""

from __future__ import annotations

from typing import Any

from games.core import plain
from games.core.text import german, join, ntx, tx

from . import scoring
from .content import die_name, field_name

JSON = dict[str, Any]


def placements(
    castle: scoring.Castle, targets: list[int] | tuple[int, ...], lost: int, die: list[int], fields: list[int]
) -> list[JSON]:
    """:func:`placement` of ``die`` on each of ``fields`` (the castle's points and prizes before it, once)."""
    before = scoring.round_points(castle, targets)
    old = scoring.prize_facts(castle)
    return [_placement(castle, targets, lost, die, field, before, old) for field in fields]


def placement(
    castle: scoring.Castle, targets: list[int] | tuple[int, ...], lost: int, die: list[int], field: int
) -> JSON:
    """Building ``die`` on ``field``: the points it brings, whether the sketch stays possible, prize changes
    (``preise``: their German texts)."""
    option = placements(castle, targets, lost, die, [field])[0]
    return {**option, "preise": [german(msg) for msg in option["preise_msg"]]}


def _placement(
    castle: scoring.Castle,
    targets: list[int] | tuple[int, ...],
    lost: int,
    die: list[int],
    field: int,
    before: int,
    old: dict[str, tuple[bool, int, Any]],
) -> JSON:
    castle[field].append(die)
    try:
        after = scoring.round_points(castle, targets)
        new = scoring.prize_facts(castle)
        possible = scoring.sketch_possible(castle, targets, lost)
        hit = scoring.sketch_hit(castle, targets)
    finally:
        castle[field].pop()
    changed = [k for k in new if scoring.shown(new[k]) != scoring.shown(old[k])]
    newly = [k for k in new if new[k][0] and not old[k][0]]
    msgs = [scoring.prize_msg(k, new[k]) for k in changed]
    return {
        "feld": field,
        "punkte": after - before,
        "gesamt": after,
        "skizze_moeglich": possible,
        "skizze_getroffen": hit,
        "preise_msg": msgs,
        "preise_fakten": tuple((k, new[k]) for k in changed),  # the facts of ``preise_msg`` (prize_msg(k, facts))
        "neue_preise": newly,
    }


def die_for_castle(player: JSON, die: list[int]) -> JSON | None:
    """What ``die`` means for a visible castle (``view["spieler"][p]``); None if the castle is hidden."""
    if player.get("burg") is None:
        return None
    castle = plain.copy(player["burg"])
    targets = player["skizze"]["soll"]
    lost = len(player["verloren"] or [])
    fields = scoring.fields_for(castle, targets, die[1])
    summary = die_summary(die, placements(castle, targets, lost, die, fields))
    return {**summary, "text": german(summary["msg"])}


def die_summary(die: list[int], options: list[JSON]) -> JSON:
    """:func:`die_for_castle` from the die's placements on every field it fits (``placements``), its text
    only as ``msg`` (the page shows it in the viewer's language; the placements are its previews)."""
    if not options:
        msg = tx("%(die)s passt nirgends hin.", die=die_name(die))
        return {"plaetze": 0, "beste": None, "msg": msg}
    best = max(options, key=lambda o: (o["punkte"], len(o["neue_preise"]), o["skizze_moeglich"], -o["feld"]))
    parts = [ntx("passt auf %(n)s Platz", "passt auf %(n)s Plätze", len(options))]
    field, points = field_name(best["feld"]), f"{best['punkte']:+d}"
    parts.append(
        ntx(
            "am besten %(field)s: %(points)s Punkt",
            "am besten %(field)s: %(points)s Punkte",
            abs(best["punkte"]),
            field=field,
            points=points,
        )
    )
    parts.append(tx("Skizze noch zu schaffen") if best["skizze_moeglich"] else tx("Skizze dann nicht mehr zu schaffen"))
    if best["preise_msg"]:
        parts.append(join(", ", best["preise_msg"]))
    msg = join("", [die_name(die), ": ", join("; ", parts), "."])
    return {"plaetze": len(options), "beste": best, "msg": msg}


def _gift_key(info: JSON | None) -> tuple:
    if info is None or info["beste"] is None:
        return (-1000, 0, 0)
    b = info["beste"]
    return (b["punkte"], len(b["neue_preise"]), int(b["skizze_moeglich"]))


def discard_hint(view: JSON) -> JSON | None:
    """Open building, two players, discarding: what each die would bring the next player, and the red one.

    The red die is the one with the most points for the opponent at its best
    place, then the most prizes newly met, then keeping the sketch possible,
    then the lower id. ``None`` unless the seat is discarding with open castles.
    """
    seat = view["seat"]
    if view["schritt"] != "ablegen" or view["am_zug"] != seat or view["bauen"] != "offen":
        return None
    order = view["reihenfolge"]
    nxt = order[(order.index(seat) + 1) % len(order)]
    opponent = view["spieler"][nxt]
    per_die = {str(d[0]): die_for_castle(opponent, d) for d in view["auslage"]}
    red = max(view["auslage"], key=lambda d: (_gift_key(per_die[str(d[0])]), -d[0]))[0]
    return {"gegner": nxt, "rot": red, "je_wuerfel": per_die}
