"""In real Chromium: Speedrocket.

A guest plays a short game against two computers to the end board with the keys of the rule text
(Leertaste, Enter, E, 1–7), answers "Sand drauf?" once and buys in the shop; the view settings (design,
Zündgefahr in Prozent) and the other manufactories' panels work. Two players at a live table (the host
chose the recipes in "Tisch eröffnen") draw at the same moment and each sees the other's rocket rise."""

from __future__ import annotations

import contextlib
import re
import time
import uuid

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.log_check import log_as_served
from tests.browser.test_live_table_browser import register

GAME_SECONDS = 240
#: Seconds between two of the guest's actions: a quick human, below the table's rate limit of 8
#: messages a second (the page adds its own Weiter for each step of a skipped show).
ACTION_GAP = 0.2


#: what the guest's own action changes: its controls or its own manufactory
OWN = (
    "() => (document.getElementById('rk-controls')?.outerHTML || '')"
    " + (document.getElementById('rk-m-0')?.outerHTML || '')"
)


def version(page) -> str:
    return page.evaluate(OWN)


def wait_for_change(page, before: str) -> None:
    """Until the guest's controls or manufactory changed, or the game is over (the page's own Weiter
    for a skipped show can end the game between reading the controls and pressing a key)."""
    page.wait_for_function(f"b => ({OWN})() !== b || !!document.querySelector('[data-testid=endboard]')", arg=before)
    assert not page.locator("#table-error").inner_text().strip()


def start_short_game(page) -> None:
    page.goto("/spiele/rocket/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/rocket/")
    assert page.get_by_test_id("daily-link").is_visible()
    page.check("input[name=gegner][value='2']")
    page.select_option("#id_laenge", "kurz")
    page.select_option("#id_level", "leicht")
    page.select_option("#id_tempo", "schnell")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#rk-conn[data-state=open]")


class Guest:
    """Plays the guest's decisions through the page's keys and buttons; remembers what it did."""

    def __init__(self, page, *, careful: bool = False) -> None:
        self.page = page
        self.careful = careful  # stop at 25 % danger from the start (else: draw on until the first "Sand drauf?")
        self.sand = False  # answered "Sand drauf?" with sand
        self.bought: list[str] = []
        self.keys: set[str] = set()
        self.last = 0.0

    def press(self, key: str) -> None:
        if (wait := self.last + ACTION_GAP - time.monotonic()) > 0:
            time.sleep(wait)
        self.last = time.monotonic()
        before = version(self.page)
        self.page.keyboard.press(key)
        self.keys.add(key)
        try:
            wait_for_change(self.page, before)
        except PlaywrightTimeout:
            # Nothing of the guest's changed (the page's own Weiter may have taken that step): read the
            # controls again; a refusal still fails, and the game's deadline still bounds the run.
            assert not self.page.locator("#table-error").inner_text().strip()

    def controls(self) -> dict:
        """Phase and whose turn, read at one moment (a fragment may be swapped between two reads)."""
        return self.page.evaluate(
            "() => { const c = document.getElementById('rk-controls');"
            " return {phase: c.dataset.phase, mine: c.dataset.mine === '1'}; }"
        )

    def stuff(self) -> None:
        page = self.page
        if page.get_by_test_id("sand-ask").count():
            assert "Sand drauf?" in page.get_by_test_id("sand-ask").inner_text()
            self.press("e")
            assert "leer" in page.get_by_test_id("eimer-0").inner_text()  # the sand is used up
            self.sand = True
            return
        if page.get_by_test_id("vorschau").count():
            self.press("1")
            return
        danger = (
            page.locator("#rk-controls .rk-pct").inner_text() if page.locator("#rk-controls .rk-pct").count() else ""
        )
        percent = int(danger.split(":")[1].split("%")[0]) if ":" in danger else 0
        # until the first "Sand drauf?" the guest draws on; afterwards it stops at 25 % danger
        if (self.sand or self.careful) and percent >= 25 or not page.get_by_test_id("ziehen").is_enabled():
            self.press("Enter")
        else:
            self.press(" ")

    def shop(self) -> None:
        page = self.page
        try:
            page.wait_for_selector("[data-testid=shop], [data-testid=misfire-choice]", timeout=5000)
        except Exception:
            print(page.locator("#rk-controls").evaluate("e => e.outerHTML"))  # what the page showed instead
            raise
        if page.get_by_test_id("misfire-choice").count():
            before = version(page)
            page.get_by_test_id("wahl-einkauf").click()
            wait_for_change(page, before)
            return
        shop = page.get_by_test_id("shop")
        try:
            mark = int(shop.get_attribute("data-mark", timeout=5000))
        except PlaywrightTimeout:
            return  # the controls were swapped meanwhile (another seat's update): read them again

        wares = ((4, "R1"), (3, "B1"), (2, "G1")) if self.careful else ((1, "O1"), (2, "G1"))
        key = next((k for k, ware in wares if page.get_by_test_id(f"ware-{ware}").is_enabled()), None)
        if key is not None and mark >= 3:
            page.keyboard.press(str(key))
            self.keys.add(str(key))
            # a second colour's key picks only what the Mark still pay beside the first chip (RULES.md "Keys")
            other = "3" if key != 3 else "2"
            first = page.get_by_test_id("basket").inner_text()
            page.keyboard.press(other)
            basket = page.get_by_test_id("basket").inner_text()
            priced = re.search(r"(\d+) von (\d+) Mark", basket)  # (an update may have redrawn the shop meanwhile)
            if priced:
                cost, paid = (int(n) for n in priced.groups())
                assert cost <= paid, basket
            if basket == first:  # nothing of that colour fits beside the first chip: the page says so
                assert "zu teuer" in page.locator("#table-error").inner_text()
                page.evaluate("document.getElementById('table-error').textContent = ''")  # read: the buy is next
            self.bought.append(basket)
        self.press("Enter")

    def play(self) -> None:
        deadline = time.monotonic() + GAME_SECONDS
        while time.monotonic() < deadline:
            if self.page.get_by_test_id("endboard").count():
                return
            c = self.controls()
            if not c["mine"]:
                time.sleep(0.1)
                continue
            if c["phase"] == "stopfen":
                self.stuff()
            elif c["phase"] == "vorstellung":
                self.press("Enter")  # Weiter: skips the rest of tonight's show
            elif c["phase"] == "handel":
                self.shop()
        raise AssertionError("the game did not end in time")


def test_a_guest_plays_a_short_game_against_two_computers_to_the_end_board(page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_short_game(page)
    assert page.get_by_test_id("extrablatt").get_attribute("data-abend") == "1"
    # settings: the light design and no percentages; they stay after the next update
    page.get_by_test_id("settings-open").click()
    page.check("input[name=rk-design][value=tag]")
    page.uncheck("input[name=rk-pct]")
    assert page.locator(".rk-table").get_attribute("data-design") == "tag"
    assert errors == []
    assert not page.locator("#rk-controls .rk-pct").is_visible()
    page.check("input[name=rk-pct]")
    page.get_by_test_id("view-music").select_option("ansicht")  # the barrel organ to the Festwiese
    assert page.evaluate("SC.sound.playing()") == "orgel"
    page.get_by_test_id("settings-open").click()
    # a rival's manufactory big, then back
    page.get_by_test_id("side-1").click()
    assert page.locator("#rk-m-1 .rk-head").is_visible() and not page.locator("#rk-m-0 .rk-head").is_visible()
    page.get_by_test_id("back-own").click()
    assert page.locator("#rk-m-0 .rk-head").is_visible()

    # a tap on a bag chip opens its info window: chance and where it would bring the Zündmesser
    page.get_by_test_id("bag-0").locator(".rk-c-W").first.click()
    page.locator("#info-window:not([hidden])").wait_for()
    assert "Chance" in page.locator("#info-window").inner_text()
    # the Rat (R): is the next chip worth it, with the danger in percent
    page.keyboard.press("r")
    page.locator("#table-advice:has-text('% Gefahr')").wait_for()

    guest = Guest(page)
    guest.play()
    board = page.get_by_test_id("endboard")
    assert "Die Herbstmesse ist vorbei" in board.inner_text()
    assert board.get_by_test_id("chart").locator("polyline").count() == 3
    assert guest.sand, "the guest never saw 'Sand drauf?'"
    assert guest.bought, "the guest never bought anything"
    assert {" ", "Enter", "e"} <= guest.keys
    assert log_as_served(page, "rk-log", keep=40) == 40  # after a game of appends: the whole log, newest first
    assert page.locator(".rk-table").get_attribute("data-design") == "tag"
    assert errors == []


def chips(page, seat: int) -> int:
    return int(page.get_by_test_id(f"side-{seat}").get_attribute("data-chips"))


def test_two_players_draw_at_the_same_moment_and_see_each_others_rocket_rise(browser, live_site):
    tag = uuid.uuid4().hex[:5]
    contexts, pages = zip(*(register(browser, live_site, f"{n}{tag}") for n in ("rosa", "rudi")), strict=True)
    rosa, rudi = pages
    rosa.goto("/tische/")
    rosa.locator("details:has([data-testid=open-rocket]) > summary").click()
    form = rosa.get_by_test_id("open-rocket")
    form.locator("#id_rocket-places").select_option("2")
    form.locator("#id_rocket-laenge").select_option("kurz")
    assert form.locator("#id_rocket-rezept_P").is_hidden()  # the own recipes only with "eigene Auswahl"
    form.locator("#id_rocket-rezepte").select_option("gastgeber")
    form.locator("#id_rocket-rezept_P").select_option("3")
    form.get_by_role("button", name="Tisch eröffnen").click()
    rosa.get_by_test_id("wait-room").wait_for()
    rudi.goto(rosa.url)
    rudi.get_by_test_id("join").click()
    for page in pages:
        page.wait_for_selector("#rk-conn[data-state=open]")
        page.get_by_test_id("ziehen").wait_for()
        assert "Purpur 3" in page.get_by_test_id("extrablatt").inner_text()
        assert chips(page, 0) == chips(page, 1) == 0

    # both draw from the same version, one right after the other, before any update arrives
    rosa.evaluate("document.querySelector('[data-testid=ziehen]').click()")
    rudi.evaluate("document.querySelector('[data-testid=ziehen]').click()")
    rosa.locator("[data-testid=side-1][data-chips='1']").wait_for()
    rudi.locator("[data-testid=side-0][data-chips='1']").wait_for()
    for page in pages:
        assert not page.locator("#table-error").inner_text().strip()
        assert chips(page, 0) == chips(page, 1) == 1

    # Rudi draws on with the key; Rosa watches his rocket rise in the side list and in his big panel
    before = int(rosa.get_by_test_id("side-1").get_attribute("data-feld"))
    rudi.keyboard.press(" ")
    rosa.locator("[data-testid=side-1][data-chips='2']").wait_for()
    assert int(rosa.get_by_test_id("side-1").get_attribute("data-feld")) > before
    rosa.get_by_test_id("side-1").click()
    assert rosa.locator("#rk-m-1 .rk-head").is_visible()
    assert rosa.get_by_test_id("werk-1").get_attribute("data-chips") == "2"
    assert rosa.get_by_test_id("ziehen").is_visible(), "Rosa's own buttons stay hers"
    # and her keys: the Leertaste draws for her while Rudi's manufactory is shown big
    rosa.keyboard.press(" ")
    rosa.locator("[data-testid=side-0][data-chips='2']").wait_for()
    assert rosa.locator("#rk-m-1 .rk-head").is_visible()
    rosa.get_by_test_id("back-own").click()
    assert rosa.locator("#rk-m-0 .rk-head").is_visible()
    for context in contexts:
        context.close()


def test_a_player_completes_the_first_meisterbrief_level(page):
    page.goto("/spiele/rocket/")
    page.get_by_role("button", name="Als Gast spielen").click()
    # The deal is new every game, so a careful player fails a level now and then: like a person, the
    # guest tries again (a failed attempt must say so); stars that never come still fail the test.
    for _attempt in range(4):
        page.goto("/spiele/rocket/")
        page.check("input[name=gegner][value='meister']")
        assert page.locator("#id_stufe").is_visible() and not page.locator("#id_level").is_visible()
        page.select_option("#id_stufe", "1")
        page.get_by_test_id("start-free").click()
        page.wait_for_selector("#rk-conn[data-state=open]")
        goals = page.get_by_test_id("ziele")
        assert "Stufe 1" in goals.inner_text() and "mindestens 16 Ruhm" in goals.inner_text()
        assert "Stand: 0/16 Ruhm" in goals.inner_text()
        Guest(page, careful=True).play()
        board = page.get_by_test_id("end-meister")
        if int(board.get_attribute("data-stars")) >= 1:
            break
        assert "nicht bestanden" in board.inner_text()
    assert int(board.get_attribute("data-stars")) >= 1
    assert "bestanden" in board.inner_text() and "nicht bestanden" not in board.inner_text()
    assert page.get_by_test_id("stars").get_attribute("data-stars") == board.get_attribute("data-stars")
    # The Meisterbrief page keeps the stars and opens the next level (rule text: "öffnet die nächste").
    stars = int(board.get_attribute("data-stars"))
    page.goto("/konto/partien/")
    page.get_by_test_id("meisterbrief-link").click()
    assert page.get_by_test_id("stars-1").inner_text().strip().endswith(f"{stars}/3")
    assert page.get_by_test_id("play-2").is_visible() and page.get_by_test_id("locked-3").is_visible()
    # QA: on a phone the page was 506 px wide, the buttons and "noch zu" hung outside the card
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    card = page.get_by_test_id("meisterbrief").bounding_box()
    for cell in (page.get_by_test_id("play-2"), page.get_by_test_id("locked-3"), page.get_by_test_id("stars-12")):
        box = cell.bounding_box()
        assert card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"], box
    page.set_viewport_size({"width": 1280, "height": 720})
    page.get_by_test_id("play-2").click()
    page.wait_for_selector("#rk-conn[data-state=open]")
    assert "Stufe 2" in page.get_by_test_id("ziele").inner_text()


def live_turn(page) -> bool:
    """One decision of a player who never draws: Aufhören, Weiter, Fertig (nothing bought); True if one was made."""
    c = page.evaluate(
        "() => { const c = document.getElementById('rk-controls');"
        " return c ? {phase: c.dataset.phase, mine: c.dataset.mine === '1'} : {}; }"
    )
    if not c.get("mine") or c.get("phase") not in ("stopfen", "vorstellung", "handel"):
        return False
    if c["phase"] == "handel" and not page.get_by_test_id("shop").count():
        return False  # the shop is still coming
    before = page.locator("#tbl-v").get_attribute("data-version")
    page.keyboard.press("Enter")
    with contextlib.suppress(PlaywrightTimeout):  # the page's own Weiter may have taken that step
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{before}'", timeout=3000)
    assert not page.locator("#table-error").inner_text().strip()
    return True


def test_the_end_board_of_a_live_table_says_who_got_the_pot_and_offers_nochmal(browser, live_site):
    """QA: the end board covered the table bar's Nochmal and did not say who got the pot."""
    tag = uuid.uuid4().hex[:5]
    contexts, pages = zip(*(register(browser, live_site, f"{n}{tag}") for n in ("rita", "ralf")), strict=True)
    rita, ralf = pages
    for page in pages:
        page.on("dialog", lambda dialog: dialog.accept())  # the stake is asked about
    rita.goto("/tische/")
    rita.locator("details:has([data-testid=open-rocket]) > summary").click()
    form = rita.get_by_test_id("open-rocket")
    form.locator("#id_rocket-places").select_option("2")
    form.locator("#id_rocket-laenge").select_option("kurz")
    form.locator("#id_rocket-stake").select_option("10")
    form.get_by_role("button", name="Tisch eröffnen").click()
    rita.get_by_test_id("wait-room").wait_for()
    ralf.goto(rita.url)
    ralf.get_by_test_id("join").click()
    for page in pages:
        page.wait_for_selector("#rk-conn[data-state=open]")
    deadline = time.monotonic() + GAME_SECONDS
    while not all(p.get_by_test_id("endboard").count() for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not any([live_turn(p) for p in pages]):
            rita.wait_for_timeout(100)
    for page in pages:
        board = page.get_by_test_id("endboard")
        pot = board.get_by_test_id("end-pot")
        pot.wait_for()
        assert "Pot 20 Taler" in pot.inner_text() and "bekomm" in pot.inner_text()
        again = board.get_by_test_id("end-again")
        # the end board's own Nochmal is the topmost element at its centre: it can be clicked
        assert again.evaluate(
            "b => { const r = b.getBoundingClientRect();"
            " return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"
        )
    rita.get_by_test_id("end-again").click()
    rita.get_by_test_id("again-wait").wait_for()
    ralf.get_by_test_id("end-again").click()
    for page in pages:
        page.wait_for_selector("#rk-conn[data-state=open]")
        page.get_by_test_id("ziehen").wait_for()
        assert not page.get_by_test_id("endboard").count()
    for context in contexts:
        context.close()
