"""Placing players by points: ties share the place."""

from __future__ import annotations

from collections.abc import Sequence


def places(scores: Sequence[Sequence[float] | float]) -> list[int]:
    """1-based places; higher is better; equal keys share a place (1, 1, 3...).

    A score may be a number or a tuple of tie-break keys compared in order.
    """
    keys = [tuple(s) if isinstance(s, (list, tuple)) else (s,) for s in scores]
    return [1 + sum(1 for other in keys if other > key) for key in keys]
