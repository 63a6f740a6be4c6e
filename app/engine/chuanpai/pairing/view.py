"""What a seat may see of a deal of the pairing game.

Hidden from a seat until the deal is over: the other hands, the stock, the other
seats' 暗 (laid face down), their 过牌 (face down: only how many), the memory of what
passed them and the 过牌 they kept, and a 偷 card drawn as 过牌 by another seat. Open
to all: the groups laid face up, the dead cards, the open card and its source.

The constructors here build the :class:`View` both from a state and from a seat-view
code, so the two always agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from app.engine.chuanpai.cards import tokens_of
from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing.rules import VARIANT
from app.engine.chuanpai.pairing.settle import outcome
from app.engine.chuanpai.pairing.state import PairingState, SeatState
from app.engine.core.results import MeldView, OfferView, Outcome, SeatView, View

FACE_DOWN = frozenset({"an"})
"""Groups laid face down (seen by their owner only)."""


def view(state: PairingState, viewer: int | None) -> View:
    """The :class:`View` of ``viewer`` (``None``: everything; all once over)."""
    over = state.phase == "over"
    full = viewer is None or over
    seats = tuple(
        visible_seat(i, seat) if full or i == viewer else hidden_seat(i, seat)
        for i, seat in enumerate(state.seats)
    )
    return make_view(
        viewer,
        state.phase,
        state.dealer,
        None if over else state.actor,
        seats,
        len(state.stock),
        state.stock if full else None,
        offer_view(state, full or viewer == state.turn),
        state.dead,
        outcome(state),
    )


def make_view(
    viewer: int | None,
    phase: str,
    dealer: int,
    to_act: int | None,
    seats: tuple[SeatView, ...],
    stock_size: int,
    stock: tuple[str, ...] | None,
    offer: OfferView | None,
    dead: tuple[str, ...],
    result: Outcome | None = None,
) -> View:
    return View(
        VARIANT,
        viewer,
        phase,
        to_act,
        dealer,
        seats,
        stock_size,
        stock,
        offer,
        result,
        {"dead": dead},
    )


def offer_view(state: PairingState, sees_drawn: bool) -> OfferView | None:
    """The open card and who offered it; in the ``guo`` phase, the drawn 过牌."""
    if state.phase == "claim":
        return OfferView(state.open_card, state.source, "flip" if state.flipped else "discard")
    if state.phase == "guo":
        return OfferView(state.drawn if sees_drawn else None, state.turn, "tou")
    return None


@lru_cache(maxsize=4096)
def meld_view(m: Meld) -> MeldView:
    """A group face up (groups and their views are values: one view per group)."""
    return MeldView(m.kind, m.cards, 0, m.points)


@lru_cache(maxsize=64)
def face_down(kind: str, cards: int) -> MeldView:
    return MeldView(kind, (), cards, None)


def visible_seat(i: int, seat: SeatState) -> SeatView:
    return seat_view(
        i,
        tokens_of(seat.hand),
        tuple(meld_view(m) for m in seat.melds),
        seat.guo,
        seat.passed,
        seat.unlaid,
        seat.extra,
    )


def hidden_seat(i: int, seat: SeatState) -> SeatView:
    melds = tuple(
        face_down(m.kind, len(m.cards)) if m.kind in FACE_DOWN else meld_view(m) for m in seat.melds
    )
    return seat_from_afar(i, sum(seat.hand), melds, len(seat.guo), seat.extra)


def seat_view(
    i: int,
    hand: tuple[str, ...],
    melds: tuple[MeldView, ...],
    guo: tuple[str, ...],
    passed: Iterable[int],
    unlaid: tuple[str, ...],
    extra: bool,
) -> SeatView:
    """A seat seen by itself (or by everyone once the deal is over)."""
    memory = {
        "guo": guo,
        "guo_count": len(guo),
        "passed": tuple(sorted(passed)),
        "unlaid": unlaid,
        "extra_seat": extra,
    }
    return SeatView(i, hand, len(hand), melds, (), memory)


def seat_from_afar(
    i: int, hand_size: int, melds: tuple[MeldView, ...], guo_count: int, extra: bool
) -> SeatView:
    """Another seat: its hand, its face-down groups and its 过牌 are hidden."""
    return SeatView(i, None, hand_size, melds, (), {"guo_count": guo_count, "extra_seat": extra})
