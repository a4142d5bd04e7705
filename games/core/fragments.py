"""Fragment helpers shared by the games' ``ui`` modules.

A game's ``ui`` module (``games/<slug>/ui.py``) turns views into fragments:
``public_fragments(ctx)`` are the same for every seat, ``private_fragments(ctx)``
belong to one seat. Each fragment is an HTML element with a stable id; sent over
the websocket they carry ``hx-swap-oob`` so htmx swaps each one in place. Which
fragments are rendered when, and for whom, is the table runtime's business
(``lobby.runtime.rendering``).

A fragment is either ready HTML (a ``str``) or, better, a :class:`Fragment`: a
template and its whole input as plain data. The runtime then renders each
distinct input once per process (:func:`render_fragment`) and a connection
skips a fragment whose input did not change since it last sent it. So a panel
that is the same for several viewers (a rival's column as the others see it)
is rendered once, not once per seat: keep such panels free of anything only
one viewer knows, and put the private bits (marks from the own hand) into
small fragments of their own.

A log is a :class:`LogLines`: its element and each line are rendered (and cached)
on their own, and a connection that already shows the older lines is sent only
the new ones (``lobby.runtime.log_append``).
"""

from __future__ import annotations

import json
import marshal
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from threading import Lock
from typing import Any, ParamSpec, TypeVar

from django.conf import settings
from django.template import engines
from django.utils import translation
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from games.core.translate import active_language, say

_FIRST_TAG = re.compile(r"^\s*<([a-zA-Z][a-zA-Z0-9-]*)")
_EMPTY_ELEMENT = re.compile(r"^\s*(<([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>)\s*(</\2>)\s*$")
_ID = re.compile(r"""\sid=(["'])([^"']+)\1""")


@dataclass(frozen=True)
class TableView:
    """The table facts a game's fragments may use: no state, no seed, no user ids or balances.

    ``players``: per seat ``{"name", "bot", "left", "sammlung", "bestenliste"}`` (``sammlung``: what
    the person has collected at the end of a game, e.g. Speedburg's Skizzenbuch, or None;
    ``bestenliste``: what the game brought them there, ``{"punkte": N}`` or ``{"kurz": seconds}``
    for a game too short to count, or None); ``log``: recent events, oldest first.
    """

    table_id: int
    match_id: int
    number: int
    version: int
    kind: str  # "solo" or "live"
    status: str
    players: list[dict[str, Any]]
    log: list[dict[str, Any]]
    stake: int = 0  # Taler per seat at a live table (0: none)
    rat: bool = False  # the Rat is offered here (free games; not the daily puzzles, not live tables)
    hunt: dict[str, int] | None = None  # a record hunt's Durchgang: {"durchgang", "von", "bisher"} (points before)


@dataclass(frozen=True)
class FragmentContext:
    """What a game's fragments may use: ``snap``, the table facts (a :class:`TableView`), and
    ``view``, the engine's view for ``seat`` (None: a spectator). Nothing else reaches a template.
    """

    snap: TableView
    view: dict[str, Any]
    seat: int | None
    names: list[str]

    @property
    def bestenliste(self) -> dict[str, int] | None:
        """What the finished game brought this seat's person on the Bestenliste (``TableView.players``)."""
        return None if self.seat is None else self.snap.players[self.seat].get("bestenliste")

    @property
    def is_computer_turn(self) -> bool:
        return any(self.snap.players[s].get("bot") for s in self.view.get("to_move", []))


@dataclass(frozen=True, slots=True)
class Fragment:
    """A fragment to render: a Jinja2 template and its whole input.

    ``data`` is plain data only (dicts, lists, tuples, str, int, float, bool, None): no
    functions, no objects. The template may use nothing else, so two equal inputs give the
    same HTML and the runtime renders each distinct input once (:func:`render_fragment`).
    """

    template: str
    data: dict[str, Any]

    def key(self) -> bytes:
        """Template and input as bytes (marshal); ValueError if the input is not plain data.

        The bytes themselves, not a digest of them: a dictionary hashes them and a connection compares
        them in C, and a digest on top cost 3–4 % of rendering's instructions (docs/benchmarks.md,
        session 14). Equal keys mean equal inputs."""
        return marshal.dumps((self.template, self.data), 2)  # version 2: no back-references, so stable bytes


@dataclass(frozen=True, slots=True)
class LogLines:
    """A log: an element whose children are its lines, newest first (the games' ``<ol reversed>``).

    ``template`` with ``data`` renders the element empty (it needs an ``id``); ``line`` renders one
    line (an ``<li>``) with one item of ``lines`` as its whole input. ``lines`` are plain data,
    oldest first, public like every public fragment. Each line is a :class:`Fragment` of its own, so
    it is rendered once, and its key lets a connection send only the lines it has not sent yet.
    """

    template: str
    data: dict[str, Any]
    line: str
    lines: list[dict[str, Any]]

    def key(self) -> bytes:
        """The whole input as bytes, as :meth:`Fragment.key` (what hidden-information tests compare)."""
        return marshal.dumps((self.template, self.data, self.line, self.lines), 2)

    def parts(self) -> list[Fragment]:
        """The element (empty) and each line, oldest first, as fragments."""
        return [Fragment(self.template, self.data), *(Fragment(self.line, item) for item in self.lines)]


@dataclass(frozen=True, slots=True)
class LogKey:
    """The key of a rendered :class:`LogLines`: the element's key and each line's, oldest first.

    It also carries what an append of new lines needs (not compared): the element's tag and id and
    each line's HTML, oldest first.
    """

    element: bytes | str
    lines: tuple[bytes | str, ...]
    tag: str = field(compare=False, repr=False)
    id: str = field(compare=False, repr=False)
    html: tuple[str, ...] = field(compare=False, repr=False)


_rendered: OrderedDict[bytes, str] = OrderedDict()
_rendered_lock = Lock()
RENDER_CACHE_SIZE = 8192


def language() -> str:
    """The active language (the runtime asks once per connection update and passes it on)."""
    return translation.get_language() or settings.LANGUAGE_CODE


def render_fragment(fragment: Fragment | LogLines | str, lang: str | None = None) -> tuple[Any, str]:
    """``(key, html)`` of a fragment in ``lang`` (default: the active language): rendered once per
    distinct input and language in this process.

    Ready HTML is its own key. The key is what a connection compares to skip a fragment it
    already sent. The active language is part of the key: the same input renders German for one
    viewer and English for another (docs/i18n.md). A :class:`LogLines` has a :class:`LogKey`.
    """
    if isinstance(fragment, LogLines):
        return render_log(fragment, lang)
    if isinstance(fragment, str):
        return fragment, fragment
    lang = lang or language()
    key = fragment.key() + lang.encode()
    with _rendered_lock:
        html = _rendered.get(key)
        if html is not None:
            _rendered.move_to_end(key)
            return key, html
    html = render_template(fragment.template, fragment.data, lang)
    with _rendered_lock:
        _rendered[key] = html
        while len(_rendered) > RENDER_CACHE_SIZE:
            _rendered.popitem(last=False)
    return key, html


_lines: dict[tuple[int, str, str], tuple[Any, tuple[Any, str]]] = {}


def render_line(template: str, item: dict[str, Any], lang: str) -> tuple[Any, str]:
    """``(key, html)`` of one log line. A line whose item is the very object of an earlier version's line
    (a game that builds each event's line once, :func:`per_object`) is neither keyed nor looked up again."""
    memo_key = (id(item), template, lang)
    found = _lines.get(memo_key)
    if found is not None and found[0] is item:
        return found[1]
    part = render_fragment(Fragment(template, item), lang)
    if len(_lines) >= RENDER_CACHE_SIZE:
        _lines.clear()
    _lines[memo_key] = (item, part)  # the item is kept, so its id is not reused while it is remembered
    return part


def render_log(log: LogLines, lang: str | None = None) -> tuple[LogKey, str]:
    """``(key, html)`` of a log: the element with its lines inside, newest first."""
    lang = lang or language()
    element_key, element = render_fragment(Fragment(log.template, log.data), lang)
    rendered = [render_line(log.line, item, lang) for item in log.lines]
    match = _EMPTY_ELEMENT.match(element)
    found = _ID.search(match.group(1)) if match else None
    if match is None or found is None:
        raise ValueError(f"{log.template} must render one empty element with an id")
    keys = tuple(key for key, _html in rendered)
    lines = tuple(html for _key, html in rendered)
    html = match.group(1) + "".join(reversed(lines)) + match.group(3)
    return LogKey(element_key, keys, match.group(2), found.group(2), lines), html


def clear_render_cache() -> None:
    """Forget every rendered fragment and remembered data (benchmarks measure a cold render with it)."""
    with _rendered_lock:
        _rendered.clear()
    _lines.clear()
    for memo in _memos:
        memo.clear()


MEMO_SIZE = 4096
_memos: list[dict[bytes, Any]] = []
P = ParamSpec("P")
R = TypeVar("R")


def remembered(build: Callable[P, R]) -> Callable[P, R]:
    """``build`` (a pure function of plain-data arguments that builds a fragment's data) remembered per
    input and active language, as :func:`render_fragment` remembers HTML: a panel whose input did not
    change since the last version (most columns after most moves) is not built again. The answer is
    shared by every caller, so nobody may change it."""
    memo: dict[bytes, Any] = {}
    _memos.append(memo)
    lock = Lock()

    @wraps(build)
    def cached(*args: P.args, **kwargs: P.kwargs) -> R:
        key = marshal.dumps((args, kwargs), 2) + active_language().encode()
        found = memo.get(key)
        if found is None:
            found = build(*args, **kwargs)
            with lock:
                if len(memo) >= MEMO_SIZE:
                    memo.clear()
                memo[key] = found
        return found

    return cached


def per_object(build: Callable[[Any], R]) -> Callable[[Any], R]:
    """``build(item)`` remembered per object and active language: for items that are never changed once
    made and are carried from one version to the next as the same objects (a log's events: the runtime's
    snapshot of a version keeps the previous version's event dicts). A log line built this way is the same
    object every version, so :func:`render_line` skips it too."""
    memo: dict[tuple[int, str], tuple[Any, R]] = {}
    _memos.append(memo)  # type: ignore[arg-type]

    @wraps(build)
    def cached(item: Any) -> R:
        key = (id(item), active_language())
        found = memo.get(key)
        if found is not None and found[0] is item:
            return found[1]
        answer = build(item)
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[key] = (item, answer)  # the item is kept, so its id is not reused while it is remembered
        return answer

    return cached


def to_html(fragments: dict[str, Fragment | LogLines | str]) -> dict[str, str]:
    """Every fragment of a ``public_fragments``/``private_fragments`` answer as HTML."""
    return {name: render_fragment(fragment)[1] for name, fragment in fragments.items()}


def jinja():  # type: ignore[no-untyped-def]
    return engines["jinja2"]


_templates: dict[tuple[str, str], Any] = {}
_environments: dict[str, Any] = {}


def _environment(lang: str) -> Any:
    """The fragments' Jinja2 environment with ``_()`` bound to ``lang``'s catalog: a fragment calls it
    dozens of times, and asking Django for the active language on each call cost more than the
    rendering around it (docs/benchmarks.md)."""
    env = _environments.get(lang)
    if env is None:
        base = jinja().env
        catalog = translation.trans_real.translation(lang)
        env = base.overlay(cache_size=400)  # its own cache: templates compiled with its own globals
        env.globals = dict(base.globals)  # an overlay shares the globals dict: give it its own
        # The overlay's own i18n extension (bound to the overlay): ``env.install_gettext_callables`` is the
        # base environment's method, copied by ``overlay()``, and would install into the base's globals.
        env.extensions["jinja2.ext.InternationalizationExtension"]._install_callables(  # type: ignore[attr-defined]
            lru_cache(maxsize=4096)(catalog.gettext), lru_cache(maxsize=4096)(catalog.ngettext), newstyle=True
        )
        fast = template_gettext(catalog.gettext)
        env.globals.update({"gettext": fast, "_": fast})  # ``_`` was Jinja's alias that looks ``gettext`` up
        _environments[lang] = env
    return env


def template_gettext(translate: Any) -> Any:
    """Jinja's new-style ``gettext`` for one catalog (``translate``), with the same results, faster.

    A fragment calls ``_()`` dozens of times, mostly without variables, and Jinja's version formats
    every result anew through ``Markup.__mod__``: about a tenth of a move's CPU in the load
    benchmark's profile (docs/benchmarks.md). A text without variables is made once per catalog.
    """

    @lru_cache(maxsize=4096)
    def constant(message: str, autoescape: bool) -> str:
        text = translate(message)
        return (Markup(text) if autoescape else text) % {}  # as Jinja: "%%" becomes "%"

    @pass_context
    def gettext(context: Context, message: str, **variables: Any) -> str:
        autoescape = context.eval_ctx.autoescape
        if not variables:
            return constant(message, autoescape)
        text = translate(message)
        return (Markup(text) if autoescape else text) % variables

    return gettext


def render_template(name: str, context: dict[str, Any], lang: str | None = None) -> str:
    """``name`` rendered with ``context`` in ``lang`` (default: the active language)."""
    lang = lang or language()
    template = _templates.get((lang, name))
    if template is None:
        env = _environment(lang)
        template = env.get_template(name)
        if not env.auto_reload:  # production: compiled once; development: Jinja2 checks the file
            # Jinja copies a template's globals into every render's context; as its ChainMap of the
            # template's and the environment's globals that copy cost about 18 µs a render, as one
            # dict (the globals are fixed once the environment is built) about 4 µs.
            template.globals = dict(template.globals)
            _templates[(lang, name)] = template
    return template.render(context)


def attr_json(value: Any) -> str:
    """``value`` as JSON for a single-quoted attribute (``data-turn='{{ turn|safe }}'``).

    Only ``&``, ``'``, ``<`` and ``>`` are escaped, so the text is safe there (and nowhere else). In a
    double-quoted attribute every ``"`` of the JSON became ``&#34;``: five bytes, about a third of a
    Speedburg turn panel (docs/benchmarks.md, session 15). A plain ``str``, so a fragment's input stays
    marshal-able; the template marks it safe.
    """
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;")


def out_of_band(html: str) -> str:
    """Mark a fragment's root element for htmx's out-of-band swap."""
    match = _FIRST_TAG.match(html)
    if not match:
        raise ValueError("a fragment must start with an element")
    end = match.end()
    return html[:end] + ' hx-swap-oob="true"' + html[end:]


def error_fragment(message: str) -> str:
    """The error line above the table, in the viewer's language (an ``IllegalAction`` message keeps
    the text it was made from; another German message is looked up as it is)."""
    return render_template("games/core/error.html", {"message": say(getattr(message, "msg", None) or message)})
