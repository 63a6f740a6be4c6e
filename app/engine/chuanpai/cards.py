"""川牌 cards · The Sichuan long-card deck.

Every card is identified by its two dice faces, smaller first: the 21 tokens
``11`` (地牌) … ``66`` (天牌). The pairing game replaces two of the four ``12``
(拐子) by the 经牌 ``cs`` (财神) and ``ty`` (听用). Names differ from region to
region (拐子 is 1·2 in one list and 2·3 in another), so names are aliases of the
faces, kept region by region in :data:`REGIONAL_NAMES`.

Inside the engine a card kind is a small integer (its index in :data:`KINDS`), and a
hand is a tuple of counts per kind; tokens are the values shown outside.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from app.engine.core.errors import EngineError
from app.engine.core.tokens import TokenTable, check_copies

FACES: tuple[str, ...] = tuple(f"{a}{b}" for a in range(1, 7) for b in range(a, 7))
"""The 21 faces, ``11`` … ``66``, low die first (21 tokens)."""

JING: tuple[str, ...] = ("cs", "ty")
"""经牌 · the two word cards of the pairing game: 财神 ``cs`` and 听用 ``ty``."""

KINDS: tuple[str, ...] = FACES + JING
"""Every card kind of either game, in index order (faces first, then the 经牌)."""

INDEX: dict[str, int] = {tok: i for i, tok in enumerate(KINDS)}
N_KINDS = len(KINDS)
CS, TY = INDEX["cs"], INDEX["ty"]
GUAIZI = INDEX["12"]  # 拐子 in the pairing game, the source of the 经牌

POINTS: tuple[int, ...] = tuple(int(f[0]) + int(f[1]) for f in FACES) + (0, 0)
"""Pips of each kind (the 经牌 have none: they stand for whatever they pair with)."""

RED_DICE = frozenset({1, 4})


def is_jing(kind: int) -> bool:
    """经牌: 财神 or 听用."""
    return kind >= len(FACES)


def pip_colours(token: str) -> tuple[str, str]:
    """Colour of the pips of each half: ``red`` for dice ones and fours, else ``black``.

    天牌 ``66`` is half red (the seeds describe its sixes drawn crosswise, one red,
    one black); 人牌 ``44`` and 地牌 ``11`` are all red. The 经牌 are word cards:
    ``("word", "word")``.
    """
    if token in JING:
        return ("word", "word")
    if token == "66":
        return ("red", "black")
    return tuple("red" if int(d) in RED_DICE else "black" for d in token)  # type: ignore[return-value]


def is_red(token: str) -> bool:
    """Whether the card shows any red pip."""
    return "red" in pip_colours(token)


# ---------------------------------------------------------------------------
# Regional names. The faces are the identity; each region's table names them.

REGIONAL_NAMES: dict[str, dict[str, str]] = {
    # seed 001, first list: named by the pips of one end and their colour
    "points-001": {
        "66": "天牌",
        "56": "斧头",
        "46": "四六",
        "55": "梅子",
        "45": "红九",
        "36": "三六",
        "44": "人牌",
        "26": "二六",
        "35": "三五",
        "16": "高高",
        "34": "三四",
        "25": "二五",
        "15": "猫猫",
        "24": "二四",
        "33": "长三",
        "14": "幺四",
        "23": "拐子",
        "13": "合牌",
        "22": "长二",
        "12": "丁丁",
        "11": "地牌",
        "cs": "财神",
        "ty": "听用",
    },
    # seed 000, the same list with its own variants (牦牛, 么四, 红拾, 弯鞭)
    "points-000": {
        "66": "天牌",
        "56": "牦牛",
        "46": "红拾",
        "55": "梅子",
        "45": "红九",
        "36": "弯鞭",
        "44": "人牌",
        "26": "二六",
        "35": "三五",
        "16": "高高",
        "34": "三四",
        "25": "二五",
        "15": "猫猫",
        "24": "二四",
        "33": "长三",
        "14": "么四",
        "23": "拐子",
        "13": "合牌",
        "22": "长二",
        "12": "丁丁",
        "11": "地牌",
        "cs": "财神",
        "ty": "听用",
    },
    # seed 001, second list ("common names"): named after the dice throw
    "dice-001": {
        "66": "天牌",
        "11": "地牌",
        "44": "人牌",
        "13": "和牌",
        "12": "拐子",
        "22": "板凳",
        "23": "黑五",
        "14": "红五",
        "33": "长三",
        "15": "铜锤",
        "24": "花六",
        "34": "花七",
        "25": "黑七",
        "16": "幺七",
        "35": "梅子",
        "26": "二六",
        "45": "红九",
        "36": "黑九",
        "55": "梅十",
        "46": "花十",
        "56": "虎头",
        "cs": "财神",
        "ty": "听用",
    },
    # seed 000, the trick game's rules (天九): 正门, 点子 and the 硬张
    "tianjiu-000": {
        "66": "天牌",
        "11": "地牌",
        "44": "人牌",
        "13": "和牌",
        "55": "梅子",
        "33": "长三",
        "22": "长二",
        "15": "猫猫",
        "16": "高脚",
        "46": "四六",
        "56": "斧头",
        "45": "红九",
        "34": "三四",
        "14": "红五",
        "36": "黑九",
        "26": "平八",
        "35": "三五",
        "25": "二五",
        "23": "拐子",
        "12": "丁丁",
        "24": "二红",
    },
}
"""Region id → face token → the name that region gives it (the gallery shows these).

Region labels per language are the codes ``region-<region>`` of the reasons catalog
(:func:`app.text.messages.region_label`).
"""


def names_of(token: str) -> dict[str, str]:
    """Region id → this card's name there (regions that name it)."""
    return {r: t[token] for r, t in REGIONAL_NAMES.items() if token in t}


# Names that mean different faces in different regions, and which face each game
# reads them as (documented in docs/engine.md (川牌)).
AMBIGUOUS: dict[str, dict[str, str]] = {
    "拐子": {"pairing": "12", "tricks": "23"},
    "梅子": {"pairing": "55", "tricks": "55"},
}

_EXTRA_ALIASES: dict[str, str] = {
    "和牌": "13",
    "河牌": "13",
    "合牌": "13",
    "红拾": "46",
    "三六": "36",
    "弯鞭": "36",
    "高高": "16",
    "高脚": "16",
    "平八": "26",
    "斧头": "56",
    "虎头": "56",
    "牦牛": "56",
    "幺四": "14",
    "么四": "14",
    "红五": "14",
    "二红": "24",
    "花六": "24",
    "二四": "24",
    "丁丁": "12",
    "板凳": "22",
    "长二": "22",
    "黑五": "23",
    "铜锤": "15",
    "猫猫": "15",
    "花七": "34",
    "黑七": "25",
    "幺七": "16",
    "梅十": "55",
    "花十": "46",
    "黑九": "36",
    "财神": "cs",
    "听用": "ty",
}

_TRAD = str.maketrans(
    {
        "长": "長",
        "红": "紅",
        "弯": "彎",
        "猫": "貓",
        "铜": "銅",
        "锤": "錘",
        "头": "頭",
        "脚": "腳",
        "财": "財",
        "听": "聽",
        "凳": "凳",
        "么": "麼",
        "黑": "黑",
        "丁": "丁",
    }
)


_PIPS = "幺二三四五六"


def _dice_names() -> dict[str, str]:
    """Every face named by its two dice, smaller first (幺二, 二三, 五六, ...): the plain
    names the card pictures carry, after every regional name."""
    return {f"{_PIPS[int(t[0]) - 1]}{_PIPS[int(t[1]) - 1]}": t for t in KINDS if t.isdigit()}


def _spellings(game: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for name, tok in _dice_names().items():
        names[name] = tok
    for table in REGIONAL_NAMES.values():
        for tok, name in table.items():
            names.setdefault(name, tok)
    names.update(_EXTRA_ALIASES)
    for name, by_game in AMBIGUOUS.items():
        names[name] = by_game[game]
    out: dict[str, str] = {tok: tok for tok in KINDS}
    for name, tok in names.items():
        out[name] = tok
        out[name.translate(_TRAD)] = tok
    if game == "tricks":
        for j in JING:
            del out[j]
        out = {k: v for k, v in out.items() if v not in JING}
    return out


_TABLES: dict[str, TokenTable[str]] = {
    "pairing": TokenTable(_spellings("pairing")),
    "tricks": TokenTable(_spellings("tricks")),
}


def spellings(game: str) -> Mapping[str, str]:
    """Every accepted spelling → face token, for ``game`` (``pairing`` | ``tricks``)."""
    return _spellings(game)


def parse_tokens(text: str, game: str) -> tuple[str, ...]:
    """Read a hand (ASCII tokens or Chinese names) into canonical tokens."""
    return _TABLES[game].parse(text)


def copy_limit(token: str, with_jing: bool) -> int:
    """How many copies of ``token`` the deck holds."""
    if token in JING:
        return 1 if with_jing else 0
    if token == "12" and with_jing:
        return 2
    return 4


def check_deck_copies(tokens: Iterable[str], with_jing: bool) -> None:
    """Raise ``too-many-copies`` (or ``unknown-card`` for a 经牌 without 经牌)."""
    toks = list(tokens)
    if not with_jing:
        for t in toks:
            if t in JING:
                raise EngineError("unknown-card", token=t)
    check_copies(toks, lambda t: copy_limit(t, with_jing))


def deck(with_jing: bool) -> tuple[str, ...]:
    """The full deck (84 cards), in kind order."""
    out: list[str] = []
    for tok in KINDS:
        out.extend([tok] * copy_limit(tok, with_jing))
    return tuple(out)


def counts_of(tokens: Iterable[str]) -> list[int]:
    """Counts per kind (a list of :data:`N_KINDS` ints)."""
    c = [0] * N_KINDS
    for t in tokens:
        c[INDEX[t]] += 1
    return c


def tokens_of(counts: Iterable[int]) -> tuple[str, ...]:
    """Tokens of a count vector, in kind order."""
    return _tokens_of(tuple(counts))


@lru_cache(maxsize=16384)
def _tokens_of(counts: tuple[int, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for i, n in enumerate(counts):
        out.extend([KINDS[i]] * n)
    return tuple(out)
