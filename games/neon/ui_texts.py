"""Speedneon's table texts: the status line, the step prompt, counts, and every info window's text.

Plain functions of a view (or of its parts), so the fragments (games/neon/ui.py) can put finished
texts into their data; the pure ones are remembered, as the same window or tube comes up again and again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core.fragments import FragmentContext
from games.core.translate import active_language as get_language
from games.core.translate import gettext, ngettext, say, say_event
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
    return gettext("Du") if seat == ctx.seat else ctx.names[seat]


def die_name(die: str) -> str:
    """A die's name in the active language: "Pink 5", "Gelb 3" / "Yellow 3"."""
    return _die_name(die, get_language())


@lru_cache(maxsize=1024)
def _die_name(die: str, language: str) -> str:
    return say(die_text(die))


def colour_name(colour: str) -> str:
    return gettext(COLOUR_NAMES[colour])


def status_text(ctx: FragmentContext) -> tuple[str, bool]:
    """What is happening now, for the status line; and whether a computer is thinking.

    Only the seat to move reads a text of its own; every other viewer reads the same one.
    """
    view, names = ctx.view, ctx.names
    players = ctx.snap.players
    if view["phase"] == "ende":
        return gettext("Die Partie ist vorbei."), False
    if view["phase"] == "wahl":
        waiting = [s for s in view["to_move"] if s != ctx.seat]
        thinking = any(players[s].get("bot") for s in waiting)
        if ctx.seat is not None and ctx.seat in view["to_move"]:
            return gettext("Wähle deine Fassade."), thinking
        if waiting:
            names_waiting = ", ".join(names[s] for s in waiting)
            return gettext("Warte auf die Fassadenwahl: %(names)s.") % {"names": names_waiting}, thinking
        return gettext("Die Fassaden sind gewählt."), False
    cur = view["am_zug"]
    turn = gettext("2. Zug") if view["zweiter_zug"] else gettext("1. Zug")
    head = gettext("Runde %(round)s/%(rounds)s") % {"round": view["runde"], "rounds": view["runden"]} + " · "
    if cur == ctx.seat:
        return head + gettext("Du bist dran (%(turn)s).") % {"turn": turn}, False
    if players[cur].get("bot"):
        return head + gettext("%(name)s überlegt … (%(turn)s)") % {"name": names[cur], "turn": turn}, True
    return head + gettext("%(name)s ist dran (%(turn)s).") % {"name": names[cur], "turn": turn}, False


def prompt(view: JSON, turn: JSON) -> str:
    """The step panel's instruction for the seat to move (server side of the tool walk-through)."""
    z = view["zugstatus"]
    pending = z["offen"]
    hand = z["hand"]
    if pending is not None:
        tool = pending["tool"]
        name = TOOLS[tool].name
        if tool == "dimmer":
            return gettext("Dimmer: %(die)s heller oder dunkler machen?") % {"die": die_name(hand)}
        if tool == "lagerkiste":
            return gettext("Lagerkiste: Tippe die Röhre auf dem Stromzähler, die du gegen %(die)s tauschst.") % {
                "die": die_name(hand)
            }
        if tool == "verlaengerungskabel":
            return gettext("Verlängerungskabel: Tippe ein leuchtendes Fenster ohne Nachbarn für %(die)s.") % {
                "die": die_name(hand)
            }
        if tool == "roehrenwechsel":
            return gettext(
                "Röhrenwechsel: Du hast %(colour)s gezogen. Wähle die Helligkeit – "
                "matte Knöpfe passen nirgends (dann geht die Röhre zurück und dein Zug ist vorbei)."
            ) % {"colour": colour_name(pending["farbe"])}
        done = len(pending.get("zuege") or [])
        if tool == "schablone" and done:
            return gettext("Schablone: Noch eine Röhre derselben Farbe umhängen – oder „Fertig“.")
        if tool == "hebebuehne" and done:
            return gettext("Hebebühne: Jetzt die zweite Röhre umhängen (eine andere).")
        return gettext(
            "%(tool)s: Tippe die Röhre an deiner Fassade, die du umhängen willst, dann das Ziel-Fenster."
        ) % {"tool": name}
    if hand is not None:
        if z["muss_setzen"]:
            return gettext("Häng %(die)s in ein leuchtendes Fenster – sie muss jetzt angebracht werden.") % {
                "die": die_name(hand)
            }
        return gettext("Häng %(die)s in ein leuchtendes Fenster (oder beende den Zug: sie geht zurück).") % {
            "die": die_name(hand)
        }
    if z["doppelschicht"] and z["gesetzt"] == 1:
        return gettext("Doppelschicht: Häng gleich eine zweite Röhre auf – oder beende den Zug.")
    if z["gesetzt"]:
        if turn["tools"]:
            return gettext("Röhre hängt. Ein Werkzeug benutzen – oder den Zug beenden (Enter).")
        return gettext("Röhre hängt. Beende den Zug (Enter).")
    if turn["dice"]:
        return gettext("Röhre antippen (oder Taste 1–9), dann ein leuchtendes Fenster – oder die Röhre hinziehen.")
    return gettext("Keine Röhre passt. Ein Werkzeug benutzen – oder passen (Enter).")


def event_line(event: JSON, names: list[str]) -> JSON:
    seat = event.get("seat")
    text = say_event(event)
    if event.get("type") in ENGINE_EVENTS and seat is not None and 0 <= seat < len(names):
        return {"who": names[seat], "text": text, "seat": seat, "type": event.get("type")}
    return {"who": None, "text": text, "seat": seat, "type": event.get("type")}


#: Counted words: "1 Punkt", "2 Punkte" (every count on the page goes through ngettext).
COUNTS = {
    "punkt": lambda n: ngettext("%(n)d Punkt", "%(n)d Punkte", n),
    "werkzeug": lambda n: ngettext("%(n)d Werkzeug", "%(n)d Werkzeuge", n),
    "fenster": lambda n: ngettext("%(n)d Fenster", "%(n)d Fenster", n),
    "dunkel": lambda n: ngettext("%(n)d dunkles Fenster", "%(n)d dunkle Fenster", n),
}


def count_text(n: int, word: str) -> str:
    """ "1 Punkt", "2 Punkte" (``word``: a key of ``COUNTS``)."""
    return COUNTS[word](n) % {"n": n}


def window_label(req: str | None, die: str | None, cell: int) -> str:
    return _window_label(req, die, cell, get_language())


@lru_cache(maxsize=8192)
def _window_label(req: str | None, die: str | None, cell: int, language: str) -> str:
    parts = [say(window_text(cell))]
    if req is not None:
        if req in COLOURS:
            parts.append(gettext("verlangt %(colour)s") % {"colour": colour_name(req)})
        else:
            parts.append(gettext("verlangt Helligkeit %(value)s") % {"value": req})
    parts.append(die_name(die) if die else gettext("dunkel"))
    return ": ".join([parts[0], ", ".join(parts[1:])])


def tube_info(die: str, left: int | None, fits: int | None) -> str:
    return _tube_info(die, left, fits, get_language())


@lru_cache(maxsize=4096)
def _tube_info(die: str, left: int | None, fits: int | None, language: str) -> str:
    colour = die[0]
    lines = [
        die_name(die),
        gettext("Helligkeit %(value)s (Gegenseite %(opposite)s)") % {"value": die[1], "opposite": OPPOSITE[die[1]]},
    ]
    if left is not None:
        lines.append(
            ngettext("In der Kiste noch %(n)d %(colour)s-Röhre", "In der Kiste noch %(n)d %(colour)s-Röhren", left)
            % {"n": left, "colour": colour_name(colour)}
        )
    if fits is not None:
        lines.append(
            gettext("passt in %(windows)s") % {"windows": count_text(fits, "fenster")}
            if fits
            else gettext("passt gerade nirgends")
        )
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
        gettext("Schwierigkeit %(n)s – zugleich %(n)s Strom zu Beginn") % {"n": facade["schwierigkeit"]},
        ngettext(
            "%(n)d Fenster verlangt eine Farbe oder Helligkeit",
            "%(n)d Fenster verlangen eine Farbe oder Helligkeit",
            rules,
        )
        % {"n": rules},
    ]
    if fenster is not None:
        hung = sum(1 for d in fenster if d)
        lines.append(gettext("%(hung)s/20 Röhren · %(dark)s") % {"hung": hung, "dark": count_text(20 - hung, "dunkel")})
    return "\n".join(lines)


def rival_info(row: JSON, solo: bool) -> str:
    """The info window of a rival: Strom, Röhren, facade, last action; the secret colour stays hidden."""
    lines = [row["name"] + (" (" + gettext("Computer") + ")" if row["bot"] else "")]
    facts = [gettext("%(hung)s/20 Röhren") % {"hung": row["hung"]}]
    if not solo:
        facts.insert(0, gettext("%(n)s Strom") % {"n": row["strom"]})
    lines.append(" · ".join(facts))
    if row["fassade"]:
        lines.append(
            gettext("Fassade: %(name)s (Schwierigkeit %(n)s)")
            % {"name": row["fassade"]["name"], "n": row["fassade"]["schwierigkeit"]}
        )
    lines.append(gettext("Geheimfarbe: verdeckt"))
    if row["letzte"]:
        lines.append(gettext("zuletzt: %(last)s") % {"last": say(row["letzte"])})
    return "\n".join(lines)


def chips(colours: list[str] | None) -> list[tuple[str, str]] | None:
    """Secret colours as (letter, name); None while they are hidden."""
    return None if colours is None else [(c, colour_name(c)) for c in colours]
