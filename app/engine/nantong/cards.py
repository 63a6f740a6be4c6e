"""The Nantong deck (南通长牌): 1–9 条/丙/万, 千字, 红花, 白花, optionally five 喜.

A card kind is a small int (its index); hands are counts per kind, a list of
:data:`NKINDS` ints. The canonical text of a kind is its ASCII token (``str`` form),
used everywhere in output: ``1t``…``9t`` 条, ``1b``…``9b`` 丙 (饼), ``1w``…``9w`` 万,
``qz`` 千字, ``hh`` 红花, ``bh`` 白花, and the 喜 (百搭, wild) ``fu`` ``lu`` ``sh``
``xi`` ``cai`` (福禄寿喜财), one copy each.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import chain, repeat

from app.engine.core.tokens import TokenTable, check_copies

SUITS = ("t", "b", "w")  # 条, 丙, 万
SUIT_ZH = {"t": ("条", "條"), "b": ("丙", "饼", "餅"), "w": ("万", "萬")}
NUM_ZH = "一二三四五六七八九"

QZ, HH, BH = 27, 28, 29  # 千字, 红花, 白花
HONOURS = (QZ, HH, BH)
XI_CARDS = (30, 31, 32, 33, 34)  # 福 禄 寿 喜 财
NKINDS = 35
NPLAIN = 30  # kinds without the 喜

TOKENS: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in range(1, 10)) + (
    "qz",
    "hh",
    "bh",
    "fu",
    "lu",
    "sh",
    "xi",
    "cai",
)
NAMES_ZH: tuple[str, ...] = tuple(
    f"{NUM_ZH[r - 1]}{SUIT_ZH[s][0]}" for s in SUITS for r in range(1, 10)
) + ("千字", "红花", "白花", "福", "禄", "寿", "喜", "财")

NINE_T = 8  # 九条, the fourth 老将 of 双将
LAOJIANG_SHUANG = (QZ, HH, BH, NINE_T)  # 四老将 (双将)
LAOJIANG_DAN = (QZ, HH, BH)  # 老将 (单将)


def suit_of(k: int) -> int:
    """0 条, 1 丙, 2 万, 3 for the 老将 字 (千字 红花 白花), 4 for a 喜."""
    if k < 27:
        return k // 9
    return 3 if k < 30 else 4


def rank_of(k: int) -> int:
    """1–9 for suited cards, 0 otherwise."""
    return k % 9 + 1 if k < 27 else 0


def is_xi(k: int) -> bool:
    return k >= NPLAIN


def copies(k: int) -> int:
    """Copies of a kind in the deck: four, one for each 喜."""
    return 1 if k >= NPLAIN else 4


INDEX: dict[str, int] = {t: i for i, t in enumerate(TOKENS)}


def kind_of(tok: str) -> int:
    """The kind of a canonical token (fast path), else any accepted spelling."""
    k = INDEX.get(tok)
    return k if k is not None else parse_card(tok, True)


def token(k: int) -> str:
    return TOKENS[k]


def tokens(ks: Iterable[int]) -> list[str]:
    return [TOKENS[k] for k in ks]


@lru_cache(maxsize=16384)
def token_tuple(ks: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`tokens` as a tuple, made once per distinct run of cards (a pile, a stock)."""
    return tuple(map(TOKENS.__getitem__, ks))


@lru_cache(maxsize=16384)
def hand_tokens(counts: tuple[int, ...]) -> tuple[str, ...]:
    """The sorted tokens of a hand given as counts per kind, made once per distinct hand."""
    return tuple(chain.from_iterable(map(repeat, TOKENS, counts)))


def _spellings(xi: bool) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in range(27):
        s, r = SUITS[k // 9], k % 9 + 1
        out[f"{r}{s}"] = k
        for zh in SUIT_ZH[s]:
            out[f"{NUM_ZH[r - 1]}{zh}"] = k
            out[f"{r}{zh}"] = k
    hon: tuple[tuple[int, tuple[str, ...]], ...] = (
        (QZ, ("qz", "千字", "千")),
        (HH, ("hh", "红花", "紅花")),
        (BH, ("bh", "白花")),
    )
    for k, names in hon:
        for n in names:
            out[n] = k
    if xi:
        xi_names: tuple[tuple[str, ...], ...] = (
            ("fu", "福"),
            ("lu", "禄", "祿"),
            ("sh", "寿", "壽"),
            ("xi", "喜", "禧"),
            ("cai", "财", "財"),
        )
        for k, names in zip(
            XI_CARDS,
            xi_names,
            strict=True,
        ):
            for n in names:
                out[n] = k
    return out


_TABLES = {False: TokenTable(_spellings(False)), True: TokenTable(_spellings(True))}


_SEPARATORS = re.compile(r"[\s,，、;；]+")


def parse_cards(text: str, xi: bool = False) -> tuple[int, ...]:
    """Cards of ``text`` (tokens or Chinese names). The 喜 only with ``xi``."""
    canonical = _canonical(text, xi)
    return canonical if canonical is not None else _TABLES[xi].parse(text)


def _canonical(text: str, xi: bool) -> tuple[int, ...] | None:
    """The fast path: canonical tokens only (anything else: ``None``, the table reads it)."""
    text = text.strip()
    if not text:
        return ()
    ks = tuple(map(INDEX.get, _SEPARATORS.split(text), repeat(-1)))
    if min(ks) < 0 or (not xi and max(ks) >= NPLAIN):
        return None
    return ks


def parse_card(text: str, xi: bool = False) -> int:
    return _TABLES[xi].card(text)


def counts_of(cards: Iterable[int]) -> list[int]:
    c = [0] * NKINDS
    for k in cards:
        c[k] += 1
    return c


def cards_of(counts: Sequence[int]) -> list[int]:
    return [k for k in range(NKINDS) for _ in range(counts[k])]


def check_deck(cards: Iterable[int]) -> None:
    """Raise ``too-many-copies`` when cards use a kind more often than the deck holds."""
    check_copies(cards, copies, token)


def deck(xi: bool = False) -> list[int]:
    """The full deck in a fixed order: 120 cards, 125 with the 喜."""
    out = [k for k in range(NPLAIN) for _ in range(4)]
    if xi:
        out.extend(XI_CARDS)
    return out


def hand_text(cards: Iterable[int]) -> str:
    """Canonical text of a hand: sorted tokens separated by spaces."""
    return " ".join(TOKENS[k] for k in sorted(cards))
