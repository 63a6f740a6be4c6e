"""Practice hands: random complete hands for counting drills, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterable

from app.engine.nantong.cards import NKINDS


def random_complete(rng: random.Random, groups: int = 7, turned: Iterable[int] = ()) -> list[int]:
    """Counts per kind of a random complete concealed hand: a pair plus ``groups`` groups
    (three alike or runs), leaving room for the ``turned`` general cards."""
    c = [0] * NKINDS
    used = list(turned)
    for k in used:
        c[k] += 1
    while True:
        k = rng.randrange(30)
        if c[k] + 2 <= 4:
            c[k] += 2
            break
    made = 0
    while made < groups:
        if rng.random() < 0.45:
            k = rng.randrange(30)
            if c[k] + 3 <= 4:
                c[k] += 3
                made += 1
        else:
            k = 9 * rng.randrange(3) + rng.randrange(7)
            if all(c[k + i] < 4 for i in range(3)):
                for i in range(3):
                    c[k + i] += 1
                made += 1
    for k in used:
        c[k] -= 1
    return c
