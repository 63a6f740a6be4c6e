"""A shared driver for ``selfplay``: N deterministic deals, invariants, statistics.

A game supplies ``play_deal(rng, index) -> DealResult``; the deal itself checks its
invariants (card conservation, only legal actions, zero-sum settlement) and raises
:class:`InvariantViolation` on the first breach. The driver times the run and
prints the statistics the CLI contract names.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


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
) -> dict[str, Any]:
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
    return {
        "variant": variant,
        "games": games,
        "seed": seed,
        "wins_per_seat": wins,
        "drawn": drawn,
        "mean_actions": round(actions / games, 2),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
        "invariants": "ok",
    }
