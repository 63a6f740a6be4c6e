"""Engine-driven players.

:class:`SimplePlayer` (``simple``) is a small greedy player: it goes out whenever it
can, declares 报听 when waiting, lays down every four alike, takes every 碰, and
otherwise discards the card that connects least with the rest of its hand (never a 喜
while it has another card). It is a sparring partner, not a strong player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.core.actions import Action
from app.engine.nantong.cards import INDEX, NPLAIN
from app.engine.nantong.play import legal_actions, new_deal
from app.engine.nantong.refusals import apply
from app.engine.nantong.rules import Rules
from app.engine.nantong.state import OVER, State

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
    """The greedy player's choice among the legal ``acts`` of the seat to act."""
    first: dict[str, Action] = {}
    for a in acts:
        first.setdefault(a.kind, a)
    for kind in PREFER:
        if kind in first:
            return first[kind]
    discards = [a for a in acts if a.kind == "discard"]
    if discards:
        h = s.hands[s.turn]
        low, loosest = 1 << 30, []  # the discards that connect least, in their order
        for a in discards:
            v = keep_value(h, INDEX[a.cards[0]])
            if v < low:
                low, loosest = v, [a]
            elif v == low:
                loosest.append(a)
        return rng.choice(loosest)
    return acts[-1]


class SimplePlayer:
    """The greedy player as a :class:`~app.engine.core.game.Player`."""

    name = "simple"

    def choose(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return choose(state, legal, rng)


def _strong() -> object:
    from app.engine.nantong.strong import StrongPlayer

    return StrongPlayer()


PLAYERS = {"simple": SimplePlayer, "strong": _strong}


def self_played(rules: Rules, rng: random.Random, dealer: int = 0) -> list[State]:
    """Every position of one deal the simple player plays against itself (for tests,
    benchmarks and practice positions)."""
    states = [new_deal(rules, rng, dealer)]
    while states[-1].phase != OVER:
        s = states[-1]
        states.append(apply(s, choose(s, legal_actions(s, s.turn), rng)))
    return states
