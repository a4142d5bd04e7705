"""Texts of the engines and computers (``games.core.text``) in the active language."""

from __future__ import annotations

from typing import Any

from django.utils import formats, translation

from games.core.text import Text, german, render


def _number(x: float) -> str:
    return formats.number_format(x, 1)


def _possessive(name: str) -> str:
    return translation.pgettext("genitive of a name", "%(name)s") % {"name": name}


def say(text: Text) -> str:
    """``text`` in the active language. German is the language the texts are written in; any other
    translates each message. A plain ``str`` at the top is tried as a msgid (events stored before
    they carried a ``msg``, constant messages); strings inside a message are names and stay."""
    language = translation.get_language() or "de"
    if language.startswith("de"):
        return german(text)
    if isinstance(text, str):
        return translation.gettext(text) if text else text
    return render(text, translation.gettext, translation.ngettext, _number, _possessive)


def say_event(event: dict[str, Any]) -> str:
    """What an event says, in the active language (its ``msg``, else its German ``text``)."""
    if "text" in event and (translation.get_language() or "de").startswith("de"):
        return event["text"] or ""  # German: the wording the event was stored with
    return say(event.get("msg") or event.get("text") or "")


def say_error(error: Exception) -> str:
    """An error's message for the player in the active language (``IllegalAction``, ``TalerError`` …:
    the text it was made from, else its German message looked up as a msgid)."""
    message = getattr(error, "message", None) or str(error)
    return say(getattr(message, "msg", None) or message)
