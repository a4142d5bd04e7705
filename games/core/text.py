"""Texts of the engines and computers as plain data, translated when a page shows them (Django-free).

An engine or a bot cannot call Django's gettext, and what it writes is stored (events, the last
action of a seat, a computer's reason) and shown later to viewers of different languages. So it
writes a *text*: either a plain ``str`` (shown as it is: names, numbers) or a small dict that
names a German message and its arguments:

- ``tx("%(name)s klebt %(group)s.", name=..., group=...)``: a message; the German template is the
  gettext msgid, arguments are texts themselves (``str``, ``int``, ``float``, dicts);
- ``ntx("%(n)d Karte", "%(n)d Karten", n)``: a message with a plural (``n`` is an argument too);
- ``join(", ", [...])``: texts one after the other with a separator;
- ``and_list([...])``: "A, B und C";
- ``fixed(2.5)``: a number with one decimal ("2,5" in German, "2.5" in English);
- ``genitive("Paul")``: "Pauls" in German, "Paul’s" in English.

``N_("…")`` only marks a constant German message for the catalogue (gettext_noop); it is
translated where it is shown (IllegalAction messages, labels in tables of constants).

``german(text)`` renders a text in German without Django (events keep it as their ``text``);
``games.core.translate.say`` renders it in the active language. ``tx`` and ``ntx`` are keywords
of ``manage.py makemessages`` (docs/i18n.md), so every template lands in the catalogue.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable
from typing import Any

Text = Any  # str | int | float | dict (see the module docstring)


def tx(template: str, **args: Text) -> dict[str, Any]:
    """A German message (a gettext msgid) and its arguments."""
    return {"t": template, "a": args} if args else {"t": template}


def ntx(singular: str, plural: str, n: int, **args: Text) -> dict[str, Any]:
    """A German message with a plural form, chosen by ``n`` (also given as the argument ``n``)."""
    return {"t": singular, "p": plural, "n": n, "a": {"n": n, **args}}


def join(separator: str, items: Iterable[Text]) -> dict[str, Any]:
    """Texts one after the other (the separator is not translated: punctuation only)."""
    return {"j": separator, "i": list(items)}


def and_list(items: Iterable[Text]) -> Text:
    """ "A", "A und B", "A, B und C"."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return tx("%(first)s und %(last)s", first=join(", ", items[:-1]), last=items[-1])


def N_(message: str) -> str:  # noqa: N802 (the usual gettext_noop name)
    """Marks a constant German message for the catalogue; returns it unchanged."""
    return message


def genitive(name: str) -> dict[str, Any]:
    """A name in the possessive: "Pauls", "Hans’", in English "Paul’s"."""
    return {"g": name}


def german_genitive(name: str) -> str:
    return name + ("’" if name and name[-1].lower() in "sßxz" else "s")


def fixed(x: float) -> dict[str, Any]:
    """A number with one decimal."""
    return {"f": round(float(x), 1)}


def decimal(x: float) -> str:
    """One decimal with a German comma: 2.5 -> "2,5"."""
    return f"{x:.1f}".replace(".", ",")


def is_text(value: Any) -> bool:
    return isinstance(value, dict) and not {"t", "j", "f", "g"}.isdisjoint(value)


def render(
    text: Text,
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    number: Callable[[float], str],
    possessive: Callable[[str], str] = german_genitive,
) -> str:
    """``text`` as a string, with the given translation functions."""
    if isinstance(text, str):
        return text
    if isinstance(text, dict):
        if "j" in text:
            return text["j"].join(render(item, gettext, ngettext, number, possessive) for item in text["i"])
        if "f" in text:
            return number(text["f"])
        if "g" in text:
            return possessive(text["g"])
        if "t" in text:
            template = ngettext(text["t"], text["p"], text["n"]) if "p" in text else gettext(text["t"])
            args = text.get("a")
            if not args:
                return template
            return template % {
                key: value if isinstance(value, int) else render(value, gettext, ngettext, number, possessive)
                for key, value in args.items()
            }
    if isinstance(text, float):
        return number(text)
    if text is None:
        return ""
    return str(text)


def _german_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _same(message: str) -> str:
    return message


_GERMAN_SIZE = 8192
_german: dict[bytes, str] = {}


def german(text: Text) -> str:
    """The German wording of a text (no translation), remembered per text: the same few messages are
    written again and again (a Speedburg preview compares every prize's progress for every die and
    field). The key is the text's marshal bytes, which tell 1 from True and 1.0, as the wording does."""
    if isinstance(text, str):
        return text
    try:
        key = marshal.dumps(text, 2)
    except ValueError:  # not plain data: written as it is, not remembered
        return render(text, _same, _german_plural, decimal)
    found = _german.get(key)
    if found is None:
        found = render(text, _same, _german_plural, decimal)
        if len(_german) >= _GERMAN_SIZE:
            _german.clear()
        _german[key] = found
    return found


def said(text: Text) -> dict[str, Any]:
    """The keys of an event that says ``text``: ``text`` (German, as before) and ``msg`` (to translate)."""
    return {"text": german(text), "msg": text} if isinstance(text, dict) else {"text": text}
