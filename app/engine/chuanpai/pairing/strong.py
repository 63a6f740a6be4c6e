"""The strong player of the pairing game 挤儿.

It goes out whenever it can, takes every group the rules offer (碰/扛/燕/起/暗/亮: each
brings 胡 and a 偷), but never an optional 摆 that does not go out: an optional 摆
pairs the passing card with a card already tied in a 挤儿 and leaves its partner
alone. Among spare cards it discards the one whose partners are least likely to come
(fewest unseen), keeping the cards that can still make 挤儿 (a 20 before a 10).

It counts only what its seat sees: its own cards, the groups on the table, the dead
cards and the card on offer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX, KINDS
from app.engine.chuanpai.melds import jier_sum
from app.engine.chuanpai.pairing.offers import _goes_out
from app.engine.chuanpai.pairing.players import TAKE_VALUE
from app.engine.chuanpai.pairing.state import FULL_DECK, PairingState, add_table
from app.engine.core.actions import Action
from app.engine.core.coaching import ExplainingPlayer, coach, only_move, ranked, winning
from app.engine.core.game import Advice
from app.engine.core.reason import Reason

#: the coach codes of this player (prose in the reasons catalog, translations/*/LC_MESSAGES/reasons.po)
COACH_CODES = (
    "coach-cp-group",
    "coach-cp-skip-bai",
    "coach-cp-bai-out",
    "coach-cp-discard",
    "coach-cp-pass",
)


def unseen(state: PairingState, seat: int) -> list[int]:
    """Copies of each kind the seat has not seen (deck less own cards and the table)."""
    seen = list(state.seats[seat].hand)
    add_table(state, seen)
    for t in state.seats[seat].guo:
        seen[INDEX[t]] += 1
    if state.open_card is not None:
        seen[INDEX[state.open_card]] += 1
    full = FULL_DECK[state.rules.jing]
    return [max(0, full[k] - seen[k]) for k in range(len(full))]


def _value(a: Action) -> int:
    return TAKE_VALUE.get(a.kind, 0)


class StrongPlayer(ExplainingPlayer):
    """Every group, no optional 摆, the least hopeful spare card out."""

    name = "strong"

    def advise(
        self, state: PairingState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Advice:
        got = only_move(legal) or winning(legal)
        if got is not None:
            return got
        forced = [a for a in legal if a.forced]
        if forced:
            a = max(forced, key=_value)
            return Advice(a, coach("forced", action=a.text()))
        me = state.seats[seat]
        bais = [a for a in legal if a.kind == "bai"]
        for a in bais:
            if _goes_out(me, a, state.rules):
                return Advice(a, coach("cp-bai-out", action=a.text()))
        groups = [a for a in legal if a.kind not in ("pass", "discard", "done", "bai", "keep")]
        if groups:
            a = max(groups, key=_value)
            return Advice(a, coach("cp-group", action=a.text(), points=_value(a)))
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return self._discard(state, seat, discards, rng)
        rest = [a for a in legal if a.kind in ("pass", "done")] or list(legal)
        a = rest[0]
        if bais:
            return Advice(a, coach("cp-skip-bai", action=a.text(), card=bais[0].cards[0]))
        return Advice(a, coach("cp-pass", action=a.text()))

    def _discard(
        self, state: PairingState, seat: int, discards: Sequence[Action], rng: random.Random
    ) -> Advice:
        left = unseen(state, seat)
        hand = state.seats[seat].hand
        scored: list[tuple[float, Action, Reason]] = []
        for a in discards:
            k = INDEX[a.cards[0]]
            partners = an.PAIRS_WITH[k]
            hope = sum(left[q] for q in partners)
            # a partner making 20 is worth a little more than one making 10
            twenty = sum(left[q] for q in partners if jier_sum(a.cards[0], KINDS[q]) == 20)
            kept = sum(1 for q in partners if hand[q])
            score = -(hope + 0.5 * twenty + 2.0 * kept) + 0.01 * rng.random()
            reason = coach("cp-discard", action=a.text(), count=hope)
            scored.append((score, a, reason))
        action, reason, others = ranked(scored)
        return Advice(action, reason, others)
