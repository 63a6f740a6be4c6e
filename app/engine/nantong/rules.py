"""Rule options and the 将 situation of the turned general cards (翻将).

:class:`Rules` holds the named options of a table. :class:`Generals` takes the turned
cards and answers, for every card kind, which row of the 胡 table it uses (its
:class:`Row`): this is where 普通将, 双将, 双龙会, 半边将 (双将 rules) and 常将 plus
147/258/369 (单将 rules) are decided, once, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.core.errors import EngineError
from app.engine.core.rules import RuleSet
from app.engine.nantong.cards import (
    LAOJIANG_DAN,
    LAOJIANG_SHUANG,
    NPLAIN,
    is_xi,
    rank_of,
    token,
)

# How a group of three or four alike was made (the table's columns).
PENG = "peng"  # 碰: two in hand plus a discard
AN_KE = "an-ke"  # 暗刻 / 在手: three alike in the concealed hand
MING_GANG = "ming-gang"  # 明杠: four alike, one of them from a discard (or 碰 + a fourth)
AN_GANG = "an-gang"  # 暗杠 / 后摸: four alike all drawn by the player, not all dealt
LONG = "long"  # 龙 / 起手: four alike dealt at the start
MADE = (PENG, AN_KE, MING_GANG, AN_GANG, LONG)


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the 胡 table: 胡 per group by how it was made."""

    code: str
    peng: int
    an_ke: int
    ming_gang: int
    an_gang: int
    long: int

    def value(self, made: str) -> int:
        return {
            PENG: self.peng,
            AN_KE: self.an_ke,
            MING_GANG: self.ming_gang,
            AN_GANG: self.an_gang,
            LONG: self.long,
        }[made]


# 双将 (the seed's second, precise text; RULES.md).
S_PUTONG = Row("putong", 2, 4, 8, 12, 16)  # 不在将
S_ZAIJIANG = Row("zaijiang", 4, 8, 16, 24, 32)  # 老将 always; rank-mates of a turned card
S_SHUANG = Row("shuangjiang", 8, 16, 32, 48, 64)  # 双将: turned kinds and their rank-mates
S_BANBIAN = Row("banbian", 8, 16, 32, 48, 64)  # 半边将: the four 老将
S_SHUANGLONG = Row("shuanglong", 16, 32, 64, 96, 128)  # 双龙会: the four 老将
# 单将 (RULES.md's reading of the garbled table).
D_PUTONG = Row("putong", 1, 2, 4, 6, 8)
D_JIANG = Row("jiang", 4, 8, 16, 24, 32)  # 常将 (头尾 and 老将) and 147/258/369 将牌
D_LAOJIANG = Row("laojiang", 8, 16, 32, 48, 64)  # 老将 when the turned card is a 老将

ROWS: tuple[Row, ...] = (
    S_PUTONG,
    S_ZAIJIANG,
    S_SHUANG,
    S_BANBIAN,
    S_SHUANGLONG,
    D_PUTONG,
    D_JIANG,
    D_LAOJIANG,
)
ROW_CODES = tuple(sorted({f"nt-row-{r.code}" for r in ROWS}))

# 将 situations (双将): which case the two turned cards make.
PUTONG_JIANG = "putong-jiang"  # 普通将
SHUANG_JIANG = "shuang-jiang"  # 双将: same card, or same value in two suits
SHUANGLONG_HUI = "shuanglong-hui"  # 双龙会: both on 老将
BANBIAN_JIANG = "banbian-jiang"  # 半边将: one on a 老将
DAN_JIANG = "dan-jiang"  # 单将 (one turned card)
NO_GENERAL = "none"  # no card turned (or none given to analyze)
SITUATIONS = (PUTONG_JIANG, SHUANG_JIANG, SHUANGLONG_HUI, BANBIAN_JIANG, DAN_JIANG, NO_GENERAL)
SITUATION_CODES = tuple(f"nt-{s}" for s in SITUATIONS)


@dataclass(frozen=True, slots=True)
class Rules(RuleSet):
    """The rule options of a table (defaults and validation in one place).

    - ``generals``: 2 for 双将 (default, most of Tongzhou), 1 for 单将 (the north-west).
    - ``xi``: play with the five 喜 (福禄寿喜财) as 百搭 (wild cards), 125 cards.
    - ``wenqian_four``: 胡 for four 文钱 (一二三丙) sets; 0 by default (four is not a 文钱
      count), some tables pay 200.
    - ``qionghen``: 穷狠 when playing with 喜: a winner holding no 喜 doubles (four times
      in 单将 when the turned card is a 喜).
    - ``final_round``: round the total up to the next ten before the multipliers
      (the first text's closing note); 底胡 is always rounded.
    """

    generals: int = field(default=2, metadata={"choices": (1, 2)})
    xi: bool = False
    wenqian_four: int = field(default=0, metadata={"choices": (0, 200)})
    qionghen: bool = True
    final_round: bool = True

    @property
    def shuang(self) -> bool:
        return self.generals == 2

    @property
    def deck_size(self) -> int:
        return 125 if self.xi else 120


@dataclass(frozen=True, slots=True)
class Generals:
    """The turned general cards (翻将) and the 将 situation they make.

    ``rows[k]`` is the table row of kind ``k``; ``turned[k]`` how many copies of ``k``
    were turned (those copies are out of play and complete the held ones to four).
    """

    cards: tuple[int, ...]
    shuang: bool
    situation: str
    rows: tuple[Row, ...] = field(repr=False)
    turned: tuple[int, ...] = field(repr=False)

    def __hash__(self) -> int:
        # the cards and the table's kind decide the rest (the rows are a function of
        # them): hashing them alone keeps a Generals a cheap key of the judge's memos
        return hash((self.cards, self.shuang))

    def row(self, k: int) -> Row:
        return self.rows[k]

    def to_json(self) -> dict[str, Any]:
        return {"cards": [token(k) for k in self.cards], "situation": self.situation}


#: the rank of each suited kind, and the suited kinds of each kind's rank (made once:
#: a position code's reader makes the 将 situation of its turned cards)
_RANKS = tuple(rank_of(k) for k in range(27))
_SAME_RANK = tuple(tuple(j for j in range(27) if _RANKS[j] == rank_of(k)) for k in range(NPLAIN))


def _situation_shuang(real: list[int]) -> str:
    lao = [k for k in real if k in LAOJIANG_SHUANG]
    if len(lao) == 2:
        return SHUANGLONG_HUI
    if len(lao) == 1 and len(real) == 2:
        return BANBIAN_JIANG
    if len(lao) == 1:
        return BANBIAN_JIANG
    if len(real) == 2 and rank_of(real[0]) == rank_of(real[1]):
        return SHUANG_JIANG
    return PUTONG_JIANG


def _rows_shuang(real: list[int], situation: str) -> list[Row]:
    rows = [S_PUTONG] * NPLAIN
    for k in LAOJIANG_SHUANG:
        rows[k] = S_ZAIJIANG
    lao_row = {SHUANGLONG_HUI: S_SHUANGLONG, BANBIAN_JIANG: S_BANBIAN}.get(situation)
    if lao_row is not None:
        for k in LAOJIANG_SHUANG:
            rows[k] = lao_row
    mate_row = S_SHUANG if situation == SHUANG_JIANG else S_ZAIJIANG
    for g in real:
        if g in LAOJIANG_SHUANG:
            continue
        for k in _SAME_RANK[g]:
            if rows[k].an_ke < mate_row.an_ke:
                rows[k] = mate_row
    return rows


def _rows_dan(real: list[int]) -> list[Row]:
    rows = [D_PUTONG] * NPLAIN
    ranks: set[int] = {1, 9}
    for g in real:
        if rank_of(g):
            ranks |= {r for r in range(1, 10) if r % 3 == rank_of(g) % 3}
    for k in range(27):
        if _RANKS[k] in ranks:
            rows[k] = D_JIANG
    lao_turned = any(g in LAOJIANG_DAN for g in real)
    for k in LAOJIANG_DAN:
        rows[k] = D_LAOJIANG if lao_turned else D_JIANG
    return rows


def make_generals(cards: tuple[int, ...], shuang: bool) -> Generals:
    """The 将 situation of ``cards`` (two turned for 双将, one for 单将; a 喜 turned is
    no 将 and only matters for the 喜 count)."""
    real = [k for k in cards if not is_xi(k)]
    if not real:
        situation = NO_GENERAL
        rows = _rows_shuang(real, situation) if shuang else _rows_dan(real)
    elif shuang:
        situation = _situation_shuang(real)
        rows = _rows_shuang(real, situation)
    else:
        situation = DAN_JIANG
        rows = _rows_dan(real)
    rows += [D_PUTONG] * (35 - NPLAIN)  # the 喜 form no groups of their own
    turned = [0] * 35
    for k in cards:
        turned[k] += 1
    return Generals(tuple(cards), shuang, situation, tuple(rows), tuple(turned))


def parse_generals(text: str | None, rules: Rules) -> Generals:
    """Generals from ``--option generals=hh,3t`` (none given: no card turned)."""
    from app.engine.nantong.cards import parse_cards

    cards = parse_cards(text or "", rules.xi)
    if len(cards) > rules.generals:
        raise EngineError("bad-option", option="generals", value=text)
    return generals_of(tuple(cards), rules.shuang)


_GENERALS: dict[tuple[tuple[int, ...], bool], Generals] = {}


def generals_of(cards: tuple[int, ...], shuang: bool) -> Generals:
    """:func:`make_generals`, made once per distinct turn (a handful of values)."""
    key = (cards, shuang)
    g = _GENERALS.get(key)
    if g is None:
        g = _GENERALS[key] = make_generals(cards, shuang)
    return g


def clear_cache() -> None:
    _GENERALS.clear()
