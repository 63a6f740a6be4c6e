"""Refusing an action with the rule that forbids it, and the checked ``apply``.

:func:`why_illegal` answers ``None`` exactly for the actions of ``legal_actions``; for
any other action it names the rule, not merely "not your turn" when the action could
never be taken at this moment: 吃 is never allowed, 碰 needs a discard on offer and two
alike in hand, 报听 is declared before the dealer's first discard, the 定醒 seat sits
the deal out, and so on. :func:`no_action_reason` says why a seat has nothing to do.
"""

from __future__ import annotations

from collections.abc import Callable

from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.core.reason import Reason
from app.engine.nantong.analyze import complete
from app.engine.nantong.cards import INDEX, token
from app.engine.nantong.judge import is_waiting
from app.engine.nantong.play import (
    advance,
    legal_actions,
    may_answer,
    may_hu_on_turn,
    may_ming_gang,
    may_peng,
    plain_discard_ok,
    wins_on,
)
from app.engine.nantong.rules import PENG
from app.engine.nantong.state import OVER, RESPOND, SEATS, TING, TURN, State

REASON_CODES: tuple[str, ...] = (
    "nt-game-over",
    "nt-no-seat",
    "nt-sits-out",
    "nt-not-your-turn",
    "nt-not-legal",
    "nt-no-chi",
    "nt-not-in-hand",
    "nt-not-complete",
    "nt-hu-needs-card",
    "nt-not-waiting",
    "nt-dealer-no-baoting",
    "nt-baoting-too-late",
    "nt-already-decided",
    "nt-deciding-baoting",
    "nt-must-discard",
    "nt-must-discard-drawn",
    "nt-cannot-peng",
    "nt-cannot-gang",
    "nt-no-replacement",
    "nt-no-discard",
    "nt-own-discard",
    "nt-already-answered",
    "nt-nothing-to-claim",
    "nt-deciding-claim",
    "nt-answer-discard",
    "nt-huang",
)

TURN_KINDS = frozenset({"discard", "gang", "jia-gang"})
CLAIM_KINDS = frozenset({"peng", "ming-gang", "pass"})
KINDS = TURN_KINDS | CLAIM_KINDS | {"hu", "baoting"}


def apply(s: State, a: Action) -> State:
    """The state after ``a``; :class:`IllegalAction` with the rule's reason when refused."""
    if not plain_discard_ok(s, a):
        reason = why_illegal(s, a)
        if reason is not None:
            raise IllegalAction(reason)
    return advance(s, a)


def why_illegal(s: State, a: Action) -> Reason | None:
    """``None`` when ``a`` is legal now, else the rule that forbids it."""
    if s.phase == OVER:
        return Reason("nt-game-over")
    if a.kind == "chi":
        return Reason("nt-no-chi")
    if a.kind not in KINDS:
        return Reason("nt-not-legal", {"kind": a.kind})
    if not 0 <= a.seat < SEATS:
        return Reason("nt-no-seat", {"seat": a.seat})
    if a.seat == s.out_seat:
        return Reason("nt-sits-out", {"seat": a.seat})
    if a.seat == s.turn and any(x.same_move(a) for x in legal_actions(s, a.seat)):
        return None
    return _REFUSE[s.phase](s, a) or Reason("nt-not-legal", {"kind": a.kind})


def _card(a: Action) -> str:
    return a.cards[0] if a.cards else ""


def _not_your_turn(s: State, a: Action) -> Reason:
    return Reason("nt-not-your-turn", {"seat": a.seat, "turn": s.turn})


def _is_claim(a: Action) -> bool:
    """An answer to a discard: 碰, 明杠, pass, or 胡 naming the discard."""
    return a.kind in CLAIM_KINDS or (a.kind == "hu" and bool(a.cards))


# -- 报听 (ting) ----------------------------------------------------------------------


def _refuse_ting(s: State, a: Action) -> Reason | None:
    if a.kind == "baoting":
        return _refuse_baoting(s, a)
    if _is_claim(a) and a.kind != "pass":
        return Reason("nt-no-discard", {"kind": a.kind})
    if a.kind != "pass":  # a discard, a four or a 自摸 waits for the 报听 decisions
        return Reason("nt-deciding-baoting", {"turn": s.turn})
    return _not_your_turn(s, a)


def _refuse_baoting(s: State, a: Action) -> Reason | None:
    if a.seat == s.dealer:
        return Reason("nt-dealer-no-baoting")
    if not is_waiting(s.hands[a.seat], s.rules.xi):
        return Reason("nt-not-waiting")
    if a.seat == s.turn:
        return None  # waiting, yet not the legal action: malformed
    if a.seat == s.players[1] and s.turn == s.players[2]:
        return Reason("nt-already-decided")
    return _not_your_turn(s, a)


# -- a turn -------------------------------------------------------------------------


def _late_baoting(s: State, a: Action) -> Reason:
    if a.seat == s.dealer:
        return Reason("nt-dealer-no-baoting")
    return Reason("nt-baoting-too-late")


def _refuse_turn(s: State, a: Action) -> Reason | None:
    if a.kind == "baoting":
        return _late_baoting(s, a)
    if _is_claim(a):
        if a.seat == s.turn and a.kind == "pass":
            return Reason("nt-must-discard")
        return Reason("nt-no-discard", {"kind": a.kind})
    if a.kind == "hu":
        if a.seat != s.turn:  # only the seat on turn goes out on its own card
            return Reason("nt-no-discard", {"kind": a.kind})
        return _refuse_zimo(s, a)
    k = INDEX.get(_card(a))
    if k is None or not s.hands[a.seat][k]:
        return Reason("nt-not-in-hand", {"card": _card(a)})
    if a.seat != s.turn:
        if a.kind != "discard" and not _may_lay_four(s, a, k):
            return Reason("nt-cannot-gang", {"card": token(k)})
        return _not_your_turn(s, a)
    if s.baoting[a.seat] and s.last_drawn is not None and k != s.last_drawn:
        return Reason("nt-must-discard-drawn", {"card": token(s.last_drawn)})
    if a.kind != "discard":
        return _refuse_gang(s, a, k)
    return None


def _refuse_zimo(s: State, a: Action) -> Reason | None:
    if not complete(s.hands[a.seat]):
        return Reason("nt-not-complete")
    if not may_hu_on_turn(s, a.seat):
        return Reason("nt-hu-needs-card")
    return None


def _refuse_gang(s: State, a: Action, k: int) -> Reason:
    card = token(k)
    if s.baoting[a.seat]:
        return Reason("nt-must-discard-drawn", {"card": card})
    if _may_lay_four(s, a, k) and not s.stock:
        return Reason("nt-no-replacement", {"card": card})
    return Reason("nt-cannot-gang", {"card": card})


def _may_lay_four(s: State, a: Action, k: int) -> bool:
    """Whether the seat holds what a 杠 (four in hand, the turned generals counting) or
    a 加杠 (the fourth to a 碰 of its own) of ``k`` needs."""
    held = s.hands[a.seat][k]
    if a.kind == "jia-gang":
        return any(m.made == PENG and m.card == k for m in s.melds[a.seat])
    return held == 4 or (held >= 2 and held + s.gen.turned[k] == 4)


# -- answering a discard ------------------------------------------------------------


def _refuse_respond(s: State, a: Action) -> Reason | None:
    d, p = s.discard, s.discarder
    assert d is not None and p is not None
    if a.kind == "baoting":
        return _late_baoting(s, a)
    if a.kind not in CLAIM_KINDS and a.kind != "hu":  # nobody plays on before it is answered
        return Reason("nt-answer-discard", {"card": token(d), "seat": p})
    if a.seat == p:
        return Reason("nt-own-discard")
    card = token(d)
    if any(c != card for c in a.cards):
        return _cannot(a.kind, _card(a))
    able = {
        "hu": wins_on(s, a.seat, d),
        "peng": may_peng(s, a.seat, d),
        "ming-gang": may_ming_gang(s, a.seat, d),
        "pass": may_answer(s, a.seat, d),
    }[a.kind]
    if not able:
        if a.kind == "ming-gang" and s.hands[a.seat][d] == 3 and not s.stock:
            return Reason("nt-no-replacement", {"card": card})
        return _cannot(a.kind, card)
    if a.seat == s.turn:
        return None  # able, yet not one of the legal actions: malformed
    if a.seat in s.responders:
        return _not_your_turn(s, a)
    return Reason("nt-already-answered", {"card": card})


def _cannot(kind: str, card: str) -> Reason:
    if kind == "hu":
        return Reason("nt-not-complete")
    if kind == "peng":
        return Reason("nt-cannot-peng", {"card": card})
    if kind == "ming-gang":
        return Reason("nt-cannot-gang", {"card": card})
    return Reason("nt-nothing-to-claim", {"card": card})


_REFUSE: dict[str, Callable[[State, Action], Reason | None]] = {
    TING: _refuse_ting,
    TURN: _refuse_turn,
    RESPOND: _refuse_respond,
}


# -- a seat with nothing to do ------------------------------------------------------------


def no_action_reason(s: State, seat: int) -> Reason:
    """Why ``seat`` has no legal action now, in words a learner understands."""
    if s.phase == OVER:
        return Reason("nt-game-over")
    if not 0 <= seat < SEATS:
        return Reason("nt-no-seat", {"seat": seat})
    if seat == s.out_seat:
        return Reason("nt-sits-out", {"seat": seat})
    if s.phase == TING:
        return Reason("nt-deciding-baoting", {"turn": s.turn})
    if s.phase == TURN:
        return Reason("nt-not-your-turn", {"seat": seat, "turn": s.turn})
    assert s.discard is not None
    card = token(s.discard)
    if seat == s.discarder or seat in s.responders:
        return Reason("nt-deciding-claim", {"turn": s.turn, "card": card})
    if not may_answer(s, seat, s.discard):
        return Reason("nt-nothing-to-claim", {"card": card})
    return Reason("nt-already-answered", {"card": card})
