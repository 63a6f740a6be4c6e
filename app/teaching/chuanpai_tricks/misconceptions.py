"""Misconceptions of chuanpai-tricks: the catalog and the diagnosis (buggy models).

The trick game's mistakes are about ranks (pips are not ranks, colours and suits are
apart, equal does not beat), shapes (pairs of identical cards, the four combinations),
the duty to beat the best play so far, memory, and counting a laid-out pile (yingzhang, the
levels, fan and its cap, tuoshou, baopai). Each buggy model recomputes the answer the way a
learner holding the wrong belief would, with the engine's own pieces
(:mod:`app.engine.chuanpai.tricks.plays` and ``settle``); the belief whose answer equals
the learner's is the diagnosis, with its parameters (the cards, the count).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from app.engine.chuanpai.cards import INDEX, POINTS, is_red
from app.engine.chuanpai.tricks.plays import COMBOS, HARD, RANK, SUIT, classify
from app.engine.chuanpai.tricks.settle import RED_CARDS
from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception
from app.learning.verdict import Solution

GAME = "chuanpai-tricks"

CATALOG: tuple[Misconception, ...] = (
    Misconception("mc-tj-rank-by-pips", "ranks", "tj-02-civil#not-pips"),
    Misconception("mc-tj-misranked", "ranks", "tj-02-civil#civil-ranks"),
    Misconception("mc-tj-colour-mix", "ranks", "tj-03-military#colours-apart"),
    Misconception("mc-tj-dianzi-vs-civil", "ranks", "tj-03-military#two-suits"),
    Misconception("mc-tj-equal-beats", "ranks", "tj-02-civil#equal"),
    Misconception("mc-tj-wrong-shape", "plays", "tj-04-pairs-combos#same-shape"),
    Misconception("mc-tj-mixed-pair", "combos", "tj-04-pairs-combos#pairs"),
    Misconception("mc-tj-wrong-combo-partner", "combos", "tj-04-pairs-combos#combo-cards"),
    Misconception("mc-tj-combo-by-pips", "combos", "tj-04-pairs-combos#combos"),
    Misconception("mc-tj-not-a-lead", "plays", "tj-05-deal#lead-shapes"),
    Misconception("mc-tj-covered-when-able", "plays", "tj-06-beating#must-beat"),
    Misconception("mc-tj-beat-lead-only", "plays", "tj-06-beating#best-so-far"),
    Misconception("mc-tj-wrong-count", "plays", "tj-06-beating#cover"),
    Misconception("mc-tj-played-hard-card", "cards", "tj-01-deck#hard-cards"),
    Misconception("mc-tj-deck-84", "cards", "tj-01-deck#deck-84"),
    Misconception("mc-tj-no-heaven-no-nine", "cards", "tj-05-deal#no-tian-no-jiu"),
    Misconception("mc-tj-first-lead-top", "plays", "tj-05-deal#first-lead"),
    Misconception("mc-tj-baopai-lead", "plays", "tj-05-deal#first-lead"),
    Misconception("mc-tj-missed-threat", "plays", "tj-07-memory#sure-lead"),
    Misconception("mc-tj-all-out", "plays", "tj-07-memory#sure-lead"),
    Misconception("mc-tj-forgot-own-cards", "plays", "tj-07-memory#count-out"),
    Misconception("mc-tj-forgot-piles", "plays", "tj-07-memory#count-out"),
    Misconception("mc-tj-forgot-hard-cards", "counting", "tj-08-winning#sixteen"),
    Misconception("mc-tj-level-thresholds", "counting", "tj-08-winning#levels"),
    Misconception("mc-tj-forgot-fan", "counting", "tj-09-fan#fan-rule"),
    Misconception("mc-tj-fan-added", "counting", "tj-09-fan#doubling"),
    Misconception("mc-tj-fan-uncapped", "counting", "tj-09-fan#cap"),
    Misconception("mc-tj-three-black", "counting", "tj-09-fan#fan-rule"),
    Misconception("mc-tj-no-fan-table", "counting", "tj-09-fan#no-fan"),
    Misconception("mc-tj-red-card-list", "counting", "tj-09-fan#red-cards"),
    Misconception("mc-tj-tuoshou-needs-five", "going-out", "tj-08-winning#tuoshou"),
    Misconception("mc-tj-missed-tuoshou", "going-out", "tj-08-winning#tuoshou"),
    Misconception("mc-tj-huangpai", "settlement", "tj-08-winning#huangpai"),
    Misconception("mc-tj-forgot-baopai", "settlement", "tj-09-fan#baopai"),
)

#: engine reason code of a refused action → misconception code
REASONS: dict[str, str] = {
    "cp-tj-must-beat": "mc-tj-covered-when-able",
    "cp-tj-wrong-count": "mc-tj-wrong-count",
    "cp-tj-not-a-lead": "mc-tj-not-a-lead",
    "cp-tj-first-lead": "mc-tj-first-lead-top",
    "cp-tj-no-tuoshou": "mc-tj-tuoshou-needs-five",
    "cp-tj-hard-card": "mc-tj-played-hard-card",
}

#: (code, exercise id, wrong answer): one real wrong answer per code, judged in the tests
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("mc-tj-rank-by-pips", "tj-02-civil.order-mixed", "a c b d"),
    ("mc-tj-misranked", "tj-03-military.order-black", "d c a b"),
    ("mc-tj-colour-mix", "tj-03-military.colour-ex", "true a"),
    ("mc-tj-dianzi-vs-civil", "tj-03-military.suit-ex", "true a"),
    ("mc-tj-equal-beats", "tj-02-civil.tie-ex", "true a"),
    ("mc-tj-wrong-shape", "tj-04-pairs-combos.shape-ex", "true a"),
    ("mc-tj-mixed-pair", "tj-04-pairs-combos.pair-ex", "true a"),
    ("mc-tj-wrong-combo-partner", "tj-04-pairs-combos.partner-ex", "true a"),
    ("mc-tj-combo-by-pips", "tj-04-pairs-combos.combo-order", "b a d c"),
    ("mc-tj-not-a-lead", "chuanpai-tricks.act-lead", "b"),
    ("mc-tj-covered-when-able", "tj-06-beating.must-beat-ex", "true a"),
    ("mc-tj-beat-lead-only", "tj-06-beating.trap-ex", "26"),
    ("mc-tj-wrong-count", "tj-06-beating.count-ex", "true a"),
    ("mc-tj-played-hard-card", "tj-01-deck.pick-hard", "24"),
    ("mc-tj-deck-84", "quiz.chuanpai-tricks.cards.1", "a"),
    ("mc-tj-no-heaven-no-nine", "chuanpai-tricks.no-heaven-no-nine", "b"),
    ("mc-tj-first-lead-top", "tj-05-deal.forbid-ex", "true a"),
    ("mc-tj-baopai-lead", "quiz.chuanpai-tricks.play.3", "a"),
    ("mc-tj-missed-threat", "tj-07-memory.sure-ex2", "true a"),
    ("mc-tj-all-out", "tj-07-memory.sure-ex1", "false b"),
    ("mc-tj-forgot-own-cards", "tj-07-memory.left-ex2", "3"),
    ("mc-tj-forgot-piles", "tj-07-memory.left-ex1", "4"),
    ("mc-tj-forgot-hard-cards", "tj-08-winning.sixteen-ex", "a"),
    ("mc-tj-level-thresholds", "tj-08-winning.levels-ex", "b"),
    ("mc-tj-forgot-fan", "tj-09-fan.value-ex", "2"),
    ("mc-tj-fan-added", "tj-09-fan.value-ex", "3"),
    ("mc-tj-fan-uncapped", "tj-09-fan.fan-ex", "3"),
    ("mc-tj-three-black", "tj-09-fan.value-ex", "8"),
    ("mc-tj-no-fan-table", "tj-09-fan.no-fan-ex", "2"),
    ("mc-tj-red-card-list", "tj-09-fan.red-ex", "11 13 14 34 44 66"),
    ("mc-tj-tuoshou-needs-five", "tj-08-winning.short-ex", "b"),
    ("mc-tj-missed-tuoshou", "tj-08-winning.tuoshou-ex", "a"),
    ("mc-tj-huangpai", "quiz.chuanpai-tricks.scoring.14", "a"),
    ("mc-tj-forgot-baopai", "tj-09-fan.baopai-ex", "-1"),
)


# -- plays compared ----------------------------------------------------------------------

#: comparison (``queries_chuanpai_tricks.compare``) → the belief that makes it a beat
BELIEF = {
    "other-colour": "mc-tj-colour-mix",
    "other-suit": "mc-tj-dianzi-vs-civil",
    "equal": "mc-tj-equal-beats",
    "other-shape": "mc-tj-wrong-shape",
}
COMBO_TOPS = frozenset(top for _, top, _ in COMBOS)


def pips(cards: Sequence[str]) -> int:
    return sum(POINTS[INDEX[t]] for t in cards)


def bad_play(cards: Sequence[str]) -> Reason:
    """Why two (or more) cards are no play: a pair of equal rank but different faces,
    an honour card with the wrong partner, or simply no single, pair or combination."""
    cards = list(cards)
    if len(cards) == 2 and all(t in SUIT for t in cards):
        a, b = cards
        if a != b and SUIT[a] == SUIT[b] and RANK[a] == RANK[b]:
            return Reason("mc-tj-mixed-pair", {"cards": cards})
        tops = [t for t in cards if t in COMBO_TOPS]
        if len(tops) == 1:
            top = tops[0]
            other = b if top == a else a
            mates = next(m for _, t, m in COMBOS if t == top)
            return Reason(
                "mc-tj-wrong-combo-partner",
                {"card": top, "cards": cards, "partner_cards": list(mates), "other_card": other},
            )
    if any(t in HARD for t in cards):
        return Reason("mc-tj-played-hard-card", {"card": next(t for t in cards if t in HARD)})
    return Reason("mc-tj-not-a-lead", {"cards": cards})


def wrong_beat(table: Sequence[str], mine: Sequence[str], lead: Sequence[str] = ()) -> Reason:
    """The belief behind taking ``mine`` for a beat of ``table`` (the best play so far;
    ``lead`` the trick's lead when another seat has beaten it since)."""
    from app.teaching.chuanpai_tricks.queries import compare

    mine, table = list(mine), list(table)
    if any(t in HARD for t in mine):
        return Reason("mc-tj-played-hard-card", {"card": next(t for t in mine if t in HARD)})
    why = compare(table, mine)
    if lead and list(lead) != table and compare(lead, mine) == "beats" and why != "beats":
        return Reason(
            "mc-tj-beat-lead-only", {"cards": mine, "lead_cards": list(lead), "best_cards": table}
        )
    if why == "not-a-play":
        return bad_play(mine)
    if why in BELIEF:
        return Reason(BELIEF[why], {"cards": mine, "table_cards": table})
    if why == "lower" and pips(mine) > pips(table):
        return Reason("mc-tj-rank-by-pips", {"cards": mine, "table_cards": table})
    return Reason("mc-tj-misranked", {"cards": mine, "table_cards": table})


def missed_beat(table: Sequence[str], mine: Sequence[str]) -> Reason:
    """The belief behind thinking ``mine`` does not beat ``table`` when it does."""
    if pips(mine) < pips(table):
        return Reason("mc-tj-rank-by-pips", {"cards": list(mine), "table_cards": list(table)})
    return Reason("mc-tj-misranked", {"cards": list(table), "table_cards": list(mine)})


# -- counting a pile under wrong beliefs --------------------------------------------------


def _level(n: int, flat: bool) -> int:
    if n < 16:
        return 0
    if flat:
        return 1
    return 4 if n >= 23 else 2 if n >= 21 else 1


def _fan(pile: Sequence[str], model: str) -> tuple[int, int]:
    """(fan capped, fan uncapped) of a pile of 17 or more under a model of sanhong sihei."""
    counts: dict[str, int] = {}
    for t in pile:
        counts[t] = counts.get(t, 0) + 1
    total = 0
    for t, n in counts.items():
        red = is_red(t) if model == "red-pips" else t in RED_CARDS
        if red and n >= 3:
            total += n - 2
        elif not red and (n == 4 or (model == "three-black" and n == 3)):
            total += 1
    return min(total, len(pile) - 16), total


def pile_count(pile: Sequence[str], fan_rule: str, model: str = "") -> tuple[int, int, int]:
    """(value, fan, level) of a laid-out pile as the engine counts it (``model`` empty) or
    as a learner with a wrong belief would: ``no-hard`` (yingzhang not counted), ``no-fan``,
    ``fan-added`` (fan added, not doubled), ``uncapped``, ``three-black``, ``red-pips``
    (every card with a red pip taken for a hongpai), ``flat-level`` (yijia and liangjia ignored)."""
    if model == "no-hard":
        pile = [t for t in pile if t not in HARD]
    n = len(pile)
    level = _level(n, model == "flat-level")
    if level == 0:
        return 0, 0, 0
    fan = 0
    if fan_rule == "sets" and model != "no-fan" and n > 16:
        capped, uncapped = _fan(pile, model)
        fan = uncapped if model == "uncapped" else capped
    value = level + fan if model == "fan-added" else level * 2**fan
    return value, fan, level


MODELS = (
    ("no-hard", "mc-tj-forgot-hard-cards"),
    ("no-fan", "mc-tj-forgot-fan"),
    ("uncapped", "mc-tj-fan-uncapped"),
    ("three-black", "mc-tj-three-black"),
    ("red-pips", "mc-tj-red-card-list"),
    ("flat-level", "mc-tj-level-thresholds"),
    ("fan-added", "mc-tj-fan-added"),
)


def _pile_of(ex: Exercise) -> tuple[list[str], Any, int | None]:
    from app.learning.queries import read

    c = read(ex)
    if c.holding is None:
        return [], c.rules, None
    return list(c.holding.hand), c.rules, c.holding.context.get("in_hand")


def _count_diagnosis(ex: Exercise, sol: Solution, given: int, what: str) -> Reason | None:
    pile, rules, _ = _pile_of(ex)
    if not pile:
        return None
    index = {"value": 0, "fan": 1}[what]
    right = pile_count(pile, rules.fan)[index]
    for model, code in MODELS:
        wrong = pile_count(pile, rules.fan, model)[index]
        if wrong == given and wrong != right:
            return _count_reason(code, pile, given, rules.fan)
    if rules.fan == "none" and given == pile_count(pile, "sets")[index] != right:
        return _count_reason("mc-tj-no-fan-table", pile, given, rules.fan)
    value, fan, level = pile_count(pile, rules.fan)
    if (
        what == "value"
        and level
        and given in {other * 2**fan for other in (1, 2, 4) if other != level}
    ):
        return _count_reason("mc-tj-level-thresholds", pile, given, rules.fan)
    return None


def _count_reason(code: str, pile: Sequence[str], given: int, fan_rule: str) -> Reason:
    value, fan, level = pile_count(pile, fan_rule)
    params: dict[str, Any] = {
        "given": given,
        "count": len(pile),
        "fan": fan,
        "value": value,
        "cap": max(0, len(pile) - 16),
    }
    if code == "mc-tj-forgot-hard-cards":
        params["cards"] = [t for t in pile if t in HARD]
    if code in ("mc-tj-three-black", "mc-tj-red-card-list"):
        red = code == "mc-tj-red-card-list"
        counts = {t: list(pile).count(t) for t in set(pile)}
        params["cards"] = sorted(
            t
            for t, n in counts.items()
            if n >= 3 and t not in RED_CARDS and (is_red(t) == red) and (red or n == 3)
        )
    if code == "mc-tj-level-thresholds":
        params["level"] = level
    return Reason(code, params)


def _points_diagnosis(ex: Exercise, given: int) -> Reason | None:
    pile, _, _ = _pile_of(ex)
    hard = [t for t in pile if t in HARD]
    if hard and given == len(pile) - len(hard):
        return Reason(
            "mc-tj-forgot-hard-cards",
            {"given": given, "count": len(pile), "cards": hard, "fan": 0, "value": 0},
        )
    return None


def _level_diagnosis(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    from app.teaching.chuanpai_tricks.queries import LEVELS

    chosen = next((c for c in ex.choices if c.id == answer.strip()), None)
    if chosen is None or chosen.reason is None:
        return None
    pile, rules, in_hand = _pile_of(ex)
    right = str(sol.value)
    params = {"count": len(pile), "in_hand": "—" if in_hand is None else in_hand}
    if chosen.reason == "tuoshou":
        return Reason("mc-tj-tuoshou-needs-five", params)
    if right == "tuoshou" and chosen.reason == "short":  # tuoshou was there to declare
        return Reason("mc-tj-missed-tuoshou", params)
    _, _, no_hard = pile_count(pile, rules.fan, "no-hard")
    hard = [t for t in pile if t in HARD]
    if hard and chosen.reason == LEVELS[no_hard]:
        return Reason(
            "mc-tj-forgot-hard-cards",
            {"given": len(pile) - len(hard), "count": len(pile), "cards": hard, "fan": 0},
        )
    return Reason("mc-tj-level-thresholds", {**params, "level": right})


# -- positions ---------------------------------------------------------------------------------


def _state(ex: Exercise) -> Any:
    from app.learning.queries import read

    return read(ex).state


def _trick_plays(state: Any) -> tuple[list[str], list[str]]:
    """(the lead, the best play so far) of the trick on the table."""
    if state is None or not state.trick:
        return [], []
    lead = list(state.trick[0][1])
    best = list(state.trick[state.best][1]) if state.best is not None else lead
    return lead, best


def refused(ex: Exercise, action: Action, reason: Reason | None) -> Reason | None:
    """The belief behind an action the rules refuse."""
    if reason is None:
        return None
    if reason.code == "cp-tj-not-a-lead":
        return bad_play(action.cards)
    if reason.code == "cp-tj-no-tuoshou":
        state = _state(ex)
        in_hand = sum(state.hands[action.seat]) if state is not None else "—"
        count = reason.params.get("cards", 0)
        return Reason("mc-tj-tuoshou-needs-five", {"count": count, "in_hand": in_hand})
    if action.kind == "beat" and reason.code == "cp-tj-no-beat":
        lead, best = _trick_plays(_state(ex))
        if best:
            return wrong_beat(best, action.cards, lead)
    code = REASONS.get(reason.code)
    if code is None:
        return None
    return Reason(code, {"action": action.text(), **dict(reason.params)})


def _choose_action(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    note = next((n for n in sol.proof.notes if n.choice == answer.strip()), None)
    if note is None or note.legal:
        return None
    return refused(ex, note.action, note.reason)


def _is_legal(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    truth = answer.split()[0] if answer.split() else ""
    if not sol.proof.notes or truth != "true" or sol.value:
        return None
    note = sol.proof.notes[0]
    return refused(ex, note.action, note.reason)


def _picked_play(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """A pick-cards answer meant as a beat (``beaters``, ``action-cards`` of a beat)."""
    cards = answer.split()
    lead, best = _trick_plays(_state(ex))
    if not cards or not best:
        return None
    return wrong_beat(best, cards, lead)


def _cards_of(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    from app.teaching.chuanpai_tricks.queries import CLASSES

    kind = str(ex.query.args.get("kind", "")) if ex.query else ""
    given, right = Counter(answer.split()), Counter(sol.shown.split())
    extra = sorted((given - right).elements())
    missing = sorted((right - given).elements())
    if kind == "hard" and missing:
        return Reason("mc-tj-played-hard-card", {"card": missing[0]})
    if kind == "red-card" and extra and all(is_red(t) for t in extra):
        return Reason("mc-tj-red-card-list", {"cards": extra, "given": 0, "count": 0})
    if kind in ("civil", "dianzi", "red", "black") and (extra or missing):
        wrong = extra or missing
        other = "dianzi" if kind == "civil" else "civil"
        if kind in ("red", "black") and all(t in CLASSES["dianzi"] for t in wrong):
            return Reason("mc-tj-colour-mix", {"cards": wrong, "table_cards": []})
        if all(t in CLASSES[other] or t in CLASSES[kind] for t in wrong):
            return Reason("mc-tj-dianzi-vs-civil", {"cards": wrong, "table_cards": []})
    return None


def _cards_left(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    fact = sol.proof.facts[0] if sol.proof.facts else None
    if fact is None:
        return None
    p = fact.params
    left = int(p["left"])
    if p["hand"] and given == left + int(p["hand"]):
        return Reason("mc-tj-forgot-own-cards", dict(p))
    if int(p["laid"]) + int(p["table"]) and given in (
        left + int(p["laid"]),
        left + int(p["table"]),
        left + int(p["laid"]) + int(p["table"]),
    ):
        return Reason("mc-tj-forgot-piles", dict(p))
    return None


def _sure(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    truth = answer.split()[0] if answer.split() else ""
    fact = sol.proof.facts[0] if sol.proof.facts else None
    if fact is None or truth == ("true" if sol.value else "false"):
        return None
    if fact.code == "tj-fact-can-be-beaten":
        return Reason("mc-tj-missed-threat", dict(fact.params))
    return Reason("mc-tj-all-out", dict(fact.params))


def _rank_order(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    from app.learning.queries import read
    from app.teaching.chuanpai_tricks.queries import play_cards

    c = read(ex)
    plays = {ch.id: list(play_cards(c, ch.action or "")) for ch in ex.choices}
    given = answer.split()
    by_pips = sorted(plays, key=lambda cid: -pips(plays[cid]))
    right = list(sol.value)
    i = next((i for i, (a, b) in enumerate(zip(given, right, strict=False)) if a != b), None)
    if i is None or given[i] not in plays:
        return None
    params = {"cards": plays[given[i]], "table_cards": plays[right[i]]}
    if given == by_pips and len({pips(p) for p in plays.values()}) == len(plays):
        shapes = {p.shape for p in map(classify, plays.values()) if p is not None}
        code = "mc-tj-combo-by-pips" if shapes == {"combo"} else "mc-tj-rank-by-pips"
        return Reason(code, params)
    return Reason("mc-tj-misranked", params)


def _score(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    if c.state is None or c.seat is None:
        return None
    out = c.game.outcome(c.state)
    if out is None or out.winner is None:
        return None
    if c.state.baopai is None or out.winner == c.state.baopai:
        pile = list(c.state.piles[out.winner])
        share = 1 if c.seat != out.winner else -(len(out.scores) - 1)
        for model, code in MODELS:
            if given == -share * pile_count(pile, c.rules.fan, model)[0] != out.scores[c.seat]:
                return _count_reason(code, pile, given, c.rules.fan)
        return None
    value = out.scores[out.winner] // 2
    if c.seat != out.winner and given == -value:
        return Reason("mc-tj-forgot-baopai", {"value": value})
    if c.seat == out.winner and given == 2 * value:
        return Reason("mc-tj-forgot-baopai", {"value": value})
    return None


def _numeric(
    diagnosis: Callable[[Exercise, Solution, int], Reason | None],
) -> Callable[[Exercise, Solution, str], Reason | None]:
    """A diagnosis of a number answer (``None`` when the answer is not a number)."""

    def run(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
        try:
            given = int(answer)
        except ValueError:
            return None
        return diagnosis(ex, sol, given)

    return run


def _compared_as(name: str) -> Any:
    return lambda ex, sol, answer: _compared(ex, sol, answer, name)


P = "chuanpai-tricks:"  # the game's own queries (app/teaching/chuanpai_tricks/queries.py)

#: query name → the diagnosis of a wrong answer to it
BY_QUERY: dict[str, Any] = {
    "is-legal": _is_legal,
    "action-cards": _picked_play,
    "points": _numeric(lambda ex, sol, n: _points_diagnosis(ex, n)),
    P + "value": _numeric(lambda ex, sol, n: _count_diagnosis(ex, sol, n, "value")),
    P + "fan": _numeric(lambda ex, sol, n: _count_diagnosis(ex, sol, n, "fan")),
    P + "cards-left": _numeric(_cards_left),
    P + "score": _numeric(_score),
    P + "level": _level_diagnosis,
    P + "beaters": _picked_play,
    P + "cards-of": _cards_of,
    P + "sure": _sure,
    P + "rank-order": _rank_order,
    P + "beats": _compared_as("beats"),
    P + "does-beat": _compared_as("does-beat"),
}


def _baopai_lead(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """A first lead chosen that the rules allow but that makes the leader baopai."""
    note = next((n for n in sol.proof.notes if n.choice == answer.strip()), None)
    if note is None:
        return None
    if not note.legal:
        return refused(ex, note.action, note.reason)
    if note.action.params.get("baopai"):
        return Reason("mc-tj-baopai-lead", {"cards": list(note.action.cards)})
    return None


def _beats_best(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """True or false: does a play of the hand beat the best play so far."""
    from app.learning.queries import read
    from app.teaching.chuanpai_tricks.queries import compare, play_cards

    c = read(ex)
    lead, best = _trick_plays(c.state)
    if not best:
        return None
    mine = list(play_cards(c, str(ex.query.args.get("action", "")) if ex.query else ""))
    truth = answer.split()[0] if answer.split() else ""
    beats = compare(best, mine) == "beats"
    if truth == "true" and not beats:
        return wrong_beat(best, mine, lead)
    if truth == "false" and beats:
        return missed_beat(best, mine)
    return None


BY_QUERY[P + "beats-best"] = _beats_best


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    if ex.query is not None and ex.query.name == P + "no-baopai":
        return _baopai_lead(ex, sol, answer)
    if ex.kind == "choose-action":
        return _choose_action(ex, sol, answer)
    found = BY_QUERY.get(ex.query.name if ex.query else "")
    return found(ex, sol, answer) if found is not None else None


def _compared(ex: Exercise, sol: Solution, answer: str, name: str) -> Reason | None:
    from app.learning.queries import read
    from app.teaching.chuanpai_tricks.queries import compare, play_cards

    c = read(ex)
    if c.holding is None:
        return None
    table = list(c.holding.hand)
    if name == "beats":
        chosen = next((ch for ch in ex.choices if ch.id == answer.strip()), None)
        if chosen is None or not chosen.action:
            return None
        return wrong_beat(table, play_cards(c, chosen.action))
    mine = list(play_cards(c, str(ex.query.args.get("action", "")) if ex.query else ""))
    truth = answer.split()[0] if answer.split() else ""
    beats = compare(table, mine) == "beats"
    if truth == "true" and not beats:
        return wrong_beat(table, mine)
    if truth == "false" and beats:
        return missed_beat(table, mine)
    return None
