"""Whose decision a card on offer waits for, and what each seat may do with it.

Seats are asked one at a time, in the order of :data:`~.state.STAGES`: the drawer's
forced 提/偎 (``self``); 胡 (the drawer first, then in seat order); a forced 跑
(``pao``); 碰; 吃 (the drawer before the next seat). A forced action ends the list:
nobody below it is asked. Passed decisions are skipped (:func:`decider`).
"""

from __future__ import annotations

from collections.abc import Iterator

from app.engine.core.actions import Action
from app.engine.zipai.bi import chi_options
from app.engine.zipai.cards import TOKENS, Card
from app.engine.zipai.melds import CHI, CHOUWEI, PAO, PENG, TI, WEI
from app.engine.zipai.rules import GUILIN
from app.engine.zipai.state import SEATS, STAGES, Offer, State
from app.engine.zipai.winning import can_hu

Decision = tuple[str, int, list[Action]]  # (stage, seat, its actions)


def blocked(state: State, t: int, card: Card, kind: str) -> str | None:
    """The reason code if seat ``t`` may not 吃 (``kind`` CHI) or 碰 ``card``: a card it
    discarded itself, or its 臭牌 (Hunan: both for 吃 and 碰; Guilin: 吃 only)."""
    seat = state.seats[t]
    bit = 1 << card
    if kind == CHI or state.rules.chou_blocks_peng:
        if seat.thrown & bit:
            return "zp-own-discard"
        if seat.chou & bit:
            return "chou-card"
    return None


def self_forced(state: State, offer: Offer) -> Action | None:
    """The drawer's forced 提 (from a 坎 or its 偎) or 偎/臭偎 (from a pair), if any."""
    s = offer.seat
    seat = state.seats[s]
    c = offer.card
    if seat.hand[c] == 3 or seat.meld_of(c, (WEI, CHOUWEI)) is not None:
        return Action(state.kind_name(TI), s, (TOKENS[c],) * 4, True)
    if seat.hand[c] == 2:
        kind = CHOUWEI if seat.refused_peng & (1 << c) else WEI
        return Action(state.kind_name(kind), s, (TOKENS[c],) * 3, True)
    return None


def pao_seat(state: State, offer: Offer) -> int | None:
    """The seat whose 跑 the card forces: another seat's 坎 or 偎 (Guilin: 扫 only on a
    drawn card), or a 碰 on a drawn card (Guilin: only the owner's own draw)."""
    c = offer.card
    for t in range(SEATS):
        seat = state.seats[t]
        if t != offer.seat and seat.hand[c] == 3:
            return t
        if (
            t != offer.seat
            and seat.meld_of(c, (WEI, CHOUWEI)) is not None
            and (offer.source == "draw" or state.rules.wei_pao_on_discard)
        ):
            return t
        if (
            offer.source == "draw"
            and seat.meld_of(c, (PENG,)) is not None
            and (t == offer.seat or state.rules.peng_pao_any_draw)
        ):
            return t
    return None


def _peng(state: State, t: int, offer: Offer) -> list[Action]:
    c = offer.card
    hand = state.seats[t].hand
    if t == offer.seat or hand[c] != 2 or blocked(state, t, c, PENG):
        return []
    if not any(0 < n < 3 for i, n in enumerate(hand) if i != c):
        return []  # nothing left to discard
    return [Action(PENG, t, (TOKENS[c],) * 3)]


def _chi(state: State, t: int, offer: Offer) -> list[Action]:
    c = offer.card
    if blocked(state, t, c, CHI):
        return []
    return [
        Action(
            CHI,
            t,
            tuple(TOKENS[x] for x in group),
            False,
            {"bi": [[TOKENS[x] for x in g] for g in bis]} if bis else {},
        )
        for group, bis in chi_options(state.seats[t].hand, c, state.rules.yiwushi)
    ]


def stage_actions(state: State, stage: str, t: int) -> list[Action]:
    """The actions of seat ``t`` at ``stage`` of the current offer (empty if none)."""
    offer = state.offer
    assert offer is not None
    c = offer.card
    if stage == "self":
        if t != offer.seat or offer.source != "draw":
            return []
        a = self_forced(state, offer)
        return [a] if a is not None else []
    if stage == "hu":
        return [Action("hu", t, (TOKENS[c],))] if can_hu(state, t, offer) else []
    if offer.source == "liang":
        return []
    if stage == "pao":
        if pao_seat(state, offer) != t:
            return []
        return [Action(state.kind_name(PAO), t, (TOKENS[c],) * 4, True)]
    if stage == "peng":
        return _peng(state, t, offer)
    return _chi(state, t, offer)


def stage_seats(state: State, stage: str) -> list[int]:
    """The seats asked at ``stage``, in order."""
    offer = state.offer
    assert offer is not None
    s = offer.seat
    if stage == "self":
        return [s]
    if stage == "hu":
        if offer.source == "liang":
            return [s, (s + 1) % SEATS, (s + 2) % SEATS] if state.rules.game != GUILIN else [s]
        if offer.source == "discard":
            return [(s + 1) % SEATS, (s + 2) % SEATS]
        return [s, (s + 1) % SEATS, (s + 2) % SEATS]
    if stage == "pao":
        p = pao_seat(state, offer) if offer.source != "liang" else None
        return [] if p is None else [p]
    if stage == "peng":
        return [t for t in range(SEATS) if t != s]
    if offer.source == "discard":
        return [(s + 1) % SEATS]
    return [s, (s + 1) % SEATS]


def candidates(state: State, full: bool = False) -> Iterator[Decision]:
    """(stage, seat, actions) for every seat with something to decide, in priority order.

    A forced action (the drawer's 提/偎, a 跑) ends the list unless ``full``."""
    offer = state.offer
    if offer is None:
        return
    for stage in STAGES:
        for t in stage_seats(state, stage):
            acts = stage_actions(state, stage, t)
            if acts:
                yield stage, t, acts
                if stage in ("self", "pao") and not full:
                    return  # forced: nobody below is asked


class _Decisions:
    """The decisions on one card on offer in priority order, worked out only as far as
    asked. Passing changes nothing they depend on (臭牌 is marked when the offer ends; a
    declined 胡 or 碰 only concerns the seat that passed it), so the states an offer
    passes through share one."""

    __slots__ = ("found", "rest")

    def __init__(self, state: State) -> None:
        self.found: list[Decision] = []
        self.rest: Iterator[Decision] | None = candidates(state)

    def __iter__(self) -> Iterator[Decision]:
        i = 0
        while True:
            if i < len(self.found):
                yield self.found[i]
                i += 1
                continue
            nxt = None if self.rest is None else next(self.rest, None)
            if nxt is None:
                self.rest = None
                return
            self.found.append(nxt)


_MISSING = object()


def decider(state: State) -> Decision | None:
    """The seat whose decision on the offer is due now (passes skipped)."""
    cached = state.__dict__.get("_decider", _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[no-any-return]
    found = _find_decider(state)
    object.__setattr__(state, "_decider", found)  # a cache, not a field: states stay immutable
    return found


def after_pass(before: State, after: State) -> State:
    """``after`` (``before`` with a pass on the same offer) shares its decisions."""
    decisions = before.__dict__.get("_decisions")
    if decisions is not None:
        object.__setattr__(after, "_decisions", decisions)
    return after


def _find_decider(state: State) -> Decision | None:
    offer = state.offer
    if state.phase != "offer" or offer is None:
        return None
    decisions = state.__dict__.get("_decisions")
    if decisions is None:
        decisions = _Decisions(state)
        object.__setattr__(state, "_decisions", decisions)
    for stage, t, acts in decisions:
        if (stage, t) not in offer.passed:
            return stage, t, acts
    return None


def to_move(state: State) -> int | None:
    """The seat whose action is due, or None (the deal is over, or nobody may act on the
    card on offer of a hand-written position)."""
    if state.phase == "over":
        return None
    if state.phase == "offer":
        d = decider(state)
        return None if d is None else d[1]
    return state.turn
