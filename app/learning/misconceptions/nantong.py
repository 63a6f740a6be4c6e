"""Misconceptions of the nantong games: the catalog per game and the diagnosis."""

from __future__ import annotations

from app.engine.core.reason import Reason
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception, register
from app.learning.verdict import Solution

CATALOGS: dict[str, tuple[Misconception, ...]] = {}
REASONS: dict[str, str] = {}


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    return None


register("nantong", CATALOGS, diagnose, REASONS)
