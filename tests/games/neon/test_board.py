"""The computers' fast placement estimate: exactly ``place_value``'s values, order and choices."""

from __future__ import annotations

import copy
import random

from games.neon import bots as B
from games.neon import engine as E
from games.neon.board import Board
from games.neon.content import COLOURS, FACADES, TAFELN, VALUES


def reference(ctx: B.Ctx, grid: list[str | None], dice: list[str]) -> list[tuple[float, int, int]]:
    """Every legal placement with ``place_value``'s value, die by die (a die that comes again only
    at its first index), windows in ascending order: the plain way."""
    return [
        (B.place_value(ctx, grid, d, c), i, c)
        for i, d in enumerate(dice)
        if d not in dice[:i]
        for c in E.windows_for(grid, ctx.req, d)
    ]


def best_first(placements: list[tuple[float, int, int]]) -> list[tuple[float, int, int]]:
    """Best first; equal values keep their order (the first die, then the first window, wins)."""
    return sorted(placements, key=lambda x: -x[0])


def random_ctx(rng: random.Random) -> B.Ctx:
    """A facade from the catalogue or made up (every kind of requirement), any Werbetafeln."""
    if rng.random() < 0.5:
        req = FACADES[rng.choice(sorted(FACADES))].req
    else:
        req = tuple(rng.choice([None, None, None, *COLOURS, *VALUES]) for _ in range(20))
    secret = dict(zip(rng.sample(COLOURS, rng.choice([1, 2])), (1.0, rng.choice([0.6, 0.2])), strict=False))
    tafeln = rng.sample(sorted(TAFELN), rng.randint(0, len(TAFELN)))
    return B.Ctx(req, secret, tafeln, rng.choice([1, 3]), rng.random() < 0.3)


def random_dice(rng: random.Random) -> list[str]:
    return [rng.choice(COLOURS) + rng.choice(VALUES) for _ in range(rng.randint(1, 9))]


def test_placements_are_place_values_in_the_same_order_while_dice_are_placed():
    rng = random.Random(11)
    checked = 0
    for _ in range(120):
        ctx = random_ctx(rng)
        grid: list[str | None] = [None] * 20
        kept = Board(ctx, grid)  # follows every placement
        while True:
            dice = random_dice(rng)
            expected = reference(ctx, grid, dice)
            assert kept.placements(dice) == expected
            assert Board(ctx, list(grid)).placements(dice) == expected
            checked += len(expected)
            if not expected:
                break
            if ctx.solo:  # the solo playout re-weighs the secret colours as the facade fills
                ctx.secret = B._secret_weights(grid, sorted(ctx.secret))
            _, i, c = rng.choice(expected)
            kept.place(c, dice[i])
    assert checked > 5000


def test_any_grid_not_only_one_from_play():
    """Tools (Verlängerungskabel, Umhängen) make facades the plain rules would not: a Board is
    counted from whatever grid it is given."""
    rng = random.Random(12)
    checked = 0
    for _ in range(400):
        ctx = random_ctx(rng)
        fill = rng.random()
        grid = [rng.choice(COLOURS) + rng.choice(VALUES) if rng.random() < fill else None for _ in range(20)]
        dice = random_dice(rng)
        expected = reference(ctx, grid, dice)
        assert Board(ctx, grid).placements(dice) == expected
        checked += len(expected)
    assert checked > 1000


def test_best_is_the_first_of_the_best_placements_ties_included():
    rng = random.Random(13)
    ties = 0
    for _ in range(150):
        ctx = random_ctx(rng)
        grid: list[str | None] = [None] * 20
        board = Board(ctx, grid)
        while True:
            dice = random_dice(rng)
            ranked = best_first(reference(ctx, grid, dice))
            assert B.best_placements(ctx, grid, dice) == ranked
            if not ranked:
                assert board.best(dice) is None
                break
            assert board.best(dice) == ranked[0]
            ties += len(ranked) > 1 and ranked[1][0] == ranked[0][0]
            _, i, c = ranked[0] if rng.random() < 0.5 else rng.choice(ranked)
            board.place(c, dice[i])
    assert ties > 50  # the tie-break was put to the test


def started_worlds() -> list[tuple[E.State, int]]:
    """Determinised worlds from the seat to move's view, a few turns into games of every size."""
    out = []
    for players, options in ((1, {"ausgabe": "solo", "werkzeuge": 5}), (2, {}), (4, {"ausgabe": "blackout"})):
        for seed in range(2):
            s = E.new_game(seed=seed, players=players, options=options)
            rng = random.Random(seed)
            turns = 0
            while not E.is_over(s) and turns < 6 + 8 * seed:
                seat = E.to_move(s)[0]
                view = E.view(s, seat)
                s, _ = E.apply(s, seat, B.choose_normal(view, E.legal_actions(s, seat), rng).action)
                turns += s.phase == "spiel"
            seat = E.to_move(s)[0]
            out.append((B.determinize(E.view(s, seat), random.Random(seed)), seat))
    return out


def test_playouts_place_what_the_plain_estimate_puts_first(monkeypatch):
    """Every seat of a playout places the die ``place_value`` likes best (the first of equals),
    with the Board kept up to date through the whole playout."""
    fast = Board.best
    picks = []

    def checked(self, dice):
        got = fast(self, dice)
        ranked = best_first(reference(self.ctx, self.grid, dice))
        assert got == (ranked[0] if ranked else None)
        picks.append(got)
        return got

    monkeypatch.setattr(Board, "best", checked)
    for world, seat in started_worlds():
        for seed in range(2):
            B.rollout(copy.deepcopy(world), seat, random.Random(seed))
    assert len(picks) > 300


def test_a_playout_is_the_same_for_the_same_seed():
    for world, seat in started_worlds():
        first, second = copy.deepcopy(world), copy.deepcopy(world)
        assert B.rollout(first, seat, random.Random(7)) == B.rollout(second, seat, random.Random(7))
        assert first.grids == second.grids
        assert first.phase == "ende"


def test_a_clone_counts_like_a_new_board_and_leaves_its_original_alone():
    rng = random.Random(14)
    for _ in range(60):
        ctx = random_ctx(rng)
        grid: list[str | None] = [None] * 20
        original = Board(ctx, grid)
        for _ in range(rng.randint(0, 8)):
            got = original.placements(random_dice(rng))
            if got:
                _, i, c = rng.choice(got)
                original.place(c, rng.choice(COLOURS) + rng.choice(VALUES))
        frozen = list(grid)
        clone = original.clone(ctx, list(grid))
        for _ in range(rng.randint(1, 6)):
            dice = random_dice(rng)
            assert clone.placements(dice) == reference(ctx, clone.grid, dice)
            assert original.placements(dice) == reference(ctx, frozen, dice)
            if not clone.placements(dice):
                break
            _, i, c = rng.choice(clone.placements(dice))
            clone.place(c, dice[i])
        assert grid == frozen
