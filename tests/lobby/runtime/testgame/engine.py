"""A tiny simultaneous game to test the runtime without a real game.

"Zahlenduell": every round all seats secretly pick 1, 2 or 3 at the same time.
When all have picked, the picks are revealed; the highest pick that nobody
else chose scores a point. Three rounds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.places import places
from games.core.protocol import JSON, IllegalAction

SLUG = "testspiel"
NAME = "Zahlenduell"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
ROUNDS = 3


@dataclass
class State:
    players: int
    seed: int
    round: int = 1
    picks: list[int | None] = field(default_factory=list)
    revealed: list[list[int]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)


def default_options() -> JSON:
    return {}


def clean_options(options: JSON, players: int) -> JSON:
    return {}


def new_game(*, seed: int, players: int, options: JSON) -> State:
    return State(players=players, seed=seed, picks=[None] * players, points=[0] * players)


def dump(state: State) -> JSON:
    return {k: getattr(state, k) for k in ("players", "seed", "round", "picks", "revealed", "points")}


def load(data: JSON) -> State:
    return State(**{k: (list(v) if isinstance(v, list) else v) for k, v in data.items()})


def is_over(state: State) -> bool:
    return state.round > ROUNDS


def to_move(state: State) -> list[int]:
    if is_over(state):
        return []
    return [s for s in range(state.players) if state.picks[s] is None]


def legal_actions(state: State, seat: int) -> list[JSON]:
    if seat not in to_move(state):
        return []
    return [{"type": "pick", "n": n} for n in (1, 2, 3)]


def apply(state: State, seat: int, action: JSON) -> tuple[State, list[JSON]]:
    if seat not in to_move(state):
        raise IllegalAction("Du hast schon gewählt.")
    n = action.get("n")
    if action.get("type") != "pick" or n not in (1, 2, 3) or isinstance(n, bool):
        raise IllegalAction("Wähle 1, 2 oder 3.")
    new = load(dump(state))
    new.picks[seat] = n
    events: list[JSON] = [{"type": "pick", "seat": seat, "text": f"Platz {seat + 1} hat gewählt."}]
    if all(p is not None for p in new.picks):
        picks: list[int] = [p for p in new.picks if p is not None]
        unique = [p for p in picks if picks.count(p) == 1]
        if unique:
            winner = picks.index(max(unique))
            new.points[winner] += 1
        new.revealed.append(picks)
        new.picks = [None] * new.players
        new.round += 1
        events.append({"type": "reveal", "seat": None, "text": f"Aufgedeckt: {picks}"})
    return new, events


def view(state: State, seat: int | None) -> JSON:
    return {
        "seat": seat,
        "round": state.round,
        "to_move": to_move(state),
        "chosen": [p is not None for p in state.picks],
        "my_pick": state.picks[seat] if seat is not None else None,
        "revealed": state.revealed,
        "points": state.points,
        "over": is_over(state),
    }


def result(state: State) -> JSON:
    return {"points": list(state.points), "places": places(state.points)}


def summary(state: Any) -> str:
    return f"Runde {state.round}"


def leaderboard_points(result: JSON, seat: int, players: int, seconds: float) -> int:
    return 10 * result["points"][seat]
