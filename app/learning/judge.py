"""Judging an answer: compare meanings, not strings, then name the misconception.

:func:`judge` takes an exercise and the learner's answer (canonical text, see
:mod:`app.learning.answers`) and returns a :class:`Verdict`. Equal meanings are equal:
cards in any order, Chinese names or tokens (the answer reader makes both canonical),
any of several equally good actions (every accepted choice). For a wrong answer the
game family's diagnosis (:mod:`app.learning.misconceptions`) names the misconception
with its parameters: the exact count, card or rule.
"""

from __future__ import annotations

from collections import Counter

from app.learning.exercise import Exercise
from app.learning.misconceptions import diagnose
from app.learning.queries import solve
from app.learning.verdict import Solution, Verdict


def _cards(text: str) -> list[str]:
    return text.split()


def _same(ex: Exercise, sol: Solution, answer: str) -> bool:
    if ex.kind == "pick-cards":
        given = _cards(answer)
        if ex.query is not None and ex.query.name == "waits":
            return set(given) == set(_cards(sol.shown)) and len(set(given)) == len(given)
        return any(Counter(given) == Counter(_cards(a)) for a in sol.accepted)
    if ex.kind == "number":
        try:
            return int(answer) in {int(a) for a in sol.accepted}
        except ValueError:
            return False
    if ex.kind in ("order", "true-false"):
        return " ".join(answer.split()) in sol.accepted
    return answer.strip() in sol.accepted


def judge(ex: Exercise, answer: str) -> Verdict:
    """Right or wrong, and for a wrong answer the misconception (code and parameters)."""
    sol = solve(ex)
    if _same(ex, sol, answer):
        return Verdict(True, answer, sol)
    return Verdict(False, answer, sol, diagnose(ex, sol, answer))
