"""Speedkleister: the computer players (rule text, section "Computer").

Every bot is ``choose(view, legal, rng, *, budget) -> Choice`` and uses only the
seat's view and its legal actions, never the state. ``stark`` samples the unknown
cards (``determinize``) and plays the Durchgang out with a cheap policy via
``games.core.search.monte_carlo``, as many times as its budget allows (0.8 s by
default); ``assess`` gives the post-game analysis its expected points per option.
Behaviour is described in RULES.md, "Computer".
"""

from __future__ import annotations

import random
from math import comb
from typing import Any, TypeVar

from games.core.bots import Choice
from games.core.search import Assessment, Budget, Option, SearchResult, as_budget, monte_carlo
from games.core.text import Text, fixed, join, tx
from games.kleister import engine as E
from games.kleister import hints as H

JSON = dict[str, Any]
T = TypeVar("T")

#: ``stark`` takes a :class:`games.core.search.Budget` (the runtime passes its time budget).
TIMED_SEARCH = True
#: How many kleben candidates ``stark`` plays out (the best by the ``normal`` estimate).
STARK_CANDIDATES = 5


# --------------------------------------------------------------------------- view helpers


def _action_group(action: JSON) -> tuple[int, int, int]:
    rank, count, brushes = action["rank"], action["count"], action["brushes"]
    return (E.SONDER if count == 0 else rank, count, brushes)


def _short(action: JSON) -> Text:
    rank, count, brushes = _action_group(action)
    text = H.short_text(rank, count, brushes)
    return tx("Sonderausgabe %(group)s", group=text) if count == 0 else text


def _supply(view: JSON) -> int:
    return view["druckerei"] + len(view["karren"])


def _endspurt(view: JSON) -> bool:
    """The endgame: little left to draw or someone is about to play out."""
    return _supply(view) <= 2 * view["players"] or min(view["hand_counts"]) <= 3


def _top_tuple(view: JSON, seat: int) -> tuple[int, int] | None:
    col = view["columns"][seat]
    if not col:
        return None
    return (col[-1]["rank"], col[-1]["size"])


def _covers(view: JSON, seat: int, rank: int, size: int) -> list[int]:
    n = view["players"]
    out = []
    for step in range(1, n):
        other = (seat + step) % n
        top = _top_tuple(view, other)
        if top is not None and top[1] == size and top[0] < rank:
            out.append(other)
    return out


def _fits(hand: list[int], rank: int, posters: int, brushes: int) -> bool:
    """Does a covered group fit the hand? (rank already in hand, only brushes, or mostly brushes)."""
    if rank == E.SONDER:
        return True
    return hand[rank] >= 1 or brushes >= posters


class _Risk:
    """Estimated chance that the opponents cover a top group (value, size) before the viewer's next turn.

    Each opponent's hand = its publicly known cards + a random draw from the unknown
    cards; ranks are treated as independent binomials (good enough for a heuristic).
    """

    ALPHA = 0.8  # an opponent who can cover does so with this chance

    def __init__(self, view: JSON) -> None:
        me = view["seat"]
        hidden = H.hidden_counts(view)
        known = [[0] * 14 for _ in range(view["players"])]
        for seat, cards in enumerate(view["known"]):
            if seat == me:
                continue
            for card in cards:
                known[seat][card] += 1
        unknown = hidden[:]
        for seat in range(view["players"]):
            if seat != me:
                for card in range(14):
                    unknown[card] -= known[seat][card]
        unknown = [max(0, u) for u in unknown]
        total = sum(unknown)
        self.opps = []
        for seat in range(view["players"]):
            if seat == me:
                continue
            k = known[seat]
            free = max(0, view["hand_counts"][seat] - sum(k))
            pmfs = []
            for card in range(14):
                p = unknown[card] / total if total else 0.0
                pmf = [0.0] * k[card] + _binom(free, p)
                pmfs.append(pmf)
            tails = []
            for card in range(14):
                pmf = pmfs[card]
                tail = [0.0] * (len(pmf) + 1)
                for i in range(len(pmf) - 1, -1, -1):
                    tail[i] = tail[i + 1] + pmf[i]
                tails.append(tail)
            self.opps.append((pmfs[0], tails))
        self.cache: dict[tuple[int, int], float] = {}

    def __call__(self, value: int, size: int) -> float:
        key = (value, size)
        if key in self.cache:
            return self.cache[key]
        if value >= E.SONDER:
            self.cache[key] = 0.0
            return 0.0
        safe_all = 1.0
        for brush_pmf, tails in self.opps:
            no_cover = 0.0
            for b, pb in enumerate(brush_pmf):
                if b >= size or pb == 0.0:
                    continue
                need = max(1, size - b)
                q = pb
                for rank in range(value + 1, 14):
                    tail = tails[rank]
                    q *= 1.0 - (tail[need] if need < len(tail) else 0.0)
                no_cover += q
            safe_all *= 1.0 - self.ALPHA * (1.0 - no_cover)
        risk = 1.0 - safe_all
        self.cache[key] = risk
        return risk


def _binom(n: int, p: float) -> list[float]:
    if n == 0 or p <= 0.0:
        return [1.0] + [0.0] * n
    if p >= 1.0:
        return [0.0] * n + [1.0]
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


# --------------------------------------------------------------------------- leicht


def choose_leicht(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Mostly the biggest group, always Nehmen, often simply the highest card."""
    kinds = {a["type"] for a in legal}
    if "kleben" in kinds:
        if rng.random() < 0.8:
            posters = [a for a in legal if a["count"] > 0 and a["brushes"] == 0] or legal
            best = max(posters, key=lambda a: (a["count"] + a["brushes"], a["rank"]))
            return Choice(best, tx("Klebt die größte Gruppe: %(group)s.", group=_short(best)))
        action = rng.choice(legal)
        return Choice(action, tx("Klebt %(group)s, einfach so.", group=_short(action)))
    if "nehmen" in kinds:
        return Choice({"type": "nehmen"}, tx("Nimmt Überklebtes immer."))
    if "zurueck" in kinds:
        return Choice({"type": "zurueck"}, tx("Nimmt die Plakate zurück auf die Hand."))
    if "ziehen" in kinds:
        karren = [a for a in legal if a["from"] == "karren"]
        if karren and (rng.random() < 0.7 or len(karren) == len(legal)):

            def height(a: JSON) -> int:
                card = view["karren"][a["index"]]
                return 14 if card == E.BRUSH else card

            best = max(karren, key=height)
            card = E.card_name(view["karren"][best["index"]])
            return Choice(best, tx("Zieht die höchste Karte: %(card)s.", card=card))
        draw = [a for a in legal if a["from"] == "druckerei"] or legal
        return Choice(draw[0], tx("Zieht verdeckt aus der Druckerei."))
    return Choice(legal[0], tx("Macht den einzigen möglichen Zug."))


# --------------------------------------------------------------------------- normal

W_COVER = 1.0  # per covered card
W_BRUSH = 0.6  # a brush kept in the hand is worth this much flexibility


def _kleben_scores(view: JSON, legal: list[JSON]) -> list[tuple[float, JSON, Text]]:
    """Every kleben action with the ``normal`` estimate and its reason (a text without the final
    full stop: ``stark`` goes on after it), best first."""
    me = view["seat"]
    names = view["names"]
    hand_total = len(view["hand"])
    risk = _Risk(view)
    spurt = _endspurt(view)
    old = _top_tuple(view, me)
    old_loss = 0.0
    if old is not None:
        old_loss = risk(*old) * 2 * old[1]
    out = []
    for action in legal:
        rank, posters, brushes = _action_group(action)
        size = posters + brushes
        if size == hand_total:
            why = tx("Klebt %(group)s: letzte Karte, der Durchgang endet", group=_short(action))
            out.append((1000.0 + size, action, why))
            continue
        covered = _covers(view, me, rank, size)
        r = risk(rank, size)
        score = 2 * size * (1 - (0.5 if spurt else 1.0) * r)
        score -= r * old_loss * (0.5 if spurt else 1.0)
        score += W_COVER * sum(view["columns"][c][-1]["size"] for c in covered)
        score -= brushes * (0.15 if spurt else W_BRUSH)
        score += rank * 0.01
        parts: list[Text] = []
        if covered:
            parts.append(tx("überklebt %(names)s", names=H.join_names([names[c] for c in covered])))
        if rank == E.SONDER:
            parts.append(tx("kann nicht überklebt werden"))
        elif r < 0.2:
            parts.append(tx("schwer zu überkleben"))
        elif r > 0.6:
            parts.append(tx("leicht zu überkleben"))
        if old is not None and old_loss > 0.5 and r < 0.3:
            parts.append(tx("schützt die Gruppe darunter"))
        if spurt:
            parts.append(tx("Endspurt"))
        if parts:
            reason = tx("Klebt %(group)s: %(why)s", group=_short(action), why=join(", ", parts))
        else:
            reason = tx("Klebt %(group)s", group=_short(action))
        out.append((score, action, reason))
    out.sort(key=lambda t: t[0], reverse=True)
    return out


def _ends_game_leading(view: JSON, drawer: int, extra_for_me: int, size: int) -> bool | None:
    """If the draws of ``size`` cards empty the supply: does the viewer then lead? None if the game goes on."""
    supply = _supply(view)
    if supply > size:
        return None
    scores = list(view["scores"])
    scores[drawer] -= supply
    scores[view["seat"]] -= extra_for_me
    mine = scores[view["seat"]]
    return all(mine > s for i, s in enumerate(scores) if i != view["seat"])


def _draw_value(view: JSON, hand: list[int], card: int) -> float:
    if card == E.BRUSH:
        return 2.5
    return hand[card] + card / 20


def _druckerei_value(view: JSON, hand: list[int]) -> float:
    hidden = H.hidden_counts(view)
    total = sum(hidden)
    if not total:
        return 0.0
    return sum(hidden[c] * _draw_value(view, hand, c) for c in range(14)) / total


def _draw_options(view: JSON, legal: list[JSON]) -> list[tuple[float, JSON, Text]]:
    hand = H.hand_vector(view)
    out = []
    seen = set()
    for action in legal:
        if action["from"] == "karren":
            card = view["karren"][action["index"]]
            if card in seen:
                continue
            seen.add(card)
            value = _draw_value(view, hand, card) - 0.1  # a Karren card is public
            if card == E.BRUSH:
                why = tx("Zieht die Bürste aus dem Karren: ein Joker.")
            elif hand[card]:
                why = tx("Zieht %(card)s aus dem Karren: passt %(n)s×.", card=E.POSTERS[card], n=hand[card] + 1)
            else:
                why = tx("Zieht %(card)s aus dem Karren.", card=E.POSTERS[card])
            out.append((value, action, why))
        else:
            value = _druckerei_value(view, hand)
            if view["karren"]:
                why = tx("Zieht verdeckt aus der Druckerei: im Karren passt nichts Besseres.")
            else:
                why = tx("Zieht verdeckt aus der Druckerei: der Karren ist leer.")
            out.append((value, action, why))
    out.sort(key=lambda t: t[0], reverse=True)
    return out


def choose_normal(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Reckons cover, risk and protection; takes only what fits; plays out quickly in the endgame."""
    kind = legal[0]["type"]
    if kind == "kleben":
        score, action, reason = _kleben_scores(view, legal)[0]
        return Choice(action, tx("%(reason)s.", reason=reason))
    if kind in ("nehmen", "liegen"):
        return _choose_nehmen(view)
    if kind in ("zurueck", "altpapier"):
        return _choose_zurueck(view)
    if kind == "ziehen":
        _, action, reason = _draw_options(view, legal)[0]
        return Choice(action, reason)
    return Choice(legal[0], tx("Macht den einzigen möglichen Zug."))


def _pending_group(view: JSON) -> tuple[int, int, int]:
    g = view["pending"]["group"]
    return (g["rank"], g["posters"], g["brushes"])


def _group_label(group: tuple[int, int, int]) -> str:
    return H.short_text(*group)


def _choose_nehmen(view: JSON) -> Choice:
    group = _pending_group(view)
    size = group[1] + group[2]
    label = _group_label(group)
    hand = H.hand_vector(view)
    covered = view["pending"]["covered"]
    lead = _ends_game_leading(view, covered, size, size)
    if lead:
        why = tx("Nimmt %(group)s: das Nachziehen leert den Vorrat, und ich liege vorn.", group=label)
        return Choice({"type": "nehmen"}, why)
    if _fits(hand, *group) and not _endspurt(view):
        return Choice({"type": "nehmen"}, tx("Nimmt %(group)s: passt zur Hand.", group=label))
    if _endspurt(view):
        why = tx("Lässt %(group)s liegen: im Endspurt keine Karten mehr aufnehmen.", group=label)
        return Choice({"type": "liegen"}, why)
    return Choice({"type": "liegen"}, tx("Lässt %(group)s liegen: passt nicht zur Hand.", group=label))


def _choose_zurueck(view: JSON) -> Choice:
    group = _pending_group(view)
    size = group[1] + group[2]
    label = _group_label(group)
    hand = H.hand_vector(view)
    me = view["seat"]
    lead = _ends_game_leading(view, me, 0, size)
    if lead is True:
        why = tx("%(group)s ins Altpapier: das Nachziehen beendet den Durchgang.", group=label)
        return Choice({"type": "altpapier"}, why)
    if lead is False:
        why = tx("Nimmt %(group)s zurück: der Durchgang soll noch weitergehen.", group=label)
        return Choice({"type": "zurueck"}, why)
    if _fits(hand, *group):
        return Choice({"type": "zurueck"}, tx("Nimmt %(group)s zurück: passt zur Hand.", group=label))
    return Choice({"type": "altpapier"}, tx("%(group)s ins Altpapier: lieber frische Plakate.", group=label))


# --------------------------------------------------------------------------- stark


class _Sampler:
    """Builds full states from a view: hidden cards dealt at random, consistent with the view."""

    def __init__(self, view: JSON) -> None:
        me = view["seat"]
        self.view = view
        self.me = me
        self.players = view["players"]
        self.columns = [[[g["rank"], g["posters"], g["brushes"]] for g in col] for col in view["columns"]]
        pending = view.get("pending")
        self.group = None
        if pending and pending.get("group"):
            g = pending["group"]
            self.group = [g["rank"], g["posters"], g["brushes"]]
        self.known = [[0] * 14 for _ in range(self.players)]
        for seat, cards in enumerate(view["known"]):
            for card in cards:
                self.known[seat][card] += 1
        self.hand = H.hand_vector(view)
        pool = H.hidden_counts(view)
        for seat in range(self.players):
            if seat != me:
                for card in range(14):
                    pool[card] -= self.known[seat][card]
        if min(pool) < 0:
            raise ValueError("view is inconsistent: known cards exceed the hidden cards")
        self.pool = [card for card in range(14) for _ in range(pool[card])]
        self.need = [
            0 if seat == me else view["hand_counts"][seat] - sum(self.known[seat]) for seat in range(self.players)
        ]
        if sum(self.need) + view["druckerei"] != len(self.pool):
            raise ValueError("view is inconsistent: hidden card count does not match")
        self.options = dict(view["options"])
        self.options.pop("names", None)
        self.pending = pending

    def __call__(self, rng: random.Random) -> E.State:
        view = self.view
        rest = self.pool[:]
        rng.shuffle(rest)
        hands = []
        pos = 0
        for seat in range(self.players):
            if seat == self.me:
                hands.append(self.hand[:])
                continue
            hand = self.known[seat][:]
            for card in rest[pos : pos + self.need[seat]]:
                hand[card] += 1
            pos += self.need[seat]
            hands.append(hand)
        drawing = view.get("drawing") or {}
        pending = self.pending or {}
        return E.State(
            seed=0,
            counter=0,
            players=self.players,
            options=self.options,
            hands=hands,
            known=[k[:] for k in self.known],
            columns=[c[:] for c in self.columns],
            druckerei=rest[pos:],
            karren=list(view["karren"]),
            altpapier=list(view["altpapier"]),
            start=view["start"],
            active=view["active"],
            phase=view["phase"],
            turn=view["turn"],
            covered=pending.get("covered", -1),
            group=self.group,
            queue=list(pending.get("queue", [])),
            drawer=drawing.get("seat", -1),
            draws_left=drawing.get("left", 0),
            drawn=list(drawing.get("drawn", [])),
            last=[""] * self.players,
            end_reason=view["end_reason"] or "",
        )


def determinize(view: JSON, rng: random.Random) -> E.State:
    """A full state consistent with ``view``: other hands and the Druckerei order dealt at random."""
    return _Sampler(view)(rng)


_RANKS = E.RANKS
_SONDER = E.SONDER
#: ``0.08 * rank`` for every rank: the rollout policy's nudge towards high groups (precomputed, the same floats).
_RANK_NUDGE = tuple(0.08 * rank for rank in range(_SONDER + 1))


def _opponents(per_seat: list[T], seat: int) -> list[T]:
    """The other seats' entries (columns, numbers), in seat order after ``seat``: the order in
    which the engine checks covers."""
    return per_seat[seat + 1 :] + per_seat[:seat]


def _fast_group(hand: list[int], others: list[list[list[int]]], rng: random.Random) -> tuple[int, int, int]:
    """The cheap rollout policy for kleben: big groups, covers, few brushes, a little noise.

    ``hand``: the count vector; ``others``: the opponents' columns (``_opponents``). The options,
    each drawing one ``rand()``, in this order: a Sonderausgabe of every brush (``1.5 * brushes``);
    per rank in the hand all its posters, and with brushes all its posters plus every brush; per
    opponent's top group smaller than the hand, the lowest rank above it that makes exactly its
    size with a part of its posters or with brushes. A group scores ``2 * size - 0.7 * brushes +
    0.08 * rank`` plus its size for every top group of that size and a lower value. The best wins;
    a group of the whole hand is played at once (nothing more drawn).

    The innermost loop of every playout, written for speed: the hands without and with brushes
    apart, and without brushes only the ranks held more than once (``multi``) can cover with a part.
    """
    brushes = hand[0]
    total = sum(hand)
    rand = rng.random
    nudge = _RANK_NUDGE
    tops = []  # the opponents' top groups as (value, size), in seat order
    sizes = []  # their sizes
    for col in others:
        if col:
            value, posters, b = col[-1]
            size = posters + b
            tops.append((value, size))
            sizes.append(size)
    if brushes:
        if brushes == total:
            return (_SONDER, 0, brushes)
        best = (_SONDER, 0, brushes)
        best_score = 1.5 * brushes + rand()
        brush_cost = 0.7 * brushes
        for rank in _RANKS:
            have = hand[rank]
            if not have:
                continue
            # the posters alone (never the whole hand: the brushes are left)
            score = 2 * have + nudge[rank] + rand()  # = 2 * size - 0.7 * 0 + 0.08 * rank + rand()
            if have in sizes:
                for value, tsize in tops:
                    if tsize == have and value < rank:
                        score += have
            if score > best_score:
                best_score, best = score, (rank, have, 0)
            # the posters and every brush
            size = have + brushes
            if size == total:
                return (rank, have, brushes)
            score = 2 * size - brush_cost + nudge[rank] + rand()
            if size in sizes:
                for value, tsize in tops:
                    if tsize == size and value < rank:
                        score += size
            if score > best_score:
                best_score, best = score, (rank, have, brushes)
        multi = None
    else:
        best = (_SONDER, 0, 0)
        best_score = -1e9
        multi = []  # (rank, posters) held twice or more, by rank
        for rank in _RANKS:
            have = hand[rank]
            if not have:
                continue
            if have == total:
                return (rank, have, 0)
            score = 2 * have + nudge[rank] + rand()  # = 2 * size - 0.7 * 0 + 0.08 * rank + rand()
            if have in sizes:
                for value, tsize in tops:
                    if tsize == have and value < rank:
                        score += have
            if score > best_score:
                best_score, best = score, (rank, have, 0)
            if have > 1:
                multi.append((rank, have))
    # Covering a top group with exactly its size: the lowest rank above it that has more than that
    # (a part of it), or fewer but enough brushes to fill up (all of it: same size was weighed above).
    for value, tsize in tops:
        if tsize >= total:
            continue
        if multi is None:
            for rank in range(value + 1, 14):
                have = hand[rank]
                if have and have + brushes >= tsize and have != tsize:
                    break
            else:
                continue
        else:  # no brushes: only more than tsize posters of a rank can cover with a part
            for rank, have in multi:
                if rank > value and have > tsize:
                    break
            else:
                continue
        p = have if have < tsize else tsize  # min(have, tsize)
        b = tsize - p
        score = 2 * tsize - 0.7 * b + nudge[rank] + rand()
        for v2, s2 in tops:
            if s2 == tsize and v2 < rank:
                score += tsize
        if score > best_score:
            best_score, best = score, (rank, p, b)
    return best


def _fast_fits(hand: list[int], group: list[int]) -> bool:
    rank, posters, brushes = group
    return rank == E.SONDER or hand[rank] >= 1 or brushes >= posters


#: ``card / 20`` for every card: what a Karren card is worth besides its copies in the hand.
_CARD_TWENTIETH = tuple(card / 20 for card in range(14))


def _fast_draw(st: E.State) -> tuple[bool, int]:
    """The best Karren card (a brush 2.5, a poster its copies in the hand + rank / 20, the first of
    equals) if it is worth more than 0.9, else blind from the Druckerei (the first Karren card when
    the Druckerei is empty)."""
    hand = st.hands[st.drawer]
    twentieth = _CARD_TWENTIETH
    best, best_value = -1, 0.9
    for i, card in enumerate(st.karren):
        if card:
            have = hand[card]
            if have:  # with no copy in the hand a poster is worth card / 20 < 0.9: never drawn
                value = have + twentieth[card]
                if value > best_value:
                    best, best_value = i, value
        elif best_value < 2.5:  # a brush
            best, best_value = i, 2.5
    if best < 0:
        if st.druckerei:
            return (False, -1)
        return (True, 0)
    return (True, best)


def rollout(st: E.State, rng: random.Random) -> E.State:
    """Plays the Durchgang out in place with the cheap policy; returns the state."""
    ende, kleben, nehmen, liegen = E.ENDE, E.KLEBEN, E.NEHMEN, E.LIEGEN
    do_kleben, do_ziehen = E.do_kleben, E.do_ziehen
    hands = st.hands
    # each seat's opponents' columns, in seat order after it (the engine only appends to and pops
    # from the columns, so these lists stay the columns for the whole playout)
    others = [_opponents(st.columns, seat) for seat in range(st.players)]
    while True:
        phase = st.phase
        if phase == ende:
            return st
        if phase == kleben:
            seat = st.active
            rank, posters, brushes = _fast_group(hands[seat], others[seat], rng)
            do_kleben(st, seat, rank, posters, brushes, None)
        elif phase == nehmen:
            if _fast_fits(hands[st.active], st.group):  # type: ignore[arg-type]
                E.do_nehmen(st, None)
            else:
                E.do_liegen(st, None)
        elif phase == liegen:
            if _fast_fits(hands[st.covered], st.group):  # type: ignore[arg-type]
                E.do_zurueck(st, None)
            else:
                E.do_altpapier(st, None)
        else:
            from_karren, index = _fast_draw(st)
            do_ziehen(st, from_karren, index, None)


#: What ``stark`` adds to a playout's value when it ends ahead of everyone (half on a shared lead).
WIN_BONUS = 3.0


def _value(st: E.State, seat: int) -> float:
    """A playout's worth for ``seat``: its points, half its lead, and a bonus for winning.

    The bonus made ``stark`` win more heads-up against ``normal`` at the same points
    (paired over 121 seeds at 300 playouts: +5.4 ± 4.3 percentage points).
    """
    pts = E.points(st)
    mine = pts[seat]
    best_other = max(p for i, p in enumerate(pts) if i != seat)
    bonus = WIN_BONUS if mine > best_other else WIN_BONUS / 2 if mine == best_other else 0.0
    return mine + 0.5 * (mine - best_other) + bonus


def _candidates(view: JSON, legal: list[JSON], rng: random.Random) -> list[tuple[JSON, Text]]:
    """What ``stark`` plays out, with ``normal``'s reason for each: the best few by the estimate."""
    kind = legal[0]["type"]
    if kind == "kleben":
        ranked = _kleben_scores(view, legal)
        if ranked[0][0] >= 1000:  # the last card: the Durchgang ends, nothing to weigh
            return [(ranked[0][1], ranked[0][2])]
        top = ranked[:STARK_CANDIDATES]
    elif kind == "ziehen":
        top = _draw_options(view, legal)[:4]
    else:
        base = choose_normal(view, legal, rng)
        top = [(0.0, base.action, base.text)] + [(0.0, a, "") for a in legal if a["type"] != base.action["type"]]
    return [(a, why) for _, a, why in top]


def _search(view: JSON, candidates: list[JSON], rng: random.Random, budget: Budget, *, prune: bool) -> SearchResult:
    me = view["seat"]
    sampler = _Sampler(view)

    def play(world: E.State, action: JSON, world_rng: random.Random) -> tuple[float, float]:
        E.step(world, me, action)
        rollout(world, world_rng)
        return _value(world, me), float(E.points(world)[me])

    return monte_carlo(candidates=candidates, determinize=sampler, play=play, rng=rng, budget=budget, prune=prune)


def choose_stark(
    view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None
) -> Choice:
    """``normal``'s candidates, each played out in many sampled worlds (determinised Monte Carlo).

    ``budget``: a :class:`Budget`, a playout count, or seconds; by default 0.8 s.
    """
    top = _candidates(view, legal, rng)
    if len(top) == 1:
        only = top[0][1]
        if legal[0]["type"] == "kleben" and only:
            only = tx("%(reason)s.", reason=only)
        return Choice(top[0][0], only or tx("Macht den einzigen sinnvollen Zug."))
    candidates = [a for a, _ in top]
    result = _search(view, candidates, rng, as_budget(budget), prune=True)
    best = result.best
    why = top[next(i for i, a in enumerate(candidates) if a is best.action)][1]
    return Choice(best.action, _stark_reason(view, best.action, why, best.points, best.playouts), result.playouts)


def assess(
    view: JSON, legal: list[JSON], chosen: JSON, rng: random.Random, *, budget: Budget | int | float | None
) -> Assessment | None:
    """For the analysis: ``stark``'s candidates and the ``chosen`` action, each with expected points.

    None when there was nothing to weigh (one sensible option and it was taken).
    """
    top = _candidates(view, legal, rng)
    candidates = [a for a, _ in top]
    if chosen not in candidates:
        candidates.append(chosen)
    if len(candidates) == 1:
        return None
    result = _search(view, candidates, rng, as_budget(budget), prune=False)
    options = [Option(e.action, _label(view, e.action), e.points, e.playouts) for e in result.ranked]
    return Assessment(options, next(i for i, o in enumerate(options) if o.action == chosen), result.playouts)


def _label(view: JSON, action: JSON) -> Text:
    kind = action["type"]
    if kind == "kleben":
        return tx("Klebt %(group)s", group=_short(action))
    if kind == "ziehen" and action["from"] == "karren":
        return tx("Zieht %(card)s aus dem Karren", card=E.card_name(view["karren"][action["index"]]))
    return {
        "nehmen": tx("Nimmt die überklebten Plakate"),
        "liegen": tx("Lässt die überklebten Plakate liegen"),
        "zurueck": tx("Nimmt die Plakate zurück auf die Hand"),
        "altpapier": tx("Gibt die Plakate ins Altpapier und zieht nach"),
        "ziehen": tx("Zieht verdeckt aus der Druckerei"),
    }[kind]


def _stark_reason(view: JSON, action: JSON, why: Text, mean: float, playouts: int) -> Text:
    head = why if why and action["type"] == "kleben" else _label(view, action)
    return tx(
        "%(head)s; %(n)s-mal im Kopf durchgespielt: im Schnitt %(points)s Punkte am Ende.",
        head=head,
        n=playouts,
        points=fixed(mean),
    )


BOTS = {"leicht": choose_leicht, "normal": choose_normal, "stark": choose_stark}
