"""Misconceptions of chuanpai: the catalog and the diagnosis (buggy models).

Each model recomputes the answer a learner holding one wrong belief would give, from
the engine's own answer (the arrangement it counted, the legal actions and their
obligations, the qitou case), and names the belief whose answer equals the learner's,
with the exact group, card or count:

- counting: a jier of 10 counted as 1 hu or a jier of 20 as 0, an and peng swapped, qi
  taken for liang/kang (or back), the jingpai group not multiplied by ten, a jingpai jier read at
  the wrong sum, the base added to the hu or left out of the payment, one payment
  given for all of them (or back), a legal but poorer arrangement;
- cards: one end of the card read as its points, the red fours, red pips elsewhere;
- jier: three cards as a sum, two alike as a pair, the 20s or the same-point faces
  or the jingpai left out of the partners and waits, two jingpai together, a jingpai with two
  alike cards;
- the table: a tied card discarded, a lone card not eating, a group not laid at once,
  qi or hepai not taken when forced, a guopai kept, qitou read the wrong way, the jing an
  thought compulsory, a bai by an extra seat, claims served in plain seat order.

What no model explains falls back to the shared codes (:mod:`.__init__`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX, JING, KINDS, POINTS, counts_of
from app.engine.chuanpai.melds import Meld, jier_sum
from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception
from app.learning.verdict import ActionNote, Solution
from app.teaching.chuanpai.queries import group_word

GAME = "chuanpai"
L1, L2, L3 = "chuanpai-01-cards", "chuanpai-02-jier", "chuanpai-03-groups"
L4, L5, L6 = "chuanpai-04-turn", "chuanpai-05-forced", "chuanpai-06-qitou-guo"
L7, L8, L9 = "chuanpai-07-going-out", "chuanpai-08-counting", "chuanpai-09-variants"
Q = "quiz.chuanpai"  # the quiz items (content/quizzes/chuanpai.yaml)

CATALOG: tuple[Misconception, ...] = (
    # reading the cards
    Misconception("mc-cp-pips-one-end", "cards", f"{L1}#dice"),
    Misconception("mc-cp-red-fours", "cards", f"{L1}#red"),
    Misconception("mc-cp-red-pips", "cards", f"{L1}#tian-di-ren"),
    Misconception("mc-cp-name-fixed", "cards", f"{L1}#clashes"),
    Misconception("mc-cp-name-jing", "cards", f"{L1}#jing"),
    # jier
    Misconception("mc-cp-three-card-sum", "jier", f"{L2}#two-only"),
    Misconception("mc-cp-alike-not-jier", "jier", f"{L2}#sums"),
    Misconception("mc-cp-missed-20", "jier", f"{L2}#sums"),
    Misconception("mc-cp-same-pips", "jier", f"{L2}#what"),
    # jingpai
    Misconception("mc-cp-forgot-jing", "jing", f"{L2}#jing"),
    Misconception("mc-cp-two-jing", "jing", f"{L2}#jing"),
    Misconception("mc-cp-jing-jier-value", "jing", f"{L2}#jing-value"),
    Misconception("mc-cp-jing-with-alike", "jing", f"{L3}#jing-no-three"),
    Misconception("mc-cp-jing-group-optional", "jing", f"{L5}#jing-forced"),
    Misconception("mc-cp-jing-not-x10", "counting", f"{L8}#jing-count"),
    # counting and settlement
    Misconception("mc-cp-jier-10-counts", "counting", f"{L8}#table"),
    Misconception("mc-cp-jier-20-forgot", "counting", f"{L8}#table"),
    Misconception("mc-cp-an-peng-swapped", "counting", f"{L8}#table"),
    Misconception("mc-cp-four-values", "counting", f"{L8}#table"),
    Misconception("mc-cp-group-values", "counting", f"{L8}#table"),
    Misconception("mc-cp-not-best", "counting", f"{L8}#best"),
    Misconception("mc-cp-base-in-points", "counting", f"{L8}#settlement"),
    Misconception("mc-cp-forgot-base", "settlement", f"{L8}#settlement"),
    Misconception("mc-cp-each-or-all", "settlement", f"{L8}#settlement"),
    Misconception("mc-cp-discarder-pays", "settlement", f"{L7}#others-lose"),
    # groups and the turn
    Misconception("mc-cp-tou-count", "groups", f"{L3}#tou"),
    Misconception("mc-cp-turned-card-own", "groups", f"{L4}#turned"),
    Misconception("mc-cp-seat-order-only", "groups", f"{L4}#priority"),
    Misconception("mc-cp-turner-first", "groups", f"{L4}#priority"),
    Misconception("mc-cp-turned-card-dead", "groups", f"{L4}#turned"),
    Misconception("mc-cp-dead-ends-deal", "groups", f"{L4}#dead"),
    Misconception("mc-cp-next-seat-discards", "groups", f"{L4}#discard"),
    Misconception("mc-cp-dealer-discards", "groups", f"{L4}#discard"),
    # what is forced
    Misconception("mc-cp-split-jier", "forced", f"{L5}#no-split"),
    Misconception("mc-cp-must-eat", "forced", f"{L5}#must-eat"),
    Misconception("mc-cp-tied-no-duty", "forced", f"{L5}#tied"),
    Misconception("mc-cp-group-at-once", "forced", f"{L5}#peng-an"),
    Misconception("mc-cp-qi-forced", "forced", f"{L5}#qi"),
    Misconception("mc-cp-extra-seat-bai", "forced", f"{L9}#five"),
    # qitou and guopai
    Misconception("mc-cp-qitou-optional", "qitou", f"{L6}#qitou"),
    Misconception("mc-cp-qitou-forced", "qitou", f"{L6}#qitou"),
    Misconception("mc-cp-guopai", "guo", f"{L6}#guo"),
    Misconception("mc-cp-guo-missed", "guo", f"{L6}#guo"),
    Misconception("mc-cp-guo-missed-jing", "guo", f"{L6}#guo-foul"),
    Misconception("mc-cp-guo-imagined", "guo", f"{L6}#guo"),
    Misconception("mc-cp-guo-blocks-hu", "going-out", f"{L6}#guo-foul"),
    # going out
    Misconception("mc-cp-not-complete", "going-out", f"{L7}#going-out"),
    Misconception("mc-cp-hu-forced", "going-out", f"{L7}#others-lose"),
    Misconception("mc-cp-sixteen-cards", "going-out", f"{L7}#going-out"),
    Misconception("mc-cp-dealer-goes-out", "going-out", f"{L7}#going-out"),
    Misconception("mc-cp-missed-complete", "going-out", f"{L7}#going-out"),
    Misconception("mc-cp-bai-not-out", "going-out", f"{L4}#bai"),
    Misconception("mc-cp-bai-leaves-some", "going-out", f"{L4}#bai"),
)

#: engine reason code of a refused action → misconception code
REASONS: dict[str, str] = {
    "cp-split-jier": "mc-cp-split-jier",
    "cp-must-take": "mc-cp-must-eat",
    "cp-must-group": "mc-cp-group-at-once",
    "cp-must-guo": "mc-cp-guopai",
    "cp-guo-not-laid": "mc-cp-guopai",
    "cp-extra-seat-no-bai": "mc-cp-extra-seat-bai",
    "cp-not-complete": "mc-cp-not-complete",
}

#: (code, exercise id, wrong answer): one real wrong answer per code, judged in the tests
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("mc-cp-pips-one-end", f"{L1}.pips-ex", "4"),
    ("mc-cp-red-fours", f"{L1}.red-ex", "14 66"),
    ("mc-cp-red-pips", f"{L1}.red-ex", "14 34 44"),
    ("mc-cp-name-fixed", f"{L1}.names-ex", "a"),
    ("mc-cp-name-jing", f"{L1}.names-ex", "c"),
    ("mc-cp-three-card-sum", f"{L2}.trio-ex", "true ok"),
    ("mc-cp-alike-not-jier", f"{L2}.partners-ex", "11 26"),
    ("mc-cp-missed-20", f"{L2}.partners-ex", "11"),
    ("mc-cp-same-pips", f"{L2}.partners-ex2", "26"),
    ("mc-cp-forgot-jing", f"{L2}.waits-ex", "26 35 44"),
    ("mc-cp-two-jing", f"{L2}.jing-ex", "true ok"),
    ("mc-cp-jing-jier-value", f"{L2}.count-ex", "4"),
    ("mc-cp-jing-with-alike", f"{L3}.jing-ex", "true ok"),
    ("mc-cp-jing-group-optional", f"{L5}.jing-ex", "false must"),
    ("mc-cp-jing-not-x10", f"{L8}.count-ex3", "6"),
    ("mc-cp-jier-10-counts", f"{L2}.count-ex", "5"),
    ("mc-cp-jier-20-forgot", f"{L2}.count-ex", "0"),
    ("mc-cp-an-peng-swapped", f"{L8}.count-ex1", "13"),
    ("mc-cp-four-values", f"{L8}.count-ex2", "15"),
    ("mc-cp-group-values", f"{L8}.rank-ex", "jing an qi peng jier"),
    ("mc-cp-not-best", f"{L8}.best-ex", "4"),
    ("mc-cp-base-in-points", f"{L8}.count-ex1", "12"),
    ("mc-cp-forgot-base", f"{L8}.settle-ex", "5"),
    ("mc-cp-each-or-all", f"{L8}.settle-ex", "18"),
    ("mc-cp-discarder-pays", f"{L7}.discarder-ex", "all"),
    ("mc-cp-tou-count", f"{L3}.tou-ex", "1"),
    ("mc-cp-turned-card-own", f"{L4}.turned-ex", "own"),
    ("mc-cp-turned-card-dead", f"{L4}.turned-ex", "dead"),
    ("mc-cp-dead-ends-deal", "chuanpai.demo-dead-card", "end"),
    ("mc-cp-next-seat-discards", "chuanpai.demo-after-bai", "next"),
    ("mc-cp-dealer-discards", "chuanpai.demo-after-bai", "dealer"),
    ("mc-cp-seat-order-only", f"{L4}.priority-ex", "right left you"),
    ("mc-cp-split-jier", f"{L5}.discard-ex", "a"),
    ("mc-cp-must-eat", f"{L5}.must-eat-ex", "pass"),
    ("mc-cp-tied-no-duty", f"{L5}.tied", "false must"),
    ("mc-cp-group-at-once", f"{L4}.lay-ex", "done"),
    ("mc-cp-qi-forced", f"{L5}.qi-ex", "pass"),
    ("mc-cp-extra-seat-bai", f"{L9}.extra-ex", "true can"),
    ("mc-cp-qitou-optional", f"{L6}.level-ex", "false bad"),
    ("mc-cp-qitou-forced", f"{L6}.bad-ex", "true level"),
    ("mc-cp-guopai", f"{L6}.guo-ex", "keep"),
    ("mc-cp-not-complete", f"{L7}.hu-legal-ex", "true can"),
    ("mc-cp-hu-forced", f"{L7}.hu-ex", "discard"),
    ("mc-cp-sixteen-cards", f"{L7}.sixteen-ex", "sixteen"),
    ("mc-cp-dealer-goes-out", f"{L7}.sixteen-ex", "dealer"),
    ("mc-cp-guo-missed", f"{Q}.table.guo-pairs", "false no-pair"),
    ("mc-cp-guo-missed-jing", f"{Q}.table.guo-jing", "false no-pair"),
    ("mc-cp-guo-imagined", f"{Q}.table.guo-no-pair", "true pairs"),
    ("mc-cp-guo-blocks-hu", f"{Q}.winning.guo-blocks", "true right"),
    ("mc-cp-missed-complete", f"{Q}.winning.complete", "false not-yet"),
    ("mc-cp-bai-not-out", f"{Q}.winning.bai-out", "a"),
    ("mc-cp-bai-leaves-some", f"{Q}.winning.bai-out", "b"),
    ("mc-cp-turner-first", f"{Q}.table.priority-turned", "right across left you"),
)

#: the group kinds in the words of the table (both languages use the Chinese term)
GROUP_WORDS = {
    kind: group_word(kind) for kind in ("jier", "an", "peng", "yan", "liang", "qi", "kang")
}


def _int(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None


def _meld(kind: str, cards: Sequence[str]) -> Meld:
    return Meld.make(kind, tuple(cards))


# -- counting ---------------------------------------------------------------------------


def count_models(melds: Sequence[Meld], right: int, given: int) -> Reason | None:
    """The belief that turns the engine's count ``right`` of ``melds`` into ``given``."""
    jier = [m for m in melds if m.kind == "jier"]
    jing_jier = [m for m in jier if any(c in JING for c in m.cards)]
    n20 = sum(1 for m in jier if m.points)
    n10 = len(jier) - n20
    j20 = sum(1 for m in jing_jier if m.points)
    j10 = len(jing_jier) - j20
    jing_groups = [m for m in melds if m.jing]
    plain = [m for m in melds if m.kind != "jier" and not m.jing]
    by_kind = Counter(m.kind for m in plain)

    if jing_groups and given == right - sum(m.points - m.points // 10 for m in jing_groups):
        g = jing_groups[0]
        return Reason(
            "mc-cp-jing-not-x10",
            {"group": GROUP_WORDS[g.kind], "cards": list(g.cards), "each": g.points},
        )
    if jing_jier and (j10 and given == right + j10 or j20 and given == right - j20):
        m = jing_jier[0]
        partner = next(c for c in m.cards if c not in JING)
        return Reason("mc-cp-jing-jier-value", {"card": partner, "points": POINTS[INDEX[partner]]})
    if n10 and given == right + n10:
        return Reason("mc-cp-jier-10-counts", {"count": n10})
    if n20 and given == right - n20:
        return Reason("mc-cp-jier-20-forgot", {"count": n20})
    if by_kind["peng"] != by_kind["an"] and given == right + by_kind["peng"] - by_kind["an"]:
        return Reason("mc-cp-an-peng-swapped", {"peng": by_kind["peng"], "an": by_kind["an"]})
    fours = by_kind["liang"] + by_kind["kang"]
    if by_kind["qi"] and given == right + 2 * by_kind["qi"]:
        return Reason("mc-cp-four-values", {"group": GROUP_WORDS["qi"], "each": 5})
    if fours and given == right - 2 * fours:
        return Reason(
            "mc-cp-four-values",
            {"group": GROUP_WORDS["liang" if by_kind["liang"] else "kang"], "each": 7},
        )
    if given == right + 1:
        return Reason("mc-cp-base-in-points", {})
    return None


def other_arrangements(ex: Exercise) -> set[int]:
    """Every count of a legal but not best arrangement of the concealed cards (plus the
    groups on the table)."""
    from app.learning.queries import read

    c = read(ex)
    if c.holding is None or not c.holding.hand:
        return set()
    counts = tuple(counts_of(c.holding.hand))
    laid = sum(_meld(m.kind, m.cards).points for m in c.holding.melds)
    scores = {choice[0] + laid for choice in an._choices(counts, c.rules.jing)}
    best = an.best_arrangement(counts, c.rules.jing)
    if best is not None:
        scores.discard(best.points + laid)
    return scores


def _melds_of(sol: Solution) -> list[Meld]:
    a = sol.proof.analysis
    return [_meld(m.kind, m.cards) for m in a.melds] if a is not None else []


def _points(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    found = count_models(_melds_of(sol), int(sol.value), given)
    if found is not None:
        return found
    if given in other_arrangements(ex):
        return Reason("mc-cp-not-best", {"given": given})
    return None


def _settlement(ex: Exercise, sol: Solution, given: int, collect: bool) -> Reason | None:
    """What one loser pays (``collect`` False) or what the winner collects (True)."""
    from app.learning.queries import read

    a = sol.proof.analysis
    points = a.points if a is not None and a.points is not None else 0
    losers = read(ex).rules.players - 1
    each = points + 1
    if given == (each if collect else losers * each):
        return Reason("mc-cp-each-or-all", {"losers": losers})
    if given == (losers * points if collect else points):
        return Reason("mc-cp-forgot-base", {})
    if collect:
        if given % losers:
            return None
        given //= losers
    found = count_models(_melds_of(sol), points, given - 1)
    return None if found is None or found.code == "mc-cp-base-in-points" else found


def _number(ex: Exercise, sol: Solution, answer: str, q: str) -> Reason | None:
    given = _int(answer)
    if given is None:
        return None
    if q == "points":
        return _points(ex, sol, given)
    if q == "chuanpai:settlement":
        return _settlement(ex, sol, given, collect=False)
    if q == "chuanpai:collect":
        return _settlement(ex, sol, given, collect=True)
    if q == "chuanpai:pips":
        card = sol.highlight[0] if sol.highlight else ""
        if card and given in (int(card[0]), int(card[1])):
            return Reason("mc-cp-pips-one-end", {"card": card, "a": card[0], "b": card[1]})
    if q == "chuanpai:tou":
        kind = str(ex.query.args.get("kind", "")) if ex.query else ""
        return Reason("mc-cp-tou-count", {"group": GROUP_WORDS.get(kind, kind)})
    return None


# -- picking cards ----------------------------------------------------------------------


def _lone_points(ex: Exercise) -> list[int]:
    """Points of the spare (unpaired) cards of the shown hand."""
    from app.learning.queries import read

    c = read(ex)
    if c.holding is None:
        return []
    counts = tuple(counts_of(c.holding.hand))
    return [POINTS[k] for k in an.spare_kinds(counts) if KINDS[k] not in JING]


def _missing_partners(ex: Exercise, q: str, picked: set[str], missing: set[str]) -> Reason | None:
    faces = sorted(missing, key=INDEX.__getitem__)
    if missing <= set(JING):
        return Reason("mc-cp-forgot-jing", {"cards": faces})
    if missing & set(JING):
        return None
    picked_points = {POINTS[INDEX[t]] for t in picked if t not in JING}
    if all(POINTS[INDEX[m]] in picked_points for m in missing):
        return Reason("mc-cp-same-pips", {"cards": faces})
    if q in ("chuanpai:partners", "chuanpai:pairs-with"):
        card = _asked_card(ex)
        lone = [POINTS[INDEX[card]]] if card in INDEX and card not in JING else []
    else:
        lone = _lone_points(ex)
    if lone and all(
        any(POINTS[INDEX[m]] + p == 20 for p in lone)
        and not any(POINTS[INDEX[m]] + p == 10 for p in lone)
        for m in missing
    ):
        return Reason("mc-cp-missed-20", {"cards": faces})
    return None


def _asked_card(ex: Exercise) -> str:
    """The card a partners question is about: ``args.card``, else the open card."""
    card = str(ex.query.args.get("card", "")) if ex.query else ""
    if card or not ex.setup.position:
        return card
    from app.learning.queries import read

    state = read(ex).state
    return str(state.open_card or "") if state is not None else ""


def _pick(ex: Exercise, sol: Solution, answer: str, q: str) -> Reason | None:
    given = answer.split()
    right = sol.shown.split()
    if q in ("waits", "chuanpai:partners", "chuanpai:pairs-with"):
        picked, wanted = set(given), set(right)
        extra, missing = picked - wanted, wanted - picked
        card = _asked_card(ex)
        if q != "waits" and card in extra:
            return Reason("mc-cp-alike-not-jier", {"card": card})
        if missing and not extra:
            return _missing_partners(ex, q, picked, missing)
        return None
    if q == "chuanpai:red":
        g, r = Counter(given), Counter(right)
        lacking = sorted((r - g).elements(), key=INDEX.__getitem__)
        too_many = sorted((g - r).elements(), key=INDEX.__getitem__)
        fours = [t for t in lacking if "4" in t and "1" not in t]
        if lacking and not too_many and fours == lacking:
            return Reason("mc-cp-red-fours", {"cards": lacking})
        wrong = sorted(lacking + too_many, key=INDEX.__getitem__)
        return Reason("mc-cp-red-pips", {"cards": wrong})
    if q == "chuanpai:spare":
        from app.learning.queries import read

        c = read(ex)
        counts = tuple(counts_of(c.holding.hand)) if c.holding else ()
        spare = set(an.spare_kinds(counts)) if counts else set()
        for t in given:
            if t in INDEX and counts and counts[INDEX[t]] and INDEX[t] not in spare:
                return Reason("mc-cp-split-jier", {"card": t})
    return None


# -- true or false ----------------------------------------------------------------------


def win_models(counts: tuple[int, ...], with_jing: bool) -> Reason | None:
    """Why someone would take these concealed cards for a finished hand."""
    hand = [KINDS[k] for k in range(len(counts)) for _ in range(counts[k])]

    def rest_complete(removed: Sequence[str]) -> bool:
        left = list(counts)
        for t in removed:
            left[INDEX[t]] -= 1
        return min(left) >= 0 and an.is_complete(tuple(left), with_jing)

    faces = sorted({t for t in hand if t not in JING}, key=INDEX.__getitem__)
    for trio in itertools.combinations_with_replacement(faces, 3):
        if Counter(trio) - Counter(hand):
            continue
        if sum(POINTS[INDEX[t]] for t in trio) in (10, 20) and rest_complete(trio):
            return Reason("mc-cp-three-card-sum", {"cards": list(trio)})
    if "cs" in hand and "ty" in hand and rest_complete(("cs", "ty")):
        return Reason("mc-cp-two-jing", {})
    for j in JING:
        for f in faces:
            if j in hand and f != "12" and hand.count(f) >= 2 and rest_complete((j, f, f)):
                return Reason("mc-cp-jing-with-alike", {"cards": [f, f, j]})
    for f in faces:
        if hand.count(f) >= 2 and jier_sum(f, f) is None and rest_complete((f, f)):
            return Reason("mc-cp-alike-not-jier", {"card": f})
    return None


def _decline_belief(ex: Exercise, note: ActionNote) -> Reason | None:
    """A legal pass/done judged illegal: which group the learner thought compulsory."""
    from app.learning.queries import read

    c = read(ex)
    if c.state is None:
        return None
    legal = c.game.legal_actions(c.state, note.action.seat)
    for a in legal:
        if a.forced or a.kind in ("pass", "done"):
            continue
        if any(t in JING for t in a.cards) and a.kind in ("an", "peng"):
            return Reason("mc-cp-jing-group-optional", {"cards": list(a.cards)})
        if a.kind in ("an", "peng", "kang", "liang"):
            return Reason("mc-cp-qitou-optional", {"card": a.cards[0]})
        if a.kind == "bai":
            return Reason("mc-cp-tied-no-duty", {"card": a.cards[0], "taken_card": a.cards[1]})
    return None


def _guo_belief(sol: Solution, right: str) -> Reason | None:
    """A tou card judged the wrong way: a guopai missed (by its pips or as a jingpai), or one
    imagined."""
    fact = sol.proof.facts[0] if sol.proof.facts else None
    if fact is None:
        return None
    params = dict(fact.params)
    card = str(params.get("card", ""))
    if right == "true" and fact.code == "fact-cp-guo-jing":
        return Reason("mc-cp-guo-missed-jing", {"card": card})
    if right == "true":
        return Reason("mc-cp-guo-missed", {"card": card, "dead": params.get("dead", "")})
    points = params.get("points", POINTS[INDEX[card]] if card in INDEX else "")
    return Reason("mc-cp-guo-imagined", {"card": card, "points": points})


def _hu_belief(ex: Exercise, note: ActionNote) -> Reason | None:
    """Going out judged the wrong way: a complete hand not seen, or a guopai forgotten."""
    from app.learning.queries import read

    if note.legal:
        return Reason("mc-cp-missed-complete", {})
    c = read(ex)
    if c.state is not None and note.reason is not None and note.reason.code == "cp-not-complete":
        me = c.state.seats[note.action.seat]
        if me.guo and an.is_complete(me.hand, c.rules.jing):
            return Reason("mc-cp-guo-blocks-hu", {"cards": list(me.guo)})
    if note.reason is not None and note.reason.code in REASONS:
        return _refusal(ex, note)
    return None


def _truth(ex: Exercise, sol: Solution, answer: str, q: str) -> Reason | None:
    truth = answer.split()[0] if answer.split() else ""
    right = sol.shown.split()[0] if sol.shown else ""
    if truth == right:
        return None
    if q == "win" and truth == "true":
        from app.learning.queries import read

        c = read(ex)
        if c.holding is None:
            return None
        return win_models(tuple(counts_of(c.holding.hand)), c.rules.jing)
    if q == "chuanpai:optional":
        card = str(ex.query.args.get("card", "")) if ex.query else ""
        code = "mc-cp-qitou-optional" if right == "true" else "mc-cp-qitou-forced"
        return Reason(code, {"card": card})
    if q == "chuanpai:guo-card":
        return _guo_belief(sol, right)
    if q == "is-legal" and sol.proof.notes:
        note = sol.proof.notes[0]
        if note.action.kind == "hu":
            return _hu_belief(ex, note)
        if note.legal:
            return _decline_belief(ex, note)
        if note.reason is not None and note.reason.code in REASONS:
            return _refusal(ex, note)
    return None


# -- choosing an action -----------------------------------------------------------------


def _refusal(ex: Exercise, note: ActionNote) -> Reason:
    """An action the rules refuse, named by the obligation it breaks."""
    assert note.reason is not None
    code, params = note.reason.code, dict(note.reason.params)
    if code == "cp-must-group":
        group = GROUP_WORDS.get(str(params.get("kind")), str(params.get("kind")))
        if params.get("kind") == "qi":
            return Reason("mc-cp-qi-forced", {"cards": params.get("cards", [])})
        return Reason("mc-cp-group-at-once", {"group": group, "cards": params.get("cards", [])})
    if code == "cp-must-take":
        forced = _forced_here(ex, note.action.seat)
        if forced is not None and forced.kind == "qi":
            return Reason("mc-cp-qi-forced", {"cards": list(forced.cards)})
        if forced is not None and forced.kind in ("peng", "kang"):
            return Reason("mc-cp-qitou-forced", {"card": forced.cards[0]})
        if forced is not None and forced.kind == "yan":
            return Reason(
                "mc-cp-group-at-once", {"group": GROUP_WORDS["yan"], "cards": list(forced.cards)}
            )
        own = forced.cards[0] if forced is not None and forced.cards else ""
        return Reason("mc-cp-must-eat", {"card": own, "taken_card": params.get("card", "")})
    if code in ("cp-must-guo", "cp-guo-not-laid"):
        return Reason("mc-cp-guopai", {"card": params.get("card", "")})
    return Reason(REASONS[code], {"action": note.action.text(), **params})


def _forced_here(ex: Exercise, seat: int) -> Action | None:
    from app.learning.queries import read

    c = read(ex)
    if c.state is None:
        return None
    forced = [a for a in c.game.legal_actions(c.state, seat) if a.forced]
    return forced[0] if forced else None


def _missed_forced(forced: Action) -> Reason | None:
    kind = forced.kind
    if kind == "hu":
        return Reason("mc-cp-hu-forced", {})
    if kind == "qi":
        return Reason("mc-cp-qi-forced", {"cards": list(forced.cards)})
    if kind == "guo":
        return Reason("mc-cp-guopai", {"card": forced.cards[0]})
    if kind == "bai":
        return Reason("mc-cp-must-eat", {"card": forced.cards[0], "taken_card": forced.cards[1]})
    if kind in ("an", "yan", "liang"):
        return Reason(
            "mc-cp-group-at-once", {"group": GROUP_WORDS[kind], "cards": list(forced.cards)}
        )
    if kind in ("peng", "kang"):
        return Reason("mc-cp-qitou-forced", {"card": forced.cards[0]})
    return None


def _jing_with_alike(a: Action) -> bool:
    """A group of three from a jingpai and two alike ordinary cards (not the guaizi)."""
    plain = [c for c in a.cards if c not in JING]
    return (
        a.kind in ("an", "peng")
        and len(a.cards) == 3
        and len(plain) == 2
        and plain[0] == plain[1] != "12"
    )


def _action(ex: Exercise, sol: Solution, answer: str, q: str) -> Reason | None:
    note = next((n for n in sol.proof.notes if n.choice == answer.strip()), None)
    if note is None:
        return None
    if not note.legal and _jing_with_alike(note.action):
        cards = sorted(note.action.cards, key=INDEX.__getitem__)
        return Reason("mc-cp-jing-with-alike", {"cards": cards})
    if not note.legal and note.reason is not None and note.reason.code in REASONS:
        return _refusal(ex, note)
    forced = [n for n in sol.proof.notes if n.choice in sol.accepted]
    if q == "forced" and forced:
        return _missed_forced(forced[0].action)
    if q == "chuanpai:goes-out" and note.legal:
        if note.action.kind == "qi":
            return Reason("mc-cp-qi-forced", {"cards": list(note.action.cards)})
        for fact in sol.proof.consequences:
            if sorted(fact.params.get("cards", ())) == sorted(note.action.cards):
                some = fact.code == "fact-cp-bai-stuck-some"
                return Reason(
                    "mc-cp-bai-leaves-some" if some else "mc-cp-bai-not-out", dict(fact.params)
                )
    return None


# -- order ------------------------------------------------------------------------------


def _seat_order(ex: Exercise) -> list[str]:
    """The claims in plain seat order from the card's source (tiers ignored)."""
    from app.learning.queries import read

    c = read(ex)
    st = c.state
    if st is None:
        return []
    n = len(st.seats)
    start = st.source if st.flipped else st.source + 1
    rank = {(start + i) % n: i for i in range(n)}
    seats = []
    for ch in ex.choices:
        seat_text, _, _ = (ch.action or "").partition(":")
        if seat_text.strip().isdigit():
            seats.append((rank[int(seat_text)], ch.id))
    return [cid for _, cid in sorted(seats)]


def _plain(m: Meld, values: dict[str, int]) -> int:
    return m.points if m.jing else values.get(m.kind, m.points)


#: beliefs about the worth of a group: (code, params, the group's value under the belief)
RANK_BELIEFS: tuple[tuple[str, dict[str, object], Callable[[Meld], int]], ...] = (
    ("mc-cp-jing-not-x10", {}, lambda m: m.points // 10 if m.jing else m.points),
    ("mc-cp-an-peng-swapped", {}, lambda m: _plain(m, {"an": 2, "peng": 3})),
    ("mc-cp-four-values", {}, lambda m: _plain(m, {"qi": 7, "liang": 5, "kang": 5})),
    ("mc-cp-jier-10-counts", {}, lambda m: 1 if m.kind == "jier" else m.points),
)


def _ranking(ex: Exercise, answer: str) -> Reason:
    """Groups ranked by hu: the belief under which the learner's order is right."""
    groups = {}
    for ch in ex.choices:
        a = Action.parse(ch.action or "", 0)
        groups[ch.id] = _meld(a.kind, a.cards)
    order = [groups[i] for i in answer.split() if i in groups]
    for code, params, value in RANK_BELIEFS:
        if not any(value(m) != m.points for m in order):
            continue
        values = [value(m) for m in order]
        if all(x >= y for x, y in itertools.pairwise(values)):
            return Reason(code, _rank_params(code, order, params))
    return Reason("mc-cp-group-values", {})


def _rank_params(code: str, order: list[Meld], params: dict[str, object]) -> dict[str, object]:
    if code == "mc-cp-jing-not-x10":
        g = next(m for m in order if m.jing)
        return {"group": GROUP_WORDS[g.kind], "cards": list(g.cards), "each": g.points}
    if code == "mc-cp-an-peng-swapped":
        kinds = Counter(m.kind for m in order)
        return {"peng": kinds["peng"], "an": kinds["an"]}
    if code == "mc-cp-four-values":
        g = next(m for m in order if m.kind in ("qi", "liang", "kang"))
        return {"group": GROUP_WORDS[g.kind], "each": g.points}
    if code == "mc-cp-jier-10-counts":
        return {"count": sum(1 for m in order if m.kind == "jier" and not m.points)}
    return dict(params)


def _turner_last(ex: Exercise) -> list[str]:
    """The claims of a turned card ordered as if it had been discarded: groups first,
    then bai, each from the seat after the one who turned it (which comes last)."""
    from app.learning.queries import read

    st = read(ex).state
    if st is None or not st.flipped:
        return []
    n = len(st.seats)
    ranked = []
    for ch in ex.choices:
        seat_text, _, act = (ch.action or "").partition(":")
        if not seat_text.strip().isdigit() or not act.split():
            return []
        tier = 1 if act.split()[0] == "bai" else 0
        ranked.append(((tier, (int(seat_text) - st.source - 1) % n), ch.id))
    return [cid for _, cid in sorted(ranked)]


def _order(ex: Exercise, sol: Solution, answer: str, q: str) -> Reason | None:
    if q in ("priority", "chuanpai:claims") and answer.split() == _seat_order(ex):
        return Reason("mc-cp-seat-order-only", {})
    if q == "chuanpai:claims" and answer.split() == _turner_last(ex):
        return Reason("mc-cp-turner-first", {})
    if q == "chuanpai:by-points":
        return _ranking(ex, answer)
    return None


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    q = ex.query.name if ex.query is not None else ""
    if ex.kind == "number":
        return _number(ex, sol, answer, q)
    if ex.kind == "pick-cards":
        return _pick(ex, sol, answer, q)
    if ex.kind == "true-false":
        return _truth(ex, sol, answer, q)
    if ex.kind == "choose-action":
        return _action(ex, sol, answer, q)
    if ex.kind == "order":
        return _order(ex, sol, answer, q)
    return None
