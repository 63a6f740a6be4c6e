"""The state machine of the pairing game: what each legal action does to the deal.

:func:`do` takes an action already matched against the legal ones (or a :class:`Foul`
the rules accept with ``fouls=end-deal``) and returns the next state. Every step is a
small function: 偷 (drawing after a group), the offer of a card and its claims, the
dead card and the next turned card, taking, discarding, going out.
"""

from __future__ import annotations

from typing import Any

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.base import Foul
from app.engine.chuanpai.cards import INDEX, JING, POINTS, is_jing
from app.engine.chuanpai.common import evolve
from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing.offers import claim_order
from app.engine.chuanpai.pairing.settle import settled
from app.engine.chuanpai.pairing.state import (
    PairingState,
    SeatState,
    plus,
    seats_with,
    set_seat,
    without,
)
from app.engine.core.actions import Action
from app.engine.core.reason import Reason


def do(state: PairingState, move: Action | Foul) -> PairingState:
    """The state after a legal action (or an accepted foul)."""
    if isinstance(move, Foul):
        return _foul(state, move)
    step = _STEPS.get(move.kind)
    if step is not None:
        return step(state, move)
    if state.phase == "claim":
        return _take(state, move)
    return _self_group(state, move)


def _foul(state: PairingState, foul: Foul) -> PairingState:
    if foul.reason.code == "cp-must-guo":
        return _keep_unlaid(state)
    return end_foul(state, foul.seat, foul.reason)


def end_foul(state: PairingState, s: int, reason: Reason) -> PairingState:
    n = state.rules.players
    return evolve(state, phase="over", foul=reason, foul_seat=s, scores=(0,) * n)


# -- 偷 and the 过牌 ------------------------------------------------------------------


def _must_guo(seat: SeatState, card: str) -> bool:
    """A 偷 card that pairs with a value that went dead in front of the seat."""
    if not seat.passed:
        return False
    if card in JING:
        return True
    p = POINTS[INDEX[card]]
    return any(p + q in (10, 20) for q in seat.passed)


def _draw(state: PairingState, s: int, seat: SeatState, n: int, **changes: Any) -> PairingState:
    """偷 ``n`` cards for seat ``s`` (now ``seat``; ``changes`` go to the state as well);
    stops at a card that must be laid as 过牌 (phase ``guo``)."""
    stock = state.stock
    h = list(seat.hand)
    stop: dict[str, Any] = {"owed": 0}
    for i in range(n):
        if not stock:
            break
        card, stock = stock[-1], stock[:-1]
        if _must_guo(seat, card):
            stop = {"phase": "guo", "drawn": card, "owed": n - i - 1, "turn": s}
            break
        h[INDEX[card]] += 1
    return set_seat(state, s, evolve(seat, hand=tuple(h)), stock=stock, **{**changes, **stop})


def _resume(
    state: PairingState, s: int, seat: SeatState, phase: str, owed: int, **changes: Any
) -> PairingState:
    """Seat ``s`` (now ``seat``) plays on in ``phase`` after drawing the ``owed`` 偷."""
    changes.update(phase=phase, turn=s, drawn=None)
    if not owed:
        return set_seat(state, s, seat, owed=0, **changes)
    return _draw(state, s, seat, owed, **changes)


def _after_draw_phase(state: PairingState) -> str:
    return "lay" if state.lay_done < state.rules.players else "self"


def _lay_guo(state: PairingState, _: Action) -> PairingState:
    s, card = state.turn, state.drawn
    assert card is not None
    seat = state.seats[s]
    seat = evolve(seat, guo=seat.guo + (card,))
    return _resume(state, s, seat, _after_draw_phase(state), state.owed)


def _keep_unlaid(state: PairingState) -> PairingState:
    """``fouls=end-deal``: the 过牌 is kept in the hand (the foul shows when it eats)."""
    s, card = state.turn, state.drawn
    assert card is not None
    seat = state.seats[s]
    seat = evolve(seat, hand=plus(seat.hand, card), unlaid=seat.unlaid + (card,))
    return _resume(state, s, seat, _after_draw_phase(state), state.owed)


def _tou_count(kind: str) -> int:
    """偷: one card after 暗/碰/燕/起, two after 亮/扛."""
    return 2 if kind in ("liang", "kang") else 1


# -- the seat's own turn -------------------------------------------------------------


def _self_group(state: PairingState, a: Action) -> PairingState:
    """Lay 暗/亮/燕 from the hand, or 起 onto a laid 暗; then 偷."""
    s = a.seat
    seat = state.seats[s]
    if a.kind == "qi":
        old, added = _an_for_qi(seat, a.cards)
        melds = tuple(m for m in seat.melds if m is not old) + (Meld.make("qi", a.cards),)
        seat = evolve(seat, hand=without(seat.hand, added), melds=melds)
    else:
        melds = seat.melds + (Meld.make(a.kind, a.cards),)
        seat = evolve(seat, hand=without(seat.hand, a.cards), melds=melds)
    return _resume(state, s, seat, state.phase, _tou_count(a.kind))


def _an_for_qi(seat: SeatState, cards: tuple[str, ...]) -> tuple[Meld, list[str]]:
    """The laid 暗 a 起 of ``cards`` completes, and the card added to it."""
    old = next(m for m in seat.melds if m.kind == "an" and all(c in cards for c in m.cards))
    added = list(cards)
    for c in old.cards:
        added.remove(c)
    return old, added


def _done(state: PairingState, _: Action) -> PairingState:
    """A seat has laid its groups after the deal; the next one lays, then the 头家 plays."""
    n = state.rules.players
    done = state.lay_done + 1
    if done >= n:
        return evolve(state, phase="self", turn=state.dealer, lay_done=done)
    return evolve(state, turn=(state.turn + 1) % n, lay_done=done)


def _hu(state: PairingState, a: Action) -> PairingState:
    return settled(state, a.seat)


def _discard(state: PairingState, a: Action) -> PairingState:
    s, card = a.seat, a.cards[0]
    seat = state.seats[s]
    if not sum(seat.hand):  # a 过牌 leaves an empty hand
        guo = list(seat.guo)
        guo.remove(card)
        seat = evolve(seat, guo=tuple(guo))
    else:
        seat = evolve(seat, hand=without(seat.hand, (card,)))
    return _offer(state, card, s, False, seats=seats_with(state, s, seat))


# -- the open card: claims, the dead card, the next turn ------------------------------


def _offer(state: PairingState, x: str, source: int, flipped: bool, **changes: Any) -> PairingState:
    """``x`` is offered, discarded by ``source`` or turned by it (``flipped``)."""
    state = evolve(state, open_card=x, source=source, flipped=flipped, **changes)
    q = claim_order(state, x)
    return evolve(state, phase="claim", queue=q) if q else _dead(state)


def _pass(state: PairingState, _: Action) -> PairingState:
    q = state.queue[1:]
    if q:
        return evolve(state, queue=q)
    return _dead(evolve(state, queue=()))


def _dead(state: PairingState) -> PairingState:
    """Nobody used the open card: it is dead, remembered by every seat that had no
    partner for it; the next seat turns a card."""
    x = state.open_card
    assert x is not None
    seats = tuple(
        _remember(seat, x) if i != state.source or state.flipped else seat
        for i, seat in enumerate(state.seats)
    )
    nxt = (state.source + 1) % state.rules.players
    state = evolve(state, seats=seats, dead=state.dead + (x,), open_card=None, queue=())
    return _flip(state, nxt)


def _remember(seat: SeatState, x: str) -> SeatState:
    k = INDEX[x]
    if is_jing(k) or an.partners_in(seat.hand, k):
        return seat
    return evolve(seat, passed=seat.passed | {POINTS[k]})


def _flip(state: PairingState, s: int) -> PairingState:
    """Seat ``s`` turns the top of the stock for everyone; no stock left: 荒."""
    if not state.stock:
        n = state.rules.players
        return evolve(state, phase="over", winner=None, scores=(0,) * n, open_card=None)
    card, stock = state.stock[-1], state.stock[:-1]
    seat = state.seats[s]
    if seat.extra:  # the extra seat's turned card is its own: it swaps and discards
        seat = evolve(seat, hand=plus(seat.hand, card))
        return set_seat(state, s, seat, stock=stock, phase="self", turn=s)
    return _offer(state, card, s, True, stock=stock)


def _take(state: PairingState, a: Action) -> PairingState:
    """摆, 碰, 燕, 起 or 扛 with the open card; then 偷 (none after 摆)."""
    s = a.seat
    seat = state.seats[s]
    if a.kind == "bai":
        if not a.params.get("guo") and a.cards[0] in seat.unlaid:
            taken = state.open_card
            return end_foul(
                state, s, Reason("cp-guo-not-laid", {"card": a.cards[0], "taken": taken})
            )
        seat, owed = _bai(seat, a), 0
    elif a.kind == "qi":
        old, _ = _an_for_qi(seat, a.cards)
        melds = tuple(m for m in seat.melds if m is not old) + (Meld.make("qi", a.cards),)
        seat, owed = evolve(seat, melds=melds), 1
    else:
        own = list(a.cards)
        own.remove(a.params["card"])
        melds = seat.melds + (Meld.make(a.kind, a.cards),)
        seat, owed = evolve(seat, hand=without(seat.hand, own), melds=melds), _tou_count(a.kind)
    return _resume(state, s, seat, "self", owed, open_card=None, queue=())


def _bai(seat: SeatState, a: Action) -> SeatState:
    own = a.cards[0]
    melds = seat.melds + (Meld.make("jier", a.cards),)
    if a.params.get("guo"):
        guo = list(seat.guo)
        guo.remove(own)
        return evolve(seat, guo=tuple(guo), melds=melds)
    return evolve(seat, hand=without(seat.hand, (own,)), melds=melds)


_STEPS = {
    "done": _done,
    "guo": _lay_guo,
    "hu": _hu,
    "discard": _discard,
    "pass": _pass,
}
