"""Speedneon looks, moves and sounds like a game (issue 17): with Klänge on a tube hung plays its sound and drops
into its window; the settings stay after a reload; with reduced motion nothing moves, played by keyboard alone;
the tubes are legible on a phone in both colour schemes, each colour with its motif, and there the step panel
never covers a window of the own facade."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.browser.test_neon_browser import start

NO_ANIMATIONS = "document.getAnimations().length"
#: the focused element: is it a lit window of the own facade, and is its focus drawn?
FOCUSED_WINDOW = """(() => { const el = document.activeElement;
    return [el.matches('#nn-own .nn-win.nn-js-lit'), el.matches(':focus-visible'), getComputedStyle(el).outlineStyle,
            el.dataset.w]; })()"""


READ_AT_ONCE = """(() => { const s = document.getElementById('nn-status');
    return {mine: s.dataset.myTurn, phase: s.dataset.phase, version: document.getElementById('tbl-v').dataset.version,
            turn: document.getElementById('nn-step').dataset.turn}; })()"""


def wait_for_change(page, before: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        f"document.querySelector('#tbl-v').dataset.version !== '{before}'"
        " || document.querySelector('#table-error').textContent.trim() !== ''"
        " || !!document.querySelector('[data-testid=endboard]')"
    )
    assert not page.locator("#table-error").inner_text().strip()


def play_by_keys(page, hung: int, after_each=None) -> int:  # type: ignore[no-untyped-def]
    """The guest's turns by keys alone (1 for the facade, 1–9 and the arrows for a tube, Enter) until it hung
    ``hung`` tubes; ``after_each`` runs after every update the guest's key brought. Returns the tubes hung."""
    placed = 0
    deadline = time.monotonic() + 120
    while placed < hung and time.monotonic() < deadline:
        if page.locator("[data-testid=endboard]").count():
            break
        seen = page.evaluate(READ_AT_ONCE)  # one moment: an update may come between two reads
        if seen["mine"] != "1":
            page.wait_for_timeout(80)
            continue
        before = seen["version"]
        if seen["phase"] == "wahl":
            page.keyboard.press("1")
        else:
            t = json.loads(seen["turn"] or "{}")
            fits = [i for i, windows in (t.get("dice") or {}).items() if windows and int(i) < 9]
            if fits and not t.get("pending") and not t.get("hand"):
                page.keyboard.press(str(int(fits[0]) + 1))
                lit, visible, outline, w = page.evaluate(FOCUSED_WINDOW)
                assert lit and visible and outline != "none"  # the first lit window has a visible focus
                there, back = ("ArrowRight", "ArrowLeft") if int(w) % 5 < 4 else ("ArrowLeft", "ArrowRight")
                page.keyboard.press(there)
                assert page.evaluate("document.activeElement.dataset.w") != w
                page.keyboard.press(back)
                assert page.evaluate("document.activeElement.dataset.w") == w
                page.keyboard.press("Enter")  # hangs the tube in the marked window
                placed += 1
            else:
                page.keyboard.press("Enter")  # ends the turn or passes
        wait_for_change(page, before)
        if after_each:
            after_each()
    return placed


def test_a_tube_hung_sounds_and_drops_into_its_window_and_the_settings_stay(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start(page, "2", level="leicht", tempo="schnell")
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("view-sound").check()
    page.get_by_test_id("view-music").select_option("nachtstadt")
    page.get_by_test_id("theme-hell").check()
    page.get_by_test_id("settings-open").click()
    assert page.evaluate("SC.sound.hasContext()") is True

    assert play_by_keys(page, 1) == 1
    page.wait_for_function("SC.sound.log.includes('roehre')")  # the guest's tube (or a computer's) lit
    page.wait_for_function("SC.motion.log.includes('roehre')")
    assert int(page.locator(".nn-table").get_attribute("data-motions")) >= 1
    assert page.evaluate("SC.sound.playing()") == "nachtstadt"

    page.reload()
    page.wait_for_selector("#nn-conn[data-state=open]")
    assert page.get_by_test_id("view-sound").is_checked()
    assert page.get_by_test_id("view-music").input_value() == "nachtstadt"
    assert page.get_by_test_id("theme-hell").is_checked()
    assert page.locator("html").get_attribute("data-theme") == "hell"
    assert errors == []


def test_keyboard_alone_with_reduced_motion_nothing_moves(page):
    page.emulate_media(reduced_motion="reduce")
    start(page, "2", level="leicht", tempo="schnell")

    def still() -> None:
        assert page.evaluate(NO_ANIMATIONS) == 0
        assert page.locator(".nn-table").get_attribute("data-motions") is None

    assert play_by_keys(page, 3, after_each=still) == 3
    assert page.locator("#nn-own .nn-win .nn-die").count() >= 3


#: the tubes' numbers on the Lieferung and the facades (tests/browser/contrast.js: WCAG ratio)
TUBES = [["#nn-center", "", ".nn-die .nn-v"], ["#nn-own", "", ".nn-die .nn-v"], ["#nn-rivals", "", ".nn-die .nn-v"]]
#: per colour: the motif behind the number (a CSS mask, SVG) differs from every other colour's
MOTIFS = """[...document.querySelectorAll('#nn-center .nn-die')].map((d) => [d.dataset.die[0],
    getComputedStyle(d, '::before').maskImage || getComputedStyle(d, '::before').webkitMaskImage,
    d.getBoundingClientRect().width, parseFloat(getComputedStyle(d).fontSize)])"""


#: Scrolled from the page's start down to where the own facade's bottom comes into view, 40 px at a time: every
#: window whose centre is on the screen and under the step panel there (a window that cannot be tapped).
WINDOWS_UNDER_THE_STEP_PANEL = """() => {
    const windows = [...document.querySelectorAll("#nn-own .nn-win")];
    const facade = document.querySelector("#nn-own .nn-facade");
    const last = Math.max(0, facade.getBoundingClientRect().bottom + scrollY - innerHeight);
    const covered = [];
    for (let y = 0; ; y = Math.min(y + 40, last)) {
        scrollTo({ top: y, behavior: "instant" });
        for (const w of windows) {
            const r = w.getBoundingClientRect(), x = r.left + r.width / 2, cy = r.top + r.height / 2;
            const under = cy > 0 && cy < innerHeight && document.elementFromPoint(x, cy)?.closest("#nn-step");
            if (under) covered.push(`${w.dataset.w}@${y}`);
        }
        if (y >= last) return covered;
    }
}"""
#: The own facade scrolled into view from above (its bottom at the screen's bottom): the windows not hit at
#: their centre.
WINDOWS_NOT_TAPPABLE = """() => {
    document.querySelector("#nn-own .nn-facade").scrollIntoView({ block: "end", behavior: "instant" });
    return [...document.querySelectorAll("#nn-own .nn-win")].filter((w) => {
        const r = w.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest(".nn-win") !== w;
    }).map((w) => w.dataset.w);
}"""


def test_tubes_are_legible_on_a_phone_in_both_colour_schemes_and_no_window_is_under_the_step_panel(browser, live_site):
    contrast = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
    for scheme in ("dark", "light"):
        context = browser.new_context(
            base_url=live_site,
            locale="de-DE",
            color_scheme=scheme,
            viewport={"width": 390, "height": 844},
            is_mobile=True,
            has_touch=True,
        )
        page = context.new_page()
        page.set_default_timeout(15000)
        start(page, "2", level="leicht", tempo="schnell")
        play_by_keys(page, 1)
        assert not page.evaluate(contrast, [TUBES, 4.5]), scheme
        motifs: dict[str, str] = {}
        for colour, mask, width, font in page.evaluate(MOTIFS):
            assert "svg" in mask and width >= 34 and font >= 14, (colour, width, font)
            assert motifs.setdefault(colour, mask) == mask
        assert len(set(motifs.values())) == len(motifs)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # the guest's turn goes on after its tube (the panel says "Beende den Zug"): the panel is on the screen,
        # and no window of the own facade is ever under it, from the page's start to the whole facade in view
        page.locator("#nn-status[data-my-turn='1'][data-phase=spiel]").wait_for()
        assert page.locator("#nn-step.nn-mine").is_visible()
        assert page.evaluate(WINDOWS_UNDER_THE_STEP_PANEL) == [], scheme
        assert page.evaluate(WINDOWS_NOT_TAPPABLE) == [], scheme
        assert page.locator("#nn-step.nn-mine").is_visible()
        context.close()
