"""In real Chromium: while a strong computer thinks, the table shows who thinks and for how long
("Computer 2 überlegt … 0,2 s"), counted up by the page, and the page keeps running (issue 16)."""

from __future__ import annotations

import re
import time

from tests.browser.test_kleister_look_browser import start_free_game

#: Records every text the thinking note shows and the longest pause between the page's own timer
#: callbacks (a frozen page would stop them).
WATCH = """(() => {
  window.__thinking = []; window.__gap = 0; window.__most = 0;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    window.__gap = Math.max(window.__gap, now - last);
    last = now;
  }, 50);
  new MutationObserver(() => {
    const notes = document.querySelectorAll('.tbl-thinking');
    window.__most = Math.max(window.__most, notes.length);
    notes.forEach((el) => {
      const text = el.textContent.replace(/\\s+/g, ' ').trim();
      if (window.__thinking[window.__thinking.length - 1] !== text) window.__thinking.push(text);
    });
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
})()"""

READ_AT_ONCE = """(() => { const s = document.getElementById('kl-status');
    return {intro: !!document.querySelector('#kl-intro[open]'), mine: s.dataset.myTurn, phase: s.dataset.phase,
            version: document.getElementById('tbl-v').dataset.version, seen: window.__thinking.slice(),
            gap: window.__gap, most: window.__most}; })()"""

NOTE = re.compile(r"^(.+) überlegt … (\d+),(\d) s$")


def longest_counts(seen: list[str]) -> dict[str, float]:
    """The longest time each thinking computer was shown with."""
    out: dict[str, float] = {}
    for text in seen:
        found = NOTE.match(text)
        assert found, f"not a thinking note: {text!r}"
        name, seconds = found.group(1), float(f"{found.group(2)}.{found.group(3)}")
        out[name] = max(out.get(name, 0.0), seconds)
    return out


def test_every_thinking_computer_is_shown_counting_up_and_the_page_keeps_running(page):
    start_free_game(page, computers=3, level="stark")
    page.evaluate(WATCH)
    # the rivals' names: each column's info window starts with its player's name; the own seat is the guest
    own = int(page.locator("#kl-own .kl-col").get_attribute("data-seat"))
    heads = page.eval_on_selector_all(".kl-col", "cols => cols.map(c => [Number(c.dataset.seat), c.dataset.infoHead])")
    computers = {head.split("\n")[0] for seat, head in heads if seat != own}
    own_moves = 0
    deadline = time.monotonic() + 120
    seen = page.evaluate(READ_AT_ONCE)
    # play on until every computer has had a turn (a turn of the guest's may be several moves)
    while time.monotonic() < deadline and not page.locator("[data-testid=endboard]").count():
        seen = page.evaluate(READ_AT_ONCE)
        if set(longest_counts(seen["seen"])) >= computers and own_moves:
            break
        if seen["intro"]:
            page.get_by_test_id("intro-ok").click()
            continue
        if seen["mine"] != "1":
            page.wait_for_timeout(50)
            continue
        if seen["phase"] == "kleben":
            page.locator("#kl-hand .kl-card").first.click()
            page.keyboard.press("a")
            page.keyboard.press("Enter")
        elif seen["phase"] == "nehmen":
            page.get_by_role("button", name="Nehmen").click()
        elif seen["phase"] == "liegen":
            page.keyboard.press("p")
        else:
            page.keyboard.press("1" if not page.locator("[data-key=d]").count() else "d")
        own_moves += 1
        page.wait_for_function(
            f"document.querySelector('#tbl-v').dataset.version !== '{seen['version']}'", timeout=15000
        )
    seen = page.evaluate(READ_AT_ONCE)
    counted = longest_counts(seen["seen"])
    # all three computers were shown thinking, and the note counted up while they did (a strong
    # computer's turn here: the table's tempo plus its search, about a quarter of a second)
    assert len(computers) == 3 and set(counted) == computers, (computers, seen["seen"])
    assert max(counted.values()) >= 0.1, seen["seen"]
    # the page's own timer never stopped for long while the computers thought
    assert seen["gap"] < 2000, seen["gap"]
    # one seat moves at a time in Speedkleister: never two notes at once
    assert seen["most"] == 1, seen["seen"]
