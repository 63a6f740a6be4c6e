"""Self-play: whole deals between engine-driven players, every invariant checked."""

from __future__ import annotations

import random

from app.engine.core.results import SelfplayStats
from app.engine.core.selfplay import DealResult, InvariantViolation, run_selfplay
from app.engine.zipai.deal import deal
from app.engine.zipai.machine import do, legal_actions
from app.engine.zipai.offers import to_move
from app.engine.zipai.players import SimplePlayer
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.state import SEATS, State, check_invariants, next_dealer

MAX_ACTIONS = 1000


def play_deal(
    rules: ZipaiRules,
    rng: random.Random,
    dealer: int = 0,
    streak: int = 0,
    check: bool = True,
) -> tuple[State, int]:
    """Play one deal to its end; returns the final state and the number of actions.

    With ``check``, after every action all 80 cards are accounted for and every chosen
    action was legal; at the end every group is valid and the scores sum to zero."""
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
        state = do(state, action)
        steps += 1
        if check:
            problem = check_invariants(state, melds=state.phase == "over")
            if problem:
                raise InvariantViolation(problem)
        if steps > MAX_ACTIONS:
            raise InvariantViolation("deal did not end")
    return state, steps


def selfplay(rules: ZipaiRules, games: int, seed: int, check: bool = True) -> SelfplayStats:
    """``games`` deals from ``seed``; the dealer passes on as the rules say."""
    table = {"dealer": 0, "streak": 0}

    def one(rng: random.Random, _i: int) -> DealResult:
        state, steps = play_deal(rules, rng, table["dealer"], table["streak"], check)
        table["dealer"], table["streak"] = next_dealer(state)
        res = state.result
        assert res is not None
        return DealResult(res.winner, steps, res.scores)

    return run_selfplay(rules.game, SEATS, games, seed, one, rules=rules)
