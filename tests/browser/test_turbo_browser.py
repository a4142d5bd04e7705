"""In real Chromium: the table bar of a free game against computers: the Turbo button (lobby/turbo.py), ending it."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_the_turbo_button_at_a_free_speedburg_game_goes_on_and_off(page):
    page.goto("/spiele/burg/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/burg/")
    page.check("input[name=gegner][value='2']")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#bg-conn[data-state=open]")
    button = page.get_by_test_id("turbo")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#bg-log")).to_contain_text("Turbo an: die Computer ziehen schneller.")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#bg-log")).to_contain_text("Turbo aus")
    assert page.locator("#table-error").inner_text().strip() == ""
    # A refusal shows, and goes again by itself (static/games/core/table.js): it stayed for the whole game.
    page.evaluate(
        """() => { const form = document.querySelector('#bg-send');
                   form.querySelector('[name=action]').value = '{nope'; htmx.trigger(form, 'submit'); }"""
    )
    expect(page.locator("#table-error")).not_to_be_empty()
    expect(page.locator("#table-error")).to_be_empty(timeout=8000)


def test_a_free_speedkleister_game_has_no_turbo_button(page):
    page.goto("/spiele/kleister/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/kleister/")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    expect(page.locator("#tbl-bar")).to_be_attached()
    assert page.get_by_test_id("turbo").count() == 0


def test_a_free_game_can_be_ended_without_a_result_and_the_board_stops(page):
    """ "Aufhören" in the bar of a free game: the status line says the game ended without a result, the
    board takes no more input, and "Neue Partie" starts the next game at the same table."""
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto("/spiele/kleister/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/kleister/")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Speedkleister – Tisch \d+$"))
    page.locator("form.tbl-leave").evaluate("form => form.requestSubmit()")  # the first-move intro may cover it
    expect(page.locator("#kl-status")).to_have_text("Diese Partie wurde ohne Wertung beendet.")
    expect(page.locator(".game-table")).to_have_class(re.compile("table-closed"))
    page.get_by_test_id("again-solo").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    expect(page.get_by_test_id("table-aborted")).to_have_count(0)
    expect(page.get_by_test_id("leave")).to_be_attached()
