"""A shared driver for ``selfplay``: N deterministic deals, invariants, statistics.

A game supplies ``play_deal(rng, index) -> DealResult``; the deal itself checks its
invariants (card conservation, only legal actions, zero-sum settlement) and raises
:class:`InvariantViolation` on the first breach. The driver times the run and
prints the statistics the CLI contract names.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.engine.core.results import SelfplayStats

if TYPE_CHECKING:
    from app.engine.core.game import Game, Player


class InvariantViolation(AssertionError):
    """An engine invariant broke during self-play: always a bug in the engine."""


@dataclass(frozen=True, slots=True)
class DealResult:
    winner: int | None  # seat, or None for a drawn deal (荒庄)
    actions: int
    scores: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def run_selfplay(
    variant: str,
    seats: int,
    games: int,
    seed: int,
    play_deal: Callable[[random.Random, int], DealResult],
    zero_sum: bool = True,
    rules: Any = None,
) -> SelfplayStats:
    rng = random.Random(seed)
    wins = [0] * seats
    drawn = 0
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        res = play_deal(rng, i)
        if zero_sum and res.scores and sum(res.scores) != 0:
            raise InvariantViolation(f"deal {i}: scores {res.scores} do not sum to zero")
        if res.winner is None:
            drawn += 1
        else:
            wins[res.winner] += 1
        actions += res.actions
    elapsed = time.perf_counter() - start
    return SelfplayStats(
        variant=variant,
        games=games,
        seed=seed,
        wins_per_seat=tuple(wins),
        drawn=drawn,
        mean_actions=round(actions / games, 2),
        games_per_second=round(games / elapsed, 1) if elapsed > 0 else None,
        rules=rules,
    )


def play_one(
    game: Game[Any, Any],
    rules: Any,
    rng: random.Random,
    dealer: int = 0,
    players: Sequence[Player] | None = None,
    check: bool = True,
    max_steps: int = 5000,
) -> tuple[Any, int]:
    """Play one deal through the :class:`Game` interface; (final state, actions taken).

    With ``check``, every action is checked against ``legal_actions`` and the game's
    invariants after each step; a breach raises :class:`InvariantViolation`.
    """
    state = game.new_deal(rules, rng, dealer)
    seats = game.seats(state)
    table = list(players) if players else [game.player() for _ in range(seats)]
    steps = 0
    while not game.is_over(state):
        seat = game.to_act(state)
        if seat is None:
            raise InvariantViolation(f"step {steps}: no seat to act and the deal is not over")
        legal = game.legal_actions(state, seat)
        if not legal:
            raise InvariantViolation(f"step {steps}: seat {seat} to act has no legal action")
        action = table[seat].choose(state, seat, legal, rng)
        if check and not any(action.same_move(a) for a in legal):
            raise InvariantViolation(f"step {steps}: {action} is not legal")
        state = game.apply(state, action)
        steps += 1
        if check:
            problem = game.check_invariants(state)
            if problem:
                raise InvariantViolation(f"step {steps}: {problem}")
        if steps > max_steps:
            raise InvariantViolation("the deal does not end")
    return state, steps


def selfplay(game: Game[Any, Any], rules: Any, games: int, seed: int) -> SelfplayStats:
    """The ``selfplay`` verb for any game: N deals, the dealer rotating."""

    def one(rng: random.Random, i: int) -> DealResult:
        state, steps = play_one(game, rules, rng, dealer=i % game.table_size(rules))
        out = game.outcome(state)
        if out is None:
            raise InvariantViolation(f"deal {i} ended without an outcome")
        return DealResult(out.winner, steps, out.scores)

    return run_selfplay(game.id, game.table_size(rules), games, seed, one, game.zero_sum, rules)
