"""Speedrocket computer players (rule text, "Am Tisch" → Computer).

Every bot is ``choose(view, legal, rng, *, budget) -> Choice`` and uses only the
seat's view and its legal actions. ``leicht`` draws by feel; ``normal`` stops at
noticeable danger and buys from a fixed wish list; ``stark`` knows its bag's
exact contents but not their order: it samples bag orders and plays the rest of
the evening out for every option via ``games.core.search.monte_carlo``, as many
times as its budget allows (0.8 s by default), counting the Sandeimer, and buys
for this game's recipes and the phase of the game. ``assess`` gives the
post-game analysis the expected value of each option of a Stopfen decision.
``advice`` is the "Rat". Each computer's style comes from the view
(``view["spieler"][seat]["stil"]``, fixed by the engine from the seed).
"""

from __future__ import annotations

import random
from typing import Any

from games.core.bots import Choice
from games.core.search import Assessment, Budget, Evaluated, Option, SearchResult, as_budget, monte_carlo
from games.core.text import Text, join, ntx, tx

from .content import (
    CRYSTAL_FIELDS,
    MARK,
    RUHM,
    chip_say,
    chip_value,
    count,
)
from .rocket import Ctx, Seat, counted_white, lay, would_ignite

JSON = dict[str, Any]

#: ``stark`` takes a :class:`games.core.search.Budget` (the runtime passes its time budget).
TIMED_SEARCH = True
#: The Rat thinks this share of a table decision's time (0.2 s of 0.8 s); a playout budget stays.
RAT_SHARE = 0.25
#: after drawing, ``stark``'s playouts go on with "draw while the danger is below t", one plan per t
THRESHOLDS = (0.1, 0.2, 0.3, 0.45)
SAND_COST = 1.0  # refilling the Sandeimer costs 2 crystals = 1 Ruhm at the end

#: ``normal``'s fixed wish list, best first
WISH_LIST = ("B4", "R4", "Y4", "G4", "Y2", "R2", "B2", "P1", "S1", "G2", "R1", "B1", "Y1", "G1", "O1")
#: per style: favourite colours (and how far the danger threshold moves)
STYLE_COLOURS = {
    "Draufgänger": "",
    "Vorsichtig": "",
    "Kristallsammler": "G",
    "Schwarzpulver-Liebhaber": "S",
    "Purpur-Liebhaber": "P",
    "Tempomacher": "BR",
}
STYLE_RISK = {"Draufgänger": 0.1, "Vorsichtig": -0.08}


def _pct(x: float) -> int:
    return round(100 * x)


# ------------------------------------------------------------ view access


def _me(view: JSON) -> JSON:
    return view["spieler"][view["seat"]]


def _style(view: JSON) -> str:
    return _me(view)["stil"]


def seat_from_view(view: JSON) -> Seat:
    """The bot's own rocket as the engine keeps it (everything here is in its view)."""
    me = _me(view)
    h = me["huelse"]
    return Seat(
        beutel=list(me["beutel"]),
        ruhm=me["ruhm"],
        kristalle=me["kristalle"],
        vorladung=me["vorladung"],
        eimer=me["eimer"],
        chips=[x["chip"] for x in h],
        felder=[x["feld"] for x in h],
        zaehl=[x["zaehlt"] for x in h],
        start=me["start"],
        summe=me["zuendmesser"],
        grenze=me["grenze"],
        treib=me["treibsatz"],
        schwung=me["schwung"],
        funken=me["funken"],
        fehl=me["fehlzuendung"],
    )


def _ctx(view: JSON) -> Ctx:
    return Ctx(view["rezepte"], view["blatt"]["id"])


def _danger(p: Seat, bag: list[str], ctx: Ctx) -> float:
    """The chance that the next chip from ``bag`` ignites the rocket (as ``would_ignite`` says)."""
    if not bag or (ctx.blatt == "funkenflug" and not p.funken):
        return 0.0  # Funkenflug: the first Blitzpulver counts nothing
    rest = p.grenze - p.summe
    return sum(1 for c in bag if c[0] == "W" and ord(c[1]) - 48 > rest) / len(bag)


def _remaining(view: JSON) -> int:
    """Evenings with a Pulverhandlung still to come after this one."""
    return view["abende"] - view["abend"]


def _sand_ok(view: JSON, p: Seat) -> bool:
    return p.eimer and view["blatt"]["id"] != "sandknapp"


# ------------------------------------------------------------ evaluation


class Weights:
    """What the end of an evening is worth in Ruhm, by the phase of the game."""

    __slots__ = ("mark", "crystal", "covered", "nothing", "clean", "target")

    def __init__(self, view: JSON) -> None:
        r = _remaining(view)
        self.mark = 0.2 if r == 0 else 0.2 + 0.025 * r
        self.crystal = 0.5 + 0.03 * r
        rz, b = view["rezepte"], view["blatt"]["id"]
        self.covered = b == "glueck"
        self.nothing = b == "waghalsig"
        # what a rocket without Fehlzündung earns besides its field tonight
        self.clean = 2.0 if b == "vorsicht" else self.crystal if b == "feuchte_luft" else 0.0
        self.target = view["zielfeld"] if b == "auftrag" else None
        if rz["Y"] == 3:
            self.covered = self.covered or None  # None: covered once a Natriumgelb lies in the Hülse

    def value(self, p: Seat, base: Seat, sand_used: int) -> float:
        wf = p.wertungsfeld()
        r, m = RUHM[wf], self.mark * MARK[wf]
        if not p.fehl:
            v = r + m + self.clean
            if self.target is not None and wf >= self.target:
                v += 3.0
        elif self.nothing:
            v = 0.0
        elif self.covered or (self.covered is None and any(c[0] == "Y" for c in p.chips)):
            v = r + m
        else:
            v = max(r, m)
        if wf in CRYSTAL_FIELDS:
            v += self.crystal
        v += (p.ruhm - base.ruhm) + self.crystal * (p.kristalle - base.kristalle)
        return v - SAND_COST * sand_used


def _best_preview(p: Seat, chips: list[str], ctx: Ctx) -> int | None:
    """The quick choice from a Vorschau: the biggest chip that does not ignite."""
    best, key = None, None
    for i, c in enumerate(chips):
        if would_ignite(p, c, ctx):
            continue
        k = (c[0] != "W", chip_value(c) if c[0] != "W" else -chip_value(c))
        if key is None or k > key:
            best, key = i, k
    return best


def _insert(order: list[str], chip: str, rng: random.Random) -> None:
    order.insert(int(rng.random() * (len(order) + 1)), chip)


def _playout(
    p: Seat, order: list[str], ctx: Ctx, t: float, sand: bool, rng: random.Random, force: bool = False
) -> tuple[Seat, int]:
    """Draw from ``order`` (the rest of the bag, drawn from the end) while the danger stays below ``t``.

    ``force``: the first chip is drawn whatever the danger (the decision being evaluated).
    Returns the rocket at the end and whether the Sandeimer was used.
    """
    sand_used = 0
    while order and not p.fehl:
        if not force and _danger(p, order, ctx) >= t:
            break
        force = False
        chip = order.pop()
        if chip[0] == "W":
            z = counted_white(p, chip, ctx)
            if p.summe + z > p.grenze:
                if sand and not sand_used:
                    sand_used = 1
                    p.funken = True
                    _insert(order, chip, rng)
                    continue
                lay(p, chip, ctx, zaehl=z)
                p.fehl = True
                break
            lay(p, chip, ctx, zaehl=z)
            continue
        follow, _ = lay(p, chip, ctx)
        if follow == "vorschau":
            k = min(len(order), chip_value(chip) + 1)
            seen = order[len(order) - k :]
            del order[len(order) - k :]
            i = _best_preview(p, seen, ctx)
            pick = seen.pop(i) if i is not None else None
            for c in seen:
                _insert(order, c, rng)
            if pick is not None:
                order.append(pick)
                force = True
        elif follow == "aussortieren":
            k = min(len(order), chip_value(chip))
            whites = [c for c in order[len(order) - k :] if c[0] == "W"]
            if whites:
                order.remove(max(whites, key=chip_value))
    return p, sand_used


# ------------------------------------------------------------- Stopfen


def _vorschau_indices(legal: list[JSON]) -> list[int | None]:
    return [a["wahl"] for a in legal if a["type"] == "vorschau"]


def _stopfen_leicht(view: JSON, legal: list[JSON], rng: random.Random) -> Choice:
    me = _me(view)
    offen = me["offen"]
    if offen is not None and offen["art"] == "sand":
        if rng.random() < 0.85:
            return Choice({"type": "sand"}, tx("Schnell Sand drauf!"))
        return Choice({"type": "zuenden"}, tx("Ach, soll sie doch zünden."))
    if offen is not None:
        p = seat_from_view(view)
        i = _best_preview(p, offen["chips"], _ctx(view)) if rng.random() < 0.6 else None
        if i is None:
            i = rng.choice(_vorschau_indices(legal))
        return Choice({"type": "vorschau", "wahl": i}, tx("Den nehme ich, der sieht gut aus."))
    if {"type": "ziehen"} not in legal:
        return Choice({"type": "aufhoeren"}, tx("Der Beutel ist leer."))
    rest = me["grenze"] - me["zuendmesser"]
    feel = rng.choice((0, 1, 1, 2)) + (1 if _style(view) == "Vorsichtig" else 0)
    if rest <= feel:
        return Choice({"type": "aufhoeren"}, tx("Mein Gefühl sagt: genug für heute."))
    return Choice({"type": "ziehen"}, tx("Einer geht noch, fühlt sich gut an."))


def normal_threshold(view: JSON) -> float:
    return 0.25 + STYLE_RISK.get(_style(view), 0.0)


def _stopfen_normal(view: JSON, legal: list[JSON], rng: random.Random) -> Choice:
    me = _me(view)
    offen = me["offen"]
    if offen is not None and offen["art"] == "sand":
        return Choice({"type": "sand"}, tx("Sand drauf – die Rakete bleibt heil."))
    if offen is not None:
        i = _best_preview(seat_from_view(view), offen["chips"], _ctx(view))
        text = (
            tx("Aus der Vorschau: %(chip)s.", chip=chip_say(offen["chips"][i]))
            if i is not None
            else tx("Aus der Vorschau: keinen.")
        )
        return Choice({"type": "vorschau", "wahl": i}, text)
    if {"type": "ziehen"} not in legal:
        return Choice({"type": "aufhoeren"}, tx("Der Beutel ist leer."))
    danger = me["gefahr"]["rot"] / max(1, len(me["beutel"]))
    if danger >= normal_threshold(view):
        return Choice({"type": "aufhoeren"}, tx("%(pct)s %% Gefahr sind zu heiß.", pct=_pct(danger)))
    return Choice({"type": "ziehen"}, tx("%(pct)s %% Gefahr – weiter.", pct=_pct(danger)))


class _Stopfen:
    """One Stopfen decision as ``stark`` sees it: its own rocket and bag, nothing else.

    What the seat cannot know is the order in which its bag gives the chips. A world
    (``world``) is a random order of every chip that may come out of the bag after this
    decision (the bag, plus the Vorschau chips or the igniting chip that may go back in),
    drawn from the seat's own view only. A plan is an action and how the evening goes on
    after it: stop at once, or draw and go on while the danger stays below a threshold
    (one plan per ``THRESHOLDS``); an action is worth its best plan. Every plan of a round
    is played in the same world (common random numbers).
    """

    def __init__(self, view: JSON, *, style: bool) -> None:
        me = _me(view)
        self.view = view
        self.p = seat_from_view(view)
        self.ctx = _ctx(view)
        self.w = Weights(view)
        self.offen = me["offen"]
        back: list[str] = []
        if self.offen is not None:
            back = list(self.offen["chips"]) if self.offen["art"] == "vorschau" else [self.offen["chip"]]
        self.pool = sorted(self.p.beutel + back)
        # Draufgänger dare a little more, Vorsichtige less (the analysis weighs without a style)
        self.risk = STYLE_RISK.get(_style(view), 0.0) if style else 0.0

    # -- what stark weighs

    def actions(self) -> list[JSON]:
        """The options ``stark`` plays out (stop first: a tie stops; sand before fire; none first)."""
        if self.offen is None:
            return [{"type": "aufhoeren"}, {"type": "ziehen"}]
        if self.offen["art"] == "sand":
            return [{"type": "sand"}, {"type": "zuenden"}]
        out: list[JSON] = [{"type": "vorschau", "wahl": None}]
        seen = set()
        for i, chip in enumerate(self.offen["chips"]):
            if chip in seen:
                continue  # the same chip again: the same option
            seen.add(chip)
            if would_ignite(self.p, chip, self.ctx) and _sand_ok(self.view, self.p):
                continue  # the same as sand and none, but the Eimer is gone
            out.append({"type": "vorschau", "wahl": i})
        return out

    def canonical(self, action: JSON) -> JSON:
        """A Vorschau choice of a chip that lies there twice is the choice of its first copy."""
        if action.get("type") != "vorschau" or action.get("wahl") is None or self.offen is None:
            return action
        chips = self.offen["chips"]
        return {"type": "vorschau", "wahl": chips.index(chips[action["wahl"]])}

    def plans(self, action: JSON) -> list[JSON]:
        """Every way ``stark`` may go on after ``action`` (none for an action it cannot weigh)."""
        p, ctx, view = self.p, self.ctx, self.view
        kind = action["type"]
        if kind == "aufhoeren":
            return [self._fixed(action, p)]
        if kind == "ziehen":
            return self._going_on(action, p, None, draw_only=True, risk=self.risk)
        if self.offen is None:
            return []  # sand as a precaution: not weighed
        if kind == "zuenden":
            return [self._burnt(action, self.offen["chip"], self.offen["zaehl"])]
        if kind == "sand":
            return self._saved(action)
        i = action["wahl"]
        if i is None:
            return self._going_on(action, p, None)
        chip = self.offen["chips"][i]
        if would_ignite(p, chip, ctx):
            if _sand_ok(view, p):  # it would ask for sand: the player may still pour it or let it burn
                return self._saved(action) + [self._burnt(action, chip, counted_white(p, chip, ctx))]
            return [self._burnt(action, chip, counted_white(p, chip, ctx))]
        q = p.copy()
        lay(q, chip, ctx)
        return self._going_on(action, q, chip)

    def _plan(self, action: JSON, rocket: Seat, laid: str | None, then: float | None, **extra: Any) -> JSON:
        plan = {"action": action, "rocket": rocket, "laid": laid, "then": then, "sand": False, "cost": 0.0}
        plan.update(extra)
        plan.setdefault("risk", 0.0)
        if then is None:
            plan["fixed"] = self.w.value(rocket, self.p, 0) + plan["cost"]
        return plan

    def _fixed(self, action: JSON, rocket: Seat) -> JSON:
        return self._plan(action, rocket, None, None)

    def _burnt(self, action: JSON, chip: str, zaehl: int) -> JSON:
        burn = self.p.copy()
        lay(burn, chip, self.ctx, zaehl=zaehl)
        burn.fehl = True
        return self._fixed(action, burn)

    def _saved(self, action: JSON) -> list[JSON]:
        saved = self.p.copy()
        saved.eimer = False
        saved.funken = True
        return self._going_on(action, saved, None, cost=-SAND_COST)

    def _going_on(
        self,
        action: JSON,
        rocket: Seat,
        laid: str | None,
        *,
        draw_only: bool = False,
        cost: float = 0.0,
        risk: float = 0.0,
    ) -> list[JSON]:
        """Stop now (unless ``draw_only``) or draw once and then go on with each threshold."""
        out = [] if draw_only else [self._plan(action, rocket, laid, None, cost=cost)]
        if len(self.pool) - (laid is not None) > 0:
            sand = _sand_ok(self.view, rocket)
            out += [self._plan(action, rocket, laid, t, sand=sand, cost=cost, risk=risk) for t in THRESHOLDS]
        return out

    # -- the search

    def world(self, rng: random.Random) -> list[str]:
        """One order of the chips that may come out of the bag (drawn from the end)."""
        order = self.pool[:]
        rng.shuffle(order)
        return order

    def play(self, order: list[str], plan: JSON, rng: random.Random) -> tuple[float, float]:
        """(value, points) of ``plan`` in this world: points = the evening's worth in Ruhm."""
        if plan["then"] is None:
            return plan["fixed"], plan["fixed"]
        if plan["laid"] is not None:
            order.remove(plan["laid"])
        q, used = _playout(plan["rocket"].copy(), order, self.ctx, plan["then"], plan["sand"], rng, force=True)
        points = self.w.value(q, self.p, used) + plan["cost"]
        return points + plan["risk"], points

    def search(self, actions: list[JSON], rng: random.Random, budget: Budget, *, prune: bool) -> SearchResult:
        plans = [plan for action in actions for plan in self.plans(action)]
        return monte_carlo(
            candidates=plans, determinize=self.world, play=self.play, rng=rng, budget=budget, prune=prune
        )

    # -- what it says

    def reason(self, action: JSON) -> Text:
        kind = action["type"]
        if kind == "sand":
            return tx("Sand drauf – die Rakete ist mehr wert als der Eimer.")
        if kind == "zuenden":
            return tx("Der Eimer ist mehr wert als diese Rakete: zünden lassen.")
        if kind == "vorschau":
            i = action["wahl"]
            if i is None:
                return tx("Aus der Vorschau lohnt sich keiner.")
            return tx("Aus der Vorschau: %(chip)s bringt am meisten.", chip=chip_say(self.offen["chips"][i]))
        danger = _danger(self.p, self.p.beutel, self.ctx)
        if kind == "ziehen":
            return tx("%(pct)s %% Gefahr – der nächste Chip lohnt sich.", pct=_pct(danger))
        if danger > 0:
            return tx("%(pct)s %% Gefahr sind zu heiß.", pct=_pct(danger))
        return tx("Noch ein Chip bringt nichts mehr.")

    def label(self, action: JSON) -> Text:
        """The analysis' name of an option (a text)."""
        kind = action["type"]
        if kind == "vorschau":
            i = action["wahl"]
            if i is None:
                return tx("Aus der Vorschau keinen Chip legen")
            return tx("Aus der Vorschau %(chip)s legen", chip=chip_say(self.offen["chips"][i]))
        return {
            "aufhoeren": tx("Aufhören"),
            "ziehen": tx("Noch einen Chip ziehen"),
            "sand": tx("Sand drauf"),
            "zuenden": tx("Zünden lassen"),
        }[kind]


def _stopfen_stark(view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> Choice:
    if _me(view)["offen"] is None and not _me(view)["beutel"]:
        return Choice({"type": "aufhoeren"}, tx("Der Beutel ist leer."))
    pos = _Stopfen(view, style=True)
    # only what is legal (after a lapsed clock: stop, sand, no chip from the Vorschau)
    actions = [a for a in pos.actions() if a in legal] or legal[:1]
    if len(actions) == 1:  # e.g. every chip of the Vorschau would ignite
        return Choice(actions[0], pos.reason(actions[0]))
    result = pos.search(actions, rng, budget, prune=True)
    action = result.best.action["action"]
    return Choice(action, pos.reason(action), result.playouts)


def assess(
    view: JSON, legal: list[JSON], chosen: JSON, rng: random.Random, *, budget: Budget | int | float | None
) -> Assessment | None:
    """For the analysis: every option of a Stopfen decision with the evening's expected worth.

    None for the decisions ``stark`` does not play out (the Vorstellung, the Pulverhandlung,
    sand as a precaution) and when there was nothing to weigh.
    """
    if view["phase"] != "stopfen" or len(legal) < 2:
        return None
    pos = _Stopfen(view, style=False)
    if pos.offen is None and {"type": "ziehen"} not in legal:
        return None
    chosen = pos.canonical(chosen)
    actions = pos.actions()
    if chosen not in actions:
        actions.append(chosen)
    if not pos.plans(chosen) or len(actions) < 2:
        return None
    result = pos.search(actions, rng, as_budget(budget), prune=False)
    options = _options(pos, actions, result.ranked)
    return Assessment(options, next(i for i, o in enumerate(options) if o.action == chosen), result.playouts)


def _options(pos: _Stopfen, actions: list[JSON], ranked: list[Evaluated]) -> list[Option]:
    """Each action with its best plan's expected points, best first."""
    best: dict[int, Evaluated] = {}
    spent = [0] * len(actions)
    for e in ranked:
        i = actions.index(e.action["action"])
        spent[i] += e.playouts
        if i not in best or e.mean > best[i].mean:
            best[i] = e
    order = sorted(best, key=lambda i: -best[i].mean)
    return [Option(actions[i], pos.label(actions[i]), best[i].points, spent[i]) for i in order]


# ------------------------------------------------------------ Pulverhandlung


def _baskets(legal: list[JSON]) -> list[list[str]]:
    return [a["chips"] for a in legal if a["type"] == "einkaufen"]


def _owned(view: JSON) -> list[str]:
    me = _me(view)
    return me["beutel"] + [x["chip"] for x in me["huelse"]] + me["beiseite"]


def ware_value(view: JSON, ware: str) -> tuple[float, Text]:
    """What one more ``ware`` in the bag is worth in Ruhm until the end, with a reason (a text)."""
    r = _remaining(view)
    if r <= 0:
        return 0.0, tx("lohnt sich nicht mehr")
    rz = view["rezepte"]
    owned = _owned(view)
    n = len(owned)
    drawn = max(6, len(_me(view)["huelse"]))
    q = min(1.0, drawn / (n + 1))
    mark_w = 0.2 + 0.025 * max(0, r - 1)
    fv = 0.3 + 0.8 * mark_w  # one field further: Ruhm now and Mark for later
    v = chip_value(ware)
    c = ware[0]
    have = sum(1 for x in owned if x[0] == c)
    per = 0.25 + (2 if c == "O" and view["blatt"]["id"] == "ruedersdorf" else v) * fv
    why: Text = tx("%(fields)s weiter je Zug", fields=count(v, "Feld"))
    rec = rz.get(c)
    if c == "G":
        extra = {1: 0.45, 2: 0.12 * sum(1 for x in owned if x[0] == "O"), 3: 0.3, 4: 0.3 if have >= 1 else 0.1}[rec]
        per += extra
        why = tx("Kristalle für später") if rec != 1 else tx("Schlussglanz bringt Kristall und Ruhm")
    elif c == "B":
        extra = {1: 0.25 * v, 2: 0.15 * v, 3: (v + 1) * mark_w, 4: 0.7 * v * fv}[rec]
        per += extra
        why = {
            1: tx("die Vorschau wählt den besten Chip"),
            2: tx("sortiert Blitzpulver aus"),
            3: tx("Kundschaft bringt Mark"),
        }.get(rec, tx("Schwung bringt Tempo"))
    elif c == "R":
        o = sum(1 for x in owned if x[0] == "O")
        extra = {1: min(o, 2) * 0.6 * fv, 2: 0.7 * fv, 3: min(3, have) * 0.4 * fv, 4: 1.1 * fv}[rec]
        per += extra
        why = ntx("%(n)s Feld und mehr auf einen Zug", "%(n)s Felder und mehr auf einen Zug", v)
    elif c == "Y":
        extra = {1: 0.55, 2: 0.6, 3: 0.5 if have == 0 else 0.15, 4: 0.35}[rec]
        per += extra
        why = {1: tx("Bindemittel holt Blitzpulver zurück"), 2: tx("Puffer hebt die Zündgrenze")}.get(
            rec, tx("sichert die Rakete ab") if rec == 3 else tx("Entsorgen macht den Beutel sauber")
        )
    elif c == "P":
        extra = {1: (1.0, 0.8, 1.2)[min(have, 2)] if have < 3 else 0.1, 2: 1.2, 3: 1.0 + 0.5 * min(have, 2), 4: 0.7}[
            rec
        ]
        per += extra
        why = tx("ab jetzt zählt Ruhm") if r <= view["abende"] // 2 else tx("Ruhm an jedem Abend")
    elif c == "S":
        extra = {1: 0.35 * r * fv * 0.6, 2: 1.0 * fv, 3: 1.2 if have <= 2 else 0.4, 4: 4 * mark_w * 0.5}[rec]
        per += extra
        why = {
            1: tx("Wettstreit schiebt die Vorladung vor"),
            2: tx("Treibsatz schiebt den nächsten Chip"),
            3: "Meisterschaft",  # a recipe's name
        }.get(rec, tx("Ansporn bringt Mark"))
    elif c == "O":
        why = tx("billig und sicher")
    value = r * q * per
    if c in STYLE_COLOURS.get(_style(view), ""):
        value *= 1.25
    return value, why


def _misfire_choice(view: JSON, legal: list[JSON], rng: random.Random, level: str) -> Choice:
    me = _me(view)
    ruhm = RUHM[me["wertungsfeld"]]
    mark = me["mark"] or 0
    if level == "leicht":
        wahl = rng.choice(("ruhm", "einkauf"))
    elif level == "normal":
        wahl = "ruhm" if ruhm >= 3 or _remaining(view) <= 2 else "einkauf"
    else:
        prices = view["preise"]
        values = {w: ware_value(view, w)[0] for w in prices if prices[w] <= mark}
        best = 0.0
        for a in values:
            best = max(best, values[a])
            for b in values:
                if a[0] != b[0] and prices[a] + prices[b] <= mark:
                    best = max(best, values[a] + values[b])
        wahl = "ruhm" if ruhm >= best else "einkauf"
    if wahl == "ruhm":
        return Choice({"type": "fehlzuendung", "wahl": "ruhm"}, tx("Nach der Fehlzündung lieber %(n)s Ruhm.", n=ruhm))
    return Choice(
        {"type": "fehlzuendung", "wahl": "einkauf"}, tx("Nach der Fehlzündung lieber %(n)s Mark einkaufen.", n=mark)
    )


def _basket_text(basket: list[str], reasons: dict[str, Text]) -> Text:
    if not basket:
        return tx("Nichts im Laden lohnt sich.")
    return join(" ", [tx("%(chip)s: %(why)s.", chip=chip_say(w), why=reasons[w]) for w in basket])


def _handel(view: JSON, legal: list[JSON], rng: random.Random, level: str) -> Choice:
    types = {a["type"] for a in legal}
    if "fehlzuendung" in types:
        return _misfire_choice(view, legal, rng, level)
    me = _me(view)
    r = _remaining(view)
    if "sandeimer" in types and (level != "leicht" or rng.random() < 0.5):
        return Choice({"type": "sandeimer"}, tx("Den Sandeimer wieder füllen."))
    if "vorladung" in types:
        keep = 4 if _style(view) == "Kristallsammler" else 0
        if level == "leicht" and rng.random() < 0.3:
            return Choice({"type": "vorladung"}, tx("Die Vorladung ein Feld weiter."))
        if level == "normal" and r >= 3 and me["kristalle"] - keep >= 2:
            return Choice({"type": "vorladung"}, tx("Kristalle für die Vorladung: jeden Abend ein Feld mehr."))
        if level == "stark" and r >= 2 and me["kristalle"] - keep >= view["vorladung_kosten"][view["seat"]]:
            return Choice({"type": "vorladung"}, tx("Vorladung +1 bringt an %(n)s Abenden ein Feld mehr.", n=r))
    baskets = _baskets(legal)
    if level == "leicht":
        full = [b for b in baskets if b]
        basket = rng.choice(full) if full else []
        return Choice(
            {"type": "einkaufen", "chips": basket}, tx("Das gefällt mir.") if basket else tx("Nichts zu kaufen.")
        )
    if level == "normal":
        fav = STYLE_COLOURS.get(_style(view), "")
        prio = {w: len(WISH_LIST) - i + (4 if w[0] in fav else 0) for i, w in enumerate(WISH_LIST)}
        basket = max(baskets, key=lambda b: sum(prio[w] for w in b))
        reasons: dict[str, Text] = {w: tx("steht oben auf meinem Wunschzettel") for w in basket}
        return Choice({"type": "einkaufen", "chips": basket}, _basket_text(basket, reasons))
    values = {}
    reasons: dict[str, Text] = {}
    for b in baskets:
        for w in b:
            if w not in values:
                values[w], reasons[w] = ware_value(view, w)
    basket = max(baskets, key=lambda b: sum(values[w] for w in b))
    return Choice({"type": "einkaufen", "chips": basket}, _basket_text(basket, reasons))


# ------------------------------------------------------------------ bots


def _choose(view: JSON, legal: list[JSON], rng: random.Random, level: str, budget: Budget | None) -> Choice:
    if not legal:
        raise ValueError("no legal action")
    phase = view["phase"]
    if phase == "vorstellung":
        return Choice({"type": "weiter"}, tx("Weiter."))
    if phase == "handel":
        return _handel(view, legal, rng, level)
    if level == "leicht":
        return _stopfen_leicht(view, legal, rng)
    if level == "normal":
        return _stopfen_normal(view, legal, rng)
    assert budget is not None
    return _stopfen_stark(view, legal, rng, budget)


def choose_leicht(view: JSON, legal: list[JSON], rng: random.Random, *, budget: Any = None) -> Choice:
    """Draws by feel (only the Zündmesser), buys what it likes."""
    return _choose(view, legal, rng, "leicht", None)


def choose_normal(view: JSON, legal: list[JSON], rng: random.Random, *, budget: Any = None) -> Choice:
    """Stops at noticeable danger (25 %, by style), buys from a fixed wish list."""
    return _choose(view, legal, rng, "normal", None)


def choose_stark(
    view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None
) -> Choice:
    """Plays the rest of the evening out in sampled bag orders; buys for the recipes and the phase.

    ``budget``: a :class:`Budget`, a playout count, or seconds; by default 0.8 s.
    """
    return _choose(view, legal, rng, "stark", as_budget(budget))


def advice(view: JSON, legal: list[JSON], rng: random.Random, *, budget: Budget | int | float | None = None) -> Choice:
    """The "Rat": is the next chip worth it (with the danger in percent), a reason for each buy.

    It thinks ``RAT_SHARE`` of a table decision's time (a playout budget is kept as it is).
    """
    choice = choose_stark(view, legal, rng, budget=as_budget(budget).share(RAT_SHARE))
    if view["phase"] == "stopfen" and _me(view)["offen"] is None and choice.action["type"] in ("ziehen", "aufhoeren"):
        p = seat_from_view(view)
        pct = _pct(_danger(p, p.beutel, _ctx(view)))
        if choice.action["type"] == "ziehen":
            why = tx("Zieh noch einen: %(pct)s %% Gefahr, das lohnt sich.", pct=pct)
            return Choice(choice.action, why, choice.playouts)
        return Choice(choice.action, tx("Hör lieber auf: %(pct)s %% Gefahr.", pct=pct), choice.playouts)
    return choice


def style_of(view: JSON, seat: int) -> str:
    """The style of ``seat`` as the page shows it in the seat's info window."""
    return view["spieler"][seat]["stil"]


BOTS = {"leicht": choose_leicht, "normal": choose_normal, "stark": choose_stark}
#: RT "Am Tisch": the log says why a computer stops and why it buys (not every single draw)
LOGGED_REASONS = ("aufhoeren", "einkaufen")
