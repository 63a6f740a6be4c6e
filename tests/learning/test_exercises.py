"""Exercises: every kind read, judged and explained the same way for every game.

- The judge compares meanings: the engine's answer in any equivalent form (cards in
  any order, Chinese names for tokens, any accepted choice) is right; answers that mean
  something else are wrong.
- Every misconception of every game's catalog is reached by the judge from a real
  wrong answer (each family lists one example per code: ``EXAMPLES``), and names the
  lesson step that teaches it.
- The property (Hypothesis), over the whole bank and the generators: the engine's
  answer in any form a learner may give is judged right, and an answer of any other
  meaning (random cards, numbers, choices, orders, truths) never is.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from app.engine.core.registry import all_variants
from app.learning import bank, generators
from app.learning.answers import AnswerError, held_cards, read_answer
from app.learning.exercise import Exercise
from app.learning.judge import judge
from app.learning.misconceptions import catalog
from app.learning.queries import solve
from app.text.cards import family
from app.text.messages import MESSAGES

GAMES = [v.id for v in all_variants()]
EXERCISES = sorted(bank.authored().values(), key=lambda e: e.id)


def _chinese(ex: Exercise, tokens: list[str]) -> str:
    fam = family(ex.family)
    return " ".join(fam.card(t).name.zh.split("（")[0] for t in tokens)


def equivalent_forms(ex: Exercise, shown: str, rng: random.Random) -> list[MultiDict]:
    if ex.kind == "pick-cards":
        cards = shown.split()
        shuffled = cards[:]
        rng.shuffle(shuffled)
        return [
            MultiDict([("pick", t) for t in shuffled]),
            MultiDict({"cards": " ".join(shuffled)}),
            MultiDict({"cards": _chinese(ex, shuffled)}),
        ]
    if ex.kind == "number":
        return [MultiDict({"number": shown}), MultiDict({"number": f" {shown} "})]
    if ex.kind in ("choose-action", "choice"):
        return [MultiDict({"choice": a}) for a in solve(ex).accepted]
    if ex.kind == "order":
        return [MultiDict({f"rank-{cid}": str(i + 1) for i, cid in enumerate(shown.split())})]
    truth, _, why = shown.partition(" ")
    return [MultiDict({"truth": truth, **({"why": why} if why else {})})]


def wrong_forms(ex: Exercise, shown: str, rng: random.Random) -> list[MultiDict]:
    sol = solve(ex)
    if ex.kind == "pick-cards":
        cards = shown.split()
        out = []
        if len(cards) > 1:
            out.append(MultiDict([("pick", t) for t in cards[1:]]))
        held = held_cards(ex)  # where the answer comes from the hand, a card held
        pool = held if held is not None else family(ex.family).tokens
        others = [t for t in pool if t not in cards]
        if others:
            out.append(MultiDict([("pick", t) for t in [*cards, rng.choice(others)]]))
        return out
    if ex.kind == "number":
        return [MultiDict({"number": str(int(shown) + d)}) for d in (-1, 1, 10)]
    if ex.kind in ("choose-action", "choice"):
        return [MultiDict({"choice": c.id}) for c in ex.choices if c.id not in sol.accepted]
    if ex.kind == "order":
        ids = shown.split()
        if len(ids) < 2:
            return []
        swapped = [ids[1], ids[0], *ids[2:]]
        return [MultiDict({f"rank-{cid}": str(i + 1) for i, cid in enumerate(swapped)})]
    truth, _, why = shown.partition(" ")
    flipped = "false" if truth == "true" else "true"
    return [MultiDict({"truth": flipped, **({"why": why} if why else {})})]


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_the_engine_answer_in_any_form_is_right_and_other_answers_are_not(ex):
    rng = random.Random(ex.id)
    sol = solve(ex)
    for form in equivalent_forms(ex, sol.shown, rng):
        assert judge(ex, read_answer(ex, form)).correct, (ex.id, dict(form))
    for form in wrong_forms(ex, sol.shown, rng):
        v = judge(ex, read_answer(ex, form))
        assert not v.correct, (ex.id, dict(form))
        assert v.misconception is not None and v.misconception.code in MESSAGES, (
            ex.id,
            v.misconception,
        )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_catalog_of_misconceptions_with_messages(game):
    codes = catalog(game)
    assert len(codes) >= 12, f"{game}: {len(codes)} misconceptions"
    for code in codes:
        texts = MESSAGES.get(code)
        assert texts and texts["en"] and texts["zh"], code


@pytest.mark.parametrize("game", GAMES)
def test_every_wrong_option_of_a_choice_names_its_mistake(game):
    """A wrong option of an authored choice exercise is judged with the rule it breaks
    (an authored or diagnosed misconception with a message), never the bare "not that";
    a right option carries no misconception."""
    for ex in bank.authored().values():
        if ex.kind != "choice" or ex.game != game:
            continue
        accepted = set(solve(ex).accepted)
        for choice in ex.choices:
            if choice.id in accepted:
                assert not choice.misconception, (ex.id, choice.id)
                continue
            mc = judge(ex, choice.id).misconception
            assert mc is not None and mc.code not in ("mc-wrong", "mc-wrong-choice"), (
                ex.id,
                choice.id,
                mc,
            )
            assert mc.code in MESSAGES, (ex.id, choice.id, mc)


def _examples():
    import importlib

    from app.learning import teaching
    from app.learning.misconceptions import SHARED_EXAMPLES

    for t in teaching.every():
        module = importlib.import_module(f"{teaching.folder(t.game)}.misconceptions")
        yield from getattr(module, "EXAMPLES", ())
    yield from SHARED_EXAMPLES


def test_every_shared_reason_is_reached_by_the_judge_and_fills_its_message():
    """The shared codes of the exact reason (a count beside the engine's, why a statement
    is true or false, the rule refusing a move) each reached by a real wrong answer,
    their message filled in both languages, and none of them a fallback."""
    import re

    from app.learning.misconceptions import FALLBACKS, SHARED_EXAMPLES
    from app.text.results import reason_text

    for code, exercise_id, answer in SHARED_EXAMPLES:
        ex = bank.get(exercise_id)
        v = judge(ex, answer)
        assert not v.correct and v.misconception is not None, (exercise_id, answer)
        assert v.misconception.code == code, (exercise_id, answer, v.misconception)
        assert code not in FALLBACKS
        for lang in ("en", "zh"):
            text = reason_text(ex.family, code, v.misconception.params, lang)
            assert not re.search(r"\{\w+\}|mc-|tf-", text), (code, lang, text)


@pytest.mark.parametrize("game", GAMES)
def test_every_misconception_is_reached_by_the_judge(game):
    reached = Counter()
    for code, exercise_id, answer in _examples():
        ex = bank.get(exercise_id)
        assert ex is not None, exercise_id
        if ex.game != game:
            continue
        v = judge(ex, answer)
        assert not v.correct and v.misconception is not None, (exercise_id, answer)
        assert v.misconception.code == code, (exercise_id, answer, v.misconception)
        reached[code] += 1
    missing = sorted(set(catalog(game)) - set(reached))
    assert not missing, f"{game}: no wrong answer reaches {missing}"


# -- the property: any form of the engine's answer is right, any other meaning is wrong --

SEPARATORS = [" ", "  ", ",", "，", " , "]
FULLWIDTH = str.maketrans("0123456789-", "０１２３４５６７８９－")


def _meaning_is_right(ex: Exercise, answer: str) -> bool:
    """What the answer means, compared with what the engine accepts, written from the
    kinds' definitions (not from the judge): cards as a multiset (the waits as a set of
    distinct cards), numbers as integers, an order as a sequence, true-false as a pair."""
    sol = solve(ex)
    given = answer.split()
    if ex.kind == "pick-cards":
        if ex.query is not None and ex.query.name == "waits":
            return len(set(given)) == len(given) and set(given) == set(sol.shown.split())
        return any(Counter(given) == Counter(a.split()) for a in sol.accepted)
    if ex.kind == "number":
        return any(int(answer) == int(a) for a in sol.accepted)
    return any(given == a.split() for a in sol.accepted)


@st.composite
def _card_form(draw: st.DrawFn, ex: Exercise, tokens: list[str]) -> MultiDict:
    """Cards as a learner may give them: ticked boxes, or typed in any order, each card
    as its token (any case) or its Chinese name, with any separator."""
    tokens = draw(st.permutations(tokens))
    if draw(st.booleans()):
        return MultiDict([("pick", t) for t in tokens])
    fam = family(ex.family)
    words = [
        draw(st.sampled_from([t, t.upper(), fam.card(t).name.zh.split("（")[0]])) for t in tokens
    ]
    seps = [draw(st.sampled_from(SEPARATORS)) for _ in words]
    typed = "".join(w + s for w, s in zip(words, seps, strict=True))
    return MultiDict({"cards": draw(st.sampled_from(["", " "])) + typed})


@st.composite
def _equivalent_form(draw: st.DrawFn, ex: Exercise) -> MultiDict:
    accepted = solve(ex).accepted
    shown = draw(st.sampled_from(accepted))
    if ex.kind == "pick-cards":
        return draw(_card_form(ex, shown.split()))
    if ex.kind == "number":
        text = (
            draw(st.sampled_from(["", "0", "00"])) + shown if not shown.startswith("-") else shown
        )
        if draw(st.booleans()):
            text = text.translate(FULLWIDTH)
        return MultiDict({"number": f"{draw(st.sampled_from(['', ' ']))}{text} "})
    if ex.kind in ("choose-action", "choice"):
        return MultiDict({"choice": f" {shown} " if draw(st.booleans()) else shown})
    if ex.kind == "order":
        items = [(f"rank-{cid}", str(i + 1)) for i, cid in enumerate(shown.split())]
        return MultiDict(draw(st.permutations(items)))
    truth, _, why = shown.partition(" ")
    return MultiDict({"truth": truth, **({"why": why} if why else {})})


@st.composite
def _other_answer(draw: st.DrawFn, ex: Exercise) -> tuple[str, MultiDict]:
    """Any answer of the right shape: (its meaning as canonical text, the form)."""
    sol = solve(ex)
    if ex.kind == "pick-cards":
        deck = list(family(ex.family).tokens)
        right = sol.shown.split()
        picked = draw(
            st.one_of(
                st.lists(st.sampled_from(deck), min_size=1, max_size=8),
                st.just(right[1:]).filter(bool),  # one card missed
                st.sampled_from(deck).map(lambda t: [*right, t]),  # one card too many
                st.sampled_from(deck).map(lambda t: [*right[1:], t]),  # one card swapped
            )
        )
        fam = family(ex.family)
        return " ".join(fam.sort(picked)), draw(_card_form(ex, picked))
    if ex.kind == "number":
        right = int(sol.shown)
        n = draw(st.one_of(st.integers(-3, 200), st.integers(right - 3, right + 3)))
        return str(n), MultiDict({"number": str(n)})
    ids = [c.id for c in ex.choices]
    if ex.kind in ("choose-action", "choice"):
        cid = draw(st.sampled_from(ids))
        return cid, MultiDict({"choice": cid})
    if ex.kind == "order":
        order = draw(st.permutations(ids))
        form = MultiDict({f"rank-{cid}": str(i + 1) for i, cid in enumerate(order)})
        return " ".join(order), form
    truth = draw(st.sampled_from(["true", "false"]))
    if not ids:
        return truth, MultiDict({"truth": truth})
    why = draw(st.sampled_from(ids))
    return f"{truth} {why}", MultiDict({"truth": truth, "why": why})


def _check_property(ex: Exercise, data: st.DataObject) -> None:
    form = data.draw(_equivalent_form(ex), label="equivalent form")
    assert judge(ex, read_answer(ex, form)).correct, (ex.id, dict(form.lists()))
    meaning, form = data.draw(_other_answer(ex), label="other answer")
    try:
        answer = read_answer(ex, form)
    except AnswerError:  # e.g. more copies of a card than the deck holds: refused, not judged
        return
    verdict = judge(ex, answer)
    assert verdict.correct == _meaning_is_right(ex, meaning), (ex.id, meaning, answer)
    if not verdict.correct:
        assert verdict.misconception is not None and verdict.misconception.code in MESSAGES


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ex=st.sampled_from(EXERCISES), data=st.data())
def test_property_every_form_of_the_engine_answer_is_right_and_no_other_meaning_is(ex, data):
    _check_property(ex, data)


GENERATORS = sorted((game, gen_id) for game in GAMES for gen_id in generators.of_game(game))


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(GENERATORS), seed=st.integers(0, 10**6), data=st.data())
def test_property_holds_for_generated_questions(which, seed, data):
    ex = generators.generate(*which, seed)
    assume(ex is not None)
    _check_property(ex, data)


def test_every_misconception_names_the_lesson_step_that_teaches_it():
    from app.learning.lessons import step_of

    for game in GAMES:
        for code, mc in catalog(game).items():
            assert mc.lesson and step_of(mc.lesson) is not None, (game, code, mc.lesson)
