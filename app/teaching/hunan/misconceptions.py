"""Misconceptions of hunan: the catalog and the diagnosis (buggy models).

Each wrong answer is recomputed under the wrong beliefs a learner of paohuzi is likely
to hold (:mod:`.zipai_common` for what Guilin shares); the first belief that yields the
learner's exact answer names the misconception, with its parameters (the group, the
card, the count). A refused action names the rule through :data:`REASONS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from app.engine.core.reason import Reason
from app.engine.core.results import ScoredMeld
from app.engine.zipai.game import ZipaiGame, ZipaiRules, zipai_game
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception, authored
from app.learning.verdict import Solution
from app.teaching.zipai_common import (
    SHAPE_BELIEFS,
    big_tokens,
    first_jump,
    group_seen_as,
    norm_kind,
    order_actions,
    recount,
    red_tokens,
    shape_belief_of_waits,
    shape_belief_of_win,
)

#: the game this teaching reaches the engine through
HUNAN: ZipaiGame = zipai_game("hunan")


def _mc(code: str, skill: str, lesson: str) -> Misconception:
    return Misconception(code, skill, lesson)


CATALOG: tuple[Misconception, ...] = (
    # counting huxi
    _mc("mc-hn-big-as-small", "counting", "hunan-09-huxi#big-pays-more"),
    _mc("mc-hn-peng-as-kan", "counting", "hunan-09-huxi#table-threes"),
    _mc("mc-hn-kan-as-peng", "counting", "hunan-09-huxi#table-threes"),
    _mc("mc-hn-pao-as-ti", "counting", "hunan-09-huxi#table-fours"),
    _mc("mc-hn-ti-as-pao", "counting", "hunan-09-huxi#table-fours"),
    _mc("mc-hn-eaten-run-zero", "counting", "hunan-09-huxi#table-runs"),
    _mc("mc-hn-special-run-zero", "counting", "hunan-09-huxi#table-runs"),
    _mc("mc-hn-jiao-as-kan", "counting", "hunan-09-huxi#table-runs"),
    # groups, waits, going out
    _mc("mc-hn-mixed-run", "groups", "hunan-02-groups#runs"),
    _mc("mc-hn-forgot-2710", "waits", "hunan-02-groups#two-seven-ten"),
    _mc("mc-hn-forgot-jiao", "waits", "hunan-02-groups#jiao"),
    _mc("mc-hn-split-kan", "groups", "hunan-02-groups#kan"),
    _mc("mc-hn-forgot-minimum", "going-out", "hunan-08-going-out#minimum"),
    # actions
    _mc("mc-hn-missed-bi", "chi-bi", "hunan-05-chi-bi#bi"),
    _mc("mc-hn-cannot-bi", "chi-bi", "hunan-05-chi-bi#no-bi-no-chi"),
    _mc("mc-hn-broke-kan", "groups", "hunan-02-groups#kan"),
    _mc("mc-hn-ate-chou-card", "chou", "hunan-06-memory#choupai"),
    _mc("mc-hn-own-discard", "chou", "hunan-06-memory#own-discard"),
    _mc("mc-hn-skipped-forced", "forced", "hunan-04-forced#never-a-choice"),
    _mc("mc-hn-won-on-discard", "going-out", "hunan-08-going-out#stock-only"),
    _mc("mc-hn-chou-hu", "chou", "hunan-06-memory#chouhu"),
    _mc("mc-hn-chi-wrong-seat", "chi-bi", "hunan-03-turn#who-eats"),
    _mc("mc-hn-pao-on-discard", "forced", "hunan-04-forced#pao"),
    _mc("mc-hn-lost-on-priority", "priority", "hunan-07-priority#priority"),
    # priority
    _mc("mc-hn-take-before-hu", "priority", "hunan-07-priority#popaohu"),
    _mc("mc-hn-chi-before-peng", "priority", "hunan-07-priority#priority"),
    _mc("mc-hn-seat-order", "priority", "hunan-07-priority#same-claim"),
    # memory, told apart by authored choices
    _mc("mc-hn-chou-after-peng", "chou", "hunan-06-memory#lost-to-peng"),
    _mc("mc-hn-chou-blocks-win", "chou", "hunan-06-memory#win-on-stale"),
    _mc("mc-hn-peng-forced", "forced", "hunan-03-turn#peng"),
    _mc("mc-hn-bakuai", "forced", "hunan-04-forced#bakuai"),
    # settlement
    _mc("mc-hn-forgot-mingtang", "settlement", "hunan-10-settlement#mingtang"),
    _mc("mc-hn-tun-no-base", "settlement", "hunan-10-settlement#tun"),
    _mc("mc-hn-tun-from-zero", "settlement", "hunan-10-settlement#tun"),
    _mc("mc-hn-tun-other-minimum", "settlement", "hunan-11-variants#min-huxi"),
    _mc("mc-hn-big-cards-red", "cards", "hunan-01-cards#red"),
    _mc("mc-hn-red-hand-only", "settlement", "hunan-10-settlement#red-count"),
    # practice and quizzes: naming the forced groups, bakuai, taking, waits, the discard
    _mc("mc-hn-wei-as-peng", "forced", "hunan-04-forced#wei"),
    _mc("mc-hn-chouwei-as-wei", "forced", "hunan-04-forced#chouwei"),
    _mc("mc-hn-four-origin", "forced", "hunan-04-forced#pao"),
    _mc("mc-hn-wei-needs-own-draw", "forced", "hunan-04-forced#pao"),
    _mc("mc-hn-no-discard-after-four", "forced", "hunan-04-forced#bakuai"),
    _mc("mc-hn-bakuai-first-four", "forced", "hunan-04-forced#bakuai"),
    _mc("mc-hn-no-discard-left", "chi-bi", "hunan-03-turn#after-taking"),
    _mc("mc-hn-wait-below-minimum", "waits", "hunan-08-going-out#minimum"),
    _mc("mc-hn-fewer-waits", "discard", "hunan-02-groups#waits-2710"),
    # authored choices: reading, groups, turns, heavenly wins, card counts, mingtang
    _mc("mc-hn-misread-big", "cards", "hunan-01-cards#sizes"),
    _mc("mc-hn-red-small-only", "cards", "hunan-01-cards#red"),
    _mc("mc-hn-plain-run", "groups", "hunan-02-groups#runs"),
    _mc("mc-hn-pao-no-pair", "groups", "hunan-02-groups#jiang"),
    _mc("mc-hn-pao-needs-another", "groups", "hunan-02-groups#jiang"),
    _mc("mc-hn-no-peng-on-discard", "forced", "hunan-03-turn#peng"),
    _mc("mc-hn-bakuai-draw-again", "forced", "hunan-04-forced#bakuai"),
    _mc("mc-hn-lost-card-own-draw", "chou", "hunan-06-memory#lost-to-peng"),
    _mc("mc-hn-win-own-turn-only", "going-out", "hunan-08-going-out#stock-only"),
    _mc("mc-hn-size-fours-as-three", "going-out", "hunan-08-going-out#card-count"),
    _mc("mc-hn-size-no-pair", "going-out", "hunan-08-going-out#card-count"),
    _mc("mc-hn-tianhu-minimum", "going-out", "hunan-08-going-out#tianhu"),
    _mc("mc-hn-tianhu-ti-as-kan", "going-out", "hunan-08-going-out#tianhu"),
    _mc("mc-hn-tianhu-waits", "going-out", "hunan-08-going-out#tianhu"),
    _mc("mc-hn-dianhu-as-honghu", "settlement", "hunan-10-settlement#mingtang"),
    _mc("mc-hn-dianhu-as-heihu", "settlement", "hunan-10-settlement#mingtang"),
    _mc("mc-hn-dianhu-no-mingtang", "settlement", "hunan-10-settlement#mingtang"),
)

#: engine reason code of a refused action → misconception code
REASONS: dict[str, str] = {
    "must-bi": "mc-hn-missed-bi",
    "zp-cannot-bi": "mc-hn-cannot-bi",
    "breaks-kan": "mc-hn-broke-kan",
    "chou-card": "mc-hn-ate-chou-card",
    "zp-own-discard": "mc-hn-own-discard",
    "zp-must-take-forced": "mc-hn-skipped-forced",
    "zp-no-win-on-discard": "mc-hn-won-on-discard",
    "zp-chou-hu": "mc-hn-chou-hu",
    "zp-not-next-seat": "mc-hn-chi-wrong-seat",
    "zp-pao-on-draw-only": "mc-hn-pao-on-discard",
    "lower-priority": "mc-hn-lost-on-priority",
    "zp-below-minimum": "mc-hn-forgot-minimum",
    "zp-no-discard-left": "mc-hn-no-discard-left",
}

#: (code, exercise id, wrong answer): one real wrong answer per code, judged in the tests
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("mc-hn-big-as-small", "hunan.count-stale-wei-pao", "15"),
    ("mc-hn-peng-as-kan", "hunan-09-huxi.count-eaten", "15"),
    ("mc-hn-kan-as-peng", "hunan.count-stale-wei-pao", "19"),
    ("mc-hn-pao-as-ti", "hunan.count-stale-wei-pao", "24"),
    ("mc-hn-ti-as-pao", "hunan.count-ti-in-hand", "18"),
    ("mc-hn-eaten-run-zero", "hunan-09-huxi.count-eaten", "10"),
    ("mc-hn-special-run-zero", "hunan.count-stale-wei-pao", "12"),
    ("mc-hn-jiao-as-kan", "hunan.count-ti-in-hand", "24"),
    ("mc-hn-mixed-run", "hunan.win-mixed-run", "true a"),
    ("mc-hn-forgot-2710", "hunan.waits-two-seven-ten", "x6"),
    ("mc-hn-forgot-jiao", "hunan-02-groups.not-a-group", "d"),
    ("mc-hn-split-kan", "hunan.waits-keep-the-kan", "x7 x10 d4 d7"),
    ("mc-hn-forgot-minimum", "hunan-08-going-out.below-minimum", "true a"),
    ("mc-hn-missed-bi", "hunan-05-chi-bi.bi-choose", "a"),
    ("mc-hn-cannot-bi", "hunan.chi-which-way", "a"),
    ("mc-hn-broke-kan", "hunan-03-turn.first-discard", "a"),
    ("mc-hn-ate-chou-card", "hunan.stale-draw", "true a"),
    ("mc-hn-own-discard", "hunan-06-memory.own-discard-check", "true a"),
    ("mc-hn-skipped-forced", "hunan.forced-pao-on-peng", "b"),
    ("mc-hn-won-on-discard", "hunan-08-going-out.no-win-on-discard", "true a"),
    ("mc-hn-chou-hu", "hunan-06-memory.chouhu-check", "true a"),
    ("mc-hn-chi-wrong-seat", "hunan-03-turn.not-next", "true a"),
    ("mc-hn-pao-on-discard", "hunan-04-forced.peng-discard", "true a"),
    ("mc-hn-lost-on-priority", "hunan-07-priority.lower-priority", "true a"),
    ("mc-hn-take-before-hu", "hunan.order-popaohu", "a b"),
    ("mc-hn-chi-before-peng", "hunan.order-peng-before-chi", "a b c"),
    ("mc-hn-seat-order", "hunan.order-peng-before-chi", "c a b"),
    ("mc-hn-chou-after-peng", "hunan-06-memory.lost-to-peng-check", "false b"),
    ("mc-hn-chou-blocks-win", "hunan-06-memory.win-on-stale-choice", "b"),
    ("mc-hn-peng-forced", "hunan-03-turn.peng-choice", "a"),
    ("mc-hn-bakuai", "hunan-04-forced.bakuai-choice", "a"),
    ("mc-hn-forgot-mingtang", "hunan.settle-red-win", "1"),
    ("mc-hn-tun-no-base", "hunan.tun-count", "2"),
    ("mc-hn-tun-from-zero", "hunan.settle-red-win", "10"),
    ("mc-hn-tun-other-minimum", "hunan-11-variants.tun-eighteen", "3"),
    ("mc-hn-big-cards-red", "hunan.red-cards", "d1 d4 d6 d9"),
    ("mc-hn-red-hand-only", "hunan-01-cards.count-red", "5"),
    ("mc-hn-wei-as-peng", "quiz.hunan.play.wei-not-peng", "a"),
    ("mc-hn-chouwei-as-wei", "quiz.hunan.play.stale-wei", "a"),
    ("mc-hn-four-origin", "quiz.hunan.play.pao-from-kan", "a"),
    ("mc-hn-wei-needs-own-draw", "quiz.hunan.play.wei-meets-fourth", "false b"),
    ("mc-hn-no-discard-after-four", "quiz.hunan.play.first-four", "false c"),
    ("mc-hn-bakuai-first-four", "quiz.hunan.play.first-four", "false b"),
    ("mc-hn-no-discard-left", "quiz.hunan.play.no-card-to-throw", "true a"),
    ("mc-hn-wait-below-minimum", "quiz.hunan.counting.winning-draws", "x4 d2 d4 d6"),
    ("mc-hn-fewer-waits", "quiz.hunan.counting.keep-most", "a"),
    ("mc-hn-misread-big", "hunan-01-cards.read-big", "c"),
    ("mc-hn-red-small-only", "quiz.hunan.basics.which-red", "c"),
    ("mc-hn-plain-run", "hunan-02-groups.not-a-group", "a"),
    ("mc-hn-pao-no-pair", "quiz.hunan.basics.pair-with-a-pao", "a"),
    ("mc-hn-pao-needs-another", "quiz.hunan.basics.pair-with-a-pao", "c"),
    ("mc-hn-no-peng-on-discard", "hunan-03-turn.peng-choice", "c"),
    ("mc-hn-bakuai-draw-again", "hunan-04-forced.bakuai-choice", "c"),
    ("mc-hn-lost-card-own-draw", "quiz.hunan.memory.lost-to-peng", "c"),
    ("mc-hn-win-own-turn-only", "hunan-06-memory.win-on-stale-choice", "c"),
    ("mc-hn-size-fours-as-three", "hunan.cards-with-two-pao", "a"),
    ("mc-hn-size-no-pair", "hunan.cards-with-two-pao", "c"),
    ("mc-hn-tianhu-minimum", "hunan.five-kan", "b"),
    ("mc-hn-tianhu-ti-as-kan", "hunan-08-going-out.tianhu-check", "c"),
    ("mc-hn-tianhu-waits", "hunan.five-kan", "c"),
    ("mc-hn-dianhu-as-honghu", "hunan.one-red-card", "a"),
    ("mc-hn-dianhu-as-heihu", "hunan.one-red-card", "c"),
    ("mc-hn-dianhu-no-mingtang", "hunan.one-red-card", "d"),
)

# --------------------------------------------------------------------------- counting

#: the count beliefs in the order they are tried, and their codes
COUNT_CODES = {
    "big-as-small": "mc-hn-big-as-small",
    "peng-as-kan": "mc-hn-peng-as-kan",
    "kan-as-peng": "mc-hn-kan-as-peng",
    "pao-as-ti": "mc-hn-pao-as-ti",
    "ti-as-pao": "mc-hn-ti-as-pao",
    "eaten-special-zero": "mc-hn-eaten-run-zero",
    "special-zero": "mc-hn-special-run-zero",
    "jiao-as-kan": "mc-hn-jiao-as-kan",
}


def _count(melds: Sequence[ScoredMeld], right: int, given: int) -> Reason | None:
    if given == right:
        return None
    for belief, code in COUNT_CODES.items():
        found = recount(melds, belief)
        if found is not None and found.total == given:
            params = {"given": given, "cards": list(found.meld.cards)}
            return Reason(code, {**params, "right": found.meld.points, "wrong": found.wrong})
    return None


# --------------------------------------------------------------------------- settlement


def _holding(ex: Exercise) -> tuple[list[str], list[str]]:
    from app.learning.queries import read

    h = read(ex).holding
    if h is None:
        return [], []
    return list(h.hand), [t for m in h.melds for t in m.cards]


def _factor(red: int) -> int:
    mt = HUNAN.mingtang(red)
    return mt[1] if mt else 1


def _settlement(ex: Exercise, sol: Solution, given: int, tun_only: bool) -> Reason | None:
    a = sol.proof.analysis
    if a is None or a.settlement is None or a.points is None:
        return None
    from app.learning.queries import read

    hand, table = _holding(ex)
    return _pay(read(ex).rules, a.points, hand, table, int(sol.value), given, tun_only)


def _deal_total(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    r = c.state.result if c.state is not None else None
    if r is None or r.winner is None:
        return None
    seat = c.game.seat_holding(c.state, r.winner)
    if seat is None:
        return None
    hand = list(seat.hand)
    table = [t for m in seat.melds for t in m.cards]
    return _pay(c.rules, r.huxi, hand, table, int(sol.value), given, False)


def _pay(
    rules: ZipaiRules,
    huxi: int,
    hand: list[str],
    table: list[str],
    right: int,
    given: int,
    tun_only: bool,
) -> Reason | None:
    """The settlement recomputed under each wrong belief about tun and mingtang."""
    if rules.tun != "standard":
        return None
    low = rules.min_huxi
    red = len(red_tokens(hand + table))
    tun = (huxi - low) // 3 + 1
    changde = rules.mingtang == "changde" and not tun_only
    factor = _factor(red) if changde else 1
    base = {"huxi": huxi, "min": low, "tun": tun, "red": red, "factor": factor}
    models: list[tuple[str, int]] = []
    if changde and factor > 1:
        models.append(("mc-hn-forgot-mingtang", tun))
    models.append(("mc-hn-tun-no-base", (huxi - low) // 3 * factor))
    models.append(("mc-hn-tun-from-zero", huxi // 3 * factor))
    for other in (15, 10, 18, 6):  # the minimum of another table
        if other != low and other <= huxi:
            models.append(("mc-hn-tun-other-minimum", ((huxi - other) // 3 + 1) * factor))
    if changde:
        models.append(("mc-hn-big-cards-red", tun * _factor(len(big_tokens(hand + table)))))
        models.append(("mc-hn-red-hand-only", tun * _factor(len(red_tokens(hand)))))
    for i, (code, value) in enumerate(models):
        if value == given and value != right:
            if code == "mc-hn-tun-other-minimum":
                others = [o for o in (15, 10, 18, 6) if o != low and o <= huxi]
                used = others[[c for c, _ in models[:i]].count(code)]
                return Reason(code, {**base, "other_min": used})
            return Reason(code, base)
    return None


def _red_count(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    hand, table = _holding(ex)
    red = len(red_tokens(hand + table))
    if given == len(big_tokens(hand + table)):
        return Reason("mc-hn-big-cards-red", {"red": red})
    if table and given == len(red_tokens(hand)):
        return Reason("mc-hn-red-hand-only", {"red": red})
    return None


def _red_cards(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    hand, _table = _holding(ex)
    picked = Counter(answer.split())
    if picked in (Counter(big_tokens(hand)), Counter(big_tokens(hand) + red_tokens(hand))):
        return Reason("mc-hn-big-cards-red", {"red": len(red_tokens(hand))})
    return None


def _table_huxi(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    if c.state is None:
        return None
    seat = ex.setup.seat if ex.setup.seat is not None else c.game.to_act(c.state)
    if seat is None:
        return None
    holding = c.game.seat_holding(c.state, seat)
    if holding is None:
        return None
    melds = [_scored(m.kind, m.cards, c.rules) for m in holding.melds]
    return _count(melds, int(sol.value), given)


def _scored(kind: str, cards: Sequence[str], rules: ZipaiRules) -> ScoredMeld:
    m = HUNAN.melds.meld_of(kind, " ".join(cards), rules.yiwushi)
    return ScoredMeld(kind, tuple(cards), m.points(rules.yiwushi))


# --------------------------------------------------------------------------- shapes


SHAPE_CODES = {
    "mixed-runs": "mc-hn-mixed-run",
    "no-2710": "mc-hn-forgot-2710",
    "no-jiao": "mc-hn-forgot-jiao",
    "split-kan": "mc-hn-split-kan",
}


def _table_melds(ex: Exercise) -> tuple[list[int], list[Any]]:
    from app.learning.queries import read

    c = read(ex)
    return HUNAN.read_holding(ex.setup.hand, ex.setup.melds, c.rules)


def _waits(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    counts, table = _table_melds(ex)
    given = frozenset(answer.split())
    right = frozenset(sol.value)
    belief = shape_belief_of_waits(counts, table, given, right, tuple(SHAPE_CODES))
    if belief is None:
        return None
    missed = sorted(right - given, key=_deck_order)
    extra = sorted(given - right, key=_deck_order)
    return Reason(SHAPE_CODES[belief], {"cards": extra or missed})


def _deck_order(token: str) -> tuple[int, int]:
    return (token[0] == "d", int(token[1:]))


def _win(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    truth = answer.split()[0] if answer.split() else ""
    a = sol.proof.analysis
    if truth != "true" or sol.value or a is None:
        return None
    if a.complete and a.points is not None:
        return Reason("mc-hn-forgot-minimum", {"huxi": a.points, "min": a.extra.get("min")})
    counts, table = _table_melds(ex)
    belief = shape_belief_of_win(counts, table, tuple(SHAPE_CODES))
    if belief is None:
        return None
    seen = group_seen_as(counts, table, SHAPE_BELIEFS[belief])
    return Reason(SHAPE_CODES[belief], {"cards": list(seen)})


# --------------------------------------------------------------------------- actions


def _choice_of(ex: Exercise, cid: str) -> Any:
    return next((c for c in ex.choices if c.id == cid), None)


def _is_legal(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    truth = answer.partition(" ")[0]
    note = sol.proof.notes[0] if sol.proof.notes else None
    if truth == "true" and not sol.value and note is not None and note.reason is not None:
        code = REASONS.get(note.reason.code)
        if code is not None:
            return Reason(code, dict(note.reason.params))
    return None


def _chosen_action(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    note = next((n for n in sol.proof.notes if n.choice == answer.strip()), None)
    if note is None or note.legal or note.reason is None:
        return None
    if note.reason.code == "zp-bad-bi":
        from app.learning.queries import read

        c = read(ex)
        seat = note.action.seat
        hand = Counter(c.game.view(c.state, seat).seats[seat].hand or ())
        kan = sorted({t for g in note.action.params.get("bi", ()) for t in g if hand[t] >= 3})
        if kan:
            return Reason("mc-hn-broke-kan", {"cards": kan})
    return None


def _bakuai(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """``hunan:bakuai``: a discard after the second pao or ti, or none after the first."""
    truth, _, why = answer.partition(" ")
    right = sol.shown.split()
    if truth == "true" and right[0] == "false":
        return Reason("mc-hn-bakuai", {})
    if truth == "false" and right[0] == "true" and _choice_reason(ex, why) == "bakuai":
        return Reason("mc-hn-bakuai-first-four", {})
    return None


def _bi_pick(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """``hunan:bi-cards``: every bi group picked but some copy of the taken card left in
    the hand (the copies are what the bi is for)."""
    from app.learning.queries import read

    c = read(ex)
    offer = c.game.view(c.state, None).offer if c.state is not None else None
    if offer is None or offer.card is None:
        return None
    card, given = offer.card, Counter(answer.split())
    short = min(Counter(a.split())[card] - given[card] for a in sol.accepted)
    if short > 0:
        return Reason("mc-hn-missed-bi", {"card": card, "count": short})
    return None


def _choice_reason(ex: Exercise, cid: str) -> str | None:
    ch = _choice_of(ex, cid.strip())
    return ch.reason if ch is not None else None


def _win_draws(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """``hunan:win-draws``: a card picked that completes the hand below the minimum; else
    the cards picked that complete nothing, or the winning cards left out."""
    given = set(answer.split())
    low = [w for w in sol.proof.waits if w.card in given and not w.win]
    if low:
        from app.learning.queries import read

        rules = read(ex).rules
        params = {"card": low[0].card, "huxi": low[0].points, "min": rules.min_huxi}
        return Reason("mc-hn-wait-below-minimum", params)
    right = set(sol.shown.split())
    extra = sorted(given - right, key=_deck_order)
    if extra:
        return Reason("mc-extra-waits", {"cards": extra})
    missed = sorted(right - given, key=_deck_order)
    return Reason("mc-missed-waits", {"cards": missed}) if missed else None


def _fewer_waits(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """``hunan:keep-waits``: a legal discard that keeps fewer winning cards."""
    notes = {n.choice: n for n in sol.proof.notes}
    counts = {
        str(f.params["card"]): int(f.params["count"])
        for f in sol.proof.facts
        if f.code.startswith("fact-hn-discard")
    }
    mine, best = notes.get(answer.strip()), notes.get(sol.shown)
    if mine is None or best is None or not mine.legal:
        return None
    card, top = mine.action.cards[0], best.action.cards[0]
    return Reason("mc-hn-fewer-waits", {"card": card, "count": counts[card], "most": counts[top]})


def _after_win(ex: Exercise) -> Any:
    """The finished deal of a position question about the seat's win now."""
    from app.learning.queries import read
    from app.teaching.hunan.queries import win_now

    c = read(ex)
    seat = ex.setup.seat if ex.setup.seat is not None else c.game.to_act(c.state)
    return c, win_now(c.state, seat) if c.state is not None and seat is not None else None


def _win_pay(ex: Exercise, sol: Solution, given: int, tun_only: bool) -> Reason | None:
    """``hunan:hu-tun`` / ``hunan:hu-total``: the win now, paid under the wrong beliefs."""
    c, after = _after_win(ex)
    if after is None or after.result is None:
        return None
    r = after.result
    seat = after.seats[r.winner]
    hand = [HUNAN.cards.TOKENS[x] for x in range(20) for _ in range(seat.hand[x])]
    table = [HUNAN.cards.TOKENS[x] for m in seat.melds for x in m.cards]
    return _pay(c.rules, r.huxi, hand, table, int(sol.value), given, tun_only)


# --------------------------------------------------------------------------- priority

#: the stage a claim is served at (hu, then pao and peng, then chi)
RANK = {"hu": 0, "pao": 1, "peng": 1, "chi": 2}


def _priority(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    jump = first_jump(sol.shown.split(), answer.split())
    if jump is None:
        return None
    acts = order_actions(ex)
    early, late = acts.get(jump[0]), acts.get(jump[1])
    if early is None or late is None:
        return None
    re, rl = RANK.get(norm_kind(early.kind), 3), RANK.get(norm_kind(late.kind), 3)
    if rl == 0 and re > 0:
        return Reason("mc-hn-take-before-hu", {})
    if re == 2 and rl == 1:
        return Reason("mc-hn-chi-before-peng", {})
    if re == rl:
        return Reason("mc-hn-seat-order", {})
    return None


# --------------------------------------------------------------------------- diagnosis


def _number(fn: Callable[[Exercise, Solution, int], Reason | None]) -> Callable[..., Any]:
    def run(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
        try:
            given = int(answer)
        except ValueError:
            return None
        return fn(ex, sol, given)

    return run


DIAGNOSES: dict[tuple[str, str], Callable[[Exercise, Solution, str], Reason | None]] = {
    ("number", "points"): _number(
        lambda ex, sol, g: _count(sol.proof.analysis.melds, int(sol.value), g)  # type: ignore[union-attr]  # a count's proof has its analysis
    ),
    ("number", "settlement"): _number(lambda ex, sol, g: _settlement(ex, sol, g, False)),
    ("number", "hunan:tun"): _number(lambda ex, sol, g: _settlement(ex, sol, g, True)),
    ("number", "hunan:red-count"): _number(_red_count),
    ("number", "hunan:table-huxi"): _number(_table_huxi),
    ("number", "hunan:win-huxi"): _number(
        lambda ex, sol, g: _count(sol.proof.analysis.melds, int(sol.value), g)  # type: ignore[union-attr]  # a count's proof has its analysis
    ),
    ("number", "hunan:win-total"): _number(_deal_total),
    ("number", "hunan:hu-huxi"): _number(
        lambda ex, sol, g: _count(sol.proof.analysis.melds, int(sol.value), g)  # type: ignore[union-attr]  # a count's proof has its analysis
    ),
    ("number", "hunan:hu-tun"): _number(lambda ex, sol, g: _win_pay(ex, sol, g, True)),
    ("number", "hunan:hu-total"): _number(lambda ex, sol, g: _win_pay(ex, sol, g, False)),
    ("true-false", "hunan:bakuai"): _bakuai,
    ("pick-cards", "hunan:win-draws"): _win_draws,
    ("choose-action", "hunan:keep-waits"): _fewer_waits,
    ("pick-cards", "hunan:red-cards"): _red_cards,
    ("pick-cards", "hunan:bi-cards"): _bi_pick,
    ("pick-cards", "waits"): _waits,
    ("true-false", "win"): _win,
    ("true-false", "is-legal"): _is_legal,
    ("choose-action", "legal"): _chosen_action,
    ("choose-action", "forced"): _chosen_action,
    ("order", "priority"): _priority,
}


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    if ex.kind == "true-false":  # a reason the author marked as a misconception
        chosen = _choice_of(ex, answer.partition(" ")[2].strip())
        if chosen is not None and chosen.misconception:
            return authored(chosen)
    if ex.kind == "choose-action":  # an action named after a misconception (a wrong name)
        chosen = _choice_of(ex, answer.strip())
        if chosen is not None and chosen.misconception:
            return authored(chosen)
    query = ex.query.name if ex.query else ""
    fn = DIAGNOSES.get((ex.kind, query))
    if fn is None:
        return None
    return fn(ex, sol, answer)
