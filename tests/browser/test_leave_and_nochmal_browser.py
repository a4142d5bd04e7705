"""Two people at a staked table; one leaves: the computer plays on as "Computer (für NAME)", the
other finishes, and Nochmal asks about the stake and leads to the waiting room, not a new game."""

from __future__ import annotations

import time
import uuid

from tests.browser.test_live_table_browser import act, balance, open_staked_kleister, register


def test_leaver_is_replaced_by_a_named_computer_and_nochmal_waits_in_the_room(browser, live_site):
    tag = uuid.uuid4().hex[:5]
    ctx_a, anna = register(browser, live_site, f"lena{tag}")
    ctx_b, bert = register(browser, live_site, f"lars{tag}")
    for page in (anna, bert):
        page.on("dialog", lambda dialog: dialog.accept())
    anna.goto("/tische/")
    open_staked_kleister(anna)
    table = anna.url
    bert.goto(table)
    bert.get_by_test_id("join").click()
    anna.get_by_text(f"lars{tag}").wait_for()
    anna.get_by_test_id("start").click()
    for page in (anna, bert):
        page.wait_for_selector("#kl-conn[data-state=open]")

    # submitted like a click (the first-move intro may lie over the page); confirmed in the dialog
    bert.locator("form.tbl-leave").evaluate("form => form.requestSubmit()")
    anna.locator("#kl-log").get_by_text("der Computer übernimmt den Platz").wait_for()
    anna.get_by_text(f"Computer (für lars{tag})").first.wait_for()

    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not anna.locator("[data-testid=endboard]").count():
        if not act(anna):
            anna.wait_for_timeout(150)
    end = anna.get_by_test_id("endboard")
    end.wait_for()
    assert f"Computer (für lars{tag})" in end.inner_text()
    before = balance(anna)  # Anna's header showed it already; /konto/ agrees
    anna.goto(table)
    anna.get_by_test_id("end-again").click()  # asks about the 10 Taler, then the waiting room
    anna.get_by_test_id("wait-room").wait_for()
    assert not anna.locator("[data-testid=endboard]").count()
    assert balance(anna) == before - 10  # reserved for the next game, which has not started
    ctx_a.close()
    ctx_b.close()
