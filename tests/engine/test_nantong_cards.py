"""The deck and its tokens."""

from __future__ import annotations

import pytest

from app.engine.core.errors import EngineError
from app.engine.nantong.cards import (
    check_deck,
    deck,
    hand_text,
    parse_card,
    parse_cards,
    token,
)
from app.engine.nantong.melds import Meld, parse_meld


def test_deck_sizes() -> None:
    assert len(deck()) == 120
    assert len(deck(xi=True)) == 125


@pytest.mark.parametrize(
    ("text", "tok"),
    [
        ("1t", "1t"),
        ("一条", "1t"),
        ("一條", "1t"),
        ("9条", "9t"),
        ("二丙", "2b"),
        ("二饼", "2b"),
        ("二餅", "2b"),
        ("三万", "3w"),
        ("三萬", "3w"),
        ("千字", "qz"),
        ("红花", "hh"),
        ("紅花", "hh"),
        ("白花", "bh"),
        ("QZ", "qz"),
    ],
)
def test_names(text: str, tok: str) -> None:
    assert token(parse_card(text)) == tok


@pytest.mark.parametrize(
    ("text", "tok"), [("福", "fu"), ("禄", "lu"), ("壽", "sh"), ("禧", "xi"), ("財", "cai")]
)
def test_xi_names(text: str, tok: str) -> None:
    assert token(parse_card(text, xi=True)) == tok


def test_run_together_and_canonical_text() -> None:
    cards = parse_cards("一条二条三条千字红花")
    assert hand_text(cards) == "1t 2t 3t qz hh"
    assert hand_text(parse_cards(hand_text(cards))) == hand_text(cards)


def test_errors_name_the_token() -> None:
    with pytest.raises(EngineError) as exc:
        parse_cards("1t 0t")
    assert exc.value.params == {"token": "0t"}
    with pytest.raises(EngineError) as exc:
        check_deck(parse_cards("hh hh hh hh hh"))
    assert exc.value.code == "too-many-copies"
    with pytest.raises(EngineError) as exc:
        check_deck(parse_cards("fu fu", xi=True))
    assert exc.value.params["limit"] == 1


def test_melds() -> None:
    turned = tuple(2 if k == 28 else 0 for k in range(35))
    m = parse_meld("long", "hh hh", False, turned)
    assert m == Meld("long", 28, 2) and not m.takes_slot
    assert str(m) == "long:hh,hh"
    assert eval(repr(m)) == m
    assert parse_meld("peng", "3t,3t,3t", False, (0,) * 35).takes_slot
    assert parse_meld("后摸", "3t 3t 3t 3t", False, (0,) * 35).made == "an-gang"
    with pytest.raises(EngineError):
        parse_meld("long", "hh hh hh", False, turned)  # three held + two turned is five
