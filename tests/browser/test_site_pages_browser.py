"""In real Chromium: site pages on a phone keep the phone's width (tables scroll in their card, long names wrap)."""

from __future__ import annotations

import uuid

PASSWORD = "Kleister-1929!"


def test_meine_partien_and_the_konto_fit_a_phone_with_a_long_name(browser, live_site):
    context = browser.new_context(base_url=live_site, locale="de-DE", viewport={"width": 390, "height": 844})
    page = context.new_page()
    name = ("x" * 24 + uuid.uuid4().hex)[:30]  # 30 characters without a break
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    page.get_by_test_id("balance").wait_for()
    for url in ("/konto/", "/konto/partien/", "/bestenliste/"):
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{url} is {width} px wide on a 390 px phone"
    context.close()
