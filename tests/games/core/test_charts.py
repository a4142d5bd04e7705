"""The end boards' line charts: besides its colour every line has its own dash pattern and marker shape."""

from __future__ import annotations

import re

from games.core import charts

NUMBER = r"-?\d+(?:\.\d)?"


def test_four_players_get_four_different_dashes_and_shapes_and_the_fifth_starts_again():
    styles = [charts.series_style(i, []) for i in range(5)]
    assert len({s["dash"] for s in styles[:4]}) == 4
    assert len({s["shape"] for s in styles[:4]}) == 4
    assert (styles[4]["dash"], styles[4]["shape"]) == (styles[0]["dash"], styles[0]["shape"])
    assert len({s["key_marker"] for s in styles[:4]}) == 4


def test_a_marker_is_drawn_at_every_point_around_it():
    points = [(10.0, 20.0), (55.5, 7.25)]
    for index in range(4):
        style = charts.series_style(index, points)
        assert len(style["markers"]) == len(points)
        for d, (x, y) in zip(style["markers"], points, strict=True):
            assert d.startswith("M") and d.endswith("z")
            numbers = [float(v) for v in re.findall(NUMBER, d)]
            assert all(re.fullmatch(NUMBER, v) for v in re.findall(r"-?[\d.]+", d))  # one decimal at most
            start_x, start_y = numbers[:2]
            assert abs(start_x - x) <= 4.5 and abs(start_y - y) <= 4.5  # the path starts beside its point


def test_shapes_differ_in_their_outline():
    paths = {shape: charts.marker(shape, 0, 0) for shape in charts.SHAPES}
    assert "a" in paths["circle"]  # arcs
    assert paths["square"].count("h") == 2 and paths["square"].count("v") == 1
    assert paths["triangle"].count("L") == 1 and "H" in paths["triangle"]
    assert paths["diamond"].count("L") == 3
