"""What a failed browser test leaves behind: the last websocket frames, console lines and page errors of every
page the test opened, what each still-open page shows, and the end of the server's log.

The browser suite waits on a live server and computer moves; when a wait times out, the report must say
whether the page sent its move, whether the server answered, and what the page showed at that moment.
"""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path

#: the end of a frame kept: enough for the version and the first fragment id, not the whole HTML
FRAME_CHARS = 240

#: one read of what a table page shows (any game): its version, connection, status, turn and error
PAGE_STATE = """(() => {
  const data = (sel) => { const el = document.querySelector(sel); return el ? {...el.dataset} : null; };
  const text = (sel) => {
    const el = document.querySelector(sel); return el ? el.textContent.trim().slice(0, 200) : null; };
  return {url: location.href, version: data('#tbl-v'), error: text('#table-error'),
          conn: [...document.querySelectorAll('[data-state]')].map((el) => el.id + '=' + el.dataset.state),
          status: [...document.querySelectorAll('[id$=-status]')].map((el) => ({id: el.id, ...el.dataset})),
          open: [...document.querySelectorAll('details[open], dialog[open]')].map((el) => el.id || el.tagName),
          busy: [...document.querySelectorAll('[class*="-busy"]')].map((el) => el.id || el.className),
          focus: document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : null};
})()"""


#: every key the page gets, where it lands and whether a dialog is open (a key a test pressed may vanish)
KEYS_TO_CONSOLE = """document.addEventListener('keydown', (e) => console.debug('key', e.key, 'on',
    e.target.id || e.target.tagName, document.querySelector('dialog[open]') ? 'dialog open' : ''), true);"""


class FailureLog:
    """Listens to every page of the session's browser; one test's lines at a time."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=80)
        self.pages: list = []  # type: ignore[type-arg]
        self.server_log: Path | None = None
        self.start = time.monotonic()

    def reset(self) -> None:
        self.lines.clear()
        self.pages = []
        self.start = time.monotonic()

    def _add(self, index: int, what: str) -> None:
        self.lines.append(f"{time.monotonic() - self.start:7.2f}s p{index} {what}")

    def watch_context(self, context) -> None:  # type: ignore[no-untyped-def]
        context.add_init_script(KEYS_TO_CONSOLE)
        context.on("page", self.watch_page)

    def watch_page(self, page) -> None:  # type: ignore[no-untyped-def]
        index = len(self.pages)
        self.pages.append(page)
        page.on("console", lambda message: self._add(index, f"console {message.type}: {message.text[:FRAME_CHARS]}"))
        page.on("pageerror", lambda error: self._add(index, f"pageerror: {error}"))
        page.on("framenavigated", lambda frame: frame == page.main_frame and self._add(index, f"goto {frame.url}"))

        def on_socket(socket) -> None:  # type: ignore[no-untyped-def]
            self._add(index, f"ws open {socket.url}")
            socket.on("framesent", lambda payload: self._add(index, "ws> " + _short(payload)))
            socket.on("framereceived", lambda payload: self._add(index, "ws< " + _short(payload)))
            socket.on("close", lambda _socket: self._add(index, "ws closed"))

        page.on("websocket", on_socket)

    def report(self) -> str:
        parts = ["-- last frames, console lines and page errors (s since the test began, p = page):", *self.lines]
        for index, page in enumerate(self.pages):
            try:
                state = page.evaluate(PAGE_STATE) if not page.is_closed() else "closed"
            except Exception as error:  # a page mid-navigation or already gone
                state = f"unreadable: {error}"
            parts.append(f"-- page p{index} now: {state}")
        if self.server_log and self.server_log.exists():
            lines = self.server_log.read_text(errors="replace").splitlines()
            tail = [line for line in lines if '"GET /static/' not in line][-40:]
            parts += ["-- the server log's last lines:", *tail]
        return "\n".join(parts)


def _short(payload: str | bytes) -> str:
    text = payload if isinstance(payload, str) else repr(payload)
    if len(text) <= FRAME_CHARS:
        return text
    return f"{text[:FRAME_CHARS]}… ({len(text)} chars)"
