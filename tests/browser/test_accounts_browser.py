"""In real Chromium: register, see 1.000 Taler, log out, log in again; play as guest."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect

PASSWORD = "Kleister-1929!"


def test_register_logout_login(page):
    name = f"grete{uuid.uuid4().hex[:6]}"
    page.goto("/")
    page.get_by_role("link", name="Registrieren").first.click()
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    expect(page.get_by_test_id("balance")).to_have_text("1.000 Taler")
    assert "Startguthaben" in page.locator("table.ledger").inner_text()
    page.get_by_role("button", name="Abmelden").click()
    page.get_by_role("link", name="Anmelden").first.click()
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_test_id("header-balance")).to_have_text("1.000 Taler")


def test_wrong_input_keeps_what_was_typed(page):
    page.goto("/konto/registrieren/")
    page.fill("#id_username", "paul")
    page.fill("#id_password1", "123")
    page.fill("#id_password2", "123")
    page.get_by_role("button", name="Registrieren").click()
    assert page.input_value("#id_username") == "paul"
    expect(page.locator(".error").first).to_contain_text("zu kurz")


def test_guest_then_register_keeps_user(page):
    page.goto("/")
    page.get_by_role("button", name="Als Gast spielen").click()
    expect(page.locator(".account-box")).to_contain_text("Gast – ohne Einsatz")
    page.get_by_role("link", name="Konto anlegen").first.click()
    name = f"paul{uuid.uuid4().hex[:6]}"
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Konto anlegen").click()
    expect(page.get_by_test_id("balance")).to_have_text("1.000 Taler")


def test_phone_layout_has_no_horizontal_scroll(browser, live_site):
    context = browser.new_context(base_url=live_site, viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.goto("/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    context.close()
