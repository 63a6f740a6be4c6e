"""What the counting form asks for, per game: meld kinds and rule options.

The engine documents these (docs/engine-*.md); here they get labels in the learner's
language. The engine, not this table, decides what is legal: an unknown kind or a bad
option value comes back as an engine error and is shown as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import lazy_gettext as _l

from app.text.cards import card
from app.ui.hanzi import hanzi


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


def _written(*groups: str) -> str:
    """Word cards as players write a hand: each group's faces run together (the form
    reads them as well as tokens)."""
    return " ".join("".join(card("zipai", t).face.zh for t in g.split()) for g in groups)


_ZIPAI_MELDS = (
    ("peng", _l("peng %(peng)s: three alike, one taken", peng=hanzi("peng"))),
    ("chi", _l("chi %(chi)s: a run or jiao laid out", chi=hanzi("chi"))),
    (
        "wei",
        _l(
            "wei %(wei)s (Guilin: sao %(sao)s): a pair plus your own draw",
            wei=hanzi("wei"),
            sao=hanzi("sao"),
        ),
    ),
    (
        "chouwei",
        _l(
            "chouwei %(chouwei)s (Guilin: guosao %(guosao)s)",
            chouwei=hanzi("chouwei"),
            guosao=hanzi("guosao"),
        ),
    ),
    (
        "pao",
        _l(
            "pao %(pao)s (Guilin: kaiduo %(kaiduo)s): four alike",
            pao=hanzi("pao"),
            kaiduo=hanzi("kaiduo"),
        ),
    ),
    (
        "ti",
        _l(
            "ti %(ti)s (Guilin: saochuan %(saochuan)s): four alike of your own",
            ti=hanzi("ti"),
            saochuan=hanzi("saochuan"),
        ),
    ),
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
        example_hand=_written("x1 x2 x3", "d1 d2 d3", "x2 x7 x10", "x4 x5 x6")
        + " d4 d5 d6 x8 x8 x8 d9 d9 d9",
    ),
    "guilin": GameForm(
        "guilin",
        "zipai",
        _ZIPAI_MELDS,
        example_hand=_written(
            "x1 x2 x3", "d2 d7 d10", "x4 x5 x6", "d6 d6 d6", "x9 x9 x9", "d1 d1 x1", "d3 d4 d5"
        ),
    ),
    "chuanpai": GameForm(
        "chuanpai",
        "chuanpai",
        (
            ("jier", _l("jier %(jier)s: two cards summing to 10 or 20", jier=hanzi("jier"))),
            ("an", _l("an %(an)s: three alike formed in hand", an=hanzi("an"))),
            ("peng", _l("peng %(peng)s: two alike plus one that passed", peng=hanzi("peng"))),
            ("yan", _l("yan %(yan)s: the three different sevens", yan=hanzi("yan"))),
            ("liang", _l("liang %(liang)s: four alike formed in hand", liang=hanzi("liang"))),
            ("qi", _l("qi %(qi)s: an an plus its fourth card", qi=hanzi("qi"))),
            (
                "kang",
                _l("kang %(kang)s: three alike plus a fourth that passed", kang=hanzi("kang")),
            ),
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
            ("peng", _l("peng %(peng)s: three alike, one taken", peng=hanzi("peng"))),
            ("an-ke", _l("an-ke %(anke)s: three alike from your hand, shown", anke=hanzi("anke"))),
            (
                "ming-gang",
                _l(
                    "ming-gang %(minggang)s (ku %(ku)s): four alike, one taken",
                    minggang=hanzi("minggang"),
                    ku=hanzi("ku"),
                ),
            ),
            (
                "an-gang",
                _l(
                    "an-gang %(angang)s / %(houmo)s: four alike drawn later",
                    angang=hanzi("angang"),
                    houmo=hanzi("houmo"),
                ),
            ),
            (
                "long",
                _l(
                    "long %(long)s / %(qishou)s: four alike dealt to you",
                    long=hanzi("long"),
                    qishou=hanzi("qishou"),
                ),
            ),
        ),
        (
            Option(
                "generals",
                _l("Rule set"),
                "select",
                (
                    ("2", _l("Two generals %(shuangjiang)s", shuangjiang=hanzi("shuangjiang"))),
                    ("1", _l("One general %(danjiang)s", danjiang=hanzi("danjiang"))),
                ),
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
