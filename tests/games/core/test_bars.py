"""The end boards' score bars: one shared scale, positive parts to the right of zero, negative to the left."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import bars


def test_signed_numbers_use_a_real_minus():
    assert [bars.signed(v) for v in (3, 0, -2)] == ["+3", "0", "\u22122"]


def test_range_always_holds_zero_and_is_never_empty():
    assert bars.chart_range([[9, 1, -3], [2, -3], [-2]]) == (-3, 10)
    assert bars.chart_range([[4], [1, 2]]) == (0, 4)
    assert bars.chart_range([[-5]]) == (-5, 0)
    assert bars.chart_range([[0], []]) == (0, 1)


def test_a_row_stacks_positive_parts_right_and_negative_left_of_zero():
    # scale -3 … 10 on 130 units: 10 units per point, zero at 30
    row = bars.stacked([("saeule", 9), ("bonus", 1), ("hand", -3)], -3, 10, width=130)
    assert row == {
        "zero": 30.0,
        "total": 7,
        "bars": [
            {"key": "saeule", "value": 9, "text": "+9", "x": 30.0, "w": 90.0},
            {"key": "bonus", "value": 1, "text": "+1", "x": 120.0, "w": 10.0},
            {"key": "hand", "value": -3, "text": "\u22123", "x": 0.0, "w": 30.0},
        ],
    }


def test_parts_of_zero_get_no_bar():
    assert bars.stacked([("saeule", 0), ("hand", 0)], 0, 1)["bars"] == []


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(-30, 30), max_size=4), min_size=1, max_size=5))
def test_every_bar_stays_inside_the_drawing_and_its_length_is_its_value(rows):
    low, high = bars.chart_range(rows)
    unit = bars.WIDTH / (high - low)
    for parts in rows:
        row = bars.stacked([(f"p{i}", v) for i, v in enumerate(parts)], low, high)
        assert row["total"] == sum(parts)
        for bar in row["bars"]:
            assert bar["x"] >= -0.1 and bar["x"] + bar["w"] <= bars.WIDTH + 0.2
            assert abs(bar["w"] - abs(bar["value"]) * unit) <= 0.051
            assert (bar["x"] >= row["zero"] - 0.1) == (bar["value"] > 0)


def test_number_writes_a_negative_score_with_a_real_minus_sign():
    assert [bars.number(v) for v in (12, 0, -3)] == ["12", "0", "\u22123"]


def test_the_django_filter_groups_digits_and_writes_the_minus_sign():
    from django.utils import translation

    from games.core.templatetags.scores import num

    with translation.override("de"):
        assert [num(1234), num(-10), num(0), num(None)] == ["1.234", "\u221210", "0", "0"]
