"""Counting a laid-out pile (``analyze``) and settling a deal of the trick game.

16 cards laid out win (小胡, 1), 21 一甲 (2), 23 两甲 (4); each 翻 of 三红四黑 doubles
(one 翻 per card beyond 16 at most). 15 laid out with 5 in hand may end the deal as
脱手 (nobody wins or pays).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.engine.chuanpai.cards import KINDS, counts_of
from app.engine.chuanpai.common import evolve
from app.engine.chuanpai.tricks.plays import N
from app.engine.chuanpai.tricks.rules import PLAYERS, VARIANT, TrickRules
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Count, CountLine
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, Outcome, ScoredMeld

RED_CARDS = frozenset({"66", "11", "44", "45", "34", "14"})
"""红牌 for 翻 (三红四黑): 天, 地, 人, 红九, 三四, 红五; the rest are black."""

RED = tuple(face in RED_CARDS for face in KINDS)

COUNT_CODES: tuple[str, ...] = (
    "cp-tj-pile",
    "cp-tj-xiaohu",
    "cp-tj-yijia",
    "cp-tj-liangjia",
    "cp-tj-fan",
    "cp-tj-tuoshou",
    "cp-tj-short",
    "cp-tj-baopai",
    "cp-tj-fapai",
)


@dataclass(frozen=True, slots=True)
class PileCount:
    """The count of a laid-out pile (摆牌): cards, level, 翻 and value."""

    cards: int
    level: int  # 0 (not a win), 1 小胡, 2 一甲, 4 两甲
    fan: int
    value: int
    sets: tuple[tuple[str, int, int], ...]  # (face, copies, 翻 it offers)
    tuoshou: bool
    count: Count


def fan_sets(pile: Sequence[str]) -> tuple[tuple[str, int, int], ...]:
    """三红四黑 (as documented): three of a red card 1 翻, four 2; four of a black 1."""
    c = counts_of(pile)
    return tuple(
        (KINDS[k], n, n - 2 if RED[k] else 1)
        for k in range(N)
        if (n := c[k]) == 4 or (n == 3 and RED[k])
    )


def _level(n: int) -> tuple[int, str]:
    if n >= 23:
        return 4, "cp-tj-liangjia"
    if n >= 21:
        return 2, "cp-tj-yijia"
    return 1, "cp-tj-xiaohu"


DECK = 84
PILE_LINES = tuple(CountLine("cp-tj-pile", n, {"cards": n}, "info") for n in range(DECK + 1))
LEVEL_LINES = {
    n: CountLine(_level(n)[1], _level(n)[0], {"cards": n}, "=") for n in range(16, DECK + 1)
}
FAN_LINES = tuple(
    CountLine("cp-tj-fan", 2, {"n": i + 1, "cards": 17 + i}, "x") for i in range(DECK)
)
"""The lines of a pile's count, made once (a count is a few of them)."""


def count_pile(pile: Sequence[str], in_hand: int | None, rules: TrickRules) -> PileCount:
    """Count a laid-out pile; ``in_hand`` (cards left in hand) decides 脱手 at 15."""
    return PileCount(len(pile), *_count(pile, in_hand, rules))


_Counted = tuple[int, int, int, tuple[tuple[str, int, int], ...], bool, Count]


def _count(pile: Sequence[str], in_hand: int | None, rules: TrickRules) -> _Counted:
    """(level, 翻, value, 翻 sets, 脱手, count) of a pile."""
    n = len(pile)
    if n < 16:
        tuoshou = n == 15 and in_hand == 5
        code = "cp-tj-tuoshou" if tuoshou else "cp-tj-short"
        line = CountLine(code, 0, {"cards": n, "in_hand": in_hand}, "info")
        return 0, 0, 0, (), tuoshou, Count((PILE_LINES[n], line), 0)
    level = LEVEL_LINES[n].points
    sets = fan_sets(pile) if rules.fan == "sets" and n > 16 else ()
    fan = min(sum(s[2] for s in sets), n - 16)
    value = level * 2**fan
    lines = (PILE_LINES[n], LEVEL_LINES[n]) + FAN_LINES[:fan]
    return level, fan, value, sets, False, Count(lines, value)


def analyze(pile: Sequence[str], in_hand: int | None, rules: TrickRules) -> Analysis:
    """The pile as an :class:`Analysis`: ``points`` = cards laid out when it wins,
    ``melds`` = the 翻 sets; ``value``, ``level``, ``fan``, ``tuoshou`` beside them."""
    level, fan, value, sets, tuoshou, count = _count(pile, in_hand, rules)
    win = level > 0
    melds = tuple(ScoredMeld("fan-set", (face,) * n, f) for face, n, f in sets)
    extra = {"value": value, "level": level, "fan": fan, "tuoshou": tuoshou}
    return Analysis(VARIANT, win, win, len(pile) if win else None, "hu", melds, count, extra=extra)


# -- the end of a deal ---------------------------------------------------------------


def finish(state: TrickState) -> TrickState:
    """Settle: each loser pays the winner's value; a 包牌 seat pays for both."""
    w = state.first_to_16
    if w is None:
        return evolve(state, phase="over", winner=None, scores=(0,) * PLAYERS)
    pc = count_pile(state.piles[w], None, state.rules)
    value = pc.value
    lines = list(pc.count.lines)
    scores = [0] * PLAYERS
    b = state.baopai
    if b is not None and b != w:
        scores[b] = -2 * value
        lines.append(CountLine("cp-tj-baopai", 2 * value, {"seat": b}, "info"))
    else:
        scores = [0 if i == w else -value for i in range(PLAYERS)]
    scores[w] = -sum(scores)
    count = Count.of(lines, value)
    return evolve(state, phase="over", winner=w, scores=tuple(scores), count=count)


def fapai(state: TrickState, s: int, reason: Reason) -> TrickState:
    """罚牌 (inferred amount): not beating when able ends the deal; the offender pays
    each other player 1 (the value of a 小胡)."""
    scores = tuple(-(PLAYERS - 1) if i == s else 1 for i in range(PLAYERS))
    count = Count.of([CountLine("cp-tj-fapai", 1, {"seat": s}, "info")], 1)
    return evolve(state, phase="over", foul=reason, foul_seat=s, scores=scores, count=count)


def tuoshou(state: TrickState, s: int) -> TrickState:
    """脱手: 15 laid out with 5 in hand; nobody wins or pays."""
    n = len(state.piles[s])
    line = CountLine("cp-tj-tuoshou", 0, {"cards": n, "in_hand": sum(state.hands[s])}, "info")
    return evolve(state, phase="over", tuoshou=s, scores=(0,) * PLAYERS, count=Count.of([line], 0))


def ended(state: TrickState) -> TrickState:
    """The over fields that follow from the rest (a decoded or read position)."""
    if state.foul is not None and state.foul_seat is not None:
        return fapai(state, state.foul_seat, state.foul)
    if state.tuoshou is not None:
        return tuoshou(state, state.tuoshou)
    return finish(state)


def outcome(state: TrickState) -> Outcome | None:
    """``win``, ``huang`` (黄牌: nobody reached 16), ``tuoshou`` or ``foul`` (罚牌)."""
    if state.phase != "over":
        return None
    if state.foul is not None:
        extra = {"seat": state.foul_seat}
        return Outcome(None, "foul", state.scores, state.count, reason=state.foul, extra=extra)
    if state.tuoshou is not None:
        return Outcome(None, "tuoshou", state.scores, state.count, extra={"seat": state.tuoshou})
    how = "huang" if state.winner is None else "win"
    extra = {} if state.baopai is None else {"baopai": state.baopai}
    return Outcome(state.winner, how, state.scores, state.count, extra=extra)
