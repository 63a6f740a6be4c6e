"""Self-play: whole deals between engine-driven players, every invariant checked."""

from __future__ import annotations

import random
from typing import Any

from app.engine.core.selfplay import DealResult, InvariantViolation, run_selfplay
from app.engine.zipai.players import SimplePlayer
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.state import (
    SEATS,
    State,
    _do,
    check_invariants,
    deal,
    decider,
    legal_actions,
)


def to_move(state: State) -> int | None:
    """The seat whose action is due, or None when the deal is over."""
    if state.phase == "over":
        return None
    if state.phase == "offer":
        d = decider(state)
        return None if d is None else d[1]
    return state.turn


def play_deal(
    rules: ZipaiRules,
    rng: random.Random,
    dealer: int = 0,
    streak: int = 0,
    check: bool = True,
) -> tuple[State, int]:
    """Play one deal to its end; returns the final state and the number of actions."""
    players = [SimplePlayer(rng) for _ in range(SEATS)]
    state = deal(rules, rng, dealer, streak)
    steps = 0
    while state.phase != "over":
        seat = to_move(state)
        if seat is None:
            raise InvariantViolation(f"nobody to move in phase {state.phase}")
        acts = legal_actions(state, seat)
        if not acts:
            raise InvariantViolation(f"seat {seat} to move without a legal action")
        action = players[seat].choose(state, seat, acts)
        if action not in acts:
            raise InvariantViolation(f"seat {seat} chose an action that is not legal: {action}")
        state = _do(state, action)
        steps += 1
        if check:
            problem = check_invariants(state, melds=state.phase == "over")
            if problem:
                raise InvariantViolation(problem)
        if steps > 1000:
            raise InvariantViolation("deal did not end")
    return state, steps


def selfplay(rules: ZipaiRules, games: int, seed: int, check: bool = True) -> dict[str, Any]:
    """``games`` deals from ``seed``; the dealer passes on as the rules say."""
    table = {"dealer": 0, "streak": 0}

    def one(rng: random.Random, _i: int) -> DealResult:
        from app.engine.zipai.state import next_dealer

        state, steps = play_deal(rules, rng, table["dealer"], table["streak"], check)
        table["dealer"], table["streak"] = next_dealer(state)
        res = state.result
        assert res is not None
        return DealResult(res.winner, steps, res.scores)

    out = run_selfplay(rules.game, SEATS, games, seed, one)
    return out
