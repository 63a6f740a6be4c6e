"""Arranging a hand into 门子: the best-scoring way, completeness, waits (听牌).

The free cards of a hand (those not in a 坎 or 提) are packed into one ``int``,
two bits per card kind, and split recursively: the lowest card present must be in
some group starting at it (a pair, a run, 二七十, a 绞). Results are memoized per
packed hand, so repeated and shared sub-hands cost one dictionary look-up.

Winning structure (RULES.md): seven 门子; with no 跑/提 every card is in a group of
three; once there is one, exactly one pair (将) is one of the seven.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.engine.zipai.cards import KINDS, Card, is_big
from app.engine.zipai.melds import JIANG, JIAO, KAN, SHUN, TI, Meld

MENZI = 7  # 七方门子

_Best = tuple[int, tuple[int, ...]] | None


@dataclass(frozen=True, slots=True)
class _Group:
    kind: str
    cards: tuple[Card, ...]
    points: int
    delta: int
    checks: tuple[tuple[int, int], ...]
    is_pair: bool


def _group(kind: str, cards: tuple[Card, ...], points: int) -> _Group:
    need: dict[Card, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    delta = sum(1 << (2 * c) for c in cards)
    checks = tuple((2 * c, n) for c, n in need.items())
    return _Group(kind, cards, points, delta, checks, kind == JIANG)


def _candidates(yiwushi: bool) -> tuple[tuple[_Group, ...], ...]:
    table: list[list[_Group]] = [[] for _ in range(KINDS)]
    for i in range(KINDS):
        big_pts = 6 if is_big(i) else 3
        v = i % 10 + 1
        table[i].append(_group(JIANG, (i, i), 0))
        if v <= 8:
            table[i].append(_group(SHUN, (i, i + 1, i + 2), big_pts if v == 1 else 0))
        if v == 2:
            table[i].append(_group(SHUN, (i, i + 5, i + 8), big_pts))
        if v == 1 and yiwushi:
            table[i].append(_group(SHUN, (i, i + 4, i + 9), big_pts))
        if not is_big(i):
            table[i].append(_group(JIAO, (i, i, i + 10), 0))
            table[i].append(_group(JIAO, (i, i + 10, i + 10), 0))
    return tuple(tuple(t) for t in table)


def pack(counts: Sequence[int]) -> int:
    key = 0
    for c, n in enumerate(counts):
        if n:
            key |= n << (2 * c)
    return key


class Decomposer:
    """Best split of packed free cards into runs, 绞 and (optionally) one pair."""

    MAX_MEMO = 400_000

    def __init__(self, yiwushi: bool = False) -> None:
        self.yiwushi = yiwushi
        self._cands = _candidates(yiwushi)
        self._memo: dict[int, _Best] = {}

    def best(self, key: int, pair: bool) -> _Best:
        """(points, groups) of the best full split, or ``None``; ``pair``: exactly one 将."""
        memo = self._memo
        mk = (key << 1) | pair
        if mk in memo:
            return memo[mk]
        if key == 0:
            return None if pair else (0, ())
        if len(memo) > self.MAX_MEMO:
            memo.clear()
        low = ((key & -key).bit_length() - 1) >> 1
        best: _Best = None
        for gi, g in enumerate(self._cands[low]):
            if g.is_pair and not pair:
                continue
            for sh, n in g.checks:
                if (key >> sh) & 3 < n:
                    break
            else:
                sub = self.best(key - g.delta, pair and not g.is_pair)
                if sub is not None and (best is None or g.points + sub[0] > best[0]):
                    best = (g.points + sub[0], ((low << 8) | gi,) + sub[1])
        memo[mk] = best
        return best

    def groups(self, ids: Sequence[int]) -> list[Meld]:
        out = []
        for gid in ids:
            g = self._cands[gid >> 8][gid & 0xFF]
            out.append(Meld(g.kind, g.cards))
        return out


_DECOMPOSERS = {False: Decomposer(False), True: Decomposer(True)}


def decomposer(yiwushi: bool = False) -> Decomposer:
    return _DECOMPOSERS[yiwushi]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The best way to count a complete holding: its 门子 with their 胡息."""

    melds: tuple[Meld, ...]
    points: int

    def to_json(
        self, names: dict[str, str] | None = None, yiwushi: bool = False
    ) -> list[dict[str, object]]:
        out = []
        for m in self.melds:
            d = m.to_json(names)
            d["points"] = m.points(yiwushi)
            out.append(d)
        return out


def arrange_pool(
    pool: Sequence[int], fixed: Sequence[Meld], yiwushi: bool = False
) -> Arrangement | None:
    """Best arrangement of ``fixed`` groups plus free ``pool`` cards (counts ≤ 3), or None."""
    quads = sum(1 for m in fixed if m.is_quad)
    dec = _DECOMPOSERS[yiwushi]
    res = dec.best(pack(pool), quads > 0)
    if res is None:
        return None
    pts, ids = res
    if len(fixed) + len(ids) != MENZI:
        return None
    fixed_pts = sum(m.points(yiwushi) for m in fixed)
    return Arrangement(tuple(fixed) + tuple(dec.groups(ids)), fixed_pts + pts)


def split_concealed(counts: Sequence[int]) -> tuple[list[int], list[Meld]]:
    """Three alike in hand are a 坎 and four alike a 提 (never broken up)."""
    pool = list(counts)
    fixed: list[Meld] = []
    for c, n in enumerate(counts):
        if n == 4:
            fixed.append(Meld(TI, (c,) * 4))
            pool[c] = 0
        elif n == 3:
            fixed.append(Meld(KAN, (c,) * 3))
            pool[c] = 0
    return pool, fixed


def arrange(
    counts: Sequence[int], melds: Sequence[Meld], yiwushi: bool = False
) -> Arrangement | None:
    """The ``analyze`` view: concealed ``counts`` (坎/提 fixed) plus table ``melds``."""
    pool, fixed = split_concealed(counts)
    return arrange_pool(pool, list(melds) + fixed, yiwushi)


def expected_size(melds: Sequence[Meld], counts: Sequence[int]) -> int:
    """Cards a complete holding has: 21, or 20 + the number of 跑/提 when there is one."""
    quads = sum(1 for m in melds if m.is_quad) + sum(1 for n in counts if n == 4)
    return 21 if quads == 0 else 20 + quads


def _related(c: Card) -> tuple[Card, ...]:
    small = c % 10
    out = {c, (c + 10) % 20}
    base = c - small
    for d in (-2, -1, 1, 2):
        if 0 <= small + d <= 9:
            out.add(base + small + d)
    for trio in ((1, 6, 9), (0, 4, 9)):
        if small in trio:
            out.update(base + t for t in trio)
    return tuple(sorted(out))


RELATED: tuple[tuple[Card, ...], ...] = tuple(_related(c) for c in range(KINDS))


def waits(
    counts: Sequence[int], melds: Sequence[Meld], yiwushi: bool = False
) -> list[tuple[Card, Arrangement]]:
    """Every card completing the holding, with its best arrangement (deck order)."""
    used = list(counts)
    for m in melds:
        for c in m.cards:
            used[c] += 1
    hand = list(counts)
    out = []
    for c in range(KINDS):
        if used[c] >= 4:
            continue
        if not any(hand[r] for r in RELATED[c]):
            continue
        hand[c] += 1
        arr = arrange(hand, melds, yiwushi)
        hand[c] -= 1
        if arr is not None:
            out.append((c, arr))
    return out
