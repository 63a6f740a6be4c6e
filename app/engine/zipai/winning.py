"""Judging wins in play: a seat's holding with or without one more card (破跑胡 included).

A card taken for a win may be counted as a free card, or complete a 偎/碰 from a pair,
a 提/跑 from a 坎, or turn a 偎/碰 on the table into a 提/跑: every reading is scored
and the best kept (the first of equal ones). The ``points`` functions only score
(-1: not complete); the ``arrangement`` functions also give the groups, for the count.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from app.engine.zipai.cards import KINDS, Card
from app.engine.zipai.decompose import (
    ONE,
    Arrangement,
    arrange_pool,
    decomposer,
    fills,
    pack,
    split_concealed,
)
from app.engine.zipai.melds import CHOUWEI, KAN, PAO, PENG, TI, WEI, Meld
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.state import Offer, Seat, State

_Reading = tuple[list[int], list[Meld]]  # free cards per kind, fixed groups


def _alike_points(kind: str, size: int) -> tuple[int, ...]:
    return tuple(Meld(kind, (c,) * size).points() for c in range(KINDS))


KAN_PTS = _alike_points(KAN, 3)
WEI_PTS = _alike_points(WEI, 3)
PENG_PTS = _alike_points(PENG, 3)
PAO_PTS = _alike_points(PAO, 4)
TI_PTS = _alike_points(TI, 4)


def _score(pool: list[int], fixed: list[Meld], yiwushi: bool) -> int:
    quads = any(m.is_quad for m in fixed)
    if not fills(sum(pool), quads, len(fixed)):
        return -1
    pts = decomposer(yiwushi).points(pack(pool), quads)
    return -1 if pts < 0 else pts + sum(m.points(yiwushi) for m in fixed)


def _readings(
    seat: Seat, card: Card, self_draw: bool, peng_upgrade: bool, wei_upgrade: bool
) -> Iterator[_Reading]:
    """Every way the holding plus ``card`` may be grouped around that card."""
    pool, fixed = split_concealed(seat.hand)
    melds = list(seat.melds)
    p = list(pool)
    p[card] += 1
    yield p, melds + fixed
    n = seat.hand[card]
    if n == 2:
        p = list(pool)
        p[card] = 0
        yield p, melds + fixed + [Meld(WEI if self_draw else PENG, (card,) * 3)]
    if n == 3:
        quad = Meld(TI if self_draw else PAO, (card,) * 4)
        yield pool, melds + [m for m in fixed if m.cards[0] != card] + [quad]
    for i, m in enumerate(melds):
        if m.cards[0] != card:
            continue
        if (m.kind in (WEI, CHOUWEI) and wei_upgrade) or (m.kind == PENG and peng_upgrade):
            quad = Meld(TI if self_draw and m.kind != PENG else PAO, (card,) * 4)
            yield pool, melds[:i] + melds[i + 1 :] + [quad] + fixed


def _best_reading(readings: Iterator[_Reading], yiwushi: bool) -> tuple[int, _Reading | None]:
    best, choice = -1, None
    for reading in readings:
        pts = _score(*reading, yiwushi)
        if pts > best:
            best, choice = pts, reading
    return best, choice


def holding_points(seat: Seat, yiwushi: bool) -> int:
    """胡息 of the best arrangement of a seat's holding as it stands, or -1."""
    pool, fixed = split_concealed(seat.hand)
    return _score(pool, list(seat.melds) + fixed, yiwushi)


def holding_arrangement(seat: Seat, yiwushi: bool) -> Arrangement | None:
    """The best arrangement of a seat's holding as it stands (no extra card)."""
    pool, fixed = split_concealed(seat.hand)
    return arrange_pool(pool, list(seat.melds) + fixed, yiwushi)


def _reading_args(state: State, t: int, offer: Offer) -> tuple[bool, bool, bool] | None:
    """(self_draw, peng_upgrade, wei_upgrade) for seat ``t`` winning on ``offer``, or
    None when the rules let it not win on that card at all."""
    rules = state.rules
    if offer.source == "discard":
        if not rules.win_on_discard:
            return None
        return False, False, rules.wei_pao_on_discard
    self_draw = offer.source == "draw" and t == offer.seat
    peng_up = (self_draw or rules.peng_pao_any_draw) and offer.source != "liang"
    return self_draw, peng_up, True


def _dealer_liang(state: State, t: int, offer: Offer) -> bool:
    """The dealer's 亮张 is already in his 21 cards."""
    return offer.source == "liang" and t == state.dealer


def hu_points(state: State, t: int, offer: Offer) -> int:
    """胡息 of seat ``t``'s best win on the card on offer (no minimum), or -1."""
    yiwushi = state.rules.yiwushi
    if _dealer_liang(state, t, offer):
        return holding_points(state.seats[t], yiwushi)
    args = _reading_args(state, t, offer)
    if args is None:
        return -1
    return points_with(state.seats[t], offer.card, *args, yiwushi)


def points_with(
    seat: Seat, card: Card, self_draw: bool, peng_up: bool, wei_up: bool, yiwushi: bool
) -> int:
    """The best of :func:`_readings`, scored without building them: the hand is split
    and packed once, and each reading only changes the packed key and the fixed groups'
    count, 跑/提 and points."""
    hand = seat.hand
    key, free, n_fixed, quads, pts = _packed(tuple(hand), tuple(seat.melds), yiwushi)
    one = ONE[card]
    n = hand[card]
    best = _points(key + one, free + 1, n_fixed, quads, pts, yiwushi)  # a free card
    if n == 2:  # the pair and the card: 偎 / 碰
        three = (WEI_PTS if self_draw else PENG_PTS)[card]
        best = max(best, _points(key - 2 * one, free - 2, n_fixed + 1, quads, pts + three, yiwushi))
    if n == 3:  # the 坎 and the card: 提 / 跑
        four = (TI_PTS if self_draw else PAO_PTS)[card] - KAN_PTS[card]
        best = max(best, _points(key, free, n_fixed, quads + 1, pts + four, yiwushi))
    for m in seat.melds:
        if m.cards[0] != card:
            continue
        if (m.kind in (WEI, CHOUWEI) and wei_up) or (m.kind == PENG and peng_up):
            four = (TI_PTS if self_draw and m.kind != PENG else PAO_PTS)[card]
            up = pts - m.points(yiwushi) + four
            best = max(best, _points(key, free, n_fixed, quads + 1, up, yiwushi))
    return best


@lru_cache(maxsize=4096)  # a seat's holding is judged on every card offered until it changes
def _packed(
    hand: tuple[int, ...], melds: tuple[Meld, ...], yiwushi: bool
) -> tuple[int, int, int, int, int]:
    """A holding split once: (packed free cards, their number, fixed groups, 跑/提, the
    fixed groups' points)."""
    key = free = 0
    n_fixed = len(melds)
    quads = sum(1 for m in melds if m.is_quad)
    pts = 0
    for m in melds:
        pts += m.points(yiwushi)
    for c in range(KINDS):
        n = hand[c]
        if n >= 3:
            n_fixed += 1
            quads += n == 4
            pts += (TI_PTS if n == 4 else KAN_PTS)[c]
        elif n:
            key += n * ONE[c]
            free += n
    return key, free, n_fixed, quads, pts


def _points(key: int, free: int, n_fixed: int, quads: int, fixed_pts: int, yiwushi: bool) -> int:
    if not fills(free, quads > 0, n_fixed):
        return -1
    got = decomposer(yiwushi).points(key, quads > 0)
    return -1 if got < 0 else got + fixed_pts


def hu_arrangement(state: State, t: int, offer: Offer) -> Arrangement | None:
    """Seat ``t``'s best arrangement with the card on offer (no minimum), or None."""
    yiwushi = state.rules.yiwushi
    if _dealer_liang(state, t, offer):
        return holding_arrangement(state.seats[t], yiwushi)
    args = _reading_args(state, t, offer)
    if args is None:
        return None
    _, choice = _best_reading(_readings(state.seats[t], offer.card, *args), yiwushi)
    return None if choice is None else arrange_pool(*choice, yiwushi)


def chou_hu_blocked(state: State, t: int, card: Card) -> bool:
    """臭胡: seat ``t`` declined a win on ``card`` and its table 胡息 has not changed."""
    if not state.rules.chou_hu:
        return False
    seat = state.seats[t]
    if not seat.chou_hu:
        return False
    now = seat.table_huxi(state.rules.yiwushi)
    return any(c == card and h == now for c, h in seat.chou_hu)


def can_hu(state: State, t: int, offer: Offer) -> bool:
    """Whether seat ``t`` may win on the card on offer now (minimum and 臭胡 included)."""
    if hu_points(state, t, offer) < state.rules.min_huxi:
        return False
    return not chou_hu_blocked(state, t, offer.card)


def play_hu_points(state: State) -> int:
    """胡息 of the player-to-play's holding when it is a win as it stands, else -1."""
    pts = holding_points(state.seats[state.turn], state.rules.yiwushi)
    return pts if pts >= state.rules.min_huxi else -1


def is_ready(seat: Seat, rules: ZipaiRules) -> bool:
    """听牌: some card the seat could still draw would make its holding a win."""
    counts = seat.counts()
    for c in range(KINDS):
        if counts[c] >= 4:
            continue
        pts = _best_reading(_readings(seat, c, True, True, True), rules.yiwushi)[0]
        if pts >= rules.min_huxi:
            return True
    return False
