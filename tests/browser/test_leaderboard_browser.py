"""In real Chromium: a new player opens the Bestenliste from the menu and switches game and period tabs."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import expect

PASSWORD = "Kleister-1929!"


def register(page) -> str:  # type: ignore[no-untyped-def]
    name = f"lotte{uuid.uuid4().hex[:6]}"
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    expect(page.get_by_test_id("balance")).to_have_text("1.000 Taler")
    return name


def list_or_empty(page):  # type: ignore[no-untyped-def]
    """Other browser tests on the same server may already have scored: either state is fine."""
    return page.locator("table.lb-table, [data-testid=empty]")


def test_bestenliste_tabs(page):
    register(page)
    page.get_by_role("navigation", name="Hauptmenü").get_by_role("link", name="Bestenliste").click()
    expect(page).to_have_url(re.compile(r"/bestenliste/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Bestenliste")
    expect(list_or_empty(page)).to_be_visible()
    games = page.get_by_role("navigation", name="Spiele")
    periods = page.get_by_role("navigation", name="Zeitraum")
    expect(games.locator("[aria-current=page]")).to_have_text("Alle Spiele")
    expect(periods.locator("[aria-current=page]")).to_have_text("Aller Zeiten")
    # a new player has no points yet: no own row, no "Dein Platz"
    expect(page.locator("[aria-current=true]")).to_have_count(0)

    games.get_by_role("link", name="Speedkleister").click()
    expect(page).to_have_url(re.compile(r"/bestenliste/kleister/$"))
    expect(games.locator("[aria-current=page]")).to_have_text("Speedkleister")
    expect(page.get_by_role("heading", level=2).first).to_have_text("Speedkleister · Aller Zeiten")
    # the solo modes' own lists are one click away (they do not count here)
    expect(page.get_by_test_id("solo-lists").get_by_role("link", name="Tagesliste")).to_have_attribute(
        "href", "/bestenliste/kleister/taeglich/"
    )
    expect(list_or_empty(page)).to_be_visible()

    periods.get_by_role("link", name="Dieser Monat").click()
    expect(page).to_have_url(re.compile(r"/bestenliste/kleister/\?zeitraum=monat$"))
    expect(periods.locator("[aria-current=page]")).to_have_text("Dieser Monat")
    expect(games.locator("[aria-current=page]")).to_have_text("Speedkleister")
    expect(page.get_by_role("heading", level=2).first).to_have_text(re.compile(r"^Speedkleister · \w+ \d{4}$"))

    games.get_by_role("link", name="Alle Spiele").click()
    expect(page).to_have_url(re.compile(r"/bestenliste/\?zeitraum=monat$"))
    expect(periods.locator("[aria-current=page]")).to_have_text("Dieser Monat")
    periods.get_by_role("link", name="Aller Zeiten").click()
    expect(page).to_have_url(re.compile(r"/bestenliste/$"))


def test_guest_gets_a_hint_and_unknown_game_is_not_found(page):
    page.goto("/bestenliste/")
    page.get_by_role("button", name="Als Gast spielen").click()
    expect(page).to_have_url(re.compile(r"/bestenliste/$"))
    expect(page.get_by_text("Als Gast erscheinst du in keiner Liste.")).to_be_visible()
    response = page.goto("/bestenliste/schach/")
    assert response is not None and response.status == 404  # the page itself is Django's debug page here


def test_phone_layout_has_no_horizontal_scroll(browser, live_site):  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=live_site, viewport={"width": 375, "height": 740}, locale="de-DE")
    page = context.new_page()
    page.goto("/bestenliste/?zeitraum=monat")
    expect(page.get_by_role("heading", level=1)).to_have_text("Bestenliste")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()
