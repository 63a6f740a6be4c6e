"""Engine queries of guilin beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``guilin:``).

========================  ==============  ===============================================
query                     kind            the right answer
========================  ==============  ===============================================
``guilin:red-cards``      pick-cards      the red cards of the hand (二七十 and 贰柒拾)
``guilin:count``          number          what the win is worth with its circumstances:
                                          ``context`` ``zimo: yes``, ``xing: <card>``
                                          (the turned card), ``special: dihu`` (names
                                          joined by ``+``); the engine's 舵 count
``guilin:winning-cards``  pick-cards      every card that completes the holding with at
                                          least 10 胡 (a completing card below the
                                          minimum is not a win)
``guilin:xing-cards``     pick-cards      the winner's cards that the turned card
                                          (``context`` ``xing``) wakes, every copy
``guilin:bi-cards``       pick-cards      every card the one legal 吃 takes out of the
                                          hand: its own two and the 下比 groups
``guilin:discards-after`` true-false      after ``action`` (the seat to act), does the
                                          seat discard? why: ``discard``, ``chongduo``
                                          (a second four in play), ``ready``, ``win``
========================  ==============  ===============================================

Each answer comes from the engine (``analyze``, ``waits``, ``settle``, the state
machine); nothing here knows a rule of its own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis
from app.engine.zipai.cards import TOKEN_INDEX, TOKENS, counts_of, is_red, parse_cards
from app.engine.zipai.settle import WinContext, settle, xing_matches
from app.learning.exercise import Exercise
from app.learning.queries import (
    QUERIES,
    BadExercise,
    Ctx,
    _order_of,
    _state,
    _true_false,
    resolve,
    tokens_text,
)
from app.learning.verdict import ActionNote, Proof, Solution

PREFIX = "guilin:"
YES = ("yes", "true", "1", "on")


def win_context(ex: Exercise) -> WinContext:
    """The circumstances of a win written in the exercise's ``context``."""
    ctx = ex.setup.context
    zimo = str(ctx.get("zimo", "no")).lower() in YES
    specials = tuple(s for s in str(ctx.get("special", "")).replace(",", "+").split("+") if s)
    xing = ctx.get("xing")
    card = parse_cards(xing)[0] if xing else None
    return WinContext(zimo, specials, card)


def all_cards(c: Ctx) -> list[int]:
    """Every card of the holding (hand and groups), per kind."""
    assert c.holding is not None
    tokens = list(c.holding.hand) + [t for m in c.holding.melds for t in m.cards]
    return counts_of(TOKEN_INDEX[t] for t in tokens)


def win_analysis(c: Ctx, ex: Exercise) -> Analysis:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    a = c.game.analyze(c.holding, c.rules)
    if not a.win or a.points is None:
        raise BadExercise(f"{ex.id}: the holding is not a win")
    return a


def _red_cards(c: Ctx, ex: Exercise) -> Solution:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a hand")
    cards = tuple(t for t in c.holding.hand if is_red(TOKEN_INDEX[t]))
    if not cards:
        raise BadExercise(f"{ex.id}: the hand has no red card")
    cards = tuple(sorted(cards, key=_order_of(c.game)))
    return Solution((tokens_text(cards),), Counter(cards), Proof(), cards)


def _count(c: Ctx, ex: Exercise) -> Solution:
    a = win_analysis(c, ex)
    assert a.points is not None
    total = settle(a.points, all_cards(c), c.rules, win_context(ex))
    shown = replace(a, settlement=total)
    return Solution((str(total.total),), total.total, Proof(analysis=shown))


def _winning_cards(c: Ctx, ex: Exercise) -> Solution:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    waits = tuple(c.game.waits(c.holding, c.rules))
    cards = sorted({w.card for w in waits if w.win}, key=_order_of(c.game))
    if not cards:
        raise BadExercise(f"{ex.id}: no card makes this holding a win")
    return Solution((tokens_text(cards),), frozenset(cards), Proof(waits=waits), tuple(cards))


def xing_picks(counts: list[int], turned: int, mode: str) -> Counter[str]:
    """Every copy of the holding's cards (``counts`` per kind) that ``turned`` wakes."""
    out: Counter[str] = Counter()
    for k, n in enumerate(counts):
        one = [0] * len(counts)
        one[k] = 1
        if n and xing_matches(turned, one, mode):
            out[TOKENS[k]] += n
    return out


def _xing_cards(c: Ctx, ex: Exercise) -> Solution:
    turned = win_context(ex).xing_card
    if turned is None or c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding and a context xing card")
    picked = xing_picks(all_cards(c), turned, c.rules.xing)
    cards = sorted(picked.elements(), key=_order_of(c.game))
    fact = Reason("fact-gl-xing", {"card": TOKENS[turned], "count": len(cards)})
    return Solution((tokens_text(cards),), Counter(cards), Proof(facts=(fact,)), tuple(cards))


def chi_out(action: Action) -> list[str]:
    """The cards a 吃 takes out of the hand: its group less the card taken (one copy),
    then every 下比 group."""
    return [*action.cards, *(t for g in action.params.get("bi", ()) for t in g)]


def _bi_cards(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    acts = [a for a in c.game.legal_actions(state, seat) if a.kind == "chi"]
    if len(acts) != 1:
        raise BadExercise(f"{ex.id}: {len(acts)} legal chi actions, need exactly one")
    offer = c.game.view(state, None).offer
    if offer is None or offer.card is None:
        raise BadExercise(f"{ex.id}: no card on offer")
    out = chi_out(acts[0])
    out.remove(offer.card)
    cards = tuple(sorted(out, key=_order_of(c.game)))
    note = ActionNote("", acts[0], True, None, acts[0].forced)
    return Solution((tokens_text(cards),), Counter(cards), Proof(notes=(note,)), cards)


def _discards_after(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    wanted = Action.parse(str(ex.query.args["action"]) if ex.query else "", seat)
    legal = resolve(c, state, wanted)
    if legal is None:
        raise BadExercise(f"{ex.id}: {wanted.text()} is not legal here")
    after = c.game.apply(state, legal)
    seat_after = after.seats[seat]
    if after.phase == "over":
        value, why = False, "win"
    elif after.phase == "play" and after.turn == seat and after.must_discard:
        value, why = True, "discard"
    elif legal.kind in ("kaiduo", "saochuan") and seat_after.quads >= 2:
        value, why = False, "chongduo"
    else:
        value, why = False, "ready"
    note = ActionNote("", legal, True, None, legal.forced)
    proof = Proof(notes=(note,), after=c.game.view(after, None))
    return _true_false(ex, value, why, proof)


QUERIES.update(
    {
        PREFIX + "red-cards": _red_cards,
        PREFIX + "count": _count,
        PREFIX + "winning-cards": _winning_cards,
        PREFIX + "xing-cards": _xing_cards,
        PREFIX + "bi-cards": _bi_cards,
        PREFIX + "discards-after": _discards_after,
    }
)
