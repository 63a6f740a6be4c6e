"""Engine queries of nantong beyond the shared ones (handed to ``QUERIES`` under
names prefixed ``nantong:``).

=========================  ============  ===============================================
query                      kind          the right answer
=========================  ============  ===============================================
``nantong:deck-size``      number        cards in the deck under the exercise's rules
``nantong:zaijiang``       pick-cards    the cards of the hand that are zaijiang (count on a
                                         general row) under the turned generals
``nantong:meld-hu``        number        the hu of the groups laid down (``melds``)
``nantong:hand-type``      choice        the kind of win (piaohu / qinghu / tazihu): the choice
                                         whose ``reason`` is ``piaohu``/``qinghu``/``tazihu``
``nantong:situation``      choice        the jiang situation of the turned generals: the choice
                                         whose ``reason`` is ``putong-jiang``, ``shuang-jiang``,
                                         ``shuanglong-hui``, ``banbian-jiang``, ``dan-jiang``
``nantong:nonwinner``      number        what the cards count for a player who did not go out
``nantong:net``            number        a finished deal: what the seat wins (+) or pays (−)
``nantong:priority``       order         a discard claimed by both others: who gets it first
``nantong:total``          number        a finished deal: the seat's count (the winner's
                                         full count, another player's dihu)
``nantong:dihu``           number        a finished deal: the winner's dihu (the groups'
                                         hu with sanlao huiqi, rounded up to the next ten)
=========================  ============  ===============================================

``nantong:situation`` and ``nantong:hand-type`` also read a position: the turned
generals of the deal, and the winner's hand as the deal counted it (how it went out
included); ``nantong:zaijiang``, ``nantong:meld-hu`` and ``nantong:nonwinner`` read the
seat's own cards of a position.

Everything is read through the engine (``app.engine.nantong``); nothing here knows a
table or a rule of its own.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.engine.core.actions import Action, Count
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis
from app.engine.nantong.cards import INDEX
from app.engine.nantong.count import TYPES, count_hand, meld_line
from app.engine.nantong.holding import Parsed
from app.engine.nantong.judge import judge
from app.engine.nantong.outcome import win_context
from app.engine.nantong.rules import Generals, parse_generals
from app.learning.exercise import Exercise
from app.learning.queries import (
    BadExercise,
    Ctx,
    QueryFn,
    _order_of,
    _state,
    resolve,
    tokens_text,
)
from app.learning.verdict import ActionNote, Proof, Solution

#: the game's own queries, by name (the loader adds them to the shared ``QUERIES``)
OWN: dict[str, QueryFn] = {}


def parsed(c: Ctx, ex: Exercise) -> Parsed:
    """The engine's reading of the exercise's holding (cards, melds, turned generals)."""
    if c.holding is None or not isinstance(c.holding.data, Parsed):
        raise BadExercise(f"{ex.id}: the query needs a holding")
    return c.holding.data


def _deck_size(c: Ctx, ex: Exercise) -> Solution:
    n = len(c.game.deck(c.rules))
    fact = Reason("fact-nt-deck", {"count": n})
    return Solution((str(n),), n, Proof(facts=(fact,)))


def _zaijiang(c: Ctx, ex: Exercise) -> Solution:
    p = parsed(c, ex)
    assert c.holding is not None
    hand = list(c.holding.hand)
    picked = [t for t in hand if p.gen.row(INDEX[t]).code != "putong"]
    cards = sorted(picked, key=_order_of(c.game))
    facts = tuple(
        Reason(f"fact-nt-row-{p.gen.row(INDEX[t]).code}", {"card": t})
        for t in sorted(set(hand), key=_order_of(c.game))
    )
    return Solution((tokens_text(cards),), Counter(cards), Proof(facts=facts), tuple(cards))


def meld_count(c: Ctx, ex: Exercise) -> Count:
    p = parsed(c, ex)
    if not p.melds:
        raise BadExercise(f"{ex.id}: the query needs groups laid down (melds)")
    lines = [meld_line(m, p.gen) for m in p.melds]
    return Count.of(lines, sum(ln.points for ln in lines))


def _meld_hu(c: Ctx, ex: Exercise) -> Solution:
    count = meld_count(c, ex)
    a = Analysis("nantong", False, False, count.total, "hu", count=count)
    return Solution((str(count.total),), count.total, Proof(analysis=a))


def _tagged_choice(ex: Exercise, tag: str, proof: Proof) -> Solution:
    right = tuple(ch.id for ch in ex.choices if ch.reason == tag)
    if not right:
        raise BadExercise(f"{ex.id}: no choice stands for {tag!r}")
    return Solution(right, tag, proof)


def winner_analysis(c: Ctx, ex: Exercise) -> Analysis:
    """A finished deal seen by its winner: the hand as the deal counted it (the card won
    on, zimo, gangkai, tianting ... read from the final position), and its kind of win."""
    s = c.state
    if s is None or not c.game.is_over(s) or s.winner is None or c.seat != s.winner:
        raise BadExercise(f"{ex.id}: the query needs a won deal seen by its winner")
    v = judge(s.hands[s.winner], s.melds[s.winner], s.gen, s.rules, win_context(s, s.winner))
    if v.arrangement is None or v.count is None:
        raise BadExercise(f"{ex.id}: the winner's hand is not complete")
    out = c.game.outcome(s)
    return Analysis(
        "nantong",
        True,
        True,
        v.count.total,
        "hu",
        count=out.count if out is not None else v.count,
        extra={"hand_type": TYPES[v.arrangement.hand_type]},
    )


def _hand_type(c: Ctx, ex: Exercise) -> Solution:
    if c.state is not None and c.game.is_over(c.state) and not (ex.setup.hand or ex.setup.melds):
        a = winner_analysis(c, ex)
        return _tagged_choice(ex, str(a.extra["hand_type"]), Proof(analysis=a))
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    a = c.game.analyze(c.holding, c.rules)
    if not a.complete:
        raise BadExercise(f"{ex.id}: the holding is not complete")
    return _tagged_choice(ex, str(a.extra["hand_type"]), Proof(analysis=a))


def turned_generals(c: Ctx, ex: Exercise) -> Generals:
    """The turned generals: the context's ``generals``, else those of the position."""
    text = ex.setup.context.get("generals") or ex.setup.context.get("general")
    if not text and c.state is not None:
        return c.state.gen  # type: ignore[no-any-return]  # Ctx.state is any game's state
    if not text:
        raise BadExercise(f"{ex.id}: the query needs the turned generals (context generals)")
    try:
        return parse_generals(text, c.rules)
    except EngineError as exc:
        raise BadExercise(f"{ex.id}: {exc.code} {exc.params}") from None


def _situation(c: Ctx, ex: Exercise) -> Solution:
    """The situation of the turned generals (the context's, or the position's)."""
    gen = turned_generals(c, ex)
    fact = Reason(f"nt-{gen.situation}", {})
    return _tagged_choice(ex, gen.situation, Proof(facts=(fact,)))


def nonwinner_count(c: Ctx, ex: Exercise) -> Count:
    p = parsed(c, ex)
    return count_hand(p.counts, p.melds, p.gen, p.rules, p.ctx.qishou)


def _nonwinner(c: Ctx, ex: Exercise) -> Solution:
    count = nonwinner_count(c, ex)
    a = Analysis("nantong", False, False, count.total, "hu", count=count)
    return Solution((str(count.total),), count.total, Proof(analysis=a))


def _net(c: Ctx, ex: Exercise) -> Solution:
    if c.state is None or c.seat is None:
        raise BadExercise(f"{ex.id}: the query needs a finished deal and a seat")
    out = c.game.outcome(c.state)
    if out is None or out.winner is None:
        raise BadExercise(f"{ex.id}: the deal is not won")
    net = out.scores[c.seat]
    a = Analysis(
        "nantong",
        True,
        True,
        out.count.total if out.count else None,
        "hu",
        count=out.count,
        settlement=out.settlement,
    )
    facts = tuple(
        Reason("fact-nt-total", {"seat": int(s), "total": t})
        for s, t in out.extra["totals"].items()
    )
    return Solution((str(net),), net, Proof(analysis=a, facts=facts))


def _priority(c: Ctx, ex: Exercise) -> Solution:
    """Both others claim the discard: apply every claim in the order the engine asks,
    and see who gets the card; that claim comes first, the other after it."""
    state, _ = _state(c, ex)
    claims: dict[int, tuple[str, Action]] = {}
    for ch in ex.choices:
        if ch.action is None or ":" not in ch.action:
            raise BadExercise(f"{ex.id}: choice {ch.id} must be 'seat: action'")
        seat_text, _sep, act = ch.action.partition(":")
        claims[int(seat_text)] = (ch.id, Action.parse(act.strip(), int(seat_text)))
    asked: list[int] = []
    notes = []
    for _ in range(4):
        if c.game.is_over(state) or c.game.phase(state) != "respond":
            break
        seat = c.game.to_act(state)
        if seat is None or seat not in claims or seat in asked:
            break
        wanted = claims[seat][1]
        legal = resolve(c, state, wanted)
        if legal is None:
            raise BadExercise(f"{ex.id}: seat {seat} cannot claim {wanted.text()}")
        notes.append(ActionNote(claims[seat][0], legal, True))
        asked.append(seat)
        state = c.game.apply(state, legal)
    if sorted(asked) != sorted(claims):
        raise BadExercise(f"{ex.id}: the engine does not ask seats {sorted(claims)}")
    out = c.game.outcome(state)
    taker = out.winner if out is not None else c.game.to_act(state)
    if taker not in claims:
        raise BadExercise(f"{ex.id}: no claimant gets the card")
    order = [claims[taker][0]] + [claims[s][0] for s in asked if s != taker]
    text = " ".join(order)
    return Solution((text,), tuple(order), Proof(notes=tuple(notes), order=tuple(order)))


def finished(c: Ctx, ex: Exercise) -> tuple[Any, int]:
    """A won deal and the seat asked about (one of the three players)."""
    s = c.state
    if s is None or c.seat is None or not c.game.is_over(s) or s.winner is None:
        raise BadExercise(f"{ex.id}: the query needs a won deal and a seat")
    if c.seat not in s.players:
        raise BadExercise(f"{ex.id}: seat {c.seat} sits this deal out")
    return s, c.seat


def _total(c: Ctx, ex: Exercise) -> Solution:
    """What the seat counts in a won deal: the winner's full count (how the hand went out
    included), another player's dihu."""
    s, seat = finished(c, ex)
    out = c.game.outcome(s)
    assert out is not None
    count = out.extra["counts"][str(seat)]
    won = seat == s.winner
    a = Analysis("nantong", won, won, count.total, "hu", count=count)
    return Solution((str(count.total),), count.total, Proof(analysis=a))


def _dihu(c: Ctx, ex: Exercise) -> Solution:
    """The winner's dihu: the line that rounds the groups' hu up (no qinghu: it has none)."""
    s, seat = finished(c, ex)
    if seat != s.winner:
        raise BadExercise(f"{ex.id}: the dihu question is asked of the winner")
    out = c.game.outcome(s)
    assert out is not None and out.count is not None
    line = next((ln for ln in out.count.lines if ln.code == "nt-dihu"), None)
    if line is None:
        raise BadExercise(f"{ex.id}: this win has no dihu (a qinghu)")
    a = Analysis("nantong", True, True, out.count.total, "hu", count=out.count)
    fact = Reason("fact-nt-dihu", {"sum": int(line.params.get("sum", 0)), "dihu": line.points})
    return Solution((str(line.points),), line.points, Proof(analysis=a, facts=(fact,)))


OWN.update(
    {
        "nantong:deck-size": _deck_size,
        "nantong:zaijiang": _zaijiang,
        "nantong:meld-hu": _meld_hu,
        "nantong:hand-type": _hand_type,
        "nantong:situation": _situation,
        "nantong:nonwinner": _nonwinner,
        "nantong:net": _net,
        "nantong:priority": _priority,
        "nantong:total": _total,
        "nantong:dihu": _dihu,
    }
)
