"""Settlement: Hunan 囤 and 名堂, Guilin 舵, 自摸, 醒, the special wins — line by line."""

from __future__ import annotations

import pytest

from app.engine.zipai.cards import counts_of, parse_cards
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES
from app.engine.zipai.settle import WinContext, mingtang, scores, settle, xing_matches

BLACK7 = "x1 x3 x4 x5 x6 x8 x9"  # seven black cards


def cards(red: int, total: int = 21) -> list[int]:
    """A winner's holding (counts per kind) with ``red`` red cards."""
    reds = parse_cards("x2 x7 x10 d2 d7 d10 " * 4)[:red]
    blacks = list(parse_cards((BLACK7 + " ") * 4))[: total - red]
    return counts_of(list(reds) + blacks)


@pytest.mark.parametrize(("huxi", "tun"), [(15, 1), (17, 1), (18, 2), (21, 3), (24, 4), (30, 6)])
def test_hunan_tun(huxi: int, tun: int) -> None:
    count = settle(huxi, cards(5), HUNAN_RULES, WinContext())
    assert count.total == tun
    assert [ln.code for ln in count.lines] == ["zp-huxi", "zp-tun", "zp-total"]


@pytest.mark.parametrize(
    ("red", "code", "factor"),
    [
        (0, "zp-heihu", 5),
        (1, "zp-dianhu", 3),
        (9, None, 1),
        (10, "zp-honghu", 2),
        (12, "zp-honghu", 2),
        (13, "zp-hongwu", 4),
    ],
)
def test_hunan_mingtang(red: int, code: str | None, factor: int) -> None:
    assert (mingtang(red) or (None, 1)) == (code, factor)
    count = settle(21, cards(red), HUNAN_RULES, WinContext())
    assert count.total == 3 * factor
    if code:
        line = next(ln for ln in count.lines if ln.code == code)
        assert line.op == "x" and line.params == {"red": red}


def test_hunan_options() -> None:
    plain = HUNAN_RULES.with_options({"mingtang": "none"})
    assert settle(21, cards(0), plain, WinContext()).total == 3
    yixi = HUNAN_RULES.with_options({"tun": "yixi", "mingtang": "none"})
    count = settle(21, cards(0), yixi, WinContext())
    assert count.total == 21 and "zp-tun-yixi" in [ln.code for ln in count.lines]
    ten = HUNAN_RULES.with_options({"min_huxi": "10", "mingtang": "none"})
    assert settle(13, cards(3), ten, WinContext()).total == 2


@pytest.mark.parametrize(
    ("hu", "duo"), [(10, 1), (14, 1), (15, 2), (19, 2), (20, 3), (24, 3), (25, 4)]
)
def test_guilin_duo(hu: int, duo: int) -> None:
    assert settle(hu, cards(3), GUILIN_RULES, WinContext()).total == duo


def test_guilin_extras_itemized() -> None:
    holding = counts_of(parse_cards("x4 x4 x6 d5 x1 x2 x3"))
    ctx = WinContext(zimo=True, specials=("dihu",), xing_card=parse_cards("x5")[0])
    count = settle(16, holding, GUILIN_RULES, ctx)
    codes = [(ln.code, ln.points) for ln in count.lines]
    assert codes == [
        ("zp-huxi", 16),
        ("zp-duo", 2),
        ("zp-zimo", 1),
        ("zp-xing", 3),
        ("zp-dihu", 1),
        ("zp-total", 7),
    ]
    assert count.total == 7


@pytest.mark.parametrize(
    ("turned", "mode", "n"),
    [
        ("x5", "shangxia", 3),
        ("x10", "shangxia", 1),
        ("x1", "shangxia", 1),
        ("d5", "shangxia", 0),
        ("x4", "gen", 2),
        ("x4", "none", 0),
    ],
)
def test_xing(turned: str, mode: str, n: int) -> None:
    holding = counts_of(parse_cards("x4 x4 x6 d5 x9 x2"))
    assert xing_matches(parse_cards(turned)[0], holding, mode) == n


def test_scores_zero_sum() -> None:
    assert scores(1, 5) == (-5, 10, -5)
    assert sum(scores(2, 7)) == 0
