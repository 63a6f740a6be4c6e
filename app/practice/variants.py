"""What the counting form asks for, per game: meld kinds and rule options.

The engine documents these (docs/engine-*.md); here they get labels in the learner's
language. The engine, not this table, decides what is legal: an unknown kind or a bad
option value comes back as an engine error and is shown as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import lazy_gettext as _l


@dataclass(frozen=True)
class Option:
    """A rule option field: ``kind`` is ``select``, ``text`` or ``check``."""

    name: str
    label: object
    kind: str
    choices: tuple[tuple[str, object], ...] = ()
    default: str = ""
    help: object = ""
    target: str = "option"  # "option" (--option name=value), "generals", "xi"
    engine_name: str = ""  # the engine's option name, when it differs from ``name``

    @property
    def option_name(self) -> str:
        return self.engine_name or self.name


@dataclass(frozen=True)
class GameForm:
    variant: str
    family: str
    meld_kinds: tuple[tuple[str, object], ...]
    options: tuple[Option, ...] = field(default_factory=tuple)
    example_hand: str = ""
    example_melds: str = ""
    waits: bool = True


_ZIPAI_MELDS = (
    ("peng", _l("peng 碰: three alike, one taken")),
    ("chi", _l("chi 吃: a run or jiao laid out")),
    ("wei", _l("wei 偎 (Guilin: sao 扫): a pair plus your own draw")),
    ("chouwei", _l("chouwei 臭偎 (Guilin: guosao 过扫)")),
    ("pao", _l("pao 跑 (Guilin: kaiduo 开舵): four alike")),
    ("ti", _l("ti 提 (Guilin: saochuan 扫穿): four alike of your own")),
)

FORMS: dict[str, GameForm] = {
    "hunan": GameForm(
        "hunan",
        "zipai",
        _ZIPAI_MELDS,
        (
            Option(
                "min_huxi",
                _l("Minimum to win"),
                "select",
                tuple((v, _l("%(n)s huxi", n=v)) for v in ("6", "10", "15", "18")),
                "15",
                _l("Most Changde tables play 15; other Hunan tables 6, 10 or 18."),
            ),
        ),
        example_hand="一二三 壹贰叁 二七十 四五六 d4 d5 d6 x8 x8 x8 d9 d9 d9",
    ),
    "guilin": GameForm(
        "guilin",
        "zipai",
        _ZIPAI_MELDS,
        example_hand="一二三 贰柒拾 四五六 陆陆陆 九九九 壹壹一 叁肆伍",
    ),
    "chuanpai": GameForm(
        "chuanpai",
        "chuanpai",
        (
            ("jier", _l("jier 挤儿: two cards summing to 10 or 20")),
            ("an", _l("an 暗: three alike formed in hand")),
            ("peng", _l("peng 碰: two alike plus one that passed")),
            ("yan", _l("yan 燕: the three different sevens")),
            ("liang", _l("liang 亮: four alike formed in hand")),
            ("qi", _l("qi 起: an an plus its fourth card")),
            ("kang", _l("kang 扛: three alike plus a fourth that passed")),
        ),
        example_hand="66 26 66 44 46 55",
        example_melds="peng: 33 33 33",
    ),
    "chuanpai-tricks": GameForm(
        "chuanpai-tricks",
        "chuanpai",
        (),
        (
            Option(
                "in_hand",
                _l("Cards still in hand"),
                "select",
                tuple((v, v) for v in ("0", "1", "2", "3", "4", "5")),
                "0",
                _l("With five still in hand, 15 laid-out cards go out (tuoshou)."),
            ),
        ),
        example_hand="66 66 11 11 44 44 13 13 55 55 33 33 56 46 45 36",
        waits=False,
    ),
    "nantong": GameForm(
        "nantong",
        "nantong",
        (
            ("peng", _l("peng 碰: three alike, one taken")),
            ("an-ke", _l("an-ke 暗刻: three alike from your hand, shown")),
            ("ming-gang", _l("ming-gang 明杠 (ku 窟): four alike, one taken")),
            ("an-gang", _l("an-gang 暗杠 / 后摸: four alike drawn later")),
            ("long", _l("long 龙 / 起手: four alike dealt to you")),
        ),
        (
            Option(
                "generals",
                _l("Rule set"),
                "select",
                (("2", _l("Two generals 双将")), ("1", _l("One general 单将"))),
                "2",
                target="generals",
            ),
            Option(
                "generals_cards",
                _l("Turned general cards"),
                "text",
                default="",
                help=_l("The card(s) turned as generals, e.g. 2t 3w."),
                engine_name="generals",
            ),
            Option(
                "win",
                _l("Winning card"),
                "text",
                help=_l("The card you went out on (for the edge and single-wait extras)."),
            ),
            Option("zimo", _l("Self-drawn (zimo)"), "check"),
            Option("xi", _l("Play with the five xi cards"), "check", target="xi"),
        ),
        example_hand="2b 2b 2b 5t 5t 5t 1w 2w 3w 4w 5w 6w 7t 8t 9t 6b 7b 8b 9b 9b",
        example_melds="peng: hh hh hh",
    ),
}
