"""The deal of the pairing game as immutable values: seats, the state, the fresh deal.

A hand is a tuple of counts per card kind (:data:`app.engine.chuanpai.cards.KINDS`);
everything shown outside is tokens.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.engine.chuanpai.analysis import is_complete
from app.engine.chuanpai.cards import INDEX, N_KINDS, counts_of, deck
from app.engine.chuanpai.common import evolve
from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing.rules import MAIN_SEATS, PairingRules, deal_sizes
from app.engine.core.actions import Count
from app.engine.core.errors import Detail
from app.engine.core.reason import Reason
from app.engine.core.selfplay import InvariantViolation

PHASES: tuple[str, ...] = ("lay", "self", "claim", "guo", "over")
TIERS: tuple[str, ...] = ("group", "bai")
"""Claim tiers: groups of alike cards (碰/燕/起/扛) first, then 摆."""


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat: concealed ``hand`` (counts per kind), laid ``melds``, 过牌 ``guo``."""

    hand: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    guo: tuple[str, ...] = ()
    passed: frozenset[int] = frozenset()  # pip classes that passed with no partner
    unlaid: tuple[str, ...] = ()  # fouls=end-deal: 过牌 kept in the hand
    extra: bool = False  # seats 5–7: no 摆


@dataclass(frozen=True, slots=True)
class PairingState:
    """A moment of the deal. ``phase``: ``lay`` (after the deal), ``self`` (the
    seat ``turn`` groups, goes out or discards), ``claim`` (``open_card`` is offered
    to ``queue[0]``), ``guo`` (``drawn`` must be laid as 过牌), ``over``."""

    rules: PairingRules
    dealer: int
    seats: tuple[SeatState, ...]
    stock: tuple[str, ...]  # drawn from the end
    dead: tuple[str, ...] = ()
    phase: str = "lay"
    turn: int = 0
    lay_done: int = 0  # lay phase: seats that have finished laying
    open_card: str | None = None
    source: int = 0
    flipped: bool = False
    queue: tuple[tuple[int, str], ...] = ()
    owed: int = 0  # 偷 still owed to ``turn`` (while a 过牌 waits)
    drawn: str | None = None
    winner: int | None = None
    foul: Reason | None = None
    foul_seat: int | None = None
    scores: tuple[int, ...] = ()
    count: Count | None = None

    @property
    def actor(self) -> int:
        """The seat the deal waits for (meaningless once over)."""
        if self.phase == "claim":
            return self.queue[0][0]
        return self.turn


def new_deal(rules: PairingRules, rng: random.Random, dealer: int = 0) -> PairingState:
    """Shuffle and deal: the 头家 ``dealer`` first. Starts in the ``lay`` phase."""
    cards = list(deck(rules.jing))
    rng.shuffle(cards)
    n = rules.players
    hands: list[SeatState] = [SeatState(())] * n
    for i, size in enumerate(deal_sizes(n)):
        take, cards = cards[:size], cards[size:]
        hands[(dealer + i) % n] = SeatState(tuple(counts_of(take)), extra=i >= MAIN_SEATS)
    return PairingState(rules, dealer, tuple(hands), tuple(cards), turn=dealer)


# -- small steps every transition uses ------------------------------------------------


def seats_with(state: PairingState, s: int, seat: SeatState) -> tuple[SeatState, ...]:
    return state.seats[:s] + (seat,) + state.seats[s + 1 :]


def set_seat(state: PairingState, s: int, seat: SeatState, **changes: Any) -> PairingState:
    """The state with seat ``s`` replaced (and ``changes``), in one step."""
    return evolve(state, seats=seats_with(state, s, seat), **changes)


def without(hand: tuple[int, ...], cards: Sequence[str]) -> tuple[int, ...]:
    """``hand`` less ``cards`` (which it holds: the move was checked as legal)."""
    h = list(hand)
    for c in cards:
        h[INDEX[c]] -= 1
        if h[INDEX[c]] < 0:
            raise InvariantViolation(f"card {c} not in hand")
    return tuple(h)


def plus(hand: tuple[int, ...], card: str) -> tuple[int, ...]:
    h = list(hand)
    h[INDEX[card]] += 1
    return tuple(h)


def all_cards(state: PairingState) -> list[int]:
    """Counts of every card in the state (must equal the deck)."""
    c = list(map(sum, zip(*(seat.hand for seat in state.seats), strict=True)))
    loose = [t for seat in state.seats for m in seat.melds for t in m.cards]
    loose += [t for seat in state.seats for t in seat.guo]
    loose += state.stock + state.dead
    loose += [o for o in (state.open_card, state.drawn) if o is not None]
    for t in loose:
        c[INDEX[t]] += 1
    return c


def add_table(state: PairingState, counts: list[int]) -> None:
    """Add every laid-out group and the dead cards to ``counts``."""
    for seat in state.seats:
        for m in seat.melds:
            for t in m.cards:
                counts[INDEX[t]] += 1
    for t in state.dead:
        counts[INDEX[t]] += 1


FULL_DECK: dict[bool, tuple[int, ...]] = {j: tuple(counts_of(deck(j))) for j in (True, False)}
"""Counts per kind of the whole deck, with and without 经牌."""


def problems(state: PairingState, whole: bool = True) -> Detail | None:
    """What makes ``state`` impossible (wrong seats, a phase without what it needs,
    cards that do not add up to the deck), or ``None``. A position that is not
    ``whole`` (a study position) may leave cards out, but never hold more than the deck."""
    n = state.rules.players
    if len(state.seats) != n:
        return Detail(f"{len(state.seats)} seats for {n} players", "detail-moment")
    if state.phase not in PHASES:
        return Detail(f"no phase {state.phase!r}", "detail-moment")
    seats = [state.dealer, state.turn, state.source] + [s for s, _ in state.queue]
    seats += [s for s in (state.winner, state.foul_seat) if s is not None]
    if min(seats) < 0 or max(seats) >= n:
        return Detail("a seat number out of range", "detail-moment")
    for seat in state.seats:
        if len(seat.hand) != N_KINDS or min(seat.hand) < 0:
            return Detail("a hand is not a count per card kind", "detail-json-shape")
    return _card_problem(state, whole) or _phase_problem(state)


def _phase_problem(state: PairingState) -> Detail | None:
    if state.phase == "claim" and (state.open_card is None or not state.queue):
        return Detail("a claim needs an open card and a queue of claims", "detail-moment")
    if not {tier for _, tier in state.queue} <= set(TIERS):
        return Detail("a claim tier is group or bai", "detail-moment")
    if state.phase == "guo" and state.drawn is None:
        return Detail("the guo phase needs the drawn card", "detail-moment")
    if (state.winner is not None or state.foul is not None) and state.phase != "over":
        return Detail("only a deal that is over has a winner or a foul", "detail-moment")
    if state.winner is not None and not is_complete(
        state.seats[state.winner].hand, state.rules.jing
    ):
        return Detail("the winner's hand is not complete", "detail-moment")
    return None


def broken(state: PairingState) -> Detail | None:
    """What the moves of a deal broke (cards lost or made up, a phase without what it
    needs), or ``None``: the self-play check after every action."""
    return _card_problem(state, True) or _phase_problem(state)


def _card_problem(state: PairingState, whole: bool) -> Detail | None:
    cards, deck = all_cards(state), FULL_DECK[state.rules.jing]
    if whole and cards != list(deck):
        return Detail("the cards do not add up to the deck", "detail-deck")
    if not all(map(operator.le, cards, deck)):
        return Detail("more copies of a card than the deck holds", "detail-deck")
    return None
