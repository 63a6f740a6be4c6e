"""Why an action is refused: :func:`why_illegal` returns a :class:`Reason` (or None).

The rule that forbids the action comes first: an action that could never be taken at
this moment (a 碰 without the pair, a 吃 by a seat that may not eat the card, a discard
while a card is on offer) is answered with that rule, whoever's turn it is. Only an
action the seat could take, but not yet, is answered with the order of play
(``lower-priority``, ``zp-not-your-turn``). :func:`no_action_reason` says why a seat
has nothing to do. Every code is in :data:`REASON_CODES`; each has a sentence in every
written language in the reasons catalog (translations/*/LC_MESSAGES/reasons.po).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.zipai.bi import bi_options, chi_options, take, usable
from app.engine.zipai.cards import Card, token
from app.engine.zipai.machine import (
    ActionKey,
    action_cards,
    action_key,
    find_legal,
    legal_actions,
)
from app.engine.zipai.melds import CHI, CHOUWEI, KIND_ALIASES, PAO, PENG, TI, WEI, chi_shape
from app.engine.zipai.offers import blocked, candidates, decider, self_forced, stage_seats
from app.engine.zipai.state import SEATS, Offer, State
from app.engine.zipai.winning import chou_hu_blocked, holding_points, hu_points

REASON_CODES = (
    "zp-game-over",
    "zp-not-your-turn",
    "zp-no-such-seat",
    "zp-no-such-action",
    "lower-priority",
    "zp-already-passed",
    "zp-must-take-forced",
    "zp-must-draw",
    "zp-stock-next",
    "zp-discard-next",
    "zp-not-allowed-now",
    "zp-bad-cards",
    "zp-decide-first",
    "zp-no-offer",
    "zp-offer-pending",
    "zp-nothing-to-pass",
    "zp-no-claim",
    "zp-offer-unclaimed",
    "zp-liang-unclaimed",
    "zp-liang-win-only",
    "zp-liang-dealer-only",
    "zp-not-own-draw",
    "zp-pao-on-draw-only",
    "zp-pao-own-draw-only",
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
    "zp-huang",
)

#: the kinds of action of the 字牌 games (either game's names are read)
ACTION_KINDS = frozenset({"draw", "discard", "pass", "hu", CHI, PENG, WEI, CHOUWEI, PAO, TI})
_TAKES = frozenset({CHI, PENG, WEI, CHOUWEI, PAO, TI})


def why_illegal(state: State, action: Action) -> Reason | None:
    """Why ``action`` is refused now, or None if it is legal."""
    if find_legal(state, action) is not None:
        return None
    kind = KIND_ALIASES.get(action.kind, action.kind)
    t = action.seat
    if state.phase == "over":
        return Reason("zp-game-over")
    if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < SEATS:
        return Reason("zp-no-such-seat", {"seat": t})
    if kind not in ACTION_KINDS:
        return Reason("zp-no-such-action", {"kind": action.kind})
    try:
        cards = action_cards(action.cards)
        bis = [action_cards(g) for g in action.params.get("bi", ()) or ()]
    except (EngineError, TypeError, AttributeError):
        return Reason("zp-not-allowed-now", {"kind": action.kind})
    if state.phase in ("draw", "play"):
        return _why_turn(state, kind, t, cards)
    return _why_offer(state, action, kind, t, cards, bis)


def no_action_reason(state: State, seat: int) -> Reason:
    """Why ``seat`` has no legal action now, in words a learner understands."""
    if state.phase == "over":
        return Reason("zp-game-over")
    offer = state.offer
    if state.phase != "offer" or offer is None:
        return Reason("zp-not-your-turn", {"seat": seat})
    d = decider(state)
    if d is not None:
        claim = _claim(state, seat)
        if claim is not None:
            return _order_reason(state, claim, seat)
        if d[0] == "self":  # the card goes face down into the drawer's own group: not shown
            return Reason("zp-not-your-turn", {"seat": seat})
    block = _memory_block(state, seat)
    if block is not None:
        return block
    card = token(offer.card)
    if d is not None:
        return Reason("zp-no-claim", {"card": card, "seat": d[1]})
    if offer.source == "liang":  # nobody may act on the card: it lapses
        return Reason("zp-liang-unclaimed", {"card": card, "seat": offer.seat})
    nxt = (offer.seat + 1) % SEATS
    return Reason("zp-offer-unclaimed", {"card": card, "seat": offer.seat, "next": nxt})


def _memory_block(state: State, t: int) -> Reason | None:
    """The seat's memory that keeps it from a 胡, 碰 or 吃 it could otherwise make on the
    card on offer (臭胡, 臭牌, its own discard), or None."""
    offer = _on_offer(state)
    c = offer.card
    seat = state.seats[t]
    could_win = t in stage_seats(state, "hu") and hu_points(state, t, offer) >= state.rules.min_huxi
    if could_win and chou_hu_blocked(state, t, c):
        return Reason("zp-chou-hu", {"card": token(c)})
    if offer.source == "liang":
        return None
    why = None
    if t != offer.seat and seat.hand[c] == 2:
        why = blocked(state, t, c, PENG)
    eats = t in stage_seats(state, "chi") and chi_options(seat.hand, c, state.rules.yiwushi)
    if why is None and eats:
        why = blocked(state, t, c, CHI)
    return None if why is None else Reason(why, {"card": token(c)})


# --------------------------------------------------------------------------- draw / play


def _why_turn(state: State, kind: str, t: int, cards: Sequence[Card]) -> Reason:
    if kind in _TAKES:
        return Reason("zp-no-offer", {"kind": kind})
    if t != state.turn:
        return _why_not_turn(state, kind, t, cards)
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
        if not state.may_hu:
            return Reason("zp-not-allowed-now", {"kind": "hu"})
        return _why_no_hu(state, t, holding_points(seat, state.rules.yiwushi), None)
    if kind == "pass" and state.must_discard:
        return Reason("zp-must-discard")
    return Reason("zp-not-allowed-now", {"kind": kind})


def _why_not_turn(state: State, kind: str, t: int, cards: Sequence[Card]) -> Reason:
    """A seat that is not on turn, between offers: the rule when the action could never
    be taken now (nothing is on offer to pass or win on, nobody discards before the next
    card is turned, nobody turns a card before the discard), else whose turn it is."""
    if kind in ("pass", "hu"):
        return Reason("zp-no-offer", {"kind": kind})
    if state.phase == "draw" and kind == "discard":
        return Reason("zp-stock-next", {"seat": state.turn})
    if state.phase == "play" and kind == "draw":
        return Reason("zp-discard-next", {"seat": state.turn})
    if kind == "discard":
        hand = state.seats[t].hand
        if len(cards) != 1 or hand[cards[0]] == 0:
            return Reason("zp-not-in-hand", {"cards": [token(c) for c in cards]})
        if hand[cards[0]] >= 3:
            return Reason("breaks-kan", {"cards": [token(cards[0])]})
    return Reason("zp-not-your-turn", {"seat": t})


def _why_no_hu(state: State, t: int, points: int, card: Card | None) -> Reason:
    if points < 0:
        return Reason("zp-not-complete")
    if points < state.rules.min_huxi:
        return Reason("zp-below-minimum", {"huxi": points, "min": state.rules.min_huxi})
    if card is not None and chou_hu_blocked(state, t, card):
        return Reason("zp-chou-hu", {"card": token(card)})
    return Reason("zp-not-allowed-now", {"kind": "hu"})


# --------------------------------------------------------------------------- an offer


def _on_offer(state: State) -> Offer:
    assert state.offer is not None
    return state.offer


_Claim = tuple[str, bool]  # (stage, already passed)


def _claim(state: State, t: int, action: Action | None = None) -> _Claim | None:
    """The stage at which seat ``t`` could take ``action`` (any of its actions when
    None) on this offer were it its decision, and whether it passed it already. A 吃 is
    matched with its cards; any other kind by its kind alone (its cards are the card on
    offer's: wrong ones are answered by :func:`_order_reason`)."""
    offer = _on_offer(state)
    key = None if action is None else action_key(action)
    for stage, s, acts in candidates(state, True):
        if s != t:
            continue
        if key is None or any(_same(action_key(a), key) for a in acts):
            return stage, (stage, s) in offer.passed
    return None


def _same(legal: ActionKey, tried: ActionKey) -> bool:
    return legal == tried if legal[0] == CHI else legal[:2] == tried[:2]


def _order_reason(state: State, claim: _Claim, t: int, action: Action | None = None) -> Reason:
    offer = _on_offer(state)
    stage, passed = claim
    if passed:
        return Reason("zp-already-passed", {"card": token(offer.card), "stage": stage})
    d = decider(state)
    if d is not None and d[1] != t:
        return Reason("lower-priority", {"seat": d[1], "stage": d[0]})
    legal = _legal_of_kind(state, t, action)
    if legal is not None:  # its decision, the right kind, the wrong cards
        return Reason("zp-bad-cards", {"kind": legal.kind, "cards": list(legal.cards)})
    if d is not None:  # its own earlier decision first
        return Reason("zp-decide-first", {"stage": d[0]})
    return Reason("zp-not-your-turn", {"seat": t})


def _legal_of_kind(state: State, t: int, action: Action | None) -> Action | None:
    """Seat ``t``'s legal action of the same kind as ``action``, if any."""
    if action is None:
        return None
    kind = KIND_ALIASES.get(action.kind, action.kind)
    for a in legal_actions(state, t):
        if KIND_ALIASES.get(a.kind, a.kind) == kind:
            return a
    return None


def _why_offer(
    state: State,
    action: Action,
    kind: str,
    t: int,
    cards: Sequence[Card],
    bis: Sequence[Sequence[Card]],
) -> Reason:
    offer = _on_offer(state)
    d = decider(state)
    if d is not None and d[1] == t and d[0] in ("self", "pao"):
        return Reason("zp-must-take-forced", {"kind": d[2][0].kind, "card": token(offer.card)})
    tried = None if kind == "pass" else action
    claim = _claim(state, t, tried)
    if claim is not None:
        return _order_reason(state, claim, t, tried)
    return _rule_against(state, kind, t, cards, bis)


def _rule_against(
    state: State, kind: str, t: int, cards: Sequence[Card], bis: Sequence[Sequence[Card]]
) -> Reason:
    """The rule that forbids seat ``t`` this action on the card on offer."""
    offer = _on_offer(state)
    c = token(offer.card)
    if kind in ("discard", "draw"):
        return Reason("zp-offer-pending", {"card": c})
    if kind == "pass":
        return Reason("zp-nothing-to-pass", {"card": c})
    if kind == "hu":
        return _why_no_hu_on(state, t)
    if offer.source == "liang":
        return Reason("zp-liang-win-only", {"card": c})
    if kind in (TI, WEI, CHOUWEI):
        return _why_no_self(state, t)
    if kind in (PAO, PENG):
        own = _own_card(state, t)
        if own is not None:
            return own
        return _why_no_pao(state, t) if kind == PAO else _why_no_peng(state, t)
    return _why_no_chi(state, t, cards, bis)


def _own_card(state: State, t: int) -> Reason | None:
    """Seat ``t`` offered this card itself: its discard, or its draw (then a 偎/提 is forced
    if it has two or three, else nothing to do)."""
    offer = _on_offer(state)
    if t != offer.seat:
        return None
    c = token(offer.card)
    if offer.source == "discard":
        return Reason("zp-own-discard", {"card": c})
    forced = self_forced(state, offer)
    if forced is not None:
        return Reason("zp-must-take-forced", {"kind": forced.kind, "card": c})
    return Reason("zp-not-in-hand", {"cards": [c, c]})


def _why_no_hu_on(state: State, t: int) -> Reason:
    offer = _on_offer(state)
    c = token(offer.card)
    if offer.source == "discard" and not state.rules.win_on_discard:
        return Reason("zp-no-win-on-discard", {"card": c})
    if t not in stage_seats(state, "hu"):
        if offer.source == "liang":
            return Reason("zp-liang-dealer-only", {"card": c})
        return Reason("zp-own-discard", {"card": c})
    return _why_no_hu(state, t, hu_points(state, t, offer), offer.card)


def _why_no_self(state: State, t: int) -> Reason:
    offer = _on_offer(state)
    c = token(offer.card)
    if t != offer.seat or offer.source != "draw":
        return Reason("zp-not-own-draw", {"card": c})
    return _own_card(state, t) or Reason("zp-not-allowed-now", {"kind": TI})


def _why_no_pao(state: State, t: int) -> Reason:
    """Seat ``t`` did not offer the card itself and has no 跑 on it."""
    offer = _on_offer(state)
    seat = state.seats[t]
    c = offer.card
    if seat.meld_of(c, (WEI, CHOUWEI)) is not None:
        return Reason("zp-pao-on-draw-only", {"card": token(c), "kind": state.kind_name(WEI)})
    if seat.meld_of(c, (PENG,)) is not None:
        if offer.source == "discard":
            return Reason("zp-pao-on-draw-only", {"card": token(c), "kind": PENG})
        return Reason("zp-pao-own-draw-only", {"card": token(c)})
    return Reason("zp-not-in-hand", {"cards": [token(c)] * 3})


def _why_no_peng(state: State, t: int) -> Reason:
    """Seat ``t`` did not offer the card itself and has no 碰 of it."""
    seat = state.seats[t]
    c = _on_offer(state).card
    if seat.hand[c] < 2:
        return Reason("zp-not-in-hand", {"cards": [token(c)] * 2})
    if seat.hand[c] >= 3:
        return Reason("breaks-kan", {"cards": [token(c)]})
    why = blocked(state, t, c, PENG)
    if why:
        return Reason(why, {"card": token(c)})
    return Reason("zp-no-discard-left")


def _kan_cards(hand: Sequence[int], cards: Sequence[Card]) -> list[str]:
    """The cards among ``cards`` that belong to a 坎 of ``hand``, each named once."""
    return [token(x) for x in sorted(set(cards)) if hand[x] >= 3]


def _why_no_chi(
    state: State, t: int, cards: Sequence[Card], bis: Sequence[Sequence[Card]]
) -> Reason:
    offer = _on_offer(state)
    c = offer.card
    seat = state.seats[t]
    if t not in stage_seats(state, "chi"):
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
    if avail is None:  # name the cards of a kan only, each once
        return Reason("breaks-kan", {"cards": _kan_cards(seat.hand, own)})
    if not bi_options(avail, c, state.rules.yiwushi):
        return Reason("zp-cannot-bi", {"card": token(c), "count": avail[c]})
    for g in bis:
        if c not in g or not chi_shape(g, state.rules.yiwushi):
            return Reason("zp-bad-bi", {"cards": [token(x) for x in g], "card": token(c)})
        nxt = take(avail, g)
        if nxt is None and _kan_cards(seat.hand, g):
            return Reason("breaks-kan", {"cards": _kan_cards(seat.hand, g)})
        if nxt is None:
            return Reason("zp-bad-bi", {"cards": [token(x) for x in g], "card": token(c)})
        avail = nxt
    if avail[c] > 0:
        return Reason("must-bi", {"card": token(c), "count": avail[c]})
    return Reason("zp-no-discard-left")
