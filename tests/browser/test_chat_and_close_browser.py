"""Two real Chromium contexts chat at a live staked table; an admin closes the table in the admin:
both pages say so at once and the stakes are back. Then the admin voids a Bestenliste entry and the
player sees why in Meine Partien."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import expect

from tests.browser.conftest import server_sql
from tests.browser.test_live_table_browser import balance, register


def dismiss_intro(page) -> None:  # type: ignore[no-untyped-def]
    if page.locator("#kl-intro[open]").count():
        page.get_by_test_id("intro-ok").click()


def open_staked_table(page) -> int:  # type: ignore[no-untyped-def]
    """From /tische/: Speedkleister Kurz for 3, 2 minutes, 10 Taler, the free place to a computer."""
    page.goto("/tische/")
    form = page.get_by_test_id("open-kleister")
    form.locator("#id_kleister-places").select_option("3")
    form.locator("#id_kleister-clock").select_option("120")
    form.locator("#id_kleister-bot_level").select_option("leicht")
    form.locator("#id_kleister-stake").select_option("10")
    form.locator("#id_kleister-fill_computers").check()
    form.locator("#id_kleister-spielart").select_option("kurz")
    form.get_by_role("button", name="Tisch eröffnen").click()
    page.get_by_test_id("wait-room").wait_for()
    return int(page.url.rstrip("/").split("/")[-1])


def header_balance(page) -> int:  # type: ignore[no-untyped-def]
    return int(re.sub(r"\D", "", page.get_by_test_id("header-balance").inner_text()))


def test_two_players_chat_and_an_admin_closes_the_table(browser, live_site, live_database):
    tag = uuid.uuid4().hex[:5]
    ctx_a, anna = register(browser, live_site, f"anna{tag}")
    ctx_b, bert = register(browser, live_site, f"bert{tag}")
    ctx_c, chef = register(browser, live_site, f"chef{tag}")
    server_sql(
        live_database,
        "UPDATE accounts_user SET is_staff = %s, is_superuser = %s WHERE username = %s",
        (True, True, f"chef{tag}"),
    )

    table_id = open_staked_table(anna)
    bert.goto(f"/tisch/{table_id}/")
    bert.get_by_test_id("join").click()
    anna.get_by_text(f"bert{tag}").wait_for()
    anna.get_by_test_id("start").click()
    for page in (anna, bert):
        page.wait_for_selector("#kl-conn[data-state=open]")
        page.get_by_test_id("chat").wait_for()
    assert header_balance(anna) == header_balance(bert) == 990

    # Anna writes (escaped, not markup), Bert answers with a phrase; both see both lines without a reload
    dismiss_intro(anna)
    anna.get_by_test_id("chat-input").fill("Hallo <b>Bert</b>!")
    anna.get_by_test_id("chat-input").press("Enter")
    for page in (anna, bert):
        page.get_by_test_id("chat-list").get_by_text("Hallo <b>Bert</b>!").wait_for()
        assert not page.locator("#chat-list b").count()
    assert anna.get_by_test_id("chat-input").input_value() == ""
    dismiss_intro(bert)
    bert.get_by_test_id("chat").get_by_role("button", name="Viel Glück!").click()
    for page in (anna, bert):
        page.get_by_test_id("chat-list").get_by_text("Viel Glück!").wait_for()
    # a line over 200 characters is refused with a German message
    anna.get_by_test_id("chat-input").evaluate("el => el.removeAttribute('maxlength')")
    anna.get_by_test_id("chat-input").fill("x" * 201)
    anna.get_by_test_id("chat-input").press("Enter")
    anna.locator("#table-error").get_by_text("höchstens 200 Zeichen").wait_for()

    # the admin closes the table from its admin page, with a reason
    chef.goto(f"/admin/lobby/table/{table_id}/change/")
    chef.get_by_text("Hallo <b>Bert</b>!").wait_for()  # admins see the chat
    chef.get_by_test_id("close-table").click()
    chef.locator("textarea[name=reason]").fill("Test der Moderation")
    chef.get_by_role("button", name="Tisch schließen").click()
    chef.get_by_text(f"Tisch {table_id} geschlossen.").wait_for()

    for page in (anna, bert):
        notice = page.get_by_test_id("table-notice")
        notice.get_by_text("Ein Admin hat diesen Tisch geschlossen").wait_for()
        assert "alle Einsätze gehen zurück" in notice.inner_text()
        page.get_by_test_id("table-closed").wait_for()
        page.get_by_test_id("chat-input").wait_for(state="hidden")  # the chat closed with the table
        # the game no longer looks playable: the status says it is closed, the board takes no input
        expect(page.locator("#kl-status")).to_have_text("Dieser Tisch ist geschlossen.")
        page.evaluate("document.getElementById('table-error').textContent = ''")
        page.locator("#kl-hand .kl-card").first.click()
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        assert page.locator("#table-error").inner_text().strip() == ""  # nothing was sent
        page.wait_for_function("document.querySelector('[data-testid=header-balance]').textContent.includes('1.000')")
        assert header_balance(page) == 1000
    assert balance(anna) == balance(bert) == 1000
    # the ledger has exactly one refund per stake
    anna.goto("/konto/")
    assert anna.get_by_text(f"Einsatz zurück von Tisch {table_id}").count() == 1
    # a reload shows the closed table
    bert.goto(f"/tisch/{table_id}/")
    bert.get_by_text("Dieser Tisch ist geschlossen.").wait_for()
    chef.goto("/admin/moderation/auditrecord/")
    chef.get_by_text("Test der Moderation").wait_for()

    # the admin voids a Bestenliste entry of Anna's (a correction entry, set up directly): she sees why
    server_sql(
        live_database,
        "INSERT INTO leaderboard_scoreentry (user_id, game, points, kind, created, void_reason) "
        "VALUES ((SELECT id FROM accounts_user WHERE username = %s), 'kleister', 42, 'partie', CURRENT_TIMESTAMP, '')",
        (f"anna{tag}",),
    )
    chef.goto(f"/admin/leaderboard/scoreentry/?q=anna{tag}")
    chef.locator("#action-toggle").check()
    chef.locator("select[name=action]").select_option("void")
    chef.get_by_role("button", name="Ausführen").click()
    chef.locator("textarea[name=reason]").fill("Punkte aus einem Fehler")
    chef.get_by_role("button", name="Streichen").click()
    chef.get_by_text("Gestrichen:").wait_for()
    anna.goto("/konto/partien/")
    entry = anna.get_by_test_id("voided-entry")
    assert "Punkte aus einem Fehler" in entry.inner_text() and "42" in entry.inner_text()
    anna.goto("/bestenliste/")
    assert not anna.get_by_test_id("own-rank").count()  # the voided points count nowhere
    for context in (ctx_a, ctx_b, ctx_c):
        context.close()
