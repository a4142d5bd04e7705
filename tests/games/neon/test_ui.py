"""Speedneon's table fragments: each seat sees only what it may know, and every lit window is legal."""

from __future__ import annotations

import dataclasses
import html
import itertools
import json
import random
import re

import pytest

from games.core import bars, registry
from games.core.fragments import Fragment, FragmentContext, to_html
from games.neon import engine as E
from games.neon import forms, ui, ui_texts
from lobby.runtime.rendering import render, table_view
from lobby.runtime.snapshot import Snapshot

from .helpers import grid, situation, started
from .test_ui_fragments import plain


@pytest.fixture(autouse=True)
def neon_registered(monkeypatch):
    """The game must be in the registry (it is once the lead's registry line is in)."""
    monkeypatch.setitem(registry.GAME_PACKAGES, "neon", "games.neon")


_match_ids = itertools.count(70_000)


def snap_for(state: E.State, version: int = 0, log: list | None = None, bots: bool = True) -> Snapshot:
    return Snapshot(
        table_id=1,
        match_id=next(_match_ids),  # public fragments are cached per (match, version): never the same twice
        number=1,
        version=version,
        game="neon",
        kind="solo",
        status="playing",
        options={"ausgabe": state.ausgabe},
        table_options={},
        state=E.dump(state),
        result=None,
        log=log or [],
        players=[
            {"name": f"P{i}", "user_id": i + 1, "bot": ("normal" if i and bots else None)} for i in range(state.players)
        ],
    )


def secrets_in(fragments: dict[str, str]) -> set[str]:
    return set(re.findall(r'data-geheim="([A-Z])"', "".join(fragments.values())))


def attr_json(text: str) -> object:
    return json.loads(html.unescape(text))


def die_windows(center: str) -> dict[int, list[int]]:
    """Lieferung die index -> the windows in its data-fenster."""
    out = {}
    for tag in re.findall(r"<button[^>]*nn-pick[^>]*>", center):
        i = re.search(r'data-i="(\d+)"', tag)
        if i:
            out[int(i.group(1))] = attr_json(re.search(r'data-fenster="([^"]*)"', tag).group(1))
    return out


def lit_windows(own: str, cls: str = "nn-lit") -> list[int]:
    return [
        int(w) for c, w in re.findall(r'<button type="button" class="([^"]*)" data-w="(\d+)"', own) if cls in c.split()
    ]


def engine_windows(state: E.State, seat: int) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for a in E.legal_actions(state, seat):
        if a["type"] == "setzen" and "die" in a:
            out.setdefault(a["die"], []).append(a["fenster"])
    return out


# ------------------------------------------------------------------ secrets


def test_each_seat_sees_only_its_own_secret_colour():
    state = E.new_game(seed=4, players=3, options={"ausgabe": "klassisch"})
    for seat in range(3):  # the facade choice
        assert secrets_in(render(snap_for(state), seat)) == set(state.geheim[seat])
    for seat in range(3):
        state, _ = E.apply(state, seat, {"type": "fassade", "fassade": state.angebot[seat][0]})
    for seat in range(3):  # the play phase
        frags = render(snap_for(state, 1), seat)
        assert secrets_in(frags) == set(state.geheim[seat])


def test_solo_player_sees_both_secret_colours():
    state = started(1, "solo")
    frags = render(snap_for(state), 0)
    assert secrets_in(frags) == set(state.geheim[0]) and len(state.geheim[0]) == 2
    secret = re.search(r'<span class="nn-secret".*?</span></span>(?=</header>|\s)', frags["nn-own"], re.S).group(0)
    assert secret.count(",</span>") == 1 and "</span>, " not in secret  # the comma sits with its chip


def test_spectator_sees_no_secret_and_no_controls():
    state = started(3)
    frags = render(snap_for(state), None)
    assert not secrets_in(frags)
    assert "nn-own" not in frags and "nn-step" not in frags
    joined = "".join(frags.values())
    assert "nn-pick" not in joined and "ws-send" not in joined.replace('id="nn-send" ws-send', "")


def test_facade_choice_hides_other_seats_facades_and_their_strom():
    state = E.new_game(seed=9, players=2, options={"ausgabe": "klassisch"})
    state, _ = E.apply(state, 1, {"type": "fassade", "fassade": state.angebot[1][0]})
    frags = render(snap_for(state, 1), 0)
    other = E.FACADES[state.fassade[1]].name
    assert other not in "".join(frags.values())
    assert frags["nn-wahl"].count('data-testid="facade-choice"') == 4
    for f in state.angebot[0]:
        assert E.FACADES[f].name in frags["nn-wahl"]
    assert "⚡" not in frags["nn-board-1"]  # Strom = difficulty would give the choice away
    assert "hat gewählt" in frags["nn-wahl"]


def test_legal_actions_from_the_view_equal_the_engines_over_whole_games():
    """What the page offers comes from the view only, and it is exactly what the engine allows."""
    rng = random.Random(5)
    for players, ausgabe in ((3, "klassisch"), (2, "blackout"), (1, "solo")):
        state = E.new_game(seed=players, players=players, options={"ausgabe": ausgabe, "werkzeuge": 5})
        steps = 0
        while not E.is_over(state) and steps < 400:
            seat = E.to_move(state)[0]
            legal = E.legal_actions(state, seat)
            view = E.view(state, seat)
            assert ui.legal_from_view(view) == legal
            if state.phase == "spiel" and steps % 7 == 0:
                frags = render(snap_for(state, steps), seat)
                shown = die_windows(frags["nn-center"])
                assert {i: w for i, w in shown.items() if w} == engine_windows(state, seat)
                hand = sorted(a["fenster"] for a in legal if a["type"] == "setzen" and "die" not in a)
                assert sorted(lit_windows(frags["nn-own"])) == hand
                for other in range(players):
                    if other != seat:
                        assert ui.legal_from_view(E.view(state, other)) == []
            tools = [a for a in legal if a["type"] not in ("setzen", "passen")]
            action = rng.choice(tools) if tools and rng.random() < 0.6 else rng.choice(legal)
            state, _ = E.apply(state, seat, action)
            steps += 1


# ------------------------------------------------------------------ lit windows


def test_lit_windows_of_each_die_equal_the_views_legal_windows():
    state = situation(started(2), lieferung=["P1", "C2", "G3", "N4", "V5"], grids={0: grid({0: "V6", 6: "C1"})})
    frags = render(snap_for(state), 0)
    view = E.view(state, 0)
    windows = die_windows(frags["nn-center"])
    assert windows == dict(enumerate(view["fenster_je_roehre"]))
    assert windows == engine_windows(state, 0)
    turn = attr_json(re.search(r"data-turn='([^']*)'", frags["nn-step"]).group(1))
    assert {int(k): v for k, v in turn["dice"].items()} == windows
    # not the seat to move: dice are shown, but nothing can be picked
    other = render(snap_for(state), 1)
    assert "nn-pick" not in other["nn-center"] and 'data-my-turn="0"' in other["nn-status"]


def step_tag(step: str) -> str:
    return re.search(r'<section id="nn-step"[^>]*>', step).group(0)


@pytest.mark.parametrize("bots", [True, False], ids=["computer-moves", "live-player-moves"])
def test_the_step_panel_shows_only_on_the_own_turn_and_is_hidden_not_empty_otherwise(bots):
    """While another player (a computer or a person) moves, the panel has nothing to say: no empty box between
    the Lieferung and the facade (the status line says whose turn it is); it keeps its data-turn for table.js."""
    state = situation(started(2), seat=1, lieferung=["P1", "C2", "G3", "N4", "V5"])
    waiting = render(snap_for(state, 1, bots=bots), 0)
    tag = step_tag(waiting["nn-step"])
    assert re.search(r"\shidden(?=[\s>])", tag) and "nn-mine" not in tag
    assert attr_json(re.search(r"data-turn='([^']*)'", tag).group(1))["mine"] is False
    assert 'data-my-turn="0"' in waiting["nn-status"]
    assert ("P1 überlegt" if bots else "P1 ist dran") in waiting["nn-status"]  # whose turn: in the status line
    moving = render(snap_for(state, 1, bots=bots), 1)
    tag = step_tag(moving["nn-step"])
    assert "hidden" not in tag and "nn-mine" in tag and 'data-testid="pass"' in moving["nn-step"]
    choice = render(snap_for(E.new_game(seed=3, players=2, options={"ausgabe": "klassisch"})), 0)
    assert re.search(r"\shidden(?=[\s>])", step_tag(choice["nn-step"]))  # the facade choice: nothing to do here


def test_die_in_hand_lights_exactly_its_windows():
    state = situation(
        started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["umpolen"]
    )
    state, _ = E.apply(state, 0, {"type": "werkzeug", "tool": "umpolen", "die": 2})
    frags = render(snap_for(state, 1), 0)
    assert 'data-testid="hand-die"' in frags["nn-center"]
    assert sorted(lit_windows(frags["nn-own"])) == sorted(E.view(state, 0)["hand_fenster"])
    assert "muss angebracht" not in frags["nn-center"]


# ------------------------------------------------------------------ tools


def test_tool_buttons_show_which_tools_the_turn_can_take_and_their_costs():
    state = situation(
        started(2), lieferung=["P1", "C6", "G3", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["dimmer", "trafo"]
    )
    frags = render(snap_for(state), 0)
    koffer = frags["nn-koffer"]
    turn = attr_json(re.search(r"data-turn='([^']*)'", frags["nn-step"]).group(1))
    legal = E.legal_actions(state, 0)
    assert turn["tools"]["dimmer"] == [a for a in legal if a["type"] == "werkzeug" and a["tool"] == "dimmer"]
    assert 'data-testid="cost-dimmer">⚡ 1' in koffer
    buttons = re.findall(r'<button type="button" class="(nn-tool[^"]*)" data-tool="(\w+)"', koffer)
    assert len(buttons) == 2 and any("nn-usable" in cls for cls, _ in buttons)
    for cls, tool in buttons:
        assert ("nn-usable" in cls.split()) == (tool in turn["tools"])
    other = render(snap_for(state), 1)["nn-koffer"]  # not the seat to move: nothing to take
    assert "nn-usable" not in other and "Gerade nicht möglich." in other


def test_dimmer_step_offers_plus_minus_and_cancel():
    state = situation(
        started(2), lieferung=["P1", "C6", "G3", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["dimmer"]
    )
    state, _ = E.apply(state, 0, {"type": "werkzeug", "tool": "dimmer", "die": 0})
    step = render(snap_for(state, 1), 0)["nn-step"]
    assert "Dimmer: Pink 1 heller oder dunkler" in step
    assert 'data-testid="dimmen-1"' in step and "Pink 2" in step
    assert 'data-testid="dimmen--1"' not in step  # 1 never becomes 0 or 6
    assert 'data-server="1"' in step  # Abbrechen is the engine's abbrechen
    assert re.search(r'id="nn-pass"[^>]*disabled', step)


def test_roehrenwechsel_step_shows_matt_values():
    state = situation(
        started(2), lieferung=["P2", "C3", "G1", "N4", "V5"], grids={0: grid({0: "V6"})}, tools=["roehrenwechsel"]
    )
    state, _ = E.apply(state, 0, {"type": "werkzeug", "tool": "roehrenwechsel", "die": 0})
    step = render(snap_for(state, 1), 0)["nn-step"]
    fitting = E.view(state, 0)["helligkeiten_passend"]
    for v in range(1, 7):
        matt = re.search(rf'data-key="{v}" data-matt="([01])"', step).group(1)
        assert matt == ("0" if v in fitting else "1")
    assert 'data-server="0"' in step  # already paid: no cancelling


def test_lagerkiste_step_makes_the_stromzaehler_tappable():
    state = situation(
        started(2),
        lieferung=["P2", "C3", "G1", "N4", "V5"],
        grids={0: grid({0: "V6"})},
        tools=["lagerkiste"],
        zaehler=["N3", "V2"],
    )
    state, _ = E.apply(state, 0, {"type": "werkzeug", "tool": "lagerkiste", "die": 0})
    frags = render(snap_for(state, 1), 0)
    assert frags["nn-center"].count("nn-swap") == 2
    assert "Lagerkiste: Tippe die Röhre auf dem Stromzähler" in frags["nn-step"]
    assert "nn-open" in frags["nn-koffer"]


def test_move_tool_lights_the_dice_that_can_move():
    state = situation(
        started(2),
        lieferung=["P2", "C3", "G1", "N4", "V5"],
        grids={0: grid({0: "V6", 1: "C1", 5: "P2"})},
        tools=["farbfolie"],
    )
    state, _ = E.apply(state, 0, {"type": "werkzeug", "tool": "farbfolie"})
    frags = render(snap_for(state, 1), 0)
    sources = sorted({a["von"] for a in E.legal_actions(state, 0) if a["type"] == "umhaengen"})
    assert sources and sorted(lit_windows(frags["nn-own"], "nn-src")) == sources
    assert "Farbfolie: Tippe die Röhre an deiner Fassade" in frags["nn-step"]


def test_solo_tools_show_their_price_colour_and_the_target():
    state = situation(started(1, "solo", werkzeuge=5), lieferung=["V1", "V4", "C3", "G2"], zaehler=["P5", "N6"])
    frags = render(snap_for(state), 0)
    for tool in state.werkzeuge:
        colour = E.TOOLS[tool].solo_colour
        assert re.search(rf'data-tool="{tool}".*?nn-chip nn-c-{colour}', frags["nn-koffer"], re.S)
    assert "Zielwert 11" in frags["nn-center"]
    assert 'data-testid="sign-target">Ziel 11' in frags["nn-own"]
    assert "⚡" not in frags["nn-own"]


# ------------------------------------------------------------------ texts, end, log, forms


def test_status_says_when_a_computer_thinks():
    state = started(3)
    cur = E.to_move(state)[0]
    for seat in range(3):
        ctx = FragmentContext(snap_for(state), E.view(state, seat), seat, ["P0", "P1", "P2"])
        text, thinking = ui_texts.status_text(ctx)
        assert thinking == (cur != seat and cur != 0)  # seat 0 is the human
        assert ("Du bist dran" in text) == (cur == seat)
        assert ("überlegt" in text) == thinking


def test_end_board_shows_every_breakdown():
    state = started(2, seed=3)
    rng = random.Random(1)
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        legal = E.legal_actions(state, seat)
        put = [a for a in legal if a["type"] == "setzen"]
        state, _ = E.apply(state, seat, rng.choice(put or legal))
    frags = render(snap_for(state, 999), 0)
    end = frags["nn-end"]
    result = E.result(state)
    for s in range(2):
        assert f'data-testid="sum-{s}">{bars.number(result["points"][s])}<' in end
    assert ">-" not in end  # negative numbers with a real minus sign (games.core.bars.number)
    assert end.count("Dunkle Fenster") == 2 and end.count("Geheimfarbe") == 2
    assert secrets_in(frags) == {c for g in state.geheim for c in g}  # revealed at the end


def test_log_names_the_actor_and_drops_turn_ending_passes():
    log = [
        {"type": "setzen", "seat": 1, "text": "hängt Pink 5 in Etage 1, Achse 1."},
        {"type": "passen", "seat": 1, "text": "passt."},
        {"type": "passen", "seat": 0, "text": "passt."},
        {"type": "zeit", "seat": 0, "text": "Die Bedenkzeit von P0 ist abgelaufen."},
        {"type": "runde", "seat": None, "text": "Runde 2 beginnt."},
    ]
    lines = ui.log_lines(log, ["P0", "P1"])
    assert [(line["who"], line["text"]) for line in lines] == [
        ("P1", "hängt Pink 5 in Etage 1, Achse 1."),
        ("P0", "passt."),
        (None, "Die Bedenkzeit von P0 ist abgelaufen."),
        (None, "Runde 2 beginnt."),
    ]


def test_the_log_window_moving_on_leaves_its_lines_as_they_were():
    """The oldest shown "passt." is judged by the event before it, so every line keeps its key (an append)."""
    log = []
    for n in range(ui.LOG_LENGTH):
        log.append({"type": "setzen", "seat": n % 2, "text": f"hängt Pink {n} in Etage 1, Achse 1."})
        log.append({"type": "passen", "seat": n % 2, "text": "passt."})
    log = log[: ui.LOG_LENGTH + 3]  # ends with a "setzen": the window starts with a "passt." that ends a turn
    earlier, later = ui.shown_log(log[:-2], ["P0", "P1"]), ui.shown_log(log, ["P0", "P1"])
    assert all(line["text"] != "passt." for line in earlier + later)
    assert earlier[1:] == later[:-1] and len(earlier) == len(later) == ui.LOG_LENGTH // 2
    assert ui.shown_log(log[:3], ["P0", "P1"]) == ui.log_lines(log[:3], ["P0", "P1"])


def test_options_summary():
    assert ui.options_summary({"ausgabe": "klassisch"}) == "Klassisch"
    assert ui.options_summary({"ausgabe": "blackout", "tempo": "normal"}) == "Blackout (dunkles Fenster −3)"
    assert ui.options_summary({"ausgabe": "klassisch", "tempo": "schnell"}) == "Klassisch, Tempo Schnell"
    assert ui.options_summary({"ausgabe": "solo", "werkzeuge": 1}) == "Solovariante, 1 Werkzeug"
    assert ui.options_summary({"ausgabe": "einsteiger"}).startswith("Einsteiger")


def test_free_game_form_settings():
    form = forms.FreeGameForm(
        {"gegner": "2", "level": "stark", "ausgabe": "blackout", "werkzeuge": "3", "tempo": "schnell"}
    )
    assert form.is_valid(), form.errors
    assert form.table_settings() == {
        "options": {"ausgabe": "blackout"},
        "computers": ["stark", "stark"],
        "tempo": "schnell",
    }
    solo = forms.FreeGameForm(
        {"gegner": "solo", "level": "normal", "ausgabe": "klassisch", "werkzeuge": "2", "tempo": "normal"}
    )
    assert solo.is_valid(), solo.errors
    assert solo.table_settings() == {"options": {"ausgabe": "solo", "werkzeuge": 2}, "computers": [], "tempo": "normal"}
    for settings in (form.table_settings(), solo.table_settings()):
        E.clean_options(settings["options"], 1 + len(settings["computers"]))  # the engine accepts them


def test_options_form_for_live_tables_has_no_solo_variant():
    form = forms.OptionsForm({"ausgabe": "einsteiger"})
    assert "werkzeuge" not in form.fields
    assert [c for c, _ in form.fields["ausgabe"].choices] == ["klassisch", "einsteiger", "blackout"]
    assert form.is_valid() and form.game_options() == {"ausgabe": "einsteiger"}


def test_end_board_bars_are_plain_data_on_one_scale_and_match_every_item():
    state = started(2, seed=3)
    rng = random.Random(1)
    while not E.is_over(state):
        seat = E.to_move(state)[0]
        legal = E.legal_actions(state, seat)
        put = [a for a in legal if a["type"] == "setzen"]
        state, _ = E.apply(state, seat, rng.choice(put or legal))
    ctx = FragmentContext(table_view(snap_for(state, 999)), E.view(state, 0), 0, ["P0", "P1"])
    data = ui.end_data(ctx)
    assert plain(data)
    result = E.result(state)
    values = [item["punkte"] for b in result["breakdown"] for item in b["posten"]] + result["points"]
    low, high = min(0, *values), max(0, *values)
    high = high if high > low else low + 1
    unit = bars.WIDTH / (high - low)
    for row in data["ends"]:
        items = row["posten"] + [("Summe", "", row["points"], row["sum_bar"])]
        for _, _, punkte, bar in items:
            assert bar["zero"] == round(-low * unit, 1)
            if punkte == 0:
                assert bar["bars"] == []
                continue
            (b,) = bar["bars"]
            assert (b["key"], b["value"], b["w"]) == (
                "plus" if punkte > 0 else "minus",
                punkte,
                round(abs(punkte) * unit, 1),
            )
            assert abs(b["x"] - (-low + min(punkte, 0)) * unit) <= 0.06
    html = render(snap_for(state, 999), 0)["nn-end"]
    assert html.count('class="nn-bar"') == sum(len(row["posten"]) + 1 for row in data["ends"])


# ------------------------------------------------------------------ facade markup


def test_a_facade_grid_is_its_twenty_windows_in_order_buttons_only_on_the_own_facade():
    state = situation(started(2), grids={0: grid({0: "V6", 6: "C1"})})
    facade, fenster = E.view(state, 0)["spieler"][0]["fassade"], E.view(state, 0)["spieler"][0]["fenster"]
    own = ui.facade_data(facade, fenster, lit=[3], src=[0], own=True)["grid"]
    rival = ui.facade_data(facade, fenster)["grid"]
    buttons = re.findall(r'<button type="button" class="([^"]*)" data-w="(\d+)" data-die="([^"]*)"', own)
    divs = re.findall(r'<div class="([^"]*)" data-w="(\d+)" data-die="([^"]*)"', rival)
    assert [int(w) for _, w, _ in buttons] == list(range(20)) == [int(w) for _, w, _ in divs]
    assert "<div" not in own and "<button" not in rival
    assert [d for _, _, d in buttons] == [d or "" for d in fenster] == [d for _, _, d in divs]
    assert lit_windows(own) == [3] and lit_windows(own, "nn-src") == [0]
    assert not any("nn-lit" in c or "nn-src" in c for c, _, _ in divs)  # lit only on the own turn's facade
    # the hung tube's window carries the tube's info window; an empty window its requirement
    assert 'data-die="V6"><span class="nn-v">6</span>' in rival
    # each distinct window is rendered once and kept: the same look is the same string
    assert ui.window_html("nn-win", "", "x", "", "", 1, False) is ui.window_html("nn-win", "", "x", "", "", 1, False)


def test_the_order_style_hides_the_own_board_among_the_rivals_at_the_table_and_in_a_replay():
    """A <style> is raw text: a selector's ">" must reach the page as it is (no "&gt;")."""
    state = started(3)
    live = render(snap_for(state), 1)["nn-order"]
    assert "#nn-rivals>#nn-board-1{display:none}" in live and "&gt;" not in live
    ctx = FragmentContext(snap_for(state), E.view(state, 1), 1, ["P0", "P1", "P2"])
    replay = to_html({"o": ui.replay_fragments(ctx)["nn-order"]})["o"]
    assert "}#nn-board-1{display:none}" in replay and "#nn-rivals>#nn-board-1" not in replay


def finished_live_ctx(seat: int | None) -> FragmentContext:
    state = started(2, seed=3)
    rng = random.Random(1)
    while not E.is_over(state):
        s = E.to_move(state)[0]
        legal = E.legal_actions(state, s)
        state, _ = E.apply(state, s, rng.choice([a for a in legal if a["type"] == "setzen"] or legal))
    snap = dataclasses.replace(snap_for(state, 999), kind="live", status="finished")
    return FragmentContext(table_view(snap), E.view(state, seat), seat, ["P0", "P1"])


def test_the_end_board_offers_nochmal_at_a_live_table_as_speedkleister_given_kind_seated_and_stake():
    # the end board covers the table bar and its "Nochmal": the template offers the same form as Speedkleister's
    data = ui.end_data(finished_live_ctx(0))
    end = to_html({"e": Fragment("games/neon/end.html", {**data, "kind": "live", "seated": True, "stake": 10})})["e"]
    assert 'action="/tisch/1/nochmal/"' in end and 'data-testid="end-again"' in end
    assert "Noch eine Partie mit 10 Taler Einsatz?" in end
    spectator = {**ui.end_data(finished_live_ctx(None)), "kind": "live", "seated": False, "stake": 0}
    assert "end-again" not in to_html({"e": Fragment("games/neon/end.html", spectator)})["e"]


def test_the_end_board_of_a_seat_at_a_finished_live_table_offers_nochmal():
    end = to_html({"e": Fragment("games/neon/end.html", ui.end_data(finished_live_ctx(0)))})["e"]
    assert 'data-testid="end-again"' in end
    assert "end-again" not in to_html({"e": Fragment("games/neon/end.html", ui.end_data(finished_live_ctx(None)))})["e"]


def test_a_tool_whose_step_is_open_says_so_in_its_info_window_not_that_it_cannot_be_used():
    tools = [
        {"id": "farbfolie", "name": "Farbfolie", "text": "…", "kosten": 2, "preis_farbe": None, "benutzt": 0},
        {"id": "dimmer", "name": "Dimmer", "text": "…", "kosten": 1, "preis_farbe": None, "benutzt": 0},
    ]
    rows = {r["id"]: r for r in ui.tool_rows(tools, False, [], "farbfolie")}
    assert rows["farbfolie"]["open"] and "Gerade in Gebrauch" in rows["farbfolie"]["info"]
    assert "Gerade nicht möglich" not in rows["farbfolie"]["info"]
    assert "Gerade nicht möglich." in rows["dimmer"]["info"]
