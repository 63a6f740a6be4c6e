"""Why an action is refused: :func:`why_illegal` returns a :class:`Reason` (or None).

Every code is in :data:`REASON_CODES`; each has a message in English and Chinese in
:mod:`app.messages.zipai`.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.zipai.bi import bi_options, take, usable
from app.engine.zipai.cards import Card, token
from app.engine.zipai.decompose import Arrangement
from app.engine.zipai.melds import CHI, KIND_ALIASES, PENG, chi_shape
from app.engine.zipai.state import (
    SEATS,
    State,
    action_cards,
    blocked,
    candidates,
    chou_hu_blocked,
    decider,
    find_legal,
    holding_arrangement,
    hu_arrangement,
)

REASON_CODES = (
    "zp-game-over",
    "zp-not-your-turn",
    "lower-priority",
    "zp-must-take-forced",
    "zp-must-draw",
    "zp-not-allowed-now",
    "zp-not-in-hand",
    "breaks-kan",
    "zp-no-discard-needed",
    "zp-must-discard",
    "zp-not-complete",
    "zp-below-minimum",
    "zp-chou-hu",
    "zp-no-win-on-discard",
    "chou-card",
    "zp-own-discard",
    "zp-not-next-seat",
    "zp-bad-chi",
    "must-bi",
    "zp-cannot-bi",
    "zp-bad-bi",
    "zp-no-discard-left",
)


def why_illegal(state: State, action: Action) -> Reason | None:
    """Why ``action`` is refused now, or None if it is legal."""
    if find_legal(state, action) is not None:
        return None
    kind = KIND_ALIASES.get(action.kind, action.kind)
    t = action.seat
    if state.phase == "over":
        return Reason("zp-game-over")
    if not 0 <= t < SEATS:
        return Reason("zp-not-your-turn", {"seat": t})
    try:
        cards = action_cards(action.cards)
        bis = [action_cards(g) for g in action.params.get("bi", ()) or ()]
    except (EngineError, TypeError):
        return Reason("zp-not-allowed-now", {"kind": action.kind})
    if state.phase in ("draw", "play"):
        if t != state.turn:
            return Reason("zp-not-your-turn", {"seat": t})
        return _why_play(state, kind, t, cards)
    return _why_offer(state, kind, t, cards, bis)


def _why_play(state: State, kind: str, t: int, cards: Sequence[Card]) -> Reason:
    if state.phase == "draw":
        return Reason("zp-must-draw")
    seat = state.seats[t]
    if kind == "discard":
        if not state.must_discard:
            return Reason("zp-no-discard-needed")
        if len(cards) != 1 or seat.hand[cards[0]] == 0:
            return Reason("zp-not-in-hand", {"cards": [token(c) for c in cards]})
        if seat.hand[cards[0]] >= 3:
            return Reason("breaks-kan", {"cards": [token(cards[0])]})
    if kind == "hu":
        return _why_no_hu(state, t, holding_arrangement(seat, state.rules.yiwushi), None)
    if kind == "pass" and state.must_discard:
        return Reason("zp-must-discard")
    return Reason("zp-not-allowed-now", {"kind": kind})


def _why_no_hu(state: State, t: int, arr: Arrangement | None, card: Card | None) -> Reason:
    if state.phase == "play" and not state.may_hu:
        return Reason("zp-not-allowed-now", {"kind": "hu"})
    if arr is None:
        return Reason("zp-not-complete")
    if arr.points < state.rules.min_huxi:
        return Reason("zp-below-minimum", {"huxi": arr.points, "min": state.rules.min_huxi})
    if card is not None and chou_hu_blocked(state, t, card):
        return Reason("zp-chou-hu", {"card": token(card)})
    return Reason("zp-not-allowed-now", {"kind": "hu"})


def _why_offer(
    state: State, kind: str, t: int, cards: Sequence[Card], bis: Sequence[Sequence[Card]]
) -> Reason:
    offer = state.offer
    assert offer is not None
    d = decider(state)
    c = offer.card
    if d is not None and d[1] == t and d[0] in ("self", "pao"):
        return Reason("zp-must-take-forced", {"kind": d[2][0].kind, "card": token(c)})
    if d is not None and d[1] != t:
        mine = [
            st for st, s, _ in candidates(state, True) if s == t and (st, s) not in offer.passed
        ]
        if mine:
            return Reason("lower-priority", {"seat": d[1], "stage": d[0]})
        if kind not in ("hu", "chi", PENG):
            return Reason("zp-not-your-turn", {"seat": t})
    seat = state.seats[t]
    if kind == "hu":
        if offer.source == "discard" and not state.rules.win_on_discard:
            return Reason("zp-no-win-on-discard", {"card": token(c)})
        return _why_no_hu(state, t, hu_arrangement(state, t, offer), c)
    if offer.source == "liang":
        return Reason("zp-not-allowed-now", {"kind": kind})
    if kind == PENG:
        if t == offer.seat:
            return Reason("zp-not-allowed-now", {"kind": kind})
        if seat.hand[c] < 2:
            return Reason("zp-not-in-hand", {"cards": [token(c)] * 2})
        why = blocked(state, t, c, PENG)
        if why:
            return Reason(why, {"card": token(c)})
        return Reason("zp-no-discard-left")
    if kind == CHI:
        return _why_no_chi(state, t, cards, bis)
    if d is None or d[1] != t:
        return Reason("zp-not-your-turn", {"seat": t})
    return Reason("zp-not-allowed-now", {"kind": kind})


def _why_no_chi(
    state: State, t: int, cards: Sequence[Card], bis: Sequence[Sequence[Card]]
) -> Reason:
    offer = state.offer
    assert offer is not None
    c = offer.card
    seat = state.seats[t]
    allowed = (
        [offer.seat, (offer.seat + 1) % SEATS]
        if offer.source == "draw"
        else [(offer.seat + 1) % SEATS]
    )
    if t not in allowed:
        return Reason("zp-not-next-seat", {"card": token(c)})
    why = blocked(state, t, c, CHI)
    if why:
        return Reason(why, {"card": token(c)})
    if c not in cards or not chi_shape(cards, state.rules.yiwushi):
        return Reason("zp-bad-chi", {"cards": [token(x) for x in cards], "card": token(c)})
    own = list(cards)
    own.remove(c)
    if take(list(seat.hand), own) is None:
        return Reason("zp-not-in-hand", {"cards": [token(x) for x in own]})
    avail = take(usable(seat.hand), own)
    if avail is None:
        return Reason("breaks-kan", {"cards": [token(x) for x in own]})
    if not bi_options(avail, c, state.rules.yiwushi):
        return Reason("zp-cannot-bi", {"card": token(c), "count": avail[c]})
    for g in bis:
        if c not in g or not chi_shape(g, state.rules.yiwushi):
            return Reason("zp-bad-bi", {"cards": [token(x) for x in g], "card": token(c)})
        nxt = take(avail, g)
        if nxt is None:
            return Reason("zp-bad-bi", {"cards": [token(x) for x in g], "card": token(c)})
        avail = nxt
    if avail[c] > 0:
        return Reason("must-bi", {"card": token(c), "count": avail[c]})
    return Reason("zp-no-discard-left")
