"""挤儿 groups · the groups of the pairing game, their shapes and their count.

A group (``Meld``) is a kind slug plus its cards as tokens:

- ``jier`` 挤儿: two cards whose pips sum to 10 or 20, or a 经牌 with any one
  non-经 card. Held in the hand, or laid by 摆 (one card of the hand on a card
  that passed). 1 胡 when it sums to 20, else 0.
- ``an`` 暗: three alike formed in the hand, laid face down. 3 胡.
- ``peng`` 碰: two alike in the hand plus a third that passed. 2 胡.
- ``yan`` 燕: the three different sevens ``16 25 34``. 2 胡.
- ``liang`` 亮: four alike formed in the hand. 7 胡.
- ``qi`` 起: an 暗 on the table plus its fourth card. 5 胡.
- ``kang`` 扛: three alike in the hand plus a fourth that passed. 7 胡.

With the 经牌: one 经 with both 拐子 (``cs 12 12`` or ``ty 12 12``) is the only
three-card group with a 经牌 (暗 or 碰), and ``cs ty 12 12`` the only four-card one
(亮, 起 or 扛); these count ten times (碰 20, 暗 30, 起 50, 亮/扛 70).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from app.engine.chuanpai.cards import INDEX, JING, POINTS
from app.engine.core.actions import CountLine
from app.engine.core.errors import EngineError
from app.engine.core.results import ScoredMeld

MELD_KINDS: tuple[str, ...] = ("jier", "an", "peng", "yan", "liang", "qi", "kang")

BASE_POINTS: dict[str, int] = {"peng": 2, "yan": 2, "an": 3, "qi": 5, "liang": 7, "kang": 7}
THREE_KINDS = ("an", "peng")
FOUR_KINDS = ("liang", "qi", "kang")
SEVENS: tuple[str, ...] = ("16", "25", "34")


def pts(token: str) -> int:
    return POINTS[INDEX[token]]


def jier_sum(a: str, b: str) -> int | None:
    """The sum a 挤儿 of ``a`` and ``b`` stands for (10 or 20), or None.

    A 经牌 stands for whatever suits its partner best: 20 when the partner has 8
    pips or more, else 10 (inferred, RULES.md). Two 经牌 never pair.
    """
    ja, jb = a in JING, b in JING
    if ja and jb:
        return None
    if ja or jb:
        other = b if ja else a
        return 20 if pts(other) >= 8 else 10
    s = pts(a) + pts(b)
    return s if s in (10, 20) else None


def is_jing_group(cards: tuple[str, ...]) -> bool:
    """经牌 group: ``经 12 12`` (three) or ``cs ty 12 12`` (four)."""
    c = Counter(cards)
    if len(cards) == 3:
        return c["12"] == 2 and (c["cs"] + c["ty"]) == 1
    if len(cards) == 4:
        return c["12"] == 2 and c["cs"] == 1 and c["ty"] == 1
    return False


def _alike(cards: tuple[str, ...], n: int) -> bool:
    return len(cards) == n and len(set(cards)) == 1 and cards[0] not in JING


@dataclass(frozen=True, slots=True)
class Meld:
    """One group: ``kind`` slug and its cards (canonical order: sorted by kind index).

    ``points`` (胡), ``code`` (the count-line code) and ``scored`` (the group as
    ``analyze`` answers it) are computed once: groups are interned values.
    """

    kind: str
    cards: tuple[str, ...]
    points: int = field(init=False, compare=False, repr=False)
    code: str = field(init=False, compare=False, repr=False)
    scored: ScoredMeld = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", self._points() if self.valid() else 0)
        object.__setattr__(self, "code", self._code())
        object.__setattr__(self, "scored", ScoredMeld(self.kind, self.cards, self.points))

    @classmethod
    def make(cls, kind: str, cards: tuple[str, ...] | list[str]) -> Meld:
        """Build and check a group; raises ``bad-meld`` / ``unknown-meld-kind``."""
        if kind not in MELD_KINDS:
            raise EngineError("unknown-meld-kind", kind=kind)
        ordered = tuple(sorted(cards, key=INDEX.__getitem__))
        meld = _interned(kind, ordered)
        if meld is None:
            raise EngineError("bad-meld", kind=kind, cards=list(ordered))
        return meld

    def valid(self) -> bool:
        k, c = self.kind, self.cards
        if k == "jier":
            return len(c) == 2 and jier_sum(c[0], c[1]) is not None
        if k in THREE_KINDS:
            return _alike(c, 3) or is_jing_group(c) and len(c) == 3
        if k == "yan":
            return tuple(sorted(c)) == SEVENS
        if k in FOUR_KINDS:
            return _alike(c, 4) or is_jing_group(c) and len(c) == 4
        return False

    @property
    def jing(self) -> bool:
        """A 经牌 group (counts ten times)."""
        return self.kind != "jier" and is_jing_group(self.cards)

    def _points(self) -> int:
        """胡 of this group."""
        if self.kind == "jier":
            return 1 if jier_sum(self.cards[0], self.cards[1]) == 20 else 0
        return BASE_POINTS[self.kind] * (10 if self.jing else 1)

    def _code(self) -> str:
        """The count-line code: ``cp-jier-20``, ``cp-jier-10``, ``cp-an``, ``cp-jing-an`` …"""
        if self.kind == "jier":
            return "cp-jier-20" if self.points else "cp-jier-10"
        return f"cp-jing-{self.kind}" if self.jing else f"cp-{self.kind}"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}

    def __str__(self) -> str:
        return f"{self.kind}:{' '.join(self.cards)}"


@lru_cache(maxsize=4096)
def _interned(kind: str, ordered: tuple[str, ...]) -> Meld | None:
    """Melds are values: one instance per (kind, cards), None when not a valid group."""
    meld = Meld(kind, ordered)
    return meld if meld.valid() else None


def _every_jier() -> dict[tuple[str, str], Meld]:
    pairs = [(a, b) for a in INDEX for b in INDEX if jier_sum(a, b) is not None]
    return {(a, b): Meld.make("jier", (a, b)) for a, b in pairs}


JIER: dict[tuple[str, str], Meld] = _every_jier()
"""Every 挤儿 by its two cards, in either order (hand analysis makes thousands)."""


COUNT_CODES: tuple[str, ...] = (
    "cp-jier-20",
    "cp-jier-10",
    "cp-peng",
    "cp-yan",
    "cp-an",
    "cp-qi",
    "cp-liang",
    "cp-kang",
    "cp-jing-peng",
    "cp-jing-an",
    "cp-jing-qi",
    "cp-jing-liang",
    "cp-jing-kang",
    "cp-base",
)


def count_lines(melds: tuple[Meld, ...] | list[Meld]) -> list[CountLine]:
    """One line per group code, in :data:`COUNT_CODES` order: ``{count, each}``."""
    by: dict[str, list[Meld]] = {}
    for m in melds:
        by.setdefault(m.code, []).append(m)
    lines = []
    for code in COUNT_CODES:
        ms = by.get(code)
        if ms:
            each = ms[0].points
            lines.append(CountLine(code, each * len(ms), {"count": len(ms), "each": each}))
    return lines
