"""The state machine of the trick game: a play, the end of a trick, the end of the deal."""

from __future__ import annotations

from app.engine.chuanpai.base import Foul
from app.engine.chuanpai.cards import INDEX
from app.engine.chuanpai.common import evolve
from app.engine.chuanpai.tricks.plays import in_order
from app.engine.chuanpai.tricks.rules import PLAYERS
from app.engine.chuanpai.tricks.settle import fapai, finish, tuoshou
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Action


def do(state: TrickState, move: Action | Foul) -> TrickState:
    """The state after a legal action (or an accepted foul)."""
    if isinstance(move, Foul):
        return fapai(state, move.seat, move.reason)
    if move.kind == "tuoshou":
        return tuoshou(state, move.seat)
    state = _played(state, move)
    nxt = _next_player(state, move.seat)
    return _close_trick(state) if nxt is None else evolve(state, turn=nxt)


def _played(state: TrickState, a: Action) -> TrickState:
    """The cards leave the hand and join the trick."""
    s = a.seat
    h = list(state.hands[s])
    for c in a.cards:
        h[INDEX[c]] -= 1
    hands = state.hands[:s] + (tuple(h),) + state.hands[s + 1 :]
    trick = state.trick + ((s, in_order(a.cards), a.kind == "cover"),)
    best = len(trick) - 1 if a.kind in ("lead", "beat") else state.best
    baopai = s if a.kind == "lead" and a.params.get("baopai") else state.baopai
    return evolve(state, hands=hands, trick=trick, best=best, baopai=baopai)


def _next_player(state: TrickState, s: int) -> int | None:
    played = {p for p, _, _ in state.trick}
    for i in range(1, PLAYERS):
        t = (s + i) % PLAYERS
        if t not in played and sum(state.hands[t]) > 0:
            return t
    return None


def _close_trick(state: TrickState) -> TrickState:
    """The best play takes the trick: its cards are laid out, the rest covered; its
    seat leads next."""
    assert state.best is not None
    seat, cards, _ = state.trick[state.best]
    pile = in_order(state.piles[seat] + cards)
    covered = [c for i, (_, played, _) in enumerate(state.trick) if i != state.best for c in played]
    first16 = state.first_to_16
    if first16 is None and len(pile) >= 16:
        first16 = seat
    state = evolve(
        state,
        piles=state.piles[:seat] + (pile,) + state.piles[seat + 1 :],
        covered=state.covered + tuple(covered),
        trick=(),
        best=None,
        leader=seat,
        turn=seat,
        tricks_done=state.tricks_done + 1,
        first_to_16=first16,
    )
    return finish(state) if _deal_ends(state, seat) else state


def _deal_ends(state: TrickState, leader: int) -> bool:
    """The new leader has no card, or one seat only holds cards, or (``finish=at-16``)
    a seat has 16 laid out."""
    if not sum(state.hands[leader]) or sum(1 for h in state.hands if sum(h)) < 2:
        return True
    return state.rules.finish == "at-16" and state.first_to_16 is not None
