"""The values of a 字牌 deal: seats, the card on offer, the result, the whole state.

A :class:`State` is immutable; :mod:`.machine` makes new ones (``deal``, ``apply``),
:mod:`.offers` says whose decision a card on offer waits for, :mod:`.winning` judges
wins. Phases:

- ``offer``: a card is on offer (the dealer's 亮张 at the start, a card turned from the
  stock, or a discard). Seats are asked one at a time in priority order; each either
  takes its action or passes. Passing records 臭牌 / 臭胡 memory.
- ``play``: ``turn`` must discard (``must_discard``), or may only declare a win after
  its own 提/偎 or pass on (八块/重跑/重舵: no discard).
- ``draw``: ``turn`` turns the next stock card (a forced action).
- ``over``: ``result`` holds the winner and the itemized count, or 荒庄.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from app.engine.core.actions import Count
from app.engine.core.errors import Detail
from app.engine.zipai.cards import COPIES, KINDS, Card
from app.engine.zipai.melds import GUILIN_NAMES, Meld, valid
from app.engine.zipai.rules import GUILIN, ZipaiRules

SEATS = 3
HAND = 20
PHASES = ("offer", "play", "draw", "over")
SOURCES = ("liang", "draw", "discard")
#: the stages of an offer, in priority order
STAGES = ("self", "hu", "pao", "peng", "chi")


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's cards and memory. Bitmasks have bit ``c`` set for card ``c``."""

    hand: tuple[int, ...]  # counts per card kind, concealed
    melds: tuple[Meld, ...] = ()  # on the table (进牌区)
    pile: tuple[Card, ...] = ()  # discards and unused turned cards in front of the seat
    thrown: int = 0  # cards this seat discarded: never 吃 (Hunan: nor 碰) them
    chou: int = 0  # 臭牌: declined to 吃/碰 them
    refused_peng: int = 0  # declined to 碰: the own draw of that card is a 臭偎
    chou_hu: tuple[tuple[Card, int], ...] = ()  # (card, table 胡息 when a win on it was declined)

    @property
    def size(self) -> int:
        return sum(self.hand) + sum(len(m.cards) for m in self.melds)

    @property
    def quads(self) -> int:
        return sum(1 for m in self.melds if m.is_quad)

    def table_huxi(self, yiwushi: bool = False) -> int:
        """当前胡息: the 胡息 of the groups on the table."""
        return sum(m.points(yiwushi) for m in self.melds)

    def complete_size(self) -> int:
        """Cards a complete holding of this seat has: 21, or 20 + its 跑/提."""
        q = self.quads
        return 21 if q == 0 else 20 + q

    def discardable(self) -> list[Card]:
        return [c for c in range(KINDS) if 0 < self.hand[c] < 3]

    def meld_of(self, card: Card, kinds: Sequence[str]) -> int | None:
        for i, m in enumerate(self.melds):
            if m.cards[0] == card and m.kind in kinds:
                return i
        return None

    def counts(self) -> list[int]:
        """Every card of the holding (hand and groups), per kind."""
        out = list(self.hand)
        for m in self.melds:
            for c in m.cards:
                out[c] += 1
        return out

    def cards(self) -> list[Card]:
        out = [c for c in range(KINDS) for _ in range(self.hand[c])]
        for m in self.melds:
            out.extend(m.cards)
        return out


@dataclass(frozen=True, slots=True)
class Offer:
    """A card on offer: ``source`` is ``liang`` (亮张), ``draw`` or ``discard``;
    ``passed`` the (stage, seat) decisions already declined."""

    card: Card
    seat: int
    source: str
    passed: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended. ``how``: ``hu``, ``tianhu`` (at the deal) or ``huang`` (荒庄).

    ``winner``, ``melds`` (the counted arrangement), ``card`` (the card won on),
    ``zimo`` and ``specials`` say what happened; ``huxi``, ``count``, ``scores`` and
    ``xing_card`` follow from them (:func:`app.engine.zipai.settle.win_result`)."""

    winner: int | None
    how: str
    scores: tuple[int, ...] = (0, 0, 0)
    huxi: int = 0
    melds: tuple[Meld, ...] = ()
    count: Count | None = None
    card: Card | None = None
    xing_card: Card | None = None
    zimo: bool = False
    specials: tuple[str, ...] = ()


HUANG = Result(None, "huang")


@dataclass(frozen=True)
class State:
    rules: ZipaiRules
    dealer: int
    seats: tuple[Seat, ...]
    stock: tuple[Card, ...]
    liang: Card
    phase: str
    turn: int
    offer: Offer | None = None
    must_discard: bool = False
    may_hu: bool = False
    streak: int = 0  # consecutive 荒庄 before this deal (for the next dealer)
    moves: int = 0
    result: Result | None = None

    def seat(self, i: int) -> Seat:
        return self.seats[i]

    def kind_name(self, kind: str) -> str:
        return GUILIN_NAMES.get(kind, kind) if self.rules.game == GUILIN else kind

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and copied without the caches (``_decider``, ``_decisions``, ``_legal``)."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def __setstate__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


_STATE_FIELDS = tuple(f.name for f in fields(State))


def evolve(s: State, **kw: Any) -> State:
    """``dataclasses.replace`` for :class:`State` (``kw``: fields), without its per-call
    introspection and without the frozen class's checked ``__setattr__``; the new state
    starts with no caches."""
    new = object.__new__(State)
    old = s.__dict__
    values = {k: old[k] for k in _STATE_FIELDS}
    values.update(kw)
    object.__setattr__(new, "__dict__", values)
    return new


def seat_evolve(s: Seat, **kw: Any) -> Seat:
    g = kw.get
    return Seat(
        g("hand", s.hand),
        g("melds", s.melds),
        g("pile", s.pile),
        g("thrown", s.thrown),
        g("chou", s.chou),
        g("refused_peng", s.refused_peng),
        g("chou_hu", s.chou_hu),
    )


def with_seat(state: State, i: int, seat: Seat) -> tuple[Seat, ...]:
    return tuple(seat if j == i else s for j, s in enumerate(state.seats))


def sub(hand: tuple[int, ...], cards: Sequence[Card]) -> tuple[int, ...]:
    h = list(hand)
    for c in cards:
        h[c] -= 1
    return tuple(h)


def add(hand: tuple[int, ...], cards: Sequence[Card]) -> tuple[int, ...]:
    h = list(hand)
    for c in cards:
        h[c] += 1
    return tuple(h)


def next_dealer(state: State) -> tuple[int, int]:
    """(dealer, 荒庄 streak) of the next deal: the winner deals; after 荒庄 the dealer
    keeps the deal, until three 荒庄 in a row pass it to the next seat."""
    res = state.result
    if res is None:
        return state.dealer, 0
    if res.winner is not None:
        return res.winner, 0
    streak = state.streak + 1
    if streak >= 3:
        return (state.dealer + 1) % SEATS, 0
    return state.dealer, streak


# --------------------------------------------------------------------------- invariants


def all_cards(state: State) -> list[int]:
    """Counts per card over hands, tables, piles, stock and the offered card."""
    a, b, c3 = (seat.hand for seat in state.seats)
    counts = [x + y + z for x, y, z in zip(a, b, c3, strict=True)]
    loose = list(state.stock)
    for seat in state.seats:
        loose += seat.pile
        for m in seat.melds:
            loose += m.cards
    if state.offer is not None and state.offer.source != "liang":
        loose.append(state.offer.card)
    for c in loose:
        counts[c] += 1
    return counts


_FULL = [COPIES] * KINDS


def check_invariants(state: State, complete_deck: bool = True, melds: bool = True) -> Detail | None:
    """A description of the first broken invariant, or None."""
    counts = all_cards(state)
    if complete_deck and counts != _FULL:
        return Detail(f"cards not accounted for: {counts}", "detail-deck")
    for i, seat in enumerate(state.seats):
        if min(seat.hand) < 0 or max(seat.hand) > 4:
            return Detail(f"seat {i} hand counts {seat.hand}", "detail-hand-size", seat=i)
        if not melds:
            continue
        for m in seat.melds:
            if not valid(m.kind, m.cards, state.rules.yiwushi):
                return Detail(f"seat {i} bad meld {m}", "detail-meld")
    if (
        state.result is not None
        and state.result.winner is not None
        and sum(state.result.scores) != 0
    ):
        return Detail("scores do not sum to zero", "detail-other")
    return None
