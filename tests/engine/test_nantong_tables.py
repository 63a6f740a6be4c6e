"""Every number of the source's 胡 tables and formulas (seed 002, settled by RULES.md).

Rows are written as the seed states them: the turned generals, the card, how the
group was made, how many copies the player holds, and the 胡.
"""

from __future__ import annotations

import pytest

from app.engine.nantong.cards import parse_card, parse_cards
from app.engine.nantong.count import WENQIAN_HU, XI_HU, alike_line, round_up, settle
from app.engine.nantong.rules import make_generals


def hu(generals: str, card: str, made: str, held: int, shuang: bool = True) -> int:
    gen = make_generals(parse_cards(generals), shuang)
    return alike_line(parse_card(card), made, held, gen).points


# (generals, card, made, held, 胡): 双将, the seed's second, precise text.
SHUANG = [
    # (一) 普通将, e.g. 二条 and 三万 turned. The four 老将 always count as 将:
    ("2t 3w", "hh", "peng", 3, 4),
    ("2t 3w", "qz", "an-ke", 3, 8),
    ("2t 3w", "bh", "ming-gang", 4, 16),
    ("2t 3w", "9t", "long", 4, 32),
    ("2t 3w", "hh", "an-gang", 4, 24),  # 后摸的四个
    # cards not 在将:
    ("2t 3w", "5t", "peng", 3, 2),
    ("2t 3w", "5t", "an-ke", 3, 4),
    ("2t 3w", "5t", "ming-gang", 4, 8),
    ("2t 3w", "5t", "long", 4, 16),
    ("2t 3w", "5t", "an-gang", 4, 12),
    ("2t 3w", "9b", "peng", 3, 2),  # 九丙 is no 老将
    # the three left of a turned card: 起手 32, 碰 8, 后摸 24
    ("2t 3w", "2t", "long", 3, 32),
    ("2t 3w", "2t", "peng", 3, 8),
    ("2t 3w", "2t", "an-gang", 3, 24),
    ("2t 3w", "2t", "an-ke", 3, 24),  # three in hand of the turned card: 后摸
    # 二丙, 二万, 三条, 三丙 count as 将 (as 老将)
    ("2t 3w", "2b", "peng", 3, 4),
    ("2t 3w", "2w", "an-ke", 3, 8),
    ("2t 3w", "3t", "ming-gang", 4, 16),
    ("2t 3w", "3b", "long", 4, 32),
    ("2t 3w", "3b", "an-gang", 4, 24),
    # (二) 双将, same card twice (双四丙): the other two 四丙 起手 64
    ("4b 4b", "4b", "long", 2, 64),
    ("4b 4b", "4b", "an-gang", 2, 48),  # inferred: 后摸 as the row's 暗杠
    ("4b 4b", "4w", "peng", 3, 8),
    ("4b 4b", "4t", "an-ke", 3, 16),
    ("4b 4b", "4w", "ming-gang", 4, 32),
    ("4b 4b", "4t", "an-gang", 4, 48),
    ("4b 4b", "4w", "long", 4, 64),
    ("4b 4b", "hh", "peng", 3, 4),  # 其余常将与（一）同
    ("4b 4b", "5w", "peng", 3, 2),
    # 双将, same value in two suits (一张四丙、一张四条)
    ("4b 4t", "4b", "peng", 3, 16),
    ("4b 4t", "4t", "an-gang", 3, 48),
    ("4b 4t", "4t", "long", 3, 64),
    ("4b 4t", "4w", "peng", 3, 8),
    ("4b 4t", "4w", "an-ke", 3, 16),
    ("4b 4t", "4w", "ming-gang", 4, 32),
    ("4b 4t", "4w", "an-gang", 4, 48),
    ("4b 4t", "4w", "long", 4, 64),
    # (三) 双龙会, both on the same 老将 (two 红花)
    ("hh hh", "hh", "long", 2, 128),
    ("hh hh", "qz", "long", 4, 128),
    ("hh hh", "bh", "peng", 3, 16),
    ("hh hh", "9t", "an-ke", 3, 32),
    ("hh hh", "qz", "ming-gang", 4, 64),
    ("hh hh", "bh", "an-gang", 4, 96),
    ("hh hh", "5t", "peng", 3, 2),
    # 双龙会 on two 老将 (红花 and 白花)
    ("hh bh", "hh", "long", 3, 128),
    ("hh bh", "bh", "long", 3, 128),
    ("hh bh", "hh", "peng", 3, 32),
    ("hh bh", "bh", "an-gang", 3, 96),
    ("hh bh", "qz", "long", 4, 128),
    ("hh bh", "9t", "peng", 3, 16),
    ("hh bh", "qz", "an-ke", 3, 32),
    ("hh bh", "9t", "ming-gang", 4, 64),
    ("hh bh", "qz", "an-gang", 4, 96),
    # (四) 半边将: 红花 and another card
    ("hh 5w", "hh", "long", 3, 64),
    ("hh 5w", "hh", "peng", 3, 16),
    ("hh 5w", "hh", "an-gang", 3, 48),
    ("hh 5w", "qz", "long", 4, 64),
    ("hh 5w", "bh", "peng", 3, 8),
    ("hh 5w", "9t", "an-ke", 3, 16),
    ("hh 5w", "qz", "ming-gang", 4, 32),
    ("hh 5w", "bh", "an-gang", 4, 48),
    ("hh 5w", "5w", "long", 3, 32),  # 其余的与（一）同
    ("hh 5w", "5t", "peng", 3, 4),
    ("hh 5w", "6t", "peng", 3, 2),
    # 特别说明: 九条 turned is a 老将; 九万, 九丙 stay out of 将
    ("9t 5w", "9w", "peng", 3, 2),
    ("9t 5w", "9b", "an-ke", 3, 4),
    ("9t 5w", "9t", "long", 3, 64),
]


@pytest.mark.parametrize(("generals", "card", "made", "held", "expected"), SHUANG)
def test_shuang_jiang_table(generals: str, card: str, made: str, held: int, expected: int) -> None:
    assert hu(generals, card, made, held) == expected


# 单将: RULES.md's columns 碰 / 暗刻 / 明杠 / 暗杠 / 龙
DAN_COLUMNS = (("peng", 3), ("an-ke", 3), ("ming-gang", 4), ("an-gang", 4), ("long", 4))
DAN = [
    ("4t", "5t", (1, 2, 4, 6, 8)),  # 普通牌
    ("4t", "1w", (4, 8, 16, 24, 32)),  # 头尾
    ("4t", "9b", (4, 8, 16, 24, 32)),  # 头尾
    ("4t", "7b", (4, 8, 16, 24, 32)),  # 将牌: 147
    ("4t", "4w", (4, 8, 16, 24, 32)),
    ("5b", "8t", (4, 8, 16, 24, 32)),  # 258
    ("5b", "3t", (1, 2, 4, 6, 8)),
    ("6w", "3b", (4, 8, 16, 24, 32)),  # 369
    ("4t", "hh", (4, 8, 16, 24, 32)),  # 老将 are 常将
    ("hh", "qz", (8, 16, 32, 48, 64)),  # 老将 when the turned card is a 老将
    ("hh", "bh", (8, 16, 32, 48, 64)),
    ("hh", "4t", (1, 2, 4, 6, 8)),  # a turned 老将 adds nothing beyond 常将
    ("hh", "9t", (4, 8, 16, 24, 32)),
]


@pytest.mark.parametrize(("generals", "card", "row"), DAN)
def test_dan_jiang_table(generals: str, card: str, row: tuple[int, ...]) -> None:
    got = tuple(hu(generals, card, made, held, shuang=False) for made, held in DAN_COLUMNS)
    assert got == row


def test_dan_jiang_three_of_the_turned_card_are_a_long() -> None:
    # 三张翻将都可以算作龙
    assert hu("4t", "4t", "long", 3, shuang=False) == 32
    assert hu("hh", "hh", "long", 3, shuang=False) == 64


@pytest.mark.parametrize(
    ("n", "expected"), [(0, 0), (16, 20), (20, 20), (21, 30), (94, 100), (188, 190)]
)
def test_dihu_rounds_up_to_the_next_ten(n: int, expected: int) -> None:
    assert round_up(n) == expected


def test_wenqian_and_xi_tables() -> None:
    assert WENQIAN_HU[1:] == (20, 50, 100)
    assert XI_HU[1:] == (10, 30, 50, 100, 200)


@pytest.mark.parametrize(
    ("totals", "net"),
    [
        ((110, 40, 30), [150, -60, -90]),
        ((30, 60, 0), [0, 90, -90]),  # the winner with fewer 胡 than another pays
        ((20, 20, 20), [0, 0, 0]),
    ],
)
def test_settlement(totals: tuple[int, int, int], net: list[int]) -> None:
    got, lines = settle(totals)
    assert got == net
    assert sum(got) == 0
    assert all(ln.op == "info" for ln in lines)
