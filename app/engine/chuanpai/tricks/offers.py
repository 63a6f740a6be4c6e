"""The legal actions of the trick game.

The seat to lead leads a single, a pair or a combination (``lead``; the deal's first
lead with 天牌 or a nine is marked ``baopai``), or ends the deal as 脱手 with 15 laid
out and 5 in hand. Each other seat in turn must beat the best play so far when able
(``beat``, forced), else covers as many cards face down (``cover``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.engine.chuanpai.tricks.plays import TOP_CARDS, beaters, classify, covers, leads_in
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Action


def legal_actions(state: TrickState) -> list[Action]:
    """Every legal action of the seat to play (``[]`` once over)."""
    if state.phase != "play":
        return []
    return follows(state, state.turn) if state.trick else leads(state, state.turn)


def leads(state: TrickState, s: int) -> list[Action]:
    hand = state.hands[s]
    first = state.tricks_done == 0 and s == state.dealer
    acts = []
    for cards in leads_in(hand):
        params: dict[str, Any] = {}
        if first and TOP_CARDS & set(cards):
            if state.rules.first_lead == "forbidden":
                continue
            if state.rules.first_lead == "baopai":
                params = {"baopai": True}
        acts.append(Action("lead", s, cards, False, params))
    if not acts:  # only top cards and the first lead forbids them: lead anyway
        acts = [Action("lead", s, c, False, {"baopai": True}) for c in leads_in(hand)]
    if can_tuoshou(state, s):
        acts.append(Action("tuoshou", s))
    return acts


def can_tuoshou(state: TrickState, s: int) -> bool:
    return len(state.piles[s]) == 15 and sum(state.hands[s]) == 5


def lead_size(state: TrickState) -> int:
    return len(state.trick[0][1]) if state.trick else 0


def follows(state: TrickState, s: int) -> list[Action]:
    """Beat the best play so far when able (forced), else cover."""
    hand = state.hands[s]
    k = lead_size(state)
    assert state.best is not None
    best = classify(state.trick[state.best][1])
    assert best is not None
    beat = beaters(hand, best) if sum(hand) >= k else []
    if beat:
        return [play("beat", s, c) for c in beat]
    return [play("cover", s, c) for c in covers(hand, min(k, sum(hand)))]


@lru_cache(maxsize=4096)
def play(kind: str, seat: int, cards: tuple[str, ...]) -> Action:
    """A beat (forced) or a cover: values, made once (a deal offers thousands)."""
    return Action(kind, seat, cards, kind == "beat")
