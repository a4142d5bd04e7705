"""A log as an append: a connection that shows a log's older lines gets only the new ones.

A game's log is a ``games.core.fragments.LogLines``; rendered, its key is a ``LogKey`` with a key
per line. The connection remembers the key it last sent (``TableConsumer.sent``), so it knows the
lines the page shows. When the new lines continue those (the oldest may have dropped off), it sends
an element that prepends the new lines (``hx-swap-oob="afterbegin"``, the logs are newest first)
with ``data-keep``, the number of lines the log has now: the page drops its oldest lines beyond
that (static/games/core/table.js). Anything else (another match, a changed element, a first or a
forced render) sends the whole element as every other fragment.

A whole fragment is marked for htmx's out-of-band swap once per distinct HTML (``_oob``): the
HTML comes from the render cache, the same string for every connection that sends it, so the
lookup costs a cached hash, and the mark (a regex and a copy of the string) is made once, not
once per connection (about 1.7 % of a move's CPU at 200 tables, docs/benchmarks.md, session 13).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core.fragments import LogKey, out_of_band


def new_lines(shown: Sequence[bytes | str], lines: Sequence[bytes | str]) -> int | None:
    """How many of ``lines`` (oldest first) to add to ``shown`` so that, trimmed to ``len(lines)``,
    it is ``lines``: the fewest for which the rest of ``shown`` is where ``lines`` begins. None: the
    two have no line in common there, so an append is no cheaper than the whole log.

    Keys compare, not text, and equal lines may repeat: ``shown`` is trimmed from its oldest end
    until what is left is a beginning of ``lines``, whatever the lines are.
    """
    for drop in range(max(0, len(shown) - len(lines)), len(shown)):
        kept = len(shown) - drop
        if tuple(shown[drop:]) == tuple(lines[:kept]):
            return len(lines) - kept
    return None


def appended(key: LogKey, count: int) -> str:
    """The element that puts the newest ``count`` lines of ``key`` on top and keeps ``len(key.lines)``."""
    lines = "".join(reversed(key.html[len(key.html) - count :])) if count else ""
    return f'<{key.tag} id="{key.id}" hx-swap-oob="afterbegin" data-keep="{len(key.lines)}">{lines}</{key.tag}>'


_OOB_SIZE = 4096
_oob: dict[str, str] = {}


def marked(html: str) -> str:
    """``out_of_band(html)``, made once per distinct HTML (the event loop's only; forgotten all at once when full)."""
    found = _oob.get(html)
    if found is None:
        found = out_of_band(html)
        if len(_oob) >= _OOB_SIZE:
            _oob.clear()
        _oob[html] = found
    return found


def update(sent: object, key: object, html: str) -> str:
    """What a connection sends for a changed fragment: the new lines of a log the page shows (``sent``:
    the key it last sent, None after a force), else the whole fragment."""
    if isinstance(key, LogKey) and isinstance(sent, LogKey) and sent.element == key.element:
        count = new_lines(sent.lines, key.lines)
        if count is not None:
            return appended(key, count)
    return marked(html)
