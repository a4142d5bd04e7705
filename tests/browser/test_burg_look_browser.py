"""Speedburg looks, moves and sounds like a game (issue 17): with Strandgeräusche on a die built clicks and lands on
the castle, a castle that hits its sketch plays the sketch tone; the settings stay after a reload; with reduced
motion nothing moves in a whole game built by keyboard alone, which ends with the score as bars; every material
has its own surface and the dice are legible on a phone in both colour schemes."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.browser.test_burg_browser import GAME_SECONDS, wait_for_change

NO_ANIMATIONS = "document.getAnimations().length"


def start(page, **choices: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/spiele/burg/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/burg/")
    page.check("input[name=gegner][value='2']")
    page.select_option("#id_level", "leicht")
    page.check("input[name=turbo]")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#bg-conn[data-state=open]")


def best_build(t: dict) -> tuple[str, int] | None:
    """The build that hits the sketch, else keeps it possible, else brings the most points (the previews)."""
    best = None
    for die, fields in t["plaetze"].items():
        for f in fields:
            p = t["vorschau"][die][str(f)]
            score = (bool(p["getroffen"]), bool(p["moeglich"]), p["punkte"])
            if best is None or score > best[0]:
                best = (score, die, f)
    return None if best is None else (best[1], best[2])


READ_AT_ONCE = """(() => { const s = document.getElementById('bg-status');
    return {mine: s.dataset.myTurn, phase: s.dataset.phase, version: document.getElementById('tbl-v').dataset.version,
            turn: document.getElementById('bg-turn').dataset.turn}; })()"""


def step_by_keys(page) -> bool:  # type: ignore[no-untyped-def]
    """One of the guest's actions by keys alone (1 for the sketch, ← → and 1–9 to build, Enter); False when it
    is not the guest's turn."""
    seen = page.evaluate(READ_AT_ONCE)  # one moment: an update may come between two reads
    if seen["mine"] != "1":
        return False
    before, phase, t = seen["version"], seen["phase"], json.loads(seen["turn"] or "{}")
    if phase == "skizze":
        page.keyboard.press("1")
    elif phase != "bauen":
        page.keyboard.press("Enter")  # Weiter after the Rundenwertung
    else:
        build = best_build(t)
        die = build[0] if build else str(t["verlieren"][0])
        for _ in range(12):
            page.keyboard.press("ArrowRight")
            if page.locator(f"#bg-center .bg-pick.bg-sel[data-id='{die}']").count():
                break
        page.keyboard.press(str(build[1] + 1) if build else "Enter")  # Enter takes a die that fits nowhere
    wait_for_change(page, before)
    return True


def test_a_die_built_clicks_and_lands_a_sketch_hit_sounds_and_the_settings_stay(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start(page)
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("view-sound").check()
    page.get_by_test_id("view-music").select_option("abendrot")
    page.get_by_test_id("design-mittag").check()
    page.get_by_test_id("settings-open").click()
    assert page.evaluate("SC.sound.hasContext()") is True

    deadline = time.monotonic() + GAME_SECONDS
    while not page.evaluate("SC.sound.log.includes('skizze')"):  # the guest builds towards its sketch
        assert time.monotonic() < deadline and not page.get_by_test_id("endboard").count(), "no sketch was hit"
        if not step_by_keys(page):
            page.wait_for_timeout(60)
    log = page.evaluate("SC.sound.log")
    assert "wuerfel" in log and log[0] == "music:abendrot"
    assert "wuerfel" in page.evaluate("SC.motion.log")  # the guest's dice landed on its castle
    assert int(page.locator(".bg-table").get_attribute("data-motions")) >= 1
    assert page.get_by_test_id("own-castle").get_attribute("data-hit") == "1"

    page.reload()
    page.wait_for_selector("#bg-conn[data-state=open]")
    assert page.get_by_test_id("view-sound").is_checked()
    assert page.get_by_test_id("view-music").input_value() == "abendrot"
    assert page.get_by_test_id("design-mittag").is_checked()
    assert "bg-design-mittag" in (page.locator(".bg-table").get_attribute("class") or "")
    assert errors == []


def test_a_whole_game_by_keyboard_alone_with_reduced_motion_ends_with_the_score_as_bars(page):
    page.emulate_media(reduced_motion="reduce")
    start(page)
    deadline = time.monotonic() + GAME_SECONDS
    builds = 0
    while not page.get_by_test_id("endboard").count():
        assert time.monotonic() < deadline, "the game did not end in time"
        if not step_by_keys(page):
            page.wait_for_timeout(60)
            continue
        builds += 1
        assert page.evaluate(NO_ANIMATIONS) == 0
        assert page.locator(".bg-table").get_attribute("data-motions") is None
    assert builds >= 18
    bars = page.get_by_test_id("end-bars")
    assert bars.locator("svg.bg-bar").count() == 3
    mine = bars.locator(".bg-bar-row.bg-me")
    assert mine.count() == 1 and "SP" not in mine.inner_text()
    assert "Goldene Schaufel" in bars.locator("svg.bg-bar").first.get_attribute("aria-label")
    assert page.locator("[data-testid=chart] path.bg-marker").count() == 9
    # on a phone the results table fits the end board: one card per player, every value beside its column's name
    page.set_viewport_size({"width": 390, "height": 844})
    table = page.evaluate(END_TABLE)
    assert table["sideways"] <= 0 and table["outside"] == [], table
    assert len(table["rows"]) == 3 and all(len(row) == 9 for row in table["rows"]), table["rows"]
    for row in table["rows"]:  # place, name, the three rounds, shovels, prizes, Siegpunkte, sketches
        assert [label for label, _value in row[2:]] == [
            "Runde 1",
            "Runde 2",
            "Runde 3",
            "Schaufeln",
            "Preise",
            "SP",
            "Skizzen",
        ], row
        assert all(value for _label, value in row), row


#: the end board's results table: how far it scrolls sideways, the cells outside the board (or without a box),
#: per row each cell's shown label (its ::before or ::after, "" without) and value
END_TABLE = """(() => {
  const end = document.querySelector('.bg-end');
  const box = end.getBoundingClientRect();
  const label = (td) => [getComputedStyle(td, '::before').content, getComputedStyle(td, '::after').content]
    .filter((c) => c !== 'none').map((c) => c.replace(/^"\\s*|:?\\s*"$/g, '')).join('');
  const rows = [...end.querySelectorAll('.bg-end-row')].map((tr) => [...tr.cells]);
  return {
    sideways: end.scrollWidth - end.clientWidth,
    outside: rows.flat().filter((td) => { const r = td.getBoundingClientRect();
      return !r.width || r.left < box.left - .5 || r.right > box.right + .5; }).map((td) => td.textContent),
    rows: rows.map((cells) => cells.map((td) => [label(td), td.innerText.trim()])),
  };
})()"""

#: the dice's pips in the Auslage and on the castle (tests/browser/contrast.js: WCAG ratio)
DICE = [["#bg-center", "", ".bg-die .bg-pips"], ["#bg-own", "", ".bg-die .bg-pips"]]
SURFACES = """[...document.querySelectorAll('#bg-center .bg-legend .bg-die')].map((d) =>
    [d.className, getComputedStyle(d).backgroundImage])"""
SIZES = """[...document.querySelectorAll('#bg-center .bg-pick .bg-die')].map((d) =>
    [d.getBoundingClientRect().width, parseFloat(getComputedStyle(d).fontSize)])"""


#: stacks of 1 to 8 dice in cells like the castle's (its classes and CSS): [height, how far a stack reaches into
#: the band of the cell's number and "Soll"] for every stack that does
TALL_STACKS = """(() => {
  const castle = document.querySelector('#bg-own .bg-castle');
  const die = castle.querySelector('.bg-stack .bg-die').outerHTML;
  const out = [];
  for (let h = 1; h <= 8; h++) {
    const cell = document.createElement('div');
    cell.className = 'bg-cell';
    cell.innerHTML = `<span class="bg-key">9</span><span class="bg-soll">5</span>`
      + `<span class="bg-stack" data-h="${h}">${die.repeat(h)}</span>`;
    castle.append(cell);
    const labels = [...cell.querySelectorAll('.bg-key, .bg-soll')];
    const band = Math.max(...labels.map((e) => e.getBoundingClientRect().bottom));
    const top = cell.querySelector('.bg-stack').getBoundingClientRect().top;
    if (top < band - 0.5) out.push([h, Math.round(band - top)]);
    cell.remove();
  }
  return out;
})()"""


def test_every_material_has_its_surface_and_the_dice_are_legible_on_a_phone(browser, live_site):
    contrast = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
    for scheme in ("dark", "light"):
        context = browser.new_context(
            base_url=live_site, locale="de-DE", color_scheme=scheme, viewport={"width": 390, "height": 800}
        )
        page = context.new_page()
        page.set_default_timeout(15000)
        start(page)
        page.wait_for_selector("#bg-status[data-phase=bauen]")
        while page.locator("#bg-own .bg-stack .bg-die").count() < 2:
            if not step_by_keys(page):
                page.wait_for_timeout(60)
        for design in ("abend", "mittag"):
            page.get_by_test_id("settings-open").click()
            page.get_by_test_id(f"design-{design}").check()
            page.get_by_test_id("settings-open").click()
            assert not page.evaluate(contrast, [DICE, 4.5]), (scheme, design)
        surfaces = page.evaluate(SURFACES)
        assert len(surfaces) == 4 and all("svg" in image for _cls, image in surfaces)
        assert len({image.split(")")[0] for _cls, image in surfaces}) == 4  # four different surfaces
        assert all(width >= 34 and font >= 16 for width, font in page.evaluate(SIZES))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # stacks have no height limit (SUPPLEMENT): every height stays below the cell's number and "Soll"
        assert page.evaluate(TALL_STACKS) == [], scheme
        context.close()
