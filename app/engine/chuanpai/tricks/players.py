"""The engine's players of the trick game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.chuanpai.cards import KINDS
from app.engine.chuanpai.tricks.plays import RANK, N, in_order, rank_of
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Action


class SimplePlayer:
    """The lowest beater (sometimes the top one, 占张), the lowest covers; leads its
    strongest pair or combination half the time, else a random safe lead."""

    name = "simple"

    def choose(
        self, state: TrickState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if kind == "beat":
            ranked = sorted(legal, key=lambda a: rank_of(a.cards))
            return ranked[-1] if rng.random() < 0.3 else ranked[0]
        if kind == "cover":
            return _lowest_cover(state, seat, len(legal[0].cards))
        return _lead(legal, rng)


def _lowest_cover(state: TrickState, seat: int, k: int) -> Action:
    hand = state.hands[seat]
    low = sorted((i for i in range(N) if hand[i]), key=lambda i: RANK.get(KINDS[i], 0))
    picked = [KINDS[i] for i in low for _ in range(hand[i])][:k]
    return Action("cover", seat, in_order(picked))


def _lead(legal: Sequence[Action], rng: random.Random) -> Action:
    safe = [a for a in legal if a.kind == "lead" and not a.params.get("baopai")]
    if any(a.kind == "tuoshou" for a in legal) and rng.random() < 0.5:
        return next(a for a in legal if a.kind == "tuoshou")
    pool = safe or list(legal)
    multi = [a for a in pool if len(a.cards) == 2]
    if multi and rng.random() < 0.5:
        return max(multi, key=lambda a: rank_of(a.cards))
    return rng.choice(pool)
