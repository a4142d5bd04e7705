"""In real Chromium: a guest plays a whole free game against three computers, with clicks and keys."""

from __future__ import annotations

import time

from tests.browser.log_check import log_as_served
from tests.browser.test_kleister_look_browser import start_free_game

#: whether the first-move window is open, whose turn, the phase and the version, read in one go
READ_AT_ONCE = """(() => { const s = document.getElementById('kl-status');
    return {intro: !!document.querySelector('#kl-intro[open]'), mine: s.dataset.myTurn, phase: s.dataset.phase,
            version: document.getElementById('tbl-v').dataset.version}; })()"""


#: The replay board's parts as boxes (page coordinates), its headings and the page's width, read in one go.
REPLAY_BOXES = """(() => { const board = document.querySelector('[data-testid=replay-board]');
    const seat = board.dataset.shown;
    const box = (el) => { const r = el.getBoundingClientRect();
        return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; };
    const part = (sel) => box(board.querySelector(sel)), caption = board.querySelector('#kl-scores caption');
    return {center: part('#kl-center'), own: part('#kl-col-' + seat), hand: part('#kl-hand'),
            scores: part('#kl-scores'), log: part('#kl-log'), status: part('#kl-status'),
            rivals: [...board.querySelectorAll(':scope > .kl-col')].filter((el) => el.dataset.seat !== seat).map(box),
            headings: [caption && getComputedStyle(caption).display !== 'none' && caption.textContent,
                       getComputedStyle(board.querySelector('#kl-log'), '::before').content],
            width: document.documentElement.scrollWidth, view: innerWidth}; })()"""


def check_replay_looks_like_the_table(page) -> None:  # type: ignore[no-untyped-def]
    """The replay of the game just ended, as the table page: the rivals' columns on top, the centre (Druckerei,
    Karren, Altpapier) below them, then the own column and the hand; the Punktetafel and the log with their
    headings at the side on a desktop, below on a phone; nothing wider than a phone's screen."""
    replay = page.context.new_page()
    replay.set_viewport_size({"width": 1280, "height": 900})
    replay.goto(page.get_by_test_id("end-replay").get_attribute("href"))
    for width in (1280, 390):
        replay.set_viewport_size({"width": width, "height": 900 if width > 400 else 844})
        seen = replay.evaluate(REPLAY_BOXES)
        center, own, hand, scores, log = (seen[k] for k in ("center", "own", "hand", "scores", "log"))
        assert len(seen["rivals"]) == 3 and all(r["bottom"] <= center["top"] for r in seen["rivals"]), seen
        assert seen["status"]["bottom"] <= min(r["top"] for r in seen["rivals"]), seen
        assert center["bottom"] <= own["top"] < own["bottom"] <= hand["top"], seen
        if width > 400:  # the side: the points beside the status and the columns, the log beside the centre
            assert scores["left"] >= center["right"] and log["left"] >= center["right"], seen
            assert scores["top"] < center["top"] and log["top"] < hand["bottom"], seen
        else:
            assert hand["bottom"] <= scores["top"] < scores["bottom"] <= log["top"], seen
        assert seen["width"] <= seen["view"], seen
        assert seen["headings"] == ["Punkte", '"Verlauf"'], seen
    replay.close()


def test_guest_plays_free_game_to_the_end_board(page):
    start_free_game(page, computers=3, tempo="schnell")  # Schnell: the same game in less time
    used_rat = looked_at_layers = used_bar = False
    log_sizes = []  # the log's lines whenever it was compared with the server's render
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not page.locator("[data-testid=endboard]").count():
        # one moment: the update that brings the turn opens the first-move window in the same task
        seen = page.evaluate(READ_AT_ONCE)
        if seen["intro"]:
            text = page.locator("#kl-intro").inner_text()
            assert "drei Schritte" in text or "Kleben" in text
            page.get_by_test_id("intro-ok").click()
            continue
        if seen["mine"] != "1":
            page.wait_for_timeout(100)
            continue
        version, phase = seen["version"], seen["phase"]
        log_sizes.append(log_as_served(page, "kl-log", keep=25))
        if phase == "kleben":
            if not used_rat:
                page.keyboard.press("r")
                page.wait_for_selector("#table-advice:has-text('Rat')")
                used_rat = True
            if not looked_at_layers:
                page.locator("#kl-own .kl-stack").click()
                page.wait_for_selector("#kl-dialog[open]")
                assert "Deine Säule: alle Schichten" in page.locator("#kl-dialog h3").inner_text()
                page.keyboard.press("Escape")
                looked_at_layers = True
            if not used_bar:  # a group from the group bar, then Enter klebt (the tapped button keeps no focus)
                page.locator("#kl-hand .kl-barbtn[data-select-rank]").first.click()
                used_bar = True
            else:
                page.locator("#kl-hand .kl-card").first.click()  # tap to select
                page.keyboard.press("a")  # all of that rank
            preview = page.get_by_test_id("preview").inner_text()
            assert "überklebt" in preview or "letzte Karte" in preview
            if "überklebt " in preview and "überklebt niemanden" not in preview:  # the columns it hits glow
                assert page.locator("#kl-rivals .kl-column.kl-glow").count() >= 1
            page.keyboard.press("Enter")
        elif phase == "nehmen":
            page.get_by_role("button", name="Nehmen").click()
        elif phase == "liegen":
            page.keyboard.press("p")
        else:
            page.keyboard.press("1" if not page.locator("[data-key=d]").count() else "d")
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'", timeout=15000)
    end = page.get_by_test_id("endboard")
    assert end.is_visible()
    assert "Endtafel" in end.inner_text()
    assert end.locator("tbody tr").count() == 4  # every player with place and points
    assert not page.locator("#kl-kleben").is_visible() and not page.locator("#kl-clear").is_visible()
    assert "überklebbar" not in page.locator("#kl-rivals").inner_text()  # nothing can be pasted over now
    record = page.get_by_test_id("record").inner_text()
    assert "Bilanz auf diesem Gerät: 1 Partie" in record
    points = int(end.get_attribute("data-my-points"))  # the best Durchgang as the page writes scores
    best = ("\u2212" if points < 0 else "") + f"{abs(points)} " + ("Punkt." if points == 1 else "Punkte.")
    assert record.endswith("bester Durchgang: " + best), record
    assert used_rat and looked_at_layers and used_bar
    # the log grew by appends over many moves and was, each time, the whole log as the server renders it
    compared = [n for n in log_sizes if n is not None]
    assert len(compared) >= 5 and compared[-1] == 25, log_sizes
    check_replay_looks_like_the_table(page)
    page.get_by_role("button", name="Neue Partie").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    assert not page.locator("[data-testid=endboard]").count()
