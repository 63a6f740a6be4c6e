"""Engine-driven players: sensible, fast, deterministic given their random source.

:class:`SimplePlayer` takes a win whenever it can, takes forced actions, keeps its
坎 (they cannot be broken anyway), takes a 碰 or 吃 when the hand keeps its shape,
and discards the loosest card, preferring cards the next seat cannot or will not
吃 (cards it threw or declined, and cards already seen).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.core.actions import Action
from app.engine.zipai.bi import chi_shapes
from app.engine.zipai.cards import KINDS, TOKEN_INDEX, Card
from app.engine.zipai.decompose import BITS, GUARD, ONE, RELATED, low_card
from app.engine.zipai.machine import legal_actions
from app.engine.zipai.melds import KIND_ALIASES, PENG
from app.engine.zipai.state import SEATS, State

#: per card, the other kinds it could form a group with, as a bit mask
_RELATED_MASK = tuple(sum(1 << r for r in RELATED[c] if r != c) for c in range(KINDS))


def free_cards(hand: Sequence[int]) -> tuple[int, int]:
    """The free cards of a hand (not in a 坎): as a bit mask of kinds, and packed."""
    mask = key = 0
    for c, n in enumerate(hand):
        if 0 < n < 3:
            mask |= 1 << c
            key += n * ONE[c]
    return mask, key


def connection(hand: Sequence[int], free: int, c: Card) -> int:
    """How many other free kinds free card ``c`` could form a group with (a pair counts
    two more)."""
    return (free & _RELATED_MASK[c]).bit_count() + (2 if hand[c] == 2 else 0)


def connections(hand: Sequence[int]) -> list[int]:
    """:func:`connection` for each free card (0 for the others)."""
    free = free_cards(hand)[0]
    out = [0] * KINDS
    rest = free
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        out[c] = connection(hand, free, c)
        rest ^= low
    return out


def shape(hand: Sequence[int]) -> int:
    """A rough worth of a hand: 坎 and connected free cards."""
    conn = connections(hand)
    return sum(6 for n in hand if n >= 3) + sum(min(c, 3) for c in conn)


def _visible(state: State) -> list[Card]:
    """Every card on the table: the piles and the groups."""
    seen: list[Card] = []
    for seat in state.seats:
        seen += seat.pile
        for m in seat.melds:
            seen += m.cards
    return seen


_LOOSE: dict[int, int] = {}


def _shape_deltas() -> tuple[tuple[int, ...], ...]:
    """Per lowest card, the packed 吃-shaped groups starting at it."""
    return tuple(
        tuple(sum(ONE[c] for c in g) for g in chi_shapes(low, False) if g[0] == low)
        for low in range(KINDS)
    )


_SHAPES = _shape_deltas()


def loose(key: int) -> int:
    """Free cards (packed as in :mod:`.decompose`) left over by the best grouping:
    three-card groups cost nothing, a pair costs one, a lone card one."""
    if key == 0:
        return 0
    memo = _LOOSE
    got = memo.get(key)
    if got is not None:
        return got
    if len(memo) > 300_000:
        memo.clear()
    low = low_card(key)
    one = ONE[low]
    rest = key - one
    sub = memo.get(rest)
    best = 1 + (loose(rest) if sub is None else sub)  # the lowest card alone
    if best > 1 and (key >> (BITS * low)) & 2:  # two or more of it: a pair
        rest -= one
        sub = memo.get(rest)
        sub = 1 + (loose(rest) if sub is None else sub)
        if sub < best:
            best = sub
    if best:
        kg = key | GUARD
        for delta in _SHAPES[low]:
            if (kg - delta) & GUARD == GUARD:
                rest = key - delta
                sub = memo.get(rest)
                if sub is None:
                    sub = loose(rest)
                if sub < best:
                    best = sub
                    if not best:
                        break
    memo[key] = best
    return best


def clear_memo() -> None:
    _LOOSE.clear()


class SimplePlayer:
    """Prefer winning, keep 坎, avoid feeding the next seat."""

    name = "simple"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(
        self,
        state: State,
        seat: int,
        actions: Sequence[Action] | None = None,
        rng: random.Random | None = None,
    ) -> Action:
        """One of ``actions`` (the seat's legal actions as the engine gives them, cards as
        canonical tokens; worked out when not given); ``rng`` (else the player's own)
        breaks near-ties between discards."""
        if rng is not None:
            self.rng = rng
        acts = list(actions) if actions is not None else legal_actions(state, seat)
        if len(acts) == 1:
            return acts[0]
        for a in acts:
            if a.kind == "hu":
                return a
        discards = [a for a in acts if a.kind == "discard"]
        if discards:
            return self._discard(state, seat, discards)
        takes = [a for a in acts if a.kind not in ("pass", "hu")]
        passing = next((a for a in acts if a.kind == "pass"), None)
        if not takes:
            return passing or acts[0]
        return self._take_or_pass(state, seat, takes, passing)

    def _discard(self, state: State, seat: int, discards: Sequence[Action]) -> Action:
        hand = state.seats[seat].hand
        free, key = free_cards(hand)
        nxt = state.seats[(seat + 1) % SEATS]
        avoided = nxt.thrown | nxt.chou  # the next seat may not eat these
        seen = _visible(state).count
        # only the loosest few cards are worth a full look
        cards = [
            (connection(hand, free, TOKEN_INDEX[a.cards[0]]), TOKEN_INDEX[a.cards[0]], a)
            for a in discards
        ]
        cards.sort(key=lambda t: t[0])
        best, best_score = cards[0][2], -1e9
        for conn, c, a in cards[:5]:
            score = -10.0 * loose(key - ONE[c]) - 1.0 * conn + 0.5 * seen(c)
            if avoided >> c & 1:
                score += 2.0
            score += self.rng.random() * 0.1
            if score > best_score:
                best, best_score = a, score
        return best

    def _take_or_pass(
        self, state: State, seat: int, takes: Sequence[Action], passing: Action | None
    ) -> Action:
        hand = list(state.seats[seat].hand)
        before = loose(free_cards(hand)[1])
        offer = state.offer
        card = offer.card if offer is not None else -1
        best: Action | None = None
        best_gain = -1e9
        for a in takes:
            kind = KIND_ALIASES.get(a.kind, a.kind)
            used = [TOKEN_INDEX[x] for x in a.cards]
            if card in used:
                used.remove(card)
            for g in a.params.get("bi", ()):
                used.extend(TOKEN_INDEX[x] for x in g)
            after = list(hand)
            for c in used:
                after[c] -= 1
            # after taking, a discard removes the loosest card
            tighter = before - max(0, loose(free_cards(after)[1]) - 1)
            gain = 10.0 * tighter + (3.0 if kind == PENG else 0.0) + 0.1 * shape(after)
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None and (passing is None or best_gain >= 0):
            return best
        return passing or takes[0]
