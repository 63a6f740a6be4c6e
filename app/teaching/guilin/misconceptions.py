"""Misconceptions of guilin: the catalog and the diagnosis (buggy models).

Each buggy model recomputes the answer the way a learner holding one wrong belief
would (big groups at small value, a kaiduo counted as a saochuan, hu given for duo,
xing of the wrong cards, peng ahead of hu, ...); when its answer equals the learner's,
that belief is the diagnosis, with the group, card or count it concerns. Refused actions are mapped
from the engine's reason codes (:data:`REASONS`); an authored choice may name the
misconception it reveals (``misconception:``, also on a true-false reason).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from app.engine.core.reason import Reason
from app.engine.core.results import ScoredMeld
from app.engine.zipai.game import WinContext, ZipaiGame, ZipaiRules, zipai_game
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception, authored
from app.learning.verdict import Solution

#: the game this teaching reaches the engine through
GUILIN: ZipaiGame = zipai_game("guilin")

L1 = "guilin-01-cards"
L2 = "guilin-02-groups"
L3 = "guilin-03-turn"
L4 = "guilin-04-chi-bi"
L5 = "guilin-05-forced"
L6 = "guilin-06-priority"
L7 = "guilin-07-going-out"
L8 = "guilin-08-counting"
L9 = "guilin-09-duo"
L10 = "guilin-10-variants"
QB = "quiz.guilin.basics"  # the quiz items (content/quizzes/guilin.yaml)
QA = "quiz.guilin.actions"
QG = "quiz.guilin.going-out"
QP = "quiz.guilin.play"
DEMO = "guilin"  # the demo set (content/exercises/guilin.yaml)

CATALOG: tuple[Misconception, ...] = (
    # counting hu
    Misconception("mc-gl-big-as-small", "counting", f"{L8}#big-small"),
    Misconception("mc-gl-kaiduo-as-saochuan", "counting", f"{L8}#origin"),
    Misconception("mc-gl-saochuan-as-kaiduo", "counting", f"{L8}#fours"),
    Misconception("mc-gl-peng-as-kan", "counting", f"{L8}#threes"),
    Misconception("mc-gl-kan-as-peng", "counting", f"{L8}#threes"),
    Misconception("mc-gl-special-run-missed", "counting", f"{L8}#runs"),
    # duo and its extras
    Misconception("mc-gl-hu-not-duo", "settlement", f"{L9}#duo-table"),
    Misconception("mc-gl-duo-every-five", "settlement", f"{L9}#duo-table"),
    Misconception("mc-gl-duo-no-base", "settlement", f"{L9}#duo-table"),
    Misconception("mc-gl-forgot-zimo", "settlement", f"{L9}#zimo"),
    Misconception("mc-gl-forgot-xing", "settlement", f"{L9}#xing"),
    Misconception("mc-gl-xing-same-value", "settlement", f"{L9}#xing-how"),
    Misconception("mc-gl-xing-other-size", "settlement", f"{L9}#xing-how"),
    Misconception("mc-gl-forgot-special", "settlement", f"{L9}#special"),
    # going out
    Misconception("mc-gl-below-minimum", "going-out", f"{L7}#minimum"),
    Misconception("mc-gl-no-win-on-discard", "going-out", f"{L7}#any-card"),
    Misconception("mc-gl-liang-others-win", "going-out", f"{L3}#dangdi"),
    # actions, forced, memory, priority
    Misconception("mc-gl-shangjia-chi", "chi-bi", f"{L4}#who-eats"),
    Misconception("mc-gl-missed-bi", "chi-bi", f"{L4}#bi"),
    Misconception("mc-gl-broke-kan", "groups", f"{L2}#kan"),
    Misconception("mc-gl-forced-is-choice", "forced", f"{L5}#forced-list"),
    Misconception("mc-gl-opened-by-others", "forced", f"{L5}#kaiduo-peng"),
    Misconception("mc-gl-chongduo-discards", "forced", f"{L7}#chongduo"),
    Misconception("mc-gl-ate-guozhang", "guozhang", f"{L6}#guozhang"),
    Misconception("mc-gl-guozhang-blocks-peng", "guozhang", f"{L6}#chi-only"),
    Misconception("mc-gl-ate-own-discard", "guozhang", f"{L6}#own-discard"),
    Misconception("mc-gl-peng-before-hu", "priority", f"{L6}#order"),
    Misconception("mc-gl-chi-before-peng", "priority", f"{L6}#order"),
    Misconception("mc-gl-seat-order", "priority", f"{L6}#hu-seats"),
    Misconception("mc-gl-unseen-own-hand", "discard", f"{L6}#cards-left"),
    # practice and quizzes: naming the forced groups, opening, chongduo, the minimum
    Misconception("mc-gl-sao-as-peng", "forced", f"{L5}#sao"),
    Misconception("mc-gl-guosao-as-sao", "forced", f"{L5}#guosao"),
    Misconception("mc-gl-four-origin", "forced", f"{L5}#kaiduo-kan"),
    Misconception("mc-gl-missed-kaiduo", "forced", f"{L5}#kaiduo-kan"),
    Misconception("mc-gl-chongduo-first-four", "forced", f"{L7}#chongduo-no"),
    Misconception("mc-gl-win-missed", "going-out", f"{L7}#minimum"),
    Misconception("mc-gl-no-discard-left", "chi-bi", f"{L4}#no-discard-left"),
    Misconception("mc-gl-fewer-waits", "discard", f"{L7}#which-win"),
    Misconception("mc-gl-xing-miscount", "settlement", f"{L9}#xing-how"),
    Misconception("mc-gl-unseen-miscount", "discard", f"{L6}#cards-left"),
    # authored choices: the deck, the seats, the deal, a turn, payment, the names
    Misconception("mc-gl-deck-size", "cards", f"{L1}#small-big"),
    Misconception("mc-gl-shangjia-after", "cards", f"{L1}#players"),
    Misconception("mc-gl-shangjia-dealer", "cards", f"{L1}#players"),
    Misconception("mc-gl-stock-count", "cards", f"{L3}#deal"),
    Misconception("mc-gl-dangdi-not-stock", "cards", f"{L3}#deal"),
    Misconception("mc-gl-dangdi-not-discard", "cards", f"{L3}#deal"),
    Misconception("mc-gl-drawn-into-hand", "cards", f"{L3}#draw"),
    Misconception("mc-gl-drawn-back-to-stock", "cards", f"{L3}#draw"),
    Misconception("mc-gl-shangjia-eats-discard", "chi-bi", f"{L4}#who-eats"),
    Misconception("mc-gl-fit-not-enough", "chi-bi", f"{L4}#who-eats"),
    Misconception("mc-gl-guosao-sao-layout", "forced", f"{L5}#guosao"),
    Misconception("mc-gl-guosao-peng-layout", "forced", f"{L5}#guosao"),
    Misconception("mc-gl-guozhang-chi-only", "guozhang", f"{L6}#chi-only"),
    Misconception("mc-gl-minimum-ten", "going-out", f"{L7}#minimum"),
    Misconception("mc-gl-kan-locked-too", "groups", f"{L2}#kan"),
    Misconception("mc-gl-chongduo-peng", "forced", f"{L7}#chongduo"),
    Misconception("mc-gl-pay-shared", "settlement", f"{L9}#payment"),
    Misconception("mc-gl-pay-discarder-only", "settlement", f"{L9}#payment"),
    Misconception("mc-gl-ti-as-kaiduo", "groups", f"{L10}#names"),
    Misconception("mc-gl-ti-as-sao", "groups", f"{L10}#names"),
)

#: engine reason code of a refused action → misconception code
REASONS: dict[str, str] = {
    "chou-card": "mc-gl-ate-guozhang",
    "zp-own-discard": "mc-gl-ate-own-discard",
    "zp-not-next-seat": "mc-gl-shangjia-chi",
    "must-bi": "mc-gl-missed-bi",
    "zp-cannot-bi": "mc-gl-missed-bi",
    "zp-bad-bi": "mc-gl-missed-bi",
    "breaks-kan": "mc-gl-broke-kan",
    "zp-must-take-forced": "mc-gl-forced-is-choice",
    "zp-pao-on-draw-only": "mc-gl-opened-by-others",
    "zp-pao-own-draw-only": "mc-gl-opened-by-others",
    "zp-liang-dealer-only": "mc-gl-liang-others-win",
    "zp-below-minimum": "mc-gl-below-minimum",
    "zp-no-discard-needed": "mc-gl-chongduo-discards",
    "zp-no-discard-left": "mc-gl-no-discard-left",
}

#: (code, exercise id, wrong answer): one real wrong answer per code, judged in the tests
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("mc-gl-big-as-small", f"{L8}.count-big", "7"),
    ("mc-gl-kaiduo-as-saochuan", f"{L8}.count-kaiduo", "18"),
    ("mc-gl-saochuan-as-kaiduo", f"{L8}.count-saochuan", "12"),
    ("mc-gl-peng-as-kan", f"{L8}.count-peng", "15"),
    ("mc-gl-kan-as-peng", f"{L8}.count-kan", "5"),
    ("mc-gl-special-run-missed", f"{L8}.count-runs", "3"),
    ("mc-gl-hu-not-duo", f"{L9}.duo-25", "25"),
    ("mc-gl-duo-every-five", f"{L9}.duo-25", "5"),
    ("mc-gl-duo-no-base", f"{L9}.duo-25", "3"),
    ("mc-gl-forgot-zimo", f"{L9}.zimo-count", "2"),
    ("mc-gl-forgot-xing", f"{L9}.xing-count", "1"),
    ("mc-gl-xing-same-value", f"{L9}.xing-pick", "x5 x5"),
    ("mc-gl-xing-other-size", f"{L9}.xing-pick", "x4 x4 x6 d4 d4 d6 d6"),
    ("mc-gl-forgot-special", f"{L9}.special-count", "1"),
    ("mc-gl-below-minimum", f"{L7}.below-ten", "true win"),
    ("mc-gl-no-win-on-discard", f"{L7}.discard-win", "false stock"),
    ("mc-gl-liang-others-win", f"{L3}.dangdi-hu", "true legal"),
    ("mc-gl-shangjia-chi", f"{L4}.shangjia", "true legal"),
    ("mc-gl-missed-bi", f"{L4}.bi-cards", "x7 x8"),
    ("mc-gl-broke-kan", f"{L2}.kan-discard", "a"),
    ("mc-gl-forced-is-choice", f"{L5}.sao-forced", "b"),
    ("mc-gl-opened-by-others", f"{L5}.peng-discard", "true legal"),
    ("mc-gl-chongduo-discards", f"{L7}.chongduo-yes", "true discard"),
    ("mc-gl-ate-guozhang", f"{L6}.guozhang-chi", "true legal"),
    ("mc-gl-guozhang-blocks-peng", f"{L6}.guozhang-peng", "false chou"),
    ("mc-gl-ate-own-discard", f"{L6}.own-discard-chi", "true legal"),
    ("mc-gl-peng-before-hu", f"{L6}.order-three", "c b a"),
    ("mc-gl-chi-before-peng", f"{L6}.order-three", "b a c"),
    ("mc-gl-seat-order", f"{L6}.two-wins", "a b"),
    ("mc-gl-unseen-own-hand", f"{L6}.count-unseen", "4"),
    ("mc-gl-sao-as-peng", f"{QA}.sao", "a"),
    ("mc-gl-guosao-as-sao", f"{QA}.guosao", "d"),
    ("mc-gl-four-origin", f"{QA}.saochuan", "a"),
    ("mc-gl-missed-kaiduo", f"{QA}.sao-opens", "false discard"),
    ("mc-gl-chongduo-first-four", f"{QG}.first-four", "false chongduo"),
    ("mc-gl-win-missed", f"{QG}.win-draw", "false low"),
    ("mc-gl-no-discard-left", f"{QB}.no-discard", "true legal"),
    ("mc-gl-fewer-waits", f"{QG}.best-discard", "a"),
    ("mc-gl-xing-miscount", f"{QG}.xing", "5"),
    ("mc-gl-unseen-miscount", f"{QB}.unseen", "2"),
    ("mc-gl-deck-size", f"{L1}.how-many", "b"),
    ("mc-gl-shangjia-after", f"{L1}.seat-choice", "b"),
    ("mc-gl-shangjia-dealer", f"{L1}.seat-choice", "c"),
    ("mc-gl-stock-count", f"{QB}.stock", "b"),
    ("mc-gl-dangdi-not-stock", f"{DEMO}.demo-dangdi", "b"),
    ("mc-gl-dangdi-not-discard", f"{DEMO}.demo-dangdi", "c"),
    ("mc-gl-drawn-into-hand", f"{L3}.unused", "b"),
    ("mc-gl-drawn-back-to-stock", f"{L3}.unused", "c"),
    ("mc-gl-shangjia-eats-discard", f"{DEMO}.demo-who-eats", "b"),
    ("mc-gl-fit-not-enough", f"{DEMO}.demo-who-eats", "c"),
    ("mc-gl-guosao-sao-layout", f"{DEMO}.demo-guosao", "a"),
    ("mc-gl-guosao-peng-layout", f"{DEMO}.demo-guosao", "c"),
    ("mc-gl-guozhang-chi-only", f"{QA}.guozhang-rule", "b"),
    ("mc-gl-minimum-ten", f"{L10}.which-guilin", "c"),
    ("mc-gl-kan-locked-too", f"{QP}.vs-hunan", "c"),
    ("mc-gl-chongduo-peng", f"{DEMO}.demo-chongduo", "c"),
    ("mc-gl-pay-shared", f"{L9}.who-pays", "b"),
    ("mc-gl-pay-discarder-only", f"{L9}.who-pays", "c"),
    ("mc-gl-ti-as-kaiduo", f"{QP}.names", "b"),
    ("mc-gl-ti-as-sao", f"{QP}.names", "c"),
)

# --------------------------------------------------------------------------- group values

#: group kind (Guilin names, as ``analyze`` answers) → hu in small / big cards
ALIKE = {
    "peng": (1, 3),
    "kan": (3, 6),
    "sao": (3, 6),
    "guosao": (3, 6),
    "kaiduo": (6, 9),
    "saochuan": (9, 12),
}
RUNS = ("shun", "chi")


def _big(m: ScoredMeld) -> bool:
    return all(GUILIN.cards.is_big(GUILIN.cards.TOKEN_INDEX[t]) for t in m.cards)


def _value(kind: str, big: bool) -> int:
    small, large = ALIKE[kind]
    return large if big else small


#: a buggy belief about one group: the points it would give the group, or None when the
#: belief does not concern that group
GroupModel = Callable[[ScoredMeld], int | None]


def _big_as_small(m: ScoredMeld) -> int | None:
    if not (m.points and _big(m)):
        return None
    if m.kind in ALIKE:
        return _value(m.kind, False)
    return m.points // 2 if m.kind in RUNS else None


def _kaiduo_as_saochuan(m: ScoredMeld) -> int | None:
    return _value("saochuan", _big(m)) if m.kind == "kaiduo" else None


def _saochuan_as_kaiduo(m: ScoredMeld) -> int | None:
    return _value("kaiduo", _big(m)) if m.kind == "saochuan" else None


def _peng_as_kan(m: ScoredMeld) -> int | None:
    return _value("kan", _big(m)) if m.kind == "peng" else None


def _kan_as_peng(m: ScoredMeld) -> int | None:
    return _value("peng", _big(m)) if m.kind in ("kan", "sao", "guosao") else None


def _special_run_missed(m: ScoredMeld) -> int | None:
    return 0 if m.kind in RUNS and m.points else None


GROUP_MODELS: tuple[tuple[str, GroupModel], ...] = (
    ("mc-gl-big-as-small", _big_as_small),
    ("mc-gl-kaiduo-as-saochuan", _kaiduo_as_saochuan),
    ("mc-gl-saochuan-as-kaiduo", _saochuan_as_kaiduo),
    ("mc-gl-peng-as-kan", _peng_as_kan),
    ("mc-gl-kan-as-peng", _kan_as_peng),
    ("mc-gl-special-run-missed", _special_run_missed),
)


def group_belief(melds: tuple[ScoredMeld, ...], right: int, given: int) -> Reason | None:
    """The belief about group values that turns ``right`` into ``given``: applied to
    every group it concerns, or to one group only (the first such group is named)."""
    for code, model in GROUP_MODELS:
        changed = [(m, v) for m in melds if (v := model(m)) is not None and v != m.points]
        if not changed:
            continue
        every = right + sum(v - m.points for m, v in changed)
        if every == given:
            return Reason(code, {"cards": list(changed[0][0].cards), "given": given})
        for m, v in changed:
            if right + v - m.points == given:
                return Reason(code, {"cards": list(m.cards), "given": given})
    return None


# --------------------------------------------------------------------------- duo


def duo_of(hu: int, low: int = 10) -> int:
    return 1 + max(0, hu - low) // 5


def duo_belief(hu: int, given: int, extras: int = 0) -> Reason | None:
    """Wrong ways of turning hu into duo (``extras``: the duo added for zimo, xing and
    special wins, which the learner may have added right)."""
    params = {"hu": hu, "given": given}
    if given in (hu, hu + extras):
        return Reason("mc-gl-hu-not-duo", params)
    if given - extras == hu // 5:
        return Reason("mc-gl-duo-every-five", params)
    if given - extras == max(0, hu - 10) // 5:
        return Reason("mc-gl-duo-no-base", params)
    return None


def _count_belief(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    """``guilin:count``: a win's duo with zimo, xing and the special wins."""
    from app.learning.queries import read
    from app.teaching.guilin.queries import all_cards, win_analysis, win_context

    c = read(ex)
    a = win_analysis(c, ex)
    assert a.points is not None
    return _duo_count_belief(
        a.points, all_cards(c), c.rules, win_context(ex), int(sol.shown), given
    )


def _won(ex: Exercise) -> Any:
    """The finished deal of a position question about the seat's win now."""
    from app.learning.queries import read
    from app.teaching.guilin.queries import win_now

    return win_now(read(ex), ex)


def _duo_now_belief(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    """``guilin:hu-duo``: the duo of the seat's win now (its zimo, xing and special wins)."""
    after = _won(ex)
    r = after.result
    counts = after.seats[r.winner].counts()
    ctx = WinContext(r.zimo, r.specials, r.xing_card)
    return _duo_count_belief(r.huxi, counts, after.rules, ctx, int(sol.shown), given)


def _duo_count_belief(
    hu: int, counts: list[int], rules: ZipaiRules, ctx: WinContext, right: int, given: int
) -> Reason | None:
    base = duo_of(hu, rules.min_huxi)
    extras = right - base
    if ctx.zimo and given == right - 1:
        return Reason("mc-gl-forgot-zimo", {"given": given})
    if ctx.specials and given == right - len(ctx.specials):
        return Reason("mc-gl-forgot-special", {"special": ctx.specials[0], "given": given})
    if ctx.xing_card is not None:
        card = GUILIN.cards.TOKENS[ctx.xing_card]
        woke = GUILIN.xing_matches(ctx.xing_card, counts, rules.xing)
        if woke and given == right - woke:
            return Reason("mc-gl-forgot-xing", {"card": card, "count": woke})
        if rules.xing != "gen":
            same = GUILIN.xing_matches(ctx.xing_card, counts, "gen")
            if given == right - woke + same:
                return Reason("mc-gl-xing-same-value", {"card": card, "count": same})
        other = _other_size_xing(ctx.xing_card, counts, rules.xing)
        if other and given == right + other:
            return Reason("mc-gl-xing-other-size", {"card": card, "count": woke + other})
    return duo_belief(hu, given, extras)


def _xing_now_belief(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    """``guilin:hu-xing``: counted the cards of genxing, or of both sizes."""
    after = _won(ex)
    r = after.result
    if r.xing_card is None:
        return None
    counts = after.seats[r.winner].counts()
    right, mode, card = int(sol.shown), after.rules.xing, GUILIN.cards.TOKENS[r.xing_card]
    if mode != "gen" and given == GUILIN.xing_matches(r.xing_card, counts, "gen") != right:
        return Reason("mc-gl-xing-same-value", {"card": card, "count": given})
    other = _other_size_xing(r.xing_card, counts, mode)
    if other and given == right + other:
        return Reason("mc-gl-xing-other-size", {"card": card, "count": given})
    return Reason("mc-gl-xing-miscount", {"card": card})


def _other_size_xing(card: int, counts: list[int], mode: str) -> int:
    """Cards of the other size a learner ignoring size would also count as xing."""
    twin = card + 10 if card < 10 else card - 10
    return GUILIN.xing_matches(twin, counts, mode)


# --------------------------------------------------------------------------- cards


def _xing_pick_belief(ex: Exercise, given: Counter[str]) -> Reason | None:
    """Picked the cards of genxing, or cards of both sizes."""
    from app.learning.queries import read
    from app.teaching.guilin.queries import all_cards, win_context, xing_picks

    c = read(ex)
    turned = win_context(ex).xing_card
    if turned is None:
        return None
    counts = all_cards(c)
    right = xing_picks(counts, turned, c.rules.xing)
    card = GUILIN.cards.TOKENS[turned]
    if c.rules.xing != "gen" and given == xing_picks(counts, turned, "gen"):
        return Reason("mc-gl-xing-same-value", {"card": card, "count": sum(given.values())})
    twin = turned + 10 if turned < 10 else turned - 10
    if given != right and given == right + xing_picks(counts, twin, c.rules.xing):
        return Reason("mc-gl-xing-other-size", {"card": card, "count": sum(given.values())})
    return None


def _winning_pick_belief(ex: Exercise, sol: Solution, given: set[str]) -> Reason | None:
    """Picked a card that completes the hand below the minimum; else the cards picked
    that complete nothing, or the winning cards left out."""
    low = [w for w in sol.proof.waits if w.card in given and not w.win]
    if low:
        return Reason(
            "mc-gl-below-minimum", {"huxi": low[0].points, "card": low[0].card, "min": 10}
        )
    right = set(sol.shown.split())
    extra = sorted(given - right, key=lambda t: (t[0], int(t[1:])))
    if extra:
        return Reason("mc-extra-waits", {"cards": extra})
    missed = sorted(right - given, key=lambda t: (t[0], int(t[1:])))
    return Reason("mc-missed-waits", {"cards": missed}) if missed else None


def _bi_pick_belief(ex: Exercise, sol: Solution, given: Counter[str]) -> Reason | None:
    """Picked the chi's own two cards and left out the xiabi groups."""
    note = sol.proof.notes[0] if sol.proof.notes else None
    if note is None or not note.action.params.get("bi"):
        return None
    right = Counter(sol.shown.split())
    bi = [t for g in note.action.params["bi"] for t in g]
    own = right - Counter(bi)  # the chi's own two cards
    if given and given < right and not own - given:
        from app.learning.queries import read

        c = read(ex)
        offer = c.game.view(c.state, None).offer if c.state is not None else None
        card = offer.card if offer is not None and offer.card else bi[0]
        return Reason("mc-gl-missed-bi", {"cards": bi, "card": card})
    return None


def _discard_belief(sol: Solution, cid: str) -> Reason | None:
    """A legal discard keeping fewer winning cards than the best one."""
    notes = {n.choice: n for n in sol.proof.notes}
    waits = {
        f.params["card"]: int(f.params["count"])
        for f in sol.proof.facts
        if f.code.startswith("fact-gl-discard")
    }
    mine, best = notes.get(cid), notes.get(sol.shown)
    if mine is None or best is None or not mine.legal:
        return None
    card, top = mine.action.cards[0], best.action.cards[0]
    return Reason("mc-gl-fewer-waits", {"card": card, "count": waits[card], "most": waits[top]})


# --------------------------------------------------------------------------- order


#: claim kind → its rank among claims (the rules, and two wrong beliefs)
RANKS = {
    "right": {"sao": 0, "saochuan": 0, "guosao": 0, "hu": 1, "kaiduo": 2, "peng": 2, "chi": 3},
    "mc-gl-peng-before-hu": {
        "sao": 0,
        "saochuan": 0,
        "guosao": 0,
        "kaiduo": 1,
        "peng": 1,
        "hu": 2,
        "chi": 3,
    },  # fmt: skip
    "mc-gl-chi-before-peng": {
        "sao": 0,
        "saochuan": 0,
        "guosao": 0,
        "hu": 1,
        "chi": 2,
        "kaiduo": 3,
        "peng": 3,
    },  # fmt: skip
}


def _claims(ex: Exercise) -> Iterator[tuple[str, int, str]]:
    for ch in ex.choices:
        if ch.action and ":" in ch.action:
            seat, _, act = ch.action.partition(":")
            yield ch.id, int(seat), act.split()[0]


def _order_belief(ex: Exercise, sol: Solution, given: list[str]) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    offer = c.game.view(c.state, None).offer if c.state is not None else None
    first = offer.seat if offer is not None and offer.seat is not None else 0
    claims = list(_claims(ex))

    def order(ranks: dict[str, int], turn: int = 1) -> list[str]:
        key = {cid: (ranks.get(kind, 9), turn * ((seat - first) % 3)) for cid, seat, kind in claims}
        return sorted(key, key=lambda cid: key[cid])

    if given == sol.shown.split():
        return None
    for code in ("mc-gl-peng-before-hu", "mc-gl-chi-before-peng"):
        if order(RANKS[code]) == given:
            return Reason(code, {})
    if order(RANKS["right"], -1) == given:
        return Reason("mc-gl-seat-order", {})
    return None


# --------------------------------------------------------------------------- diagnosis


def _chosen(ex: Exercise, cid: str) -> Any:
    return next((c for c in ex.choices if c.id == cid), None)


def _true_false_belief(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    truth, _, why = answer.partition(" ")
    right_truth = sol.shown.split()[0]
    chosen = _chosen(ex, why) if why else None
    if truth != right_truth and chosen is not None and chosen.misconception:
        return authored(chosen)
    if ex.query is None or truth == right_truth:
        return None
    name = ex.query.name
    if name == "win" and truth == "true" and sol.proof.analysis is not None:
        a = sol.proof.analysis
        if a.complete and a.points is not None:
            return Reason("mc-gl-below-minimum", {"huxi": a.points, "min": 10, "card": ""})
    if name == "is-legal" and sol.proof.notes:
        note = sol.proof.notes[0]
        kind = note.action.kind
        if note.legal and kind == "hu":
            if _offer_source(ex) == "discard":
                return Reason("mc-gl-no-win-on-discard", {})
            return Reason("mc-gl-win-missed", {})
        if note.legal and kind == "peng":
            return Reason("mc-gl-guozhang-blocks-peng", {"card": note.action.cards[0]})
        if not note.legal and note.reason is not None:
            code = REASONS.get(note.reason.code)
            if code:
                return Reason(code, dict(note.reason.params))
    if name == "guilin:discards-after" and truth == "true" and sol.shown.endswith("chongduo"):
        return Reason("mc-gl-chongduo-discards", {})
    return None


def _offer_source(ex: Exercise) -> str | None:
    from app.learning.queries import read

    c = read(ex)
    offer = c.game.view(c.state, None).offer if c.state is not None else None
    return offer.source if offer is not None else None


def _number_belief(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    name = ex.query.name if ex.query else ""
    a = sol.proof.analysis
    if name in ("points", "guilin:hu-count") and a is not None and a.points is not None:
        return group_belief(a.melds, a.points, given)
    if name == "settlement" and a is not None and a.points is not None:
        return duo_belief(a.points, given) or group_belief(
            a.melds, a.points, given
        )  # a hu count given for duo, itself miscounted: not diagnosed further
    if name == "guilin:count":
        return _count_belief(ex, sol, given)
    if name == "guilin:hu-duo":
        return _duo_now_belief(ex, sol, given)
    if name == "guilin:hu-xing":
        return _xing_now_belief(ex, sol, given)
    if name == "cards-left" and ex.query is not None:
        return _unseen_belief(ex, sol, given)
    return None


def _unseen_belief(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    from app.learning.queries import _state, read

    c = read(ex)
    state, seat = _state(c, ex)
    card = str(ex.query.args["card"]) if ex.query else ""
    hand = c.game.view(state, seat).seats[seat].hand or ()
    mine = list(hand).count(card)
    if mine and given == int(sol.shown) + mine:
        return Reason("mc-gl-unseen-own-hand", {"card": card, "count": mine})
    return Reason("mc-gl-unseen-miscount", {"card": card})


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    words = answer.split()
    if not words:
        return None
    if ex.kind in ("choice", "choose-action"):
        chosen = _chosen(ex, words[0])
        if chosen is not None and chosen.misconception:
            return authored(chosen)
        if ex.query is not None and ex.query.name == "guilin:best-discard":
            return _discard_belief(sol, words[0])
        return None  # the shared fallback maps a refused action's reason
    if ex.kind == "true-false":
        return _true_false_belief(ex, sol, answer)
    if ex.kind == "number":
        try:
            return _number_belief(ex, sol, int(answer))
        except ValueError:
            return None
    if ex.kind == "pick-cards":
        name = ex.query.name if ex.query else ""
        if name == "guilin:xing-cards":
            return _xing_pick_belief(ex, Counter(words))
        if name in ("guilin:winning-cards", "guilin:draw-wins", "waits"):
            return _winning_pick_belief(ex, sol, set(words))
        if name in ("guilin:bi-cards", "guilin:chi-out"):
            return _bi_pick_belief(ex, sol, Counter(words))
        return None
    if ex.kind == "order":
        return _order_belief(ex, sol, words)
    return None
