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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from app.engine.chuanpai.cards import CS, FACES, GUAIZI, INDEX, KINDS, N_KINDS, POINTS, TY
from app.engine.chuanpai.melds import Meld, jier_sum

N_FACES = len(FACES)
SEVEN_IDX = (INDEX["16"], INDEX["25"], INDEX["34"])

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
    c, w = classes(hand), jing_count(hand)
    full = _cov(c, w)
    return [k for k in range(len(hand)) if hand[k] and _spare_in(c, w, k, full)]


@lru_cache(maxsize=65536)
def _best_pairs(c: tuple[int, ...], w: int) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """Best 挤儿 matching of all cards: (number of 20s, pairs as (class, class|0=经))."""
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
        sub = _best_pairs(tuple(nc), w)
        if sub is not None:
            cand = (sub[0] + (p + q == 20), ((p, q),) + sub[1])
            if best is None or cand[0] > best[0]:
                best = cand
    if w:
        nc = list(c)
        nc[i] -= 1
        sub = _best_pairs(tuple(nc), w - 1)
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
        out.append(Meld.make("jier", (a, b)))
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


def best_arrangement(hand: Sequence[int], with_jing: bool = True) -> Arrangement | None:
    """The highest-counting way to group every concealed card, or None."""
    total = sum(hand)
    if total == 0:
        return Arrangement((), 0)
    best: (
        tuple[int, list[tuple[str, tuple[int, ...]]], tuple[int, ...], tuple[tuple[int, int], ...]]
        | None
    ) = None
    jchoices = _jing_choices(hand) if with_jing else [()]
    for jc in jchoices:
        h1 = list(hand)
        for k in jc:
            h1[k] -= 1
        for combo in _product(_same_face_choices(h1)):
            h2 = list(h1)
            groups: list[tuple[str, tuple[int, ...]]] = []
            if jc:
                groups.append(("an" if len(jc) == 3 else "liang", jc))
            base = (30 if len(jc) == 3 else 70) if jc else 0
            for k, n in combo:
                if n:
                    h2[k] -= n
                    groups.append(("an" if n == 3 else "liang", (k,) * n))
                    base += 3 if n == 3 else 7
            max_yan = min(h2[s] for s in SEVEN_IDX)
            for y in range(max_yan + 1):
                h3 = list(h2)
                for s in SEVEN_IDX:
                    h3[s] -= y
                res = _best_pairs(classes(h3), jing_count(h3))
                if res is None:
                    continue
                score = base + 2 * y + res[0]
                if best is None or score > best[0]:
                    gy = groups + [("yan", SEVEN_IDX)] * y
                    best = (score, gy, tuple(h3), res[1])
    if best is None:
        return None
    score, groups, rest, best_pairs = best
    melds = [Meld.make(kind, tuple(KINDS[k] for k in ks)) for kind, ks in groups]
    melds += _pairs_to_melds(list(rest), best_pairs)
    return Arrangement(tuple(melds), score)


def is_complete(hand: Sequence[int], with_jing: bool = True) -> bool:
    """Whether every concealed card can be grouped (faster than the best count)."""
    if not sum(hand):
        return True
    for jc in _jing_choices(hand) if with_jing else [()]:
        h1 = list(hand)
        for k in jc:
            h1[k] -= 1
        for combo in _product(_same_face_choices(h1)):
            h2 = list(h1)
            for k, n in combo:
                h2[k] -= n
            for y in range(min(h2[s] for s in SEVEN_IDX) + 1):
                h3 = list(h2)
                for s in SEVEN_IDX:
                    h3[s] -= y
                if _best_pairs(classes(h3), jing_count(h3)) is not None:
                    return True
    return False


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
