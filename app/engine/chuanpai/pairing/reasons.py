"""Why an action of the pairing game is refused, and why a seat has nothing to do.

The verdict ``why_illegal`` and ``apply`` share is
:meth:`app.engine.chuanpai.base.ChuanpaiGame.judge`; this module says why. A seat that
is not to act is answered with the rule that forbids its action when it could never be taken at this
moment (a 碰 without two alike, a discard that splits a 挤儿), and only otherwise with
"not your turn" or "wait for the claims before yours".
"""

from __future__ import annotations

from collections import Counter

from app.engine.chuanpai.cards import INDEX, tokens_of
from app.engine.chuanpai.common import SHARED_REASON_CODES, evolve, match_legal
from app.engine.chuanpai.pairing.offers import GROUP_KINDS, claim_actions, legal_actions
from app.engine.chuanpai.pairing.state import TIERS, PairingState
from app.engine.core.actions import Action
from app.engine.core.reason import Reason

REASON_CODES: tuple[str, ...] = SHARED_REASON_CODES + (
    "cp-must-take",
    "cp-must-group",
    "cp-split-jier",
    "cp-must-guo",
    "cp-guo-not-laid",
    "cp-not-complete",
    "cp-extra-seat-no-bai",
    "cp-own-discard",
    "cp-claim-waits",
    "cp-cannot-use",
    "cp-card-on-offer",
    "cp-nothing-on-offer",
    "cp-laying-out",
    "cp-own-turn",
    "cp-bad-cards",
    "cp-takes-no-cards",
    "cp-cannot-take",
    "cp-bad-group",
    "cp-must-go-out",
)
"""Every :class:`Reason` code the pairing game gives (refusals and idle seats)."""

ERROR_CODES: tuple[str, ...] = (
    "unknown-card",
    "too-many-copies",
    "unknown-meld-kind",
    "bad-meld",
    "bad-option",
    "bad-position",
    "bad-hand-size",
    "bad-code",
)
"""Every :class:`~app.engine.core.errors.EngineError` code the pairing game raises."""

TAKE_KINDS = frozenset({"bai", "peng", "kang", "yan", "qi", "pass"})
"""What a seat may do with an open card."""

PHASE_KINDS: dict[str, frozenset[str]] = {
    "lay": frozenset({"an", "liang", "yan", "qi", "done"}),
    "self": frozenset({"an", "liang", "yan", "qi", "discard", "hu"}),
    "claim": TAKE_KINDS,
    "guo": frozenset({"guo"}),
}
"""The kinds of action each phase has: any other kind can never be taken then."""

KINDS = frozenset().union(*PHASE_KINDS.values()) | {"keep"}
"""Every kind of action of the pairing game (``keep``: not laying a 过牌, a foul)."""

FOUL_CODES = frozenset({"cp-must-take", "cp-must-group", "cp-split-jier", "cp-guo-not-laid"})
"""Refusals that, with ``fouls=end-deal``, end the deal as a foul instead."""

ACCEPTED = FOUL_CODES | {"cp-must-guo"}
"""Refusals accepted with ``fouls=end-deal``: the fouls, and keeping a 过牌 in hand."""

FOUL_PARAMS: dict[str, tuple[str, ...]] = {
    "cp-must-take": ("card",),
    "cp-must-group": ("kind", "cards"),
    "cp-split-jier": ("card",),
    "cp-guo-not-laid": ("card", "taken"),
}
"""The parameters of each foul (the position code writes them in this order)."""


def explain(state: PairingState, action: Action, legal: list[Action]) -> Reason:
    """Why ``action`` of the acting seat is not among its ``legal`` actions."""
    k = action.kind
    if k not in KINDS:
        return Reason("cp-no-such-action", {"kind": k})
    if state.phase == "guo" and k != "guo":
        return Reason("cp-must-guo", {"card": state.drawn})
    if k not in PHASE_KINDS[state.phase]:
        return _wrong_phase(state, k)
    if k == "pass" and any(a.forced for a in legal):
        return Reason("cp-must-take", {"card": state.open_card})
    forced = [a for a in legal if a.forced and a.kind in GROUP_KINDS]
    if k in ("discard", "done", "hu") and forced:
        return Reason("cp-must-group", {"kind": forced[0].kind, "cards": list(forced[0].cards)})
    if k == "discard" and action.cards:
        return _discard_refusal(state, action, legal)
    if k == "hu":
        return Reason("cp-not-complete")
    if k == "bai" and state.seats[action.seat].extra:
        return Reason("cp-extra-seat-no-bai")
    missing = _missing_card(state, action) if k in HELD_KINDS.get(state.phase, ()) else None
    if missing is not None:
        return Reason("cp-no-such-card", {"card": missing})
    same = next((a for a in legal if a.kind == k), None)
    if same is not None and not same.cards:  # a move without cards, given some
        return Reason("cp-takes-no-cards", {"kind": k})
    if same is not None:  # the right move, the wrong cards
        return Reason("cp-bad-cards", {"kind": k, "cards": list(same.cards)})
    if state.phase == "claim" and k != "pass":
        return Reason("cp-cannot-take", {"kind": k, "card": state.open_card})
    if k in GROUP_KINDS:
        return Reason("cp-bad-group", {"kind": k, "cards": list(action.cards)})
    return Reason("cp-illegal-action", {"kind": k, "cards": list(action.cards)})


def _wrong_phase(state: PairingState, kind: str) -> Reason:
    """Why ``kind`` can never be taken in this phase, whoever's turn it is."""
    if state.phase == "claim":
        return Reason("cp-card-on-offer", {"card": state.open_card, "seat": state.source})
    if kind in TAKE_KINDS:
        return Reason("cp-nothing-on-offer", {"kind": kind})
    if state.phase == "lay":
        return Reason("cp-laying-out", {"kind": kind})
    return Reason("cp-own-turn", {"kind": kind})


HELD_KINDS = {
    "claim": frozenset({"peng", "kang", "yan", "bai"}),
    "self": frozenset({"an", "liang", "yan"}),
    "lay": frozenset({"an", "liang", "yan"}),
}
"""Groups of each phase whose cards (but the open card) come from the seat's hand."""


def _missing_card(state: PairingState, action: Action) -> str | None:
    """The first card of ``action`` the seat does not hold (the open card aside)."""
    seat = state.seats[action.seat]
    held = Counter(tokens_of(seat.hand) + (seat.guo if action.params.get("guo") else ()))
    needed = list(action.cards)
    if state.phase == "claim" and state.open_card in needed:
        needed.remove(state.open_card)
    for card in needed:
        if held[card] <= 0:
            return card
        held[card] -= 1
    return None


def _discard_refusal(state: PairingState, action: Action, legal: list[Action]) -> Reason:
    c = action.cards[0]
    if c not in INDEX or not state.seats[action.seat].hand[INDEX[c]]:
        return Reason("cp-no-such-card", {"card": c})
    if state.phase == "self" and any(a.kind == "discard" for a in legal):
        return Reason("cp-split-jier", {"card": c})
    if any(a.kind == "hu" for a in legal):
        return Reason("cp-must-go-out")
    return Reason("cp-illegal-action", {"kind": "discard", "cards": list(action.cards)})


# -- seats that are not to act -----------------------------------------------------------


def refusal_for_other(state: PairingState, action: Action) -> Reason:
    """Why a seat that is not to act may not do ``action``: the rule, when the action
    could never be taken at this moment, else whose turn (or claim) it is."""
    s = action.seat
    if action.kind not in KINDS:
        return Reason("cp-no-such-action", {"kind": action.kind})
    if state.phase == "claim":
        return _claim_refusal(state, action)
    if state.phase in ("self", "lay"):
        if_acting = evolve(state, turn=s)
        legal = legal_actions(if_acting)
        if match_legal(action, legal) is None:
            return explain(if_acting, action, legal)
    if state.phase == "guo" and action.kind in TAKE_KINDS - {"yan", "qi"}:
        return Reason("cp-nothing-on-offer", {"kind": action.kind})
    return _not_your_turn(state, s)


def _claim_refusal(state: PairingState, action: Action) -> Reason:
    s = action.seat
    own_discard = s == state.source and not state.flipped
    legal = [] if own_discard else claim_actions(state, s, TIERS)
    if match_legal(action, legal) is None and not (own_discard and action.kind in TAKE_KINDS):
        return explain(state, action, legal)
    return _claim_idle(state, s)


def _claim_idle(state: PairingState, s: int) -> Reason:
    """Why seat ``s`` is not the one to claim the open card."""
    x = state.open_card
    if s == state.source and not state.flipped:
        return Reason("cp-own-discard", {"card": x})
    if any(seat == s for seat, _ in state.queue):
        return Reason("cp-claim-waits", {"seat": s, "card": x, "to_act": state.actor})
    return Reason("cp-cannot-use", {"seat": s, "card": x})


def _not_your_turn(state: PairingState, s: int) -> Reason:
    return Reason("cp-not-your-turn", {"seat": s, "actor": state.actor})


def no_action_reason(state: PairingState, s: int) -> Reason:
    """Why seat ``s`` has nothing to do now (the deal is not over), in the words of the
    table."""
    if state.phase == "claim":
        return _claim_idle(state, s)
    return _not_your_turn(state, s)
