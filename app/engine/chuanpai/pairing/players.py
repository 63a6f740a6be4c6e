"""The engine's players of the pairing game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX
from app.engine.chuanpai.melds import jier_sum
from app.engine.chuanpai.pairing.state import FULL_DECK, PairingState, add_table
from app.engine.core.actions import Action

TAKE_VALUE = {"peng": 2, "yan": 2, "an": 3, "qi": 5, "liang": 7, "kang": 7}
"""How much the simple player likes a group (its 胡)."""


class SimplePlayer:
    """Forced actions first, goes out, takes greedily (mostly), discards the spare
    card whose partners are least likely to come."""

    name = "simple"

    def __init__(self, take_optional: float = 0.8) -> None:
        self.take_optional = take_optional

    def choose(
        self, state: PairingState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        hu = [a for a in legal if a.kind == "hu"]
        forced = [a for a in legal if a.forced]
        if hu or forced:
            return (hu or [max(forced, key=_take_value)])[0]
        takes = [a for a in legal if a.kind not in ("pass", "discard", "done")]
        if takes and rng.random() < self.take_optional:
            return max(takes, key=_take_value)
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return _least_hopeful(state, seat, discards, rng)
        rest = [a for a in legal if a.kind in ("pass", "done")]
        return rng.choice(rest or list(legal))


def _take_value(a: Action) -> int:
    if a.kind == "bai":
        return 1 if jier_sum(a.cards[0], a.cards[1]) == 20 else 0
    return TAKE_VALUE.get(a.kind, 0)


def _least_hopeful(
    state: PairingState, seat: int, discards: list[Action], rng: random.Random
) -> Action:
    """The spare card with the fewest unseen partners (ties at random)."""
    seen = list(state.seats[seat].hand)
    add_table(state, seen)
    limit = FULL_DECK[state.rules.jing]

    def hope(a: Action) -> tuple[int, float]:
        k = INDEX[a.cards[0]]
        unseen = sum(limit[q] - seen[q] for q in an.PAIRS_WITH[k])
        return (unseen, rng.random())

    return min(discards, key=hope)
