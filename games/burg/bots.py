"""Speedburg computer players (rule text, "Computerstärke").

Every bot is ``choose(view, legal, rng, *, budget) -> Choice`` and uses only the
seat's view and its legal actions ("Der Computer sieht nie mehr als du").

- ``leicht`` ranks the dice like ``normal`` but often takes only the second or
  third best one.
- ``normal`` builds greedily: the most round points now, with the sketch bonus
  in view (keeping the sketch possible is worth part of its 6 points).
- ``stark`` thinks in Siegpunkte: for the best few builds it plays the rest of
  its castle out many times (future Auslagen sampled from the dice it has not
  seen), values each finished castle by its expected shovel (its rank against
  the others, estimated from their visible castles when building is open, from
  a typical score when it is hidden) plus 3 SP per prize met (a prize is worth
  the Silver shovel), and takes the best average. Its ``budget`` (a
  ``games.core.search.Budget``) is 0.8 s per decision by default: as many
  playouts as fit. ``assess`` gives the post-game analysis the expected
  Siegpunkte of each build (and of each sketch).
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.core.bots import Choice
from games.core.search import Assessment, Budget, Option, SearchResult, as_budget, monte_carlo
from games.core.text import N_, Text, fixed, tx

from . import preview, scoring
from .content import (
    AUSLAGE,
    BUILDS_PER_ROUND,
    DICE,
    PRIZE_NAMES,
    PRIZE_SP,
    SHOVEL_COUNT,
    SHOVELS,
    SKETCH_BONUS,
    SKETCHES,
    SOLO_PRIZE_POINTS,
    die_name,
    field_name,
)

JSON = dict[str, Any]

#: ``stark`` takes a :class:`games.core.search.Budget` (the runtime passes its time budget).
TIMED_SEARCH = True
#: The Rat thinks this share of a table decision's time (0.2 s of 0.8 s); a playout budget stays.
RAT_SHARE = 0.25
#: builds ``stark`` plays out (the best by the ``normal`` estimate)
STARK_CANDIDATES = 5
#: dice of a sampled Auslage a rollout looks at per build
ROLLOUT_DICE = 4
#: chance to keep the sketch with r builds still to come (r = missing height)
KEEP_SKETCH = (1.0, 0.8, 0.65, 0.5, 0.4, 0.3, 0.25)
#: a typical finished round score of a good builder, for hidden castles (mean, spread)
TYPICAL_ROUND = (20.0, 4.5)
#: expected points one more die adds to a castle (open building estimate of a rival)
GAIN_PER_DIE = 3.3
#: a prize in round points, for the playout policy (3 SP ≈ 6 points near an even shovel race)
PRIZE_AS_POINTS = 6.0


# ------------------------------------------------------------ estimates


def _feasibility(castle: scoring.Castle, targets: list[int]) -> float:
    """A rough chance that the still missing height can be stacked (pips must not fall)."""
    f = 1.0
    for fld, t in enumerate(targets):
        h = len(castle[fld])
        need = t - h
        if need <= 0:
            continue
        if h:
            f *= ((7 - castle[fld][-1][1]) / 6.0) ** (0.6 * need)
        elif need > 1:
            f *= 0.8 ** (need - 1)
    return f


def estimate(castle: scoring.Castle, targets: list[int], lost: int, remaining: int) -> float:
    """``normal``'s value of a castle: round points now plus the kept chance of the sketch bonus."""
    pts = float(sum(scoring.material_points(castle)))
    if scoring.sketch_hit(castle, targets):
        return pts + SKETCH_BONUS
    if remaining > 0 and scoring.sketch_possible(castle, targets, lost):
        pts += SKETCH_BONUS * KEEP_SKETCH[min(remaining, 6)] * _feasibility(castle, targets)
    return pts


def prize_needs(castle: scoring.Castle) -> tuple[int, int, int, int, int]:
    """How many builds each prize still needs at least (0 = met), in ``PRIZES`` order."""
    hs = [len(st) for st in castle]
    pips = set()
    mats = set()
    shells = 0
    for st in castle:
        for d in st:
            pips.add(d[1])
            mats.add(d[0] // 8)
        if st and st[-1][0] // 8 == 2:
            shells += 1
    wall = min(sum(max(0, 2 - hs[f]) for f in line) for line in scoring.LINES)
    return (
        max(0, 5 - max(hs)),
        sum(1 for p in range(1, 6) if p not in pips),
        max(0, 3 - shells),
        wall,
        4 - len(mats),
    )


#: chance per missing build to still get there (Leuchtturm, Strandtreppe, Muschelkrone, Burgmauer, Strandgut)
PRIZE_CHANCE = (0.45, 0.6, 0.5, 0.6, 0.7)


_ORTH = scoring.ORTH
_LINES = scoring.LINES


def estimate_stark(castle: scoring.Castle, targets: list[int], lost: int, remaining: int) -> float:
    """``stark``'s playout policy: ``estimate`` plus the prizes met or still in reach (one fast pass)."""
    pts = 0
    glass = shells = pips = mats = 0
    maxh = 0
    hit = True
    possible = lost == 0
    feas = 1.0
    hs = [len(st) for st in castle]
    for f in range(9):
        st = castle[f]
        h = hs[f]
        t = targets[f]
        goal = t if t > 0 else 0
        if h != goal:
            hit = False
            if h > goal:
                possible = False
            elif h:
                feas *= ((7 - st[-1][1]) / 6.0) ** (0.6 * (goal - h))
            elif goal > 1:
                feas *= 0.8 ** (goal - 1)
        if h > maxh:
            maxh = h
        for lvl, d in enumerate(st, 1):
            m = d[0] >> 3
            pips |= 1 << d[1]
            mats |= 1 << m
            if m == 0:
                n = 0
                for nb in _ORTH[f]:
                    if hs[nb] >= lvl and castle[nb][lvl - 1][0] >> 3 == 0:
                        n += 1
                if lvl > 1 and st[lvl - 2][0] >> 3 == 0:
                    n += 1
                if lvl < h and st[lvl][0] >> 3 == 0:
                    n += 1
                pts += 2 * n
            elif m == 1:
                pts += 2 * lvl - 1
            elif m == 2:
                pts += 3 if lvl == h else 1
            else:
                glass += 1
        if h and st[-1][0] >> 3 == 2:
            shells += 1
    v = float(pts + glass * (glass + 1) // 2)
    if hit:
        v += SKETCH_BONUS
    elif possible and remaining > 0:
        v += SKETCH_BONUS * KEEP_SKETCH[min(remaining, 6)] * feas
    wall = min(
        (h0 < 2) * (2 - h0) + (h1 < 2) * (2 - h1) + (h2 < 2) * (2 - h2)
        for h0, h1, h2 in ((hs[a], hs[b], hs[c]) for a, b, c in _LINES)
    )
    needs = (
        max(0, 5 - maxh),
        sum(1 for p in range(1, 6) if not pips >> p & 1),
        max(0, 3 - shells),
        wall,
        4 - bin(mats).count("1"),
    )
    for need, chance in zip(needs, PRIZE_CHANCE, strict=True):
        if need == 0:
            v += PRIZE_AS_POINTS
        elif need <= remaining:
            v += PRIZE_AS_POINTS * chance**need
    return v


def ranked_builds(view: JSON, legal: list[JSON]) -> list[tuple[float, JSON]]:
    """(estimate, action) for every build, best first; identical dice are tried once."""
    me = view["spieler"][view["seat"]]
    castle = [list(st) for st in me["burg"]]
    targets = me["skizze"]["soll"]
    lost = len(me["verloren"])
    remaining = BUILDS_PER_ROUND - me["wuerfel"] - 1
    dice = {d[0]: d for d in view["auslage"]}
    seen: dict[tuple, float] = {}
    out = []
    for a in legal:
        die = dice[a["wuerfel"]]
        if a["type"] == "verlieren":
            key: tuple = (die[0] // 8, die[1], None)
            v = seen.get(key)
            if v is None:
                v = seen[key] = estimate(castle, targets, lost + 1, remaining) - 0.01
        else:
            f = a["feld"]
            key = (die[0] // 8, die[1], f)
            v = seen.get(key)
            if v is None:
                castle[f].append(die)
                v = seen[key] = estimate(castle, targets, lost, remaining)
                castle[f].pop()
        out.append((v, a))
    out.sort(key=lambda x: (-x[0], x[1]["wuerfel"], x[1].get("feld", -1)))
    return out


def _describe(view: JSON, action: JSON) -> Text:
    die = next(d for d in view["auslage"] if d[0] == action["wuerfel"])
    if action["type"] == "verlieren":
        return tx("%(die)s passt nirgends und geht verloren", die=die_name(die))
    return tx("%(die)s auf %(field)s", die=die_name(die), field=field_name(action["feld"]))


def _sketch_ease(nr: int) -> float:
    """``normal``: how easy a sketch looks (few high stacks, few puddles)."""
    targets = SKETCHES[nr].targets
    return sum(0.8 ** max(t - 1, 0) for t in targets if t > 0) - 0.2 * sum(1 for t in targets if t < 0)


# ------------------------------------------------------------ simple phases


def _simple(view: JSON, legal: list[JSON], rng: random.Random, level: str) -> Choice | None:
    """Sketch choice, "weiter" and the discard; None while building."""
    t = legal[0]["type"]
    if t == "weiter":
        return Choice(legal[0], tx("Weiter geht's."))
    if t == "skizze":
        if level == "leicht":
            a = rng.choice(legal)
            return Choice(a, tx("Die Skizze „%(name)s“ gefällt mir.", name=SKETCHES[a["skizze"]].name))
        a = max(legal, key=lambda x: (_sketch_ease(x["skizze"]), -x["skizze"]))
        return Choice(a, tx("„%(name)s“ ist leichter zu treffen.", name=SKETCHES[a["skizze"]].name))
    if t == "ablegen":
        if level == "leicht":
            a = rng.choice(legal)
            return Choice(a, tx("Irgendeinen Würfel ablegen."))
        hint = view.get("ablegen_hinweis")
        if hint is not None:
            a = {"type": "ablegen", "wuerfel": hint["rot"]}
            die = next(d for d in view["auslage"] if d[0] == hint["rot"])
            return Choice(a, tx("%(die)s brächte dem Gegner am meisten – weg damit.", die=die_name(die)))
        # hidden castles: take away the die that looks best in general (high pips stack anywhere)
        best = max(view["auslage"], key=lambda d: (d[1], d[0] // 8 == 3, -d[0]))
        return Choice(
            {"type": "ablegen", "wuerfel": best[0]}, tx("%(die)s lasse ich dem Gegner nicht.", die=die_name(best))
        )
    return None


# ------------------------------------------------------------------ levels


def choose_leicht(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Often only the second or third best die."""
    simple = _simple(view, legal, rng, "leicht")
    if simple is not None:
        return simple
    ranked = ranked_builds(view, legal)
    # best placement per die, best die first
    per_die: list[tuple[float, JSON]] = []
    taken: set = set()
    for v, a in ranked:
        if a["wuerfel"] not in taken:
            taken.add(a["wuerfel"])
            per_die.append((v, a))
    r = rng.random()
    k = 0 if r < 0.3 else 1 if r < 0.65 else 2
    k = min(k, len(per_die) - 1)
    a = per_die[k][1]
    which = (
        N_("%(move)s – der beste Würfel, ganz ohne langes Rechnen."),
        N_("%(move)s – der zweitbeste Würfel, ganz ohne langes Rechnen."),
        N_("%(move)s – der drittbeste Würfel, ganz ohne langes Rechnen."),
    )[k]
    return Choice(a, tx(which, move=_describe(view, a)))


def choose_normal(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Greedy: the most round points now, with the sketch in view."""
    simple = _simple(view, legal, rng, "normal")
    if simple is not None:
        return simple
    v, a = ranked_builds(view, legal)[0]
    return Choice(
        a,
        tx(
            "%(move)s bringt am meisten (geschätzt %(points)s Punkte mit Blick auf die Skizze).",
            move=_describe(view, a),
            points=fixed(v),
        ),
    )


# ------------------------------------------------------------------ stark


class Ctx:
    """What the playouts of one decision share (all from the view)."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        me = view["seat"]
        self.me = me
        self.n = view["players"]
        self.solo = view["solo"]
        p = view["spieler"][me]
        self.castle = p["burg"]
        self.targets = p["skizze"]["soll"] if p["skizze"] else None
        self.lost = len(p["verloren"] or [])
        self.used = p["wuerfel"]
        seen = {d[0] for d in view["auslage"]} | {d[0] for d in view["abgelegt"]}
        seen |= {w["id"] for w in view["wimpel"]}
        rivals = []
        for q in view["spieler"]:
            if q["burg"] is not None:
                seen |= {d[0] for st in q["burg"] for d in st}
                seen |= {d[0] for d in q["verloren"] or []}
            if q["seat"] != me:
                rivals.append(q)
        #: dice this seat has not seen (the bag and hidden castles): future refills come from here
        self.unseen = [i for i in range(DICE) if i not in seen]
        self.rivals = [self._rival(q) for q in rivals]

    def _rival(self, q: JSON) -> tuple[float, float]:
        """(expected final round points, spread) of a rival."""
        left = BUILDS_PER_ROUND - q["wuerfel"]
        if q["punkte"] is None:  # behind the Windschutz
            return TYPICAL_ROUND
        return (q["punkte"] + GAIN_PER_DIE * left, 2.0 + 2.5 * math.sqrt(left))

    def value(self, castle: scoring.Castle, lost: int) -> float:
        """Expected Siegpunkte (solo: Rekordpunkte) of a finished castle."""
        pts = scoring.round_points(castle, self.targets)
        prizes = sum(1 for facts in scoring.prize_facts(castle).values() if facts[0])  # met (no texts needed)
        if self.solo:
            return pts + SOLO_PRIZE_POINTS * prizes
        beat = [_phi((pts - mu) / sd) for mu, sd in self.rivals]
        # Poisson binomial: probability that exactly k rivals are ahead
        dist = [1.0]
        for b in beat:
            nxt = [0.0] * (len(dist) + 1)
            for k, pr in enumerate(dist):
                nxt[k] += pr * b
                nxt[k + 1] += pr * (1 - b)
            dist = nxt
        shovel = sum(dist[k] * SHOVELS[k][2] for k in range(SHOVEL_COUNT[self.n]))
        # a prize is worth the Silver shovel; a rival may meet it too and win the tie-break
        return shovel + PRIZE_SP * prizes * (0.85 if self.n > 2 else 0.9) + 0.02 * pts


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _rollout(ctx: Ctx, castle: scoring.Castle, lost: int, auslage: list[list[int]], rng: random.Random) -> float:
    """Play this seat's remaining builds with the ``normal`` policy on sampled Auslagen."""
    targets = ctx.targets
    left = BUILDS_PER_ROUND - sum(len(st) for st in castle) - lost
    pool = [i for i in ctx.unseen if all(d[0] != i for d in auslage)]
    rng.shuffle(pool)
    offer = [list(d) for d in auslage]
    size = AUSLAGE[ctx.n]
    takers = max(ctx.n - 1, 0) + (2 if ctx.n == 2 else 0)  # rivals' builds (+ two discards) per turn
    while left > 0:
        # the others take dice, new ones are rolled
        for _ in range(takers):
            if offer:
                offer.pop(int(rng.random() * len(offer)))
        while len(offer) < size and pool:
            offer.append([pool.pop(), 1 + int(rng.random() * 6)])
        if not offer:
            break
        look = offer if len(offer) <= ROLLOUT_DICE else rng.sample(offer, ROLLOUT_DICE)
        best = None
        for die in look:
            for f in scoring.fields_for(castle, targets, die[1]):
                castle[f].append(die)
                v = estimate_stark(castle, targets, lost, left - 1)
                castle[f].pop()
                if best is None or v > best[0]:
                    best = (v, die, f)
        if best is None:
            lost += 1
            offer.remove(look[0])
        else:
            castle[best[2]].append(best[1])
            offer.remove(best[1])
        left -= 1
    return ctx.value(castle, lost)


def _die_key(view: JSON, action: JSON) -> tuple:
    """Identical dice on the same field are the same build (material, pips, field)."""
    die = next(d for d in view["auslage"] if d[0] == action["wuerfel"])
    return (die[0] // 8, die[1], action.get("feld"))


def _build_candidates(view: JSON, legal: list[JSON], ctx: Ctx) -> list[JSON]:
    """The best builds by the estimate plus the best for each prize still open (identical dice once)."""
    cands: list[JSON] = []
    keys = set()
    for _v, a in ranked_builds(view, legal):
        key = _die_key(view, a)
        if key not in keys:
            keys.add(key)
            cands.append(a)
    chosen = cands[:STARK_CANDIDATES]
    for extra in _prize_candidates(ctx, cands):
        if extra not in chosen:
            chosen.append(extra)
    return chosen


def _search_builds(view: JSON, ctx: Ctx, candidates: list[JSON], rng: random.Random, budget: Budget) -> SearchResult:
    """Every candidate in every sampled world, the budget split evenly (no pruning: as measured)."""
    dice = {d[0]: d for d in view["auslage"]}

    def play(world_seed: Any, action: JSON, r: random.Random) -> tuple[float, float]:
        castle = [list(st) for st in ctx.castle]
        lost = ctx.lost
        die = dice[action["wuerfel"]]
        if action["type"] == "verlieren":
            lost += 1
        else:
            castle[action["feld"]].append(die)
        rest = [d for d in view["auslage"] if d[0] != die[0]]
        value = _rollout(ctx, castle, lost, rest, random.Random(world_seed))
        return value, value  # the value is the Siegpunkte the castle is expected to bring

    return monte_carlo(candidates=candidates, determinize=_world, play=play, rng=rng, budget=budget, prune=False)


def _world(r: random.Random) -> int:
    """A sampled world: the seed of the refills' dice and pips (drawn from the dice not seen) and of the
    others' takes; ``_rollout`` draws them from ``Ctx.unseen``, which comes from the view only."""
    return r.getrandbits(32)


def choose_stark(
    view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None
) -> Choice:
    """Plays the rest of the castle out for the best few builds; counts in Siegpunkte.

    ``budget``: a :class:`Budget`, a playout count, or seconds; by default 0.8 s.
    """
    budget = as_budget(budget)
    if legal[0]["type"] == "skizze":
        return _stark_sketch(view, legal, rng, budget)
    simple = _simple(view, legal, rng, "stark")
    if simple is not None:
        return simple
    ctx = Ctx(view)
    chosen = _build_candidates(view, legal, ctx)
    if len(chosen) == 1:
        return Choice(chosen[0], tx("%(move)s: die einzige sinnvolle Wahl.", move=_describe(view, chosen[0])))
    search = _search_builds(view, ctx, chosen, rng, budget)
    best = search.best
    template = (
        N_("%(move)s: im Kopf %(n)s-mal zu Ende gebaut, im Schnitt %(points)s Rekordpunkte.")
        if ctx.solo
        else N_("%(move)s: im Kopf %(n)s-mal zu Ende gebaut, im Schnitt %(points)s Siegpunkte.")
    )
    return Choice(
        best.action,
        tx(template, move=_describe(view, best.action), n=best.playouts, points=fixed(best.mean)),
        search.playouts,
    )


def assess(
    view: JSON, legal: list[JSON], chosen: JSON, rng: random.Random, *, budget: Budget | int | float | None
) -> Assessment | None:
    """For the analysis: ``stark``'s builds (or the sketches) and the ``chosen`` one, each with the
    Siegpunkte (solo: Rekordpunkte) it expects from this round.

    None for "Weiter" and the discard (``stark`` does not play those out) and when there was
    nothing to weigh.
    """
    kind = legal[0]["type"]
    if len(legal) < 2 or kind not in ("skizze", "bauen", "verlieren"):
        return None
    budget = as_budget(budget)
    if kind == "skizze":
        result = _search_sketches(view, legal, rng, budget)
        label = _sketch_label
    else:
        ctx = Ctx(view)
        candidates = _build_candidates(view, legal, ctx)
        # an identical die on the same field is the same choice: the one the search would try
        key = _die_key(view, chosen)
        chosen = next((a for _v, a in ranked_builds(view, legal) if _die_key(view, a) == key), chosen)
        if chosen not in candidates:
            candidates.append(chosen)
        if len(candidates) == 1:
            return None
        result = _search_builds(view, ctx, candidates, rng, budget)

        def label(a: JSON) -> Text:
            return _describe(view, a)

    options = [Option(e.action, label(e.action), e.points, e.playouts) for e in result.ranked]
    return Assessment(options, next(i for i, o in enumerate(options) if o.action == chosen), result.playouts)


def _sketch_label(action: JSON) -> Text:
    return tx("Die Skizze „%(name)s“", name=SKETCHES[action["skizze"]].name)


def _prize_candidates(ctx: Ctx, cands: list[JSON]) -> list[JSON]:
    """For each prize not yet met: the build that brings it closest (so the search can weigh it)."""
    out = []
    base = prize_needs(ctx.castle)
    dice = {d[0]: d for d in ctx.view["auslage"]}
    for k in range(len(PRIZE_NAMES)):
        if base[k] == 0:
            continue
        best = None
        for a in cands:
            if a["type"] != "bauen":
                continue
            castle = [list(st) for st in ctx.castle]
            castle[a["feld"]].append(dice[a["wuerfel"]])
            need = prize_needs(castle)[k]
            if need < base[k] and (best is None or need < best[0]):
                best = (need, a)
        if best is not None:
            out.append(best)
    out.sort(key=lambda x: x[0])
    return [a for _need, a in out[:3]]


def _search_sketches(view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> SearchResult:
    """Quick castles on each offered sketch with the Auslage that is already visible."""
    me = view["spieler"][view["seat"]]
    ctxs = {}
    for a in legal:
        fake = dict(view)
        fake["spieler"] = list(view["spieler"])
        mine = dict(me)
        mine.update(
            {"burg": [[] for _ in range(9)], "verloren": [], "skizze": {"soll": list(SKETCHES[a["skizze"]].targets)}}
        )
        fake["spieler"][view["seat"]] = mine
        ctxs[a["skizze"]] = Ctx(fake)

    def play(world_seed: Any, action: JSON, r: random.Random) -> tuple[float, float]:
        ctx = ctxs[action["skizze"]]
        value = _rollout(ctx, [[] for _ in range(9)], 0, [list(d) for d in view["auslage"]], random.Random(world_seed))
        return value, value

    return monte_carlo(candidates=legal, determinize=_world, play=play, rng=rng, budget=budget, prune=False)


def _stark_sketch(view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> Choice:
    result = _search_sketches(view, legal, rng, budget)
    best = result.best.action
    why = tx("Auf „%(name)s“ gelingen die Probeburgen am besten.", name=SKETCHES[best["skizze"]].name)
    return Choice(best, why, result.playouts)


def advice(view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None) -> Choice:
    """The "Rat": what ``stark`` would do, with its reason, thinking ``RAT_SHARE`` of a table
    decision's time (a playout budget is kept as it is)."""
    return choose_stark(view, legal, rng, budget=as_budget(budget).share(RAT_SHARE))


BOTS = {"leicht": choose_leicht, "normal": choose_normal, "stark": choose_stark}

__all__ = ["BOTS", "advice", "preview"]
