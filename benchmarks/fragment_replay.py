"""What each seat's table connection sends per move, replayed without a server.

A seeded 4-seat game of random legal moves goes through ``rendering.render_parts``
for every seat after every move, and each seat keeps what it sent as the consumer
does (``TableConsumer.send_snapshot``: a private fragment whose input did not
change is not even rendered, a fragment whose key did not change is skipped, a
log gets only its new lines). The report gives bytes of HTML per move
for all seats, per fragment, and the CPU time of rendering and of the log diff.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from typing import Any

from benchmarks.server import _snapshot, options_for, table_seats
from games.core import registry
from lobby.runtime import log_append, rendering

MAX_MOVES = 200

#: A fresh negative match id for every replayed position in the process: never a real match, and the
#: public cache is cold for it (two replays, of one game or two, never share a key).
_POSITION_KEYS = itertools.count(-10_000_000, -1)


def fragment_family(name: str) -> str:
    """``kl-col-2`` -> ``kl-col``: the fragments of all seats counted together."""
    head, _, tail = name.rpartition("-")
    return head if head and tail.isdigit() else name


def replay(slug: str, *, seed: int = 7, whole: bool = False) -> dict[str, Any]:
    """``whole``: every changed fragment is sent whole (as before the log append)."""
    engine = registry.engine(slug)
    players = table_seats(engine)
    names = [f"Spieler {i + 1}" for i in range(players)]
    options = {**options_for(engine, players), "names": names}
    sizes: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    sent: list[dict[str, Any]] = [{} for _ in range(players)]
    shown: list[dict[str, Any]] = [{} for _ in range(players)]
    state = engine.new_game(seed=seed, players=players, options=options)
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    moves = 0
    render_s = diff_s = 0.0
    while not engine.is_over(state) and moves < MAX_MOVES:
        seat = engine.to_move(state)[0]
        state, events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        log = (log + list(events))[-40:]
        moves += 1
        snap = _snapshot(
            slug, key=next(_POSITION_KEYS), version=moves, state=state, log=log, options=options, engine=engine
        )
        for viewer in range(players):
            started = time.process_time()
            parts = rendering.render_parts(snap, viewer, shown[viewer])
            render_s += time.process_time() - started
            for name, (key, html) in parts.items():
                if sent[viewer].get(name) == key:
                    continue
                started = time.process_time()
                text = log_append.update(None if whole else sent[viewer].get(name), key, html)
                diff_s += time.process_time() - started
                sent[viewer][name] = key
                sizes[fragment_family(name)] += len(text)
                counts[fragment_family(name)] += 1
    return {
        "game": slug,
        "players": players,
        "moves": moves,
        "whole": whole,
        "bytes_per_move": round(sum(sizes.values()) / moves),
        "render_ms_per_move": round(1000 * render_s / moves, 3),
        "log_diff_ms_per_move": round(1000 * diff_s / moves, 3),
        "fragments": {
            name: {"bytes_per_move": round(size / moves), "sent_per_move": round(counts[name] / moves, 2)}
            for name, size in sizes.most_common()
        },
    }
