"""Arranging a hand into 门子: the best-scoring way, completeness, waits (听牌).

The free cards of a hand (those not in a 坎 or 提) are packed into one ``int``, three
bits per card kind: the count in the low two bits, the third kept clear, so that
``(key | GUARD) - delta`` keeps every guard bit exactly when the key holds all the
cards of a group (one subtraction tests a whole group). The key is split recursively:
the lowest card present must be in some group starting at it (a pair, a run, 二七十,
a 绞). The best split of every packed sub-hand is memoized as one ``int`` (points and
the group chosen), so repeated and shared sub-hands cost one dictionary look-up and the
groups are read back only for the answer.

Winning structure (RULES.md): seven 门子; with no 跑/提 every card is in a group of
three; once there is one, exactly one pair (将) is one of the seven.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.engine.zipai.cards import KINDS, Card, is_big
from app.engine.zipai.melds import JIANG, JIAO, KAN, SHUN, TI, Meld

MENZI = 7  # 七方门子
BITS = 3
ONE: tuple[int, ...] = tuple(1 << (BITS * c) for c in range(KINDS))
GUARD = sum(4 * one for one in ONE)
_CHOICE = 6  # low bits of a memo entry: the index of the group chosen
_LOW: tuple[int, ...] = tuple(max(0, b - 1) // BITS for b in range(BITS * KINDS + 1))

#: 坎 and 提 per card, made once: the fixed groups of a concealed hand
KAN_MELDS: tuple[Meld, ...] = tuple(Meld(KAN, (c,) * 3) for c in range(KINDS))
TI_MELDS: tuple[Meld, ...] = tuple(Meld(TI, (c,) * 4) for c in range(KINDS))


@dataclass(frozen=True, slots=True, eq=False)
class Group:
    """A group the free cards may be split into, with its packed cards (compared and
    hashed by identity: each is made once, in its decomposer's table)."""

    meld: Meld
    points: int
    delta: int
    pair: bool


def _group(kind: str, cards: tuple[Card, ...], points: int) -> Group:
    return Group(Meld(kind, cards), points, sum(ONE[c] for c in cards), kind == JIANG)


def _candidates(yiwushi: bool) -> tuple[tuple[Group, ...], ...]:
    """Per lowest card, the groups starting at it, in the order ties are settled."""
    table: list[list[Group]] = [[] for _ in range(KINDS)]
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


def low_card(key: int) -> Card:
    """The lowest card present in a packed key."""
    return _LOW[(key & -key).bit_length()]


def pack(counts: Sequence[int]) -> int:
    key = 0
    for c, n in enumerate(counts):
        if n:
            key += n * ONE[c]
    return key


_Step = tuple[int, int, int, int]  # (delta, points, pair still wanted after it, group index)


class Decomposer:
    """Best split of packed free cards into runs, 绞 and (optionally) one pair."""

    MAX_MEMO = 400_000

    def __init__(self, yiwushi: bool = False) -> None:
        self.yiwushi = yiwushi
        self.table = _candidates(yiwushi)
        # steps[pair][low]: what may take the lowest card, with or without a pair wanted
        self._steps: tuple[tuple[tuple[_Step, ...], ...], ...] = tuple(
            tuple(
                tuple(
                    (g.delta, g.points, int(pair and not g.pair), gi)
                    for gi, g in enumerate(groups)
                    if pair or not g.pair
                )
                for groups in self.table
            )
            for pair in (False, True)
        )
        self.memo: dict[int, int] = {}

    def points(self, key: int, pair: bool) -> int:
        """Points of the best full split of ``key`` (``pair``: exactly one 将), or -1."""
        if key == 0:
            return -1 if pair else 0
        got = self.memo.get(key << 1 | pair)
        if got is None:
            got = self._best(key, int(pair))
        return got >> _CHOICE if got >= 0 else -1

    def _best(self, key: int, pair: int) -> int:
        memo = self.memo
        if len(memo) > self.MAX_MEMO:
            memo.clear()
        kg = key | GUARD
        best = -1
        choice = 0
        for delta, pts, wanted, gi in self._steps[pair][_LOW[(key & -key).bit_length()]]:
            if (kg - delta) & GUARD != GUARD:
                continue
            rest = key - delta
            if rest:
                sub = memo.get(rest << 1 | wanted)
                if sub is None:
                    sub = self._best(rest, wanted)
                if sub < 0:
                    continue
                pts += sub >> _CHOICE
            elif wanted:
                continue
            if pts > best:
                best, choice = pts, gi
        got = best << _CHOICE | choice if best >= 0 else -1
        memo[key << 1 | pair] = got
        return got

    def groups(self, key: int, pair: bool) -> list[Group]:
        """The groups of the best split (``points`` must have found one)."""
        out = []
        wanted = int(pair)
        while key:
            got = self.memo.get(key << 1 | wanted)
            if got is None:
                got = self._best(key, wanted)
            g = self.table[_LOW[(key & -key).bit_length()]][got & ((1 << _CHOICE) - 1)]
            out.append(g)
            key -= g.delta
            wanted = int(wanted and not g.pair)
        return out

    def clear(self) -> None:
        self.memo.clear()


_DECOMPOSERS = {False: Decomposer(False), True: Decomposer(True)}


def decomposer(yiwushi: bool = False) -> Decomposer:
    return _DECOMPOSERS[yiwushi]


def clear_memos() -> None:
    """Empty every memo of the 字牌 engine (a cold start, for benchmarks)."""
    for d in _DECOMPOSERS.values():
        d.clear()


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The best way to count a complete holding: its 门子 with their 胡息."""

    melds: tuple[Meld, ...]
    points: int


def fills(cards: int, pair: bool, groups: int) -> bool:
    """Whether ``cards`` free cards (one pair among them when ``pair``) make exactly the
    groups that ``groups`` fixed ones leave to seven 门子."""
    rest = cards - 2 if pair else cards
    return rest >= 0 and rest % 3 == 0 and groups + rest // 3 + pair == MENZI


def arrange_pool(
    pool: Sequence[int], fixed: Sequence[Meld], yiwushi: bool = False
) -> Arrangement | None:
    """Best arrangement of ``fixed`` groups plus free ``pool`` cards (counts ≤ 3), or None."""
    quads = any(m.is_quad for m in fixed)
    if not fills(sum(pool), quads, len(fixed)):
        return None
    dec = _DECOMPOSERS[yiwushi]
    key = pack(pool)
    pts = dec.points(key, quads)
    if pts < 0:
        return None
    groups = dec.groups(key, quads)
    fixed_pts = sum(m.points(yiwushi) for m in fixed)
    return Arrangement(tuple(fixed) + tuple(g.meld for g in groups), fixed_pts + pts)


def split_concealed(counts: Sequence[int]) -> tuple[list[int], list[Meld]]:
    """Three alike in hand are a 坎 and four alike a 提 (never broken up)."""
    pool = list(counts)
    fixed: list[Meld] = []
    for c, n in enumerate(counts):
        if n >= 3:
            fixed.append(TI_MELDS[c] if n == 4 else KAN_MELDS[c])
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


def _fixed_points(melds: Sequence[Meld], yiwushi: bool) -> int:
    return sum(m.points(yiwushi) for m in melds)


def waits(
    counts: Sequence[int], melds: Sequence[Meld], yiwushi: bool = False
) -> list[tuple[Card, int]]:
    """Every card completing the holding, with the 胡息 of its best arrangement (deck order).

    The hand is split and packed once; each candidate card only changes the packed key
    (a free card more, a pair becoming a 坎, a 坎 becoming a 提) and the fixed groups'
    count and points."""
    return list(_waits(tuple(counts), tuple(melds), yiwushi))


@lru_cache(maxsize=4096)  # a holding is judged again in every position it stays the same
def _waits(
    counts: tuple[int, ...], melds: tuple[Meld, ...], yiwushi: bool
) -> tuple[tuple[Card, int], ...]:
    pool, fixed = split_concealed(counts)
    table_quads = sum(1 for m in melds if m.is_quad)
    quads = table_quads + sum(1 for n in counts if n == 4)
    n_fixed = len(melds) + len(fixed)
    fixed_pts = _fixed_points(melds, yiwushi) + _fixed_points(fixed, yiwushi)
    free = sum(pool)
    key0 = pack(pool)
    used = list(counts)
    for m in melds:
        for c in m.cards:
            used[c] += 1
    dec = _DECOMPOSERS[yiwushi]
    out = []
    for c in range(KINDS):
        if used[c] >= 4 or not any(counts[r] for r in RELATED[c]):
            continue
        n = counts[c]
        if n < 2:
            key, size, groups, pts, q = key0 + ONE[c], free + 1, n_fixed, fixed_pts, quads
        elif n == 2:
            kan = KAN_MELDS[c].points(yiwushi)
            key, size, groups, pts, q = (
                key0 - 2 * ONE[c],
                free - 2,
                n_fixed + 1,
                fixed_pts + kan,
                quads,
            )
        else:
            extra = TI_MELDS[c].points(yiwushi) - KAN_MELDS[c].points(yiwushi)
            key, size, groups, pts, q = key0, free, n_fixed, fixed_pts + extra, quads + 1
        if not fills(size, q > 0, groups):
            continue
        best = dec.points(key, q > 0)
        if best >= 0:
            out.append((c, pts + best))
    return tuple(out)
