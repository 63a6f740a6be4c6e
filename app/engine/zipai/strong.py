"""The strong 字牌 player: one move of lookahead over the cards it has not seen.

Every discard (and every 吃/碰 against passing) is judged by the hand it leaves:

1. ready (听牌) hands first, by how many unseen cards would win with at least the
   minimum 胡息 (then by the best 胡息 of those wins);
2. otherwise the fewest loose cards (as the simple player counts them), then the most
   unseen cards that would tighten the hand (draw one and it gets better), then the
   胡息 already made (groups on the table and 坎).

"Unseen" is the deck less the seat's own cards and every card face up on the table:
the player reads nothing its seat may not see (the other hands, face-down 偎 / 扫穿,
the stock order). Wins are taken whenever the rules allow, as the simple player does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.core.actions import Action
from app.engine.core.coaching import ExplainingPlayer, coach, only_move, ranked, winning
from app.engine.core.game import Advice
from app.engine.core.reason import Reason
from app.engine.zipai.cards import COPIES, KINDS, TOKEN_INDEX, TOKENS
from app.engine.zipai.decompose import ONE, waits
from app.engine.zipai.melds import CHI, KIND_ALIASES, PENG, Meld
from app.engine.zipai.players import free_cards, loose
from app.engine.zipai.state import SEATS, Seat, State
from app.engine.zipai.view import face_down

#: the coach codes of this player (prose in the reasons catalog, translations/*/LC_MESSAGES/reasons.po)
COACH_CODES = (
    "coach-zp-keep-waits",
    "coach-zp-tighten",
    "coach-zp-take",
    "coach-zp-pass",
    "coach-zp-no-discard",
)


def unseen(state: State, seat: int) -> list[int]:
    """Copies of each kind the seat has not seen: the deck less its own cards and the
    cards face up on the table."""
    left = [COPIES] * KINDS
    own = state.seats[seat]
    for c in range(KINDS):
        left[c] -= own.hand[c]
    for i, s in enumerate(state.seats):
        for c in s.pile:
            left[c] -= 1
        for m in s.melds:
            if i == seat or not face_down(m.kind, state.rules):
                for c in m.cards:
                    left[c] -= 1
    return [max(0, n) for n in left]


#: a hand one card short of a win has at most this many loose cards (a pair and two)
READY_LOOSE = 3
#: discards looked at in full: the loosest few (by the loose count they leave)
LOOK = 5


def candidates(hand: Sequence[int], cards: Sequence[int]) -> list[int]:
    """The ``LOOK`` cards of ``cards`` whose discard leaves the fewest loose cards."""
    _, key = free_cards(hand)
    order = sorted(cards, key=lambda c: loose(key - ONE[c]))
    return order[:LOOK]


class Shape:
    """How good a holding is to wait with (higher is better), and why."""

    __slots__ = ("ready", "wins", "huxi", "loose", "tighten", "made")

    def __init__(
        self, hand: Sequence[int], melds: Sequence[Meld], left: Sequence[int], rules: object
    ) -> None:
        yiwushi = bool(getattr(rules, "yiwushi", False))
        need = int(getattr(rules, "min_huxi", 0))
        _, key = free_cards(hand)
        self.loose = loose(key)
        won: list[tuple[int, int]] = []
        if self.loose <= READY_LOOSE:
            won = [(c, h) for c, h in waits(hand, melds, yiwushi) if h >= need and left[c]]
        self.wins = sum(left[c] for c, _ in won)
        self.huxi = max((h for _, h in won), default=0)
        self.ready = bool(won)
        tighten = 0
        if not self.ready:
            for c in range(KINDS):
                if not left[c] or hand[c] >= 3:
                    continue
                key2 = key - 2 * ONE[c] if hand[c] == 2 else key + ONE[c]
                if loose(key2) <= self.loose:
                    tighten += left[c]
        self.tighten = tighten
        made = sum(m.points(yiwushi) for m in melds)
        made += sum(3 if c < 10 else 6 for c in range(KINDS) if hand[c] == 3)
        self.made = made

    def score(self) -> float:
        if self.ready:
            return 1000.0 + 10.0 * self.wins + 0.1 * self.huxi
        return -10.0 * self.loose + 0.5 * self.tighten + 0.3 * self.made

    def reason(self, action: Action) -> Reason:
        if self.ready:
            return coach("zp-keep-waits", action=action.text(), count=self.wins, huxi=self.huxi)
        return coach("zp-tighten", action=action.text(), loose=self.loose, count=self.tighten)


def _after_discard(hand: Sequence[int], c: int) -> list[int]:
    out = list(hand)
    out[c] -= 1
    return out


def best_discard(
    seat: Seat, left: Sequence[int], rules: object, cards: Sequence[int]
) -> tuple[float, int, Shape] | None:
    """The discard among ``cards`` leaving the best shape (the first of equals)."""
    best: tuple[float, int, Shape] | None = None
    for c in candidates(seat.hand, cards):
        sh = Shape(_after_discard(seat.hand, c), seat.melds, left, rules)
        sc = sh.score()
        if best is None or sc > best[0]:
            best = (sc, c, sh)
    return best


class StrongPlayer(ExplainingPlayer):
    """Keeps the most winning cards (at the minimum 胡息), else the tightest hand."""

    name = "strong"

    def advise(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Advice:
        got = only_move(legal) or winning(legal)
        if got is not None:
            return got
        left = unseen(state, seat)
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return self._discard(state, seat, discards, left)
        takes = [a for a in legal if a.kind not in ("pass", "hu")]
        passing = next((a for a in legal if a.kind == "pass"), None)
        if not takes and passing is not None:
            return Advice(passing, coach("zp-no-discard", action=passing.text()))
        return self._take_or_pass(state, seat, takes, passing, left)

    def _discard(
        self, state: State, seat: int, discards: Sequence[Action], left: list[int]
    ) -> Advice:
        me = state.seats[seat]
        nxt = state.seats[(seat + 1) % SEATS]
        avoided = nxt.thrown | nxt.chou
        scored: list[tuple[float, Action, Reason]] = []
        look = set(candidates(me.hand, [TOKEN_INDEX[a.cards[0]] for a in discards]))
        for a in discards:
            c = TOKEN_INDEX[a.cards[0]]
            if c not in look:
                continue
            sh = Shape(_after_discard(me.hand, c), me.melds, left, state.rules)
            # among equals: a card the next seat may not eat, then one already seen
            tie = (0.2 if avoided >> c & 1 else 0.0) + 0.01 * (4 - left[c])
            scored.append((sh.score() + tie, a, sh.reason(a)))
        action, reason, others = ranked(scored)
        return Advice(action, reason, others)

    def _take_or_pass(
        self,
        state: State,
        seat: int,
        takes: Sequence[Action],
        passing: Action | None,
        left: list[int],
    ) -> Advice:
        me = state.seats[seat]
        offer = state.offer
        card = offer.card if offer is not None else -1
        scored: list[tuple[float, Action, Reason]] = []
        if passing is not None:
            sh = Shape(me.hand, me.melds, left, state.rules)
            scored.append((sh.score(), passing, coach("zp-pass", action=passing.text())))
        for a in takes:
            kind = KIND_ALIASES.get(a.kind, a.kind)
            if kind not in (CHI, PENG):  # a forced group: the only move anyway
                scored.append((1e6, a, coach("forced", action=a.text())))
                continue
            groups = [tuple(TOKEN_INDEX[x] for x in a.cards)]
            groups += [tuple(TOKEN_INDEX[x] for x in g) for g in a.params.get("bi", ())]
            hand = list(me.hand)
            used = [c for g in groups for c in g]
            used.remove(card)
            for c in used:
                hand[c] -= 1
            if min(hand) < 0:
                continue
            melds = list(me.melds) + [Meld(kind, tuple(sorted(g))) for g in groups]
            after = Seat(tuple(hand), tuple(melds))
            cards = [c for c in range(KINDS) if 0 < hand[c] < 3]
            best = best_discard(after, left, state.rules, cards)
            if best is None:
                continue
            sc, c, sh = best
            reason = coach("zp-take", action=a.text(), card=TOKENS[c])
            scored.append((sc + 0.05, a, reason))
        if not scored:
            fallback = passing or takes[0]
            return Advice(fallback, coach("engine-choice", action=fallback.text()))
        action, reason, others = ranked(scored)
        return Advice(action, reason, others)
