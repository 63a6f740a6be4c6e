"""Hand analysis for the pairing game: arrangements, 挤儿 matching, 齐头.

A hand is a tuple of counts per kind (:data:`app.engine.chuanpai.cards.KINDS`).
For matching into 挤儿 only the pips matter, so the hand is also seen as counts per
pip class (2 … 12) plus the number of 经牌 (wild).

- :func:`best_arrangement`: the concealed cards arranged the way that counts most
  (three alike as 暗, four alike as 亮, three different sevens as 燕, the rest as
  挤儿), or None when they cannot all be grouped.
- :func:`coverage`: how many cards the largest set of 挤儿 covers; a card is
  *spare* (富裕, a 光棍) when removing it does not lower the coverage.
- :func:`group_optional`: the 齐头 test, whether an 暗/碰/扛/亮 may be declined.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.engine.chuanpai.cards import CS, FACES, GUAIZI, INDEX, KINDS, N_KINDS, POINTS, TY
from app.engine.chuanpai.melds import JIER, Meld, jier_sum

N_FACES = len(FACES)
SEVEN_IDX = (INDEX["16"], INDEX["25"], INDEX["34"])
SEVEN_CLASS = 7 - 2
GUAIZI_CLASS = 3 - 2

# pip class → face kinds with those pips
CLASS_KINDS: dict[int, tuple[int, ...]] = {}
for _k in range(N_FACES):
    CLASS_KINDS.setdefault(POINTS[_k], ())
    CLASS_KINDS[POINTS[_k]] = CLASS_KINDS[POINTS[_k]] + (_k,)

PARTNERS: dict[int, tuple[int, ...]] = {
    p: tuple(q for q in (10 - p, 20 - p) if 2 <= q <= 12) for p in range(2, 13)
}


_CLASS_OF: tuple[int, ...] = tuple(POINTS[k] - 2 for k in range(N_FACES))


def classes(hand: Sequence[int]) -> tuple[int, ...]:
    """Counts per pip class 2 … 12 (index p - 2)."""
    out = [0] * 11
    cls = _CLASS_OF
    for k in range(N_FACES):
        n = hand[k]
        if n:
            out[cls[k]] += n
    return tuple(out)


def jing_count(hand: Sequence[int]) -> int:
    return hand[CS] + hand[TY]


# ---------------------------------------------------------------------------
# 挤儿 matching by pip class


@lru_cache(maxsize=65536)
def _cov(c: tuple[int, ...], w: int) -> int:
    n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12 = c
    pairs = min(n3, n7) + min(n4, n6) + min(n9, n11) + n5 // 2 + n10 // 2 + min(n8, n2 + n12)
    left = sum(c) - 2 * pairs
    extra = min(w, left)
    if w - left >= 2 and pairs:
        extra += 1
    return 2 * (pairs + extra)


def coverage(hand: Sequence[int]) -> int:
    """Cards covered by the largest set of disjoint 挤儿 in ``hand``."""
    return _cov(classes(hand), jing_count(hand))


def _spare_in(c: tuple[int, ...], w: int, kind: int, full: int) -> bool:
    if kind >= N_FACES:
        return _cov(c, w - 1) == full
    cl = list(c)
    cl[_CLASS_OF[kind]] -= 1
    return _cov(tuple(cl), w) == full


def is_spare(hand: Sequence[int], kind: int) -> bool:
    """富裕 / 光棍: one copy of ``kind`` can leave without breaking a 挤儿."""
    if not hand[kind]:
        return False
    c, w = classes(hand), jing_count(hand)
    return _spare_in(c, w, kind, _cov(c, w))


def spare_kinds(hand: Sequence[int]) -> list[int]:
    """Every kind of which one copy is spare."""
    return list(_spare_kinds(tuple(hand)))


@lru_cache(maxsize=4096)
def _spare_kinds(hand: tuple[int, ...]) -> tuple[int, ...]:
    c, w = classes(hand), jing_count(hand)
    full = _cov(c, w)
    return tuple(k for k in range(len(hand)) if hand[k] and _spare_in(c, w, k, full))


def jier_points(c: Sequence[int], w: int) -> int | None:
    """Best 挤儿 matching of every card, in closed form: the number of 20s, or None.

    The pip classes fall into independent families: 3–7, 4–6, 9–11, 5–5, 10–10 and
    2–8–12. Each family's cards pair up except a minimum leftover; the 经牌 (``w``,
    at most two) must take exactly the leftovers, or, with none left over, two 经牌
    split one pair. A 经牌 with a partner of 8 pips or more makes a 20.
    """
    n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12 = c
    low = n2 + n12
    left = abs(n3 - n7) + abs(n4 - n6) + abs(n9 - n11) + n5 % 2 + n10 % 2 + abs(n8 - low)
    if left != w and not (left == 0 and w == 2 and sum(c) > 0):
        return None
    points = max(n9, n11) + n10 // 2 + n10 % 2 + n12 + max(0, n8 - low)
    if left == 0 and w == 2 and (min(n9, n11) or n10 >= 2 or (n8 and low)):
        points += 1  # split a pair: both halves make a 20 with a 经牌
    return points


def jier_pairs(c: Sequence[int], w: int) -> tuple[tuple[int, int], ...]:
    """The pairs (pip class, pip class or 0 for a 经牌) of :func:`jier_points`."""
    n = {p: c[p - 2] for p in range(2, 13)}
    pairs: list[tuple[int, int]] = []

    def match(p: int, q: int, k: int) -> None:
        pairs.extend([(p, q)] * k)
        n[p] -= k
        n[q] -= k

    for p, q in ((3, 7), (4, 6), (9, 11)):
        match(p, q, min(n[p], n[q]))
    match(5, 5, n[5] // 2)
    match(10, 10, n[10] // 2)
    match(8, 12, min(n[8], n[12]))
    match(8, 2, min(n[8], n[2]))
    left = [p for p in range(2, 13) for _ in range(n[p])]
    if not left and w == 2:
        order = [(9, 11), (10, 10), (8, 12), (8, 2), (3, 7), (4, 6), (5, 5)]
        split = next(pq for pq in order if pq in pairs)
        pairs.remove(split)
        left = list(split)
    return tuple(pairs) + tuple((p, 0) for p in left)


@lru_cache(maxsize=65536)
def search_pairs(c: tuple[int, ...], w: int) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """Reference search for :func:`jier_points` (exhaustive, memoized; for tests)."""
    i = next((j for j in range(11) if c[j]), -1)
    if i < 0:
        return (0, ()) if w == 0 else None
    p = i + 2
    best: tuple[int, tuple[tuple[int, int], ...]] | None = None
    for q in PARTNERS[p]:
        j = q - 2
        if c[j] - (1 if j == i else 0) <= 0:
            continue
        nc = list(c)
        nc[i] -= 1
        nc[j] -= 1
        sub = search_pairs(tuple(nc), w)
        if sub is not None:
            cand = (sub[0] + (p + q == 20), ((p, q),) + sub[1])
            if best is None or cand[0] > best[0]:
                best = cand
    if w:
        nc = list(c)
        nc[i] -= 1
        sub = search_pairs(tuple(nc), w - 1)
        if sub is not None:
            cand = (sub[0] + (p >= 8), ((p, 0),) + sub[1])
            if best is None or cand[0] > best[0]:
                best = cand
    return best


def _pairs_to_melds(hand: list[int], pairs: tuple[tuple[int, int], ...]) -> list[Meld]:
    out: list[Meld] = []
    jing = [j for j in (CS, TY) for _ in range(hand[j])]

    def take(p: int) -> str:
        for k in CLASS_KINDS[p]:
            if hand[k]:
                hand[k] -= 1
                return KINDS[k]
        raise AssertionError("class empty")  # pragma: no cover

    for p, q in pairs:
        a = take(p)
        b = KINDS[jing.pop()] if q == 0 else take(q)
        out.append(JIER[a, b])
    return out


# ---------------------------------------------------------------------------
# Best arrangement of concealed cards


def _same_face_choices(hand: Sequence[int]) -> list[list[tuple[int, int]]]:
    """Per face with 3+ copies: how many go to an 暗 (3) or 亮 (4)."""
    out = []
    for k in range(N_FACES):
        n = hand[k]
        if n >= 3:
            out.append([(k, 0), (k, 3)] + ([(k, 4)] if n == 4 else []))
    return out


def _product(choices: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    acc: list[list[tuple[int, int]]] = [[]]
    for opts in choices:
        acc = [a + [o] for a in acc for o in opts]
    return acc


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The concealed cards grouped: ``melds`` and their total ``points``."""

    melds: tuple[Meld, ...]
    points: int


def _jing_choices(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """经牌 groups possible: none, 经 暗 (one 经 + 12 12), 经 亮 (cs ty 12 12)."""
    out: list[tuple[int, ...]] = [()]
    if hand[GUAIZI] == 2 and jing_count(hand) >= 1:
        j = CS if hand[CS] else TY
        out.append((j, GUAIZI, GUAIZI))
        if hand[CS] and hand[TY]:
            out.append((CS, TY, GUAIZI, GUAIZI))
    return out


_Choice = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...], int]


def _choices(hand: Sequence[int], with_jing: bool) -> Iterator[_Choice]:
    """Every way to take the groups of three or more out of the hand that leaves
    cards which all pair up: (score, 经牌 group, (face, 3|4) groups, 燕 count)."""
    c0 = list(classes(hand))
    w0 = jing_count(hand)
    seven = SEVEN_CLASS
    face_opts = _same_face_choices(hand)
    for jc in _jing_choices(hand) if with_jing else [()]:
        g12 = sum(1 for k in jc if k == GUAIZI)
        jbase = (30 if len(jc) == 3 else 70) if jc else 0
        w = w0 - (len(jc) - g12)
        for combo in _product(face_opts):
            c = list(c0)
            c[GUAIZI_CLASS] -= g12
            base = jbase
            sevens_left = [hand[k] for k in SEVEN_IDX]
            for k, n in combo:
                if n:
                    c[_CLASS_OF[k]] -= n
                    base += 3 if n == 3 else 7
                    if k in SEVEN_IDX:
                        sevens_left[SEVEN_IDX.index(k)] -= n
            c7 = c[seven]
            for y in range(min(sevens_left) + 1):
                c[seven] = c7 - 3 * y
                jp = jier_points(c, w)
                if jp is not None:
                    yield (base + 2 * y + jp, jc, tuple(combo), y)


def best_arrangement(hand: Sequence[int], with_jing: bool = True) -> Arrangement | None:
    """The highest-counting way to group every concealed card, or None."""
    return _best_arrangement(tuple(hand), with_jing)


@lru_cache(maxsize=4096)
def _best_arrangement(hand: tuple[int, ...], with_jing: bool) -> Arrangement | None:
    """:func:`best_arrangement` of a hand as a tuple (a value: made once per hand)."""
    if not sum(hand):
        return Arrangement((), 0)
    best: _Choice | None = None
    for choice in _choices(hand, with_jing):
        if best is None or choice[0] > best[0]:
            best = choice
    if best is None:
        return None
    score, jc, combo, y = best
    rest = list(hand)
    melds: list[Meld] = []
    if jc:
        melds.append(Meld.make("an" if len(jc) == 3 else "liang", tuple(KINDS[k] for k in jc)))
        for k in jc:
            rest[k] -= 1
    for k, n in combo:
        if n:
            melds.append(Meld.make("an" if n == 3 else "liang", (KINDS[k],) * n))
            rest[k] -= n
    for _ in range(y):
        melds.append(Meld.make("yan", ("16", "25", "34")))
        for k in SEVEN_IDX:
            rest[k] -= 1
    melds += _pairs_to_melds(rest, jier_pairs(classes(rest), jing_count(rest)))
    return Arrangement(tuple(melds), score)


def is_complete(hand: Sequence[int], with_jing: bool = True) -> bool:
    """Whether every concealed card can be grouped."""
    return _is_complete(tuple(hand), with_jing)


@lru_cache(maxsize=4096)
def _is_complete(hand: tuple[int, ...], with_jing: bool) -> bool:
    if not sum(hand):
        return True
    return next(_choices(hand, with_jing), None) is not None


PAIRS_WITH: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(N_KINDS) if jier_sum(KINDS[a], KINDS[b]) is not None)
    for a in range(N_KINDS)
)
"""For each kind, the kinds it makes a 挤儿 with."""


def can_pair(a: int, b: int) -> bool:
    """Whether kinds ``a`` and ``b`` make a 挤儿."""
    return b in PAIRS_WITH[a]


def partners_in(hand: Sequence[int], kind: int) -> list[int]:
    """Kinds in ``hand`` that make a 挤儿 with one card of ``kind``."""
    return [k for k in PAIRS_WITH[kind] if hand[k]]


# ---------------------------------------------------------------------------
# 齐头 · when a group of alike cards may be declined

GOOD_BAD: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    # pip class → (good classes, bad classes) of its pairing family
    2: ((2, 12), (8,)),
    12: ((2, 12), (8,)),
    8: ((2, 12), (8,)),
    4: ((4,), (6,)),
    6: ((4,), (6,)),
    11: ((11,), (9,)),
    9: ((11,), (9,)),
}

QITOU_RULES = ("count", "tied", "none")


def group_optional(hand: Sequence[int], kind: int, rule: str) -> bool:
    """齐头: may an 暗/碰/扛/亮 of ``kind`` be declined with this ``hand``?

    - ``none``: never (every such group is forced).
    - ``tied``: only when every copy of ``kind`` in the hand is tied in a 挤儿
      (none is spare).
    - ``count`` (default, RULES.md, inferred): for the good/bad families
      (天地 2/12 vs 8, 4 vs 6, 11 vs 9) optional while good ≥ bad and
      good < bad + 2, counting the hand's cards of the family; the neutral
      values (3, 5, 7, 10) use ``tied``.
    """
    if rule == "none":
        return False
    p = POINTS[kind]
    if rule == "count" and p in GOOD_BAD:
        good_cls, bad_cls = GOOD_BAD[p]
        c = classes(hand)
        good = sum(c[q - 2] for q in good_cls)
        bad = sum(c[q - 2] for q in bad_cls)
        return bad <= good < bad + 2
    return not is_spare(hand, kind)
