"""Speedrocket computer players (rule text, "Am Tisch" → Computer).

Every bot is ``choose(view, legal, rng, *, budget) -> Choice`` and uses only the
seat's view and its legal actions. ``leicht`` draws by feel; ``normal`` stops at
noticeable danger and buys from a fixed wish list; ``stark`` knows its bag's
exact contents and plays the rest of the evening out many times (Monte Carlo
over the remaining draws, ``budget`` sampled bag orders), counting the
Sandeimer, and buys for this game's recipes and the phase of the game.
``advice`` is the "Rat". Each computer's style comes from the view
(``view["spieler"][seat]["stil"]``, fixed by the engine from the seed).
"""

from __future__ import annotations

import random
from typing import Any

from games.core.bots import Choice
from games.core.text import Text, join, tx

from .content import (
    CRYSTAL_FIELDS,
    MARK,
    RUHM,
    chip_text,
    chip_value,
    count,
)
from .rocket import Ctx, Seat, counted_white, lay, would_ignite

JSON = dict[str, Any]

#: sampled bag orders per Stopfen decision of ``stark`` (about 9 ms on average, 40 ms at most)
DEFAULT_BUDGET = 80
#: ``stark`` continues its playouts with "draw while the danger is below t" for each t
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
    if not bag:
        return 0.0
    return sum(1 for c in bag if would_ignite(p, c, ctx)) / len(bag)


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


def evaluate(view: JSON, p: Seat, rng: random.Random, budget: int) -> tuple[float, float]:
    """(value of stopping now, value of drawing once more and then going on as well as possible)."""
    ctx = _ctx(view)
    w = Weights(view)
    stop = w.value(p, p, 0)
    if not p.beutel:
        return stop, float("-inf")
    sand = _sand_ok(view, p)
    totals = [0.0] * len(THRESHOLDS)
    n = max(1, budget)
    for _ in range(n):
        order = p.beutel[:]
        rng.shuffle(order)
        for j, t in enumerate(THRESHOLDS):
            q, used = _playout(p.copy(), order[:], ctx, t, sand, rng, force=True)
            totals[j] += w.value(q, p, used)
    return stop, max(totals) / n


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
            tx("Aus der Vorschau: %(chip)s.", chip=chip_text(offen["chips"][i]))
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


def _stopfen_stark(view: JSON, legal: list[JSON], rng: random.Random, budget: int) -> Choice:
    me = _me(view)
    offen = me["offen"]
    p = seat_from_view(view)
    ctx = _ctx(view)
    w = Weights(view)
    if offen is not None and offen["art"] == "sand":
        burn = p.copy()
        lay(burn, offen["chip"], ctx, zaehl=offen["zaehl"])
        burn.fehl = True
        fire = w.value(burn, p, 0)
        saved = p.copy()
        saved.eimer = False
        saved.funken = True
        saved.beutel = sorted(p.beutel + [offen["chip"]])
        stop, draw = evaluate(view, saved, rng, budget // 2)
        if max(stop, draw) - SAND_COST >= fire:
            return Choice({"type": "sand"}, tx("Sand drauf – die Rakete ist mehr wert als der Eimer."))
        return Choice({"type": "zuenden"}, tx("Der Eimer ist mehr wert als diese Rakete: zünden lassen."))
    if offen is not None:
        return _vorschau_stark(view, p, offen["chips"], rng, budget)
    if {"type": "ziehen"} not in legal:
        return Choice({"type": "aufhoeren"}, tx("Der Beutel ist leer."))
    danger = _danger(p, p.beutel, ctx)
    stop, draw = evaluate(view, p, rng, budget)
    draw += STYLE_RISK.get(_style(view), 0.0)  # Draufgänger dare a little more
    if draw > stop:
        return Choice({"type": "ziehen"}, tx("%(pct)s %% Gefahr – der nächste Chip lohnt sich.", pct=_pct(danger)))
    if danger > 0:
        return Choice({"type": "aufhoeren"}, tx("%(pct)s %% Gefahr sind zu heiß.", pct=_pct(danger)))
    return Choice({"type": "aufhoeren"}, tx("Noch ein Chip bringt nichts mehr."))


def _vorschau_stark(view: JSON, p: Seat, chips: list[str], rng: random.Random, budget: int) -> Choice:
    ctx = _ctx(view)
    w = Weights(view)
    per = max(4, budget // (len(chips) + 1))
    best: tuple[float, int | None] | None = None
    for i in [None, *range(len(chips))]:
        q = p.copy()
        rest = [c for j, c in enumerate(chips) if j != i]
        q.beutel = sorted(q.beutel + rest)
        if i is None:
            stop, draw = evaluate(view, q, rng, per)
            v = max(stop, draw)
        else:
            chip = chips[i]
            if would_ignite(q, chip, ctx):
                if _sand_ok(view, q):
                    continue  # the same as sand and none, but the Eimer is gone
                lay(q, chip, ctx, zaehl=counted_white(q, chip, ctx))
                q.fehl = True
                v = w.value(q, p, 0)
            else:
                lay(q, chip, ctx)
                stop, draw = evaluate(view, q, rng, per)
                v = max(stop, draw) + (q.ruhm - p.ruhm) + w.crystal * (q.kristalle - p.kristalle)
        if best is None or v > best[0]:
            best = (v, i)
    assert best is not None
    i = best[1]
    if i is None:
        return Choice({"type": "vorschau", "wahl": None}, tx("Aus der Vorschau lohnt sich keiner."))
    return Choice(
        {"type": "vorschau", "wahl": i}, tx("Aus der Vorschau: %(chip)s bringt am meisten.", chip=chip_text(chips[i]))
    )


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
        why = tx("%(n)s Felder und mehr auf einen Zug", n=v)
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
    return join(" ", [tx("%(chip)s: %(why)s.", chip=chip_text(w), why=reasons[w]) for w in basket])


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


def _choose(view: JSON, legal: list[JSON], rng: random.Random, level: str, budget: int) -> Choice:
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
    return _stopfen_stark(view, legal, rng, budget)


def choose_leicht(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Draws by feel (only the Zündmesser), buys what it likes."""
    return _choose(view, legal, rng, "leicht", budget)


def choose_normal(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = 0) -> Choice:
    """Stops at noticeable danger (25 %, by style), buys from a fixed wish list."""
    return _choose(view, legal, rng, "normal", budget)


def choose_stark(view: JSON, legal: list[JSON], rng: random.Random, *, budget: int = DEFAULT_BUDGET) -> Choice:
    """Monte Carlo over the bag's remaining draws; buys for the recipes and the phase."""
    return _choose(view, legal, rng, "stark", budget)


def advice(view: JSON, legal: list[JSON], rng: random.Random) -> Choice:
    """The "Rat": is the next chip worth it (with the danger in percent), a reason for each buy."""
    choice = choose_stark(view, legal, rng, budget=DEFAULT_BUDGET)
    if view["phase"] == "stopfen" and _me(view)["offen"] is None and choice.action["type"] in ("ziehen", "aufhoeren"):
        p = seat_from_view(view)
        pct = _pct(_danger(p, p.beutel, _ctx(view)))
        if choice.action["type"] == "ziehen":
            return Choice(choice.action, tx("Zieh noch einen: %(pct)s %% Gefahr, das lohnt sich.", pct=pct))
        return Choice(choice.action, tx("Hör lieber auf: %(pct)s %% Gefahr.", pct=pct))
    return choice


def style_of(view: JSON, seat: int) -> str:
    """The style of ``seat`` as the page shows it in the seat's info window."""
    return view["spieler"][seat]["stil"]


BOTS = {"leicht": choose_leicht, "normal": choose_normal, "stark": choose_stark}
#: RT "Am Tisch": the log says why a computer stops and why it buys (not every single draw)
LOGGED_REASONS = ("aufhoeren", "einkaufen")
