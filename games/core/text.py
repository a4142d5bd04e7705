"""Small German text helpers shared by the games (computer reasons, info windows)."""

from __future__ import annotations


def decimal(x: float) -> str:
    """One decimal with a German comma: 2.5 -> "2,5"."""
    return f"{x:.1f}".replace(".", ",")
