"""Seeded, counter-based randomness.

Every random draw of a game comes from ``draw_rng(seed, counter)``: the same
seed and the same counter always give the same generator, in any process.
Engines keep the counter in their state and advance it after each use, so a
game record (seed, options, actions) replays to the same state.
"""

from __future__ import annotations

import random


def draw_rng(seed: int, counter: int) -> random.Random:
    """A generator for draw number ``counter`` of the game with ``seed``."""
    # str seeds are hashed with SHA-512 by random.Random: stable across processes.
    return random.Random(f"{seed}:{counter}")


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh 63-bit seed (from the system's entropy unless ``rng`` is given)."""
    source = rng or random.SystemRandom()
    return source.getrandbits(63)
