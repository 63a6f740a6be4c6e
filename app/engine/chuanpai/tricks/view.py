"""What a seat may see of a deal of the trick game.

Hidden from a seat until the deal is over: the other hands, and the cards covered
face down (the other seats' covers in the trick on the table; every cover of the
tricks already taken: only how many). Open to all: the laid-out piles (摆牌), the
plays face up, who leads, 包牌.

The constructors here build the :class:`View` both from a state and from a seat-view
code, so the two always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.chuanpai.cards import tokens_of
from app.engine.chuanpai.tricks.rules import VARIANT
from app.engine.chuanpai.tricks.settle import outcome
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.results import Outcome, SeatView, View


def view(state: TrickState, viewer: int | None) -> View:
    """The :class:`View` of ``viewer`` (``None``: everything; all once over)."""
    over = state.phase == "over"
    full = viewer is None or over
    seats = tuple(
        seat_view(i, tokens_of(hand) if full or i == viewer else None, sum(hand), state.piles[i])
        for i, hand in enumerate(state.hands)
    )
    trick = tuple(
        play_view(s, cards, covered, full or s == viewer) for s, cards, covered in state.trick
    )
    to_act = None if over else state.turn
    table = Table(
        state.dealer, to_act, state.leader, state.tricks_done, state.first_to_16, state.baopai
    )
    covered = state.covered if full else None
    return make_view(
        viewer, state.phase, seats, trick, table, len(state.covered), covered, outcome(state)
    )


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts of the deal a view shows beside the seats."""

    dealer: int
    to_act: int | None
    leader: int
    tricks_done: int
    first_to_16: int | None
    baopai: int | None


def make_view(
    viewer: int | None,
    phase: str,
    seats: tuple[SeatView, ...],
    trick: tuple[dict[str, Any], ...],
    table: Table,
    covered_count: int,
    covered: tuple[str, ...] | None,
    result: Outcome | None = None,
) -> View:
    extra: dict[str, Any] = {
        "leader": table.leader,
        "tricks_done": table.tricks_done,
        "first_to_16": table.first_to_16,
        "baopai": table.baopai,
        "trick": trick,
        "best": best_in(trick),
        "covered_count": covered_count,
    }
    if covered is not None:
        extra["covered"] = covered
    return View(
        VARIANT, viewer, phase, table.to_act, table.dealer, seats, 0, None, None, result, extra
    )


def best_in(trick: tuple[dict[str, Any], ...]) -> int | None:
    return next((i for i in range(len(trick) - 1, -1, -1) if not trick[i]["covered"]), None)


def seat_view(i: int, hand: tuple[str, ...] | None, size: int, pile: tuple[str, ...]) -> SeatView:
    return SeatView(i, hand, size, (), (), {"pile": pile})


def play_view(seat: int, cards: tuple[str, ...], covered: bool, visible: bool) -> dict[str, Any]:
    """One play of the trick on the table; another seat's cover shows only its size."""
    if visible or not covered:
        return {"seat": seat, "cards": cards, "covered": covered, "hidden": 0}
    return hidden_cover(seat, len(cards))


def hidden_cover(seat: int, hidden: int) -> dict[str, Any]:
    return {"seat": seat, "cards": (), "covered": True, "hidden": hidden}
