"""Issue 17, "English": in real Chromium the switch in the header turns the site English; the start page
and the table pages of a free Speedkleister, Speedneon, Speedrocket and Speedburg game, a move played on
each, show no German UI words (the names that stay German are listed in docs/i18n.md and
tests/german_words.py)."""

from __future__ import annotations

import json
import re
import time

from games.rocket.content import SHEETS
from tests.german_words import german_words

#: Speedrocket's Extrablätter are names (docs/i18n.md); some contain German words ("Lehrbuben mit Eifer")
SHEET_NAMES = tuple(sheet.name for sheet in SHEETS.values())

#: Texts a reader meets beside the visible text: titles, labels and the info windows' texts.
ATTRIBUTE_TEXTS = """() => [...document.querySelectorAll('[title], [aria-label], [data-info], [placeholder]')]
  .filter((el) => !el.closest('[hidden]'))
  .map((el) => [el.title, el.getAttribute('aria-label'), el.dataset.info, el.placeholder].filter(Boolean).join(' '))
  .join(' ')"""


def assert_english(page, where: str, names: tuple[str, ...] = ()) -> None:
    """``names``: names that stay German on purpose (docs/i18n.md), left out before the check."""
    assert page.locator("html").get_attribute("lang") == "en", where
    text = page.inner_text("body") + " " + page.evaluate(ATTRIBUTE_TEXTS)
    for name in names:
        text = text.replace(name, "")
    left = german_words(text)
    assert not left, f"{where}: German words left: {left}"


def switch_to_english(page) -> None:
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "de"  # the browser asks for German (locale de-DE)
    page.get_by_test_id("language-en").click()
    page.wait_for_selector("html[lang=en]")


def wait_for_turn(page, status: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        if page.locator(f"{status}[data-my-turn='1']").count():
            return
        page.wait_for_timeout(100)
    raise AssertionError("the computers never handed the turn over")


def test_english_start_page_and_speedkleister_table(page):
    switch_to_english(page)
    assert "Four board games" in page.get_by_test_id("intro").inner_text()
    assert_english(page, "start page")
    page.get_by_role("button", name="Play as a guest").click()
    page.goto("/spiele/kleister/")
    assert_english(page, "Speedkleister page")
    page.select_option("#id_computers", "3")
    page.select_option("#id_level", "leicht")
    page.select_option("#id_spielart", "kurz")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    assert page.locator("#kl-conn").inner_text() == "connected"
    wait_for_turn(page, "#kl-status", time.monotonic() + 60)
    assert page.locator("#kl-status").get_attribute("data-phase") == "kleben"
    page.wait_for_selector("#kl-intro[open]")  # the first own move explains the three steps
    assert "Your first move" in page.locator("#kl-intro").inner_text()
    assert_english(page, "the intro window")
    page.get_by_test_id("intro-ok").click()
    page.keyboard.press("r")  # the Rat: the strong computer's reason, in English
    page.wait_for_selector("#table-advice:has-text('Hint')")
    page.wait_for_selector("#table-advice:not([data-thinking])")
    version = page.locator("#tbl-v").get_attribute("data-version")
    page.locator("#kl-hand .kl-card").first.click()
    page.keyboard.press("a")
    preview = page.get_by_test_id("preview").inner_text()
    assert "pastes over" in preview or "last card" in preview
    assert_english(page, "Speedkleister table, a selection made")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    page.wait_for_selector("#kl-log li.kl-ev-kleben, #kl-log li.kl-ev-ueberkleben")
    assert " pastes " in page.locator("#kl-log").inner_text()
    assert_english(page, "Speedkleister table after a move")


def test_english_speedneon_table(page):
    switch_to_english(page)
    page.get_by_role("button", name="Play as a guest").click()
    page.goto("/spiele/neon/")
    assert_english(page, "Speedneon page")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#nn-conn[data-state=open]")
    page.wait_for_selector("#nn-wahl [data-key='1']")
    assert_english(page, "Speedneon facade choice")
    page.keyboard.press("1")
    wait_for_turn(page, "#nn-status[data-phase=spiel]", time.monotonic() + 60)
    assert "It is your turn" in page.locator("#nn-status").inner_text()
    version = page.locator("#tbl-v").get_attribute("data-version")
    turn = json.loads(page.locator("#nn-step").get_attribute("data-turn"))
    index, windows = next((int(i), ws) for i, ws in turn["dice"].items() if ws)
    page.locator(f"#nn-center .nn-pick[data-i='{index}']").click()  # a tube of the delivery ...
    assert "tap a lit window" in page.locator("#nn-prompt").inner_text()
    page.locator(f"#nn-own .nn-win[data-w='{windows[0]}']").click()  # ... into a lit window
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    page.wait_for_selector("#nn-log li.nn-ev-setzen")
    assert " hangs " in page.locator("#nn-log").inner_text()
    assert_english(page, "Speedneon table after a move")


def test_english_speedrocket_table(page):
    switch_to_english(page)
    page.get_by_role("button", name="Play as a guest").click()
    page.goto("/spiele/rocket/")
    assert_english(page, "Speedrocket page")
    page.check("input[name=gegner][value='1']")
    page.select_option("#id_laenge", "kurz")
    page.select_option("#id_level", "leicht")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#rk-conn[data-state=open]")
    wait_for_turn(page, "#rk-status[data-phase=stopfen]", time.monotonic() + 60)
    assert "Stuffing: draw a chip or stop." in page.get_by_test_id("status").inner_text()
    assert_english(page, "Speedrocket table, the first evening", SHEET_NAMES)
    version = page.locator("#tbl-v").get_attribute("data-version")
    page.keyboard.press(" ")  # draw a chip
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    assert "ignition gauge" in page.evaluate(ATTRIBUTE_TEXTS)  # the side list's and the chips' info windows
    assert_english(page, "Speedrocket table after a draw", SHEET_NAMES)


def test_english_speedburg_table(page):
    switch_to_english(page)
    page.get_by_role("button", name="Play as a guest").click()
    page.goto("/spiele/burg/")
    assert_english(page, "Speedburg page")
    page.check("input[name=gegner][value='1']")
    page.select_option("#id_level", "leicht")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#bg-conn[data-state=open]")
    deadline = time.monotonic() + 60
    wait_for_turn(page, "#bg-status", deadline)
    if page.locator("#bg-status").get_attribute("data-phase") == "skizze":
        assert_english(page, "Speedburg sketch choice")
        version = page.locator("#tbl-v").get_attribute("data-version")
        page.keyboard.press("1")
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    wait_for_turn(page, "#bg-status[data-phase=bauen]", deadline)
    turn = json.loads(page.locator("#bg-turn").get_attribute("data-turn") or "{}")
    die, fields = next((d, f) for d, f in turn["plaetze"].items() if f)
    page.locator(f"#bg-center .bg-pick[data-id='{die}']").click()
    cell = page.locator(f"#bg-own .bg-cell[data-f='{fields[0]}']")
    cell.hover()
    preview = page.get_by_test_id("preview")
    preview.wait_for()
    assert re.match(r"Field \d: [+-]?\d+ points? \(then \d+\)", preview.inner_text())  # "+1 point", "+2 points"
    assert_english(page, "Speedburg table, a die chosen")
    version = page.locator("#tbl-v").get_attribute("data-version")
    cell.click()
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    assert "target height" in page.evaluate(ATTRIBUTE_TEXTS) or "Puddle" in page.evaluate(ATTRIBUTE_TEXTS)
    assert_english(page, "Speedburg table after a build")
