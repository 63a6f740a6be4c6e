"""With 喜 in the hand, "complete" and "the count finds an arrangement" always agree.

Found by the 100,000-deal self-play with --xi: a 喜 standing for a fifth and sixth
千字 made the hand complete for the fast check while the scoring search had no
reading of 千字 × 6 (two 刻子), so a declared 胡 could not be counted.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.nantong.analyze import arrangements, complete
from app.engine.nantong.cards import NKINDS, NPLAIN, counts_of, parse_cards
from app.engine.nantong.count import WinContext
from app.engine.nantong.judge import judge
from app.engine.nantong.practice import random_complete
from app.engine.nantong.rules import Rules, make_generals


def test_self_play_hand_with_two_xi_and_four_qianzi_counts():
    counts = counts_of(
        parse_cards(
            "1t 2t 3t 3b 4b 4b 5b 5b 6b 8b 8b 8b 1w 1w 2w 3w 4w qz qz qz qz sh cai", xi=True
        )
    )
    assert complete(counts)
    rules = Rules(xi=True)
    v = judge(counts, (), make_generals((), True), rules, WinContext())
    assert v.complete and v.points is not None


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), wild=st.integers(1, 4), shift=st.booleans())
def test_complete_iff_an_arrangement_exists(seed: int, wild: int, shift: bool) -> None:
    """Complete hands with some cards turned into 喜 (and sometimes one card moved)."""
    rng = random.Random(seed)
    counts = random_complete(rng, 7) + [0] * (NKINDS - NPLAIN)
    held = [k for k in range(NPLAIN) for _ in range(counts[k])]
    for k, x in zip(rng.sample(held, wild), rng.sample(range(NPLAIN, NKINDS), wild), strict=True):
        counts[k] -= 1
        counts[x] += 1
    if shift:
        held = [k for k in range(NPLAIN) if counts[k]]
        counts[rng.choice(held)] -= 1
        counts[rng.choice([k for k in range(NPLAIN) if counts[k] < 4])] += 1
    assert complete(counts) == any(True for _ in arrangements(counts, ()))
