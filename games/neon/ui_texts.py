"""Speedneon's table texts: the status line, the step prompt, counts, and every info window's text.

Plain functions of a view (or of its parts), so the fragments (games/neon/ui.py) can put finished
texts into their data; the pure ones are remembered, as the same window or tube comes up again and again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import ngettext

from games.core.fragments import FragmentContext
from games.neon.content import COLOUR_NAMES, COLOURS, TOOLS, die_text, window_text

JSON = dict[str, Any]

#: Events of the engine (a seat's event text is a predicate after the player's name).
ENGINE_EVENTS = frozenset(
    {
        "fassade", "fassaden", "runde", "setzen", "passen", "aussetzen", "werkzeug", "strom", "preis",
        "dimmer", "umpolen", "wackelkontakt", "roehrenwechsel", "lagerkiste", "stromausfall",
        "doppelschicht", "umhaengen", "abbrechen", "zurueck", "stromzaehler", "ende",
    }
)  # fmt: skip
OPPOSITE = {"1": "6", "2": "5", "3": "4", "4": "3", "5": "2", "6": "1"}


def seat_name(ctx: FragmentContext, seat: int) -> str:
    return "Du" if seat == ctx.seat else ctx.names[seat]


def status_text(ctx: FragmentContext) -> tuple[str, bool]:
    """What is happening now, for the status line; and whether a computer is thinking.

    Only the seat to move reads a text of its own; every other viewer reads the same one.
    """
    view, names = ctx.view, ctx.names
    players = ctx.snap.players
    if view["phase"] == "ende":
        return "Die Partie ist vorbei.", False
    if view["phase"] == "wahl":
        waiting = [s for s in view["to_move"] if s != ctx.seat]
        thinking = any(players[s].get("bot") for s in waiting)
        if ctx.seat is not None and ctx.seat in view["to_move"]:
            return "Wähle deine Fassade.", thinking
        if waiting:
            return "Warte auf die Fassadenwahl: " + ", ".join(names[s] for s in waiting) + ".", thinking
        return "Die Fassaden sind gewählt.", False
    cur = view["am_zug"]
    turn = "2. Zug" if view["zweiter_zug"] else "1. Zug"
    head = f"Runde {view['runde']}/{view['runden']} · "
    if cur == ctx.seat:
        return head + f"Du bist dran ({turn}).", False
    if players[cur].get("bot"):
        return head + f"{names[cur]} überlegt … ({turn})", True
    return head + f"{names[cur]} ist dran ({turn}).", False


def prompt(view: JSON, turn: JSON) -> str:
    """The step panel's instruction for the seat to move (server side of the tool walk-through)."""
    z = view["zugstatus"]
    pending = z["offen"]
    hand = z["hand"]
    if pending is not None:
        tool = pending["tool"]
        name = TOOLS[tool].name
        if tool == "dimmer":
            return f"Dimmer: {die_text(hand)} heller oder dunkler machen?"
        if tool == "lagerkiste":
            return f"Lagerkiste: Tippe die Röhre auf dem Stromzähler, die du gegen {die_text(hand)} tauschst."
        if tool == "verlaengerungskabel":
            return f"Verlängerungskabel: Tippe ein leuchtendes Fenster ohne Nachbarn für {die_text(hand)}."
        if tool == "roehrenwechsel":
            return (
                f"Röhrenwechsel: Du hast {COLOUR_NAMES[pending['farbe']]} gezogen. Wähle die Helligkeit – "
                "matte Knöpfe passen nirgends (dann geht die Röhre zurück und dein Zug ist vorbei)."
            )
        done = len(pending.get("zuege") or [])
        if tool == "schablone" and done:
            return "Schablone: Noch eine Röhre derselben Farbe umhängen – oder „Fertig“."
        if tool == "hebebuehne" and done:
            return "Hebebühne: Jetzt die zweite Röhre umhängen (eine andere)."
        return f"{name}: Tippe die Röhre an deiner Fassade, die du umhängen willst, dann das Ziel-Fenster."
    if hand is not None:
        if z["muss_setzen"]:
            return f"Häng {die_text(hand)} in ein leuchtendes Fenster – sie muss jetzt angebracht werden."
        return f"Häng {die_text(hand)} in ein leuchtendes Fenster (oder beende den Zug: sie geht zurück)."
    if z["doppelschicht"] and z["gesetzt"] == 1:
        return "Doppelschicht: Häng gleich eine zweite Röhre auf – oder beende den Zug."
    if z["gesetzt"]:
        if turn["tools"]:
            return "Röhre hängt. Ein Werkzeug benutzen – oder den Zug beenden (Enter)."
        return "Röhre hängt. Beende den Zug (Enter)."
    if turn["dice"]:
        return "Röhre antippen (oder Taste 1–9), dann ein leuchtendes Fenster – oder die Röhre hinziehen."
    return "Keine Röhre passt. Ein Werkzeug benutzen – oder passen (Enter)."


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    text = event.get("text", "")
    if event.get("type") in ENGINE_EVENTS and seat is not None and 0 <= seat < len(names):
        return {"who": names[seat], "text": text, "seat": seat, "type": event.get("type")}
    return {"who": None, "text": text, "seat": seat, "type": event.get("type")}


def count_text(n: int, singular: str, plural: str) -> str:
    """ "1 Röhre", "2 Röhren": every count on the page goes through ngettext."""
    return ngettext(f"%(n)d {singular}", f"%(n)d {plural}", n) % {"n": n}


@lru_cache(maxsize=8192)
def window_label(req: str | None, die: str | None, cell: int) -> str:
    parts = [window_text(cell)]
    if req is not None:
        parts.append(f"verlangt {COLOUR_NAMES[req]}" if req in COLOURS else f"verlangt Helligkeit {req}")
    parts.append(die_text(die) if die else "dunkel")
    return ": ".join([parts[0], ", ".join(parts[1:])])


@lru_cache(maxsize=4096)
def tube_info(die: str, left: int | None, fits: int | None) -> str:
    colour = die[0]
    lines = [die_text(die), f"Helligkeit {die[1]} (Gegenseite {OPPOSITE[die[1]]})"]
    if left is not None:
        name = COLOUR_NAMES[colour]
        lines.append(f"In der Kiste noch {count_text(left, name + '-Röhre', name + '-Röhren')}")
    if fits is not None:
        lines.append(f"passt in {count_text(fits, 'Fenster', 'Fenster')}" if fits else "passt gerade nirgends")
    return "\n".join(lines)


def die_info(view: JSON, die: str, windows: list[int] | None = None) -> str:
    """The info window of a Neonröhre: colour and brightness, what is left in the Kiste, where it fits."""
    left = (view.get("kiste") or {}).get(die[0])
    return tube_info(die, left, None if windows is None else len(windows))


def facade_info(facade: JSON, fenster: list[str | None] | None) -> str:
    """The info window of a facade's sign: name, difficulty (= Strom), requirements, how lit it is."""
    rules = sum(1 for v in facade["vorgaben"] if v)
    lines = [
        facade["name"],
        f"Schwierigkeit {facade['schwierigkeit']} – zugleich {facade['schwierigkeit']} Strom zu Beginn",
        count_text(rules, "Fenster verlangt", "Fenster verlangen") + " eine Farbe oder Helligkeit",
    ]
    if fenster is not None:
        hung = sum(1 for d in fenster if d)
        lines.append(f"{hung}/20 Röhren · {count_text(20 - hung, 'dunkles Fenster', 'dunkle Fenster')}")
    return "\n".join(lines)


def rival_info(row: JSON, solo: bool) -> str:
    """The info window of a rival: Strom, Röhren, facade, last action; the secret colour stays hidden."""
    lines = [row["name"] + (" (Computer)" if row["bot"] else "")]
    facts = [f"{row['hung']}/20 Röhren"]
    if not solo:
        facts.insert(0, f"{row['strom']} Strom")
    lines.append(" · ".join(facts))
    if row["fassade"]:
        lines.append(f"Fassade: {row['fassade']['name']} (Schwierigkeit {row['fassade']['schwierigkeit']})")
    lines.append("Geheimfarbe: verdeckt")
    if row["letzte"]:
        lines.append(f"zuletzt: {row['letzte']}")
    return "\n".join(lines)


def chips(colours: list[str] | None) -> list[tuple[str, str]] | None:
    """Secret colours as (letter, German name); None while they are hidden."""
    return None if colours is None else [(c, COLOUR_NAMES[c]) for c in colours]
