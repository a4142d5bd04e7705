"""Three real Chromium contexts at a live Speedneon table with a clock: two choose their facade at the
same moment and both choices stand; the third lets its facade clock run out and sees the computer's pick.
Then only the player to move sees the step panel: the others see no empty box while they wait."""

from __future__ import annotations

import re
import uuid

from tests.browser.test_live_table_browser import register
from tests.browser.test_neon_browser import STEP_PANEL_ON_THE_OWN_TURN_ONLY


def test_facades_chosen_at_the_same_moment_both_stand_and_a_lapsed_clock_picks(browser, live_site):
    tag = uuid.uuid4().hex[:5]
    contexts, pages = zip(*(register(browser, live_site, f"{n}{tag}") for n in ("nora", "nils", "nina")), strict=True)
    nora, nils, nina = pages
    # Nina's device clock is two minutes ahead: the countdown still follows the server's clock
    contexts[2].add_init_script("(() => { const real = Date.now; Date.now = () => real() + 120000; })()")
    nora.goto("/tische/")
    nora.locator("details:has([data-testid=open-neon]) > summary").click()
    form = nora.get_by_test_id("open-neon")
    form.locator("#id_neon-places").select_option("3")
    form.locator("#id_neon-clock").select_option("30")
    form.get_by_role("button", name="Tisch eröffnen").click()
    nora.get_by_test_id("wait-room").wait_for()
    table = nora.url
    for page in (nils, nina):
        page.goto(table)
        page.get_by_test_id("join").click()
    for page in pages:
        page.wait_for_selector("#nn-conn[data-state=open]")
        page.get_by_test_id("choose-0").wait_for()
        page.get_by_test_id("clock").first.wait_for()  # every page shows the facade clock

    # Nora and Nils choose from the same version, one right after the other, before any update arrives
    nora.evaluate("document.querySelector('[data-testid=choose-0]').click()")
    nils.evaluate("document.querySelector('[data-testid=choose-1]').click()")
    for page in (nora, nils):
        page.get_by_text("Du hast gewählt").wait_for()
    assert not nora.locator("#table-error").inner_text().strip()
    assert not nils.locator("#table-error").inner_text().strip()
    # Nina's own clock still runs; hers alone is left on every page
    nina.locator(".tbl-clock-mine").wait_for()
    assert re.fullmatch(r"\d+ s", nina.locator(".tbl-clock-mine .tbl-clock-left").inner_text().strip())
    assert nora.locator("[data-testid=clock]").count() == 1

    # Nina waits: after her 45 s (shortened for tests) and the Nachfrist the computer picks for her
    nina.locator("#nn-status[data-phase=spiel]").wait_for(timeout=40000)
    nina.get_by_text("Bedenkzeit von nina").first.wait_for()
    for page in (nora, nils):
        page.locator("#nn-status[data-phase=spiel]").wait_for()
    waiting = 0
    for page in pages:
        step_panel = page.evaluate(STEP_PANEL_ON_THE_OWN_TURN_ONLY)
        assert step_panel is True, step_panel
        waiting += page.evaluate("document.getElementById('nn-status').dataset.myTurn") != "1"
    assert waiting >= 2  # one player moves, the others wait for a live player
    for context in contexts:
        context.close()
