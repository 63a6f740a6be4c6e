"""Dealing a 字牌 deal: the hands, four-alikes laid down, wins at the deal, the 亮张."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.zipai.cards import KINDS, Card, counts_of, full_deck
from app.engine.zipai.decompose import KAN_MELDS, TI_MELDS
from app.engine.zipai.machine import advance, finish
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.state import HAND, SEATS, Offer, Seat, State


def deal(
    rules: ZipaiRules,
    rng: random.Random | None = None,
    dealer: int = 0,
    streak: int = 0,
    deck: Sequence[Card] | None = None,
) -> State:
    """Shuffle and deal: the dealer 20 plus the shown 亮张 (挡底), the others 20, 19 in stock.

    Four alike in a hand are laid down at once (提 / 扫穿). A seat with three 提 or
    five 坎 (提 counting as 坎) wins at once (Hunan 天胡; Guilin 三笼 / 五坎), the
    dealer first. Otherwise the 亮张 is offered for a win (天胡) and the dealer plays.
    """
    cards = list(deck) if deck is not None else full_deck()
    if deck is None:
        (rng or random.Random()).shuffle(cards)
    order = [(dealer + i) % SEATS for i in range(SEATS)]
    hands: dict[int, list[Card]] = {}
    for i, s in enumerate(order):
        hands[s] = cards[i * HAND : (i + 1) * HAND]
    pos = SEATS * HAND
    liang = cards[pos]
    hands[dealer].append(liang)
    seats = tuple(_seat(hands[s]) for s in range(SEATS))
    state = State(
        rules,
        dealer,
        seats,
        tuple(cards[pos + 1 :]),
        liang,
        "offer",
        dealer,
        Offer(liang, dealer, "liang"),
        streak=streak,
    )
    for s in order:
        won = _deal_win(state, s)
        if won is not None:
            return won
    return advance(state)


def _seat(cards: Sequence[Card]) -> Seat:
    counts = counts_of(cards)
    melds = []
    for c in range(KINDS):
        if counts[c] == 4:
            melds.append(TI_MELDS[c])
            counts[c] = 0
    return Seat(tuple(counts), tuple(melds))


def _deal_win(state: State, s: int) -> State | None:
    seat = state.seats[s]
    quads = [m for m in seat.melds if m.is_quad]
    kans = [KAN_MELDS[c] for c in range(KINDS) if seat.hand[c] == 3]
    if len(quads) < 3 and len(quads) + len(kans) < 5:
        return None
    groups = tuple(quads + kans)
    if state.rules.game == GUILIN:
        specials = tuple(
            sp for sp, ok in (("sanlong", len(quads) >= 3), ("wukan", len(groups) >= 5)) if ok
        )
    else:
        specials = ("tianhu",)
    return finish(state, s, groups, specials=specials, zimo=True, how="tianhu")
