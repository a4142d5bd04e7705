"""Speedrocket's table fragments: plain data, hidden information stays hidden, the page's actions are legal."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.fragments import Fragment, FragmentContext, LogLines, TableView, render_fragment
from games.rocket import endboard, ui
from games.rocket import engine as E
from games.rocket.content import chip_text
from lobby.runtime.rendering import render
from lobby.runtime.snapshot import Snapshot

from .helpers import evening, put, to_shop


def facts(players: int, version: int = 0, log: list | None = None, kind: str = "solo") -> TableView:
    return TableView(
        table_id=1,
        match_id=9000 + version,
        number=1,
        version=version,
        kind=kind,
        status="playing",
        players=[{"name": f"P{i}", "bot": ("normal" if i else None), "left": False} for i in range(players)],
        log=log or [],
        rat=kind == "solo",
    )


def ctx_for(state: E.State, seat: int | None, version: int = 0) -> FragmentContext:
    names = [f"P{i}" for i in range(state.players)]
    return FragmentContext(facts(state.players, version), E.view(state, seat), seat, names)


def snap_for(state: E.State, version: int = 0) -> Snapshot:
    return Snapshot(
        table_id=1,
        match_id=8000 + version,
        number=1,
        version=version,
        game="rocket",
        kind="solo",
        status="playing",
        options={},
        table_options={},
        state=E.dump(state),
        result=None,
        log=[],
        players=[{"name": f"P{i}", "user_id": i + 1, "bot": ("normal" if i else None)} for i in range(state.players)],
    )


def all_fragments(state: E.State, seat: int | None) -> dict[str, Fragment]:
    ctx = ctx_for(state, seat)
    public = ui.public_fragments(ctx_for(state, None))
    return {**public, **ui.private_fragments(ctx)}


def random_states(seed: int, players: int = 3, steps: int = 400):
    """States along a random game (every seat plays random legal actions)."""
    rng = random.Random(seed)
    s = E.new_game(seed=seed, players=players, options={"kurz": True, "rezepte": "zufall"})
    yield s
    for _ in range(steps):
        if E.is_over(s):
            return
        seat = rng.choice(E.to_move(s))
        s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
        yield s


def test_fragments_are_plain_data_and_render_in_every_phase():
    phases = set()
    for s in random_states(5):
        phases.add(s.phase)
        for seat in (None, 0, 1):
            for name, fragment in all_fragments(s, seat).items():
                for part in fragment.parts() if isinstance(fragment, LogLines) else [fragment]:
                    assert isinstance(part, Fragment)
                    part.key()  # ValueError if the input is not plain data
                _, text = render_fragment(fragment)
                assert f'id="{name}"' in text
    assert phases == {"stopfen", "vorstellung", "handel", "ende"}


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(1, 4))
def test_the_page_offers_exactly_the_engines_legal_actions(seed, players):
    for s in random_states(seed, players=players):
        for seat in range(s.players):
            assert ui.legal_from_view(E.view(s, seat)) == E.legal_actions(s, seat)


def test_public_fragments_are_the_same_for_every_viewer():
    """One manufactory panel per seat, built from public information only: rendered once for all."""
    for s in random_states(11, players=4, steps=120):
        spectator = {k: f.key() for k, f in ui.public_fragments(ctx_for(s, None)).items()}
        # what the runtime does: public fragments from the spectator view, whoever watches
        assert set(spectator) >= {f"rk-m-{i}" for i in range(4)} | {"rk-side", "rk-blatt", "rk-show", "rk-log"}


def _vorschau_pending() -> E.State:
    s = evening(2, rezepte={"B": 1}, beutel=["W1", "O1", "G1", "R1", "Y1", "P1"])
    put(s, 0, "B2")
    assert s.seats[0].offen is not None and s.seats[0].offen["art"] == "vorschau"
    return s


def test_vorschau_chips_are_seen_by_their_owner_only():
    s = _vorschau_pending()
    hidden = s.seats[0].offen["chips"]
    own = ui.controls_data(ctx_for(s, 0), ui.legal_from_view(E.view(s, 0)))
    assert [c["name"] for c in own["offen"]["chips"]] == [chip_text(c) for c in hidden]
    rival_html = "".join(render_fragment(f)[1] for f in all_fragments(s, 1).values())
    assert 'data-testid="vorschau"' not in rival_html
    # the public panel shows the owner's bag as if the Vorschau chips were still in it
    public = ui.public_fragments(ctx_for(s, None))["rk-m-0"].data
    assert sorted(b["chip"] for b in public["beutel"]) == sorted(s.seats[0].beutel + hidden)
    assert public["meter"]["bar"] is None  # the bar would tell the drawn chips apart
    assert "Vorschau" in public["pending"]


def test_bought_chips_stay_hidden_until_the_shop_closes():
    s = to_shop(evening(2))
    s.seats[0].mark = 30
    s, _ = E.apply(s, 0, {"type": "einkaufen", "chips": ["P1", "S1"]})
    public_bag = [b["chip"] for b in ui.public_fragments(ctx_for(s, None))["rk-m-0"].data["beutel"]]
    assert "P1" not in public_bag and "S1" not in public_bag
    s, _ = E.apply(s, 1, {"type": "einkaufen", "chips": []})  # the shop closes: into the bag
    public_bag = [b["chip"] for b in ui.public_fragments(ctx_for(s, None))["rk-m-0"].data["beutel"]]
    assert "P1" in public_bag and "S1" in public_bag


def test_the_sand_question_names_the_igniting_chip_and_offers_both_answers():
    s = evening(1, beutel=["W3", "W3", "W3", "W1"])
    put(s, 0, "W3", "W3")
    s.seats[0].beutel = ["W3"]
    s, _ = E.apply(s, 0, {"type": "ziehen"})
    controls = render_fragment(ui.private_fragments(ctx_for(s, 0))["rk-controls"])[1]
    assert "Sand drauf?" in controls and "Blitzpulver 3 bringt den Zündmesser auf 9/7" in controls
    legal = json.loads(html.unescape(re.search(r"data-legal='([^']*)'", controls).group(1)))
    assert legal == [{"type": "sand"}, {"type": "zuenden"}]


def test_the_shop_shows_prices_and_this_games_recipe_texts():
    s = to_shop(evening(2, rezepte={"P": 3}))
    s.seats[0].mark = 12
    legal = ui.legal_from_view(E.view(s, 0))
    shop = ui.controls_data(ctx_for(s, 0), legal)["shop"]
    baskets = [a["chips"] for a in legal if a["type"] == "einkaufen"]
    purpur = next(g for g in shop["groups"] if g["c"] == "P")
    assert purpur["recipe"].startswith("Rezeptur 3 Sofortglanz")
    prices = {w["chip"]: (w["preis"], w["ok"]) for g in shop["groups"] for w in g["wares"]}
    assert prices["P1"] == (9, True) and prices["B4"] == (19, False)
    assert ["G1", "P1"] not in baskets and ["O1", "P1"] in baskets


def test_end_board_has_ruhm_per_evening_as_a_chart():
    s = list(random_states(7, players=3, steps=5000))[-1]
    assert E.is_over(s)
    data = endboard.end_data(ctx_for(s, 0))
    assert data["result"] and len(data["chart"]["lines"]) == 3
    for line, seat_ruhm in zip(data["chart"]["lines"], E.result(s)["ruhm_abende"], strict=True):
        assert len(line["points"].split()) == len(seat_ruhm) + 1 == s.abende + 1
        assert seat_ruhm[-1] == s.seats[line["seat"]].ruhm


@pytest.mark.django_db
def test_the_runtime_renders_every_fragment(settings):
    s = _vorschau_pending()
    out = render(snap_for(s), 0)
    assert {"rk-status", "rk-controls", "rk-send", "rk-end", "rk-m-0", "rk-m-1", "rk-felder", "tbl-bar"} <= set(out)
    spectator = render(snap_for(s), None)
    assert "rk-controls" not in spectator and spectator["rk-m-0"] == out["rk-m-0"]


def test_after_taking_the_ruhm_the_shop_only_trades_crystals():
    s = evening(2, beutel=["W3", "W3", "W3"])
    s.seats[0].eimer = False
    put(s, 0, "W3", "W3", "W3")  # 9 > 7: Fehlzündung without sand
    s = to_shop(s)
    s, _ = E.apply(s, 0, {"type": "fehlzuendung", "wahl": "ruhm"})
    legal = ui.legal_from_view(E.view(s, 0))
    data = ui.controls_data(ctx_for(s, 0), legal)
    assert [a["chips"] for a in legal if a["type"] == "einkaufen"] == [[]] and data["shop"]["mark"] == 0
    html_text = render_fragment(ui.private_fragments(ctx_for(s, 0))["rk-controls"])[1]
    assert 'data-testid="took-ruhm"' in html_text


def test_the_tagesraetsel_end_board_has_a_share_line_with_heights_only():
    s = E.new_game(seed=4, players=1, options={"kurz": True, "taeglich": True})
    rng = random.Random(4)
    while not E.is_over(s):
        s, _ = E.apply(s, 0, rng.choice(E.legal_actions(s, 0)))
    data = endboard.end_data(ctx_for(s, 0))
    line = data["share"]
    assert line.startswith(f"Speedrocket-Tagesrätsel: {s.seats[0].ruhm} Ruhm ")
    bars = line.rsplit(" ", 1)[1]
    assert len(bars) == 6 and set(bars) <= set(endboard.BARS + "✸")
    assert "✸" not in bars or any(h[0]["fehl"] for h in s.hoehen)
    assert 'data-testid="share-line"' in render_fragment(ui.private_fragments(ctx_for(s, 0))["rk-end"])[1]
    other = E.new_game(seed=4, players=1, options={"kurz": True})
    assert not other.taeglich


def test_only_one_plays_the_tagesraetsel():
    with pytest.raises(E.IllegalAction):
        E.new_game(seed=1, players=2, options={"taeglich": True})


def test_no_rat_alone_in_the_workshop():
    alone = E.new_game(seed=1, players=1, options={})
    assert ui.controls_data(ctx_for(alone, 0), ui.legal_from_view(E.view(alone, 0)))["rat"] is False
    rivals = E.new_game(seed=1, players=2, options={})
    assert ui.controls_data(ctx_for(rivals, 0), ui.legal_from_view(E.view(rivals, 0)))["rat"] is True


def test_the_rat_stays_while_others_draw_and_goes_with_the_seats_own_draw():
    """The page drops the Rat when data-advice-key changes: only the seat's own position changes it."""
    s = evening(3, beutel=["W1", "W1", "W2", "O1", "G1", "R1"])

    def key(state: E.State) -> str:
        return ui.controls_data(ctx_for(state, 0), ui.legal_from_view(E.view(state, 0)))["advice_key"]

    before = key(s)
    s, _ = E.apply(s, 1, {"type": "ziehen"})
    s, _ = E.apply(s, 2, {"type": "aufhoeren"})
    assert key(s) == before
    s, _ = E.apply(s, 0, {"type": "ziehen"})
    assert key(s) != before


def test_a_log_line_names_the_seat_unless_the_event_is_a_sentence_of_its_own():
    from games.rocket.panels import event_line

    names = ["Rosa", "Rudi"]
    drawn = {"type": "zug", "seat": 1, "text": "zieht Rot 2."}
    assert event_line(drawn, names)["who"] == "Rudi"
    reason = {"type": "grund", "seat": 1, "text": "67 % Gefahr sind zu heiß."}
    assert event_line(reason, names)["who"] == "Rudi"
    for kind, text in (
        ("zeit", "Die Bedenkzeit von Rudi ist abgelaufen – der Computer übernimmt diesen Zug."),
        ("verlassen", "Rudi hat die Partie verlassen – der Computer übernimmt den Platz."),
    ):
        line = event_line({"type": kind, "seat": 1, "text": text}, names)
        assert line["who"] is None and line["text"] == text


def test_the_sand_question_is_asked_once_in_the_manufactory():
    """QA: "Sand drauf? · Blitzpulver 2 würde zünden – Sand drauf?" – the manufactory says it once."""
    s = evening(1, beutel=["W3", "W3", "W3", "W1"])
    put(s, 0, "W3", "W3")
    s.seats[0].beutel = ["W3"]
    s, _ = E.apply(s, 0, {"type": "ziehen"})
    for seat in (0, None):
        text = "".join(render_fragment(f)[1] for f in all_fragments(s, seat).values())
        state = re.search(r'data-testid="state-0">([^<]*)</p>', text).group(1)
        assert state == "Blitzpulver 3 würde zünden – Sand drauf?"
