"""In real Chromium: the Tagesplakat of Speedkleister - reload mid-game, finish, Tagesliste and
Serie, a second attempt marked as practice, Meine Partien and the replay."""

from __future__ import annotations

import time
import uuid

PASSWORD = "Kleister-1929!"


def register(page) -> str:  # type: ignore[no-untyped-def]
    name = f"tag{uuid.uuid4().hex[:8]}"
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/konto/")
    return name


def play_until_end(page, *, reload_after: int | None = None, try_rat: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Klebe a whole rank when it is our turn; take, drop, draw as asked."""
    page.wait_for_selector("#kl-conn[data-state=open]")
    moves = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not page.locator("[data-testid=endboard]").count():
        if page.locator("#kl-intro[open]").count():
            page.get_by_test_id("intro-ok").click()
        status = page.locator("#kl-status")
        if status.get_attribute("data-my-turn") != "1":
            page.wait_for_timeout(100)
            continue
        if reload_after is not None and moves == reload_after:
            page.reload()
            page.wait_for_selector("#kl-conn[data-state=open]")
            reload_after = None
            continue
        version = page.locator("#tbl-v").get_attribute("data-version")
        phase = status.get_attribute("data-phase")
        if try_rat and phase == "kleben":  # the Tagesplakat is played without Rat: no button, R does nothing
            assert not page.locator("#kl-rat").count()
            page.keyboard.press("r")
            page.wait_for_timeout(300)
            assert not page.locator("#table-advice").inner_text().strip()
            try_rat = False
            continue  # look again: the first-move intro may have opened meanwhile
        if phase == "kleben":
            if page.locator("#kl-intro[open]").count():  # it opens with the first own turn
                page.get_by_test_id("intro-ok").click()
            page.locator("#kl-hand .kl-card").last.click()
            page.keyboard.press("a")
            page.keyboard.press("Enter")
        elif phase == "nehmen":
            page.get_by_role("button", name="Nehmen").click()
        elif phase == "liegen":
            page.keyboard.press("p")
        else:
            page.keyboard.press("d" if page.locator("[data-key=d]").count() else "1")
        moves += 1
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'", timeout=30000)
    assert page.locator("[data-testid=endboard]").count(), "the Durchgang did not end in time"


def test_tagesplakat_first_attempt_practice_list_history_and_replay(page):
    name = register(page)
    page.goto("/spiele/kleister/")
    page.get_by_test_id("daily-link").click()
    assert "Nur dein erster Versuch des Tages" in page.get_by_test_id("counting-note").inner_text()
    page.get_by_test_id("start-daily").click()
    page.wait_for_url("**/tisch/*/")
    table_url = page.url
    play_until_end(page, reload_after=2, try_rat=True)
    assert page.url == table_url  # the reload stayed at the same attempt

    page.goto("/bestenliste/kleister/taeglich/")
    own = page.get_by_test_id("own-row")
    assert name in own.inner_text()
    assert "Deine Serie: 1 Tag in Folge" in page.get_by_test_id("streak").inner_text()

    page.goto("/spiele/kleister/taeglich/")
    assert "Übung" in page.get_by_test_id("practice-note").inner_text()
    page.get_by_test_id("start-daily").click()
    page.wait_for_url("**/tisch/*/")
    assert page.url != table_url
    assert "Übungsversuch" in page.locator(".messages").inner_text()

    page.get_by_test_id("nav-partien").click()
    page.wait_for_url("**/konto/partien/")
    assert "Tagesplakat" in page.get_by_test_id("history").inner_text()
    assert "Fortsetzen" in page.get_by_test_id("open-games").inner_text()
    assert "(Übung)" in page.get_by_test_id("open-games").inner_text()
    page.get_by_test_id("replay-link").first.click()
    replay = page.get_by_test_id("replay")
    total = int(replay.get_attribute("data-total"))
    assert total > 0 and replay.get_attribute("data-step") == str(total)
    page.get_by_test_id("replay-start").click()
    assert page.get_by_test_id("replay").get_attribute("data-step") == "0"
    page.get_by_test_id("replay-forward").click()
    page.get_by_test_id("replay-forward").click()
    assert page.get_by_test_id("replay").get_attribute("data-step") == "2"
    page.get_by_test_id("replay-back").click()
    assert page.get_by_test_id("replay").get_attribute("data-step") == "1"
    assert page.locator("#kl-hand").count() == 1  # the player's own hand: it was their game
    page.get_by_test_id("replay-end").click()
    assert "Endstand" in page.get_by_test_id("standing").inner_text()


def test_a_rekordjagd_says_which_durchgang_it_is_and_what_it_has_so_far(page):
    """Rule text: "Rekordjagd: fünf Durchgänge …, die Punkte werden zusammengezählt"."""
    register(page)
    page.goto("/spiele/kleister/rekordjagd/")
    page.locator("[name=kategorie][value=leicht]").check()
    page.get_by_test_id("start-record").click()
    page.wait_for_url("**/tisch/*/")
    assert page.get_by_test_id("hunt").inner_text() == "Rekordjagd · Durchgang 1 von 5"
    play_until_end(page)
    points = int(page.get_by_test_id("endboard").get_attribute("data-my-points"))
    total = page.get_by_test_id("hunt-total").inner_text()
    shown = ("\u2212" if points < 0 else "") + str(abs(points))
    assert total == f"Rekordjagd: Durchgang 1 von 5 gespielt, zusammen {shown} Punkt{'' if points == 1 else 'e'}."
    page.get_by_role("button", name="Nächster Durchgang").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    assert page.get_by_test_id("hunt").inner_text().startswith(f"Rekordjagd · Durchgang 2 von 5 · bisher {shown} Punkt")
