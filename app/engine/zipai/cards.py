"""The 80-card 字牌 deck: 小字 一..十 and 大字 壹..拾, four copies each.

Inside the engine a card is an ``int`` 0..19: 0..9 are the small cards 一..十
(tokens ``x1``..``x10``), 10..19 the big cards 壹..拾 (``d1``..``d10``). Hands are
count vectors of length 20. Text is read and written only here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from app.engine.core.errors import EngineError
from app.engine.core.tokens import TokenTable, check_copies

Card = int
Counts = tuple[int, ...]

KINDS = 20
COPIES = 4
DECK_SIZE = KINDS * COPIES

SMALL_ZH = "一二三四五六七八九十"
BIG_ZH = "壹贰叁肆伍陆柒捌玖拾"
#: traditional and other common spellings of the big numerals
BIG_ALT = {"貳": 2, "貮": 2, "弍": 2, "參": 3, "叄": 3, "陸": 6}

TOKENS: tuple[str, ...] = tuple(f"x{v}" for v in range(1, 11)) + tuple(
    f"d{v}" for v in range(1, 11)
)
TOKEN_INDEX: dict[str, int] = {t: i for i, t in enumerate(TOKENS)}
RED_VALUES = frozenset({2, 7, 10})


def _spellings() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for i, tok in enumerate(TOKENS):
        table[tok] = i
    for v in range(1, 11):
        table[SMALL_ZH[v - 1]] = v - 1
        table[BIG_ZH[v - 1]] = v + 9
        table[f"小{SMALL_ZH[v - 1]}"] = v - 1
        table[f"大{SMALL_ZH[v - 1]}"] = v + 9
        table[f"大{BIG_ZH[v - 1]}"] = v + 9  # the name the card pictures carry: 大壹
    for ch, v in BIG_ALT.items():
        table[ch] = v + 9
        table[f"大{ch}"] = v + 9  # 大貳, 大陸: the Traditional page's names
    return table


TOKEN_TABLE: TokenTable[Card] = TokenTable(_spellings())


def value(card: Card) -> int:
    """牌点 the number 1..10, the same for both sizes."""
    return card % 10 + 1


def is_big(card: Card) -> bool:
    """大字 (壹..拾) rather than 小字 (一..十)."""
    return card >= 10


def is_red(card: Card) -> bool:
    """红字: 二七十 and 贰柒拾."""
    return value(card) in RED_VALUES


def token(card: Card) -> str:
    """The canonical ASCII token: ``x3``, ``d10``."""
    return TOKENS[card]


def chinese(card: Card) -> str:
    """The Chinese numeral of the card: 三, 拾."""
    return BIG_ZH[card - 10] if is_big(card) else SMALL_ZH[card]


def tokens(cards: Iterable[Card]) -> list[str]:
    return [TOKENS[c] for c in cards]


@lru_cache(maxsize=8192)
def token_tuple(cards: tuple[Card, ...]) -> tuple[str, ...]:
    """:func:`tokens` as a tuple, made once per distinct run of cards (a pile, the stock)."""
    return tuple(TOKENS[c] for c in cards)


def parse_cards(text: str) -> tuple[Card, ...]:
    """All cards of ``text`` (tokens or Chinese, with or without separators)."""
    return TOKEN_TABLE.parse(text)


def check_deck(cards: Iterable[Card]) -> None:
    """Raise ``too-many-copies`` if a card is used more than four times."""
    check_copies(cards, lambda _c: COPIES, token)


def counts_of(cards: Iterable[Card]) -> list[int]:
    out = [0] * KINDS
    for c in cards:
        out[c] += 1
    return out


def cards_of(counts: Sequence[int]) -> tuple[Card, ...]:
    """The cards of a count vector, in deck order."""
    return tuple(c for c in range(KINDS) for _ in range(counts[c]))


def hand_text(counts: Sequence[int]) -> str:
    """A count vector as canonical text: ``x1 x1 x2 d10``."""
    return " ".join(tokens(cards_of(counts)))


def full_deck() -> list[Card]:
    return [c for c in range(KINDS) for _ in range(COPIES)]


def parse_counts(text: str) -> list[int]:
    """Read a hand into a count vector, refusing a card given more than four times."""
    cards = parse_cards(text)
    check_deck(cards)
    return counts_of(cards)


def card_from_json(tok: object) -> Card:
    if not isinstance(tok, str):
        raise EngineError("unknown-card", token=str(tok))
    return TOKEN_TABLE.card(tok)
