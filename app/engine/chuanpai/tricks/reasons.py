"""Why an action of the trick game is refused, and why a seat has nothing to do.

The verdict ``why_illegal`` and ``apply`` share is
:meth:`app.engine.chuanpai.base.ChuanpaiGame.judge`; this module says why. A seat that
is not to play is answered with the rule that forbids its action (a card it does not
hold, a play that is no lead, a cover when it could beat) when the action could never
be taken at this moment, and only otherwise with "not your turn".
"""

from __future__ import annotations

from app.engine.chuanpai.cards import INDEX
from app.engine.chuanpai.common import SHARED_REASON_CODES, evolve, match_legal
from app.engine.chuanpai.tricks.offers import lead_size, legal_actions
from app.engine.chuanpai.tricks.plays import HARD, TOP_CARDS, N, classify
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Action
from app.engine.core.reason import Reason

REASON_CODES: tuple[str, ...] = SHARED_REASON_CODES + (
    "cp-tj-must-beat",
    "cp-tj-wrong-count",
    "cp-tj-not-a-lead",
    "cp-tj-first-lead",
    "cp-tj-no-tuoshou",
    "cp-tj-hard-card",
    "cp-tj-played",
    "cp-tj-no-cards",
    "cp-tj-no-pass",
    "cp-tj-no-trick",
    "cp-tj-follow",
    "cp-tj-no-beat",
)
"""Every :class:`Reason` code the trick game gives (refusals and idle seats)."""

KINDS = frozenset({"lead", "tuoshou", "beat", "cover"})
"""Every kind of action of the trick game."""

ERROR_CODES: tuple[str, ...] = (
    "unknown-card",
    "too-many-copies",
    "unknown-meld-kind",
    "bad-option",
    "bad-position",
    "bad-code",
    "unsupported-verb",
)
"""Every :class:`~app.engine.core.errors.EngineError` code the trick game raises."""

FOUL_CODES = frozenset({"cp-tj-must-beat"})
"""Refusals that, with ``fouls=end-deal``, end the deal (罚牌) instead."""


def explain(state: TrickState, action: Action, legal: list[Action]) -> Reason:
    """Why ``action`` of the seat to play is not among its ``legal`` actions."""
    if action.kind not in KINDS:
        return _unknown(state, action)
    missing = _card_refusal(state, action)
    if missing is not None:
        return missing
    if state.trick and action.kind in ("lead", "tuoshou"):
        return Reason("cp-tj-follow", {"count": lead_size(state)})
    if action.kind == "tuoshou":
        return Reason("cp-tj-no-tuoshou", {"cards": len(state.piles[action.seat])})
    if not state.trick:
        return _lead_refusal(state, action)
    return _follow_refusal(state, action, legal)


def _unknown(state: TrickState, action: Action) -> Reason:
    """An action the game does not have: passing is the usual mistake."""
    if action.kind == "pass":
        return Reason("cp-tj-no-pass", {"count": lead_size(state)})
    return Reason("cp-no-such-action", {"kind": action.kind})


def _illegal(action: Action) -> Reason:
    return Reason("cp-illegal-action", {"kind": action.kind, "cards": list(action.cards)})


def _card_refusal(state: TrickState, action: Action) -> Reason | None:
    """A 硬张, or a card the seat does not hold (as often as played)."""
    hand = list(state.hands[action.seat])
    for c in action.cards:
        if c in HARD:
            return Reason("cp-tj-hard-card", {"card": c})
        if c not in INDEX or INDEX[c] >= N or hand[INDEX[c]] <= 0:
            return Reason("cp-no-such-card", {"card": c})
        hand[INDEX[c]] -= 1
    return None


def _lead_refusal(state: TrickState, action: Action) -> Reason:
    if action.kind != "lead":  # beat or cover: nothing to follow
        return Reason("cp-tj-no-trick")
    if classify(action.cards) is None:
        return Reason("cp-tj-not-a-lead", {"cards": list(action.cards)})
    if TOP_CARDS & set(action.cards) and state.rules.first_lead == "forbidden":
        return Reason("cp-tj-first-lead", {"cards": list(action.cards)})
    return _illegal(action)


def _follow_refusal(state: TrickState, action: Action, legal: list[Action]) -> Reason:
    k = lead_size(state)
    if len(action.cards) != min(k, sum(state.hands[action.seat])):
        return Reason("cp-tj-wrong-count", {"count": len(action.cards), "expected": k})
    if legal and legal[0].kind == "beat" and action.kind == "cover":
        return Reason("cp-tj-must-beat", {"cards": list(legal[0].cards)})
    if action.kind == "beat":
        return Reason("cp-tj-no-beat", {"cards": list(action.cards)})
    return _illegal(action)


# -- seats that are not to play ---------------------------------------------------------


def refusal_for_other(state: TrickState, action: Action) -> Reason:
    """The rule, when the seat could never take ``action`` at this moment; else whose
    turn it is (only the seat that took the last trick leads)."""
    s = action.seat
    if action.kind not in KINDS:
        return _unknown(state, action)
    idle = _idle(state, s)
    if idle is not None:
        return idle
    if_playing = evolve(state, turn=s)
    legal = legal_actions(if_playing)
    if match_legal(action, legal) is None:
        return explain(if_playing, action, legal)
    return _not_your_turn(state, s)


def _idle(state: TrickState, s: int) -> Reason | None:
    if any(seat == s for seat, _, _ in state.trick):
        return Reason("cp-tj-played", {"seat": s})
    if not sum(state.hands[s]):
        return Reason("cp-tj-no-cards", {"seat": s})
    return None


def _not_your_turn(state: TrickState, s: int) -> Reason:
    return Reason("cp-not-your-turn", {"seat": s, "actor": state.turn})


def no_action_reason(state: TrickState, s: int) -> Reason:
    """Why seat ``s`` has nothing to do now (the deal is not over)."""
    return _idle(state, s) or _not_your_turn(state, s)
