"""The bot interface shared by all games.

A bot is a function ``choose(view, legal, rng, *, budget) -> Choice``. It gets
exactly what the seat it plays may know (the engine's ``view`` for that seat)
and the legal actions of that seat, never the full state: "Der Computer sieht
nie mehr als du."  ``budget`` is what a searching bot may spend (a
``games.core.search.Budget``: seconds or playouts; a bots module whose ``stark``
takes one says ``TIMED_SEARCH = True``); simple bots ignore it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.text import Text, german

LEVELS = ("leicht", "normal", "stark")
# How fast computers move at a table (the runtime turns these into delays).
TEMPOS = ("normal", "schnell", "turbo")
LEVEL_LABELS = {"leicht": "leicht", "normal": "normal", "stark": "stark"}


@dataclass(frozen=True)
class Choice:
    """A bot's decision with a short German reason (for the log and for "Rat").

    ``playouts``: how many games a searching bot played out in its head for it (0: no search).
    The reason may be given as a text (``games.core.text``): ``reason`` is then its German
    wording and ``msg`` the text, which a page translates (``games.core.translate.say``).
    """

    action: dict[str, Any]
    reason: str
    playouts: int = 0
    msg: Text = None

    def __post_init__(self) -> None:
        if not isinstance(self.reason, str):
            object.__setattr__(self, "msg", self.reason)
            object.__setattr__(self, "reason", german(self.reason))

    @property
    def text(self) -> Text:
        """The reason to show (translatable when the bot gave a text)."""
        return self.msg if self.msg is not None else self.reason


BotFn = Callable[..., Choice]


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; expected one of {LEVELS}")
    return level
