"""``plain.copy``: a deep copy of plain data, equal to ``copy.deepcopy``, sharing nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import plain

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=5))
data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=3), st.integers(0, 9)), inner, max_size=4),
    ),
    max_leaves=20,
)


def _containers(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in _containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in _containers(v))]
    return []


@given(data)
def test_it_equals_deepcopy_and_shares_no_list_or_dict(value: Any) -> None:
    copied = plain.copy(value)
    assert copied == copy.deepcopy(value)
    assert type(copied) is type(value)
    originals = {id(c) for c in _containers(value)}
    assert not originals & {id(c) for c in _containers(copied)}


def test_a_change_to_the_copy_leaves_the_original() -> None:
    state = {"burgen": [[[1, 2], [3, 4]]], "last": [{"t": "x", "a": {"n": 1}}]}
    copied = plain.copy(state)
    copied["burgen"][0][0].append(9)
    copied["last"][0]["a"]["n"] = 2
    assert state == {"burgen": [[[1, 2], [3, 4]]], "last": [{"t": "x", "a": {"n": 1}}]}


def test_anything_but_plain_data_is_refused() -> None:
    with pytest.raises(ValueError):
        plain.copy({"f": lambda: 1})
    with pytest.raises(ValueError):
        plain.copy([object()])
