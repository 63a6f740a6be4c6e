"""Arranging a hand: a pair (将头) plus seven groups (搭子, 稞子, 窟, 文钱).

Three shapes of going out (胡牌):

- 清胡 (``qing``): every group a 搭子 (run of three in one suit), no three-alike anywhere;
- 飘胡 (``piao``): every group three/four alike or a 文钱 (一二三丙);
- 塌子胡 (``tazi``): a mix of both.

Concealed cards are split per suit; each suit's splits are computed once and cached
(:func:`suit_splits`). The 喜 (百搭) stand in for any card: every way of reading them
is tried (:func:`readings`). Which split counts most is decided by :mod:`.count`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.engine.nantong.cards import HONOURS, NPLAIN, token
from app.engine.nantong.melds import Meld

QING, PIAO, TAZI = "qing", "piao", "tazi"
HAND_TYPES = (QING, PIAO, TAZI)

Split = tuple[tuple[str, int], ...]  # ("p"|"k"|"r", rank index 0..8)


@lru_cache(maxsize=262144)
def _rec(c: tuple[int, ...], pair_ok: bool) -> tuple[Split, ...]:
    i = 0
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        return ((),)
    out: set[Split] = set()
    lst = list(c)
    if c[i] >= 3:
        lst[i] -= 3
        for rest in _rec(tuple(lst), pair_ok):
            out.add(tuple(sorted((("k", i), *rest))))
        lst[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        for rest in _rec(tuple(lst), pair_ok):
            out.add(tuple(sorted((("r", i), *rest))))
        lst[i] += 1
        lst[i + 1] += 1
        lst[i + 2] += 1
    if pair_ok and c[i] >= 2:
        lst[i] -= 2
        for rest in _rec(tuple(lst), False):
            out.add(tuple(sorted((("p", i), *rest))))
    return tuple(sorted(out))


def suit_splits(c: tuple[int, ...]) -> tuple[Split, ...]:
    """Every way to split one suit's nine counts into groups and at most one pair."""
    return _rec(c, True)


@lru_cache(maxsize=262144)
def _suit_pairs(c: tuple[int, ...]) -> int:
    """Bit 1: splits with no pair; bit 2: splits with one pair (0: no split)."""
    bits = 0
    for s in _rec(c, True):
        bits |= 2 if any(g == "p" for g, _ in s) else 1
    return bits


def plain_complete(counts: Sequence[int]) -> bool:
    """Whether the plain (no 喜) concealed counts split into groups plus exactly one pair."""
    pairs = 0
    for k in HONOURS:
        n = counts[k]  # more than four only when 喜 stand for this 字 (as _wneed allows)
        if n % 3 == 2:
            pairs += 1
        elif n % 3 == 1:
            return False
    if pairs > 1:
        return False
    # each suit's splits: bit 1 without a pair, bit 2 with one (0: none at all)
    t = _suit_pairs(tuple(counts[0:9]))
    if not t:
        return False
    b = _suit_pairs(tuple(counts[9:18]))
    if not b:
        return False
    w = _suit_pairs(tuple(counts[18:27]))
    if not w:
        return False
    if pairs:  # the pair is a 字: every suit splits into groups alone
        return bool(t & b & w & 1)
    # choose which suit holds the pair
    return bool((t & 2 and b & w & 1) or (b & 2 and t & w & 1) or (w & 2 and t & b & 1))


def _near(counts: Sequence[int]) -> list[int]:
    """Kinds a 喜 may usefully stand for: near a held card, or any 老将 字."""
    out = set(HONOURS)
    for k in range(27):
        if counts[k]:
            base = k - k % 9
            for d in (-2, -1, 0, 1, 2):
                j = k + d
                if base <= j < base + 9:
                    out.add(j)
    return sorted(out)


def readings(counts: Sequence[int]) -> Iterator[tuple[list[int], tuple[int, ...]]]:
    """Each way of reading the 喜 as plain cards that makes the hand complete
    (:func:`plain_complete`): (plain counts, kinds they stand for), in the order of
    ``combinations_with_replacement`` over the candidate kinds."""
    w = sum(counts[NPLAIN:])
    plain = list(counts[:NPLAIN])
    if w == 0:
        if plain_complete(plain):
            yield plain, ()
        return
    cands = _near(plain)
    if w >= 3:
        cands = sorted(set(cands) | {0, 8, 9, 17, 18, 26})
    yield from _readings(plain, cands, w, 0, 0, [])


def _readings(
    c: list[int], cands: list[int], left: int, start: int, final: int, combo: list[int]
) -> Iterator[tuple[list[int], tuple[int, ...]]]:
    """The complete readings of ``left`` more 喜 as ``cands[start:]`` (ascending, so
    the suits below ``final`` are settled): a settled suit that no longer splits into
    groups (and a pair) ends every reading through it, and every later candidate."""
    if not left:
        if plain_complete(c):
            yield c[:], tuple(combo)
        return
    for i in range(start, len(cands)):
        k = cands[i]
        suit = min(k // 9, 3)  # 3: the 字, settled last
        if any(not _suit_pairs(tuple(c[9 * s : 9 * s + 9])) for s in range(final, suit)):
            return
        c[k] += 1
        combo.append(k)
        yield from _readings(c, cands, left - 1, i, max(final, suit), combo)
        combo.pop()
        c[k] -= 1


MAXW = 5


@lru_cache(maxsize=262144)
def _wneed(c: tuple[int, ...], pair: bool) -> frozenset[int]:
    """Numbers of 喜 (≤ 5) with which the cards ``c`` (one suit, or one 字 alone) split
    into groups, plus one pair when ``pair``; runs only when ``len(c) == 9``."""
    i = 0
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        return frozenset((0,)) if not pair else frozenset()
    out: set[int] = set()
    lst = list(c)

    def go(take: list[tuple[int, int]], wild: int, p: bool) -> None:
        for j, n in take:
            lst[j] -= n
        for w in _wneed(tuple(lst), p):
            if w + wild <= MAXW:
                out.add(w + wild)
        for j, n in take:
            lst[j] += n

    t = min(c[i], 3)
    go([(i, t)], 3 - t, pair)
    if pair:
        t = min(c[i], 2)
        go([(i, t)], 2 - t, False)
    if len(c) == 9:
        for start in (i - 2, i - 1, i):
            if 0 <= start <= 6:
                take = [(j, 1) for j in range(start, start + 3) if c[j] and j >= i]
                go(take, 3 - len(take), pair)
    return frozenset(out)


def complete(counts: Sequence[int]) -> bool:
    """Whether the concealed counts (喜 included) form groups plus exactly one pair."""
    if not any(counts[NPLAIN:]):
        return plain_complete(counts)  # its suits' splits are memos already
    return _complete(tuple(counts))


@lru_cache(maxsize=16384)
def _complete(counts: tuple[int, ...]) -> bool:
    """:func:`complete` of a hand holding 喜, worked out once per distinct hand."""
    w = sum(counts[NPLAIN:])
    parts = [tuple(counts[9 * s : 9 * s + 9]) for s in range(3)]
    parts += [(counts[k],) for k in HONOURS]
    states = {(0, False)}
    for part in parts:
        if not any(part):
            continue
        nxt = set()
        for used, p in states:
            for v in _wneed(part, False):
                if used + v <= w:
                    nxt.add((used + v, p))
            if not p:
                for v in _wneed(part, True):
                    if used + v <= w:
                        nxt.add((used + v, True))
        states = nxt
        if not states:
            return False
    for used, p in states:
        rest = w - used
        if p and rest % 3 == 0:
            return True
        if not p and rest >= 2 and (rest - 2) % 3 == 0:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Group:
    """One group of an arrangement. ``shape``: ``pair`` ``dazi`` ``wenqian`` ``ke``
    (three alike in hand) or a meld; ``kind`` the first card; ``meld`` if laid down."""

    shape: str
    kind: int
    size: int
    meld: Meld | None = None

    @property
    def cards(self) -> tuple[int, ...]:
        if self.shape in ("dazi", "wenqian"):
            return (self.kind, self.kind + 1, self.kind + 2)
        return (self.kind,) * self.size

    @property
    def alike(self) -> bool:
        return self.shape == "ke" or self.meld is not None

    def __str__(self) -> str:
        return f"{self.shape}:{','.join(token(k) for k in self.cards)}"


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Concealed groups (from one reading of the 喜) plus the melds; the shape of the
    hand (``hand_type``) and its number of 文钱 (``wenqian``), worked out once."""

    groups: tuple[Group, ...]
    melds: tuple[Meld, ...]
    wild_as: tuple[int, ...]  # kinds the 喜 stand for
    hand_type: str
    wenqian: int

    @classmethod
    def of(
        cls, groups: tuple[Group, ...], melds: tuple[Meld, ...], wild_as: tuple[int, ...]
    ) -> Arrangement:
        shapes = [g.shape for g in groups]
        alike = bool(melds) or "ke" in shapes
        hand_type = (TAZI if "dazi" in shapes else PIAO) if alike else QING
        return cls(groups, melds, wild_as, hand_type, shapes.count("wenqian"))


def _split_groups(s: int, split: Split) -> list[Group]:
    out = []
    for g, i in split:
        k = 9 * s + i
        if g == "p":
            out.append(Group("pair", k, 2))
        elif g == "k":
            out.append(Group("ke", k, 3))
        else:
            out.append(Group("wenqian" if k == 9 else "dazi", k, 3))
    return out


def _honour_groups(counts: Sequence[int]) -> list[Group] | None:
    out: list[Group] = []
    for k in HONOURS:
        n = counts[k]
        if n % 3 == 1:
            return None
        out.extend(Group("ke", k, 3) for _ in range(n // 3))
        if n % 3 == 2:
            out.append(Group("pair", k, 2))
    return out


def _pick(per_suit: list[list[list[Group]]], honours: list[Group]) -> Iterator[list[Group]]:
    h_pairs = sum(1 for g in honours if g.shape == "pair")
    for a in per_suit[0]:
        pa = h_pairs + sum(1 for g in a if g.shape == "pair")
        if pa > 1:
            continue
        for b in per_suit[1]:
            pb = pa + sum(1 for g in b if g.shape == "pair")
            if pb > 1:
                continue
            for c in per_suit[2]:
                if pb + sum(1 for g in c if g.shape == "pair") == 1:
                    yield honours + a + b + c


def arrangements(counts: Sequence[int], melds: tuple[Meld, ...]) -> Iterator[Arrangement]:
    """Every arrangement of the concealed counts (喜 read every useful way)."""
    if not complete(counts):
        return
    for plain, wild_as in readings(counts):
        honours = _honour_groups(plain)
        if honours is None:
            continue
        per_suit = [
            [_split_groups(s, sp) for sp in suit_splits(tuple(plain[9 * s : 9 * s + 9]))]
            for s in range(3)
        ]
        for groups in _pick(per_suit, honours):
            yield Arrangement.of(tuple(groups), melds, wild_as)


def slots_needed(melds: tuple[Meld, ...]) -> int:
    return 7 - sum(1 for m in melds if m.takes_slot)


@lru_cache(maxsize=4096)
def hand_size(melds: tuple[Meld, ...]) -> int:
    """Concealed cards of a complete hand with these melds."""
    return 2 + 3 * slots_needed(melds)
