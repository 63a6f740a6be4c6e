"""吃 and 比 · Which groups can take a card, and how every other copy is laid out.

After a 吃 every further copy of the taken card still in the hand must be laid out
in further 吃-shaped groups (比), using no card of a 坎; when that cannot be done the
吃 is not allowed. All functions work on count vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from app.engine.zipai.cards import KINDS, Card
from app.engine.zipai.melds import chi_shape

_CHI_SHAPES: dict[bool, tuple[tuple[tuple[Card, Card, Card], ...], ...]] = {}


def chi_shapes(card: Card, yiwushi: bool) -> tuple[tuple[Card, Card, Card], ...]:
    """Every 吃-shaped group (sorted) that contains ``card``."""
    table = _CHI_SHAPES.get(yiwushi)
    if table is None:
        per: list[list[tuple[Card, Card, Card]]] = [[] for _ in range(KINDS)]
        for a in range(KINDS):
            for b in range(a, KINDS):
                for c in range(b, KINDS):
                    if chi_shape((a, b, c), yiwushi):
                        for x in {a, b, c}:
                            per[x].append((a, b, c))
        table = tuple(tuple(p) for p in per)
        _CHI_SHAPES[yiwushi] = table
    return table[card]


def usable(hand: Sequence[int]) -> list[int]:
    """Hand cards that may go into a 吃 or 比: not those of a 坎."""
    return [n if n < 3 else 0 for n in hand]


def take(avail: list[int], cards: Sequence[Card]) -> list[int] | None:
    out = list(avail)
    for c in cards:
        out[c] -= 1
        if out[c] < 0:
            return None
    return out


def bi_options(
    avail: list[int], card: Card, yiwushi: bool, start: int = 0
) -> list[tuple[tuple[Card, Card, Card], ...]]:
    """Every set of 比 groups laying out all remaining copies of ``card`` in ``avail``."""
    if avail[card] == 0:
        return [()]
    out = []
    shapes = chi_shapes(card, yiwushi)
    for i in range(start, len(shapes)):
        rest = take(avail, shapes[i])
        if rest is None:
            continue
        for more in bi_options(rest, card, yiwushi, i):
            out.append((shapes[i],) + more)
    return out


def chi_options(
    hand: Sequence[int], card: Card, yiwushi: bool
) -> list[tuple[tuple[Card, Card, Card], tuple[tuple[Card, Card, Card], ...]]]:
    """Every legal 吃 of ``card``: (group, 比 groups), leaving a card to discard."""
    return list(_chi_options(tuple(hand), card, yiwushi))


_Chi = tuple[tuple[Card, Card, Card], tuple[tuple[Card, Card, Card], ...]]


@lru_cache(maxsize=4096)  # a hand is asked again for each seat's view of the same offer
def _chi_options(hand: tuple[int, ...], card: Card, yiwushi: bool) -> tuple[_Chi, ...]:
    avail = usable(hand)
    out = []
    for group in chi_shapes(card, yiwushi):
        own = list(group)
        own.remove(card)
        rest = take(avail, own)
        if rest is None:
            continue
        for bis in bi_options(rest, card, yiwushi):
            used = own + [c for g in bis for c in g]
            after = list(hand)
            for c in used:
                after[c] -= 1
            if any(0 < n < 3 for n in after):
                out.append((group, bis))
    return tuple(out)
