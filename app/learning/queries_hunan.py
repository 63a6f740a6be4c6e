"""Engine queries of hunan beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``hunan:``).

=====================  ===========  ==================================================
query                  kind         the right answer
=====================  ===========  ==================================================
``hunan:red-cards``    pick-cards   the red cards (二七十 / 贰柒拾) of the shown hand
``hunan:red-count``    number       red cards over the whole holding (hand and groups)
``hunan:tun``          number       the 囤 of a winning holding, before any 名堂
``hunan:table-huxi``   number       a seat's current 胡息: its groups on the table
``hunan:bi-cards``     pick-cards   the cards the 吃 ``args.action`` must lay out with
                                    it (比); any legal way of doing it is right
``hunan:win-huxi``     number       the 胡息 of the win that ended the deal (a position)
``hunan:win-total``    number       what each loser paid for that win
=====================  ===========  ==================================================
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis
from app.engine.zipai.analysis import meld_view
from app.engine.zipai.cards import TOKENS
from app.learning.exercise import Exercise
from app.learning.misconceptions.zipai_common import red_tokens
from app.learning.queries import (
    QUERIES,
    BadExercise,
    Ctx,
    _analysis,
    _order_of,
    _state,
    tokens_text,
)
from app.learning.verdict import ActionNote, Proof, Solution


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
    return Solution((str(line.points),), line.points, Proof(analysis=a))


def _table_huxi(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    s = state.seats[seat]
    n = s.table_huxi(state.rules.yiwushi)
    fact = Reason("fact-hn-table-huxi", {"huxi": n})
    cards = tuple(TOKENS[x] for m in s.melds for x in m.cards)
    return Solution((str(n),), n, Proof(facts=(fact,)), cards)


def bi_ways(c: Ctx, ex: Exercise) -> tuple[Action, list[Action]]:
    """The 吃 the exercise names and every legal way of making it (its 比 groups)."""
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
    melds = tuple(meld_view(m, state.rules)[0] for m in r.melds)
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


for _name, _fn in (
    ("red-cards", _red_cards),
    ("red-count", _red_count),
    ("tun", _tun),
    ("table-huxi", _table_huxi),
    ("bi-cards", _bi_cards),
    ("win-huxi", _win_huxi),
    ("win-total", _win_total),
):
    QUERIES[f"hunan:{_name}"] = _fn
