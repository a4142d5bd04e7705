"""In real Chromium: the Turbo button of a free game against computers (lobby/turbo.py)."""

from __future__ import annotations

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
