"""Engine queries of hunan beyond the shared ones (handed to ``QUERIES`` under
names prefixed ``hunan:``).

=====================  ===========  ==================================================
query                  kind         the right answer
=====================  ===========  ==================================================
``hunan:red-cards``    pick-cards   the red cards (twos, sevens, tens) of the shown hand
``hunan:red-count``    number       red cards over the whole holding (hand and groups)
``hunan:tun``          number       the tun of a winning holding, before any mingtang
``hunan:table-huxi``   number       a seat's current huxi: its groups on the table
``hunan:bi-cards``     pick-cards   the cards the chi ``args.action`` must lay out with
                                    it (bi); any legal way of doing it is right
``hunan:win-huxi``     number       the huxi of the win that ended the deal (a position)
``hunan:win-total``    number       what each loser paid for that win
``hunan:bakuai``       true-false   after the forced ``args.action`` (pao/ti), does the
                                    seat discard? why: ``discard`` (its cards reach a
                                    whole hand) or ``bakuai`` (bakuai / chongpao: a
                                    second pao/ti, no discard)
``hunan:win-draws``    pick-cards   a position: every card that makes the seat's
                                    holding a win (15 huxi or the table's minimum)
                                    were the seat to turn it up itself, played through
                                    the engine (a forced wei/ti first, then the win)
``hunan:hu-huxi``      number       a position where the seat may win now: the huxi of
                                    that win, as the engine counts it in play
``hunan:hu-tun``       number       the same win's tun (before any mingtang)
``hunan:hu-total``     number       the same win: what each other seat pays (tun ×
                                    mingtang)
``hunan:keep-waits``   choose-      choices ``discard <card>``: the discard that leaves
                       action       the most cards the seat could still win on by its
                                    own draw (cards with a copy it has not seen)
=====================  ===========  ==================================================

Every answer comes from the engine (``analyze``, the state machine, ``settle``); the
position questions play the moment out through the game
(:class:`~app.engine.zipai.game.ZipaiGame`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, View, Wait
from app.engine.zipai.game import Offer, State, ZipaiGame, zipai_game
from app.learning.exercise import Exercise
from app.learning.queries import (
    BadExercise,
    Ctx,
    QueryFn,
    _analysis,
    _order_of,
    _state,
    _true_false,
    choice_actions,
    resolve,
    tokens_text,
    visible_copies,
)
from app.learning.verdict import ActionNote, Proof, Solution
from app.teaching.zipai_common import red_tokens

#: the game this teaching reaches the engine through
HUNAN: ZipaiGame = zipai_game("hunan")

#: the game's own queries, by name (the loader adds them to the shared ``QUERIES``)
OWN: dict[str, QueryFn] = {}


def _holding_tokens(c: Ctx, ex: Exercise) -> tuple[list[str], list[str]]:
    """(the concealed hand, every card of the groups) of the exercise's holding."""
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    return list(c.holding.hand), [t for m in c.holding.melds for t in m.cards]


def _red_cards(c: Ctx, ex: Exercise) -> Solution:
    hand, _table = _holding_tokens(c, ex)
    red = sorted(red_tokens(hand), key=_order_of(c.game))
    if not red:
        raise BadExercise(f"{ex.id}: the hand holds no red card")
    fact = Reason("fact-hn-red", {"cards": red, "count": len(red)})
    return Solution((tokens_text(red),), Counter(red), Proof(facts=(fact,)), tuple(red))


def _red_count(c: Ctx, ex: Exercise) -> Solution:
    hand, table = _holding_tokens(c, ex)
    every = sorted(red_tokens(hand + table), key=_order_of(c.game))
    fact = Reason("fact-hn-red", {"cards": every, "count": len(every)})
    n = len(every)
    return Solution((str(n),), n, Proof(facts=(fact,)), tuple(every))


def _tun(c: Ctx, ex: Exercise) -> Solution:
    a = _analysis(c, ex)
    if a.settlement is None:
        raise BadExercise(f"{ex.id}: the holding is not a win")
    line = next(ln for ln in a.settlement.lines if ln.code in ("zp-tun", "zp-tun-yixi"))
    fact = Reason(line.code, dict(line.params))  # how the tun are counted at this table
    return Solution((str(line.points),), line.points, Proof(analysis=a, facts=(fact,)))


def _table_huxi(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    s = state.seats[seat]
    n = s.table_huxi(state.rules.yiwushi)
    fact = Reason("fact-hn-table-huxi", {"huxi": n})
    cards = tuple(HUNAN.cards.TOKENS[x] for m in s.melds for x in m.cards)
    return Solution((str(n),), n, Proof(facts=(fact,)), cards)


def bi_ways(c: Ctx, ex: Exercise) -> tuple[Action, list[Action]]:
    """The chi the exercise names and every legal way of making it (its bi groups)."""
    state, seat = _state(c, ex)
    text = str(ex.query.args.get("action", "")) if ex.query else ""
    wanted = Action.parse(text, seat)
    ways = [
        a
        for a in c.game.legal_actions(state, seat)
        if a.kind == "chi" and sorted(a.cards) == sorted(wanted.cards)
    ]
    if not ways:
        raise BadExercise(f"{ex.id}: {text!r} is not a legal chi")
    return wanted, ways


def _bi_cards(c: Ctx, ex: Exercise) -> Solution:
    _wanted, ways = bi_ways(c, ex)
    order = _order_of(c.game)
    accepted = []
    for a in ways:
        cards = sorted((t for g in a.params.get("bi", ()) for t in g), key=order)
        text = tokens_text(cards)
        if text and text not in accepted:
            accepted.append(text)
    if not accepted:
        raise BadExercise(f"{ex.id}: this chi needs no bi")
    notes = tuple(ActionNote("", a, True) for a in ways)
    facts = tuple(Reason("fact-hn-bi-way", {"cards": text.split()}) for text in accepted)
    first = tuple(accepted[0].split())
    return Solution(tuple(accepted), accepted, Proof(notes=notes, facts=facts), first)


def won(c: Ctx, ex: Exercise) -> tuple[Any, Analysis]:
    """The result of the finished deal of the exercise, and its count as an analysis
    (the winner's groups, line by line, and the settlement)."""
    state = c.state
    if state is None or state.result is None or state.result.winner is None:
        raise BadExercise(f"{ex.id}: the query needs a deal that ended in a win")
    r = state.result
    out = c.game.outcome(state)
    assert out is not None  # the deal is over
    melds = tuple(HUNAN.meld_view(m, state.rules)[0] for m in r.melds)
    extra = {"min": state.rules.min_huxi}
    count, settle = out.count, out.settlement
    return r, Analysis(
        state.rules.game, True, True, r.huxi, "huxi", melds, count, settle, None, extra
    )


def _win_huxi(c: Ctx, ex: Exercise) -> Solution:
    r, a = won(c, ex)
    return Solution((str(r.huxi),), r.huxi, Proof(analysis=a))


def _win_total(c: Ctx, ex: Exercise) -> Solution:
    r, a = won(c, ex)
    total = r.count.total
    return Solution((str(total),), total, Proof(analysis=a))


# -- positions: after a forced pao/ti, the seat's own draws, a win now, a discard ----------


def discard_after(state: State, legal: Action) -> tuple[str, State]:
    """Why the seat does or does not discard after the legal ``legal``: ``discard``,
    ``bakuai`` (a second pao/ti leaves the holding below a whole hand), ``win`` (the
    intake lets it win now) or ``other``; and the state after it."""
    seat = legal.seat
    after = HUNAN.do(state, legal)
    if after.phase == "over" or any(a.kind == "hu" for a in HUNAN.legal_actions(after, seat)):
        return "win", after
    if after.phase == "play" and after.turn == seat and after.must_discard:
        return "discard", after
    s = after.seats[seat]
    if legal.kind in ("pao", "ti") and s.quads >= 2 and s.size < s.complete_size():
        return "bakuai", after
    return "other", after


def _bakuai(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    wanted = Action.parse(str(ex.query.args.get("action", "")) if ex.query else "", seat)
    legal = resolve(c, state, wanted)
    if legal is None:
        raise BadExercise(f"{ex.id}: {wanted.text()} is not legal here")
    why, after = discard_after(state, legal)
    if why not in ("discard", "bakuai"):
        raise BadExercise(f"{ex.id}: after {wanted.text()} the seat wins or plays on")
    s = after.seats[seat]
    fact = Reason(
        "fact-hn-bakuai" if why == "bakuai" else "fact-hn-discard-due",
        {"size": s.size, "whole": s.complete_size(), "quads": s.quads},
    )
    note = ActionNote("", legal, True, None, legal.forced)
    proof = Proof(notes=(note,), after=c.game.view(after, None), facts=(fact,))
    return _true_false(ex, why == "discard", why, proof)


def draw_win(state: State, seat: int, card: int) -> tuple[int, bool]:
    """What turning up ``card`` itself would give the seat, played by the machine: the
    huxi of the completed holding (-1: not complete) and whether it is a win (the
    minimum reached, no chouhu). A forced wei/ti comes first, then the win."""
    offer = Offer(card, seat, "draw")
    st = HUNAN.evolve(
        state, phase="offer", offer=offer, turn=seat, must_discard=False, may_hu=False
    )
    forced = HUNAN.self_forced(st, offer)
    if forced is not None:
        after = HUNAN.do(st, forced)
        if after.phase == "over" and after.result is not None:
            return after.result.huxi, True
        s = after.seats[seat]
        pts = HUNAN.holding_points(s, state.rules.yiwushi)
        won = any(a.kind == "hu" for a in HUNAN.legal_actions(after, seat))
        return pts, won
    pts = HUNAN.hu_points(st, seat, offer)
    return pts, pts >= 0 and HUNAN.can_hu(st, seat, offer)


def win_draws(state: State, seat: int) -> list[Wait]:
    """Every card (with a copy the seat does not hold itself) that completes the seat's
    holding were the seat to turn it up, in deck order, ``win`` as the machine plays it."""
    counts = state.seats[seat].counts()
    out = []
    for card in range(HUNAN.cards.KINDS):
        if counts[card] >= HUNAN.cards.COPIES:
            continue
        pts, won = draw_win(state, seat, card)
        if pts >= 0:
            out.append(Wait(HUNAN.cards.TOKENS[card], pts, won))
    return out


def unseen(view: View, card: str) -> int:
    """Copies of ``card`` the viewing seat has not seen."""
    return HUNAN.cards.COPIES - visible_copies(view, card)


def _win_draws(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    waits = tuple(win_draws(state, seat))
    cards = [w.card for w in waits if w.win]
    if not cards:
        raise BadExercise(f"{ex.id}: no card the seat turns up makes a win")
    return Solution((tokens_text(cards),), frozenset(cards), Proof(waits=waits), tuple(cards))


def win_now(state: State, seat: int) -> State | None:
    """The state after the seat wins now (its legal hu), or None."""
    hu = next((a for a in HUNAN.legal_actions(state, seat) if a.kind == "hu"), None)
    return None if hu is None else HUNAN.do(state, hu)


def win_analysis_of(after: State) -> Analysis:
    """A finished deal's win as an :class:`Analysis`: the winner's groups, the huxi line
    by line, and the settlement (tun and mingtang)."""
    r, rules = after.result, after.rules
    assert r is not None  # a finished deal
    views = [HUNAN.meld_view(m, rules) for m in r.melds]
    lines = tuple(v[1] for v in views) + (
        CountLine("zp-huxi", r.huxi, {"min": rules.min_huxi}, "="),
    )
    return Analysis(
        rules.game,
        True,
        True,
        r.huxi,
        HUNAN.UNIT,
        tuple(v[0] for v in views),
        Count(lines, r.huxi),
        r.count,
        None,
        {"min": rules.min_huxi},
    )


def _won_now(c: Ctx, ex: Exercise) -> State:
    state, seat = _state(c, ex)
    after = win_now(state, seat)
    if after is None or after.result is None:
        raise BadExercise(f"{ex.id}: seat {seat} may not win now")
    return after


def _hu_huxi(c: Ctx, ex: Exercise) -> Solution:
    a = win_analysis_of(_won_now(c, ex))
    assert a.points is not None
    cards = tuple(t for m in a.melds for t in m.cards)
    return Solution((str(a.points),), a.points, Proof(analysis=a), cards)


def _hu_tun(c: Ctx, ex: Exercise) -> Solution:
    a = win_analysis_of(_won_now(c, ex))
    assert a.settlement is not None
    line = next(ln for ln in a.settlement.lines if ln.code in ("zp-tun", "zp-tun-yixi"))
    fact = Reason(line.code, dict(line.params))  # how the tun are counted at this table
    return Solution((str(line.points),), line.points, Proof(analysis=a, facts=(fact,)))


def _hu_total(c: Ctx, ex: Exercise) -> Solution:
    after = _won_now(c, ex)
    a = win_analysis_of(after)
    assert a.settlement is not None and after.result is not None
    assert after.result.winner is not None
    every = [HUNAN.cards.TOKENS[x] for x in after.seats[after.result.winner].cards()]
    red = sorted(red_tokens(every), key=_order_of(c.game))
    fact = Reason("fact-hn-red", {"cards": red, "count": len(red)})
    total = a.settlement.total
    return Solution((str(total),), total, Proof(analysis=a, facts=(fact,)), tuple(red))


def discard_waits(state: State, seat: int, card: str, seen: View) -> list[str]:
    """The cards the seat could still win on by its own draw after discarding ``card``
    (those with a copy it has not seen), in deck order."""
    s = state.seats[seat]
    x = HUNAN.cards.TOKEN_INDEX[card]
    s2 = HUNAN.seat_evolve(s, hand=HUNAN.cards.without(s.hand, (x,)), thrown=s.thrown | (1 << x))
    st = HUNAN.evolve(
        state, seats=HUNAN.with_seat(state, seat, s2), phase="draw", turn=seat, offer=None
    )
    return [w.card for w in win_draws(st, seat) if w.win and unseen(seen, w.card) > 0]


def _keep_waits(c: Ctx, ex: Exercise) -> Solution:
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
        code = "fact-hn-discard-waits" if waits else "fact-hn-discard-no-waits"
        facts.append(Reason(code, {"card": card, "cards": waits, "count": len(waits)}))
    if not counts:
        raise BadExercise(f"{ex.id}: no choice is a legal discard")
    best = max(counts.values())
    right = tuple(cid for cid, n in counts.items() if n == best)
    cards = tuple(t for n in notes if n.choice in right for t in n.action.cards)
    return Solution(right, right, Proof(notes=tuple(notes), facts=tuple(facts)), cards)


for _name, _fn in (
    ("bakuai", _bakuai),
    ("win-draws", _win_draws),
    ("hu-huxi", _hu_huxi),
    ("hu-tun", _hu_tun),
    ("hu-total", _hu_total),
    ("keep-waits", _keep_waits),
    ("red-cards", _red_cards),
    ("red-count", _red_count),
    ("tun", _tun),
    ("table-huxi", _table_huxi),
    ("bi-cards", _bi_cards),
    ("win-huxi", _win_huxi),
    ("win-total", _win_total),
):
    OWN[f"hunan:{_name}"] = _fn
