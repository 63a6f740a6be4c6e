"""Engine queries of chuanpai-tricks beyond the shared ones (handed to ``QUERIES`` under
names prefixed ``chuanpai-tricks:``).

The trick game has no ``waits`` and its ``analyze`` counts a laid-out pile, so the shared
``settlement`` and ``cards-left`` queries do not fit it (the pile's worth is in the
analysis' extras; the piles and the trick sit in the view's extras). These queries ask
the trick engine (:mod:`app.engine.chuanpai.tricks`) what the shared ones cannot:

==============================  ===========  =================================================
query                           kind         the right answer
==============================  ===========  =================================================
``chuanpai-tricks:value``       number       what each loser pays for the pile (level × 2^fan)
``chuanpai-tricks:fan``         number       the fan the pile counts (sanhong sihei, capped)
``chuanpai-tricks:level``       choice       the choice whose ``reason`` names the pile's level:
                                             ``short``, ``tuoshou``, ``xiaohu``, ``yijia``,
                                             ``liangjia``
``chuanpai-tricks:rank-order``  order        the plays (each choice's ``action``: its cards)
                                             from highest to lowest
``chuanpai-tricks:beats``       choice       the choices whose play beats the play shown
                                             (the holding's cards)
``chuanpai-tricks:does-beat``   true-false   does ``action`` beat the play shown; why:
                                             ``beats``, ``lower``, ``equal``, ``other-colour``,
                                             ``other-suit``, ``other-shape``, ``not-a-play``
``chuanpai-tricks:beaters``     pick-cards   the cards of any play that beats the best play
                                             of the trick (a position)
``chuanpai-tricks:cards-left``  number       copies of ``card`` the seat has not seen (a
                                             position: 4 less its hand, the piles, the plays
                                             face up and its own covers in this trick)
``chuanpai-tricks:sure``        true-false   nobody can beat the lead ``action`` with cards
                                             the leader has not seen; why: ``sure`` or
                                             ``can-be-beaten``
``chuanpai-tricks:score``       number       what ``seat`` wins (+) or pays (−) when the
                                             deal of the position is over
``chuanpai-tricks:cards-of``    pick-cards   the hand's cards of the class ``kind``
                                             (:data:`CLASSES`)
``chuanpai-tricks:beats-best``  true-false   does ``action`` (cards of the seat's hand) beat
                                             the best play of the trick (a position); why:
                                             as ``does-beat``
``chuanpai-tricks:no-baopai``   choose-      the choices that are legal leads and do not make
                                action       the leader baopai (the deal's first lead)
==============================  ===========  =================================================

Card plays in choices and query arguments are written as cards (tokens or names); a
leading action kind (``lead``, ``beat``, ``cover``) is allowed and ignored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.engine.chuanpai.cards import tokens_of
from app.engine.chuanpai.tricks.plays import COMBOS, HARD, SUIT, Play, classify, rank_of
from app.engine.chuanpai.tricks.settle import RED_CARDS
from app.engine.chuanpai.tricks.state import TrickState
from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis
from app.learning.exercise import Exercise
from app.learning.queries import (
    BadExercise,
    Ctx,
    QueryFn,
    _order_of,
    _state,
    _true_false,
    action_notes,
    resolve,
    tokens_text,
)
from app.learning.verdict import ActionNote, Proof, Solution

GAME = "chuanpai-tricks"
PREFIX = f"{GAME}:"
COPIES = 4
KINDS_OF_PLAY = ("lead", "beat", "cover")
LEVELS = {0: "short", 1: "xiaohu", 2: "yijia", 4: "liangjia"}
COMPARISONS = (
    "beats",
    "lower",
    "equal",
    "other-colour",
    "other-suit",
    "other-shape",
    "not-a-play",
)


# -- helpers ---------------------------------------------------------------------------


#: the game's own queries, by name (the loader adds them to the shared ``QUERIES``)
OWN: dict[str, QueryFn] = {}


def play_cards(c: Ctx, text: str) -> tuple[str, ...]:
    """The cards of a play written as cards (tokens or names), an optional action kind
    first (``lead 66 45``)."""
    words = text.split()
    if words and words[0] in KINDS_OF_PLAY:
        words = words[1:]
    try:
        return tuple(c.game.parse_cards(" ".join(words)))
    except EngineError as exc:
        raise BadExercise(f"cannot read the play {text!r}: {exc.code}") from None


def compare(table: Sequence[str], challenger: Sequence[str]) -> str:
    """Why ``challenger`` does or does not beat ``table``: one of :data:`COMPARISONS`."""
    mine, theirs = classify(tuple(challenger)), classify(tuple(table))
    if mine is None or theirs is None:
        return "not-a-play"
    if mine.shape != theirs.shape:
        return "other-shape"
    if mine.suit != theirs.suit:
        both_dianzi = {mine.suit, theirs.suit} <= {"red", "black"}
        return "other-colour" if both_dianzi else "other-suit"
    if mine.rank > theirs.rank:
        return "beats"
    return "equal" if mine.rank == theirs.rank else "lower"


def _pile(c: Ctx, ex: Exercise) -> Analysis:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a laid-out pile (hand)")
    return c.game.analyze(c.holding, c.rules)


def level_tag(a: Analysis) -> str:
    level = int(a.extra.get("level", 0))
    if level == 0 and a.extra.get("tuoshou"):
        return "tuoshou"
    return LEVELS[level]


def _fan_cards(a: Analysis) -> tuple[str, ...]:
    return tuple(t for m in a.melds for t in m.cards)


def _arg(ex: Exercise, name: str) -> str:
    value = ex.query.args.get(name) if ex.query else None
    if not value:
        raise BadExercise(f"{ex.id}: the query needs its {name!r} argument")
    return str(value)


# -- counting a pile ---------------------------------------------------------------------


def _value(c: Ctx, ex: Exercise) -> Solution:
    a = _pile(c, ex)
    value = int(a.extra.get("value", 0))
    return Solution((str(value),), value, Proof(analysis=a), _fan_cards(a))


def _fan(c: Ctx, ex: Exercise) -> Solution:
    a = _pile(c, ex)
    fan = int(a.extra.get("fan", 0))
    lines = [ln for ln in a.count.lines if ln.code == "cp-tj-fan"] if a.count else []
    facts = (Reason(lines[-1].code, dict(lines[-1].params)),) if lines else ()  # the last fan
    return Solution((str(fan),), fan, Proof(analysis=a, facts=facts), _fan_cards(a))


def _level(c: Ctx, ex: Exercise) -> Solution:
    a = _pile(c, ex)
    tag = level_tag(a)
    right = tuple(ch.id for ch in ex.choices if ch.reason == tag)
    if not right:
        raise BadExercise(f"{ex.id}: no choice stands for the level {tag!r}")
    return Solution(right, tag, Proof(analysis=a))


# -- ranks and plays -----------------------------------------------------------------------


def _rank_order(c: Ctx, ex: Exercise) -> Solution:
    items: list[tuple[str, Play, tuple[str, ...]]] = []
    for ch in ex.choices:
        if not ch.action:
            raise BadExercise(f"{ex.id}: choice {ch.id} names no cards (action)")
        cards = play_cards(c, ch.action)
        p = classify(cards)
        if p is None:
            raise BadExercise(f"{ex.id}: choice {ch.id} is not a play")
        items.append((ch.id, p, cards))
    if len({(p.shape, p.suit) for _, p, _ in items}) != 1:
        raise BadExercise(f"{ex.id}: the plays to order are not of one shape and suit")
    if len({p.rank for _, p, _ in items}) != len(items):
        raise BadExercise(f"{ex.id}: two plays rank equal; their order is not defined")
    ranked = sorted(items, key=lambda it: -it[1].rank)
    order = tuple(cid for cid, _, _ in ranked)
    cards = tuple(t for _, _, cs in ranked for t in cs)
    return Solution((" ".join(order),), order, Proof(order=order), cards)


def _table_play(c: Ctx, ex: Exercise) -> tuple[str, ...]:
    if c.holding is None or not c.holding.hand:
        raise BadExercise(f"{ex.id}: show the play on the table as the hand")
    table = tuple(c.holding.hand)
    if classify(table) is None:
        raise BadExercise(f"{ex.id}: the cards shown are not a play")
    return table


def comparison_fact(table: Sequence[str], challenger: Sequence[str]) -> Reason:
    why = compare(table, challenger)
    return Reason(f"tj-fact-{why}", {"cards": list(challenger), "table_cards": list(table)})


def _beats(c: Ctx, ex: Exercise) -> Solution:
    table = _table_play(c, ex)
    right: list[str] = []
    facts: list[Reason] = []
    cards: list[str] = []
    for ch in ex.choices:
        if not ch.action:
            raise BadExercise(f"{ex.id}: choice {ch.id} names no cards (action)")
        mine = play_cards(c, ch.action)
        facts.append(comparison_fact(table, mine))
        if compare(table, mine) == "beats":
            right.append(ch.id)
            cards.extend(mine)
    if not right:
        raise BadExercise(f"{ex.id}: no choice beats the play shown")
    return Solution(tuple(right), tuple(right), Proof(facts=tuple(facts)), tuple(cards))


def _does_beat(c: Ctx, ex: Exercise) -> Solution:
    table = _table_play(c, ex)
    mine = play_cards(c, _arg(ex, "action"))
    why = compare(table, mine)
    proof = Proof(facts=(comparison_fact(table, mine),))
    sol = _true_false(ex, why == "beats", why, proof)
    return Solution(sol.accepted, sol.value, sol.proof, tuple(mine))


# -- positions -------------------------------------------------------------------------------


def _beaters(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    beats = [a for a in c.game.legal_actions(state, seat) if a.kind == "beat"]
    if not beats:
        raise BadExercise(f"{ex.id}: seat {seat} cannot beat the best play")
    order = _order_of(c.game)
    accepted = tuple(tokens_text(sorted(a.cards, key=order)) for a in beats)
    notes = tuple(ActionNote("", a, True, None, a.forced) for a in beats)
    cards = tuple(sorted({t for a in beats for t in a.cards}, key=order))
    return Solution(accepted, frozenset(accepted), Proof(notes=notes), cards)


def seen_by(state: TrickState, seat: int) -> Counter[str]:
    """Cards ``seat`` has seen for sure: its hand, every laid-out pile, the plays face up
    in the trick on the table and its own cover there."""
    seen = Counter(tokens_of(state.hands[seat]))
    for pile in state.piles:
        seen.update(pile)
    for s, cards, covered in state.trick:
        if not covered or s == seat:
            seen.update(cards)
    return seen


def _cards_left(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    card = play_cards(c, _arg(ex, "card"))
    if len(card) != 1:
        raise BadExercise(f"{ex.id}: name one card")
    tok = card[0]
    if tok in state.covered:
        raise BadExercise(f"{ex.id}: a {tok} was covered earlier; who knows it is unclear")
    in_hand = tokens_of(state.hands[seat]).count(tok)
    laid = sum(p.count(tok) for p in state.piles)
    table = sum(cs.count(tok) for s, cs, cov in state.trick if not cov or s == seat)
    left = COPIES - in_hand - laid - table
    fact = Reason(
        "tj-fact-cards-left",
        {"card": tok, "hand": in_hand, "laid": laid, "table": table, "left": left},
    )
    return Solution((str(left),), left, Proof(facts=(fact,)), (tok,))


def possible_beaters(unseen: Counter[str], lead: Play) -> list[tuple[str, ...]]:
    """Plays that beat ``lead`` and could be made from the ``unseen`` cards."""
    out: list[tuple[str, ...]] = []
    if lead.shape == "single":
        out = [(t,) for t in unseen if unseen[t] >= 1]
    elif lead.shape == "pair":
        out = [(t, t) for t in unseen if unseen[t] >= 2]
    elif lead.shape == "combo":
        out = [(top, m) for _, top, mates in COMBOS for m in mates if unseen[top] and unseen[m]]
    return [p for p in out if (q := classify(p)) is not None and q.beats(lead)]


def _sure(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    if state.trick:
        raise BadExercise(f"{ex.id}: the position must be a lead")
    wanted = Action("lead", seat, play_cards(c, _arg(ex, "action")))
    legal = resolve(c, state, wanted)
    if legal is None:
        raise BadExercise(f"{ex.id}: {wanted.text()} is not a legal lead")
    lead = classify(legal.cards)
    assert lead is not None
    seen = seen_by(state, seat)
    unseen = Counter({t: COPIES - seen[t] for t in SUIT if COPIES - seen[t] > 0})
    every = Counter(dict.fromkeys(SUIT, COPIES))
    if set(state.covered) & {t for p in possible_beaters(every, lead) for t in p}:
        raise BadExercise(f"{ex.id}: a card that could beat the lead was covered earlier")
    threats = possible_beaters(unseen, lead)
    threats.sort(key=rank_of, reverse=True)
    if threats:
        fact = Reason(
            "tj-fact-can-be-beaten", {"cards": list(legal.cards), "by_cards": list(threats[0])}
        )
    else:
        fact = Reason("tj-fact-sure", {"cards": list(legal.cards)})
    why = "can-be-beaten" if threats else "sure"
    sol = _true_false(ex, not threats, why, Proof(facts=(fact,)))
    return Solution(sol.accepted, sol.value, sol.proof, tuple(legal.cards))


def _score(c: Ctx, ex: Exercise) -> Solution:
    if c.state is None or c.seat is None:
        raise BadExercise(f"{ex.id}: the query needs a finished position and a seat")
    out = c.game.outcome(c.state)
    if out is None:
        raise BadExercise(f"{ex.id}: the deal is not over")
    score = int(out.scores[c.seat])
    fact = Reason("tj-fact-score", {"seat": c.seat, "score": score})
    analysis = None
    if out.winner is not None:
        held = c.game.seat_holding(c.state, out.winner)
        analysis = c.game.analyze(held, c.rules) if held is not None else None
    return Solution((str(score),), score, Proof(analysis=analysis, facts=(fact,)))


OWN.update(
    {
        PREFIX + "value": _value,
        PREFIX + "fan": _fan,
        PREFIX + "level": _level,
        PREFIX + "rank-order": _rank_order,
        PREFIX + "beats": _beats,
        PREFIX + "does-beat": _does_beat,
        PREFIX + "beaters": _beaters,
        PREFIX + "cards-left": _cards_left,
        PREFIX + "sure": _sure,
        PREFIX + "score": _score,
    }
)


# -- classes of cards ------------------------------------------------------------------------

CLASSES: dict[str, frozenset[str]] = {
    "civil": frozenset(t for t, s in SUIT.items() if s == "civil"),
    "dianzi": frozenset(t for t, s in SUIT.items() if s in ("red", "black")),
    "red": frozenset(t for t, s in SUIT.items() if s == "red"),
    "black": frozenset(t for t, s in SUIT.items() if s == "black"),
    "hard": frozenset(HARD),
    "red-card": RED_CARDS,
    "combo-top": frozenset(top for _, top, _ in COMBOS),
}
"""Classes a learner picks from a hand: zhengmen (``civil``), dianzi (``dianzi``; ``red`` and
``black``), yingzhang (``hard``), the hongpai of fan (``red-card``), the cards that head a
combination (``combo-top``: tian, di, ren, he)."""


def _cards_of(c: Ctx, ex: Exercise) -> Solution:
    if c.holding is None:
        raise BadExercise(f"{ex.id}: the query needs a hand")
    kind = _arg(ex, "kind")
    if kind not in CLASSES:
        raise BadExercise(f"{ex.id}: no class of cards {kind!r}")
    cards = sorted((t for t in c.holding.hand if t in CLASSES[kind]), key=_order_of(c.game))
    if not cards:
        raise BadExercise(f"{ex.id}: the hand holds no card of class {kind!r}")
    return Solution((tokens_text(cards),), Counter(cards), Proof(), tuple(cards))


OWN[PREFIX + "cards-of"] = _cards_of


# -- positions: the best play so far, the first lead ------------------------------------------


def best_play(state: TrickState) -> tuple[str, ...]:
    """The best play of the trick on the table (``()`` at a lead)."""
    if not state.trick or state.best is None:
        return ()
    return tuple(state.trick[state.best][1])


def _beats_best(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    best = best_play(state)
    if not best:
        raise BadExercise(f"{ex.id}: the position must have a play on the table")
    mine = play_cards(c, _arg(ex, "action"))
    if Counter(mine) - Counter(tokens_of(state.hands[seat])):
        raise BadExercise(f"{ex.id}: {' '.join(mine)} is not in the hand of seat {seat}")
    why = compare(best, mine)
    sol = _true_false(ex, why == "beats", why, Proof(facts=(comparison_fact(best, mine),)))
    return Solution(sol.accepted, sol.value, sol.proof, tuple(mine) + best)


def first_lead(state: TrickState, seat: int) -> bool:
    """Is it ``seat``'s lead, the first of the deal?"""
    return (
        state.phase == "play"
        and not state.trick
        and state.tricks_done == 0
        and state.turn == seat == state.dealer
    )


def _no_baopai(c: Ctx, ex: Exercise) -> Solution:
    state, seat = _state(c, ex)
    if not first_lead(state, seat):
        raise BadExercise(f"{ex.id}: the position must be the deal's first lead")
    notes = action_notes(c, ex)
    right = tuple(n.choice for n in notes if n.legal and not n.action.params.get("baopai"))
    if not right:
        raise BadExercise(f"{ex.id}: every choice makes the leader baopai or is refused")
    facts = tuple(
        Reason(
            "tj-fact-baopai" if n.action.params.get("baopai") else "tj-fact-no-baopai",
            {"cards": list(n.action.cards)},
        )
        for n in notes
        if n.legal
    )
    cards = tuple(t for n in notes if n.choice in right for t in n.action.cards)
    return Solution(right, right, Proof(notes=notes, facts=facts), cards)


OWN[PREFIX + "beats-best"] = _beats_best
OWN[PREFIX + "no-baopai"] = _no_baopai
