"""Two real Chromium contexts: open and join a staked table with one computer, play to the end
(one player lets the clock run out once), the pot lands with the winner, both click Nochmal."""

from __future__ import annotations

import re
import time
import uuid

PASSWORD = "Kleister-1929!"


def register(browser, live_site, name, **context_options):  # type: ignore[no-untyped-def]
    """A new registered player in a browser context of their own (``context_options``: e.g. a phone's viewport)."""
    context = browser.new_context(base_url=live_site, locale="de-DE", **context_options)
    page = context.new_page()
    page.set_default_timeout(20000)
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    page.get_by_test_id("balance").wait_for()
    return context, page


def balance(page) -> int:  # type: ignore[no-untyped-def]
    page.goto("/konto/")
    return int(re.sub(r"\D", "", page.get_by_test_id("balance").inner_text()))


def act(page) -> bool:  # type: ignore[no-untyped-def]
    """Make one move if it is this player's turn; True if one was made."""
    status = page.locator("#kl-status")
    if not status.count() or status.get_attribute("data-my-turn") != "1":
        return False
    version = page.locator("#tbl-v").get_attribute("data-version")
    phase = status.get_attribute("data-phase")
    if page.locator("#kl-intro[open]").count():
        page.get_by_test_id("intro-ok").click()
    if phase == "kleben":
        page.locator("#kl-hand .kl-card").first.click()
        page.keyboard.press("a")
        page.keyboard.press("Enter")
    elif phase == "nehmen":
        page.keyboard.press("n")
    elif phase == "liegen":
        page.keyboard.press("h")
    else:
        page.keyboard.press("d" if page.locator("[data-key=d]").count() else "1")
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'", timeout=15000)
    return True


def open_staked_kleister(page) -> None:  # type: ignore[no-untyped-def]
    """From /tische/: a Kurz table for 3 with a 30 s clock, 10 Taler, free places to easy computers."""
    form = page.get_by_test_id("open-kleister")
    form.locator("#id_kleister-places").select_option("3")
    form.locator("#id_kleister-clock").select_option("30")
    form.locator("#id_kleister-bot_level").select_option("leicht")
    form.locator("#id_kleister-stake").select_option("10")
    form.locator("#id_kleister-fill_computers").check()
    form.locator("#id_kleister-spielart").select_option("kurz")
    form.get_by_role("button", name="Tisch eröffnen").click()
    page.get_by_test_id("wait-room").wait_for()


def test_two_players_staked_table_clock_pot_and_nochmal(browser, live_site):
    tag = uuid.uuid4().hex[:5]
    ctx_a, anna = register(browser, live_site, f"anna{tag}")
    ctx_b, bert = register(browser, live_site, f"bert{tag}")

    bert.goto("/tische/")
    anna.goto("/tische/")
    open_staked_kleister(anna)
    table_id = int(anna.url.rstrip("/").split("/")[-1])

    # Bert's lobby list updates by itself; he sits down
    bert.get_by_test_id(f"lobby-table-{table_id}").get_by_role("link").click()
    bert.get_by_test_id("join").click()
    anna.get_by_text(f"bert{tag}").wait_for()  # Anna's waiting room shows him without reload
    anna.get_by_test_id("start").click()
    for page in (anna, bert):
        page.wait_for_selector("#kl-conn[data-state=open]")

    clock_ran_out = False
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if all(p.locator("[data-testid=endboard]").count() for p in (anna, bert)):
            break
        moved = act(anna)
        status = bert.locator("#kl-status")
        if (
            not clock_ran_out
            and status.get_attribute("data-my-turn") == "1"
            and status.get_attribute("data-phase") == "kleben"
        ):
            bert.get_by_test_id("clock").wait_for()  # everyone sees the countdown
            anna.get_by_test_id("clock").wait_for()
            bert.locator("#kl-log").get_by_text("Bedenkzeit").wait_for(timeout=60000)
            clock_ran_out = True
            continue
        moved = act(bert) or moved
        if not moved:
            anna.wait_for_timeout(150)
    assert clock_ran_out
    assert anna.get_by_test_id("endboard").is_visible() and bert.get_by_test_id("endboard").is_visible()
    # the table bar says who got the pot, and the header balance changed without a reload
    for page in (anna, bert):
        pot = page.get_by_test_id("pot")
        pot.wait_for()
        assert "Pot 20 Taler" in pot.inner_text()
    headers = [int(re.sub(r"\D", "", p.get_by_test_id("header-balance").inner_text())) for p in (anna, bert)]
    assert sorted(headers) in ([990, 1010], [1000, 1000])

    for page in (anna, bert):  # a staked Nochmal asks first (the stake is reserved at once)
        page.on("dialog", lambda dialog: dialog.accept())

    # both click Nochmal: the next game starts by itself
    anna.get_by_test_id("end-again").click()
    anna.get_by_test_id("again-wait").wait_for()
    # the table id is above 1000 and the reservation time a timestamp: both must reach the page unlocalized
    assert table_id >= 1000
    countdown = anna.get_by_test_id("again-wait").locator(".tbl-countdown")
    anna.wait_for_function("el => /^\\d+:\\d\\d$/.test(el.textContent)", arg=countdown.element_handle())
    assert re.fullmatch(r"[0-2]:\d\d", countdown.inner_text()), countdown.inner_text()
    bert.get_by_test_id("end-again").click()
    for page in (anna, bert):
        page.wait_for_selector("#kl-conn[data-state=open]")
        assert not page.locator("[data-testid=endboard]").count()

    # the pot of the first game (20 Taler) went to the better-placed human
    balances = sorted([balance(anna), balance(bert)])
    assert balances in ([980, 1000], [990, 990])  # second game's stakes already taken
    ctx_a.close()
    ctx_b.close()
