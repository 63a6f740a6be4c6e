"""Counting and settlement of the pairing game: ``analyze``, ``waits``, payments.

A seat goes out (和牌) when every card is in a group; each other seat pays it its 胡
plus a base of 1 (eight 胡 → each pays nine).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import GUAIZI, INDEX, KINDS, N_KINDS, POINTS, copy_limit, is_jing
from app.engine.chuanpai.common import evolve
from app.engine.chuanpai.melds import Meld, count_lines
from app.engine.chuanpai.pairing.rules import VARIANT, PairingRules
from app.engine.chuanpai.pairing.state import PairingState
from app.engine.core.actions import Count, CountLine
from app.engine.core.results import Analysis, Outcome, Wait

UNIT = "hu"


def analyze(hand: Sequence[int], melds: Sequence[Meld], rules: PairingRules) -> Analysis:
    """Whether the cards go out, and their best count (base not included)."""
    arr = an.best_arrangement(hand, rules.jing)
    if arr is None:
        return Analysis(VARIANT, False, False, None, UNIT)
    every = tuple(melds) + arr.melds
    total = sum(m.points for m in every)
    scored = tuple(m.scored for m in every)
    return Analysis(VARIANT, True, True, total, UNIT, scored, Count.of(count_lines(every), total))


def waits(hand: Sequence[int], melds: Sequence[Meld], rules: PairingRules) -> list[Wait]:
    """Every card the deck still holds that completes the hand, with its best count.

    Faces that add no new group (a lone card of its pips, not a seven, not the 拐子)
    only matter by their pips: one arrangement per pip class serves them all.
    """
    used = _in_sight(hand, melds)
    laid = sum(m.points for m in melds)
    held = tuple(hand)
    by_class: dict[int, int | None] = {}
    out = []
    for k in range(N_KINDS):
        if used[k] >= copy_limit(KINDS[k], rules.jing):
            continue
        shared = _only_pips_matter(hand, k)
        if shared and POINTS[k] in by_class:
            points = by_class[POINTS[k]]
        else:
            points = _points_with(held, k, rules.jing)
            if shared:
                by_class[POINTS[k]] = points
        if points is not None:
            out.append(Wait(KINDS[k], points + laid))
    return out


def _in_sight(hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    used = list(hand)
    for m in melds:
        for c in m.cards:
            used[INDEX[c]] += 1
    return used


def _only_pips_matter(hand: Sequence[int], k: int) -> bool:
    return k != GUAIZI and not is_jing(k) and hand[k] <= 1 and k not in an.SEVEN_IDX


@lru_cache(maxsize=16384)
def _points_with(hand: tuple[int, ...], k: int, jing: bool) -> int | None:
    """The best count of ``hand`` and one more card of kind ``k`` (None: incomplete)."""
    h = list(hand)
    h[k] += 1
    arr = an.best_arrangement(h, jing)
    return None if arr is None else arr.points


def settle(points: int, winner: int, players: int) -> tuple[int, ...]:
    """Each loser pays the winner its 胡 plus the base of 1."""
    pay = points + 1
    return tuple(pay * (players - 1) if i == winner else -pay for i in range(players))


def settled(state: PairingState, s: int) -> PairingState:
    """The deal over, seat ``s`` gone out: its count (with the base) and the payments."""
    seat = state.seats[s]
    res = analyze(seat.hand, seat.melds, state.rules)
    assert res.points is not None and res.count is not None
    count = Count.of(res.count.lines + (CountLine("cp-base", 1),), res.points + 1)
    scores = settle(res.points, s, state.rules.players)
    return evolve(state, phase="over", winner=s, scores=scores, count=count)


def ended(state: PairingState) -> PairingState:
    """The over fields that follow from the rest: the winner's settlement, else zeros."""
    if state.winner is not None:
        return settled(state, state.winner)
    return evolve(state, scores=(0,) * state.rules.players, count=None)


def outcome(state: PairingState) -> Outcome | None:
    """How the deal ended: ``hu`` (a seat went out), ``huang`` (no stock), ``foul``."""
    if state.phase != "over":
        return None
    if state.winner is not None:
        return Outcome(state.winner, "hu", state.scores, state.count)
    if state.foul is not None:
        return Outcome(
            None, "foul", state.scores, reason=state.foul, extra={"seat": state.foul_seat}
        )
    return Outcome(None, "huang", state.scores)
