"""The numbers of the rules pages, worked out by the engine when a page is drawn.

A rules page's YAML holds words; every number in its tables comes from here:

- :func:`meld_worth`: what a group is worth (胡息, 胡), by the game's own scoring;
- :func:`count_line`: the points of one count line of a lesson step's worked example
  (the same example the lesson shows, counted by ``Game.analyze``);
- :data:`GENERATED`: whole tables the engine makes (囤 by 胡息, 名堂, 舵 by 胡, the trick
  game's levels, the Nantong 胡 table), at the game's default rules.

A generated table is a list of rows; a cell is a number, a :class:`Span` of numbers
(15–17, "23 or more") or a :class:`Key` the page's YAML gives words for (``labels``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from app.engine.chuanpai.cards import KINDS as CHUANPAI_KINDS
from app.engine.chuanpai.melds import Meld as ChuanpaiMeld
from app.engine.chuanpai.pairing import settle as pairing_settle
from app.engine.chuanpai.tricks import settle as tricks_settle
from app.engine.core.actions import CountLine
from app.engine.core.registry import find_game
from app.engine.core.results import Analysis
from app.engine.nantong import count as nantong_count
from app.engine.nantong import rules as nantong_rules
from app.engine.zipai import settle as zipai_settle
from app.engine.zipai.melds import meld_of

V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Span:
    low: int
    high: int | None  # None: "low or more"


@dataclass(frozen=True, slots=True)
class Key:
    """A row's name, worded by the page (its YAML ``labels``)."""

    key: str


@dataclass(frozen=True, slots=True)
class Times:
    """A multiplier, ×n."""

    n: int


@dataclass(frozen=True, slots=True)
class Plus:
    """An addition, +n."""

    n: int


GenCell = int | Span | Key | Times | Plus


def meld_worth(game: str, text: str) -> int:
    """What the group ``"kind: cards"`` is worth at the game's default rules."""
    kind, _, cards = text.replace("：", ":").partition(":")
    family = find_game(game).info.family
    if family == "zipai":
        rules = find_game(game).default_rules
        return meld_of(kind.strip(), cards, rules.yiwushi).points(rules.yiwushi)
    if family == "chuanpai":
        return int(ChuanpaiMeld.make(kind.strip(), cards.split()).points)
    raise ValueError(f"{game}: no group worth outside the 字牌 and 川牌 games")


@cache
def _analysis(ref: str) -> Analysis:
    """``Game.analyze`` of the holding a lesson step shows (its worked example, or the
    hand of its exercise)."""
    from app.learning.lessons import get, step_of

    step = step_of(ref)
    lesson = get(ref.partition("#")[0])
    if step is None or lesson is None:
        raise ValueError(f"{ref}: no such lesson step")
    game = find_game(lesson.game)
    if step.example is not None:
        ex = step.example
        rules = game.rules(ex.rules)
        melds = tuple(tuple(m.replace("：", ":").split(":", 1)) for m in ex.melds)
        holding = game.holding(ex.hand, melds, ex.context, rules)  # type: ignore[arg-type]
    elif step.exercise is not None and step.exercise.setup.hand:
        su = step.exercise.setup
        rules = game.rules(step.exercise.rules)
        holding = game.holding(su.hand, su.melds, su.context, rules)
    else:
        raise ValueError(f"{ref}: no holding to count there")
    return game.analyze(holding, rules)


def count_line(ref: str, code: str) -> CountLine:
    """The count line ``code`` of the worked example at ``ref``."""
    a = _analysis(ref)
    lines = [ln for ln in (a.count.lines if a.count else ()) if ln.code == code]
    if a.settlement is not None:
        lines += [ln for ln in a.settlement.lines if ln.code == code]
    if not lines:
        raise ValueError(f"{ref}: its count has no line {code}")
    return lines[0]


def _spans(values: Iterable[tuple[int, V]], last: int) -> list[tuple[Span, V]]:
    """Runs of equal values as spans; the run reaching ``last`` is open ("or more")."""
    out: list[tuple[Span, V]] = []
    for x, v in values:
        if out and out[-1][1] == v:
            out[-1] = (Span(out[-1][0].low, x), v)
        else:
            out.append((Span(x, x), v))
    span, v = out[-1]
    out[-1] = (Span(span.low, None if span.high == last else span.high), v)
    return out


def _hunan_tun() -> list[list[GenCell]]:
    rules = find_game("hunan").rules({"mingtang": "none"})
    low = rules.min_huxi
    zero = [0] * 20

    def tun(h: int) -> int:
        count = zipai_settle.settle(h, zero, rules, zipai_settle.WinContext())
        return next(ln.points for ln in count.lines if ln.code == "zp-tun")

    rows = _spans(((h, tun(h)) for h in range(low, low + 12)), low + 12)
    return [[span, v] for span, v in rows[:4]]


def _hunan_mingtang() -> list[list[GenCell]]:
    reds = [(r, zipai_settle.mingtang(r)) for r in range(0, 21)]
    out: list[list[GenCell]] = []
    for span, found in _spans(((r, m) for r, m in reds), 20):
        if found is not None:
            code, factor = found
            out.append([Key(code), span, Times(factor)])
    return out


def _guilin_duo() -> list[list[GenCell]]:
    rules = find_game("guilin").default_rules
    low = rules.min_huxi
    zero = [0] * 20

    def duo(h: int) -> int:
        count = zipai_settle.settle(h, zero, rules, zipai_settle.WinContext())
        return next(ln.points for ln in count.lines if ln.code == "zp-duo")

    rows = _spans(((h, duo(h)) for h in range(low, low + 20)), low + 20)
    return [[span, v] for span, v in rows[:4]]


def _guilin_extras() -> list[list[GenCell]]:
    """What each extra adds to a Guilin win, as the settlement counts it."""
    rules = find_game("guilin").default_rules
    counts = [0] * 20
    counts[2] = 1  # one 三 held; the card turned for 醒 below is its neighbour 四

    def total(ctx: zipai_settle.WinContext) -> int:
        return zipai_settle.settle(10, counts, rules, ctx).total

    base = total(zipai_settle.WinContext())
    out: list[list[GenCell]] = [
        [Key("zp-zimo"), Plus(total(zipai_settle.WinContext(zimo=True)) - base)],
        [Key("zp-xing"), Plus(total(zipai_settle.WinContext(xing_card=3)) - base)],
    ]
    for sp in ("tianhu", "dihu", "sanlong", "wukan"):
        out.append([Key(f"zp-{sp}"), Plus(total(zipai_settle.WinContext(specials=(sp,))) - base)])
    return out


def _chuanpai_pay() -> list[list[GenCell]]:
    """What each loser pays and the winner gets, at the default table, for a few counts."""
    players = find_game("chuanpai").default_rules.players
    out: list[list[GenCell]] = []
    for hu in (0, 4, 8):
        scores = pairing_settle.settle(hu, 0, players)
        out.append([hu, -scores[1], scores[0]])
    return out


def _nantong_wenqian() -> list[list[GenCell]]:
    return [[n, nantong_count.WENQIAN_HU[n]] for n in range(1, len(nantong_count.WENQIAN_HU))]


def _tricks_levels() -> list[list[GenCell]]:
    rules = find_game("chuanpai-tricks").rules({"fan": "none"})

    def level(n: int) -> tuple[str, int]:
        # a pile of n cards without any 翻 set: every kind at most twice
        pile = [k for k in CHUANPAI_KINDS for _ in range(2)][:n]
        pc = tricks_settle.count_pile(pile, None, rules)
        return pc.count.lines[1].code, pc.value

    rows = _spans(((n, level(n)) for n in range(16, 30)), 29)
    return [[Key(code), span, value] for span, (code, value) in rows]


def _nantong_rows(shuang: bool) -> Callable[[], list[list[GenCell]]]:
    def rows() -> list[list[GenCell]]:
        out: list[list[GenCell]] = []
        for row in nantong_rules.ROWS:
            if (row in _SHUANG_ROWS) != shuang:
                continue
            out.append([Key(row.code), *(row.value(m) for m in nantong_rules.MADE)])
        return out

    return rows


_SHUANG_ROWS = (
    nantong_rules.S_PUTONG,
    nantong_rules.S_ZAIJIANG,
    nantong_rules.S_SHUANG,
    nantong_rules.S_BANBIAN,
    nantong_rules.S_SHUANGLONG,
)

GENERATED: dict[str, Callable[[], list[list[GenCell]]]] = {
    "hunan-tun": _hunan_tun,
    "hunan-mingtang": _hunan_mingtang,
    "guilin-duo": _guilin_duo,
    "guilin-extras": _guilin_extras,
    "chuanpai-pay": _chuanpai_pay,
    "nantong-wenqian": _nantong_wenqian,
    "tricks-levels": _tricks_levels,
    "nantong-rows-2": _nantong_rows(True),
    "nantong-rows-1": _nantong_rows(False),
}


@cache
def generated(name: str) -> tuple[tuple[GenCell, ...], ...]:
    return tuple(tuple(r) for r in GENERATED[name]())
