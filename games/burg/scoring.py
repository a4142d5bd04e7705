"""Speedburg scoring: castle points, prizes with their progress, the round board.

Pure functions on plain data. A castle is a list of 9 stacks (bottom first) of
dice ``[id, pips]``; ``targets`` are a sketch's 9 target heights (0 dashed,
``PUDDLE`` blocked). Lost dice are never part of a castle, so they count for
nothing here (no points, no prize, no set, no tie-break).

Texts on the round board name seats with tokens ``{s0}``..``{s3}``; the page
replaces them with the players' names.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core.text import N_, Text, german, join, ntx, tx

from .content import (
    COLS,
    DICE_PER_MATERIAL,
    FIELDS,
    GRANIT,
    MATERIAL_KEYS,
    MATERIAL_NAMES,
    MATERIALS,
    MUSCHELN,
    PRIZE_NAMES,
    PRIZE_SP,
    PRIZES,
    PUDDLE,
    SEEGLAS,
    SHOVEL_COUNT,
    SHOVELS,
    SKETCH_BONUS,
    SOLO_PRIZE_POINTS,
    TREIBHOLZ,
    material,
)

JSON = dict[str, Any]
Castle = list[list[list[int]]]


def _orth(field: int) -> tuple[int, ...]:
    r, c = divmod(field, COLS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < COLS and 0 <= cc < COLS:
            out.append(rr * COLS + cc)
    return tuple(out)


ORTH = tuple(_orth(f) for f in range(FIELDS))
LINES = tuple(tuple(r * COLS + c for c in range(COLS)) for r in range(COLS)) + tuple(
    tuple(r * COLS + c for r in range(COLS)) for c in range(COLS)
)


def seat_token(seat: int) -> str:
    return "{s" + str(seat) + "}"


def set_points(n: int) -> int:
    """Seeglas set: 1, 3, 6, 10, 15, 21 … for n = 1, 2, 3 …"""
    return n * (n + 1) // 2


def heights(castle: Castle) -> list[int]:
    return [len(stack) for stack in castle]


def fits(stack: list[list[int]], target: int, pips: int) -> bool:
    """May a die with ``pips`` go onto this field: free non-puddle field or a top with ≤ pips."""
    if target == PUDDLE:
        return False
    return not stack or stack[-1][1] <= pips


def fields_for(castle: Castle, targets: tuple[int, ...] | list[int], pips: int) -> list[int]:
    return [f for f in range(FIELDS) if fits(castle[f], targets[f], pips)]


def treibholz_neighbours(castle: Castle, field: int, level: int) -> int:
    """Treibholz dice next to the die at ``field``/``level`` (1-based): same level orthogonally, below, above."""
    n = 0
    for nb in ORTH[field]:
        st = castle[nb]
        if len(st) >= level and material(st[level - 1][0]) == TREIBHOLZ:
            n += 1
    st = castle[field]
    if level > 1 and material(st[level - 2][0]) == TREIBHOLZ:
        n += 1
    if level < len(st) and material(st[level][0]) == TREIBHOLZ:
        n += 1
    return n


def material_points(castle: Castle) -> list[int]:
    """Points per material (Treibholz, Granit, Muscheln, Seeglas)."""
    drift = granite = shells = glass = 0
    for f, st in enumerate(castle):
        top = len(st)
        for level, die in enumerate(st, 1):
            m = die[0] // DICE_PER_MATERIAL
            if m == TREIBHOLZ:
                drift += 2 * treibholz_neighbours(castle, f, level)
            elif m == GRANIT:
                granite += 2 * level - 1
            elif m == MUSCHELN:
                shells += 3 if level == top else 1
            else:
                glass += 1
    return [drift, granite, shells, set_points(glass)]


def sketch_hit(castle: Castle, targets: tuple[int, ...] | list[int]) -> bool:
    """Every non-puddle field exactly as high as its target (dashed = 0)."""
    return all(len(castle[f]) == t for f, t in enumerate(targets) if t != PUDDLE)


def sketch_possible(castle: Castle, targets: tuple[int, ...] | list[int], lost: int) -> bool:
    """Can the sketch still be hit? No die lost and no field above its target.

    The target heights sum to 6 = the dice of a round, so then exactly the
    missing height is still to be built.
    """
    return lost == 0 and all(len(castle[f]) <= max(t, 0) for f, t in enumerate(targets))


def round_points(castle: Castle, targets: tuple[int, ...] | list[int]) -> int:
    return (SKETCH_BONUS if sketch_hit(castle, targets) else 0) + sum(material_points(castle))


def die_details(castle: Castle, targets: tuple[int, ...] | list[int]) -> list[JSON]:
    """What each built die brings now (for the info windows and the board)."""
    glass = sum(1 for st in castle for d in st if material(d[0]) == SEEGLAS)
    out = []
    for f in range(FIELDS):
        st = castle[f]
        for level in range(1, len(st) + 1):
            die = st[level - 1]
            m = material(die[0])
            if m == TREIBHOLZ:
                n = treibholz_neighbours(castle, f, level)
                pts: int | None = 2 * n
                msg = ntx(
                    "Treibholz mit %(n)s Treibholz-Nachbar = %(pts)s Punkte",
                    "Treibholz mit %(n)s Treibholz-Nachbarn = %(pts)s Punkte",
                    n,
                    pts=2 * n,
                )
            elif m == GRANIT:
                pts = 2 * level - 1
                msg = ntx(
                    "Granit auf Ebene %(level)s = %(n)s Punkt",
                    "Granit auf Ebene %(level)s = %(n)s Punkte",
                    pts,
                    level=level,
                )
            elif m == MUSCHELN:
                pts = 3 if level == len(st) else 1
                msg = tx("Muschel obenauf = 3 Punkte") if pts == 3 else tx("Muschel, überbaut = 1 Punkt")
            else:
                pts = None
                total = set_points(glass)
                msg = ntx("%(glass)s Seeglas = %(n)s Punkt", "%(glass)s Seeglas = %(n)s Punkte", total, glass=glass)
            out.append(
                {
                    "feld": f,
                    "ebene": level,
                    "id": die[0],
                    "augen": die[1],
                    "material": MATERIAL_KEYS[m],
                    "punkte": pts,
                    "text": german(msg),
                    "msg": msg,
                    "sollhoehe": targets[f],
                }
            )
    return out


def _listing(items: list[Text]) -> Text:
    return ntx("es fehlt %(items)s", "es fehlen %(items)s", len(items), items=join(", ", items))


def prize_progress(castle: Castle) -> dict[str, JSON]:
    """Per prize: ``erfuellt``, ``wert`` (the measure used among several) and the progress text."""
    out = prize_msgs(castle)
    for info in out.values():
        info["text"] = german(info["msg"])
    return out


def prize_msgs(castle: Castle) -> dict[str, JSON]:
    """``prize_progress`` without its German ``text``: ``erfuellt``, ``wert`` and ``msg`` (the progress as a
    translatable text, games.core.text)."""
    return {
        key: {"erfuellt": facts[0], "wert": facts[1], "msg": prize_msg(key, facts)}
        for key, facts in prize_facts(castle).items()
    }


def prize_facts(castle: Castle) -> dict[str, tuple[bool, int, Any]]:
    """Per prize ``(erfuellt, wert, progress)``: what ``prize_msgs`` says, before it is made a text. The
    previews compare these for every die and field and make a text only of a prize that changed (making
    every prize's text took most of a Speedburg move's rendering, docs/benchmarks.md, session 14)."""
    hs = [len(st) for st in castle]
    pips = mats = shells = 0
    for st in castle:
        for d in st:
            pips |= 1 << d[1]
            mats |= 1 << d[0] // DICE_PER_MATERIAL
        if st and st[-1][0] // DICE_PER_MATERIAL == MUSCHELN:
            shells += 1
    top = max(hs)
    missing = tuple(str(p) for p in range(1, 6) if not pips >> p & 1)
    best = max((hs[a] >= 2) + (hs[b] >= 2) + (hs[c] >= 2) for a, b, c in LINES)
    lacking = tuple(m for m in MATERIALS if not mats >> m & 1)
    return {
        "leuchtturm": (top >= 5, top, min(top, 5)),
        "strandtreppe": (not missing, 0, missing),
        "muschelkrone": (shells >= 3, shells, min(shells, 3)),
        "burgmauer": (best == 3, 0, best),
        "strandgut": (not lacking, 0, lacking),
    }


def shown(facts: tuple[bool, int, Any]) -> tuple[Any, ...]:
    """What of a prize's facts its text shows: equal exactly when the two texts are equal."""
    return (True,) if facts[0] else (False, facts[2])


@lru_cache(maxsize=2048)
def prize_msg(key: str, facts: tuple[bool, int, Any]) -> Text:
    """A prize's progress as a text: "Leuchtturm: höchster Stapel 3/5", "Strandgut: erfüllt".

    Remembered by its facts (the previews ask for the same few for every die and field), so the same
    text object is handed out again: never change one."""
    done, _value, progress = facts
    if done:
        msg = tx("erfüllt")
    elif key == "leuchtturm":
        msg = tx("höchster Stapel %(n)s/5", n=progress)
    elif key == "strandtreppe":
        msg = _listing(list(progress))
    elif key == "muschelkrone":
        msg = tx("%(n)s/3 Muscheln obenauf", n=progress)
    elif key == "burgmauer":
        msg = tx("beste Reihe %(n)s/3 Stapel ab Höhe 2", n=progress)
    else:
        msg = _listing([tx(MATERIAL_NAMES[m]) for m in progress])
    return join(": ", [PRIZE_NAMES[key], msg])


def pennant_counts(castle: Castle, wimpel: list[int]) -> list[int]:
    """Built dice of the first and of the second pennant's material."""
    return [sum(1 for st in castle for d in st if material(d[0]) == m) for m in wimpel]


def tie_key(castle: Castle, wimpel: list[int], position: int) -> tuple[int, int, int]:
    """The rule text's tie-break: 1st pennant, 2nd pennant, later in this round's order."""
    a, b = pennant_counts(castle, wimpel)
    return (a, b, position)


def tie_reason(winner: int, loser: int, kw: tuple, kl: tuple, wimpel: list[int], measure: str | None = None) -> str:
    """German reason why ``winner`` is ahead of ``loser`` with equal points (``tie_msg`` in German)."""
    return german(tie_msg(winner, loser, kw, kl, wimpel, measure))


def tie_msg(winner: int, loser: int, kw: tuple, kl: tuple, wimpel: list[int], measure: str | None = None) -> Text:
    """The reason why ``winner`` is ahead of ``loser`` with equal points, as a text (seats as tokens).

    ``kw``/``kl`` are the keys compared in order: optional measure, then the tie key.
    """
    w, lo = seat_token(winner), seat_token(loser)
    offset = 0
    if measure is not None:
        if kw[0] != kl[0]:
            return tx("%(w)s vor %(l)s: %(measure)s, %(a)s zu %(b)s.", w=w, l=lo, measure=tx(measure), a=kw[0], b=kl[0])
        offset = 1
    for i in range(2):
        a, b = kw[offset + i], kl[offset + i]
        if a != b:
            name = tx(MATERIAL_NAMES[wimpel[i]])
            return tx(
                "%(w)s vor %(l)s: mehr Würfel aus %(material)s (%(i)s. Wimpel), %(a)s zu %(b)s.",
                w=w,
                l=lo,
                material=name,
                i=i + 1,
                a=a,
                b=b,
            )
    return tx(
        "%(w)s vor %(l)s: gleich viele Würfel in beiden Wimpel-Materialien, %(w)s war in dieser Runde später dran.",
        w=w,
        l=lo,
    )


def castle_row(castle: Castle, targets: tuple[int, ...] | list[int], seat: int) -> JSON:
    """One castle's round points with every step."""
    hit = sketch_hit(castle, targets)
    mats = material_points(castle)
    total = (SKETCH_BONUS if hit else 0) + sum(mats)
    steps = []
    if hit:
        steps.append({"key": "skizze", "label": N_("Skizze getroffen"), "punkte": SKETCH_BONUS})
    else:
        steps.append({"key": "skizze", "label": N_("Skizze nicht getroffen"), "punkte": 0})
    for m in MATERIALS:
        steps.append({"key": MATERIAL_KEYS[m], "label": MATERIAL_NAMES[m], "punkte": mats[m]})
    parts = ", ".join(f"{s['label']} {s['punkte']}" for s in steps)
    return {
        "seat": seat,
        "skizze_getroffen": hit,
        "posten": steps,
        "summe": total,
        "text": f"{seat_token(seat)}: {parts} = {total}",
        "wuerfel": die_details(castle, targets),
        "preise": prize_progress(castle),
    }


def round_board(
    *,
    castles: list[Castle],
    targets: list[tuple[int, ...] | list[int]],
    sketches: list[int],
    wimpel: list[int],
    order: list[int],
    runde: int,
) -> JSON:
    """The Wertungstafel of a round: castles, ranking with tie-breaks, shovels, prizes, Siegpunkte."""
    n = len(castles)
    solo = n == 1
    position = {seat: i for i, seat in enumerate(order)}
    rows = [castle_row(castles[s], targets[s], s) for s in range(n)]
    for s in range(n):
        rows[s]["skizze"] = sketches[s]
        rows[s]["wimpel"] = pennant_counts(castles[s], wimpel)
    keys = {s: (rows[s]["summe"], *tie_key(castles[s], wimpel, position[s])) for s in range(n)}
    ranking = sorted(range(n), key=lambda s: keys[s], reverse=True)
    rank_rows = []
    for i, s in enumerate(ranking):
        entry: JSON = {"seat": s, "platz": i + 1, "punkte": rows[s]["summe"], "gleichstand": None}
        if i > 0 and rows[ranking[i - 1]]["summe"] == rows[s]["summe"]:
            prev = ranking[i - 1]
            entry["gleichstand_msg"] = tie_msg(prev, s, keys[prev][1:], keys[s][1:], wimpel)
            entry["gleichstand"] = german(entry["gleichstand_msg"])
        rank_rows.append(entry)
    sp = [0] * n
    shovels = []
    for i in range(SHOVEL_COUNT[n]):
        key, name, value = SHOVELS[i]
        seat = ranking[i]
        sp[seat] += value
        shovels.append({"schaufel": key, "name": name, "seat": seat, "sp": value})
    prizes = []
    for key, name, condition in PRIZES:
        qualified = [s for s in range(n) if rows[s]["preise"][key]["erfuellt"]]
        measure = {"leuchtturm": N_("höherer Stapel"), "muschelkrone": N_("mehr Muscheln obenauf")}.get(key)
        entry = {"preis": key, "name": name, "bedingung": condition, "seat": None, "erfuellt": qualified}
        entry["gruende"] = []
        if qualified:

            def pkey(s: int, _key: str = key, _measure: str | None = measure) -> tuple:
                base = tie_key(castles[s], wimpel, position[s])
                return ((rows[s]["preise"][_key]["wert"],) + base) if _measure else base

            best = max(qualified, key=pkey)
            entry["seat"] = best
            entry["gruende_msg"] = [
                tie_msg(best, other, pkey(best), pkey(other), wimpel, measure)
                for other in sorted(qualified, key=pkey, reverse=True)
                if other != best
            ]
            entry["gruende"] = [german(m) for m in entry["gruende_msg"]]
            if not solo:
                sp[best] += PRIZE_SP
        prizes.append(entry)
    board: JSON = {
        "runde": runde,
        "wimpel": list(wimpel),
        "reihenfolge": list(order),
        "burgen": rows,
        "rangfolge": rank_rows,
        "schaufeln": shovels,
        "preise": prizes,
        "siegpunkte": sp,
        "solo": solo,
    }
    if solo:
        won = sum(1 for p in prizes if p["seat"] == 0)
        board["rekordpunkte"] = rows[0]["summe"] + SOLO_PRIZE_POINTS * won
    return board
