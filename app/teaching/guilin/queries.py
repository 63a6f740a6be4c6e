"""Engine queries of guilin beyond the shared ones (handed to ``QUERIES`` under
names prefixed ``guilin:``).

========================  ==============  ===============================================
query                     kind            the right answer
========================  ==============  ===============================================
``guilin:red-cards``      pick-cards      the red cards of the hand (twos, sevens, tens)
``guilin:count``          number          what the win is worth with its circumstances:
                                          ``context`` ``zimo: yes``, ``xing: <card>``
                                          (the turned card), ``special: dihu`` (names
                                          joined by ``+``); the engine's duo count
``guilin:winning-cards``  pick-cards      every card that completes the holding with at
                                          least 10 hu (a completing card below the
                                          minimum is not a win)
``guilin:xing-cards``     pick-cards      the winner's cards that the turned card
                                          (``context`` ``xing``) wakes, every copy
``guilin:bi-cards``       pick-cards      every card the one legal chi takes out of the
                                          hand: its own two and the xiabi groups
``guilin:discards-after`` true-false      after ``action`` (the seat to act), does the
                                          seat discard? why: ``discard``, ``chongduo``
                                          (a second four in play), ``ready``, ``win``
``guilin:draw-wins``      pick-cards      a position: every card that would make the
                                          seat's holding a win (≥ 10 hu) were the seat to
                                          turn it up itself (the engine's play rules:
                                          a pair becomes a sao, a kan or sao a
                                          saochuan, a peng a kaiduo)
``guilin:hu-count``       number          a position where the seat may go out: the hu
                                          of that win, as the engine counts it in play
``guilin:hu-duo``         number          the same win's duo: hu turned into duo, zimo, xing
                                          (the next stock card), special wins
``guilin:hu-xing``        number          the same win: how many of the winner's cards
                                          the turned card wakes (xing)
``guilin:chi-out``        pick-cards      ``action`` ``chi a b c`` (its group): every card
                                          that chi takes out of the hand, xiabi included
                                          (the group must have one legal form)
``guilin:best-discard``   choose-action   choices ``discard <card>``: the discard that
                                          leaves the most cards the seat could still win
                                          on by its own draw (cards with an unseen copy);
                                          each choice's waits are shown
========================  ==============  ===============================================

Each answer comes from the engine (``analyze``, ``waits``, ``settle``, the state
machine); nothing here knows a rule of its own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, Wait
from app.engine.zipai.game import Meld, Seat, State, WinContext, ZipaiGame, ZipaiRules, zipai_game
from app.learning.exercise import Exercise
from app.learning.queries import (
    BadExercise,
    Ctx,
    QueryFn,
    _order_of,
    _state,
    _true_false,
    choice_actions,
    resolve,
    tokens_text,
    visible_copies,
)
from app.learning.verdict import ActionNote, Proof, Solution

#: the game this teaching reaches the engine through
GUILIN: ZipaiGame = zipai_game("guilin")

PREFIX = "guilin:"
YES = ("yes", "true", "1", "on")


#: the game's own queries, by name (the loader adds them to the shared ``QUERIES``)
OWN: dict[str, QueryFn] = {}


def win_context(ex: Exercise) -> WinContext:
    """The circumstances of a win written in the exercise's ``context``."""
    ctx = ex.setup.context
    zimo = str(ctx.get("zimo", "no")).lower() in YES
    specials = tuple(s for s in str(ctx.get("special", "")).replace(",", "+").split("+") if s)
    xing = ctx.get("xing")
    card = GUILIN.cards.parse_cards(xing)[0] if xing else None
    return WinContext(zimo, specials, card)


def all_cards(c: Ctx) -> list[int]:
    """Every card of the holding (hand and groups), per kind."""
    assert c.holding is not None
    tokens = list(c.holding.hand) + [t for m in c.holding.melds for t in m.cards]
    return GUILIN.cards.counts_of(GUILIN.cards.TOKEN_INDEX[t] for t in tokens)


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
    cards = tuple(t for t in c.holding.hand if GUILIN.cards.is_red(GUILIN.cards.TOKEN_INDEX[t]))
    if not cards:
        raise BadExercise(f"{ex.id}: the hand has no red card")
    cards = tuple(sorted(cards, key=_order_of(c.game)))
    return Solution((tokens_text(cards),), Counter(cards), Proof(), cards)


def _count(c: Ctx, ex: Exercise) -> Solution:
    a = win_analysis(c, ex)
    assert a.points is not None
    total = GUILIN.settle(a.points, all_cards(c), c.rules, win_context(ex))
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
        if n and GUILIN.xing_matches(turned, one, mode):
            out[GUILIN.cards.TOKENS[k]] += n
    return out


def _xing_cards(c: Ctx, ex: Exercise) -> Solution:
    turned = win_context(ex).xing_card
    if turned is None or c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding and a context xing card")
    picked = xing_picks(all_cards(c), turned, c.rules.xing)
    cards = sorted(picked.elements(), key=_order_of(c.game))
    fact = Reason("fact-gl-xing", {"card": GUILIN.cards.TOKENS[turned], "count": len(cards)})
    return Solution((tokens_text(cards),), Counter(cards), Proof(facts=(fact,)), tuple(cards))


def chi_out(action: Action) -> list[str]:
    """The cards a chi takes out of the hand: its group less the card taken (one copy),
    then every xiabi group."""
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


def discard_after(game: ZipaiGame, state: State, legal: Action) -> tuple[bool, str, State]:
    """Whether the seat discards after the legal ``legal``, why (``discard``,
    ``chongduo``, ``ready``, ``win``), and the state after it."""
    seat = legal.seat
    after = game.apply(state, legal)
    if after.phase == "over":
        return False, "win", after
    if after.phase == "play" and after.turn == seat and after.must_discard:
        return True, "discard", after
    if legal.kind in ("kaiduo", "saochuan") and after.seats[seat].quads >= 2:
        return False, "chongduo", after
    return False, "ready", after


def _discards_after(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    wanted = Action.parse(str(ex.query.args["action"]) if ex.query else "", seat)
    legal = resolve(c, state, wanted)
    if legal is None:
        raise BadExercise(f"{ex.id}: {wanted.text()} is not legal here")
    value, why, after = discard_after(GUILIN, state, legal)
    note = ActionNote("", legal, True, None, legal.forced)
    proof = Proof(notes=(note,), after=c.game.view(after, None))
    return _true_false(ex, value, why, proof)


# -- positions: the seat's own draws, a win now, a chi, a discard ------------------------


def own_draw_points(seat: Seat, card: int, yiwushi: bool) -> int:
    """The hu of the seat's holding were it to turn up ``card`` itself, or -1 when that
    does not complete it. A pair, a kan or a sao of the card takes it first (sao and
    saochuan are forced before any win), so the holding is then judged with that group as it stands
    (as ``may_hu`` after the seat's own sao); otherwise the card is read every way a win
    on it may be (a free card, a peng opened into a kaiduo)."""
    n = seat.hand[card]
    i = seat.meld_of(card, (GUILIN.melds.WEI, GUILIN.melds.CHOUWEI))
    if n < 2 and i is None:
        return GUILIN.points_with(seat, card, True, True, True, yiwushi)
    melds = list(seat.melds)
    if i is not None:
        melds[i] = Meld(GUILIN.melds.TI, (card,) * 4)
        hand = seat.hand
    else:
        melds.append(Meld(GUILIN.melds.WEI if n == 2 else GUILIN.melds.TI, (card,) * (n + 1)))
        hand = GUILIN.cards.without(seat.hand, (card,) * n)
    return GUILIN.holding_points(GUILIN.seat_evolve(seat, hand=hand, melds=tuple(melds)), yiwushi)


def draw_wins(seat: Seat, rules: ZipaiRules) -> list[Wait]:
    """Every card that completes the seat's holding were the seat to turn it up itself,
    scored by the engine's play rules (``win``: at least the minimum), in deck order."""
    counts = seat.counts()
    out = []
    for c in range(GUILIN.cards.KINDS):
        if counts[c] >= GUILIN.cards.COPIES:
            continue
        pts = own_draw_points(seat, c, rules.yiwushi)
        if pts >= 0:
            out.append(Wait(GUILIN.cards.TOKENS[c], pts, pts >= rules.min_huxi))
    return out


def unseen(view: Any, card: str) -> int:
    """Copies of ``card`` the viewing seat has not seen."""
    return GUILIN.cards.COPIES - visible_copies(view, card)


def _draw_wins(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    waits = tuple(draw_wins(state.seats[seat], state.rules))
    cards = [w.card for w in waits if w.win]
    if not cards:
        raise BadExercise(f"{ex.id}: no card the seat draws makes a win")
    return Solution((tokens_text(cards),), frozenset(cards), Proof(waits=waits), tuple(cards))


def win_now(c: Ctx, ex: Exercise) -> Any:
    """The state after the seat goes out now (its legal hu)."""
    state, seat = _state(c, ex)
    hu = next((a for a in c.game.legal_actions(state, seat) if a.kind == "hu"), None)
    if hu is None:
        raise BadExercise(f"{ex.id}: seat {seat} may not go out now")
    return c.game.apply(state, hu)


def win_analysis_of(after: Any) -> Analysis:
    """The finished deal's win as an :class:`Analysis`: its groups, its hu line by line,
    and the duo (with zimo, xing and the special wins)."""
    r, rules = after.result, after.rules
    views = [GUILIN.meld_view(m, rules) for m in r.melds]
    lines = tuple(v[1] for v in views) + (
        CountLine("zp-huxi", r.huxi, {"min": rules.min_huxi}, "="),
    )
    return Analysis(
        rules.game,
        True,
        True,
        r.huxi,
        GUILIN.UNIT,
        tuple(v[0] for v in views),
        Count(lines, r.huxi),
        r.count,
        None,
        {"min": rules.min_huxi},
    )


def xing_line(after: Any) -> CountLine | None:
    count = after.result.count
    return next((ln for ln in count.lines if ln.code == "zp-xing"), None) if count else None


def _hu_count(c: Ctx, ex: Exercise) -> Solution:
    a = win_analysis_of(win_now(c, ex))
    assert a.points is not None
    return Solution((str(a.points),), a.points, Proof(analysis=a))


def _hu_duo(c: Ctx, ex: Exercise) -> Solution:
    a = win_analysis_of(win_now(c, ex))
    assert a.settlement is not None
    total = a.settlement.total
    return Solution((str(total),), total, Proof(analysis=a))


def _hu_xing(c: Ctx, ex: Exercise) -> Solution:
    after = win_now(c, ex)
    line = xing_line(after)
    if line is None:
        raise BadExercise(f"{ex.id}: no card is turned for xing")
    n = line.points
    fact = Reason("fact-gl-xing", {"card": line.params["card"], "count": n})
    proof = Proof(analysis=win_analysis_of(after), facts=(fact,))
    return Solution((str(n),), n, proof, (str(line.params["card"]),))


def _chi_out(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    wanted = Action.parse(str(ex.query.args["action"]) if ex.query else "", seat)
    group = sorted(wanted.cards)
    acts = [
        a for a in c.game.legal_actions(state, seat) if a.kind == "chi" and sorted(a.cards) == group
    ]
    if len(acts) != 1:
        raise BadExercise(f"{ex.id}: {len(acts)} legal forms of {wanted.text()}, need one")
    offer = c.game.view(state, None).offer
    assert offer is not None and offer.card is not None
    out = chi_out(acts[0])
    out.remove(offer.card)
    cards = tuple(sorted(out, key=_order_of(c.game)))
    note = ActionNote("", acts[0], True, None, False)
    return Solution((tokens_text(cards),), Counter(cards), Proof(notes=(note,)), cards)


def discard_waits(state: State, seat: int, card: str, seen: Any = None) -> list[str]:
    """The cards the seat could still win on by its own draw after discarding ``card``:
    those that make a win and have a copy it has not seen (``seen``: its view)."""
    s = state.seats[seat]
    after = GUILIN.seat_evolve(
        s, hand=GUILIN.cards.without(s.hand, (GUILIN.cards.TOKEN_INDEX[card],))
    )
    seen = seen if seen is not None else GUILIN.view(state, seat)
    return [w.card for w in draw_wins(after, state.rules) if w.win and unseen(seen, w.card) > 0]


def _best_discard(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    seen = c.game.view(state, seat)
    notes, counts, facts = [], {}, []
    for cid, wanted in choice_actions(c, ex, seat):
        legal = resolve(c, state, wanted)
        if legal is None or legal.kind != "discard":
            reason = c.game.why_illegal(state, wanted) or Reason("not-offered")
            notes.append(ActionNote(cid, wanted, False, reason))
            continue
        card = legal.cards[0]
        waits = discard_waits(state, seat, card, seen)
        counts[cid] = len(waits)
        notes.append(ActionNote(cid, legal, True))
        code = "fact-gl-discard-waits" if waits else "fact-gl-discard-no-waits"
        facts.append(Reason(code, {"card": card, "cards": waits, "count": len(waits)}))
    if not counts:
        raise BadExercise(f"{ex.id}: no choice is a legal discard")
    best = max(counts.values())
    right = tuple(cid for cid, n in counts.items() if n == best)
    cards = tuple(t for n in notes if n.choice in right for t in n.action.cards)
    proof = Proof(notes=tuple(notes), facts=tuple(facts))
    return Solution(right, right, proof, cards)


OWN.update(
    {
        PREFIX + "red-cards": _red_cards,
        PREFIX + "count": _count,
        PREFIX + "winning-cards": _winning_cards,
        PREFIX + "xing-cards": _xing_cards,
        PREFIX + "bi-cards": _bi_cards,
        PREFIX + "discards-after": _discards_after,
        PREFIX + "draw-wins": _draw_wins,
        PREFIX + "hu-count": _hu_count,
        PREFIX + "hu-duo": _hu_duo,
        PREFIX + "hu-xing": _hu_xing,
        PREFIX + "chi-out": _chi_out,
        PREFIX + "best-discard": _best_discard,
    }
)
