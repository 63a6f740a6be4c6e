"""Misconceptions of hunan: the catalog and the diagnosis (buggy models)."""

from __future__ import annotations

from app.engine.core.reason import Reason
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception, register
from app.learning.verdict import Solution

CATALOG: tuple[Misconception, ...] = ()
#: engine reason code of a refused action → misconception code
REASONS: dict[str, str] = {}
#: (code, exercise id, wrong answer): one real wrong answer per code, judged in the tests
EXAMPLES: tuple[tuple[str, str, str], ...] = ()


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    return None


register("hunan", CATALOG, diagnose, REASONS)
