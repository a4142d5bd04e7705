"""In real Chromium: Speedneon, a whole Klassisch game against two computers and a Solovariante.

The guest plays with taps, drag and drop and the keys of the rule text (1–9, Enter, Esc, R);
every choice is one the page lights up, read from the step panel's ``data-turn``.
"""

from __future__ import annotations

import json
import time

from tests.browser.log_check import log_as_served

GAME_SECONDS = 170


def start(page, gegner: str, **choices: str) -> None:
    page.goto("/spiele/neon/")
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/neon/")
    page.check(f"input[name=gegner][value='{gegner}']")
    for name, value in choices.items():
        if name == "ausgabe":
            page.check(f"input[name=ausgabe][value='{value}']")
        else:
            page.select_option(f"#id_{name}", value)
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#nn-conn[data-state=open]")


def turn_data(page) -> dict:
    return json.loads(page.locator("#nn-step").get_attribute("data-turn") or "{}")


#: The boards and the players' table are the same for everyone; the page lights the facades of the seats to
#: move (.nn-active) from the table's .nn-now rows. Read in one go, between two updates; true or what differs.
LIT_BOARDS_FOLLOW_THE_TURN = """() => {
    const now = [...document.querySelectorAll("#nn-info tr.nn-now")].map((tr) => tr.dataset.seat).sort().join();
    const lit = [...document.querySelectorAll("#nn-rivals .nn-rival.nn-active, #nn-own.nn-active")]
        .filter((el) => el.checkVisibility()).map((el) => el.dataset.seat).sort().join();
    return now === lit || `${now} vs ${lit}`;
}"""


#: The step panel (prompt, Passen, Rat) shows on the own turn only: while a computer or another player moves it
#: is hidden, not an empty box (the status line says whose turn it is). Read in one go; true or what differs.
STEP_PANEL_ON_THE_OWN_TURN_ONLY = """() => {
    const status = document.getElementById("nn-status"), step = document.getElementById("nn-step");
    const mine = status.dataset.myTurn === "1" && status.dataset.phase === "spiel";
    const shown = step.checkVisibility() && step.getBoundingClientRect().height > 0;
    return mine === shown || `my turn: ${mine}, step panel shown: ${shown} (${status.innerText})`;
}"""


def lit_windows(page) -> list[int]:
    return [int(w) for w in page.locator("#nn-own .nn-win.nn-js-lit").evaluate_all("els => els.map(e => e.dataset.w)")]


class Player:
    """Plays the guest's turns through the page; counts what it used."""

    def __init__(self, page) -> None:
        self.page = page
        self.tools_used: list[str] = []
        self.dragged = False
        self.cancelled = False  # a tool's client-side step cancelled with Esc
        self.server_cancelled = False  # an open tool step cancelled with Esc (the engine's abbrechen)
        self.keys_used: set[str] = set()

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys_used.add(key)

    def choose_facade(self) -> None:
        assert self.page.locator("[data-testid=facade-choice]").count() == 4
        self.key("1")

    def play_step(self) -> None:
        page = self.page
        t = turn_data(page)
        pending = t.get("pending")
        if pending and t["cancel"] and not self.server_cancelled:
            self.key("Escape")  # abbrechen: costs nothing, the tool can be taken again
            self.server_cancelled = True
            if self.tools_used:
                self.tools_used.pop()
        elif pending == "dimmer":
            page.locator("#nn-step [data-testid^=dimmen-]").first.click()
        elif pending == "lagerkiste":
            page.locator("#nn-center .nn-swap").first.click()
        elif pending == "roehrenwechsel":
            value = t["passend"][0]
            assert page.locator(f"[data-testid=wert-{value}]").get_attribute("data-matt") == "0"
            self.key(str(value))
        elif t["moves"]:
            src = next(iter(t["moves"]))
            page.locator(f"#nn-own .nn-win[data-w='{src}']").click()
            target = t["moves"][src][0]
            assert target in lit_windows(page)
            page.locator(f"#nn-own .nn-win[data-w='{target}']").click()
        elif t["hand"]:
            assert sorted(lit_windows(page)) == sorted(t["hand"])
            page.locator(f"#nn-own .nn-win[data-w='{t['hand'][0]}']").click()
        elif t["tools"] and not self.tools_used:
            self.use_tool(t)
        elif t["dice"]:
            self.place(t)
        elif t["finish"]:
            self.key("Enter")
        else:
            self.key("Enter")  # passen / Zug beenden

    def use_tool(self, t: dict) -> None:
        page = self.page
        tool = next(iter(t["tools"]))
        prices = {a.get("preis") for a in t["tools"][tool]}
        client_side = tool in t["die_tools"] or tool in t["confirm"] or len(prices) > 1
        if client_side and not self.cancelled:  # try the tool's first step, then cancel it with Esc
            page.get_by_test_id(f"tool-{tool}").click()
            assert page.locator(".nn-tool.nn-active").count() == 1
            self.key("Escape")
            assert page.locator(".nn-tool.nn-active").count() == 0
            self.cancelled = True
        page.get_by_test_id(f"tool-{tool}").click()
        self.tools_used.append(tool)
        for _ in range(3):  # the client-side steps: price die, target die, confirmation
            if page.locator("#nn-center .nn-pick.nn-opt").count():
                page.locator("#nn-center .nn-pick.nn-opt").first.click()
            elif page.locator("#nn-confirm:visible").count():
                # Enter confirms wherever the focus is, also on the tool's own button (pressing it would
                # close the step): the focus a click on the tool or a price die leaves behind.
                page.get_by_test_id(f"tool-{tool}").focus()
                self.key("Enter")
                break
            else:
                break

    def place(self, t: dict) -> None:
        page = self.page
        index = int(next(iter(t["dice"])))
        windows = t["dice"][str(index)]
        die = page.locator(f"#nn-center .nn-pick[data-i='{index}']")
        assert json.loads(die.get_attribute("data-fenster")) == windows
        if not self.dragged:  # once by drag and drop
            die.drag_to(page.locator(f"#nn-own .nn-win[data-w='{windows[-1]}']"))
            self.dragged = True
            return
        if index < 9 and len(self.keys_used) % 2:
            self.key(str(index + 1))
        else:
            die.click()
        assert sorted(lit_windows(page)) == sorted(windows)
        page.locator(f"#nn-own .nn-win[data-w='{windows[0]}']").click()

    def play_to_the_end(self, on_my_turn=None) -> None:
        page = self.page
        deadline = time.monotonic() + GAME_SECONDS
        while time.monotonic() < deadline and not page.locator("[data-testid=endboard]").count():
            status = page.locator("#nn-status")
            step_panel = page.evaluate(STEP_PANEL_ON_THE_OWN_TURN_ONLY)
            assert step_panel is True, step_panel
            if status.get_attribute("data-my-turn") != "1":
                lit = page.evaluate(LIT_BOARDS_FOLLOW_THE_TURN)
                assert lit is True, lit
                page.wait_for_timeout(80)
                continue
            version = page.locator("#tbl-v").get_attribute("data-version")
            if status.get_attribute("data-phase") == "wahl":
                self.choose_facade()
            else:
                if on_my_turn:
                    on_my_turn()
                self.play_step()
            page.wait_for_function(
                f"document.querySelector('#tbl-v').dataset.version !== '{version}'"
                " || document.querySelector('#table-error').textContent.trim() !== ''",
                timeout=15000,
            )
            assert not page.locator("#table-error").inner_text().strip(), page.locator("#table-error").inner_text()


def test_guest_plays_klassisch_against_two_computers(page):
    start(page, "2", level="leicht", ausgabe="klassisch", tempo="schnell")
    assert page.locator("[data-testid=rival-1], [data-testid=rival-2]").count() == 2
    # The boards are the same for everyone: the own one is hidden among the rivals (it is big in #nn-own),
    # the players' table marks the own row and shows the own secret colour there.
    assert page.locator("#nn-board-1").is_visible() and page.locator("#nn-board-2").is_visible()
    assert not page.locator("#nn-board-0").is_visible() and not page.locator("#nn-board-3").is_visible()
    own_row = page.locator("#nn-info tr[data-seat='0']")
    assert "nn-me" in own_row.get_attribute("class") and "(du)" in own_row.inner_text()
    assert "(du)" not in page.locator("#nn-info tr[data-seat='1']").inner_text()
    secret = page.locator("#nn-own [data-testid=secret] [data-geheim]").get_attribute("data-geheim")
    assert own_row.locator(f".nn-geheim [data-geheim='{secret}']").count() == 1
    # A version the table does not know: the page gets every fragment again, the rivals' order (a <style>) too
    page.evaluate(
        """() => {
            document.getElementById("nn-order").dataset.before = "1";
            document.getElementById("tbl-v").dataset.version = "999999";
            const form = document.getElementById("nn-send");
            form.querySelector("[name=action]").value = '{"type": "passen"}';
            htmx.trigger(form, "submit");
        }"""
    )
    page.get_by_text("Diesen Spielstand kennt der Tisch nicht").wait_for()
    page.wait_for_function("document.getElementById('tbl-v').dataset.version !== '999999'")
    assert page.locator("style#nn-order").count() == 1 and page.locator("#nn-order[data-before]").count() == 0
    assert page.locator("#nn-board-1").is_visible() and not page.locator("#nn-board-0").is_visible()
    page.evaluate("document.getElementById('table-error').textContent = ''")
    player = Player(page)
    log_sizes = []  # the log, grown by appends, each time the whole log as the server renders it
    player.play_to_the_end(on_my_turn=lambda: log_sizes.append(log_as_served(page, "nn-log", keep=30)))
    assert len([n for n in log_sizes if n is not None]) >= 5 and max(n or 0 for n in log_sizes) > 10, log_sizes
    end = page.get_by_test_id("endboard")
    assert end.is_visible()
    text = end.inner_text()
    assert "Endtafel" in text and "Geheimfarbe" in text and "Strom" in text and "Dunkle Fenster" in text
    assert page.locator(".nn-end-card").count() == 3
    assert player.tools_used, "no tool was used"
    assert player.dragged and (player.cancelled or player.server_cancelled)
    assert {"Enter", "Escape"} <= player.keys_used
    page.keyboard.press("Escape")  # closes the end board: the facades stay visible
    assert not end.is_visible()


def test_guest_plays_the_solo_variant_to_its_result(page):
    start(page, "solo", werkzeuge="5")
    assert page.get_by_test_id("status").inner_text() == "Wähle deine Fassade."
    player = Player(page)
    asked = []

    def rat_once() -> None:
        if not asked:
            player.key("r")
            page.wait_for_selector("#table-advice:has-text('Rat')")
            asked.append(True)

    player.play_to_the_end(on_my_turn=rat_once)
    end = page.get_by_test_id("endboard")
    assert end.is_visible()
    verdict = page.get_by_test_id("verdict").inner_text()
    assert "Zielwert" in verdict
    target = int(page.get_by_test_id("target").inner_text().split()[-1])
    assert str(target) in verdict
    assert asked
