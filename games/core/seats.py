"""Seat order around a table, shared by every game's fragments."""

from __future__ import annotations


def others_clockwise(players: int, seat: int | None) -> list[int]:
    """Other seats clockwise from ``seat``'s left neighbour (a spectator, ``None``: every seat)."""
    if seat is None:
        return list(range(players))
    return [(seat + step) % players for step in range(1, players)]
