"""The view settings of a table page's gear menu (Ansicht): validation and storage on the account.

Shared for every game: sound on/off, the music piece ("aus" or a piece the page offers), the colour scheme
(automatisch/hell/dunkel), the mute button and, per game, its own design. Accounts know nothing of the
games, so a game is only a short key (the page's prefix) and pieces/designs are short words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext

from accounts.models import User

THEMES = ("auto", "hell", "dunkel")
_WORD = re.compile(r"^[a-z][a-z0-9-]{0,23}$")
_GAME = re.compile(r"^[a-z]{2,12}$")
MAX_GAMES = 20
MUTED = "stumm"  # the key of the mute button's state in ``view_prefs``


class BadViewSettings(ValueError):
    """Bad input; the message is German and shown to the player."""


@dataclass(frozen=True)
class ViewSettings:
    sound: bool
    music: str
    theme: str
    muted: bool
    game: str
    design: str


def _flag(data: dict[str, str], key: str) -> bool:
    value = data.get(key, "")
    if value not in ("0", "1"):
        raise BadViewSettings(gettext("„%(key)s“ muss 0 oder 1 sein.") % {"key": key})
    return value == "1"


def clean(data: dict[str, str]) -> ViewSettings:
    """The settings from a POST (strings), or BadViewSettings with a German message."""
    theme = data.get("theme", "")
    if theme not in THEMES:
        raise BadViewSettings(gettext("Unbekanntes Farbschema: erlaubt sind automatisch, hell und dunkel."))
    game = data.get("game", "")
    if not _GAME.match(game) or game == MUTED:
        raise BadViewSettings(gettext("Unbekanntes Spiel."))
    music = data.get("music", "aus")
    if not _WORD.match(music):
        raise BadViewSettings(gettext("Unbekanntes Musikstück."))
    design = data.get("design", "")
    if design and not _WORD.match(design):
        raise BadViewSettings("Unbekanntes Design.")
    return ViewSettings(
        sound=_flag(data, "sound"), music=music, theme=theme, muted=_flag(data, "muted"), game=game, design=design
    )


def save(user: User, settings: ViewSettings) -> None:
    """Store the settings on the account: the shared ones in the fields, the game's own in ``view_prefs``."""
    prefs = dict(user.view_prefs or {})
    games = {key for key, value in prefs.items() if isinstance(value, dict)}
    if settings.game not in games and len(games) >= MAX_GAMES:
        raise BadViewSettings("Zu viele Spiele gespeichert.")
    prefs[settings.game] = {"music": settings.music, "design": settings.design}
    prefs[MUTED] = settings.muted
    user.sound = settings.sound
    user.music = settings.music != "aus"
    user.theme = settings.theme
    user.view_prefs = prefs
    user.save(update_fields=["sound", "music", "theme", "view_prefs"])


def for_page(user: User, game: str) -> dict[str, object]:
    """What a table page of ``game`` starts with for this account (the gear menu's initial state)."""
    prefs = user.view_prefs or {}
    own = prefs.get(game) if isinstance(prefs.get(game), dict) else {}
    return {
        "sound": bool(user.sound),
        # Music turned on in the profile but no piece chosen at this game yet: "an" = the game's first piece.
        "music": own.get("music", "an") if user.music else "aus",
        "theme": user.theme,
        "muted": bool(prefs.get(MUTED, False)),
        "design": own.get("design", ""),
    }
