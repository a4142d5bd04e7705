"""Issue 8 in real Chromium: the site as a new user meets it (ids above 1000, Rat, info windows,
dark scheme, phone, stake, login, not-found page, favicon).

Each test starts at most one free game and plays only as far as its point needs, so the file
stays fast; the whole browser server runs with ids from 1000 on (conftest.FIRST_IDS).
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import server_sql

PASSWORD = "Kleister-1929!"


def guest_free_game(page, game: str) -> int:  # type: ignore[no-untyped-def]
    """A guest starts a free game (Kleister: one easy computer, Kurz; Neon: the Solovariante)."""
    page.goto(f"/spiele/{game}/")
    if page.get_by_role("button", name="Als Gast spielen").count():
        page.get_by_role("button", name="Als Gast spielen").click()
        page.goto(f"/spiele/{game}/")
    if game == "kleister":
        page.select_option("#id_computers", "1")
        page.select_option("#id_level", "leicht")
        page.select_option("#id_spielart", "kurz")
    else:
        page.check("input[name=gegner][value='solo']")
    page.get_by_test_id("start-free").click()
    prefix = "kl" if game == "kleister" else "nn"
    page.wait_for_selector(f"#{prefix}-conn[data-state=open]")
    return int(page.url.rstrip("/").split("/")[-1])


def wait_my_kleben(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector("#kl-status[data-my-turn='1'][data-phase='kleben']", timeout=20000)
    if page.locator("#kl-intro[open]").count():
        page.get_by_test_id("intro-ok").click()


def test_table_above_1000_connects_and_kleister_rat_goes_with_the_next_action(page):
    table_id = guest_free_game(page, "kleister")
    assert table_id >= 1000
    assert page.locator(".kl-table").get_attribute("ws-connect") == f"/ws/tisch/{table_id}/"
    assert f"Tisch {table_id}" in page.title()
    wait_my_kleben(page)
    page.keyboard.press("r")
    page.wait_for_selector("#table-advice:has-text('Rat')")
    page.locator("#kl-hand .kl-card").first.click()
    page.keyboard.press("a")
    version = page.locator("#tbl-v").get_attribute("data-version")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    page.wait_for_function("!document.querySelector('#table-advice').textContent.trim()", timeout=5000)


def test_kleister_info_windows_on_hover(page):
    guest_free_game(page, "kleister")
    wait_my_kleben(page)
    border = "sel => getComputedStyle(document.querySelector(sel)).borderTopColor"
    assert page.evaluate(border, "#kl-own") != page.evaluate(border, "#kl-rivals .kl-column")  # whose turn (#kl-turn)
    card = page.locator("#kl-hand .kl-card").first
    card.hover()
    info = page.locator("#info-window")
    info.wait_for(state="visible")
    assert re.search(r"noch \d+ im Spiel", info.inner_text())
    assert re.search(r"davon \d+ verdeckt", info.inner_text())  # the viewer's own count (#kl-counts)
    assert card.get_attribute("title") is None  # a real window, not a native tooltip
    page.locator("#kl-rivals .kl-column header").first.hover()
    page.wait_for_function("document.querySelector('#info-window').textContent.includes('auf der Hand')")
    assert "Antippen zeigt alle Schichten." in info.inner_text()
    page.locator("#kl-center .kl-karren-cards .kl-poster").first.hover()  # public HTML, numbers of this viewer
    page.wait_for_function("/davon \\d+ verdeckt/.test(document.querySelector('#info-window').textContent)")
    # the Punktetafel's "Noch verdeckt": ranks 1–13, then the brush, the viewer's counts from #kl-counts
    hidden = json.loads(page.locator("#kl-counts").get_attribute("data-hidden"))
    entries = page.locator("#kl-hidden li")
    assert entries.evaluate_all("els => els.map(e => e.dataset.card)") == [str(c) for c in [*range(1, 14), 0]]
    assert entries.evaluate_all("els => els.map(e => e.textContent.trim())") == [
        f"{c or 'B'} {hidden[c]}" for c in [*range(1, 14), 0]
    ]
    entries.nth(7).hover()  # the 8s open the same window as a card
    page.wait_for_function("document.querySelector('#info-window').textContent.startsWith('8 · ')")
    assert re.search(r"davon \d+ verdeckt", info.inner_text())
    page.locator("#kl-own .kl-own-head").hover()
    page.wait_for_function("document.querySelector('#info-window').textContent.startsWith('Deine Säule')")
    assert "Antippen zeigt alle Schichten." in info.inner_text()
    page.locator("[data-testid=druckerei], [data-testid=draw-druckerei]").first.hover()
    page.wait_for_function("document.querySelector('#info-window').textContent.includes('verdeckte Karte')")
    page.mouse.move(1, 1)
    info.wait_for(state="hidden")


def test_neon_info_windows_and_solo_tip(page):
    guest_free_game(page, "neon")
    assert "Helle Röhren nehmen, dunkle liegen lassen" in page.get_by_test_id("solo-tip").inner_text()
    info = page.locator("#info-window")
    page.locator("#nn-koffer .nn-tool").first.hover()
    info.wait_for(state="visible")
    assert "Preis: eine" in info.inner_text()
    page.locator("#nn-koffer .nn-tafeln li").first.hover()
    page.wait_for_function("/Punkt/.test(document.querySelector('#info-window').textContent)")
    page.locator("[data-testid=choose-0]").click()  # the facade: then the Lieferung and the windows
    page.wait_for_selector("#nn-status[data-phase='spiel']")
    page.locator("#nn-center .nn-lieferung .nn-die").first.hover()
    info_says = "re => new RegExp(re).test(document.querySelector('#info-window').textContent)"
    page.wait_for_function(info_says, arg=r"Helligkeit \d \(Gegenseite \d\)")
    page.locator("#nn-own .nn-sign").hover()
    page.wait_for_function("document.querySelector('#info-window').textContent.includes('Schwierigkeit')")


CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")

KLEISTER_HIGHLIGHTS = [
    ["#kl-own", "kl-flash", "header strong, .kl-facts"],
    ["#kl-rivals .kl-column", "kl-flash", "header strong, .kl-facts, .kl-last"],
    ["#kl-own", "kl-active", "header strong"],
    ["#kl-rivals .kl-column", "kl-glow", "header strong"],
    ["#kl-status", "kl-mine", "[data-testid=status]"],
    ["#kl-score tr", "kl-me", "td"],
]
NEON_HIGHLIGHTS = [
    ["#nn-info tbody tr", "nn-now nn-me", "td"],
    ["#nn-status", "nn-mine", "[data-testid=status]"],
    ["#nn-koffer .nn-tool", "nn-usable nn-active", "strong, small"],
    ["#nn-wahl", "", "h2, p"],
]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_headings_on_highlighted_panels_are_readable(browser, live_site, scheme):
    context = browser.new_context(base_url=live_site, locale="de-DE", color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(15000)
    guest_free_game(page, "kleister")
    page.evaluate("document.querySelector('#kl-table-advice, #table-advice').innerHTML = '<strong>Rat:</strong> 2× 8'")
    bad = page.evaluate(CONTRAST, [KLEISTER_HIGHLIGHTS + [["#table-advice", "", "strong"]], 4.5])
    assert not bad, bad
    guest_free_game(page, "neon")
    bad = page.evaluate(CONTRAST, [NEON_HIGHLIGHTS, 4.5])
    assert not bad, bad
    context.close()


def test_phone_keeps_status_and_hand_in_view_and_long_press_shows_info(browser, live_site):
    context = browser.new_context(
        base_url=live_site, locale="de-DE", viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto("/spiele/kleister/")
    assert page.locator(".key-hints").first.is_hidden()  # no key list on a touch screen
    guest_free_game(page, "kleister")
    wait_my_kleben(page)
    in_view = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
                          return r.top >= 0 && r.top < innerHeight && r.bottom > 0; }"""
    for y in (0, 400, 10_000):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(50)
        assert page.evaluate(in_view, "#kl-status"), f"status out of view at scroll {y}"
        assert page.evaluate(in_view, "#kl-hand .kl-actions"), f"hand out of view at scroll {y}"
    assert page.locator("#kl-kleben kbd").is_hidden()  # no key hints on a touch screen
    page.evaluate("window.scrollTo(0, 0)")
    card = page.locator("#kl-hand .kl-card").first
    box = card.bounding_box()
    cdp = context.new_cdp_session(page)
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.locator("#info-window").wait_for(state="visible", timeout=3000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert re.search(r"noch \d+ im Spiel", page.locator("#info-window").inner_text())
    assert card.get_attribute("aria-selected") == "false"  # a long press does not select the card
    page.wait_for_timeout(500)  # (the click after a long press is swallowed for 450 ms)
    card.tap()  # a tap soon after: the window goes at once, the tap selects
    expect(page.locator("#info-window")).to_be_hidden(timeout=1000)
    expect(card).to_have_attribute("aria-selected", "true")
    guest_free_game(page, "neon")
    page.get_by_test_id("choose-0").tap()
    page.wait_for_selector("#nn-status[data-phase='spiel'][data-my-turn='1']")
    prompt = page.get_by_test_id("prompt")
    assert "Taste" in (prompt.get_attribute("data-server") or "")
    assert "Röhre antippen" in prompt.inner_text() and "Taste" not in prompt.inner_text()
    assert page.evaluate(in_view, "#nn-status")
    context.close()


def register(page, name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    page.get_by_test_id("balance").wait_for()


def test_who_cannot_afford_the_stake_sees_a_disabled_button_with_the_reason(browser, live_site, live_database):
    tag = uuid.uuid4().hex[:5]
    host_ctx = browser.new_context(base_url=live_site, locale="de-DE")
    host = host_ctx.new_page()
    register(host, f"reich{tag}")
    host.goto("/tische/")
    form = host.get_by_test_id("open-kleister")
    form.locator("#id_kleister-stake").select_option("100")
    form.get_by_role("button", name="Tisch eröffnen").click()
    host.get_by_test_id("wait-room").wait_for()
    table_id = int(host.url.rstrip("/").split("/")[-1])

    poor_ctx = browser.new_context(base_url=live_site, locale="de-DE")
    poor = poor_ctx.new_page()
    register(poor, f"arm{tag}")
    # 40 Taler left after today's Tagesgeld (setup the browser cannot do)
    server_sql(
        live_database,
        "UPDATE accounts_wallet SET balance = 40 WHERE user_id = (SELECT id FROM accounts_user WHERE username = %s)",
        (f"arm{tag}",),
    )
    poor.goto("/tische/")
    row = poor.get_by_test_id(f"lobby-table-{table_id}")
    assert row.get_by_role("button", name="Hinsetzen").is_disabled()
    assert "Einsatz 100 Taler – du hast nur 40 Taler." in row.inner_text()
    row.get_by_role("link", name="Ansehen").click()
    button = poor.get_by_test_id("join")
    assert button.is_disabled()
    assert poor.get_by_test_id("join-reason").inner_text() == "Einsatz 100 Taler – du hast nur 40 Taler."
    host_ctx.close()
    poor_ctx.close()


def test_wrong_password_says_so_and_warns_before_the_lock(page):
    name = f"paul{uuid.uuid4().hex[:6]}"
    register(page, name)
    page.get_by_role("button", name="Abmelden").click()
    for attempt in range(1, 4):
        page.goto("/konto/anmelden/")
        page.fill("#id_username", name)
        page.fill("#id_password", "falsch")
        page.get_by_role("button", name="Anmelden").click()
        # expect() retries: the answer page can be read while it is still being parsed
        expect(page.locator("form .form-errors")).to_contain_text("Name und Passwort passen nicht zusammen")
        expect(page.get_by_test_id("lock-warning")).to_have_count(1 if attempt >= 3 else 0)
    assert "15 Minuten gesperrt" in page.get_by_test_id("lock-warning").inner_text()


def test_start_page_missing_table_and_favicon(page):
    page.goto("/")
    assert page.get_by_test_id("intro").inner_text().startswith("Vier Brettspiele,")
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(icon).status == 200
    assert page.request.get("/favicon.ico").status == 200  # follows the redirect to the SVG
    response = page.goto("/tisch/987654/")  # the server runs with DEBUG on (make run)
    assert response.status == 404
    assert "Diesen Tisch gibt es nicht" in page.get_by_test_id("not-found").inner_text()
    assert "Page not found" not in page.content()


def test_neon_live_table_form_has_tempo(page):
    register(page, f"tempo{uuid.uuid4().hex[:5]}")
    page.goto("/tische/")
    page.locator("summary:has-text('Speedneon')").click()
    form = page.get_by_test_id("open-neon")
    assert form.locator("#id_neon-tempo option").all_inner_texts() == ["Normal", "Schnell"]
    form.locator("#id_neon-tempo").select_option("schnell")
    form.get_by_role("button", name="Tisch eröffnen").click()
    page.get_by_test_id("wait-room").wait_for()
    assert "Tempo Schnell" in page.get_by_test_id("wait-room").inner_text()
