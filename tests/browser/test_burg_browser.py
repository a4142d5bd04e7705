"""In real Chromium: Speedburg. A guest builds three castles against two computers to the end board, and two
people at a live table with hidden building see only each other's counts until the round's scoring.

Every build is one the page lights up, read from the step panel's ``data-turn``.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from pathlib import Path

from tests.browser.log_check import log_as_served
from tests.browser.test_live_table_browser import register

GAME_SECONDS = 150


def turn_data(page) -> dict:  # type: ignore[no-untyped-def]
    return json.loads(page.locator("#bg-turn").get_attribute("data-turn") or "{}")


#: whose turn, the phase, the round, the version, the turn's choices and the scoring board, read in one go
READ_AT_ONCE = """(() => { const s = document.getElementById('bg-status');
    return {mine: s.dataset.myTurn, phase: s.dataset.phase, runde: s.dataset.runde,
            version: document.getElementById('tbl-v').dataset.version,
            turn: document.getElementById('bg-turn').dataset.turn,
            board: document.getElementById('bg-board').innerText}; })()"""


def version(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator("#tbl-v").get_attribute("data-version") or ""


def lit_fields(page) -> list[int]:  # type: ignore[no-untyped-def]
    return sorted(
        int(f) for f in page.locator("#bg-own .bg-cell.bg-lit").evaluate_all("els => els.map(e => e.dataset.f)")
    )


def wait_for_change(page, before: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        f"document.querySelector('#tbl-v').dataset.version !== '{before}'"
        " || document.querySelector('#table-error').textContent.trim() !== ''",
        timeout=15000,
    )
    error = page.locator("#table-error").inner_text().strip()
    assert not error, error


class Builder:
    """Plays one seat through the page: taps, hover, keys."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.page = page
        self.builds = 0
        self.keys_used: set[str] = set()
        self.previews = 0
        self.boards: list[str] = []
        self.rounds: list[str | None] = []

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys_used.add(key)

    def build(self, t: dict) -> None:
        page = self.page
        die_id, fields = next(((d, f) for d, f in t["plaetze"].items() if f), (None, None))
        if die_id is None:  # nothing fits: take a die, it is lost
            page.locator(f"#bg-center .bg-pick[data-id='{t['verlieren'][0]}']").click()
            page.get_by_test_id("lose").click()
            return
        if self.builds % 3 == 1:  # by keys: ← → choose the die, 1–9 the field
            for _ in range(12):
                self.key("ArrowRight")
                if page.locator(f"#bg-center .bg-pick.bg-sel[data-id='{die_id}']").count():
                    break
            assert lit_fields(page) == sorted(fields)
            self.key(str(fields[0] + 1))
        else:
            page.locator(f"#bg-center .bg-pick[data-id='{die_id}']").click()
            assert lit_fields(page) == sorted(fields)
            cell = page.locator(f"#bg-own .bg-cell[data-f='{fields[-1]}']")
            cell.hover()  # the preview beside the sketch: points, sketch, prizes
            preview = page.get_by_test_id("preview")
            preview.wait_for()
            head = preview.inner_text().split("\n")[0]  # "Feld 3: +1 Punkt (dann 4)", "Feld 9: -2 Punkte (dann 1)"
            points = int(re.match(r"Feld \d: ([+-]?\d+) Punkte? \(dann", head).group(1))
            assert head.split()[3] == ("Punkt" if abs(points) == 1 else "Punkte") and "Skizze" in preview.inner_text()
            self.previews += 1
            cell.click()
        self.builds += 1

    def step(self) -> bool:
        """One action if this seat is to act; False when it is not."""
        page = self.page
        seen = page.evaluate(READ_AT_ONCE)  # one moment: an update may land between two separate reads
        if seen["mine"] != "1":
            return False
        before, phase = seen["version"], seen["phase"]
        t = json.loads(seen["turn"] or "{}")
        if phase == "skizze":
            self.key("1")
        elif phase == "wertung":
            # once per round, from the same moment as the phase: an update landing between two separate
            # reads (the next round begins) would pair this round's phase with the next round's empty board
            if seen["runde"] not in self.rounds:
                self.rounds.append(seen["runde"])
                self.boards.append(seen["board"])
            self.key("Enter")
        elif t.get("step") == "ablegen":
            die = page.locator("#bg-center .bg-pick").first
            die.click()
            die.click()
        else:
            self.build(t)
        wait_for_change(page, before)
        return True

    def play_to_the_end(self) -> None:
        deadline = time.monotonic() + GAME_SECONDS
        while time.monotonic() < deadline and not self.page.locator("[data-testid=endboard]").count():
            if not self.step():
                self.page.wait_for_timeout(60)
        assert self.page.locator("[data-testid=endboard]").count(), "the game did not end in time"


def test_guest_builds_three_castles_against_two_computers_to_the_end_board(page):
    page.goto("/spiele/burg/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/burg/")
    page.check("input[name=gegner][value='2']")
    page.select_option("#id_level", "leicht")
    page.check("input[name=skizzenwahl][value='zwei']")
    page.check("input[name=turbo]")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#bg-conn[data-state=open]")
    assert page.locator(".bg-card").count() == 3
    # round 1's line opens the log: pennants, Auslage and the drawn start player
    first = page.locator("#bg-log li").last.inner_text()
    assert first.startswith("Runde 1 beginnt. Wimpel des Tages: ") and "Ausgelost beginnt" in first, first
    # hidden building: the computers' cards show only their counts
    assert page.get_by_test_id("windschutz-1").is_visible() and page.get_by_test_id("windschutz-2").is_visible()
    # the design switch (Ansicht)
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("design-mittag").check()
    assert "bg-design-mittag" in (page.locator(".bg-table").get_attribute("class") or "")
    page.get_by_test_id("settings-open").click()

    builder = Builder(page)
    builder.play_to_the_end()
    assert builder.builds == 18 and builder.previews >= 6
    assert {"1", "ArrowRight", "Enter"} <= builder.keys_used
    assert len(builder.boards) == 2, "rounds 1 and 2 end with the Rundenwertung and Weiter"
    for text in builder.boards:
        assert "Rundenwertung" in text and "Burgpunkte" in text and "Goldene Schaufel" in text

    end = page.get_by_test_id("endboard")
    assert end.is_visible()
    assert "Endtafel" in end.inner_text() and page.get_by_test_id("verdict").inner_text()
    assert page.locator("[data-testid=chart] polyline").count() == 3
    assert page.locator(".bg-end-row").count() == 3
    assert re.fullmatch(r"Skizzenbuch \d+/24", page.get_by_test_id("skizzenbuch-0").inner_text().strip())
    assert log_as_served(page, "bg-log", keep=30) == 30  # after a game of appends: the whole log, newest first
    assert page.locator("#bg-turn").is_hidden()  # nothing to do any more: no empty bar
    # nor an empty band under the status line: the shared bar holds nothing now (no Turbo, clock or stake)
    assert page.locator("#tbl-bar").bounding_box()["height"] == 0
    # every castle is visible after the last scoring; the big view of a rival and back
    page.locator("[data-close-end]").click()
    # "Endtafel zeigen" stands in the status line, over no card
    reopen = page.locator("#bg-status").get_by_test_id("open-end")
    assert reopen.is_visible()
    box = reopen.bounding_box()
    for card in page.locator(".bg-card").all():
        c = card.bounding_box()
        apart = box["x"] + box["width"] <= c["x"] or c["x"] + c["width"] <= box["x"]
        assert apart or box["y"] + box["height"] <= c["y"] or c["y"] + c["height"] <= box["y"], (box, c)
    page.get_by_test_id("card-1").click()
    page.get_by_test_id("focus").wait_for()
    assert page.locator("#bg-focus .bg-castle").count() == 1
    page.keyboard.press("Escape")
    assert not page.get_by_test_id("focus").is_visible()
    assert page.get_by_test_id("own-castle").is_visible()
    # the replay: the beach's colours (every material's die coloured, as at the table) and the table's order
    page.goto(page.get_by_test_id("end-replay").get_attribute("href"))  # the end board is closed by now
    page.get_by_test_id("replay-back").click()
    board = page.get_by_test_id("replay-board")
    assert "bg-table" in board.get_attribute("class")
    colours = page.evaluate(  # each die's material colour (--m: the table's --bg-m-<material>)
        "[...document.querySelectorAll('.replay-board .bg-die')]"
        ".map((d) => getComputedStyle(d).getPropertyValue('--m'))"
    )
    assert colours and all(c.strip() for c in colours), colours
    top = page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", "bg-log")
    assert top > page.evaluate("document.getElementById('bg-own').getBoundingClientRect().top")  # the log last


def test_two_people_with_hidden_building_see_only_counts_until_the_scoring(browser, live_site):
    tag = uuid.uuid4().hex[:5]
    (ctx_a, anna), (ctx_b, ben) = (register(browser, live_site, f"{n}{tag}") for n in ("anna", "ben"))
    anna.goto("/tische/")
    anna.locator("details:has([data-testid=open-burg]) > summary").click()
    form = anna.get_by_test_id("open-burg")
    form.locator("#id_burg-places").select_option("2")
    form.locator("#id_burg-clock").select_option("ohne")
    form.locator("#id_burg-skizzenwahl").select_option("zwei")
    form.locator("#id_burg-bauen").select_option("verdeckt")
    form.get_by_role("button", name="Tisch eröffnen").click()
    anna.get_by_test_id("wait-room").wait_for()
    ben.goto(anna.url)
    ben.get_by_test_id("join").click()
    players = [Builder(anna), Builder(ben)]
    for page in (anna, ben):
        page.wait_for_selector("#bg-conn[data-state=open]")
        page.get_by_test_id("sketch-choice").first.wait_for()
    # both keep a sketch at the same moment
    anna.evaluate("document.querySelector('[data-testid=choose-0]').click()")
    ben.evaluate("document.querySelector('[data-testid=choose-1]').click()")
    for page in (anna, ben):
        page.locator("#bg-status[data-phase=bauen]").wait_for()
        assert not page.locator("#table-error").inner_text().strip()
    # a pennant's info window: the own castle's count (its owner sees it), the other castle hidden
    for page, me, other in ((anna, f"anna{tag}", f"ben{tag}"), (ben, f"ben{tag}", f"anna{tag}")):
        info = page.locator("#bg-center .bg-pennant").first.get_attribute("data-info") or ""
        assert f"{me}: 0 Würfel" in info and f"{other}: verdeckt" in info, info
    # RT "Karten-Info": an Auslage die's info window says what it means for the own castle, also for the seat
    # that waits while the other builds
    waiting = next(p for p in (anna, ben) if p.locator("#bg-status").get_attribute("data-my-turn") != "1")
    waiting.wait_for_function(
        "[...document.querySelectorAll('#bg-center .bg-pick .bg-die')]"
        ".every((d) => /\\nFür deine Burg: .+: passt auf \\d+ Pl/.test(d.dataset.info || ''))"
    )

    seat_of = {id(p): p.locator(".bg-table").get_attribute("data-seat") for p in (anna, ben)}
    deadline = time.monotonic() + 90
    while anna.locator("#bg-status").get_attribute("data-phase") == "bauen" and time.monotonic() < deadline:
        for page in (anna, ben):
            other = "1" if seat_of[id(page)] == "0" else "0"
            # only the count of the other castle, never its dice or sketch
            assert page.locator(f"#bg-seat-{other} .bg-castle").count() == 0
            assert page.locator(f"#bg-seat-{other} .bg-die").count() == 0
            assert page.get_by_test_id(f"windschutz-{other}").is_visible()
        acted = any(builder.step() for builder in players)
        if not acted:
            anna.wait_for_timeout(60)
    # the Windschutz falls at the scoring: both castles, both boards
    for page in (anna, ben):
        page.locator("#bg-status[data-phase=wertung]").wait_for()
        other = "1" if seat_of[id(page)] == "0" else "0"
        page.get_by_test_id(f"castle-{other}").wait_for()
        assert page.locator(f"#bg-seat-{other} .bg-castle .bg-die").count() >= 5
        assert page.locator(f"#bg-seat-{other}").get_by_text("6/6 Würfel").count() == 1
        assert "Rundenwertung" in page.locator("#bg-board").inner_text()
    for context in (ctx_a, ctx_b):
        context.close()


def test_tagesstrand_run_resumed_after_a_reload_to_its_list_entry(page):
    name = f"strand{uuid.uuid4().hex[:6]}"
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "Kleister-1929!")
    page.fill("#id_password2", "Kleister-1929!")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/konto/")
    page.goto("/spiele/burg/")
    page.get_by_test_id("daily-link").click()
    page.get_by_test_id("start-daily").click()
    page.wait_for_url("**/tisch/*/")
    table_url = page.url
    page.wait_for_selector("#bg-conn[data-state=open]")
    assert page.locator(".bg-card").count() == 1 and page.locator("#bg-center .bg-pick").count() == 5
    assert not page.locator("#bg-rat").count()  # the Tagesstrand is played without Rat
    builder = Builder(page)
    while builder.builds < 4:
        if not builder.step():
            page.wait_for_timeout(60)
    page.reload()  # resumable: the same castle, the same dice
    page.wait_for_selector("#bg-conn[data-state=open]")
    assert page.url == table_url
    assert page.locator("#bg-own .bg-cell .bg-die").count() == 4
    builder.play_to_the_end()
    assert builder.builds == 18
    verdict = page.get_by_test_id("verdict").inner_text()
    total = int(page.get_by_test_id("rekordpunkte-total").inner_text())
    assert f"{total} Rekordpunkte" in verdict and "Burgpunkte" in verdict
    page.goto("/bestenliste/burg/taeglich/")
    own = page.get_by_test_id("own-row")
    assert name in own.inner_text() and str(total) in own.inner_text()


def test_on_a_touch_screen_open_building_the_first_tap_previews_the_red_die_and_the_rat(browser, live_site):
    context = browser.new_context(
        base_url=live_site, locale="de-DE", has_touch=True, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto("/spiele/burg/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/burg/")
    page.check("input[name=gegner][value='1']")
    page.check("input[name=bauen][value='offen']")
    page.check("input[name=turbo]")
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#bg-conn[data-state=open]")
    page.wait_for_selector("#bg-status[data-my-turn='1'][data-step='bauen']")
    # no keys on a touch screen: the prompt drops "(oder ← →)" and "(oder Taste 1–9)" (as Speedneon's)
    prompt = page.get_by_test_id("prompt")
    assert "(oder Taste 1–9)" in (prompt.get_attribute("data-server") or "")
    assert "Tippe einen Würfel" in prompt.inner_text()
    assert "Taste" not in prompt.inner_text() and "←" not in prompt.inner_text(), prompt.inner_text()

    page.locator("#bg-rat").tap()  # the Rat marks a die and a place
    page.wait_for_selector("#table-advice:has-text('Rat')")
    page.wait_for_selector("#bg-center .bg-pick.bg-ratmark")
    # an Auslage die's info window: what everyone sees, then once (however often the page refreshed) what
    # it would bring this castle
    pick = page.locator("#bg-center .bg-pick").first
    info = pick.locator(".bg-die").get_attribute("data-info") or ""
    assert info.startswith(pick.get_attribute("aria-label") + "\n") and info.count("Für deine Burg") == 1

    t = turn_data(page)
    die_id, fields = next((d, f) for d, f in t["plaetze"].items() if f)
    page.locator(f"#bg-center .bg-pick[data-id='{die_id}']").tap()
    assert lit_fields(page) == sorted(fields)
    assert "tippe einen leuchtenden Platz." in prompt.inner_text() and "Taste" not in prompt.inner_text()
    before = version(page)
    cell = page.locator(f"#bg-own .bg-cell[data-f='{fields[0]}']")
    cell.tap()  # the first tap only shows what the place brings
    page.get_by_test_id("preview").wait_for()
    box = page.get_by_test_id("preview").bounding_box()  # on the phone's screen, not below it
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    assert re.search(r"Feld \d: [+-]?\d+ Punkte? \(dann", page.get_by_test_id("preview").inner_text())
    assert version(page) == before
    cell.tap()  # the second builds
    wait_for_change(page, before)

    # two players: discard a second die; with open building the one that gives the opponent most is red
    page.wait_for_selector("#bg-status[data-my-turn='1'][data-step='ablegen']")
    t = turn_data(page)
    red = page.locator("#bg-center .bg-pick.bg-red")
    assert red.count() == 1 and red.get_attribute("data-id") == str(t["rot"])
    red_info = red.locator(".bg-die").get_attribute("data-info") or ""
    assert red_info.startswith(red.get_attribute("aria-label") + "\n") and red_info.count("Für deinen Gegner") == 1
    before = version(page)
    red.tap()
    red.tap()
    wait_for_change(page, before)
    assert "legt" in page.locator("#bg-log").inner_text()

    # RT "Großansicht": a tap on the rival's card far down the phone's page shows its castle large in the
    # middle, brought into view below the sticky status line; a tap on the own card brings the own castle back
    def in_view(selector: str) -> None:
        page.wait_for_function(
            """(sel) => { const top = document.querySelector(sel).getBoundingClientRect().top;
                const bar = document.querySelector('.game-topline').getBoundingClientRect().bottom;
                return top >= bar - 1 && top < innerHeight / 3; }""",
            arg=selector,
        )

    page.wait_for_selector("#bg-status[data-my-turn='1']")  # the computer has built: nothing comes in between
    rival = page.locator(".bg-card:not(.bg-me)")
    for card, shown in ((rival, "#bg-focus"), (page.locator(".bg-card.bg-me"), "#bg-own")):
        card.scroll_into_view_if_needed()
        assert page.evaluate("document.querySelector('.bg-stage').getBoundingClientRect().top") < 0  # above
        card.tap()
        in_view(shown)
    assert page.locator("#bg-own .bg-castle").is_visible() and page.get_by_test_id("focus").is_hidden()
    context.close()


BURG_HIGHLIGHTS = [
    ["#bg-status", "bg-mine", "[data-testid=status]"],
    [".bg-card", "bg-active bg-me", "strong, .bg-card-facts, .bg-windschutz, .bg-last"],
    ["#bg-center", "", ".bg-round, .bg-bag, .bg-legend li, .bg-order li"],
    ["#bg-own", "bg-active", "header strong, header span, .bg-progress li, .bg-sketch-state, .bg-key"],
    ["#bg-turn", "bg-mine", ".bg-prompt"],
    ["#bg-log", "", "li"],
]


def test_the_beach_is_readable_in_the_dark_and_the_light_site_theme(browser, live_site):
    contrast = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
    for scheme in ("dark", "light"):
        context = browser.new_context(base_url=live_site, locale="de-DE", color_scheme=scheme)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto("/spiele/burg/")
        page.get_by_role("button", name="Als Gast spielen").click()
        page.goto("/spiele/burg/")
        page.get_by_test_id("start-free").click()
        page.wait_for_selector("#bg-conn[data-state=open]")
        page.wait_for_selector("#bg-status[data-phase=bauen]")
        bad = page.evaluate(contrast, [BURG_HIGHLIGHTS, 4.5])
        assert not bad, (scheme, bad)
        context.close()
