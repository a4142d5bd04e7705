"""Speedrocket looks, moves and sounds like a game (issue 17): with Werkstatt-Geräusche on a chip drawn clicks and
runs along the Hülse, a misfire bangs; the settings stay after a reload; with reduced motion nothing moves in a
whole game played by keyboard alone, which ends with the Ruhm as bars; chips, the status line and the connection
label are legible on a phone; the log shows its line numbers whole, up to three digits."""

from __future__ import annotations

import time
from pathlib import Path

from tests.browser.test_rocket_browser import ACTION_GAP, GAME_SECONDS, start_short_game, version, wait_for_change

NO_ANIMATIONS = "document.getAnimations().length"


def controls(page) -> dict:  # type: ignore[no-untyped-def]
    return page.evaluate(
        "() => { const c = document.getElementById('rk-controls');"
        " return c ? {phase: c.dataset.phase, mine: c.dataset.mine === '1'} : {}; }"
    )


def press(page, key: str) -> None:  # type: ignore[no-untyped-def]
    """A key of the guest's, at a human pace; waits until it changed the guest's controls or manufactory."""
    time.sleep(ACTION_GAP)
    before = version(page)
    page.keyboard.press(key)
    try:
        wait_for_change(page, before)
    except Exception:  # the page's own Weiter may have taken that step: read the controls again
        assert not page.locator("#table-error").inner_text().strip()


def answer_by_keys(page, ignite: bool) -> None:  # type: ignore[no-untyped-def]
    """A question has the focus when it appears: Enter takes its first answer, Tab Enter the second."""
    ask = page.locator("#rk-controls [role=alertdialog]")
    page.wait_for_function("!!document.activeElement.closest('#rk-controls [role=alertdialog]')")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    assert ask.count() == 1
    if ignite:
        page.keyboard.press("Tab")
    press(page, "Enter")


def test_a_chip_drawn_clicks_and_runs_a_misfire_bangs_and_the_settings_stay(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_short_game(page)
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("view-sound").check()
    page.check("input[name=rk-design][value=tag]")
    page.uncheck("input[name=rk-pct]")
    page.get_by_test_id("view-music").select_option("blaskapelle")
    page.get_by_test_id("settings-open").click()
    assert page.evaluate("SC.sound.hasContext()") is True

    # the guest draws on (Leertaste) and lets the rocket ignite when asked: its Blitzpulver (11) ignite at 8
    # (until the guest's own manufactory misfires: a computer's misfire may come first, before any chip).
    # A round can end without one (the Hülse full or the bag empty: Aufhören); then the guest plays on.
    deadline = time.monotonic() + 120
    while not page.locator("#rk-m-0.rk-fehl").count() and time.monotonic() < deadline:
        c = controls(page)
        if not c.get("mine"):
            page.wait_for_timeout(100)
        elif c.get("phase") == "stopfen" and page.get_by_test_id("sand-ask").count():
            answer_by_keys(page, ignite=True)  # "Zünden lassen"
        elif c.get("phase") == "stopfen" and page.get_by_test_id("ziehen").is_enabled():
            press(page, " ")
        elif c.get("phase") == "handel" and page.get_by_test_id("misfire-choice").count():
            page.wait_for_timeout(100)  # the guest's own misfire: its manufactory shows it at once
        else:
            press(page, "Enter")  # Aufhören, Weiter in the show, Fertig in the shop
    assert "fehlzuendung" in page.evaluate("SC.sound.log")
    assert "chip" in page.evaluate("SC.sound.log")
    assert "chip" in page.evaluate("SC.motion.log")  # the chip ran along the Hülse
    assert int(page.locator(".rk-table").get_attribute("data-motions")) >= 1
    assert "rk-fehl" in (page.locator("#rk-m-0").get_attribute("class") or "")

    page.reload()
    page.wait_for_selector("#rk-conn[data-state=open]")
    assert page.get_by_test_id("view-sound").is_checked()
    assert page.get_by_test_id("view-music").input_value() == "blaskapelle"
    assert page.locator(".rk-table").get_attribute("data-design") == "tag"
    assert page.locator("input[name=rk-design][value=tag]").is_checked()
    assert not page.locator("input[name=rk-pct]").is_checked()
    assert errors == []


def test_a_whole_game_by_keyboard_alone_with_reduced_motion_ends_with_the_ruhm_as_bars(page):
    page.emulate_media(reduced_motion="reduce")
    start_short_game(page)
    deadline = time.monotonic() + GAME_SECONDS
    draws = 0
    while not page.get_by_test_id("endboard").count():
        assert time.monotonic() < deadline, "the game did not end in time"
        c = controls(page)
        if not c.get("mine"):
            page.wait_for_timeout(100)
            continue
        if c["phase"] == "stopfen":
            if page.get_by_test_id("sand-ask").count():
                answer_by_keys(page, ignite=False)  # "Sand drauf"
            elif draws % 4 == 3 or not page.get_by_test_id("ziehen").is_enabled():
                press(page, "Enter")  # Aufhören
            else:
                press(page, " ")
            draws += 1
        elif c["phase"] == "handel" and page.get_by_test_id("misfire-choice").count():
            answer_by_keys(page, ignite=False)  # "Ruhm nehmen"
        else:
            press(page, "Enter")  # Weiter in the show, Fertig in the shop
        assert page.evaluate(NO_ANIMATIONS) == 0
        assert page.locator(".rk-table").get_attribute("data-motions") is None
    board = page.get_by_test_id("endboard")
    bars = board.get_by_test_id("end-bars")
    assert bars.locator("svg.rk-sbar").count() == 3
    label = bars.locator("svg.rk-sbar").first.get_attribute("aria-label")
    assert "Abende" in label and "Abrechnung" in label and "aus Kristallen" in label and "Ruhm" in label
    assert board.get_by_test_id("chart").locator("path.rk-marker").count() >= 3
    # the replay: the Hülse's fields in the table's colours, the viewed manufactory's board and bag
    board.get_by_test_id("end-replay").click()
    page.wait_for_url("**/partie/*/")
    page.get_by_test_id("replay-back").click()
    assert "rk-table" in page.get_by_test_id("replay-board").get_attribute("class")
    fill = page.evaluate("getComputedStyle(document.querySelector('.replay-board .rk-field circle')).fill")
    assert fill != "rgb(0, 0, 0)", fill
    assert page.locator("#rk-m-0 .rk-head").is_visible() and page.locator("#rk-m-0 .rk-werk-side").is_visible()


#: the chips' numbers in the bag (tests/browser/contrast.js: WCAG ratio)
CHIPS = [[".rk-bag-chips", "", ".rk-token"]]
EMBLEMS = """[...document.querySelectorAll('#rk-m-0 .rk-bag-chips .rk-token')].map((t) => [t.dataset.chip[0],
    getComputedStyle(t, '::before').maskImage || getComputedStyle(t, '::before').webkitMaskImage,
    t.getBoundingClientRect().width, parseFloat(getComputedStyle(t).fontSize)])"""


#: a live table's re-render of the side list, as every move of a stuffing computer does it (several a second)
RERENDER = """() => { window.rkRerender = setInterval(() => {
    const side = document.getElementById('rk-side'); side.outerHTML = side.outerHTML;
    document.body.dispatchEvent(new CustomEvent('htmx:wsAfterMessage', {bubbles: true})); }, 100); }"""
#: the info window's text every 50 ms for a second ('' while hidden); whether side-1 was replaced meanwhile
WATCH_INFO = """() => new Promise((done) => {
    const first = document.querySelector('[data-testid=side-1]'), seen = [];
    const tick = setInterval(() => { const w = document.getElementById('info-window');
      seen.push(w.hidden ? '' : w.textContent);
      if (seen.length === 20) { clearInterval(tick);
        done({seen, replaced: first !== document.querySelector('[data-testid=side-1]')}); } }, 50); })"""


def long_press_a_rival_while_it_is_re_rendered(context, page) -> None:  # type: ignore[no-untyped-def]
    """QA: on a phone a long press on a stuffing computer's manufactory showed no info window (the side list is
    re-rendered on every computer move while the press runs): the window comes and stays while the finger is down,
    goes after it lifted, and the press did not select the manufactory."""
    # in one task: a computer's move may replace the side list between two steps
    name, x, y = page.evaluate(
        """() => { const side = document.querySelector('[data-testid=side-1]'); side.scrollIntoView({block: 'center'});
        const r = side.getBoundingClientRect();
        return [side.querySelector('strong').textContent, r.left + r.width / 2, r.top + r.height / 2]; }"""
    )
    point = [{"x": x, "y": y}]
    page.evaluate(RERENDER)
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(600)  # the press is long (450 ms), the side list was replaced meanwhile
    watched = page.evaluate(WATCH_INFO)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert watched["replaced"]
    assert all(text.startswith(name) for text in watched["seen"]), watched["seen"]
    page.locator("#info-window").wait_for(state="hidden", timeout=4000)
    page.evaluate("clearInterval(window.rkRerender)")
    assert page.locator(".rk-table").get_attribute("data-shown") == "0"


def test_chips_are_legible_on_a_phone_in_both_designs_and_each_powder_has_its_emblem(browser, live_site):
    contrast = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
    context = browser.new_context(
        base_url=live_site, locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    start_short_game(page)
    long_press_a_rival_while_it_is_re_rendered(context, page)
    for design in ("nacht", "tag"):
        page.get_by_test_id("settings-open").click()
        page.check(f"input[name=rk-design][value={design}]")
        page.get_by_test_id("settings-open").click()
        assert not page.evaluate(contrast, [CHIPS, 4.5]), design
        emblems: dict[str, str] = {}
        for powder, mask, width, font in page.evaluate(EMBLEMS):
            assert "svg" in mask and width >= 24 and font >= 13, (powder, width, font)
            assert emblems.setdefault(powder, mask) == mask
        assert len(emblems) >= 2 and len(set(emblems.values())) == len(emblems)
    press(page, " ")  # a chip in the Hülse: its emblem is the powder's symbol
    chip = page.locator("#rk-m-0 .rk-chip").first
    assert chip.locator("use").get_attribute("href") == f"#rk-e-{chip.get_attribute('class').split('rk-c-')[1][0]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


#: the top line: on a phone it is sticky over the page's background (site.css), the status and the connection
#: label must stay readable on it (tests/browser/contrast.js: WCAG ratio)
TOPLINE = [[".rk-topline", "", "#rk-status [data-testid=status]"], [".rk-topline", "", "#rk-conn"]]
#: the status at the guest's turn (the accent colour), then of a status that is not (the ink)
MINE = [["#rk-status", "rk-mine", "[data-testid=status]"]]
#: the connection label when the connection is lost (as table.js shows it)
CLOSED = """() => { const c = document.getElementById('rk-conn');
    c.dataset.state = 'closed'; c.textContent = 'Verbindung unterbrochen – verbinde neu …'; }"""
OPENED = (
    "() => { const c = document.getElementById('rk-conn'); c.dataset.state = 'open'; c.textContent = 'verbunden'; }"
)
#: every line of the log numbered 10 or more whose number does not fit left of the line inside the scrolling box
#: (what is left of its inner edge is clipped): [number, how far it sticks out]; the probe is the number as the
#: marker shows it ("40. ", in the marker's font, digits of equal width)
CLIPPED_NUMBERS = """() => {
  const log = document.getElementById('rk-log');
  const lines = [...log.querySelectorAll(':scope > li')];
  const edge = log.getBoundingClientRect().left + log.clientLeft;
  const probe = document.createElement('span');
  probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre; font-variant-numeric: tabular-nums';
  document.body.append(probe);
  const clipped = [];
  lines.forEach((li, i) => {
    const n = lines.length - i;  // <ol reversed>: the newest line on top has the highest number
    const m = getComputedStyle(li, '::marker');
    const {fontFamily, fontSize, fontWeight, fontStyle} = m;
    Object.assign(probe.style, {fontFamily, fontSize, fontWeight, fontStyle});
    probe.textContent = `${n}. `;
    const out = edge - (li.getBoundingClientRect().left - probe.getBoundingClientRect().width);
    if (n >= 10 && out > 0.5) clipped.push([n, Math.round(out * 10) / 10]);
  });
  probe.remove();
  return {lines: lines.length, style: getComputedStyle(log).listStyleType, clipped};
}"""
#: what #tbl-bar shows at a live table with a move clock and a stake (lobby/runtime/rendering.py table_bar)
STRIP = """() => { document.getElementById('probe-strip')?.remove();
    document.getElementById('tbl-bar').insertAdjacentHTML('beforeend', '<span id="probe-strip">'
    + '<span class="tbl-clock tbl-clock-mine">'
    + '<span>Deine Bedenkzeit: <strong class="tbl-clock-left">26 s</strong></span></span>'
    + '<span class="tbl-clock"><span>Bedenkzeit Anna: <strong class="tbl-clock-left">26 s</strong></span></span>'
    + '<span class="badge"><span>Einsatz 10 Taler</span></span></span>'); }"""
STRIP_TEXT = [["#probe-strip", "", "span > span, strong"]]
#: the log grows on a live page (appended lines): more lines, up to three digits
MORE_LINES = """(count) => { const log = document.getElementById('rk-log');
    while (log.children.length < count) log.append(log.lastElementChild.cloneNode(true)); }"""


def test_status_line_is_readable_on_a_phone_and_the_log_shows_its_numbers_whole(browser, live_site):
    contrast = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
    not_mine = (
        f"(args) => {{ document.getElementById('rk-status').classList.remove('rk-mine'); return ({contrast})(args); }}"
    )
    for scheme in ("light", "dark"):
        context = browser.new_context(
            base_url=live_site, locale="de-DE", color_scheme=scheme, viewport={"width": 390, "height": 844}
        )
        page = context.new_page()
        page.set_default_timeout(15000)
        start_short_game(page)
        page.wait_for_selector("#rk-status.rk-mine[data-phase=stopfen]")
        assert page.evaluate("getComputedStyle(document.querySelector('.rk-topline')).position") == "sticky"
        for design in ("nacht", "tag"):
            page.get_by_test_id("settings-open").click()
            page.check(f"input[name=rk-design][value={design}]")
            page.get_by_test_id("settings-open").click()
            assert not page.evaluate(contrast, [TOPLINE, 4.5]), (scheme, design)
            assert not page.evaluate(contrast, [MINE, 4.5]), (scheme, design, "Stopfen")
            assert not page.evaluate(not_mine, [TOPLINE, 4.5]), (scheme, design)
            page.evaluate(CLOSED)
            assert not page.evaluate(contrast, [TOPLINE, 4.5]), (scheme, design, "closed")
            page.evaluate(OPENED)
            # the shared strip of a live table: move clocks and the stake (the site's classes, the table's design)
            page.evaluate(STRIP)
            assert not page.evaluate(contrast, [STRIP_TEXT, 4.5]), (scheme, design, "clock and stake")

        # the log's numbers: the lines so far, then as many as a long evening brings, then three digits
        while page.evaluate(CLIPPED_NUMBERS)["lines"] < 10:
            c = controls(page)
            if not c.get("mine"):
                page.wait_for_timeout(100)
            elif page.get_by_test_id("sand-ask").count():
                answer_by_keys(page, ignite=False)
            elif c.get("phase") == "stopfen" and page.get_by_test_id("ziehen").is_enabled():
                press(page, " ")
            else:
                press(page, "Enter")
        for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
            page.set_viewport_size(size)
            for count in (0, 40, 120):
                # in one task: a live update (a computer's move) may swap the log between two evaluations
                numbers = page.evaluate(f"(count) => {{ ({MORE_LINES})(count); return ({CLIPPED_NUMBERS})(); }}", count)
                assert numbers["lines"] >= max(count, 10) and numbers["style"] == "decimal"
                assert not numbers["clipped"], (scheme, size, numbers["clipped"])
        context.close()


def _end_boards_and_konkurrenz_shows() -> tuple[str, str, str, str]:
    """As the server renders them: a finished Tagesrätsel's end board; the end board of a finished table of three
    with long names (QA: its last column was cut off); the show of a Konkurrenz evening with Wertungsfeld 11 under
    her 14, and one with 14 (and a long name) on her 14."""
    import random

    from games.core.fragments import render_fragment
    from games.rocket import engine as E
    from games.rocket import ui
    from tests.games.rocket.helpers import evening, to_step
    from tests.games.rocket.test_endboard import finished
    from tests.games.rocket.test_ui import ctx_for

    def named(ctx, names):  # type: ignore[no-untyped-def]
        return type(ctx)(ctx.snap, ctx.view, ctx.seat, names)

    rng = random.Random(3)
    s = E.new_game(seed=3, players=1, options={"taeglich": True})
    while not E.is_over(s):
        s, _ = E.apply(s, 0, rng.choice(E.legal_actions(s, 0)))
    long_name = "Pulvermacher Gottlieb Leberecht"  # a long name, as people have
    daily = render_fragment(ui.private_fragments(named(ctx_for(s, 0), [long_name]))["rk-end"])[1]
    names = [long_name, "Computer (für bert_qa)", "Computer (für bert_qa)"]
    table = render_fragment(ui.private_fragments(named(ctx_for(finished(), 0), names))["rk-end"])[1]
    shows = []
    for start, name in ((10, "P0"), (13, long_name)):
        s = evening(1, blatt="konkurrenz", abend=1)
        s.seats[0].start = start  # Wertungsfeld start + 1
        shows.append(render_fragment(ui.public_fragments(named(ctx_for(to_step(s, 1), None), [name]))["rk-show"])[1])
    return daily, table, shows[0], shows[1]


#: how many heights (bar and name) the Konkurrenz label runs over
OVERLAPS = """() => { const label = document.querySelector('#rk-show .rk-ziel span').getBoundingClientRect();
    return [...document.querySelectorAll('#rk-show .rk-height')].filter((h) => {
      const r = h.getBoundingClientRect();
      return r.left < label.right && label.left < r.right && r.top < label.bottom && label.top < r.bottom;
    }).length; }"""
#: per row of the end table: how far the colour marker's middle is from the name's middle (one line: near 0)
MARKER_OFF = """() => [...document.querySelectorAll('#rk-end .rk-end-name')].map((cell) => {
    const key = cell.querySelector('svg').getBoundingClientRect();
    const name = cell.querySelector(':scope > span').getBoundingClientRect();
    if (key.right > name.left + 1) return 99;  // not left of the name
    return Math.abs((key.top + key.bottom) / 2 - (name.top + name.bottom) / 2); })"""
#: the Konkurrenz line's top and bottom edge and the top of the (only) height bar
LINE_AND_BAR = """() => { const line = document.querySelector('#rk-show .rk-ziel').getBoundingClientRect();
    return [line.top, line.bottom, document.querySelector('#rk-show .rk-col').getBoundingClientRect().top]; }"""
#: the end table's column heads not wholly in the end board's visible box, and whether the board scrolls sideways
CUT_COLUMNS = """() => { const end = document.querySelector('#rk-end .rk-end');
    const left = end.getBoundingClientRect().left + end.clientLeft, right = left + end.clientWidth;
    const cut = [...end.querySelectorAll('.rk-end-table th')].filter((th) => {
      const r = th.getBoundingClientRect(); return r.left < left - 0.5 || r.right > right + 0.5; });
    return {cut: cut.map((th) => th.textContent), sideways: end.scrollWidth > end.clientWidth}; }"""
PUT = """([show, end]) => { document.getElementById('rk-show').outerHTML = show;
    document.getElementById('rk-end').outerHTML = end; }"""


def test_the_konkurrenz_line_and_label_the_share_line_and_the_end_table_fit(browser, live_site):
    """QA: the label "Konkurrenz 14" ran under the height bar, the share line was cut off, and the first end
    row's colour marker wrapped above the name; the Konkurrenz line stood about 30 px too low (a bar of 11 above
    "Konkurrenz 14"); at a table of three with long names the end table's last column was cut off. The fragments
    as the server renders them, on the real page (two desktops and a phone)."""
    daily, table, below, on = _end_boards_and_konkurrenz_shows()
    context = browser.new_context(base_url=live_site, locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    start_short_game(page)  # the guest does not act: the show and the end board stay as set here
    for width in (1280, 1400, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(PUT, [below, daily])
        label = page.locator("#rk-show .rk-ziel span")
        assert label.inner_text() == "Konkurrenz 14" and label.is_visible()
        assert page.evaluate(OVERLAPS) == 0, width
        assert (
            "steigt nicht über die Konkurrenz (Feld 14): kein Tagespreis." in page.get_by_test_id("step-1").inner_text()
        )
        line_top, line_bottom, bar_top = page.evaluate(LINE_AND_BAR)
        assert bar_top >= line_bottom, (width, "the bar of field 11 stands under the line of field 14")
        share = page.get_by_test_id("share-line")
        assert share.input_value().startswith("Speedrocket-Tagesrätsel:")
        assert share.evaluate("i => i.scrollWidth <= i.clientWidth"), width
        assert max(page.evaluate(MARKER_OFF)) < 6, width

        page.evaluate(PUT, [on, table])
        line_top, line_bottom, bar_top = page.evaluate(LINE_AND_BAR)
        assert abs(bar_top - line_top) <= 1.5, (width, "a bar of field 14 reaches the line of field 14")
        assert page.evaluate(OVERLAPS) == 0, width
        assert page.evaluate(CUT_COLUMNS) == {"cut": [], "sideways": False}, width
        assert max(page.evaluate(MARKER_OFF)) < 6, width
        short = page.locator("#rk-end thead .rk-th-short").first
        assert short.is_visible() == (width < 600), width  # on a phone the heads go short (✸ for Fehlzündungen)
    context.close()
