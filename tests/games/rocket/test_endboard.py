"""Speedrocket's end board pictures (issue 17): the Ruhm as bars on one scale, the chart of Ruhm per evening
with a dash and a marker per manufactory, the chips' emblems."""

from __future__ import annotations

import re
from pathlib import Path

from games.core import bars, charts
from games.core.fragments import render_fragment
from games.rocket import art, endboard, ui
from games.rocket import engine as E

from .test_ui import ctx_for, random_states

ROOT = Path(__file__).resolve().parents[3]


def finished(seed: int = 7, players: int = 3) -> E.State:
    s = list(random_states(seed, players=players, steps=5000))[-1]
    assert E.is_over(s)
    return s


def test_the_parts_of_the_ruhm_are_the_evenings_the_mark_and_the_crystals():
    assert endboard.ruhm_parts(20, {"ruhm_mark": 3, "ruhm_feld": 0, "ruhm_kristalle": 2}) == [
        ("abende", 15),
        ("mark", 3),
        ("kristalle", 2),
    ]
    # after a misfire on the last evening the better Wertungsfeld counts where the Mark would have
    assert endboard.ruhm_parts(11, {"ruhm_mark": 0, "ruhm_feld": 4, "ruhm_kristalle": 1})[1] == ("mark", 4)
    assert endboard.ruhm_parts(0, {})[0] == ("abende", 0)


def test_every_manufactory_has_a_bar_on_one_scale_that_adds_up_to_its_ruhm():
    s = finished()
    data = endboard.end_data(ctx_for(s, 1))
    top = max(r["ruhm"] for r in data["rows"])
    unit = bars.WIDTH / top
    assert data["bar_width"] == bars.WIDTH
    for r in data["rows"]:
        settled = s.abrechnung[r["seat"]]
        assert r["parts"]["mark"] == settled["ruhm_mark"] + settled["ruhm_feld"]
        assert r["parts"]["kristalle"] == settled["ruhm_kristalle"] == s.kristalle_ende[r["seat"]] // 2
        assert sum(r["parts"].values()) == r["ruhm"] == s.seats[r["seat"]].ruhm
        assert all(v >= 0 for v in r["parts"].values())
        bar = r["bar"]
        assert bar["zero"] == 0 and bar["total"] == r["ruhm"]
        assert [b["key"] for b in bar["bars"]] == [k for k in endboard.BAR_PARTS if r["parts"][k]]
        assert abs(sum(b["w"] for b in bar["bars"]) - r["ruhm"] * unit) < 0.2
    assert [r["me"] for r in data["rows"]].count(True) == 1


def test_the_end_board_draws_the_bars_with_numbers_and_the_chart_with_markers_and_a_legend():
    s = finished()
    text = render_fragment(ui.private_fragments(ctx_for(s, 0))["rk-end"])[1]
    figure = text.split('data-testid="end-bars"')[1].split("</figure>")[0]
    assert figure.count('<svg class="rk-sbar"') == 3
    for r in endboard.end_data(ctx_for(s, 0))["rows"]:
        label = re.search(rf'aria-label="([^"]*)" data-testid="bar-{r["seat"]}"', figure).group(1)
        parts = r["parts"]
        assert label == (
            f"{r['name']}: Abende {parts['abende']}, Abrechnung {parts['mark']}, "
            f"aus Kristallen {parts['kristalle']} – {r['ruhm']} Ruhm"
        )
    assert "Abende" in figure and "Abrechnung" in figure and "aus Kristallen" in figure
    assert 'id="rk-hatch"' in figure and 'id="rk-dots"' in figure  # patterns, not colour alone
    chart = text.split('data-testid="chart"')[1].split("</figure>")[0]
    assert chart.count("<polyline") == 3
    assert len(set(re.findall(r'stroke-dasharray="([^"]*)"', chart))) == 2  # the first line is solid
    assert chart.count('class="rk-marker"') == 3 * s.abende  # a marker at every evening of every line
    assert chart.count('class="chart-key"') == 3  # the legend: line and marker beside each name


def test_each_line_of_the_chart_has_its_own_style():
    data = endboard.end_data(ctx_for(finished(seed=3, players=4), 0))
    lines = data["chart"]["lines"]
    assert [line["shape"] for line in lines] == list(charts.SHAPES)
    assert len({line["dash"] for line in lines}) == 4


def test_every_powder_has_an_emblem_as_a_symbol_and_the_same_drawing_on_the_html_chips():
    css = (ROOT / "static/games/rocket/table.css").read_text(encoding="utf-8")
    s = finished()
    felder = render_fragment(ui.public_fragments(ctx_for(s, None))["rk-felder"])[1]
    assert set(art.EMBLEMS) == {"W", "O", "G", "B", "R", "Y", "P", "S"}
    for colour, (d, _filled) in art.EMBLEMS.items():
        assert f'<symbol id="rk-e-{colour}" viewBox="0 0 24 24"><path d="{d}"' in felder
        assert f".rk-c-{colour} {{ --rk-art: url('data:image/svg+xml," in css
        assert f'<path d="{d}"' in css.split(f".rk-c-{colour} {{ --rk-art:")[1].split("\n")[0]
    assert len({d for d, _ in art.EMBLEMS.values()}) == len(art.EMBLEMS)


def test_a_chip_in_the_huelse_shows_its_emblem_value_and_where_it_ran_from():
    s = E.new_game(seed=5, players=2, options={"kurz": True})
    while not s.seats[0].chips:
        s, _ = E.apply(s, 0, {"type": "ziehen"})
    p = s.seats[0]
    text = render_fragment(ui.public_fragments(ctx_for(s, None))["rk-m-0"])[1]
    chip = re.search(r'<g class="rk-chip rk-c-(\w)"[^>]*data-i="0" data-f="(\d+)" data-von="(\d+)">(.*?)</g>', text)
    assert chip.group(1) == p.chips[0][0]
    assert (int(chip.group(2)), int(chip.group(3))) == (p.felder[0], p.start)
    assert f'href="#rk-e-{p.chips[0][0]}"' in chip.group(4)
    assert f">{int(p.chips[0][1])}</text>" in chip.group(4)


def test_the_settlement_column_says_when_the_wertungsfeld_counted_instead_of_the_mark():
    """Rule text: "Nach einer Fehlzündung zählt automatisch das Bessere: der Ruhm des Wertungsfeldes oder die
    Mark in Ruhm" – the column is the settlement, and a row whose Wertungsfeld counted says so."""
    from games.core.fragments import Fragment

    data = ui.end_data(ctx_for(finished(), 0))
    data["rows"][0] = {**data["rows"][0], "ruhm_mark": 0, "ruhm_feld": 3}
    data["rows"][1] = {**data["rows"][1], "ruhm_mark": 2, "ruhm_feld": 0}
    text = render_fragment(Fragment("games/rocket/end.html", data))[1]
    assert '<span class="rk-th-long">Abrechnung</span>' in text and "aus Mark" not in text
    first = text.split(f'data-testid="end-{data["rows"][0]["seat"]}"')[1].split("</tr>")[0]
    second = text.split(f'data-testid="end-{data["rows"][1]["seat"]}"')[1].split("</tr>")[0]
    assert '>3 <small class="muted">(Feld)</small></td>' in first and "(Feld)" not in second


def test_the_highest_rocket_leaves_out_misfired_rockets():
    """Rule text: a misfired rocket does not rise; the end board counts as the Werkstattbuch does."""
    result = {"hoehen": [[12, 30, 20], [9, 9]], "fehl_abende": [[False, True, False], [True, True]]}
    assert endboard.highest_rocket(result, 0) == 20
    assert endboard.highest_rocket(result, 1) == 0
    assert endboard.highest_rocket({"hoehen": [[7, 11]]}, 0) == 11  # an older result without fehl_abende
    s = finished()
    s.hoehen[-1][0] = {"feld": 53, "fehl": True}  # the highest rocket misfired
    row = next(r for r in endboard.end_data(ctx_for(s, 0))["rows"] if r["seat"] == 0)
    assert row["beste"] == max(h[0]["feld"] for h in s.hoehen if not h[0]["fehl"]) < 53


def _live_ctx(s: E.State, seat: int | None, left: bool = False):
    from games.core.fragments import FragmentContext

    from .test_ui import facts

    table = facts(s.players, kind="live")
    players = [{**p, "left": left and i == seat} for i, p in enumerate(table.players)]
    table = type(table)(**{**table.__dict__, "players": players, "stake": 10})
    return FragmentContext(table, E.view(s, seat), seat, [f"P{i}" for i in range(s.players)])


def test_the_end_board_at_a_live_table_offers_nochmal_like_the_table_bar():
    """QA: the end board covered the bar's Nochmal; like Speedkleister's end board it has its own."""
    s = finished()
    text = render_fragment(ui.private_fragments(_live_ctx(s, 0))["rk-end"])[1]
    form = text.split('action="/tisch/1/nochmal/"')[1].split("</form>")[0]
    assert 'data-testid="end-again"' in form and 'class="tbl-csrf"' in form
    assert "Noch eine Partie mit 10 Taler Einsatz?" in form  # the stake is asked about first
    # the pot line's place (filled from the table bar by table.js)
    assert 'data-testid="end-pot"' in text
    # a spectator, a seat that left and a solo game have no Nochmal
    assert "end-again" not in render_fragment(ui.private_fragments(_live_ctx(s, None))["rk-end"])[1]
    assert "end-again" not in render_fragment(ui.private_fragments(_live_ctx(s, 0, left=True))["rk-end"])[1]
    assert "end-again" not in render_fragment(ui.private_fragments(ctx_for(s, 0))["rk-end"])[1]


def test_the_colour_marker_stays_with_the_name():
    text = render_fragment(ui.private_fragments(ctx_for(finished(), 0))["rk-end"])[1]
    assert text.count('<td><span class="rk-end-name"><svg class="chart-key"') == 3
    css = (ROOT / "static/games/rocket/table.css").read_text()
    assert ".rk-end-name { display: inline-flex;" in css
