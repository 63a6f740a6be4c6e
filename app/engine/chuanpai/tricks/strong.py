"""The strong player of the trick game 打天九: small determinized rollouts.

At a real choice (which beater, which cards to cover, what to lead, 脱手 or not) it
deals the cards it cannot see — the other two hands and the covered cards — at random
again, a few times (``DEALS``), consistent with what its seat has seen (its own hand,
the laid-out piles, the face-up plays), plays each deal to the end once per candidate
with the simple player in every seat, and keeps the candidate with the best mean
score (the laid-out pile breaking ties). The same re-deals serve every candidate, so
they are compared on equal cards. It never looks at a hidden card: the hidden cards
are pooled and dealt again before anything is read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.chuanpai.cards import INDEX, KINDS, counts_of, deck
from app.engine.chuanpai.common import evolve
from app.engine.chuanpai.tricks.moves import do
from app.engine.chuanpai.tricks.offers import legal_actions
from app.engine.chuanpai.tricks.players import SimplePlayer
from app.engine.chuanpai.tricks.plays import RANK, rank_of
from app.engine.chuanpai.tricks.rules import PLAYERS
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Action
from app.engine.core.coaching import ExplainingPlayer, coach, only_move, ranked
from app.engine.core.game import Advice
from app.engine.core.reason import Reason

#: the coach codes of this player (prose in the reasons catalog, translations/*/LC_MESSAGES/reasons.po)
COACH_CODES = ("coach-tj-lead", "coach-tj-beat", "coach-tj-cover-low", "coach-tj-tuoshou")

DECK = tuple(counts_of(deck(False)))
#: re-deals per decision, and the most candidates played out (the others are cut
#: by a quick rule first)
DEALS = 8
MOST = 3
PILE_WEIGHT = 0.05


def hidden_pool(state: TrickState, seat: int) -> list[str]:
    """The cards the seat cannot see: the deck less its hand, the piles and the
    face-up plays of the trick."""
    left = list(DECK)
    for k, n in enumerate(state.hands[seat]):
        left[k] -= n
    for pile in state.piles:
        for t in pile:
            left[INDEX[t]] -= 1
    for s, cards, covered in state.trick:
        if not covered or s == seat:
            for t in cards:
                left[INDEX[t]] -= 1
    return [KINDS[k] for k, n in enumerate(left) for _ in range(max(0, n))]


def redeal(state: TrickState, seat: int, pool: Sequence[str], rng: random.Random) -> TrickState:
    """``state`` with the hidden cards dealt again from ``pool`` (sizes kept)."""
    cards = list(pool)
    rng.shuffle(cards)
    at = 0
    hands = list(state.hands)
    for t in range(PLAYERS):
        if t == seat:
            continue
        size = sum(state.hands[t])
        hands[t] = tuple(counts_of(cards[at : at + size]))[: len(state.hands[t])]
        at += size
    trick = []
    for s, played, covered in state.trick:
        if covered and s != seat:
            played = tuple(cards[at : at + len(played)])
            at += len(played)
        trick.append((s, played, covered))
    covered_cards = tuple(cards[at : at + len(state.covered)])
    return evolve(state, hands=tuple(hands), trick=tuple(trick), covered=covered_cards)


def playout(state: TrickState, seat: int, first: Action, rng: random.Random) -> float:
    """The seat's score after ``first`` and simple play to the end (+ a little for its
    pile)."""
    simple = SimplePlayer()
    state = do(state, first)
    while state.phase == "play":
        legal = legal_actions(state)
        state = do(state, simple.choose(state, state.turn, legal, rng))
    return state.scores[seat] + PILE_WEIGHT * len(state.piles[seat])


def _quick(a: Action) -> float:
    """A rule of thumb to cut the candidates: high leads, low beaters, low covers."""
    if a.kind == "tuoshou":
        return 100.0
    if a.kind == "cover":
        return -sum(RANK.get(c, 0) for c in a.cards)
    if a.kind == "beat":
        return -rank_of(a.cards)
    return rank_of(a.cards) + (50.0 if len(a.cards) == 2 else 0.0)


def _shortlist(legal: Sequence[Action]) -> list[Action]:
    if len(legal) <= MOST:
        return list(legal)
    order = sorted(legal, key=_quick, reverse=True)
    if legal[0].kind == "beat":  # the lowest and the highest beater (占张)
        return [order[0], order[-1]]
    return order[:MOST]


class StrongPlayer(ExplainingPlayer):
    """Determinized rollouts over the unseen cards."""

    name = "strong"

    def advise(
        self, state: TrickState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Advice:
        got = only_move(legal)
        if got is not None:
            return got
        if legal[0].kind == "cover":  # the lowest cards: nothing better to learn here
            a = max(legal, key=_quick)
            return Advice(a, coach("tj-cover-low", action=a.text()))
        cands = _shortlist(legal)
        pool = hidden_pool(state, seat)
        own = random.Random(rng.random())
        deals = [redeal(state, seat, pool, own) for _ in range(DEALS)]
        seeds = [own.random() for _ in range(DEALS)]
        scored: list[tuple[float, Action, Reason]] = []
        for a in cands:
            total = sum(
                playout(d, seat, a, random.Random(sd)) for d, sd in zip(deals, seeds, strict=True)
            )
            mean = total / DEALS
            code = {"beat": "tj-beat", "tuoshou": "tj-tuoshou"}.get(a.kind, "tj-lead")
            reason = coach(code, action=a.text(), deals=DEALS, mean=f"{mean:+.1f}")
            scored.append((mean, a, reason))
        action, reason, others = ranked(scored)
        return Advice(action, reason, others)
