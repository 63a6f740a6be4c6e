"""The card catalog: every card of the three long-card families as data.

A card is identified by its family and its canonical token (the engine's tokens, see
``/work/shared/contracts/engine-cli.md``): word cards (zipai) ``x1``…``x10`` /
``d1``…``d10``; dice cards (chuanpai) ``11``…``66`` plus the two wild cards (jingpai)
``cs`` and ``ty``; Nantong long cards ``1t``…``9w``, ``qz``, ``hh``, ``bh`` and the five
joy cards (xi) ``fu`` ``lu`` ``sh`` ``xi`` ``cai``.

Which cards a family has, their colours and how many copies each deck holds are here;
their words are data (``content/cards.yaml``): each card's name (a
:class:`~app.text.localized.Text`) with its pinyin, its face and a note on its colour,
and what the gallery says about each family. :meth:`Card.label` gives the accessible
name for a page language. Counts are per deck (a family may have more than one deck:
dice cards with or without the wild cards, Nantong with or without the joy cards). For
dice cards the regional names are aliases of the dice faces, kept region by region in
:data:`CHUANPAI_REGIONS`.

This module imports nothing from Flask, so the SVG generator and the tests use it as
plain Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from app.config import ROOT
from app.engine.chuanpai.cards import REGIONAL_NAMES
from app.text import languages
from app.text.localized import Text
from app.yamlfile import load_yaml

CARDS_FILE = ROOT / "content" / "cards.yaml"
FAMILIES: tuple[str, ...] = ("zipai", "chuanpai", "nantong")
_HAN = re.compile(r"[\u3400-\u9fff]")
_HAN_ASIDE = re.compile(r"\s*\([^)]*[\u3400-\u9fff][^)]*\)")  # "Joy (<han>, a joy card)"

RED = "red"
BLACK = "black"
MIXED = "mixed"  # a dice card with one red and one black end, or half-red pips
WORD = "word"  # a wild card (jingpai): a character card without pips

_NO_TEXT = Text("", "")


@dataclass(frozen=True)
class Card:
    """One kind of card; how many copies each deck holds is in :class:`Deck`."""

    family: str
    token: str
    name: Text  # the card's name: xiao yi, tian pai, wu tiao / small one, Heaven, five of strings
    pinyin: str  # the Chinese name's pinyin, with tone marks
    colour: str  # RED, BLACK, MIXED or WORD
    colour_note: Text  # what the colour looks like on this card
    face: Text = field(default=_NO_TEXT)  # the dice faces: six-six
    red_mark: bool = False  # red cards carry a second, shape cue (for greyscale)

    @property
    def svg_path(self) -> str:
        """Path of the picture under ``static/``."""
        return f"cards/{self.family}/{self.token}.svg"

    def label(self, locale: str) -> str:
        """The accessible name and tooltip, in one language (an attribute cannot mark a
        run of another script): the Chinese name, or the English one."""
        if languages.chinese(locale):
            name, face = self.name.get(locale), self.face.get(locale)
            return f"{name}，{face}" if face not in name else name
        en = _HAN_ASIDE.sub("", self.name.get(locale))
        face = self.face.get(locale)
        if face and not _HAN.search(face):
            return f"{en} ({face})"
        return en

    def label_as(self, locale: str, word: str | None) -> str:
        """The label when a game has a name of its own for the card (``word``, from the
        term table: meizi for the five-five in the pairing game), the face beside it."""
        name = self.name.get(locale)
        zh = languages.chinese(locale)
        face = self.face.get(locale) or name
        if not zh:
            face = _HAN_ASIDE.sub("", face)
        if not word or word in (name, self.name.get("en"), self.name.get("zh"), face):
            return self.label(locale)
        return f"{word}，{face}" if zh else f"{word} ({face})"


@dataclass(frozen=True)
class Deck:
    """One deck of a family: which cards, how many of each."""

    id: str
    title: Text
    short: Text  # a column heading: pairing game
    counts: Mapping[str, int]

    @property
    def size(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class Region:
    """One source's (or region's) names for the dice faces of the dice cards."""

    id: str
    title: Text
    note: Text
    names: Mapping[str, str]  # face token → name (variants joined by " / ")


@dataclass(frozen=True)
class Family:
    id: str
    title: Text
    pinyin: str  # the Chinese title's pinyin
    ratio: tuple[float, float]  # real width × height in cm (or our drawing's ratio)
    size_note: Text
    colour_rule: Text
    cards: tuple[Card, ...]
    decks: tuple[Deck, ...]
    # where the cards come from and what else they are called: the gallery tells it, the
    # lessons keep to the rules (paragraphs)
    history: tuple[Text, ...] = ()

    def card(self, token: str) -> Card:
        try:
            return _by_token(self.id)[token]
        except KeyError:
            raise KeyError(f"unknown {self.id} card token {token!r}") from None

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(c.token for c in self.cards)

    def copies(self, token: str) -> tuple[int, ...]:
        """How many of ``token`` each of the family's decks holds."""
        return tuple(d.counts.get(token, 0) for d in self.decks)

    def deck_list(self, deck_id: str | None = None) -> tuple[str, ...]:
        """Every physical card of a deck (its tokens, repeated), in catalog order."""
        deck = self.decks[0] if deck_id is None else next(d for d in self.decks if d.id == deck_id)
        return tuple(t for t in self.tokens for _ in range(deck.counts.get(t, 0)))

    def sort(self, tokens: Iterable[str]) -> list[str]:
        """Tokens in catalog order (the order a hand is sorted in)."""
        order = {t: i for i, t in enumerate(self.tokens)}
        return sorted(tokens, key=lambda t: order[t])


# ---------------------------------------------------------------------------
# the words, from content/cards.yaml


@cache
def _words() -> dict[str, Any]:
    data = load_yaml(CARDS_FILE.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or set(data) != set(FAMILIES):
        raise ValueError(f"{CARDS_FILE}: one block per family {FAMILIES}")
    return data


def _text(data: Any) -> Text:
    text = Text.of(data)
    if text is None:
        raise ValueError(f"{CARDS_FILE}: a text is missing")
    return text


def _card(family_id: str, token: str, colour: str, *, red_mark: bool) -> Card:
    words = _words()[family_id]
    entry = words["cards"][token]
    face = entry.get("face")
    return Card(
        family=family_id,
        token=token,
        name=_text({k: v for k, v in entry.items() if k in languages.codes()}),
        pinyin=entry["pinyin"],
        colour=colour,
        colour_note=_text(words["notes"][entry["note"]]),
        face=_text(face) if face else _NO_TEXT,
        red_mark=red_mark,
    )


def _family(
    family_id: str,
    ratio: tuple[float, float],
    cards: list[Card],
    counts: list[Mapping[str, int]],
) -> Family:
    words = _words()[family_id]
    decks = tuple(
        Deck(deck_id, _text(d["title"]), _text(d["short"]), c)
        for (deck_id, d), c in zip(words["decks"].items(), counts, strict=True)
    )
    return Family(
        id=family_id,
        title=_text(words["title"]),
        pinyin=words["pinyin"],
        ratio=ratio,
        size_note=_text(words["size_note"]),
        colour_rule=_text(words["colour_rule"]),
        cards=tuple(cards),
        decks=decks,
        history=tuple(_text(h) for h in words.get("history", ())),
    )


# ---------------------------------------------------------------------------
# word cards (zipai): small x1..x10 and big d1..d10

ZIPAI_RED_VALUES = frozenset({2, 7, 10})


def _zipai() -> Family:
    cards: list[Card] = []
    for size in ("x", "d"):
        for v in range(1, 11):
            red = v in ZIPAI_RED_VALUES
            cards.append(_card("zipai", f"{size}{v}", RED if red else BLACK, red_mark=red))
    return _family("zipai", (2.4, 8.6), cards, [{c.token: 4 for c in cards}])


# ---------------------------------------------------------------------------
# dice cards (chuanpai)

CHUANPAI_RED_DICE = frozenset({1, 4})
CHUANPAI_FACES: tuple[str, ...] = tuple(f"{a}{b}" for a in range(1, 7) for b in range(a, 7))


def chuanpai_pip_colours(token: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The colour of every pip of each end, in drawing order.

    Dice ones and fours are red. Heaven (six-six) is drawn crosswise, six red and six
    black: one column red at one end, the other column red at the other end.
    """
    a, b = int(token[0]), int(token[1])
    if token == "66":
        # pips of a six are drawn left column first, then right column
        return (RED,) * 3 + (BLACK,) * 3, (BLACK,) * 3 + (RED,) * 3
    return tuple(RED if a in CHUANPAI_RED_DICE else BLACK for _ in range(a)), tuple(
        RED if b in CHUANPAI_RED_DICE else BLACK for _ in range(b)
    )


def _chuanpai_colour(token: str) -> str:
    top, bottom = chuanpai_pip_colours(token)
    pips = set(top) | set(bottom)
    if token == "66" or len(pips) > 1:
        return MIXED
    return RED if pips == {RED} else BLACK


def _chuanpai() -> Family:
    cards: list[Card] = []
    for tok in CHUANPAI_FACES:
        colour = _chuanpai_colour(tok)
        cards.append(_card("chuanpai", tok, colour, red_mark=colour != BLACK))
    for tok in ("cs", "ty"):
        cards.append(_card("chuanpai", tok, WORD, red_mark=True))
    with_jing = {t: 4 for t in CHUANPAI_FACES} | {"12": 2, "cs": 1, "ty": 1}
    without = {t: 4 for t in CHUANPAI_FACES}
    return _family("chuanpai", (3.5, 14.5), cards, [with_jing, without])


def _faces_only(names: Mapping[str, str]) -> dict[str, str]:
    return {t: n for t, n in names.items() if t in CHUANPAI_FACES}


def _merged(*tables: Mapping[str, str]) -> dict[str, str]:
    """One column from copies of the same list: differing names joined by " / "."""
    out: dict[str, str] = {}
    for face in CHUANPAI_FACES:
        names = list(dict.fromkeys(t[face] for t in tables if face in t))
        if names:
            out[face] = " / ".join(names)
    return out


def _region(region_id: str, names: Mapping[str, str]) -> Region:
    words = _words()["chuanpai"]["regions"][region_id]
    return Region(region_id, _text(words["title"]), _text(words["note"]), names)


# The names themselves are the engine's (app.engine.chuanpai.cards.REGIONAL_NAMES, the
# tables it reads names with); here they get their titles and notes for the gallery.
CHUANPAI_REGIONS: tuple[Region, ...] = (
    _region("tricks", _faces_only(REGIONAL_NAMES["tianjiu-000"])),
    _region("points", _merged(REGIONAL_NAMES["points-001"], REGIONAL_NAMES["points-000"])),
    _region("common", _faces_only(REGIONAL_NAMES["dice-001"])),
)
"""Regional names of the dice faces. The sources disagree, so the faces are the
identity and every name is an alias; a name that means different faces in different
lists (guaizi, meizi) is shown in its own column only."""

CHUANPAI_DECK_NAMES: tuple[tuple[Text, Text], ...] = tuple(
    (_text(item["where"]), _text(item["name"])) for item in _words()["chuanpai"]["deck_names"]
)
"""What the deck itself is called, region by region (the name in Chinese on every page)."""


# ---------------------------------------------------------------------------
# Nantong long cards: three suits of one to nine, three honours, five joy cards

_NT_SUITS = ("t", "b", "w")  # strings, coins, myriads
_NT_HONOURS = (("qz", BLACK), ("hh", RED), ("bh", BLACK))  # thousand, red and white flower
_NT_XI = ("fu", "lu", "sh", "xi", "cai")


def _nantong() -> Family:
    cards: list[Card] = []
    for suit in _NT_SUITS:
        for v in range(1, 10):
            cards.append(_card("nantong", f"{v}{suit}", BLACK, red_mark=False))
    for tok, colour in _NT_HONOURS:
        cards.append(_card("nantong", tok, colour, red_mark=colour == RED))
    for tok in _NT_XI:
        cards.append(_card("nantong", tok, RED, red_mark=True))
    base = {c.token: 4 for c in cards if c.token not in _NT_XI}
    return _family("nantong", (2.1, 9.9), cards, [base, base | {x: 1 for x in _NT_XI}])


# ---------------------------------------------------------------------------


@cache
def families() -> dict[str, Family]:
    return {f.id: f for f in (_zipai(), _chuanpai(), _nantong())}


def family(family_id: str) -> Family:
    """The family ``zipai``, ``chuanpai`` or ``nantong`` (``KeyError`` otherwise)."""
    return families()[family_id]


@cache
def _by_token(family_id: str) -> dict[str, Card]:
    return {c.token: c for c in families()[family_id].cards}


def card(family_id: str, token: str) -> Card:
    return family(family_id).card(token)


def all_cards() -> list[Card]:
    return [c for f in families().values() for c in f.cards]


def writing(family_id: str, key: str) -> str:
    """Characters a family's pictures draw besides the card names (the myriad on
    Nantong myriads, the word for a card's back in the pictures' titles)."""
    return str(_words()[family_id]["writing"][key])


# where each gallery section of a family ends (its cards in catalog order)
_SECTION_ENDS: dict[str, tuple[int, ...]] = {
    "zipai": (10, 20),
    "chuanpai": (21, 23),
    "nantong": (9, 18, 27, 30, 35),
}


def gallery_sections(family_id: str) -> list[tuple[Text, tuple[Card, ...]]]:
    """The cards of a family in the groups a gallery shows them in."""
    cards = family(family_id).cards
    titles = _words()[family_id]["sections"]
    ends = _SECTION_ENDS[family_id]
    starts = (0, *ends[:-1])
    return [
        (_text(title), cards[start:end])
        for title, start, end in zip(titles, starts, ends, strict=True)
    ]
