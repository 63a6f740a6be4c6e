"""字牌 cards and groups: tokens, Chinese names, errors naming the token, 胡息 table."""

from __future__ import annotations

import pytest

from app.engine.core.errors import EngineError
from app.engine.zipai.cards import (
    DECK_SIZE,
    full_deck,
    is_big,
    is_red,
    parse_cards,
    parse_counts,
    token,
    tokens,
)
from app.engine.zipai.melds import Meld, chi_shape, meld_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x1 x2 x10", "x1 x2 x10"),
        ("d1,d2,d10", "d1 d2 d10"),
        ("一二三壹贰叁", "x1 x2 x3 d1 d2 d3"),
        ("十拾", "x10 d10"),
        ("壹貳參肆伍陸柒捌玖拾", "d1 d2 d3 d4 d5 d6 d7 d8 d9 d10"),
        ("小一 大十", "x1 d10"),
        ("X3 D4", "x3 d4"),
    ],
)
def test_parse(text: str, expected: str) -> None:
    assert " ".join(tokens(parse_cards(text))) == expected


@pytest.mark.parametrize(("text", "bad"), [("x1 x11", "x11"), ("一二z", "z"), ("d0", "d0")])
def test_unknown_card_names_the_token(text: str, bad: str) -> None:
    with pytest.raises(EngineError) as exc:
        parse_cards(text)
    assert exc.value.code == "unknown-card"
    assert bad in exc.value.params["token"]


def test_too_many_copies() -> None:
    with pytest.raises(EngineError) as exc:
        parse_counts("x1 x1 x1 x1 一")
    assert exc.value.code == "too-many-copies"
    assert exc.value.params == {"card": "x1", "count": 5, "limit": 4}


def test_deck() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 80
    assert sum(1 for c in deck if is_red(c)) == 24
    assert sum(1 for c in deck if is_big(c)) == 40
    assert [token(c) for c in range(20) if is_red(c)] == ["x2", "x7", "x10", "d2", "d7", "d10"]


@pytest.mark.parametrize(
    ("cards", "ok"),
    [
        ("x1 x2 x3", True),
        ("d8 d9 d10", True),
        ("x2 x7 x10", True),
        ("d2 d7 d10", True),
        ("x8 x8 d8", True),
        ("x8 d8 d8", True),
        ("x1 x2 d3", False),  # sizes never mix in a run
        ("x8 x8 x8", False),
        ("x9 x10 x1", False),
        ("x1 x5 x10", False),
    ],
)
def test_chi_shape(cards: str, ok: bool) -> None:
    assert chi_shape(parse_cards(cards)) is ok


def test_yiwushi_option_shape() -> None:
    assert chi_shape(parse_cards("x1 x5 x10"), yiwushi=True)


@pytest.mark.parametrize(
    ("kind", "cards", "points"),
    [
        ("peng", "x3 x3 x3", 1),
        ("peng", "d3 d3 d3", 3),
        ("kan", "x3 x3 x3", 3),
        ("kan", "d3 d3 d3", 6),
        ("wei", "x4 x4 x4", 3),
        ("sao", "d4 d4 d4", 6),
        ("chouwei", "x4 x4 x4", 3),
        ("guosao", "d4 d4 d4", 6),
        ("pao", "x5 x5 x5 x5", 6),
        ("kaiduo", "d5 d5 d5 d5", 9),
        ("ti", "x6 x6 x6 x6", 9),
        ("saochuan", "d6 d6 d6 d6", 12),
        ("chi", "x1 x2 x3", 3),
        ("chi", "d1 d2 d3", 6),
        ("chi", "x2 x7 x10", 3),
        ("chi", "d2 d7 d10", 6),
        ("chi", "x4 x5 x6", 0),
        ("chi", "x4 x4 d4", 0),
        ("碰", "壹壹壹", 3),
    ],
)
def test_huxi_table(kind: str, cards: str, points: int) -> None:
    assert meld_of(kind, cards).points() == points


@pytest.mark.parametrize(
    ("kind", "cards", "code"),
    [
        ("peng", "x1 x1 x2", "bad-meld"),
        ("gang", "x1 x1 x1 x1", "unknown-meld-kind"),
        ("ti", "x1 x1 x1", "bad-meld"),
    ],
)
def test_bad_meld(kind: str, cards: str, code: str) -> None:
    with pytest.raises(EngineError) as exc:
        meld_of(kind, cards)
    assert exc.value.code == code


def test_meld_text_round_trip() -> None:
    m = meld_of("chi", "x3 x1 x2")
    assert str(m) == "chi:x1 x2 x3"
    assert eval(repr(m), {"Meld": Meld}) == m
