"""Texts of the engines and computers (``games.core.text``) in the active language."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from django.utils import formats, translation

from games.core.text import Text, german, render

_here = threading.local()


@contextmanager
def rendering_in(language: str) -> Iterator[None]:
    """While a table's fragments are built on this thread, the texts below use ``language`` without
    asking Django for the active language on every call (an asgiref ``Local`` lookup each time: it
    cost a Speedneon move several milliseconds). The runtime wraps its fragment building in this."""
    outer = getattr(_here, "language", None)
    _here.language = language
    try:
        yield
    finally:
        _here.language = outer


def active_language() -> str:
    return getattr(_here, "language", None) or translation.get_language() or "de"


@lru_cache(maxsize=16384)
def _gettext_in(language: str, message: str) -> str:
    return translation.trans_real.translation(language).gettext(message)


@lru_cache(maxsize=16384)
def _ngettext_in(language: str, singular: str, plural: str, n: int) -> str:
    return translation.trans_real.translation(language).ngettext(singular, plural, n)


def gettext(message: str) -> str:
    """Django's gettext in the active language, remembered per language (hot fragment code)."""
    return _gettext_in(active_language(), message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Django's ngettext in the active language, remembered per language (hot fragment code)."""
    return _ngettext_in(active_language(), singular, plural, n)


def _number(x: float) -> str:
    return formats.number_format(x, 1)


def _possessive(name: str) -> str:
    return translation.pgettext("genitive of a name", "%(name)s") % {"name": name}


def say(text: Text) -> str:
    """``text`` in the active language. German is the language the texts are written in; any other
    translates each message. A plain ``str`` at the top is tried as a msgid (events stored before
    they carried a ``msg``, constant messages); strings inside a message are names and stay."""
    language = active_language()
    if language.startswith("de"):
        return german(text)
    if isinstance(text, str):
        return gettext(text) if text else text
    return render(text, gettext, ngettext, _number, _possessive)


def say_event(event: dict[str, Any]) -> str:
    """What an event says, in the active language (its ``msg``, else its German ``text``)."""
    if "text" in event and active_language().startswith("de"):
        return event["text"] or ""  # German: the wording the event was stored with
    return say(event.get("msg") or event.get("text") or "")


def say_error(error: Exception) -> str:
    """An error's message for the player in the active language (``IllegalAction``, ``TalerError`` …:
    the text it was made from, else its German message looked up as a msgid)."""
    message = getattr(error, "message", None) or str(error)
    return say(getattr(message, "msg", None) or message)
