"""In real Chromium: the shared gear menu "Ansicht", the mute button, the sound engine and the live region
of every table page (docs/presentation.md). Checked through the engine's test hook (`SC.sound`), not by
listening."""

from __future__ import annotations

import json
import uuid

PASSWORD = "Kleister-1929!"


def start_kleister(page, guest: bool = True) -> None:
    if guest:
        page.goto("/spiele/kleister/")
        page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/kleister/")
    page.evaluate("localStorage.setItem('spielcenter.kleister.intro', '1')")  # no first-move help (modal)
    page.select_option("#id_computers", "3")
    page.select_option("#id_level", "leicht")
    page.select_option("#id_spielart", "kurz")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#kl-conn[data-state=open]")
    if page.locator("#kl-intro[open]").count():  # the first-move help is a modal dialog
        page.get_by_test_id("intro-ok").click()


def register(page) -> None:
    page.goto("/konto/registrieren/")
    page.fill("#id_username", f"ansicht{uuid.uuid4().hex[:6]}")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    page.get_by_test_id("balance").wait_for()


def log_lines(page) -> int:
    return page.locator("#kl-log li").count()


NEWEST_PASTES = """(n) => document.querySelectorAll('#kl-log li').length > n
    && document.querySelector('#kl-log li').textContent.includes(' klebt ')"""
#: Everything the live region said, in order (a later move may replace a line before the test looks).
RECORD_LIVE = """() => { window.liveSaid = []; new MutationObserver(() => window.liveSaid.push(
    document.getElementById('table-live').textContent)).observe(document.getElementById('table-live'),
    {childList: true, characterData: true, subtree: true}); }"""


def make_a_poster_stick(page) -> None:
    """Plays the guest's turns (as the Speedkleister test does) until a new log line says someone pastes."""
    before = log_lines(page)
    for _ in range(600):
        if page.evaluate(NEWEST_PASTES, before):
            return
        if page.locator("#kl-intro[open]").count():
            page.get_by_test_id("intro-ok").click()
        status = page.locator("#kl-status")
        if status.get_attribute("data-my-turn") != "1":
            page.wait_for_timeout(100)
            continue
        version = page.locator("#tbl-v").get_attribute("data-version")
        phase = status.get_attribute("data-phase")
        if phase == "kleben":
            if page.locator("#kl-intro[open]").count():  # opened by the update that brought this turn
                page.get_by_test_id("intro-ok").click()
            page.locator("#kl-hand .kl-card").first.click()
            page.keyboard.press("a")
            page.keyboard.press("Enter")
        elif phase == "nehmen":
            page.get_by_role("button", name="Nehmen").click()
        elif phase == "liegen":
            page.keyboard.press("p")
        else:
            page.keyboard.press("1" if not page.locator("[data-key=d]").count() else "d")
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    raise AssertionError("nobody pasted a poster")


def test_guest_settings_stay_on_the_device_and_sound_and_live_region_follow_moves(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_kleister(page)
    # quiet until asked: no AudioContext, nothing played, the gear's choices all off
    assert page.evaluate("SC.sound.hasContext()") is False
    assert not page.get_by_test_id("view-sound").is_checked()
    assert page.get_by_test_id("view-music").input_value() == "aus"
    assert page.get_by_test_id("theme-auto").is_checked()

    # keyboard only: Tab to the gear, Enter opens it, Space ticks Klänge, Escape closes it
    page.get_by_test_id("settings-open").focus()
    page.keyboard.press("Enter")
    assert page.get_by_test_id("view-settings").get_attribute("open") is not None
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "view-sound"
    page.keyboard.press("Space")
    assert page.get_by_test_id("view-sound").is_checked()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # visible focus
    page.get_by_test_id("view-music").select_option("salon")
    page.get_by_test_id("theme-dunkel").check()
    assert page.locator("html").get_attribute("data-theme") == "dunkel"
    assert page.evaluate("SC.sound.hasContext()") is True
    assert page.evaluate("SC.sound.playing()") == "salon"
    page.keyboard.press("Escape")
    assert page.get_by_test_id("view-settings").get_attribute("open") is None
    page.wait_for_timeout(100)  # the gear's "toggle" event comes after the key
    # the keyboard stays where it was: on the gear's button, not back at the page's start
    assert page.evaluate("document.activeElement.dataset.testid") == "settings-open"

    # a move: the poster sound plays and the live region says the newest log line in German
    page.evaluate(RECORD_LIVE)
    make_a_poster_stick(page)
    page.wait_for_function("SC.sound.log.some((n) => n === 'kleben' || n === 'ueberkleben')")
    live = page.get_by_test_id("live")
    assert live.get_attribute("aria-live") == "polite"
    page.wait_for_function("window.liveSaid.some((line) => line.includes(' klebt '))")

    # the mute button (keyboard): everything stops, nothing plays on the next move
    mute = page.get_by_test_id("mute")
    assert mute.locator(".view-mute-waves").is_visible() and mute.locator(".view-mute-cross").is_hidden()
    mute.focus()
    page.keyboard.press("Enter")
    assert mute.get_attribute("aria-pressed") == "true"
    # a drawn speaker, crossed out now (an emoji showed as an empty box without an emoji font)
    assert mute.locator(".view-mute-cross").is_visible() and mute.locator(".view-mute-waves").is_hidden()
    assert page.evaluate("SC.sound.playing()") is None
    played = page.evaluate("SC.sound.log.length")
    assert page.evaluate("SC.sound.play('kleben')") is False
    assert page.evaluate("SC.sound.log.length") == played

    page.reload()
    page.wait_for_selector("#kl-conn[data-state=open]")
    assert page.get_by_test_id("view-sound").is_checked()
    assert page.get_by_test_id("view-music").input_value() == "salon"
    assert page.get_by_test_id("theme-dunkel").is_checked()
    assert page.locator("html").get_attribute("data-theme") == "dunkel"
    assert page.get_by_test_id("mute").get_attribute("aria-pressed") == "true"
    page.goto("/")  # the device's colour scheme holds on every page
    assert page.locator("html").get_attribute("data-theme") == "dunkel"
    assert errors == []


def test_registered_settings_are_saved_on_the_account_with_the_games_design(page):
    register(page)
    page.goto("/spiele/rocket/")
    page.check("input[name=gegner][value='2']")
    page.select_option("#id_laenge", "kurz")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#rk-conn[data-state=open]")
    page.get_by_test_id("settings-open").click()
    # the game's own pieces and design live in the one gear menu
    assert page.get_by_test_id("view-music").locator("option").all_text_contents() == [
        "aus",
        "zur Ansicht",
        "Drehorgel",
        "gedämpfte Blaskapelle",
    ]
    with page.expect_response("**/konto/ansicht/") as saved:
        page.get_by_test_id("view-sound").check()
    assert saved.value.ok
    with page.expect_response("**/konto/ansicht/"):
        page.check("input[name=rk-design][value=tag]")
    with page.expect_response("**/konto/ansicht/"):
        page.get_by_test_id("view-music").select_option("ansicht")
    with page.expect_response("**/konto/ansicht/"):
        page.get_by_test_id("theme-hell").check()
    assert page.locator(".rk-table").get_attribute("data-design") == "tag"
    assert page.evaluate("SC.sound.playing()") == "orgel"  # "zur Ansicht" with the Festwiese: barrel organ

    page.evaluate("localStorage.clear()")  # the account remembers, not the device
    page.reload()
    page.wait_for_selector("#rk-conn[data-state=open]")
    assert page.get_by_test_id("view-sound").is_checked()
    assert page.get_by_test_id("view-music").input_value() == "ansicht"
    assert page.get_by_test_id("theme-hell").is_checked()
    assert page.locator("html").get_attribute("data-theme") == "hell"
    assert page.locator(".rk-table").get_attribute("data-design") == "tag"
    assert page.locator("input[name=rk-design][value=tag]").is_checked()


def test_reduced_motion_stops_the_gear_animation(page):
    start_kleister(page)
    body = "getComputedStyle(document.querySelector('.view-gear-body')).animationName"
    page.get_by_test_id("settings-open").click()
    assert page.evaluate(body) == "view-pop"
    page.get_by_test_id("settings-open").click()
    page.emulate_media(reduced_motion="reduce")
    page.get_by_test_id("settings-open").click()
    assert page.evaluate(body) == "none"
    running = page.evaluate("document.querySelector('.view-bar').getAnimations({subtree: true}).length")
    assert running == 0
    # on a phone the open gear stays on the screen
    page.set_viewport_size({"width": 375, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = page.locator(".view-gear-body").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375

    # a click on the summary closes the gear and gives the keys back at once, not a task later: a game
    # key pressed right after the click must not land on the hidden radio the mouse chose last
    closed_and_free = page.evaluate(
        """() => { document.querySelector('[data-testid=theme-hell]').focus();
                   document.querySelector('[data-testid=settings-open]').click();
                   return [document.getElementById('view-gear').open, document.activeElement === document.body]; }"""
    )
    assert closed_and_free == [False, True]


def test_each_game_offers_its_own_pieces_and_design_in_the_one_gear(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/spiele/burg/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/burg/")
    page.check("input[name=gegner][value='2']")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#bg-conn[data-state=open]")
    assert page.locator("details.view-gear").count() == 1  # the game's old gear is gone
    page.get_by_test_id("settings-open").click()
    options = page.get_by_test_id("view-music").locator("option").all_text_contents()
    assert options == ["aus", "Morgenbrise", "Strandkorb", "Abendrot"]
    assert "Strandgeräusche" in page.get_by_test_id("view-settings").inner_text()
    page.get_by_test_id("view-sound").check()
    page.get_by_test_id("design-mittag").check()
    assert "bg-design-mittag" in (page.locator(".bg-table").get_attribute("class") or "")
    assert page.evaluate("SC.sound.play('skizze')") is True  # the sketch-hit tone is on the shared engine
    page.get_by_test_id("view-music").select_option("abendrot")
    assert page.evaluate("SC.sound.playing()") == "abendrot"

    page.goto("/spiele/neon/")
    page.check("input[name=gegner][value='2']")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#nn-conn[data-state=open]")
    options = page.get_by_test_id("view-music").locator("option").all_text_contents()
    assert options == ["aus", "Summen der Stadt bei Nacht"]
    assert page.get_by_test_id("view-sound").is_checked()  # Klänge are one choice for the whole device
    assert page.get_by_test_id("view-music").input_value() == "aus"  # pieces are per game
    page.locator("[data-testid=facade-choice]").first.wait_for()
    page.keyboard.press("1")  # the guest's facade; then the first tube set anywhere lights with its sound
    for _ in range(300):  # the guest passes its turns until someone hangs a tube
        if page.evaluate("SC.sound.log.includes('roehre')"):
            break
        turn = json.loads(page.locator("#nn-step").get_attribute("data-turn") or "{}")
        if turn.get("mine") and turn.get("pass"):
            page.keyboard.press("Enter")
        page.wait_for_timeout(200)
    assert page.locator("#nn-log li.nn-ev-setzen").count() >= 1
    assert "roehre" in page.evaluate("SC.sound.log")
    assert errors == []
