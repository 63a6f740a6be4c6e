"""门子 · The groups of the 字牌 games and their 胡息.

Kinds are pinyin slugs. The engine uses one internal name per group; Guilin shows
its own names for four of them (扫 ``sao`` = 偎 ``wei``, 过扫 ``guosao`` = 臭偎
``chouwei``, 开舵 ``kaiduo`` = 跑 ``pao``, 扫穿 ``saochuan`` = 提 ``ti``), and input
accepts either name, or the Chinese one.

胡息 per group, small / big (RULES.md, seed 003's table, the same in Hunan):

====================  ==========  =====
group                 small       big
====================  ==========  =====
碰 peng               1           3
坎 kan, 偎, 臭偎       3           6
跑 pao                6           9
提 ti                 9           12
一二三, 二七十 runs    3           6
other runs, 绞, 将    0           0
====================  ==========  =====
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.engine.core.errors import EngineError
from app.engine.zipai.cards import KINDS as CARD_KINDS
from app.engine.zipai.cards import Card, is_big, parse_cards, token, value
from app.engine.zipai.rules import GUILIN_NAMES as _GUILIN_NAMES

#: 一句话 a run of three consecutive values of one size (in the concealed hand)
SHUN = "shun"
#: 绞 / 搭子 three cards of one value mixing sizes (in the concealed hand)
JIAO = "jiao"
#: 将 the pair, one of the seven 门子 once a 跑/提 is on the table
JIANG = "jiang"
#: 坎 three alike held in hand from the deal or the own draw
KAN = "kan"
#: 吃 a run or 绞 taken from a shown card, laid out (比 groups are also ``chi``)
CHI = "chi"
#: 碰 three alike, the third taken from another seat
PENG = "peng"
#: 偎 (Guilin 扫) a pair plus the own drawn third card, laid face down
WEI = "wei"
#: 臭偎 (Guilin 过扫) a 偎 after declining to 碰 that card
CHOUWEI = "chouwei"
#: 跑 (Guilin 开舵) four alike, the fourth from another seat or onto a 碰
PAO = "pao"
#: 提 (Guilin 扫穿) four alike by the own hand or draw
TI = "ti"

KINDS = (SHUN, JIAO, JIANG, KAN, CHI, PENG, WEI, CHOUWEI, PAO, TI)
QUADS = frozenset({PAO, TI})
TRIPLES = frozenset({KAN, PENG, WEI, CHOUWEI})
#: cards per group kind
SIZES = {JIANG: 2, **{k: 3 for k in TRIPLES | {SHUN, JIAO, CHI}}, **{k: 4 for k in QUADS}}
#: Guilin's own names for four groups
GUILIN_NAMES = _GUILIN_NAMES

KIND_ALIASES: dict[str, str] = {k: k for k in KINDS}
KIND_ALIASES.update({v: k for k, v in GUILIN_NAMES.items()})
KIND_ALIASES.update(
    {
        "bi": CHI,
        "dui": JIANG,
        "jiang": JIANG,
        "run": SHUN,
        "dazi": JIAO,
        "一句话": SHUN,
        "绞": JIAO,
        "搭子": JIAO,
        "将": JIANG,
        "对": JIANG,
        "坎": KAN,
        "吃": CHI,
        "比": CHI,
        "碰": PENG,
        "偎": WEI,
        "扫": WEI,
        "掃": WEI,
        "臭偎": CHOUWEI,
        "过扫": CHOUWEI,
        "過掃": CHOUWEI,
        "跑": PAO,
        "开舵": PAO,
        "開舵": PAO,
        "提": TI,
        "扫穿": TI,
        "掃穿": TI,
    }
)

_SAME_KIND_PTS = {PENG: (1, 3), KAN: (3, 6), WEI: (3, 6), CHOUWEI: (3, 6), PAO: (6, 9), TI: (9, 12)}


def chi_shape(cards: Sequence[Card], yiwushi: bool = False) -> bool:
    """A 吃-shaped group: a run of one size (also 二七十 / 贰柒拾) or a 绞."""
    if len(cards) != 3:
        return False
    a, b, c = sorted(cards)
    if is_big(a) == is_big(c):
        va, vb, vc = value(a), value(b), value(c)
        if va + 1 == vb and vb + 1 == vc:
            return True
        if (va, vb, vc) == (2, 7, 10):
            return True
        if yiwushi and (va, vb, vc) == (1, 5, 10):
            return True
        if va == vb == vc:  # all alike: not a run, not a 绞
            return False
    return value(a) == value(b) == value(c) and is_big(a) != is_big(c)


def _scoring_runs(yiwushi: bool) -> frozenset[tuple[Card, ...]]:
    """The runs that score, as sorted cards: 一二三, 二七十 (一五十), small and big."""
    shapes = [(0, 1, 2), (1, 6, 9)] + ([(0, 4, 9)] if yiwushi else [])
    return frozenset(tuple(base + c for c in g) for g in shapes for base in (0, 10))


_SCORING = {yiwushi: _scoring_runs(yiwushi) for yiwushi in (False, True)}


def run_points(cards: Sequence[Card], yiwushi: bool = False) -> int:
    """胡息 of a 吃-shaped group: 一二三 / 二七十 (and 一五十 with the option) score."""
    key = tuple(cards)
    if len(key) == 3 and key[0] <= key[1] <= key[2]:  # sorted: one look-up
        return (6 if is_big(key[0]) else 3) if key in _SCORING[yiwushi] else 0
    vals = sorted(value(c) for c in cards)
    sizes = {is_big(c) for c in cards}
    if len(sizes) != 1:
        return 0
    if vals in ([1, 2, 3], [2, 7, 10]) or (yiwushi and vals == [1, 5, 10]):
        return 6 if is_big(cards[0]) else 3
    return 0


@dataclass(frozen=True, slots=True)
class Meld:
    """One 门子: a kind slug and its cards (canonical order)."""

    kind: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.kind}:{' '.join(token(c) for c in self.cards)}"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    @property
    def is_quad(self) -> bool:
        return self.kind in QUADS

    def points(self, yiwushi: bool = False) -> int:
        """胡息 of this group."""
        pts = _SAME_KIND_PTS.get(self.kind)
        if pts is not None:
            return pts[1] if is_big(self.cards[0]) else pts[0]
        if self.kind in (SHUN, CHI):
            return run_points(self.cards, yiwushi)
        return 0

    @classmethod
    def make(cls, kind: str, cards: Sequence[Card]) -> Meld:
        return cls(kind, tuple(sorted(cards)))

    @classmethod
    def parse(cls, text: str) -> Meld:
        kind, _, cards = text.partition(":")
        return meld_of(kind, cards)

    def to_json(self, names: dict[str, str] | None = None) -> dict[str, object]:
        kind = (names or {}).get(self.kind, self.kind)
        return {"kind": kind, "cards": [token(c) for c in self.cards]}


def kind_of(name: str) -> str:
    key = name.strip()
    kind = KIND_ALIASES.get(key.lower()) or KIND_ALIASES.get(key)
    if kind is None:
        raise EngineError("unknown-meld-kind", kind=name)
    return kind


def valid(kind: str, cards: Sequence[Card], yiwushi: bool = False) -> bool:
    n = len(cards)
    if kind in QUADS:
        return n == 4 and len(set(cards)) == 1
    if kind in TRIPLES:
        return n == 3 and len(set(cards)) == 1
    if kind == JIANG:
        return n == 2 and cards[0] == cards[1]
    if kind == SHUN:
        return chi_shape(cards, yiwushi) and len({is_big(c) for c in cards}) == 1
    if kind == JIAO:
        return chi_shape(cards) and len({value(c) for c in cards}) == 1
    return chi_shape(cards, yiwushi)  # CHI


def meld_of(kind_name: str, text: str, yiwushi: bool = False) -> Meld:
    """Read one ``KIND:CARDS`` meld, refusing cards that do not form that kind."""
    kind = kind_of(kind_name)
    cards = parse_cards(text)
    if not valid(kind, cards, yiwushi):
        raise EngineError("bad-meld", kind=kind_name, cards=text.strip())
    return Meld.make(kind, cards)


def every_meld() -> list[Meld]:
    """Every group the engine can make (一五十 runs included), each once."""
    alike = [
        Meld(k, (c,) * SIZES[k])
        for k in (JIANG, KAN, PENG, WEI, CHOUWEI, PAO, TI)
        for c in range(CARD_KINDS)
    ]
    shapes = [
        (a, b, c)
        for a in range(CARD_KINDS)
        for b in range(a, CARD_KINDS)
        for c in range(b, CARD_KINDS)
        if chi_shape((a, b, c), True)
    ]
    runs = [Meld(SHUN, g) for g in shapes if is_big(g[0]) == is_big(g[2])]
    jiao = [Meld(JIAO, g) for g in shapes if is_big(g[0]) != is_big(g[2])]
    return alike + runs + jiao + [Meld(CHI, g) for g in shapes]
