"""The deal of the trick game as immutable values: the state and the fresh deal."""

from __future__ import annotations

import operator
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from app.engine.chuanpai.cards import INDEX, counts_of, deck
from app.engine.chuanpai.tricks.plays import HARD, TOP_CARDS, N, in_order
from app.engine.chuanpai.tricks.rules import HAND, PLAYERS, TrickRules
from app.engine.core.actions import Count
from app.engine.core.errors import Detail
from app.engine.core.reason import Reason

PHASES: tuple[str, ...] = ("play", "over")

Trick = tuple[tuple[int, tuple[str, ...], bool], ...]
"""The plays of a trick so far: (seat, cards, covered face down)."""


@dataclass(frozen=True, slots=True)
class TrickState:
    """A moment of the deal. ``trick`` holds the plays so far; ``best`` the index of
    the best play among them; ``piles`` the cards each seat has laid out (摆牌);
    ``covered`` the cards covered face down in tricks already taken."""

    rules: TrickRules
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[str, ...], ...]
    covered: tuple[str, ...] = ()
    leader: int = 0
    turn: int = 0
    trick: Trick = ()
    best: int | None = None
    tricks_done: int = 0
    first_to_16: int | None = None
    baopai: int | None = None
    phase: str = "play"
    winner: int | None = None
    tuoshou: int | None = None
    foul: Reason | None = None
    foul_seat: int | None = None
    scores: tuple[int, ...] = ()
    count: Count | None = None
    redeals: int = 0


def no_tian_no_jiu(hand: tuple[int, ...]) -> bool:
    """无天无九: no 天牌, no 红九 and no 黑九 (then nobody plays: redeal)."""
    return not any(hand[INDEX[f]] for f in TOP_CARDS)


def new_deal(rules: TrickRules, rng: random.Random, dealer: int = 0) -> TrickState:
    """Shuffle and deal 28 each; lay out the 硬张; redeal on 无天无九."""
    redeals = 0
    while True:
        cards = list(deck(False))
        rng.shuffle(cards)
        dealt = [cards[HAND * i : HAND * (i + 1)] for i in range(PLAYERS)]
        by_seat = [dealt[(i - dealer) % PLAYERS] for i in range(PLAYERS)]
        hands = tuple(tuple(counts_of(c for c in mine if c not in HARD))[:N] for mine in by_seat)
        if not any(no_tian_no_jiu(h) for h in hands):
            piles = tuple(in_order([c for c in mine if c in HARD]) for mine in by_seat)
            first16 = next((i for i in range(PLAYERS) if len(piles[i]) >= 16), None)
            return TrickState(
                rules,
                dealer,
                hands,
                piles,
                leader=dealer,
                turn=dealer,
                redeals=redeals,
                first_to_16=first16,
            )
        redeals += 1


def best_of(trick: Trick) -> int | None:
    """The index of the best play: the last one played face up."""
    return next((i for i in range(len(trick) - 1, -1, -1) if not trick[i][2]), None)


def all_cards(state: TrickState) -> list[int]:
    """Counts of every card in the state (must equal the deck)."""
    c = list(map(sum, zip(*state.hands, _laid(state.piles, state.covered), strict=True)))
    for _, cards, _ in state.trick:
        for t in cards:
            c[INDEX[t]] += 1
    return c


@lru_cache(maxsize=4096)
def _laid(piles: tuple[tuple[str, ...], ...], covered: tuple[str, ...]) -> tuple[int, ...]:
    """Counts per kind of the laid-out and covered cards (they change once a trick)."""
    return tuple(counts_of(chain(*piles, covered))[:N])


FULL_DECK: tuple[int, ...] = tuple(counts_of(deck(False)))[:N]


def problems(state: TrickState, whole: bool = True) -> Detail | None:
    """What makes ``state`` impossible, or ``None``. A position that is not ``whole``
    (a study position) may leave cards out, never hold more than the deck."""
    if len(state.hands) != PLAYERS or len(state.piles) != PLAYERS:
        return Detail(f"the trick game has {PLAYERS} seats", "detail-moment")
    if state.phase not in PHASES:
        return Detail(f"no phase {state.phase!r}", "detail-moment")
    seats = [state.dealer, state.leader, state.turn] + [s for s, _, _ in state.trick]
    seats += [
        s
        for s in (state.first_to_16, state.baopai, state.tuoshou, state.foul_seat)
        if s is not None
    ]
    if min(seats) < 0 or max(seats) >= PLAYERS:
        return Detail("a seat number out of range", "detail-moment")
    for h in state.hands:
        if len(h) != N or min(h) < 0:
            return Detail("a hand is not a count per card kind", "detail-json-shape")
    return _card_problem(state, whole) or _trick_problem(state)


def broken(state: TrickState) -> Detail | None:
    """What the moves of a deal broke (cards lost or made up, a trick out of order), or
    ``None``: the self-play check after every action."""
    return _card_problem(state, True) or _trick_problem(state)


def _card_problem(state: TrickState, whole: bool) -> Detail | None:
    cards = all_cards(state)
    if whole and cards != list(FULL_DECK):
        return Detail("the cards do not add up to the deck", "detail-deck")
    if not all(map(operator.le, cards, FULL_DECK)):
        return Detail("more copies of a card than the deck holds", "detail-deck")
    return None


def _trick_problem(state: TrickState) -> Detail | None:
    played = [s for s, _, _ in state.trick]
    if len(set(played)) != len(played) or len(played) >= PLAYERS:
        return Detail("each seat plays once to a trick", "detail-moment")
    if state.trick and (state.trick[0][2] or best_of(state.trick) != state.best):
        return Detail(
            "a trick begins with a lead, and its best play is the last face up", "detail-moment"
        )
    if state.phase == "play" and state.turn in played:
        return Detail("the seat to play has played to this trick", "detail-moment")
    return None
