"""The strong Nantong player: discard to stay closest to a win, then by expected 胡.

Every discard is judged by the hand it leaves, with the cards the seat has not seen
(the deck less its own cards, every group on the table, the discards, the turned
generals and a card on offer):

1. a ready hand (one card from 胡) first, by how many unseen cards complete it, then
   by the 胡 they would count;
2. otherwise the fewest loose cards (cards outside groups of three; a pair or two
   cards of a run count one), then the most unseen cards that would tighten it.

Like the simple player it goes out whenever it can, declares 报听 when waiting, lays
down every four and takes every 碰.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from app.engine.core.actions import Action
from app.engine.core.coaching import ExplainingPlayer, coach, only_move, ranked, winning
from app.engine.core.game import Advice
from app.engine.core.reason import Reason
from app.engine.nantong.cards import HONOURS, INDEX, NKINDS, NPLAIN, copies
from app.engine.nantong.count import WinContext
from app.engine.nantong.judge import waits
from app.engine.nantong.melds import Meld
from app.engine.nantong.state import State

#: the coach codes of this player (prose in the reasons catalog, translations/*/LC_MESSAGES/reasons.po)
COACH_CODES = (
    "coach-nt-keep-waits",
    "coach-nt-tighten",
    "coach-nt-take",
    "coach-nt-baoting",
)

TAKE = ("baoting", "gang", "jia-gang", "ming-gang", "peng")
#: a hand one card short of 胡 has at most this many loose cards
READY_LOOSE = 3
_PLAIN = WinContext()
ALIKE = 2.0
VALUE = 0.05


@lru_cache(maxsize=200_000)
def suit_loose(c: tuple[int, ...]) -> int:
    """Loose cards of one suit (nine ranks) in its best split: groups of three cost
    nothing, a pair or two cards of a run one, a lone card one."""
    i = next((r for r in range(9) if c[r]), -1)
    if i < 0:
        return 0
    lst = list(c)
    lst[i] -= 1
    best = 1 + suit_loose(tuple(lst))  # alone
    if c[i] >= 2:
        lst[i] -= 1
        best = min(best, 1 + suit_loose(tuple(lst)))  # a pair
        if c[i] >= 3:
            lst[i] -= 1
            best = min(best, suit_loose(tuple(lst)))  # three alike
            lst[i] += 1
        lst[i] += 1
    for a, b, cost in ((1, 2, 0), (1, None, 1), (2, None, 1)):
        if i + a > 8 or not lst[i + a]:
            continue
        if b is not None and (i + b > 8 or not lst[i + b]):
            continue
        lst[i + a] -= 1
        if b is not None:
            lst[i + b] -= 1
        best = min(best, cost + suit_loose(tuple(lst)))
        lst[i + a] += 1
        if b is not None:
            lst[i + b] += 1
    return best


def loose(h: Sequence[int]) -> int:
    """Loose cards of a concealed hand (a 喜 makes one fewer)."""
    n = sum(suit_loose(tuple(h[9 * s : 9 * s + 9])) for s in range(3))
    n += sum(1 for k in HONOURS if h[k] % 3)
    return max(0, n - sum(h[NPLAIN:]))


def unseen(s: State, seat: int) -> list[int]:
    """Copies of each kind the seat has not seen."""
    left = [copies(k) for k in range(NKINDS)]
    if not s.rules.xi:
        for k in range(NPLAIN, NKINDS):
            left[k] = 0
    for k, n in enumerate(s.hands[seat]):
        left[k] -= n
    for melds in s.melds:
        for m in melds:
            for k in m.cards:
                left[k] -= 1
    for pile in s.discards:
        for k in pile:
            left[k] -= 1
    for k in s.generals:
        left[k] -= 1
    if s.discard is not None:
        left[s.discard] -= 1
    return [max(0, n) for n in left]


class Shape:
    """How good a concealed hand is to wait with (higher is better)."""

    __slots__ = ("ready", "wins", "points", "loose", "tighten", "alike", "value")

    def __init__(
        self, s: State, h: Sequence[int], melds: tuple[Meld, ...], left: Sequence[int]
    ) -> None:
        self.loose = loose(h)
        won: list[tuple[int, int]] = []
        if self.loose <= READY_LOOSE:
            won = [(k, p) for k, p in waits(h, melds, s.gen, s.rules, _PLAIN) if left[k]]
        self.ready = bool(won)
        self.value = sum(left[k] * p for k, p in won)
        self.alike = sum(2 if n >= 3 else 1 if n == 2 else 0 for n in h[:NPLAIN])
        self.wins = sum(left[k] for k, _ in won)
        self.points = max((p for _, p in won), default=0)
        tighten = 0
        if not self.ready:
            c = list(h)
            for k in range(NPLAIN):
                if left[k]:
                    c[k] += 1
                    if loose(c) < self.loose:
                        tighten += left[k]
                    c[k] -= 1
        self.tighten = tighten

    def score(self) -> float:
        if self.ready:
            return 1000.0 + 10.0 * self.wins + ALIKE * self.alike + VALUE * self.value
        return -10.0 * self.loose + 0.5 * self.tighten + ALIKE * self.alike

    def reason(self, action: Action) -> Reason:
        if self.ready:
            return coach("nt-keep-waits", action=action.text(), count=self.wins, hu=self.points)
        return coach("nt-tighten", action=action.text(), loose=self.loose, count=self.tighten)


class StrongPlayer(ExplainingPlayer):
    """The closest to a win, then the most winning cards and 胡."""

    name = "strong"

    def advise(
        self, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Advice:
        got = only_move(legal) or winning(legal)
        if got is not None:
            return got
        for kind in TAKE:
            for a in legal:
                if a.kind == kind:
                    code = "nt-baoting" if kind == "baoting" else "nt-take"
                    return Advice(a, coach(code, action=a.text()))
        discards = [a for a in legal if a.kind == "discard"]
        if not discards:
            a = legal[-1]
            return Advice(a, coach("engine-choice", action=a.text()))
        left = unseen(state, seat)
        h = state.hands[seat]
        melds = state.melds[seat]
        scored: list[tuple[float, Action, Reason]] = []
        c = list(h)
        # the loosest few first: only they are worth a full look
        order = []
        for a in discards:
            k = INDEX[a.cards[0]]
            if k >= NPLAIN and len(discards) > 1:
                continue  # a 喜 stands for any card: never thrown while another can go
            c[k] -= 1
            order.append((loose(c), k, a))
            c[k] += 1
        order.sort(key=lambda t: t[0])
        for _, k, a in order[:6]:
            c[k] -= 1
            sh = Shape(state, c, melds, left)
            c[k] += 1
            scored.append((sh.score() + 0.01 * (4 - left[k]), a, sh.reason(a)))
        if not scored:
            a = discards[0]
            return Advice(a, coach("engine-choice", action=a.text()))
        action, reason, others = ranked(scored)
        return Advice(action, reason, others)
