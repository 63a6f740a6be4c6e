"""Exercises: every kind read, judged and explained the same way for every game.

- The judge compares meanings: the engine's answer in any equivalent form (cards in
  any order, Chinese names for tokens, any accepted choice) is right; answers that mean
  something else are wrong.
- Every misconception of every game's catalog is reached by the judge from a real
  wrong answer (each family lists one example per code: ``EXAMPLES``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from werkzeug.datastructures import MultiDict

from app.engine.core.registry import all_variants
from app.learning import bank
from app.learning.answers import read_answer
from app.learning.exercise import Exercise
from app.learning.judge import judge
from app.learning.misconceptions import catalog
from app.learning.queries import solve
from app.messages import MESSAGES
from app.ui.catalog import family

GAMES = [v.id for v in all_variants()]
EXERCISES = sorted(bank.authored().values(), key=lambda e: e.id)


def _chinese(ex: Exercise, tokens: list[str]) -> str:
    fam = family(ex.family)
    return " ".join(fam.card(t).name("zh").split("（")[0] for t in tokens)


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
        others = [t for t in family(ex.family).tokens if t not in cards]
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


def _examples():
    from app.learning.misconceptions import chuanpai, chuanpai_tricks, guilin, hunan, nantong

    for module in (hunan, guilin, chuanpai, chuanpai_tricks, nantong):
        yield from getattr(module, "EXAMPLES", ())


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
