"""Engine queries of chuanpai beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``chuanpai:``).

Every answer comes from the 川牌 engine's own tables and functions (the pips of a face,
the 挤儿 partners, the pip colours, the spare cards, the 偷 after a group, the 齐头
test, the points of a group, the settlement); nothing here restates a rule.

==============================  ===========  =============================================
query                           kind         the right answer
==============================  ===========  =============================================
``chuanpai:pips``               number       the points of ``card`` (or of the one card shown)
``chuanpai:same-points``        number       copies in the deck with as many points as ``card``
``chuanpai:partners``           pick-cards   every card of the deck that makes a 挤儿 with ``card``
``chuanpai:red``                pick-cards   the cards of the hand that show red pips
``chuanpai:spare``              pick-cards   one copy of each spare card (光棍) of the hand
``chuanpai:tou``                number       cards taken by 偷 after a group of ``kind``
``chuanpai:settlement``         number       what each loser pays the winner (胡 + base)
``chuanpai:collect``            number       what the winner collects from all the losers
``chuanpai:optional``           true-false   may the 暗/碰/扛/亮 of ``card`` be declined (齐头)?
``chuanpai:by-points``          order        the groups named by the choices, most 胡 first
==============================  ===========  =============================================
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX, KINDS, POINTS, copy_limit, counts_of, is_red
from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing import settle
from app.engine.chuanpai.pairing.moves import _tou_count
from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis
from app.learning.exercise import Exercise
from app.learning.queries import QUERIES, BadExercise, Ctx, _true_false
from app.learning.verdict import Proof, Solution

GAME = "chuanpai"
GROUPS = {"an": "暗", "peng": "碰", "yan": "燕", "qi": "起", "liang": "亮", "kang": "扛"}


def _arg(ex: Exercise, name: str) -> str:
    return str(ex.query.args.get(name, "")) if ex.query else ""


def _card(c: Ctx, ex: Exercise) -> str:
    """The card the question is about: ``args.card``, else the one card shown."""
    card = _arg(ex, "card")
    if card:
        return card
    if c.holding is None or len(c.holding.hand) != 1:
        raise BadExercise(f"{ex.id}: name the card (query card) or show exactly one")
    return c.holding.hand[0]


def _face(card: str, ex: Exercise) -> str:
    if card not in INDEX or card in ("cs", "ty"):
        raise BadExercise(f"{ex.id}: {card!r} is not a dice face")
    return card


def _hand(c: Ctx, ex: Exercise) -> list[str]:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    return list(c.holding.hand)


def _deck_kinds(c: Ctx) -> list[str]:
    return [t for t in KINDS if copy_limit(t, c.rules.jing)]


def _by_deck(tokens: list[str]) -> list[str]:
    return sorted(tokens, key=INDEX.__getitem__)


def _number(value: int, facts: tuple[Reason, ...], cards: tuple[str, ...] = ()) -> Solution:
    return Solution((str(value),), value, Proof(facts=facts), cards)


def _cards(tokens: list[str], facts: tuple[Reason, ...]) -> Solution:
    shown = " ".join(tokens)
    return Solution((shown,), Counter(tokens), Proof(facts=facts), tuple(tokens))


# -- reading the cards --------------------------------------------------------------------


def pips(c: Ctx, ex: Exercise) -> Solution:
    card = _face(_card(c, ex), ex)
    points = POINTS[INDEX[card]]
    fact = Reason("fact-cp-pips", {"card": card, "a": card[0], "b": card[1], "points": points})
    return _number(points, (fact,), (card,))


def same_points(c: Ctx, ex: Exercise) -> Solution:
    card = _face(_card(c, ex), ex)
    p = POINTS[INDEX[card]]
    kinds = [t for t in _deck_kinds(c) if t not in ("cs", "ty") and POINTS[INDEX[t]] == p]
    total = sum(copy_limit(t, c.rules.jing) for t in kinds)
    fact = Reason("fact-cp-same-points", {"points": p, "cards": kinds, "total": total})
    return _number(total, (fact,), tuple(kinds))


def partners(c: Ctx, ex: Exercise) -> Solution:
    card = _card(c, ex)
    if card not in INDEX:
        raise BadExercise(f"{ex.id}: unknown card {card!r}")
    kinds = [t for t in _deck_kinds(c) if an.can_pair(INDEX[card], INDEX[t])]
    fact = Reason("fact-cp-partners", {"card": card, "cards": kinds})
    return _cards(kinds, (fact,))


def red(c: Ctx, ex: Exercise) -> Solution:
    hand = _hand(c, ex)
    reds = _by_deck([t for t in hand if is_red(t)])
    return _cards(reds, (Reason("fact-cp-red", {"cards": sorted(set(reds), key=INDEX.get)}),))


def spare(c: Ctx, ex: Exercise) -> Solution:
    hand = _hand(c, ex)
    kinds = [KINDS[k] for k in an.spare_kinds(tuple(counts_of(hand)))]
    if not kinds:
        raise BadExercise(f"{ex.id}: no card of this hand is spare")
    return _cards(kinds, (Reason("fact-cp-spare", {"cards": kinds}),))


# -- groups and counting ------------------------------------------------------------------


def tou(c: Ctx, ex: Exercise) -> Solution:
    kind = _arg(ex, "kind")
    if kind not in GROUPS:
        raise BadExercise(f"{ex.id}: no 偷 after {kind!r}")
    n = _tou_count(kind)
    return _number(n, (Reason("fact-cp-tou", {"group": GROUPS[kind], "count": n}),))


def _won(c: Ctx, ex: Exercise) -> tuple[Analysis, int, tuple[int, ...]]:
    """The winner's count and the payments of the settlement (seat 0 goes out)."""
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a holding")
    a = c.game.analyze(c.holding, c.rules)
    if not a.complete or a.points is None or a.count is None:
        raise BadExercise(f"{ex.id}: the holding does not go out")
    scores = settle.settle(a.points, 0, c.rules.players)
    lines = a.count.lines + (CountLine("cp-base", 1),)
    a = dataclasses.replace(a, settlement=Count.of(lines, a.points + 1))
    return a, a.points, scores


def settlement(c: Ctx, ex: Exercise) -> Solution:
    a, _, scores = _won(c, ex)
    each = -scores[1]
    return Solution((str(each),), each, Proof(analysis=a))


def collect(c: Ctx, ex: Exercise) -> Solution:
    a, _, scores = _won(c, ex)
    fact = Reason("fact-cp-collect", {"each": -scores[1], "losers": len(scores) - 1})
    return Solution((str(scores[0]),), scores[0], Proof(analysis=a, facts=(fact,)))


def qitou_why(counts: tuple[int, ...], kind: int, rule: str) -> tuple[bool, str, dict[str, int]]:
    """The engine's 齐头 verdict for a group of ``kind`` with ``counts`` in hand, and
    which case of the rule decided it: ``level``, ``good-one-over``, ``bad-over``,
    ``good-two-over`` (good/bad families), ``tied``, ``spare`` (neutral values),
    ``always`` (no 齐头 at this table)."""
    optional = an.group_optional(counts, kind, rule)
    p = POINTS[kind]
    if rule == "none":
        return optional, "always", {}
    if rule == "count" and p in an.GOOD_BAD:
        good_cls, bad_cls = an.GOOD_BAD[p]
        cl = an.classes(counts)
        good = sum(cl[q - 2] for q in good_cls)
        bad = sum(cl[q - 2] for q in bad_cls)
        if bad > good:
            case = "bad-over"
        elif good >= bad + 2:
            case = "good-two-over"
        else:
            case = "level" if good == bad else "good-one-over"
        return optional, case, {"good": good, "bad": bad}
    return optional, ("tied" if optional else "spare"), {}


def optional(c: Ctx, ex: Exercise) -> Solution:
    card = _face(_arg(ex, "card"), ex)
    counts = tuple(counts_of(_hand(c, ex)))
    value, case, params = qitou_why(counts, INDEX[card], c.rules.qitou)
    fact = Reason(f"fact-cp-qitou-{case}", {"card": card, **params})
    return _true_false(ex, value, case, Proof(facts=(fact,)))


def _ranked(c: Ctx, ex: Exercise, value: Callable[[Action], int], what: str) -> Solution:
    scored = []
    for ch in ex.choices:
        if not ch.action:
            raise BadExercise(f"{ex.id}: choice {ch.id} names no {what}")
        try:
            scored.append((value(Action.parse(ch.action, 0)), ch.id))
        except (EngineError, KeyError, ValueError):
            raise BadExercise(f"{ex.id}: choice {ch.id}: {ch.action!r}") from None
    values = [v for v, _ in scored]
    if len(set(values)) != len(values):
        raise BadExercise(f"{ex.id}: two choices are worth the same")
    order = tuple(cid for _, cid in sorted(scored, key=lambda s: -s[0]))
    return Solution((" ".join(order),), order, Proof(order=order))


def by_points(c: Ctx, ex: Exercise) -> Solution:
    return _ranked(c, ex, lambda a: Meld.make(a.kind, a.cards).points, "group")


QUERIES.update(
    {
        f"{GAME}:pips": pips,
        f"{GAME}:same-points": same_points,
        f"{GAME}:partners": partners,
        f"{GAME}:red": red,
        f"{GAME}:spare": spare,
        f"{GAME}:tou": tou,
        f"{GAME}:settlement": settlement,
        f"{GAME}:collect": collect,
        f"{GAME}:optional": optional,
        f"{GAME}:by-points": by_points,
    }
)
