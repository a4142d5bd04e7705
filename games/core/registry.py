"""Which games exist: slug -> engine module and bots module (Django-free).

A game package ``games/<slug>/`` provides ``engine.py`` (the protocol in
``games.core.protocol``) and ``bots.py`` (``BOTS = {level: choose}``).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

# Order is the order games are shown on the site.
GAME_PACKAGES: dict[str, str] = {
    "kleister": "games.kleister",
    "neon": "games.neon",
}


class UnknownGame(LookupError):
    pass


def slugs() -> list[str]:
    return list(GAME_PACKAGES)


@cache
def engine(slug: str) -> ModuleType:
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    return importlib.import_module(f"{GAME_PACKAGES[slug]}.engine")


@cache
def bots(slug: str) -> ModuleType:
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    return importlib.import_module(f"{GAME_PACKAGES[slug]}.bots")


@cache
def content(slug: str) -> ModuleType:
    """The game's content module: names, texts and data besides the rules."""
    if slug not in GAME_PACKAGES:
        raise UnknownGame(slug)
    return importlib.import_module(f"{GAME_PACKAGES[slug]}.content")
