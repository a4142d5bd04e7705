"""In real Chromium: site pages on a phone keep the phone's width (tables scroll in their card, long names wrap)."""

from __future__ import annotations

import uuid

from tests.browser.test_live_table_browser import register


def test_meine_partien_and_the_konto_fit_a_phone_with_a_long_name(browser, live_site):
    name = ("x" * 24 + uuid.uuid4().hex)[:30]  # 30 characters without a break
    context, page = register(browser, live_site, name, viewport={"width": 390, "height": 844})
    for url in ("/konto/", "/konto/partien/", "/bestenliste/"):
        page.goto(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{url} is {width} px wide on a 390 px phone"
    context.close()
