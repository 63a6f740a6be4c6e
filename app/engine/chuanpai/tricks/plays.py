"""Plays of the trick game: suits and ranks, leads, what beats what, covers.

A lead is one card, a pair of identical cards, or a combination (天九 > 地八 > 人七 >
和五). A play beats another only with the same shape, the same suit and a higher rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from app.engine.chuanpai.cards import FACES, INDEX, KINDS

N = len(FACES)
"""Card kinds of the trick game (no 经牌)."""

HARD: tuple[str, ...] = ("12", "24")
"""硬张: 丁丁 and 二红, laid out at once, never played."""

SUIT: dict[str, str] = {}
RANK: dict[str, int] = {}
for _suit, _ranks in (
    ("civil", (("66",), ("11",), ("44",), ("13",), ("55", "33", "22"), ("56", "46", "16", "15"))),
    ("red", (("45",), ("34",), ("14",))),
    ("black", (("36",), ("26", "35"), ("25",), ("23",))),
):
    for _i, _cls in enumerate(_ranks):
        for _f in _cls:
            SUIT[_f] = _suit
            RANK[_f] = len(_ranks) - _i

COMBOS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("tianjiu", "66", ("45", "36")),
    ("diba", "11", ("26", "35")),
    ("renqi", "44", ("34", "25")),
    ("hewu", "13", ("14", "23")),
)
"""组合 · combinations, highest first: 天九, 地八, 人七, 和五."""

TOP_CARDS = frozenset({"66", "45", "36"})
"""The first lead of a deal may not include 天牌 or a nine (包牌)."""


@dataclass(frozen=True, slots=True)
class Play:
    """A set of cards played together: ``shape`` single | pair | combo, its suit
    (``civil``, ``red``, ``black`` or ``combo``) and rank within that suit."""

    shape: str
    suit: str
    rank: int

    def beats(self, other: Play) -> bool:
        return self.shape == other.shape and self.suit == other.suit and self.rank > other.rank


NO_PLAY = Play("", "", 0)


def classify(cards: Sequence[str]) -> Play | None:
    """What ``cards`` are as a lead, or None (not a single, pair or combination)."""
    return _classify(tuple(cards))


@lru_cache(maxsize=1024)
def _classify(cards: tuple[str, ...]) -> Play | None:
    if len(cards) == 1 and cards[0] in SUIT:
        return Play("single", SUIT[cards[0]], RANK[cards[0]])
    if len(cards) == 2:
        a, b = cards
        if a == b and a in SUIT:
            return Play("pair", SUIT[a], RANK[a])
        for i, (_, top, mates) in enumerate(COMBOS):
            if (a == top and b in mates) or (b == top and a in mates):
                return Play("combo", "combo", len(COMBOS) - i)
    return None


def rank_of(cards: Sequence[str]) -> int:
    return (classify(cards) or NO_PLAY).rank


def in_order(cards: Sequence[str]) -> tuple[str, ...]:
    """Cards in kind order (how plays and piles are kept)."""
    return tuple(sorted(cards, key=INDEX.__getitem__))


def leads_in(hand: Sequence[int]) -> list[tuple[str, ...]]:
    """Every distinct single, pair and combination a hand can lead."""
    out: list[tuple[str, ...]] = []
    for k in range(N):
        if hand[k]:
            out.append((KINDS[k],))
        if hand[k] >= 2:
            out.append((KINDS[k], KINDS[k]))
    for _, top, mates in COMBOS:
        if hand[INDEX[top]]:
            out += [in_order((top, m)) for m in mates if hand[INDEX[m]]]
    return out


def beaters(hand: Sequence[int], best: Play) -> list[tuple[str, ...]]:
    """Plays from ``hand`` that beat ``best``."""
    out = []
    for cards in leads_in(hand):
        p = classify(cards)
        if p is not None and p.beats(best):
            out.append(cards)
    return out


def covers(hand: Sequence[int], k: int) -> list[tuple[str, ...]]:
    """Every distinct way to cover ``k`` cards face down."""
    kinds = [i for i in range(N) if hand[i]]
    if k == 1:
        return [(KINDS[i],) for i in kinds]
    if k == 2:
        return [
            (KINDS[i], KINDS[j])
            for a, i in enumerate(kinds)
            for j in kinds[a:]
            if i != j or hand[i] >= 2
        ]
    out = []
    for combo in combinations_with_replacement(kinds, k):
        if all(combo.count(c) <= hand[c] for c in set(combo)):
            out.append(tuple(KINDS[c] for c in combo))
    return out
