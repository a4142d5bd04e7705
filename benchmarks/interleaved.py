"""Many tables' updates rendered in one process, interleaved as a busy server renders them.

Each round every table makes one random legal move, and each of its four seats renders and diffs its
update as ``TableConsumer.send_snapshot`` does (a private input that did not change is not rendered, a
fragment whose key did not change is skipped, a log gets only its new lines, the clock element is
added). Closer to a server's cache pressure than ``fragment_replay`` (one table). Under
``valgrind --tool=callgrind`` the instructions of two runs with different ``rounds`` give the
instructions per move, which repeat to a few tenths of a per cent where CPU time on a shared box does
not (docs/benchmarks.md, session 13).
"""

from __future__ import annotations

import random
import time
from typing import Any

from benchmarks.fragment_replay import _POSITION_KEYS
from benchmarks.server import _snapshot, options_for, table_seats
from games.core import registry
from lobby.runtime import log_append, rendering


def interleaved(slug: str, *, tables: int = 20, rounds: int = 40, seed: int = 1) -> dict[str, Any]:
    engine = registry.engine(slug)
    players = table_seats(engine)
    names = [f"Spieler {i + 1}" for i in range(players)]
    options = {**options_for(engine, players), "names": names}
    boards = [
        {
            "state": engine.new_game(seed=seed + number, players=players, options=options),
            "rng": random.Random(seed + number),
            "log": [],
            "version": 0,
            "key": next(_POSITION_KEYS),
            "sent": [{} for _ in range(players)],
            "shown": [{} for _ in range(players)],
        }
        for number in range(tables)
    ]
    cpu = 0.0
    moves = sent_bytes = 0
    for _ in range(rounds):
        for board in boards:
            state = board["state"]
            if engine.is_over(state):
                continue
            seat = engine.to_move(state)[0]
            state, events = engine.apply(state, seat, board["rng"].choice(engine.legal_actions(state, seat)))
            board["state"], board["log"] = state, (board["log"] + list(events))[-40:]
            board["version"] += 1
            moves += 1
            snap = _snapshot(
                slug,
                key=board["key"],
                version=board["version"],
                state=state,
                log=board["log"],
                options=options,
                engine=engine,
            )
            started = time.process_time()
            for viewer in range(players):
                sent, changed = board["sent"][viewer], []
                for name, (key, html) in rendering.render_parts(snap, viewer, board["shown"][viewer]).items():
                    if sent.get(name) != key:
                        changed.append(log_append.update(sent.get(name), key, html))
                        sent[name] = key
                if changed:
                    changed.append(rendering.now_fragment(swap=True))
                    sent_bytes += len("\n".join(changed))
            cpu += time.process_time() - started
    return {
        "game": slug,
        "tables": tables,
        "rounds": rounds,
        "moves": moves,
        "render_ms_per_move": round(1000 * cpu / max(moves, 1), 3),
        "bytes_per_move": round(sent_bytes / max(moves, 1)),
    }
