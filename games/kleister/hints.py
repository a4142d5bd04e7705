"""Speedkleister: hints for the table page, computed from one seat's view only.

Every function takes a view (``engine.view(state, seat)``) and never a state,
so a hint can never show more than the seat may know. Definitions: RULES.md,
section "Hints".
"""

from __future__ import annotations

from typing import Any

from games.core.text import Text, and_list, ntx, tx
from games.kleister.engine import BRUSH, POSTERS, RANKS, SONDER, groups_of_hand

JSON = dict[str, Any]
Group = tuple[int, int, int]  # (rank, posters, brushes); rank 14 = Sonderausgabe


# --------------------------------------------------------------------------- counting


def hand_vector(view: JSON) -> list[int]:
    """The viewer's hand as a count vector (index = card); all zero for spectators."""
    counts = [0] * 14
    for card in view.get("hand") or ():
        counts[card] += 1
    return counts


def _add_group(counts: list[int], group: JSON) -> None:
    if group["rank"] != SONDER:
        counts[group["rank"]] += group["posters"]
    counts[BRUSH] += group["brushes"]


def visible_vector(view: JSON) -> list[int]:
    """Cards the viewer can see: own hand, all columns, the covered group in the balance, Karren, Altpapier."""
    counts = hand_vector(view)
    for col in view["columns"]:
        for group in col:
            _add_group(counts, group)
    pending = view.get("pending")
    if pending and pending.get("group"):
        _add_group(counts, pending["group"])
    for card in view["karren"]:
        counts[card] += 1
    for card in view["altpapier"]:
        counts[card] += 1
    return counts


def hidden_counts(view: JSON) -> list[int]:
    """How many of each card the viewer cannot see (other hands + Druckerei), index = card."""
    return [t - v for t, v in zip(view["totals"], visible_vector(view), strict=True)]


def in_play_counts(view: JSON) -> list[int]:
    """How many of each card are still in play (everywhere except the Altpapier), index = card."""
    counts = list(view["totals"])
    for card in view["altpapier"]:
        counts[card] -= 1
    return counts


# --------------------------------------------------------------------------- groups


def _top(view: JSON, seat: int) -> JSON | None:
    col = view["columns"][seat]
    return col[-1] if col else None


def short_text(rank: int, count: int, brushes: int) -> str:
    """'2× 8' (two posters), '2× 8 + B' (two posters and a brush), '1× 8 + 2 B', '2 B' (Sonderausgabe)."""
    if rank == SONDER or count == 0:
        return f"{brushes} B"
    text = f"{count}× {rank}"
    if brushes == 1:
        text += " + B"
    elif brushes > 1:
        text += f" + {brushes} B"
    return text


def group_short(group: JSON) -> str:
    """The short label of a column group of a view."""
    return short_text(group["rank"], group["posters"], group["brushes"])


def is_valid_selection(view: JSON, rank: int, count: int, brushes: int) -> bool:
    hand = hand_vector(view)
    if count < 0 or brushes < 0 or brushes > hand[BRUSH]:
        return False
    if rank == SONDER or count == 0:
        return count == 0 and brushes >= 1
    return 1 <= rank <= 13 and 1 <= count <= hand[rank]


def covers(view: JSON, rank: int, count: int, brushes: int) -> list[int]:
    """The seats whose columns the viewer's selection would cover if klebt now, in checking order.

    Empty when the selection is not in the hand or would be the viewer's last card
    (then the Durchgang ends without covering).
    """
    seat = view.get("seat")
    if seat is None or not is_valid_selection(view, rank, count, brushes):
        return []
    return _covered(view, rank, count, brushes)


def cheapest_cover(view: JSON, seat: int) -> Group | None:
    """The smallest group from the viewer's hand that covers ``seat``'s top group.

    "Smallest" = fewest brushes, then lowest rank; a Sonderausgabe only if no
    poster group does it. None if nothing in the hand does (or it would use the
    whole hand, which ends the Durchgang without covering).
    """
    me = view.get("seat")
    top = _top(view, seat)
    if me is None or seat == me or top is None:
        return None
    hand = hand_vector(view)
    total = sum(hand)
    size, value = top["size"], top["rank"]
    if size >= total:
        return None
    best: Group | None = None
    for rank in range(value + 1, 14):
        have = hand[rank]
        if not have:
            continue
        posters = min(have, size)
        brushes = size - posters
        if brushes <= hand[BRUSH] and (best is None or brushes < best[2]):
            best = (rank, posters, brushes)
            if brushes == 0:
                break
    if best is None and value < SONDER and hand[BRUSH] >= size:
        best = (SONDER, 0, size)
    return best


def coverable_from(counts: list[int], value: int, size: int) -> bool:
    """Can some group from a pool of cards (count vector) cover a top group (value, size)?"""
    if value >= SONDER:
        return False
    brushes = counts[BRUSH]
    if brushes >= size:
        return True
    return any(counts[rank] and counts[rank] + brushes >= size for rank in range(value + 1, 14))


def is_sicher(view: JSON, seat: int) -> bool | None:
    """SUPPLEMENT "sicher": no combination of hidden cards plus the viewer's hand covers the top group."""
    top = _top(view, seat)
    if top is None:
        return None
    pool = [h + m for h, m in zip(hidden_counts(view), hand_vector(view), strict=True)]
    return not coverable_from(pool, top["rank"], top["size"])


def is_angreifbar(view: JSON) -> bool | None:
    """The viewer's own column: could the hidden cards (other hands, Druckerei) cover its top group?"""
    seat = view.get("seat")
    if seat is None:
        return None
    top = _top(view, seat)
    if top is None:
        return None
    return coverable_from(hidden_counts(view), top["rank"], top["size"])


def markers(view: JSON, hidden: list[int] | None = None) -> list[JSON]:
    """Per seat: {"ueberklebbar": "mit 2× 9 überklebbar" (a text) | None, "cover": group | None,
    "sicher": bool | None, "angreifbar": bool | None (own column only)}. ``hidden``: the view's
    ``hidden_counts`` when the caller has them already."""
    me = view.get("seat")
    if view.get("result"):  # the Durchgang is over: nothing can be pasted over any more
        return [{"ueberklebbar": None, "cover": None, "sicher": None, "angreifbar": None}] * view["players"]
    if hidden is None:
        hidden = hidden_counts(view)
    hand = hand_vector(view)
    pool = [h + m for h, m in zip(hidden, hand, strict=True)]
    out = []
    for seat in range(view["players"]):
        top = _top(view, seat)
        mark: JSON = {"ueberklebbar": None, "cover": None, "sicher": None, "angreifbar": None}
        if top is not None:
            if seat == me:
                mark["angreifbar"] = coverable_from(hidden, top["rank"], top["size"])
            else:
                mark["sicher"] = not coverable_from(pool, top["rank"], top["size"])
                cover = cheapest_cover(view, seat)
                if cover is not None:
                    mark["cover"] = list(cover)
                    mark["ueberklebbar"] = tx("mit %(group)s überklebbar", group=short_text(*cover))
        out.append(mark)
    return out


def karren_labels(view: JSON) -> list[Text | None]:
    """Labels of the Karren cards for the viewer (texts): "Joker" for a brush, "passt k×" when a poster
    would make a group of k with posters of that rank in the hand, else None."""
    hand = hand_vector(view)
    out: list[Text | None] = []
    for card in view["karren"]:
        if card == BRUSH:
            out.append(tx("Joker"))
        elif hand[card]:
            out.append(tx("passt %(n)s×", n=hand[card] + 1))
        else:
            out.append(None)
    return out


def describe(view: JSON, rank: int, count: int, brushes: int) -> Text:
    """One sentence about what the selection would do (a text, games.core.text)."""
    if count == 0 and brushes == 0:
        return tx("Wähle Plakate aus deiner Hand.")
    if not is_valid_selection(view, rank, count, brushes):
        return tx("Diese Auswahl hast du nicht auf der Hand.")
    return _sentence(view, rank, count, brushes, covers(view, rank, count, brushes))


def _sentence(view: JSON, rank: int, count: int, brushes: int, hit: list[int]) -> Text:
    """``describe`` of a selection from the hand that covers ``hit``."""
    label: Text = short_text(rank, count, brushes)
    if count == 0:
        label = tx("Sonderausgabe %(group)s", group=label)
    left = len(view.get("hand") or ()) - count - brushes
    if left == 0:
        return tx("%(label)s: deine letzte Karte – der Durchgang endet sofort, niemand wird überklebt.", label=label)
    if hit:
        names = [f"{view['names'][s]} ({group_short(_top(view, s))})" for s in hit]  # type: ignore[arg-type]
        what = tx("überklebt %(names)s", names=join_names(names))
    else:
        what = tx("überklebt niemanden")
    return ntx(
        "%(label)s: %(what)s. Du hast danach %(n)s Karte.",
        "%(label)s: %(what)s. Du hast danach %(n)s Karten.",
        left,
        label=label,
        what=what,
    )


def previews(view: JSON) -> list[tuple[Group, list[int], Text]]:
    """Every group the viewer's hand can form (``engine.groups_of_hand``), with ``covers`` and ``describe``
    of it: the same answers, with the hand counted and each group's covered seats found once."""
    if view.get("seat") is None:
        return []
    out = []
    for rank, count, brushes in groups_of_hand(hand_vector(view)):
        hit = _covered(view, rank, count, brushes)
        out.append(((rank, count, brushes), hit, _sentence(view, rank, count, brushes, hit)))
    return out


def _covered(view: JSON, rank: int, count: int, brushes: int) -> list[int]:
    """``covers`` of a selection known to be in the viewer's hand."""
    size = count + brushes
    if size >= len(view.get("hand") or ()):
        return []  # the last card: the Durchgang ends without covering
    if count == 0:
        rank = SONDER
    seat, n = view["seat"], view["players"]
    out = []
    for step in range(1, n):
        other = (seat + step) % n
        top = _top(view, other)
        if top is not None and top["size"] == size and top["rank"] < rank:
            out.append(other)
    return out


def join_names(names: list[str]) -> Text:
    """'Grete', 'Grete und Paul', 'Grete, Paul und Hans' (a text)."""
    return and_list(names)


def rank_name(card: int) -> str:
    return POSTERS[card]


def scoreboard(view: JSON) -> JSON:
    """Scores plus the per-rank hidden counts for the Punktetafel."""
    hidden = hidden_counts(view)
    return {
        "scores": list(view["scores"]),
        "hidden": {str(r): hidden[r] for r in RANKS} | {"B": hidden[BRUSH]},
    }
