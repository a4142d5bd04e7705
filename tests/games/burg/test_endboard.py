"""Speedburg's end board pictures (issue 17): the score as bars on one scale (shovels and prizes, alone the
castle points and the prizes) and the castle points per round with a dash and a marker per player."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from games.burg import boards, content, ui
from games.burg import engine as E
from games.core import bars, charts
from games.core.fragments import to_html

from .test_ui import ctx_for

SHOVEL_SP = {key: sp for key, _name, sp in content.SHOVELS}


def played(players: int, seed: int, **options: str) -> E.State:
    s = E.new_game(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    while not E.is_over(s):
        seat = E.to_move(s)[0]
        s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
    return s


def test_with_others_the_bars_are_the_shovels_and_prizes_siegpunkte_on_one_scale():
    s = played(4, seed=5)
    result = E.result(s)
    end = boards.end_data(E.view(s, None), ctx_for(s, None))
    top = max(result["siegpunkte"])
    for r in end["rows"]:
        seat = r["seat"]
        shovels = result["schaufeln"][seat]
        assert r["parts"] == {
            "gold": shovels.count("gold") * SHOVEL_SP["gold"],
            "silber": shovels.count("silber") * SHOVEL_SP["silber"],
            "bronze": shovels.count("bronze") * SHOVEL_SP["bronze"],
            "preise": len(result["preise"][seat]) * content.PRIZE_SP,
        }
        assert sum(r["parts"].values()) == r["sp"] == r["bar"]["total"]
        assert abs(sum(b["w"] for b in r["bar"]["bars"]) - r["sp"] * bars.WIDTH / top) < 0.2
    assert sum(len(result["schaufeln"][p]) for p in range(4)) == 3 * 3  # three shovels a round at four


def test_alone_the_bars_are_the_castle_points_and_the_prizes_rekordpunkte():
    s = played(1, seed=2, modus="rekordjagd")
    result = E.result(s)
    (row,) = boards.end_data(E.view(s, 0), ctx_for(s, 0))["rows"]
    assert row["parts"] == {
        "burg": sum(result["rundenpunkte"][0]),
        "preise": content.SOLO_PRIZE_POINTS * len(result["preise"][0]),
    }
    assert sum(row["parts"].values()) == result["rekordpunkte"] == row["bar"]["total"]
    text = to_html(ui.public_fragments(ctx_for(s, None)))["bg-end"]
    figure = text.split('data-testid="end-bars"')[1].split("</figure>")[0]
    assert "Burgpunkte" in figure and "Preise" in figure and "Schaufel" not in figure
    # the round columns are Rekordpunkte (castle points and the prizes'), and the board says so
    assert 'data-testid="rounds-note">Je Runde: Burgpunkte und 5 Rekordpunkte je Preis.<' in text
    assert "rounds-note" not in to_html(ui.public_fragments(ctx_for(played(2, seed=5), None)))["bg-end"]


def test_the_end_board_draws_bars_with_numbers_and_the_chart_with_markers_and_a_legend():
    s = played(3, seed=8)
    text = to_html(ui.public_fragments(ctx_for(s, None)))["bg-end"]
    figure = text.split('data-testid="end-bars"')[1].split("</figure>")[0]
    assert figure.count('<svg class="bg-bar"') == 3
    end = boards.end_data(E.view(s, None), ctx_for(s, None))
    for r in end["rows"]:
        label = re.search(rf'aria-label="([^"]*)" data-testid="bar-{r["seat"]}"', figure).group(1)
        p = r["parts"]
        assert label == (
            f"{r['name']}: Goldene Schaufel {p['gold']}, Silberne Schaufel {p['silber']}, "
            f"Bronzene Schaufel {p['bronze']}, Preise {p['preise']}, zusammen {r['sp']}"
        )
        for b in r["bar"]["bars"]:  # every part names itself (and, where it is wide enough, its letter and number)
            name = {"gold": "Goldene Schaufel", "silber": "Silberne Schaufel", "bronze": "Bronzene Schaufel"}
            assert f"<title>{name.get(b['key'], 'Preise')}: {b['value']}</title>" in figure
    assert 'id="bg-hatch"' in figure  # the prizes hatched, not only coloured
    chart = text.split('data-testid="chart"')[1].split("</figure>")[0]
    assert chart.count("<polyline") == 3
    assert len(set(re.findall(r'<polyline[^>]*stroke-dasharray="([^"]*)"', chart))) == 2  # the first is solid
    assert chart.count('class="bg-marker"') == 3 * 3  # a marker at every round of every line
    assert chart.count('class="chart-key"') == 3


def test_each_line_has_its_own_marker_shape_at_its_points():
    s = played(4, seed=1)
    chart = boards.chart_data(E.view(s, None), ctx_for(s, None).names)
    for line, shape in zip(chart["lines"], charts.SHAPES, strict=True):
        assert [d["d"] for d in line["dots"]] == [charts.marker(shape, d["x"], d["y"]) for d in line["dots"]]


def test_at_a_finished_live_table_the_end_board_offers_nochmal_to_a_seat_as_speedkleister():
    # the end board covers the table bar and its "Nochmal": it offers its own, with the same form
    s = played(2, seed=3)
    mine = to_html(ui.private_fragments(ctx_for(s, 0)))["bg-end"]
    assert 'action="/tisch/1/nochmal/"' in mine and 'data-testid="end-again"' in mine
    assert "data-confirm" not in mine
    staked = replace(ctx_for(s, 0), snap=replace(ctx_for(s, 0).snap, stake=10))
    assert "Noch eine Partie mit 10 Taler Einsatz?" in to_html(ui.private_fragments(staked))["bg-end"]
    # a spectator's board (public) and a replay's offer nothing
    assert "end-again" not in to_html(ui.public_fragments(ctx_for(s, None)))["bg-end"]
    assert "bg-end" not in ui.replay_fragments(ctx_for(s, 0))
    # during play the seat keeps the public (empty) wrapper
    assert "bg-end" not in ui.private_fragments(ctx_for(E.new_game(seed=3, players=2, options={}), 0))
