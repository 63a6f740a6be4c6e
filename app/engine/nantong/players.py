"""Engine-driven players and one self-played deal with its invariants checked.

:func:`choose` is a small greedy player: it goes out whenever it can, declares 报听
when waiting, lays down every four alike, takes every 碰, and otherwise discards the
card that connects least with the rest of its hand (never a 喜 while it has another
card). :func:`play_deal` plays a whole deal from a seeded generator and checks every
invariant on the way: cards conserved (120 or 125), hand sizes, only legal actions,
and a zero-sum settlement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.core.actions import Action
from app.engine.core.selfplay import DealResult, InvariantViolation
from app.engine.nantong.cards import INDEX, NPLAIN
from app.engine.nantong.rules import Rules
from app.engine.nantong.state import (
    OVER,
    TURN,
    State,
    apply,
    hand_ok,
    legal_actions,
    new_deal,
    next_dealer,
)

PREFER = ("hu", "baoting", "gang", "jia-gang", "ming-gang", "peng")


def keep_value(h: Sequence[int], k: int) -> int:
    """How much card ``k`` connects with the hand ``h`` (higher: keep)."""
    if k >= NPLAIN:
        return 1000
    v = 4 * h[k]
    if k >= 27:
        return v
    r = k % 9
    if r >= 1 and h[k - 1]:
        v += 2
    if r >= 2 and h[k - 2]:
        v += 1
    if r <= 7 and h[k + 1]:
        v += 2
    if r <= 6 and h[k + 2]:
        v += 1
    return v


def choose(s: State, acts: Sequence[Action], rng: random.Random) -> Action:
    """The greedy player's choice among the legal ``acts``."""
    for kind in PREFER:
        for a in acts:
            if a.kind == kind:
                return a
    discards = [a for a in acts if a.kind == "discard"]
    if discards:
        h = s.hands[s.turn]
        scored = [(keep_value(h, INDEX[a.cards[0]]), a) for a in discards]
        low = min(v for v, _ in scored)
        return rng.choice([a for v, a in scored if v == low])
    return acts[-1]


def _check(s: State, full: int) -> None:
    if s.total_cards() != full:
        raise InvariantViolation(f"cards not conserved: {s.total_cards()} != {full}")
    if sum(s.hands[s.out_seat]) or s.melds[s.out_seat]:
        raise InvariantViolation("the 定醒 seat holds cards")
    if s.phase != OVER:
        for seat in s.players:
            if not hand_ok(s, seat):
                raise InvariantViolation(f"seat {seat}: hand size {sum(s.hands[seat])}")
        if s.phase == TURN and sum(s.hands[s.turn]) != _full(s, s.turn):
            raise InvariantViolation(f"seat {s.turn} on turn without a full hand")


def _full(s: State, seat: int) -> int:
    from app.engine.nantong.analyze import hand_size

    return hand_size(s.melds[seat])


def play_deal(
    rules: Rules, dealer: int, rng: random.Random, check: bool = True
) -> tuple[State, int]:
    """Play one deal to the end; returns the final state and the number of actions."""
    s = new_deal(rules, dealer, rng)
    full = 125 if rules.xi else 120
    n = 0
    while s.phase != OVER:
        acts = legal_actions(s, s.turn)
        if not acts:
            raise InvariantViolation(f"no legal action for seat {s.turn} in {s.phase}")
        a = choose(s, acts, rng)
        s = apply(s, a)
        n += 1
        if check:
            _check(s, full)
        if n > 2000:
            raise InvariantViolation("deal does not end")
    if check:
        _check(s, full)
        scores = (s.result or {}).get("scores", [])
        if sum(scores) != 0:
            raise InvariantViolation(f"settlement not zero-sum: {scores}")
    return s, n


def deal_result(rules: Rules, rng: random.Random, index: int) -> DealResult:
    """One deal of a self-play run; the dealer rotates (the dealer then sits out)."""
    dealer = 0
    for _ in range(index % 4):
        dealer = next_dealer(dealer)
    s, n = play_deal(rules, dealer, rng)
    scores = tuple((s.result or {}).get("scores", [0, 0, 0, 0]))
    return DealResult(s.winner, n, scores)
