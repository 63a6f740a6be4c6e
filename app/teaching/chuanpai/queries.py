"""Engine queries of chuanpai beyond the shared ones (handed to ``QUERIES`` under
names prefixed ``chuanpai:``).

Every answer comes from the chuanpai engine's own tables and functions (the pips of a face,
the jier partners, the pip colours, the spare cards, the tou after a group, the qitou
test, the points of a group, the settlement); nothing here restates a rule.

==============================  ===========  =============================================
query                           kind         the right answer
==============================  ===========  =============================================
``chuanpai:pips``               number       the points of ``card`` (or of the one card shown)
``chuanpai:same-points``        number       copies in the deck with as many points as ``card``
``chuanpai:partners``           pick-cards   every card of the deck that makes a jier with ``card``
``chuanpai:red``                pick-cards   the cards of the hand that show red pips
``chuanpai:spare``              pick-cards   one copy of each spare card (guanggun) of the hand
``chuanpai:tou``                number       cards taken by tou after a group of ``kind``
``chuanpai:settlement``         number       what each loser pays the winner (hu + base)
``chuanpai:collect``            number       what the winner collects from all the losers
``chuanpai:optional``           true-false   may the an/peng/kang/liang of ``card`` be declined (qitou)?
``chuanpai:by-points``          order        the groups named by the choices, most hu first
``chuanpai:pairs-with``         pick-cards   a position: every card of the seat's hand (each
                                             copy) that makes a jier with the open card (or
                                             ``card``)
``chuanpai:guo-card``           true-false   a position: would ``card``, drawn by tou now, be
                                             a guopai for the seat? why: ``pairs-passed``,
                                             ``jing``, ``no-pair``, ``nothing-passed``
``chuanpai:claims``             order        a position with an open card: choices ``"<seat>:
                                             <action>"``, ordered as the engine's claim queue
                                             serves them (groups first, then bai)
``chuanpai:goes-out``           choose-action  a position with an open card: the bai choices
                                             after which the seat's hand is complete
==============================  ===========  =============================================
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX, KINDS, POINTS, copy_limit, counts_of, is_red
from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing import settle
from app.engine.chuanpai.pairing.moves import _must_guo, _tou_count
from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis
from app.learning.exercise import Exercise
from app.learning.queries import (
    BadExercise,
    Ctx,
    QueryFn,
    _state,
    _true_false,
    action_notes,
    resolve,
)
from app.learning.verdict import Proof, Solution
from app.text import terms

GAME = "chuanpai"
#: a group kind of the engine → its concept in the term table (content/terms.yaml)
GROUP_CONCEPTS = {
    "jier": "jier",
    "bai": "bai",
    "an": "an",
    "peng": "peng",
    "yan": "yan",
    "qi": "qi",
    "liang": "liang",
    "kang": "gang",
}


def group_word(kind: str) -> str:
    """A group kind in the table's Chinese word (an -> the an character): the word
    messages and prompts name a group by, in both languages."""
    word = terms.word(GROUP_CONCEPTS[kind], GAME, "zh")
    assert word is not None, kind
    return word


#: the groups of alike cards (and of the jingpai), by kind, in the table's words
GROUPS = {kind: group_word(kind) for kind in ("an", "peng", "yan", "qi", "liang", "kang")}


#: the game's own queries, by name (the loader adds them to the shared ``QUERIES``)
OWN: dict[str, QueryFn] = {}


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
    return _cards(
        reds, (Reason("fact-cp-red", {"cards": sorted(set(reds), key=INDEX.__getitem__)}),)
    )


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
        raise BadExercise(f"{ex.id}: no tou after {kind!r}")
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
    points = a.points
    a = dataclasses.replace(a, settlement=Count.of(lines, points + 1))
    return a, points, scores


def settlement(c: Ctx, ex: Exercise) -> Solution:
    a, _, scores = _won(c, ex)
    each = -scores[1]
    return Solution((str(each),), each, Proof(analysis=a))


def collect(c: Ctx, ex: Exercise) -> Solution:
    a, _, scores = _won(c, ex)
    fact = Reason("fact-cp-collect", {"each": -scores[1], "losers": len(scores) - 1})
    return Solution((str(scores[0]),), scores[0], Proof(analysis=a, facts=(fact,)))


def qitou_why(counts: tuple[int, ...], kind: int, rule: str) -> tuple[bool, str, dict[str, int]]:
    """The engine's qitou verdict for a group of ``kind`` with ``counts`` in hand, and
    which case of the rule decided it: ``level``, ``good-one-over``, ``bad-over``,
    ``good-two-over`` (good/bad families), ``tied``, ``spare`` (neutral values),
    ``always`` (no qitou at this table)."""
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


# -- positions: the open card, the guopai, the claims --------------------------------------


def _open(c: Ctx, ex: Exercise) -> tuple[Any, int, str]:
    state, seat = _state(c, ex)
    card = _arg(ex, "card") or (state.open_card if state.phase == "claim" else None)
    if not card or card not in INDEX:
        raise BadExercise(f"{ex.id}: no open card (and no card named)")
    return state, seat, card


def pairs_with(c: Ctx, ex: Exercise) -> Solution:
    """Every card of the seat's hand (each copy) that makes a jier with the open card."""
    state, seat, card = _open(c, ex)
    hand = state.seats[seat].hand
    kinds = an.partners_in(hand, INDEX[card])
    if not kinds:
        raise BadExercise(f"{ex.id}: no card of the hand pairs with {card}")
    cards = [KINDS[k] for k in kinds for _ in range(hand[k])]
    fact = Reason("fact-cp-pairs-with", {"card": card, "cards": [KINDS[k] for k in kinds]})
    return _cards(_by_deck(cards), (fact,))


def guo_why(seat_state: Any, card: str) -> tuple[bool, str, dict[str, Any]]:
    """The engine's verdict on a tou card for a seat (is it a guopai?) and the case:
    ``nothing-passed``, ``jing``, ``pairs-passed`` (with the dead value it pairs),
    ``no-pair``."""
    value = _must_guo(seat_state, card)
    passed = sorted(seat_state.passed)
    if not passed:
        return value, "nothing-passed", {}
    if card in ("cs", "ty"):
        return value, "jing", {}
    p = POINTS[INDEX[card]]
    dead = [q for q in passed if p + q in (10, 20)]
    if value:
        return value, "pairs-passed", {"points": p, "dead": dead[0]}
    return value, "no-pair", {"points": p}


def guo_card(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    card = _arg(ex, "card") or (state.drawn if state.phase == "guo" else "")
    if card not in INDEX:
        raise BadExercise(f"{ex.id}: name the tou card (query card)")
    value, case, params = guo_why(state.seats[seat], card)
    fact = Reason(f"fact-cp-guo-{case}", {"card": card, **params})
    return _true_false(ex, value, case, Proof(facts=(fact,)))


def _claim_of(ch_action: str, ex: Exercise, cid: str) -> tuple[int, str]:
    seat_text, sep, act = ch_action.partition(":")
    if not sep or not seat_text.strip().isdigit() or not act.split():
        raise BadExercise(f"{ex.id}: choice {cid} must be 'seat: action'")
    kind = act.split()[0]
    return int(seat_text), "bai" if kind == "bai" else "group"


def claims(c: Ctx, ex: Exercise) -> Solution:
    """The claims of the choices in the order the engine serves them: its claim queue
    (groups of alike cards first, then bai; each in seat order from the discarder's next
    seat, or from the seat that turned the card)."""
    if c.state is None or c.state.phase != "claim":
        raise BadExercise(f"{ex.id}: the query needs a position with an open card")
    queue = list(c.state.queue)
    ranked = []
    for ch in ex.choices:
        claim = _claim_of(ch.action or "", ex, ch.id)
        if claim not in queue:
            raise BadExercise(f"{ex.id}: choice {ch.id} is not a claim of this card")
        ranked.append((queue.index(claim), ch.id))
    if len({r for r, _ in ranked}) != len(ranked):
        raise BadExercise(f"{ex.id}: two choices name the same claim")
    order = tuple(cid for _, cid in sorted(ranked))
    how = "turned" if c.state.flipped else "discard"
    fact = Reason(f"fact-cp-claims-{how}", {"card": c.state.open_card})
    return Solution((" ".join(order),), order, Proof(order=order, facts=(fact,)))


def goes_out(c: Ctx, ex: Exercise) -> Solution:
    """The bai choices after which the seat may go out (its hand is complete); every
    other legal choice is shown with the cards it would leave unpaired."""
    state, seat = _state(c, ex)
    notes = action_notes(c, ex)
    right, facts = [], []
    for n in notes:
        if not n.legal or n.action.kind != "bai":
            continue
        legal = resolve(c, state, n.action)
        assert legal is not None
        after = c.game.apply(state, legal)
        if c.game.to_act(after) == seat and any(
            a.kind == "hu" for a in c.game.legal_actions(after, seat)
        ):
            right.append(n.choice)
        else:
            hand = after.seats[seat].hand
            lone = [KINDS[k] for k in an.spare_kinds(hand)]
            left = sum(hand) - an.coverage(hand)  # the cards no pairing can place
            params = {"cards": list(n.action.cards), "lone_cards": lone}
            if left == len(lone):
                facts.append(Reason("fact-cp-bai-stuck", params))
            else:  # fewer cards left over than kinds that could be the ones left
                facts.append(Reason("fact-cp-bai-stuck-some", {**params, "count": left}))
    if not right:
        raise BadExercise(f"{ex.id}: no bai of the choices completes the hand")
    cards = tuple(t for n in notes if n.choice in right for t in n.action.cards)
    return Solution(
        tuple(right), tuple(right), Proof(notes=notes, consequences=tuple(facts)), cards
    )


OWN.update(
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
        f"{GAME}:pairs-with": pairs_with,
        f"{GAME}:guo-card": guo_card,
        f"{GAME}:claims": claims,
        f"{GAME}:goes-out": goes_out,
    }
)
