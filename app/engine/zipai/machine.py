"""The deal as a state machine: :func:`legal_actions` and :func:`apply`.

:func:`apply` returns a NEW state, or raises :class:`IllegalAction` carrying a
:class:`Reason` (``must-bi``, ``chou-card``, ``breaks-kan``, ``lower-priority``, ...;
see ``reasons.REASON_CODES``); :func:`app.engine.zipai.reasons.why_illegal` gives the
same reason without raising. Forced actions carry ``forced=True``.

Whether a seat discards after taking a card (:func:`discard_due`): a complete holding
has 21 cards, or 20 + the number of 跑/提 once there is one. A seat discards when its
holding has reached that size. Below it, Hunan never discards (八块/重跑, and a start
with two 提); Guilin skips the discard after a second 扫穿/开舵 (重舵), and otherwise
(a start with two four-alikes) only when the intake leaves the hand ready (听牌).
"""

from __future__ import annotations

from typing import Any

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.game import IllegalAction
from app.engine.core.reason import Reason
from app.engine.zipai.cards import DECK_SIZE, TOKEN_INDEX, TOKENS, Card, card_from_json
from app.engine.zipai.melds import CHI, CHOUWEI, KIND_ALIASES, PAO, PENG, TI, WEI, Meld
from app.engine.zipai.offers import after_pass, decider
from app.engine.zipai.rules import GUILIN
from app.engine.zipai.settle import win_result
from app.engine.zipai.state import (
    HAND,
    HUANG,
    SEATS,
    Offer,
    Seat,
    State,
    add,
    evolve,
    seat_evolve,
    sub,
    with_seat,
)
from app.engine.zipai.winning import (
    holding_arrangement,
    hu_arrangement,
    is_ready,
    play_hu_points,
)

__all__ = ["IllegalAction", "apply", "find_legal", "is_legal", "legal_actions"]


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (forced ones flagged); empty when not its turn."""
    if state.phase == "over":
        return []
    if state.phase == "draw":
        return [Action("draw", seat, (), True)] if seat == state.turn else []
    if state.phase == "play":
        return _play_actions(state, seat) if seat == state.turn else []
    d = decider(state)
    if d is None or d[1] != seat:
        return []
    stage, _t, acts = d
    if stage in ("self", "pao"):
        return acts
    return acts + [Action("pass", seat, ())]


def _play_actions(state: State, seat: int) -> list[Action]:
    acts: list[Action] = []
    if state.may_hu and play_hu_points(state) >= 0:
        acts.append(Action("hu", seat, ()))
    if state.must_discard:
        acts.extend(Action("discard", seat, (TOKENS[c],)) for c in state.seats[seat].discardable())
    else:
        acts.append(Action("pass", seat, ()))
    return acts


def action_cards(items: Any) -> tuple[Card, ...]:
    """Cards given as ints or tokens (any spelling); ``EngineError`` for a bad token."""
    out = []
    for x in items:
        if isinstance(x, int):
            out.append(x)
        else:
            c = TOKEN_INDEX.get(x) if isinstance(x, str) else None
            out.append(c if c is not None else card_from_json(x))
    return tuple(out)


ActionKey = tuple[str, int, tuple[Card, ...], tuple[tuple[Card, ...], ...]]


def action_key(action: Action) -> ActionKey:
    """What identifies an action: its kind (either game's name), seat, cards and 比 groups.
    A 胡 is a win on the card on offer (or the holding as it stands): its cards do not
    matter."""
    kind = KIND_ALIASES.get(action.kind, action.kind)
    if kind == "hu":
        return kind, action.seat, (), ()
    bi = tuple(sorted(tuple(sorted(action_cards(g))) for g in action.params.get("bi", ()) or ()))
    return kind, action.seat, tuple(sorted(action_cards(action.cards))), bi


def find_legal(state: State, action: Action) -> Action | None:
    """The legal action ``action`` stands for (cards as ints or tokens), or None."""
    try:
        key = action_key(action)
    except (EngineError, TypeError, AttributeError):
        return None
    for a_key, a in _keyed_legal(state, action.seat):
        if a_key == key:
            return a
    return None


def _keyed_legal(state: State, seat: Any) -> tuple[tuple[ActionKey, Action], ...]:
    """``seat``'s legal actions with their keys, worked out once per state and seat (each
    legal action of a position is tried in turn: ``apply`` and ``why_illegal`` look it up
    among the others). A cache on the state, not a field: states stay immutable."""
    if type(seat) is not int:  # an odd seat (a bool, a string): nothing to keep
        return tuple((action_key(a), a) for a in legal_actions(state, seat))
    cache: dict[int, tuple[tuple[ActionKey, Action], ...]] | None = state.__dict__.get("_legal")
    if cache is None:
        cache = {}
        object.__setattr__(state, "_legal", cache)
    got = cache.get(seat)
    if got is None:
        got = tuple((action_key(a), a) for a in legal_actions(state, seat))
        cache[seat] = got
    return got


def is_legal(state: State, action: Action) -> bool:
    return find_legal(state, action) is not None


# --------------------------------------------------------------------------- apply


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if it is not legal now."""
    legal = find_legal(state, action)
    if legal is None:
        from app.engine.zipai.reasons import why_illegal  # only on the refusing path

        raise IllegalAction(
            why_illegal(state, action) or Reason("zp-not-allowed-now", {"kind": action.kind})
        )
    return do(state, legal)


def do(state: State, a: Action) -> State:
    """Apply an action known to be legal (as ``legal_actions`` gave it)."""
    kind = KIND_ALIASES.get(a.kind, a.kind)
    state = evolve(state, moves=state.moves + 1)
    if kind == "draw":
        return _draw(state)
    if kind == "discard":
        return _discard(state, a.seat, action_cards(a.cards)[0])
    if kind == "hu":
        return _hu(state, a.seat)
    if kind == "pass":
        return _pass(state, a.seat)
    return _take_card(state, a, kind)


def _draw(state: State) -> State:
    s = state.turn
    if not state.stock:
        return evolve(state, phase="over", offer=None, result=HUANG)
    card = state.stock[0]
    return advance(
        evolve(state, stock=state.stock[1:], phase="offer", offer=Offer(card, s, "draw"))
    )


def _discard(state: State, s: int, card: Card) -> State:
    seat = state.seats[s]
    seat = seat_evolve(seat, hand=sub(seat.hand, (card,)), thrown=seat.thrown | (1 << card))
    return advance(
        evolve(
            state, seats=with_seat(state, s, seat), phase="offer", offer=Offer(card, s, "discard")
        )
    )


def discard_due(state: State, t: int, quad_intake: bool) -> bool:
    """Whether seat ``t`` discards after an intake (see the module's docstring).

    A partial teaching position (fewer than 20 cards) falls back to the plain rule:
    no discard after a second 跑/提."""
    seat = state.seats[t]
    size = seat.size
    if size < HAND:
        return not (quad_intake and seat.quads >= 2)
    if size >= seat.complete_size():
        return True
    if state.rules.game != GUILIN:
        return False  # 八块 / 重跑
    if quad_intake and seat.quads >= 2:
        return False  # 重舵
    return not is_ready(seat, state.rules)


def _to_play(state: State, t: int, may_hu: bool, quad: bool = False) -> State:
    must = bool(state.seats[t].discardable()) and discard_due(state, t, quad)
    return advance(
        evolve(state, phase="play", turn=t, offer=None, must_discard=must, may_hu=may_hu)
    )


def _take_card(state: State, a: Action, kind: str) -> State:
    state = _mark_chou(state)
    offer = state.offer
    assert offer is not None
    t, c = a.seat, offer.card
    seat = state.seats[t]
    melds = list(seat.melds)
    hand = seat.hand
    if kind in (TI, PAO):
        i = seat.meld_of(c, (WEI, CHOUWEI, PENG))
        if i is not None:
            melds.pop(i)
        else:
            hand = sub(hand, (c, c, c))
        melds.append(Meld(kind, (c,) * 4))
    elif kind in (WEI, CHOUWEI, PENG):
        hand = sub(hand, (c, c))
        melds.append(Meld(kind, (c,) * 3))
    else:  # chi
        group = tuple(sorted(action_cards(a.cards)))
        own = list(group)
        own.remove(c)
        bis = [tuple(sorted(action_cards(g))) for g in a.params.get("bi", ())]
        hand = sub(hand, own + [x for g in bis for x in g])
        melds.append(Meld(CHI, group))
        melds.extend(Meld(CHI, g) for g in bis)
    seat = seat_evolve(seat, hand=hand, melds=tuple(melds))
    state = evolve(state, seats=with_seat(state, t, seat))
    self_intake = offer.source == "draw" and t == offer.seat and kind in (TI, WEI, CHOUWEI)
    return _to_play(state, t, self_intake, kind in (TI, PAO))


def _pass(state: State, s: int) -> State:
    if state.phase == "play":
        return advance(evolve(state, phase="draw", turn=(s + 1) % SEATS, may_hu=False))
    d = decider(state)
    offer = state.offer
    assert d is not None and offer is not None
    stage = d[0]
    seat = state.seats[s]
    bit = 1 << offer.card
    if stage == "hu":
        memo = seat.chou_hu + ((offer.card, seat.table_huxi(state.rules.yiwushi)),)
        seat = seat_evolve(seat, chou_hu=memo)
    elif stage == "peng":
        seat = seat_evolve(seat, refused_peng=seat.refused_peng | bit)
    offer = Offer(offer.card, offer.seat, offer.source, offer.passed + ((stage, s),))
    passed = after_pass(state, evolve(state, seats=with_seat(state, s, seat), offer=offer))
    return advance(passed)


def advance(state: State) -> State:
    """Resolve what needs no decision: an offer nobody wants, a play with nothing to do."""
    while True:
        if state.phase == "offer" and decider(state) is None:
            state = _lapse(state)
            continue
        if (
            state.phase == "play"
            and not state.must_discard
            and not (state.may_hu and play_hu_points(state) >= 0)
        ):
            state = evolve(state, phase="draw", turn=(state.turn + 1) % SEATS, may_hu=False)
            continue
        return state


def _mark_chou(state: State) -> State:
    """When an offer ends, a seat that passed a 吃 (Hunan: or a 碰) of the card keeps it
    as a 臭牌. (Marked at the end, so a seat passing its 碰 may still 吃 the card.)"""
    offer = state.offer
    assert offer is not None
    seats = list(state.seats)
    bit = 1 << offer.card
    changed = False
    for stage, s in offer.passed:
        counts = stage == "chi" or (stage == "peng" and state.rules.chou_blocks_peng)
        if counts and not seats[s].chou & bit:
            seats[s] = seat_evolve(seats[s], chou=seats[s].chou | bit)
            changed = True
    return evolve(state, seats=tuple(seats)) if changed else state


def _lapse(state: State) -> State:
    """Nobody took the offered card: it goes before its seat; play moves on."""
    state = _mark_chou(state)
    offer = state.offer
    assert offer is not None
    s = offer.seat
    if offer.source == "liang":
        return _to_play(evolve(state, offer=None), s, False)
    seat = state.seats[s]
    seat = seat_evolve(seat, pile=seat.pile + (offer.card,))
    return evolve(
        state, seats=with_seat(state, s, seat), offer=None, phase="draw", turn=(s + 1) % SEATS
    )


# --------------------------------------------------------------------------- winning


def _hu(state: State, t: int) -> State:
    if state.phase == "play":
        arr = holding_arrangement(state.seats[t], state.rules.yiwushi)
        assert arr is not None
        return finish(state, t, arr.melds, zimo=True)
    offer = state.offer
    assert offer is not None
    arr = hu_arrangement(state, t, offer)
    assert arr is not None
    dealer_liang = offer.source == "liang" and t == state.dealer
    seats = list(state.seats)
    if offer.source == "liang" and t != state.dealer:
        seats[state.dealer] = _give_up_liang(seats[state.dealer], offer.card)
    if not dealer_liang:
        seats[t] = seat_evolve(seats[t], hand=add(seats[t].hand, (offer.card,)))
    zimo = (offer.source == "draw" and offer.seat == t) or dealer_liang
    won = evolve(state, seats=tuple(seats))
    return finish(won, t, arr.melds, card=offer.card, specials=_specials(state, offer), zimo=zimo)


def _specials(state: State, offer: Offer) -> tuple[str, ...]:
    """天胡 on the 亮张; Guilin 地胡: a win on the dealer's first discard."""
    if offer.source == "liang":
        return ("tianhu",)
    if (
        state.rules.game == GUILIN
        and offer.source == "discard"
        and offer.seat == state.dealer
        and len(state.stock) == DECK_SIZE - 3 * HAND - 1
        and not any(s.pile for s in state.seats)
    ):
        return ("dihu",)
    return ()


def _give_up_liang(dealer: Seat, card: Card) -> Seat:
    """The dealer loses the 亮张 to a 天胡 winner; a 提 it had made becomes a 坎 again."""
    if dealer.hand[card]:
        return seat_evolve(dealer, hand=sub(dealer.hand, (card,)))
    i = dealer.meld_of(card, (TI,))
    assert i is not None
    melds = dealer.melds[:i] + dealer.melds[i + 1 :]
    return seat_evolve(dealer, hand=add(dealer.hand, (card,) * 3), melds=melds)


def finish(
    state: State,
    t: int,
    melds: tuple[Meld, ...],
    *,
    card: Card | None = None,
    specials: tuple[str, ...] = (),
    zimo: bool = False,
    how: str = "hu",
) -> State:
    """The deal ends with seat ``t``'s win, counted from ``melds``."""
    result = win_result(
        state.rules,
        t,
        state.seats[t].counts(),
        melds,
        how=how,
        card=card,
        specials=specials,
        zimo=zimo,
        stock=state.stock,
    )
    return evolve(state, phase="over", offer=None, result=result)
