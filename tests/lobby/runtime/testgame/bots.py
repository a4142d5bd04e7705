from __future__ import annotations

from games.core.bots import Choice


def choose(view, legal, rng, *, budget: int = 0):  # type: ignore[no-untyped-def]
    action = rng.choice(legal)
    return Choice(action, f"Nimmt die {action['n']}.")


BOTS = {"leicht": choose, "normal": choose, "stark": choose}
