"""Engine queries: the question an exercise asks of the engine, answered with a proof.

Each query reads the exercise's setup through the :class:`Game` interface and returns a
:class:`Solution`: the accepted answers as canonical text, the typed value, and the
proof. Nothing here knows a game's rules; the engine decides, this module phrases.

========================  ==================  ==========================================
query                     kinds               the right answer
========================  ==================  ==========================================
``points``                number              the best count of a complete holding
``settlement``            number              what the win is worth (the settlement total)
``win``                   true-false          is it a win; why: ``win`` / ``not-complete``
                                              / ``below-minimum``
``waits``                 pick-cards          every card that completes the holding
``legal``                 choose-action       any legal action among the choices
``forced``                choose-action       the action the rules force
``is-legal``              true-false          is ``args.action`` legal; why: its reason code
``priority``              order               the order in which the rules serve the claims
``cards-left``            number              unseen copies of ``args.card`` for the seat
``action-cards``          pick-cards          the cards of the one legal ``args.kind``
========================  ==================  ==========================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.game import Game, IllegalAction
from app.engine.core.reason import Reason
from app.engine.core.registry import find_game
from app.engine.core.results import Analysis, Holding, View
from app.learning.exercise import Exercise
from app.learning.verdict import ActionNote, Proof, Solution

AnyGame = Game[Any, Any]


class BadExercise(ValueError):
    """Content that the engine cannot answer (caught by ``academy content check``)."""


@dataclass(frozen=True, slots=True)
class Ctx:
    """An exercise read through the engine once: game, rules, holding or state."""

    game: AnyGame
    rules: Any
    holding: Holding | None
    state: Any
    seat: int | None


def read(ex: Exercise) -> Ctx:
    game = find_game(ex.game)
    try:
        rules = game.rules(ex.rules)
        state = holding = None
        if ex.setup.position:
            state = game.decode(ex.setup.position)
            rules = game.rules_of(state)
        if ex.setup.hand or ex.setup.melds:
            holding = game.holding(ex.setup.hand, ex.setup.melds, ex.setup.context, rules)
        elif state is not None:  # a position: the seat's own cards are the holding
            seat = ex.setup.seat if ex.setup.seat is not None else game.to_act(state)
            holding = game.seat_holding(state, seat) if seat is not None else None
    except EngineError as exc:
        raise BadExercise(f"{ex.id}: {exc.code} {exc.params}") from None
    return Ctx(game, rules, holding, state, ex.setup.seat)


def seat_frame(ex: Exercise) -> dict[str, Any]:
    """How an exercise's messages name seats: from the chair of the seat its position is
    seen from (you, Right, Left, Across); counted from 1 without a position. Keyword
    arguments of ``humanize`` and ``reason_text``."""
    if not ex.setup.position:
        return {}
    c = read(ex)
    if c.state is None:
        return {}
    viewer = ex.setup.seat if ex.setup.seat is not None else c.game.to_act(c.state)
    return {"viewer": viewer, "seats": c.game.seats(c.state)}


def _analysis(c: Ctx, ex: Exercise) -> Analysis:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    return c.game.analyze(c.holding, c.rules)


def tokens_text(tokens: Sequence[str]) -> str:
    return " ".join(tokens)


def _points(c: Ctx, ex: Exercise) -> Solution:
    a = _analysis(c, ex)
    if a.points is None:
        raise BadExercise(f"{ex.id}: the holding is not complete")
    cards = tuple(t for m in a.melds for t in m.cards)
    return Solution((str(a.points),), a.points, Proof(analysis=a), cards)


def _settlement(c: Ctx, ex: Exercise) -> Solution:
    a = _analysis(c, ex)
    if a.settlement is None:
        raise BadExercise(f"{ex.id}: the engine gives no settlement for this holding")
    return Solution((str(a.settlement.total),), a.settlement.total, Proof(analysis=a))


def win_reason(a: Analysis) -> str:
    if a.win:
        return "win"
    return "below-minimum" if a.complete else "not-complete"


def _true_false(ex: Exercise, value: bool, why: str, proof: Proof) -> Solution:
    """A true-false answer: the truth and the choice whose ``reason`` is ``why``."""
    reasons = [ch.id for ch in ex.choices if ch.reason == why]
    if ex.choices and not reasons:
        raise BadExercise(f"{ex.id}: no reason choice stands for {why!r}")
    head = "true" if value else "false"
    accepted = tuple(f"{head} {r}" for r in reasons) or (head,)
    return Solution(accepted, value, proof)


def _win(c: Ctx, ex: Exercise) -> Solution:
    a = _analysis(c, ex)
    return _true_false(ex, a.win, win_reason(a), Proof(analysis=a))


def _waits(c: Ctx, ex: Exercise) -> Solution:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    waits = tuple(c.game.waits(c.holding, c.rules))
    cards = sorted({w.card for w in waits}, key=_order_of(c.game))
    return Solution((tokens_text(cards),), frozenset(cards), Proof(waits=waits), tuple(cards))


def _order_of(game: AnyGame) -> Callable[[str], int]:
    from app.text.cards import family

    order = {t: i for i, t in enumerate(family(game.info.family).tokens)}
    return lambda t: order.get(t, len(order))


def _state(c: Ctx, ex: Exercise) -> tuple[Any, int]:
    if c.state is None:
        raise BadExercise(f"{ex.id}: the query needs a position")
    seat = c.seat if c.seat is not None else c.game.to_act(c.state)
    if seat is None:
        raise BadExercise(f"{ex.id}: nobody acts in this position")
    return c.state, seat


def choice_actions(c: Ctx, ex: Exercise, seat: int) -> list[tuple[str, Action]]:
    out = []
    for ch in ex.choices:
        if ch.action is None:
            raise BadExercise(f"{ex.id}: choice {ch.id} has no action")
        try:
            out.append((ch.id, Action.parse(ch.action, seat)))
        except ValueError:
            raise BadExercise(f"{ex.id}: choice {ch.id}: {ch.action!r}") from None
    return out


def resolve(c: Ctx, state: Any, wanted: Action) -> Action | None:
    """The legal action ``wanted`` names (cards in any order), or ``None``."""
    for a in c.game.legal_actions(state, wanted.seat):
        if a.matches(wanted):
            return a
    return None


def action_notes(c: Ctx, ex: Exercise) -> tuple[ActionNote, ...]:
    state, seat = _state(c, ex)
    notes = []
    for cid, wanted in choice_actions(c, ex, seat):
        legal = resolve(c, state, wanted)
        if legal is not None:
            notes.append(ActionNote(cid, legal, True, None, legal.forced))
        else:
            reason = c.game.why_illegal(state, wanted) or Reason("not-offered")
            notes.append(ActionNote(cid, wanted, False, reason))
    return tuple(notes)


def _legal(c: Ctx, ex: Exercise) -> Solution:
    notes = action_notes(c, ex)
    right = tuple(n.choice for n in notes if n.legal)
    if not right:
        raise BadExercise(f"{ex.id}: no choice is legal")
    cards = tuple(t for n in notes if n.legal for t in n.action.cards)
    return Solution(right, right, Proof(notes=notes), cards)


def _forced(c: Ctx, ex: Exercise) -> Solution:
    notes = action_notes(c, ex)
    right = tuple(n.choice for n in notes if n.legal and n.forced)
    if not right:
        raise BadExercise(f"{ex.id}: no choice is forced")
    cards = tuple(t for n in notes if n.choice in right for t in n.action.cards)
    return Solution(right, right, Proof(notes=notes), cards)


def _is_legal(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    wanted = Action.parse(str(ex.query.args["action"]) if ex.query else "", seat)
    legal = resolve(c, state, wanted)
    reason = None if legal is not None else c.game.why_illegal(state, wanted)
    why = "legal" if legal is not None else (reason.code if reason else "not-offered")
    note = ActionNote("", legal or wanted, legal is not None, reason, bool(legal and legal.forced))
    return _true_false(ex, legal is not None, why, Proof(notes=(note,)))


def _priority(c: Ctx, ex: Exercise) -> Solution:
    """The engine serves claims one seat at a time: follow it, passing, and record the
    order in which the claiming seats are asked."""
    state, _ = _state(c, ex)
    claims = {}
    for ch in ex.choices:
        if ch.action is None or ":" not in ch.action:
            raise BadExercise(f"{ex.id}: choice {ch.id} must be 'seat: action'")
        seat_text, _, act = ch.action.partition(":")
        claims[int(seat_text)] = (ch.id, Action.parse(act.strip(), int(seat_text)))
    order: list[str] = []
    for _ in range(64):
        seat = c.game.to_act(state)
        if seat is None or not claims:
            break
        if seat in claims:
            cid, wanted = claims.pop(seat)
            if resolve(c, state, wanted) is None:
                raise BadExercise(f"{ex.id}: seat {seat} cannot make the claim {wanted.text()}")
            order.append(cid)
        passing = [a for a in c.game.legal_actions(state, seat) if a.kind == "pass"]
        if not passing:
            break
        state = c.game.apply(state, passing[0])
    if claims:
        raise BadExercise(f"{ex.id}: the engine never asks seats {sorted(claims)}")
    text = " ".join(order)
    return Solution((text,), tuple(order), Proof(order=tuple(order)))


def visible_copies(view: View, card: str, drawn_in_hand: bool = False) -> int:
    """Copies of ``card`` in sight in ``view``: hands shown, discards, groups, the card
    on offer, the cards face up in the middle (Nantong's turned generals) and the cards
    gone dead (the pairing game's). ``drawn_in_hand`` (the game's
    ``drawn_offer_in_hand``): a drawn card on offer is already in the drawer's hand, so
    it is not counted twice."""
    seen = Counter[str]()
    for s in view.seats:
        seen.update(s.hand or ())
        seen.update(s.discards)
        for m in s.melds:
            seen.update(m.cards)
    offer = view.offer
    in_hand = drawn_in_hand and offer is not None and offer.source in ("draw", "replacement")
    if offer is not None and offer.card and not in_hand:
        seen[offer.card] += 1
    seen.update(view.shown)
    seen.update(view.extra.get("dead", ()))
    return seen[card]


def _cards_left(c: Ctx, ex: Exercise) -> Solution:
    """Copies of the card the seat has not seen: the deal's copies minus the visible ones."""
    state, seat = _state(c, ex)
    card = str(ex.query.args["card"]) if ex.query else ""
    total = list(c.game.deck(c.game.rules_of(state))).count(card)
    left = total - visible_copies(c.game.view(state, seat), card, c.game.drawn_offer_in_hand)
    fact = Reason("fact-cards-left", {"card": card, "total": total, "left": left})
    return Solution((str(left),), left, Proof(facts=(fact,)), (card,))


def _action_cards(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    kind = str(ex.query.args["kind"]) if ex.query else ""
    acts = [a for a in c.game.legal_actions(state, seat) if a.kind == kind]
    if len(acts) != 1:
        raise BadExercise(f"{ex.id}: {len(acts)} legal {kind} actions, need exactly one")
    cards = tuple(sorted(acts[0].cards, key=_order_of(c.game)))
    note = ActionNote("", acts[0], True, None, acts[0].forced)
    return Solution((tokens_text(cards),), Counter(cards), Proof(notes=(note,)), cards)


#: a query: the engine's answer to an exercise read through the engine
QueryFn = Callable[[Ctx, Exercise], Solution]

QUERIES: dict[str, QueryFn] = {
    "points": _points,
    "settlement": _settlement,
    "win": _win,
    "waits": _waits,
    "legal": _legal,
    "forced": _forced,
    "is-legal": _is_legal,
    "priority": _priority,
    "cards-left": _cards_left,
    "action-cards": _action_cards,
}


def _load_game_queries() -> None:
    """Each game may add queries of its own (``app/teaching/<game>/queries.py``)."""
    from app.learning import teaching

    for t in teaching.every():
        QUERIES.update(t.queries)


_SOLVED: dict[str, tuple[Exercise, Solution]] = {}
_SOLVED_MAX = 4096


def solve(ex: Exercise) -> Solution:
    """The engine's answer to ``ex`` (authored answers for what the engine cannot decide).
    Remembered per exercise id (ids are stable; a changed exercise is solved again)."""
    hit = _SOLVED.get(ex.id)
    if hit is not None and hit[0] == ex:
        return hit[1]
    solution = _solve(ex)
    if len(_SOLVED) >= _SOLVED_MAX:
        _SOLVED.pop(next(iter(_SOLVED)))
    _SOLVED[ex.id] = (ex, solution)
    return solution


def _solve(ex: Exercise) -> Solution:
    if ex.query is None:
        if ex.answer is None:
            raise BadExercise(f"{ex.id}: neither a query nor an authored answer")
        return Solution((ex.answer,), ex.answer, Proof())
    fn = QUERIES.get(ex.query.name)
    if fn is None:
        _load_game_queries()
        fn = QUERIES.get(ex.query.name)
    if fn is None:
        raise BadExercise(f"{ex.id}: unknown query {ex.query.name!r}")
    try:
        return fn(read(ex), ex)
    except (EngineError, IllegalAction, KeyError, ValueError) as exc:
        if isinstance(exc, BadExercise):
            raise
        raise BadExercise(f"{ex.id}: {type(exc).__name__}: {exc}") from None
