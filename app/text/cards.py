"""The card catalog · 牌谱: every card of the three long-card families as data.

A card is identified by its family and its canonical token (the engine's tokens, see
``/work/shared/contracts/engine-cli.md``): 字牌 ``x1``…``x10`` / ``d1``…``d10``; 川牌
``11``…``66`` plus the 经牌 ``cs`` and ``ty``; 南通长牌 ``1t``…``9w``, ``qz``, ``hh``,
``bh`` and the five 喜 ``fu`` ``lu`` ``sh`` ``xi`` ``cai``.

Names are data, not Babel msgids: each card carries its Chinese name with pinyin and
its English name; :meth:`Card.label` gives the accessible name for a page language.
Counts are per deck (a family may have more than one deck: 川牌 with or without the
经牌, Nantong with or without the 喜). For 川牌 the regional names are aliases of the
dice faces, kept region by region in :data:`CHUANPAI_REGIONS`.

This module imports nothing from Flask, so the SVG generator and the tests use it as
plain Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from app.engine.chuanpai.cards import REGIONAL_NAMES

FAMILIES: tuple[str, ...] = ("zipai", "chuanpai", "nantong")
_HAN = re.compile(r"[\u3400-\u9fff]")
_HAN_ASIDE = re.compile(r"\s*\([^)]*[\u3400-\u9fff][^)]*\)")  # "Joy (喜, a joy card)"

RED = "red"
BLACK = "black"
MIXED = "mixed"  # 川牌 with one red and one black end, or half-red pips
WORD = "word"  # 经牌: character cards without pips


@dataclass(frozen=True)
class Bilingual:
    """One text in both languages; ``pinyin`` goes with the Chinese."""

    zh: str
    en: str
    pinyin: str = ""

    def get(self, locale: str) -> str:
        return self.zh if locale.startswith("zh") else self.en


@dataclass(frozen=True)
class Card:
    """One kind of card; how many copies each deck holds is in :class:`Deck`."""

    family: str
    token: str
    zh: str  # the name, in Chinese: 小一, 天牌, 五条
    pinyin: str  # its pinyin, with tone marks
    en: str  # the name, in English
    colour: str  # RED, BLACK, MIXED or WORD
    colour_note: Bilingual  # what the colour looks like on this card
    face: Bilingual = field(default_factory=lambda: Bilingual("", ""))  # 六六 / six-six
    red_mark: bool = False  # red cards carry a second, shape cue (for greyscale)

    @property
    def svg_path(self) -> str:
        """Path of the picture under ``static/``."""
        return f"cards/{self.family}/{self.token}.svg"

    def label(self, locale: str) -> str:
        """The accessible name and tooltip, in one language (an attribute cannot mark a
        run of another script): the Chinese name, or the English one."""
        if locale.startswith("zh"):
            return f"{self.zh}，{self.face.zh}" if self.face.zh not in self.zh else self.zh
        en = _HAN_ASIDE.sub("", self.en)
        if self.face.en and not _HAN.search(self.face.en):
            return f"{en} ({self.face.en})"
        return en

    def name(self, locale: str) -> str:
        return self.zh if locale.startswith("zh") else self.en

    def label_as(self, locale: str, word: str | None) -> str:
        """The label when a game has a name of its own for the card (``word``, from the
        term table: 梅子 for the five-five in the pairing game), the face beside it."""
        zh = locale.startswith("zh")
        face = (self.face.zh or self.zh) if zh else _HAN_ASIDE.sub("", self.face.en or self.en)
        if not word or word in (self.zh, self.en, face):
            return self.label(locale)
        return f"{word}，{face}" if zh else f"{word} ({face})"


@dataclass(frozen=True)
class Deck:
    """One deck of a family: which cards, how many of each."""

    id: str
    title: Bilingual
    short: Bilingual  # a column heading: 挤儿 / pairing game
    counts: Mapping[str, int]

    @property
    def size(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class Region:
    """One source's (or region's) names for the 川牌 dice faces."""

    id: str
    title: Bilingual
    note: Bilingual
    names: Mapping[str, str]  # face token → name (variants joined by " / ")


@dataclass(frozen=True)
class Family:
    id: str
    title: Bilingual
    ratio: tuple[float, float]  # real width × height in cm (or our drawing's ratio)
    size_note: Bilingual
    colour_rule: Bilingual
    cards: tuple[Card, ...]
    decks: tuple[Deck, ...]
    # where the cards come from and what else they are called: the gallery tells it, the
    # lessons keep to the rules (paragraphs, one language each)
    history: tuple[Bilingual, ...] = ()

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
# 字牌 · word cards

_NUM_ZH = "一二三四五六七八九十"
_NUM_BIG = "壹贰叁肆伍陆柒捌玖拾"
_NUM_PY = ("yī", "èr", "sān", "sì", "wǔ", "liù", "qī", "bā", "jiǔ", "shí")
_NUM_EN = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
ZIPAI_RED_VALUES = frozenset({2, 7, 10})


def _zipai() -> Family:
    cards: list[Card] = []
    for size, chars, zh_size, py_size, en_size in (
        ("x", _NUM_ZH, "小", "xiǎo", "small"),
        ("d", _NUM_BIG, "大", "dà", "big"),
    ):
        for v in range(1, 11):
            red = v in ZIPAI_RED_VALUES
            cards.append(
                Card(
                    family="zipai",
                    token=f"{size}{v}",
                    zh=f"{zh_size}{chars[v - 1]}",
                    pinyin=f"{py_size} {_NUM_PY[v - 1]}",
                    en=f"{en_size} {_NUM_EN[v - 1]}",
                    colour=RED if red else BLACK,
                    colour_note=Bilingual("红牌，带菱形记号", "red, with a diamond mark")
                    if red
                    else Bilingual("黑牌", "black"),
                    face=Bilingual(chars[v - 1], chars[v - 1]),
                    red_mark=red,
                )
            )
    return Family(
        id="zipai",
        title=Bilingual("字牌", "Word cards", "zì pái"),
        ratio=(2.4, 8.6),
        size_note=Bilingual(
            "细长的纸牌；我们按大约 1 : 3.6 的比例来画。",
            "Long, narrow paper cards; we draw them at about 1 : 3.6.",
        ),
        colour_rule=Bilingual(
            "二、七、十和贰、柒、拾是红牌，其余是黑牌。红牌两端还各有一个菱形记号，黑白打印也分得出。",
            "二 七 十 and 贰 柒 拾 (two, seven, ten, in both sizes) are red, all others black. "
            "Red cards also carry a diamond mark at each end, so they stay distinct in black and white.",
        ),
        cards=tuple(cards),
        history=(
            Bilingual(
                "字牌在湖南、广西、四川都有人打，也有人叫它桥字牌。老辈人说这种牌最早出在四川乐山一带。"
                "湖南的跑胡子和桂林的大字牌用的都是这一副牌。",
                "Word cards are played in Hunan, Guangxi and Sichuan; some people call them "
                "qiaozipai (桥字牌). Older players say they began around Leshan in Sichuan. Hunan "
                "paohuzi and Guilin dazipai are both played with this deck.",
            ),
        ),
        decks=(
            Deck(
                "zipai",
                Bilingual("80 张（每种 4 张）", "80 cards (4 of each)"),
                Bilingual("一副 80 张", "80-card deck"),
                {c.token: 4 for c in cards},
            ),
        ),
    )


# ---------------------------------------------------------------------------
# 川牌 · dice cards

_DIE_ZH = {1: "幺", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六"}
_DIE_PY = {1: "yāo", 2: "èr", 3: "sān", 4: "sì", 5: "wǔ", 6: "liù"}
_DIE_EN = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
CHUANPAI_RED_DICE = frozenset({1, 4})
CHUANPAI_FACES: tuple[str, ...] = tuple(f"{a}{b}" for a in range(1, 7) for b in range(a, 7))

# The four cards every source names alike; the rest are called by their dice here,
# and their regional names are listed in CHUANPAI_REGIONS.
_CHUANPAI_NAMED = {
    "66": ("天牌", "tiān pái", "Heaven"),
    "11": ("地牌", "dì pái", "Earth"),
    "44": ("人牌", "rén pái", "Man"),
    "13": ("和牌", "hé pái", "Harmony"),
}


def chuanpai_pip_colours(token: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The colour of every pip of each end, in drawing order.

    Dice ones and fours are red. 天牌 (six-six) is drawn crosswise, six red and six
    black: one column red at one end, the other column red at the other end.
    """
    a, b = int(token[0]), int(token[1])
    if token == "66":
        # pips of a six are drawn left column first, then right column
        return (RED,) * 3 + (BLACK,) * 3, (BLACK,) * 3 + (RED,) * 3
    return tuple(RED if a in CHUANPAI_RED_DICE else BLACK for _ in range(a)), tuple(
        RED if b in CHUANPAI_RED_DICE else BLACK for _ in range(b)
    )


def _chuanpai_colour(token: str) -> tuple[str, Bilingual]:
    top, bottom = chuanpai_pip_colours(token)
    pips = set(top) | set(bottom)
    if token == "66":
        return MIXED, Bilingual(
            "两个六交叉着半红半黑：红点六个、黑点六个",
            "the sixes crosswise half red: six red, six black pips",
        )
    if pips == {RED}:
        return RED, Bilingual("全是红点（红点是带白心的圆环）", "all red pips (drawn as rings)")
    if pips == {BLACK}:
        return BLACK, Bilingual("全是黑点", "all black pips")
    a, b = int(token[0]), int(token[1])
    red_end = a if a in CHUANPAI_RED_DICE else b
    return MIXED, Bilingual(
        f"{_DIE_ZH[red_end]}点红（带白心的圆环），另一端黑点",
        f"the {_DIE_EN[red_end]} is red (ringed pips), the other end black",
    )


def _chuanpai() -> Family:
    cards: list[Card] = []
    for tok in CHUANPAI_FACES:
        a, b = int(tok[0]), int(tok[1])
        dice_zh = f"{_DIE_ZH[a]}{_DIE_ZH[b]}"
        dice_py = f"{_DIE_PY[a]} {_DIE_PY[b]}"
        dice_en = f"{_DIE_EN[a]}-{_DIE_EN[b]}"
        colour, note = _chuanpai_colour(tok)
        if tok in _CHUANPAI_NAMED:
            zh, py, en = _CHUANPAI_NAMED[tok]
            face = Bilingual(dice_zh, dice_en)
        else:
            zh, py, en, face = dice_zh, dice_py, dice_en, Bilingual("", "")
        cards.append(
            Card(
                family="chuanpai",
                token=tok,
                zh=zh,
                pinyin=py,
                en=en,
                colour=colour,
                colour_note=note,
                face=face,
                red_mark=colour != BLACK,
            )
        )
    cards.append(
        Card(
            "chuanpai",
            "cs",
            "财神",
            "cái shén",
            "Caishen, God of Wealth (wild)",
            WORD,
            Bilingual("写字的牌：红字“财神”，没有点子", "a word card: 财神 in red, no pips"),
            red_mark=True,
        )
    )
    cards.append(
        Card(
            "chuanpai",
            "ty",
            "听用",
            "tīng yòng",
            "Tingyong, At Your Service (wild)",
            WORD,
            Bilingual("写字的牌：红字“听用”，没有点子", "a word card: 听用 in red, no pips"),
            red_mark=True,
        )
    )
    with_jing = {t: 4 for t in CHUANPAI_FACES} | {"12": 2, "cs": 1, "ty": 1}
    without = {t: 4 for t in CHUANPAI_FACES}
    return Family(
        id="chuanpai",
        title=Bilingual("川牌", "Dice cards", "chuān pái"),
        ratio=(3.5, 14.5),
        size_note=Bilingual(
            "大约 14.5 × 3.5 厘米，我们按这个比例来画。",
            "About 14.5 × 3.5 cm; we draw them in that proportion.",
        ),
        colour_rule=Bilingual(
            "每张牌是一对骰子的两面。跟中国骰子一样，一点和四点是红的，其余是黑的；"
            "天牌的两个六交叉着半红半黑，人牌和地牌全红。红点画成带白心的圆环，黑点是实心的。"
            "财神和听用是写字的牌（经牌），没有点子。",
            "Each card shows the two faces of a pair of dice. As on Chinese dice, ones and fours "
            "are red, all other pips black; Heaven's two sixes are half red, crosswise, and Man and "
            "Earth are all red. Red pips are drawn as rings, black pips solid. 财神 and 听用 are "
            "word cards (the jingpai, the wild cards).",
        ),
        cards=tuple(cards),
        history=(
            Bilingual(
                "川牌是四川和西南一带的纸牌。四川人管它叫长牌，陕西人叫牛筋牌，湖北人另有叫法。"
                "老牌是厚纸浸了桐油做的，结实耐磨；现在多是印刷的纸牌或塑料牌，牌中间还常印着水浒、红楼、三国的人物。",
                "Dice cards are the playing cards of Sichuan and the south-west. In Sichuan they are "
                "simply called changpai (长牌), long cards; Shaanxi calls them niujinpai (牛筋牌), "
                "ox-tendon cards, and Hubei has a name of its own. Old decks were thick paper soaked "
                "in tung oil; today they are printed card or plastic, often with figures from the "
                "classic novels in the middle.",
            ),
            Bilingual(
                "民间说这种牌是三国时蜀汉的丞相想出来的。真假不好考证，不过它确实比扑克老得多。",
                "Folk legend says the chancellor of Shu thought them up in the Three Kingdoms "
                "period. Nobody can prove it, but they are certainly far older than Western playing "
                "cards.",
            ),
            Bilingual(
                "为什么四点是红的？西洋骰子只有一点是红的，中国骰子连四点也是红的。相传唐玄宗和杨贵妃掷骰子，"
                "非得掷出四点才能赢，结果一下掷出两个四，玄宗大喜，下令给四点“赐绯”，从此中国骰子的四点就是红色。",
                "Why are the fours red? On Western dice only the one is red; on Chinese dice the four "
                "is too. Legend has it that the Tang emperor Xuanzong, playing dice with his consort "
                "Yang Guifei, needed fours to win, threw a double four, and in his delight ordered "
                "the fours to be coloured red; Chinese dice have had red fours ever since.",
            ),
            Bilingual(
                "除了天、地、人、和，别的牌各地叫法五花八门，同一个名字在不同地方还可能指不同的牌："
                "拐子在一份名单里是幺二，在另一份里是二三；梅子有人指五五，有人指三五。下面的表把各地的叫法并排列出。"
                "课里只用各个玩法自己的叫法，别的牌按骰子面来叫。",
                "Apart from Heaven, Earth, Man and Harmony, every town names the cards its own way, "
                "and one name can even mean different cards: guaizi (拐子) is one-two in one list and "
                "two-three in another; meizi (梅子) is five-five to some and three-five to others. The "
                "table below sets the regional names side by side. The lessons use each game's own "
                "names and call the other cards by their faces.",
            ),
            Bilingual(
                "四川还有两种别的牌，别跟川牌弄混：一种是大贰，八十张，印着一到十的小写和大写数字，跟湖南、广西的字牌是一家；"
                "另一种是更老的长牌，一百二十一张，牌面是描红本上“上大人”那二十四个字，每个字五张，另加一张“混江”。",
                "Sichuan has two other decks, not to be confused with dice cards: da'er (大贰), 80 "
                "cards with the numbers one to ten in plain and formal writing, a cousin of the word "
                "cards of Hunan and Guangxi; and an older deck of 121 long cards written with the 24 "
                "characters of the old children's copybook (上大人…), five of each, plus one "
                "hunjiang (混江) card.",
            ),
        ),
        decks=(
            Deck(
                "pairing",
                Bilingual(
                    "挤儿：84 张，两张幺二换成财神和听用",
                    "pairing game: 84 cards, two of the one-two cards replaced by 财神 and 听用",
                ),
                Bilingual("挤儿", "pairing game"),
                with_jing,
            ),
            Deck(
                "tricks",
                Bilingual("打点子：84 张，没有经牌", "trick game: 84 cards, no wild cards"),
                Bilingual("打点子", "trick game"),
                without,
            ),
        ),
    )


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


# The names themselves are the engine's (app.engine.chuanpai.cards.REGIONAL_NAMES, the
# tables it reads names with); here they get their titles and notes for the gallery.
CHUANPAI_REGIONS: tuple[Region, ...] = (
    Region(
        id="tricks",
        title=Bilingual("四川 · 打点子（天九）", "Sichuan, trick game (Tien Gow ranks)"),
        note=Bilingual(
            "按天九的大小排：正门、点子和硬张（丁丁、二红）。",
            "The names the trick game ranks its cards by: the civil cards, the military cards "
            "and the two hard cards.",
        ),
        names=_faces_only(REGIONAL_NAMES["tianjiu-000"]),
    ),
    Region(
        id="points",
        title=Bilingual("四川 · 按点数和颜色", "Sichuan, by pips and colour"),
        note=Bilingual(
            "按牌一端的点数和颜色来叫；有几张各地用字不同，用“/”并列。",
            "Named after the pips of one end and their colour; where places write a name "
            "differently, both are given.",
        ),
        names=_merged(REGIONAL_NAMES["points-001"], REGIONAL_NAMES["points-000"]),
    ),
    Region(
        id="common",
        title=Bilingual("常见叫法 · 挤儿（西北一带）", "Common names, pairing game (north-west)"),
        note=Bilingual(
            "按掷出的骰子来叫，跟打挤儿的规则一起流传。注意这里的“拐子”是幺二，“梅子”是三五。",
            "Named after the dice thrown; passed on with the pairing-game rules. Note that "
            "拐子 is one-two here and 梅子 is three-five.",
        ),
        names=_faces_only(REGIONAL_NAMES["dice-001"]),
    ),
)
"""Regional names of the dice faces. The sources disagree, so the faces are the
identity and every name is an alias; a name that means different faces in different
lists (拐子, 梅子) is shown in its own column only."""

CHUANPAI_DECK_NAMES: tuple[tuple[Bilingual, str], ...] = (
    (Bilingual("四川", "Sichuan"), "长牌"),
    (Bilingual("湖北", "Hubei"), "cuocuo 牌"),
    (Bilingual("陕西", "Shaanxi"), "牛筋牌"),
)
"""What the deck itself is called, region by region."""


# ---------------------------------------------------------------------------
# 南通长牌 · Nantong long cards

_NT_SUITS = (
    ("t", "条", "tiáo", "strings"),
    ("b", "丙", "bǐng", "coins"),
    ("w", "万", "wàn", "myriads"),
)
_NT_HONOURS = (
    ("qz", "千字", "qiān zì", "Thousand", BLACK, Bilingual("黑字", "black")),
    ("hh", "红花", "hóng huā", "Red Flower", RED, Bilingual("红色实心花", "a solid red flower")),
    (
        "bh",
        "白花",
        "bái huā",
        "White Flower",
        BLACK,
        Bilingual("空心白花", "an outlined white flower"),
    ),
)
_NT_XI = (
    ("fu", "福", "fú", "Fortune"),
    ("lu", "禄", "lù", "Prosperity"),
    ("sh", "寿", "shòu", "Longevity"),
    ("xi", "喜", "xǐ", "Joy"),
    ("cai", "财", "cái", "Wealth"),
)


def _nantong() -> Family:
    cards: list[Card] = []
    for suit, zh, py, en in _NT_SUITS:
        for v in range(1, 10):
            cards.append(
                Card(
                    family="nantong",
                    token=f"{v}{suit}",
                    zh=f"{_NUM_ZH[v - 1]}{zh}",
                    pinyin=f"{_NUM_PY[v - 1]} {py}",
                    en=f"{_NUM_EN[v - 1]} of {en}",
                    colour=BLACK,
                    colour_note=Bilingual("黑字", "black"),
                )
            )
    for tok, zh, py, en, colour, note in _NT_HONOURS:
        cards.append(
            Card("nantong", tok, zh, py, en, colour, note, red_mark=colour == RED),
        )
    for tok, zh, py, en in _NT_XI:
        cards.append(
            Card(
                "nantong",
                tok,
                zh,
                py,
                f"{en} ({zh}, a joy card)",
                RED,
                Bilingual("红字，带圆框", "red, in a round frame"),
                red_mark=True,
            )
        )
    base = {c.token: 4 for c in cards if c.token not in {x[0] for x in _NT_XI}}
    return Family(
        id="nantong",
        title=Bilingual("南通长牌", "Nantong long cards", "nán tōng cháng pái"),
        ratio=(2.1, 9.9),
        size_note=Bilingual(
            "标准尺寸大约 9.9 × 2.1 厘米，我们按这个比例来画。",
            "About 9.9 × 2.1 cm; we draw them in that proportion.",
        ),
        colour_rule=Bilingual(
            "颜色不影响打法。我们把一至九的条、丙、万和千字印成黑色；红花是红色实心花，"
            "白花是空心花；五张喜（福禄寿喜财）是红字加圆框。",
            "Colour plays no part in the rules. We print the suit cards and 千字 in black; 红花 "
            "is a solid red flower and 白花 an outlined one; the five joy cards are red characters "
            "in a round frame.",
        ),
        cards=tuple(cards),
        decks=(
            Deck(
                "nantong",
                Bilingual("120 张（每种 4 张）", "120 cards (4 of each)"),
                Bilingual("120 张", "120 cards"),
                base,
            ),
            Deck(
                "nantong-xi",
                Bilingual(
                    "125 张：加福禄寿喜财各一张", "125 cards: plus one each of the five joy cards"
                ),
                Bilingual("带喜 125 张", "with joy cards, 125"),
                base | {x[0]: 1 for x in _NT_XI},
            ),
        ),
    )


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


def gallery_sections(family_id: str) -> list[tuple[Bilingual, tuple[Card, ...]]]:
    """The cards of a family in the groups a gallery shows them in."""
    fam = family(family_id)
    cards = fam.cards
    if family_id == "zipai":
        return [
            (Bilingual("小字 一至十", "Small cards, 一 to 十"), cards[:10]),
            (Bilingual("大字 壹至拾", "Big cards, 壹 to 拾"), cards[10:]),
        ]
    if family_id == "chuanpai":
        return [
            (Bilingual("点子牌：二十一种骰子组合", "The 21 dice cards"), cards[:21]),
            (Bilingual("经牌（只在挤儿里用）", "The wild cards (pairing game only)"), cards[21:]),
        ]
    return [
        (Bilingual("条", "Strings (条)"), cards[0:9]),
        (Bilingual("丙", "Coins (丙)"), cards[9:18]),
        (Bilingual("万", "Myriads (万)"), cards[18:27]),
        (Bilingual("千字、红花、白花", "The three honours: 千字, 红花, 白花"), cards[27:30]),
        (
            Bilingual(
                "喜：福禄寿喜财（带喜的玩法才用）",
                "Joy cards 福禄寿喜财 (only when played with them)",
            ),
            cards[30:],
        ),
    ]
