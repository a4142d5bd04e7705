"""Speedkleister looks and moves like a game (issue 17): keyboard only, reduced motion, end board bars."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

NO_ANIMATIONS = "document.getAnimations().length"


@pytest.fixture
def still_page(browser, live_site):  # type: ignore[no-untyped-def]
    """A page whose player asks for reduced motion."""
    context = browser.new_context(base_url=live_site, locale="de-DE", reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def start_free_game(page, *, computers: int = 2, level: str = "leicht", tempo: str = "normal") -> None:  # type: ignore[no-untyped-def]
    """As a new guest, a Kurz free game against ``computers`` computers of ``level``."""
    page.goto("/")
    page.get_by_role("link", name="Speedkleister").first.click()
    page.get_by_role("button", name="Als Gast spielen").click()
    page.goto("/spiele/kleister/")
    page.select_option("#id_computers", str(computers))
    page.select_option("#id_level", level)
    page.select_option("#id_spielart", "kurz")
    page.select_option("#id_tempo", tempo)
    page.get_by_test_id("start-free").click()
    page.wait_for_selector("#kl-conn[data-state=open]")


READ_AT_ONCE = """(() => { const s = document.getElementById('kl-status');
    return {end: !!document.querySelector('[data-testid=endboard]'), intro: !!document.querySelector('#kl-intro[open]'),
            mine: s.dataset.myTurn, phase: s.dataset.phase}; })()"""


def wait_for_turn(page, deadline: float) -> str | None:  # type: ignore[no-untyped-def]
    """The phase once it is the player's turn (closing the first-move window by keyboard), None at the end."""
    while time.monotonic() < deadline:
        seen = page.evaluate(READ_AT_ONCE)  # the update that brings the turn opens the window in the same task
        if seen["end"]:
            return None
        if seen["intro"]:
            page.keyboard.press("Enter")  # the window's only button has the focus
            continue
        if seen["mine"] == "1":
            return seen["phase"]
        page.wait_for_timeout(100)
    raise AssertionError("the game did not end in time")


def test_keyboard_only_free_game_without_motion_ends_with_score_bars(still_page):
    page = still_page
    start_free_game(page)
    deadline = time.monotonic() + 240
    checked_focus = False
    while (phase := wait_for_turn(page, deadline)) is not None:
        version = page.locator("#tbl-v").get_attribute("data-version")
        if phase == "kleben":
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")  # the first card has the focus, visibly
            focused = page.evaluate(
                "(() => { const el = document.activeElement;"
                " return [el.matches('#kl-hand .kl-card'), el.dataset.index, getComputedStyle(el).outlineStyle]; })()"
            )
            assert focused[:2] == [True, "0"] and focused[2] != "none"
            if not checked_focus:
                page.keyboard.press(" ")
                assert page.locator("#kl-hand .kl-card").first.get_attribute("aria-selected") == "true"
                page.keyboard.press("Escape")
                assert page.locator("#kl-hand .kl-card[aria-selected=true]").count() == 0
                checked_focus = True
            page.keyboard.press("a")  # every card of the focused rank
            assert page.locator("#kl-hand .kl-card[aria-selected=true]").count() >= 1
            page.keyboard.press("Enter")
        elif phase == "nehmen":
            page.keyboard.press("n")
        elif phase == "liegen":
            page.keyboard.press("p")
        else:
            page.keyboard.press("1" if not page.locator("[data-key=d]").count() else "d")
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'", timeout=15000)
        # reduced motion: nothing moves after a move, and the page started no animation at all
        assert page.evaluate(NO_ANIMATIONS) == 0
        assert page.locator(".kl-table").get_attribute("data-motions") is None
        assert page.locator(".kl-ghost").count() == 0
    assert checked_focus
    end = page.get_by_test_id("endboard")
    assert end.is_visible()
    assert page.evaluate("document.activeElement.matches('.kl-end')")  # the keyboard goes on from the end board
    bars = end.get_by_test_id("end-bars")
    assert bars.locator("svg.kl-bar").count() == 3  # one bar per player
    assert bars.locator("rect").count() >= 3
    label = bars.locator("svg.kl-bar").first.get_attribute("aria-label")
    assert "Säule" in label and "Hand" in label and "Punkt" in label
    for _ in range(8):  # Tab through the end board to "Neue Partie" and start the next game by keyboard
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('.kl-end')")
        if page.evaluate("document.activeElement.textContent.trim()") == "Neue Partie":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector("#kl-conn[data-state=open]")
    assert not page.locator("[data-testid=endboard]").count()


def test_a_move_slides_and_flies_when_motion_is_allowed(page):
    start_free_game(page)
    deadline = time.monotonic() + 120
    phase = wait_for_turn(page, deadline)
    while phase not in ("kleben", None):
        page.keyboard.press({"nehmen": "n", "liegen": "h"}.get(phase, "d"))
        page.wait_for_timeout(200)
        phase = wait_for_turn(page, deadline)
    assert phase == "kleben"
    page.evaluate(
        "window.effects = []; document.querySelector('.kl-table')"
        ".addEventListener('game:effect', (e) => window.effects.push(e.detail))"
    )
    version = page.locator("#tbl-v").get_attribute("data-version")
    selected = "#kl-hand .kl-card[aria-selected=true]"
    for _ in range(3):  # the cards of the focused rank; once more if a window took the key (see the report)
        wait_for_turn(page, deadline)
        page.keyboard.press("a")
        if page.locator(selected).count():
            break
        page.wait_for_timeout(200)
    assert page.locator(selected).count() >= 1
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    seat = int(page.locator(".kl-table").get_attribute("data-seat"))
    assert {"game": "kleister", "effect": "kleben", "seat": seat} in page.evaluate("window.effects")
    # the own group slid onto the own column (the counter is the page's test hook; no timing is measured)
    assert int(page.locator(".kl-table").get_attribute("data-motions") or 0) >= 1


#: The names on the posters (table.css), index = card.
SHORT_NAMES = (
    "Bürste", "Katze", "Zimmer", "Tanztee", "Kohlen", "Seife", "Turnfest",
    "Rennen", "Kino", "Varieté", "Operette", "Karneval", "Messe", "Zeppelin",
)  # fmt: skip

#: Text on the posters, marks and panels (tests/browser/contrast.js: WCAG ratio, animations frozen).
KLEISTER_TEXT = [
    ["#kl-hand", "", ".kl-card, .kl-barbtn, .kl-preview"],
    ["#kl-center", "", ".kl-poster, .kl-pile-label"],
    [".kl-column", "kl-glow", ".kl-name, .kl-facts, .kl-last, .kl-mark, .kl-poster"],
    ["#kl-score", "", "td, .kl-poster"],
]


def test_posters_and_panels_are_readable_in_the_dark_and_the_light_site_theme(browser, live_site):
    contrast = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
    for scheme, width in (("dark", 390), ("light", 1200)):  # a phone in the dark, a desktop in the light
        context = browser.new_context(
            base_url=live_site, locale="de-DE", color_scheme=scheme, viewport={"width": width, "height": 800}
        )
        page = context.new_page()
        page.set_default_timeout(15000)
        start_free_game(page)
        assert wait_for_turn(page, time.monotonic() + 60) is not None
        assert page.locator("#kl-hand .kl-card").count() >= 1
        bad = page.evaluate(contrast, [KLEISTER_TEXT, 4.5])
        assert not bad, (scheme, bad)
        # every card in the hand is a poster with its number, motif and (short) name, big enough for a phone
        cards = page.evaluate(
            """[...document.querySelectorAll('#kl-hand .kl-card')].map((el) => {
                const s = getComputedStyle(el), after = getComputedStyle(el, '::after');
                return [el.dataset.card, el.textContent.trim(), el.getBoundingClientRect().width,
                        parseFloat(s.fontSize), s.backgroundImage.includes('svg'), after.content];
            })"""
        )
        for card, text, px, font, motif, name in cards:
            assert text == (card if card != "0" else "B")
            assert px >= 34 and font >= 14 and motif, (card, px, font, motif)
            assert name == f'"{SHORT_NAMES[int(card)]}"'
        context.close()


#: Closes the first-move window with its button and says, in the same task, where the keys go now.
CLOSE_INTRO = """(() => { document.querySelector('[data-testid=intro-ok]').click();
    const a = document.activeElement;
    return {open: document.querySelector('#kl-intro').open, focus: a ? a.tagName : null,
            inDialog: !!(a && a.closest('dialog'))}; })()"""


def test_closing_the_first_move_window_gives_the_keys_back_at_once(page):
    """A fast keyboard player's Enter right after "Los geht's" plays the move, not the hidden button."""
    start_free_game(page)
    deadline = time.monotonic() + 120
    while not page.locator("#kl-intro[open]").count():
        assert time.monotonic() < deadline, "the first-move window did not open"
        seen = page.evaluate(READ_AT_ONCE)
        if seen["mine"] == "1" and seen["phase"] in ("nehmen", "liegen", "ziehen"):
            page.keyboard.press({"nehmen": "n", "liegen": "h"}.get(seen["phase"], "d"))
        page.wait_for_timeout(100)
    after = page.evaluate(CLOSE_INTRO)
    assert after == {"open": False, "focus": "BODY", "inDialog": False}
    version = page.locator("#tbl-v").get_attribute("data-version")
    page.keyboard.press("a")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")


#: The hand as the page built it from #kl-hand-data, and the data itself, read in one task.
READ_HAND = """(() => { const d = document.getElementById('kl-hand-data'), s = document.getElementById('kl-status');
    const cards = [...document.querySelectorAll('#kl-hand .kl-card')];
    return {data: JSON.parse(d.dataset.cards), kleben: d.dataset.kleben, idle: d.dataset.idle,
            mine: s.dataset.myTurn, phase: s.dataset.phase, intro: !!document.querySelector('#kl-intro[open]'),
            cards: cards.map((el) => Number(el.dataset.card)), index: cards.map((el) => Number(el.dataset.index)),
            labels: cards.map((el) => el.getAttribute('aria-label')), text: cards.map((el) => el.textContent),
            bar: [...document.querySelectorAll('#kl-hand .kl-barbtn')].map((el) => el.textContent),
            preview: document.getElementById('kl-preview').textContent,
            kleben_disabled: document.getElementById('kl-kleben').disabled,
            rat_disabled: document.getElementById('kl-rat').disabled}; })()"""


def expected_bar(cards: list[int]) -> list[str]:
    bar = [f"{cards.count(rank)}× {rank}" for rank in range(1, 14) if rank in cards]
    return bar + (["+ B"] if 0 in cards else [])


def test_the_page_builds_the_hand_from_its_data_on_every_update(page):
    """The hand arrives as data (kl-hand-data); the cards, their names, the group bar, the preview line and the
    buttons' states the page builds from it match it after every update, the player's turns and the others'."""
    from games.kleister.engine import POSTERS

    names = ["Kleisterbürste", *POSTERS[1:]]
    start_free_game(page)
    deadline = time.monotonic() + 120
    own_turns = others = 0
    while own_turns < 3 or others < 2:
        assert time.monotonic() < deadline, (own_turns, others)
        seen = page.evaluate(READ_HAND)
        if seen["intro"]:
            page.keyboard.press("Enter")
            continue
        assert seen["cards"] == seen["data"] and seen["index"] == list(range(len(seen["data"])))
        assert seen["labels"] == [names[c] for c in seen["data"]]
        assert seen["text"] == [str(c) if c else "B" for c in seen["data"]]
        assert seen["bar"] == expected_bar(seen["data"])
        assert seen["rat_disabled"] == (seen["mine"] != "1")
        if seen["kleben"] == "1":
            assert seen["preview"] == "Wähle Plakate aus deiner Hand." and seen["kleben_disabled"]
            own_turns += 1
            page.keyboard.press("ArrowRight")  # the focus on the second card: "a" takes all of its rank
            page.keyboard.press("a")
            after = page.evaluate(READ_HAND)
            if after["kleben"] == "1" and after["cards"] == seen["cards"]:  # still the same turn
                assert not after["kleben_disabled"] and after["preview"] != seen["preview"]
                page.keyboard.press("Enter")
        else:
            assert seen["preview"] == seen["idle"] and seen["kleben_disabled"]
            count = len(seen["data"])
            assert seen["idle"] == f"{count} Karte{'n' if count != 1 else ''} auf der Hand"
            if seen["mine"] == "1":
                page.keyboard.press({"nehmen": "n", "liegen": "h"}.get(seen["phase"], "d"))
            else:
                others += 1
        page.wait_for_timeout(150)


#: A column with at least two layers (its seat and data), or null.
DEEP_COLUMN = """(() => { for (const col of document.querySelectorAll('#kl-rivals .kl-col')) {
    const layers = JSON.parse(col.dataset.layers); if (layers.length >= 2) return {seat: col.dataset.seat, layers}; }
    return null; })()"""
#: Taps a column and reads, in the same task, the column's data and the window the page built from it.
OPEN_LAYERS = """(seat) => { const col = document.getElementById('kl-col-' + seat);
    const data = JSON.parse(col.dataset.layers), name = col.querySelector('.kl-name').textContent;
    col.querySelector('.kl-stack').click();
    const body = document.querySelector('#kl-dialog[open] .kl-dialog-body');
    const items = [...body.querySelectorAll('li')].map((li) => ({
        cards: [...li.querySelectorAll('.kl-poster')].map((el) => Number(el.dataset.card)),
        label: li.querySelector('.kl-group').getAttribute('aria-label'),
        text: li.querySelector('.muted').textContent}));
    return {data, name, title: body.querySelector('h3').textContent, items}; }"""


def test_a_columns_layers_window_lists_every_layer_top_first(page):
    """Tapping a rival's column opens "NAME: alle Schichten", built by the page from the column's data."""
    start_free_game(page)
    deadline = time.monotonic() + 180
    while (deep := page.evaluate(DEEP_COLUMN)) is None:
        phase = wait_for_turn(page, deadline)
        assert phase is not None, "the game ended before a column had two layers"
        if phase == "kleben":
            page.keyboard.press("a")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press({"nehmen": "l", "liegen": "h"}.get(phase, "d"))
        page.wait_for_timeout(200)
    if page.locator("#kl-intro[open]").count():
        page.keyboard.press("Enter")
    seen = page.evaluate(OPEN_LAYERS, deep["seat"])
    assert seen["title"] == f"{seen['name']}: alle Schichten" and len(seen["data"]) >= 2
    assert [item["label"] for item in seen["items"]] == [label for *_, label in seen["data"]]
    assert [item["text"] for item in seen["items"]] == [label for *_, label in seen["data"]]
    assert [item["cards"] for item in seen["items"]] == [[r] * p + [0] * b for r, p, b, _ in seen["data"]]
    page.keyboard.press("Escape")
    assert not page.locator("#kl-dialog[open]").count()


#: While the player draws: the Karren's cards, whether each is in the viewport, and whether a tap at its centre
#: reaches it (not the sticky hand panel or the status line above it); and what the hand panel still shows.
KARREN_IN_SIGHT = """(() => { const s = document.getElementById('kl-status');
    if (s.dataset.myTurn !== '1' || s.dataset.phase !== 'ziehen') return null;
    const cards = [...document.querySelectorAll('#kl-center .kl-karren-cards .kl-draw')].map((el) => {
        const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        return {inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
                hit: el.contains(document.elementFromPoint(x, y))}; });
    const shown = (sel) => !!document.querySelector(sel)?.checkVisibility();
    return {cards, kleben: shown('#kl-kleben'), bar: shown('#kl-hand .kl-groupbar'),
            hand: shown('#kl-hand .kl-card')}; })()"""


def test_on_a_phone_the_karren_is_in_sight_and_tappable_while_drawing(browser, live_site):
    """Phone, drawing phase ("Zieh nach: noch 3"): the Karren lay below the fold, under the sticky hand panel with
    its greyed-out Kleben. Now the page brings the Karren into sight, and the panel keeps only the cards (and Rat)."""
    context = browser.new_context(
        base_url=live_site, locale="de-DE", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    start_free_game(page, computers=3)  # the easy computers always take what they covered: the covered one draws
    deadline = time.monotonic() + 120
    while (phase := wait_for_turn(page, deadline)) != "ziehen":
        assert phase is not None, "the game ended before the player drew"
        version = page.locator("#tbl-v").get_attribute("data-version")
        page.keyboard.press({"kleben": "a", "nehmen": "l", "liegen": "p"}[phase])  # "p": Altpapier and draw
        if phase == "kleben":
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelector('#tbl-v').dataset.version !== '{version}'")
    in_sight = f"(() => {{ const seen = {KARREN_IN_SIGHT};"
    in_sight += " return !seen || seen.cards.every((c) => c.inView && c.hit); })()"
    with contextlib.suppress(PlaywrightTimeout):  # the page may scroll smoothly; if it does not, the assert says so
        page.wait_for_function(in_sight, timeout=5000)
    seen = page.evaluate(KARREN_IN_SIGHT)
    if seen is not None:  # (else the Durchgang ended meanwhile: the Druckerei and the Karren ran out)
        assert seen["cards"] and all(card["inView"] and card["hit"] for card in seen["cards"]), seen
        assert seen["hand"] and not seen["kleben"] and not seen["bar"], seen
    context.close()
