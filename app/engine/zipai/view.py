"""What one seat may see of a deal (:class:`~app.engine.core.results.View`), and how
a deal ended (:class:`~app.engine.core.results.Outcome`).

A seat sees its own hand and memory, every group laid face up, the piles, the 亮张 and
who discarded what. Hidden from it until the deal is over: the other hands (their
sizes shown), the stock (its size shown), the cards of groups laid face down (偎 / 扫,
and Guilin's 扫穿: ``hidden`` cards), a drawn card that goes straight into the
drawer's own 偎/提 (the offer's ``card`` is ``None``), and the other seats' memory
(臭牌, refused 碰, 臭胡, and the decisions they passed on the card on offer).

Documented extras: the view's ``stage`` (the offer stage decided now, or ``None``),
``liang``, ``must_discard``, ``may_hu``, ``moves``, ``streak``; a seat's ``thrown``
(cards it discarded: public), and for a seat the viewer may see, ``chou``,
``refused_peng`` and ``chou_hu`` (``[card, table 胡息]`` pairs); the offer's ``passed``
(``[stage, seat]`` pairs). An outcome's ``count`` is the winner's 胡息 line by line,
its ``settlement`` the count of the win (囤 and 名堂, or 舵), and its extras ``huxi``,
``card``, ``xing_card``, ``zimo`` and ``specials``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from app.engine.core.actions import Count, CountLine
from app.engine.core.reason import Reason
from app.engine.core.results import MeldView, OfferView, Outcome, SeatView, View
from app.engine.zipai.analysis import meld_view
from app.engine.zipai.cards import KINDS, TOKENS, token_tuple
from app.engine.zipai.melds import SIZES, TI, WEI, Meld
from app.engine.zipai.offers import decider, to_move
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.state import Offer, Result, Seat, State


def face_down(kind: str, rules: ZipaiRules) -> bool:
    """Groups laid face down, whose cards the other seats do not see: 偎 (Guilin 扫) and
    Guilin's 扫穿 (Hunan's 提 and both games' 臭偎/过扫 show their cards)."""
    return kind == WEI or (kind == TI and rules.game == GUILIN)


def group_view(meld: Meld, rules: ZipaiRules) -> MeldView:
    scored = meld_view(meld, rules)[0]
    return MeldView(scored.kind, scored.cards, 0, meld.points(rules.yiwushi))


def hidden_group(kind: str, rules: ZipaiRules) -> MeldView:
    """A group lying face down: its kind and how many cards."""
    return MeldView(rules.names.get(kind, kind), (), SIZES[kind], None)


def hand_tokens(hand: Sequence[int]) -> tuple[str, ...]:
    return tuple(TOKENS[c] for c in range(KINDS) for _ in range(hand[c]))


#: the views below are pure functions of immutable values, asked again and again for
#: the same seats (each view of a position, each code read back): made once each
_hand_tokens = lru_cache(maxsize=8192)(hand_tokens)


@lru_cache(maxsize=4096)
def bits_of(mask: int) -> tuple[str, ...]:
    return tuple(TOKENS[c] for c in range(KINDS) if mask >> c & 1)


@lru_cache(maxsize=4096)
def melds_view(melds: tuple[Meld, ...], rules: ZipaiRules, sees: bool) -> tuple[MeldView, ...]:
    """A seat's groups as a viewer sees them (``sees``: face-down ones too)."""
    return tuple(
        hidden_group(m.kind, rules)
        if not sees and face_down(m.kind, rules)
        else group_view(m, rules)
        for m in melds
    )


def memory(seat: Seat, sees: bool) -> dict[str, Any]:
    """A seat's memory as shown: what it discarded, and the rest when the viewer sees it."""
    out: dict[str, Any] = {"thrown": bits_of(seat.thrown)}
    if sees:
        out["chou"] = bits_of(seat.chou)
        out["refused_peng"] = bits_of(seat.refused_peng)
        out["chou_hu"] = tuple((TOKENS[c], h) for c, h in seat.chou_hu)
    return out


def seat_view(
    seat: Seat, i: int, rules: ZipaiRules, sees: bool, size: int | None = None
) -> SeatView:
    """Seat ``i`` as a viewer sees it (``sees``: its hand and memory). A seat read from a
    seat-view code gives the hidden hand's ``size`` (its ``hand`` is then empty)."""
    hand = _hand_tokens(tuple(seat.hand)) if sees else None
    n = sum(seat.hand) if size is None else size
    return SeatView(
        i,
        hand,
        n,
        melds_view(tuple(seat.melds), rules, sees),
        token_tuple(tuple(seat.pile)),
        memory(seat, sees),
    )


def offer_view(offer: Offer, shown: bool, viewer: int | None) -> OfferView:
    passed = tuple(p for p in offer.passed if viewer is None or p[1] == viewer)
    card = TOKENS[offer.card] if shown else None
    return OfferView(card, offer.seat, offer.source, {"passed": passed})


def offer_shown(state: State, seat: int | None) -> bool:
    """Whether ``seat`` sees the card on offer: not a drawn card going straight into
    another seat's own 偎/提."""
    offer = state.offer
    if offer is None or seat is None or state.phase == "over" or seat == offer.seat:
        return True
    d = decider(state)
    return d is None or d[0] != "self"


def table_extra(state: State, stage: str | None) -> dict[str, Any]:
    """The view's extras: the stage decided now, the 亮张, the player's duties, counters."""
    return {
        "stage": stage,
        "liang": TOKENS[state.liang],
        "must_discard": state.must_discard,
        "may_hu": state.may_hu,
        "moves": state.moves,
        "streak": state.streak,
    }


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may see (``None``: everything; a finished deal shows everything)."""
    sees_all = seat is None or state.phase == "over"
    d = decider(state) if state.phase == "offer" else None
    offer = None
    if state.offer is not None:
        offer = offer_view(state.offer, offer_shown(state, seat), None if sees_all else seat)
    return View(
        state.rules.game,
        seat,
        state.phase,
        to_move(state),
        state.dealer,
        tuple(
            seat_view(s, i, state.rules, sees_all or i == seat) for i, s in enumerate(state.seats)
        ),
        len(state.stock),
        token_tuple(tuple(state.stock)) if sees_all else None,
        offer,
        outcome(state),
        table_extra(state, None if d is None else d[0]),
    )


def outcome(state: State) -> Outcome | None:
    """How the deal ended (``None`` while it goes on)."""
    if state.phase != "over" or state.result is None:
        return None
    return result_outcome(state.result, state.rules)


def result_outcome(r: Result, rules: ZipaiRules) -> Outcome:
    if r.winner is None:
        return Outcome(None, r.how, (0,) * len(r.scores), reason=Reason("zp-huang"))
    lines = [meld_view(m, rules)[1] for m in r.melds]
    lines.append(CountLine("zp-huxi", r.huxi, {"min": rules.min_huxi}, "="))
    extra = {
        "huxi": r.huxi,
        "card": None if r.card is None else TOKENS[r.card],
        "xing_card": None if r.xing_card is None else TOKENS[r.xing_card],
        "zimo": r.zimo,
        "specials": r.specials,
    }
    return Outcome(r.winner, r.how, r.scores, Count.of(lines, r.huxi), r.count, None, extra)
