"""Quizzes: authored items per lesson unit, topped up by the generators.

``content/quizzes/<game>.yaml`` holds the authored items, grouped by the lesson unit they
check (schema :class:`QuizFile`; each item an exercise in the bank's shape, its id
``quiz.<game>.<unit>.<n>``). A quiz run (:class:`~app.learning.models.QuizSession`) fixes
its questions at the start: up to seven authored items of the unit, and generated
questions on the unit's skills for the rest. Answers are attempts in context ``quiz``
whose ``context_ref`` is the run's opaque id.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from app.config import ROOT
from app.extensions import db
from app.learning import bank, clock, generators
from app.learning.bank import ExerciseDoc
from app.learning.exercise import Exercise
from app.learning.lessons import path_of
from app.learning.models import Attempt, QuizSession
from app.models import Learner
from app.yamlfile import load_yaml

QUIZZES = ROOT / "content" / "quizzes"
QUESTIONS = 10
AUTHORED_MAX = 7
BUDGET_S = 2.0  # seconds of generating at most when a quiz starts
ALL = "all"


class QuizFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    units: dict[str, list[ExerciseDoc]]


def quiz_files() -> list[Path]:
    return sorted(QUIZZES.glob("*.yaml"))


def read_quiz_file(path: Path) -> dict[str, list[Exercise]]:
    doc = QuizFile.model_validate(load_yaml(path.read_text(encoding="utf-8")))
    rel = str(path.relative_to(ROOT))
    return {
        unit: [
            e.exercise(doc.game, rel, e.id or f"quiz.{doc.game}.{unit}.{n}")
            for n, e in enumerate(items, start=1)
        ]
        for unit, items in doc.units.items()
    }


@cache
def authored() -> dict[str, dict[str, list[Exercise]]]:
    """game → unit → authored items."""
    out: dict[str, dict[str, list[Exercise]]] = {}
    for path in quiz_files():
        for unit, items in read_quiz_file(path).items():
            game = items[0].game if items else path.stem
            out.setdefault(game, {})[unit] = items
    return out


def quiz_exercises() -> Iterator[Exercise]:
    for units in authored().values():
        for items in units.values():
            yield from items


def units(game: str) -> list[str]:
    """The game's lesson units in path order (each has a quiz), then any quiz-only unit."""
    seen: list[str] = []
    for lesson in path_of(game):
        if lesson.unit not in seen:
            seen.append(lesson.unit)
    for unit in authored().get(game, {}):
        if unit not in seen:
            seen.append(unit)
    return seen


def unit_skills(game: str, unit: str) -> set[str]:
    skills: set[str] = set()
    for lesson in path_of(game):
        if unit in (ALL, lesson.unit):
            for ex in lesson.exercises:
                skills.update(ex.skills)
    for ex in authored().get(game, {}).get(unit, []) if unit != ALL else quiz_items(game):
        skills.update(ex.skills)
    return skills


def quiz_items(game: str, unit: str = ALL) -> list[Exercise]:
    by_unit = authored().get(game, {})
    if unit == ALL:
        return [ex for items in by_unit.values() for ex in items]
    return list(by_unit.get(unit, []))


def compose(game: str, unit: str, rng: random.Random) -> list[str]:
    """The questions of a new run: authored items first, generated ones on the skills."""
    items = quiz_items(game, unit)
    rng.shuffle(items)
    chosen = [ex.id for ex in items[:AUTHORED_MAX]]
    skills = unit_skills(game, unit)
    gens = [g for g in generators.of_game(game).values() if not skills or set(g.skills) & skills]
    gens = gens or list(generators.of_game(game).values())
    deadline = time.monotonic() + BUDGET_S  # starting a quiz must stay quick
    tries = 0
    while (
        len(chosen) < QUESTIONS and gens and tries < 4 * QUESTIONS and time.monotonic() < deadline
    ):
        tries += 1
        gen = gens[tries % len(gens)]
        seed = rng.randrange(10**9)
        if generators.generate(game, gen.id, seed) is not None:
            chosen.append(generators.exercise_id(game, gen.id, seed))
        else:  # a generator that found nothing this time sits out the rest of this quiz
            gens.remove(gen)
    for ex in items[AUTHORED_MAX:]:  # not enough generated: more authored ones
        if len(chosen) >= QUESTIONS:
            break
        chosen.append(ex.id)
    return chosen


def start(profile: Learner, game: str, unit: str, mode: str) -> QuizSession:
    session = QuizSession(
        id=secrets.token_urlsafe(12),
        profile_id=profile.id,
        game=game,
        unit=unit,
        mode="exam" if mode == "exam" else "practice",
        items=compose(game, unit, random.Random()),
        started_at=clock.now(),
    )
    db.session.add(session)
    return session


@dataclass
class QuizItemResult:
    index: int
    exercise: Exercise | None
    first: Attempt | None  # the first answer (what the score counts)
    last: Attempt | None

    @property
    def right(self) -> bool:
        return bool(self.first and self.first.correct)


def results(session: QuizSession) -> list[QuizItemResult]:
    attempts = db.session.scalars(
        db.select(Attempt)
        .filter_by(context_ref=session.id, profile_id=session.profile_id)
        .where(Attempt.context.in_(("quiz", "quiz-exam")))
        .order_by(Attempt.created_at, Attempt.id)
    ).all()
    first: dict[str, Attempt] = {}
    last: dict[str, Attempt] = {}
    for a in attempts:
        first.setdefault(a.exercise_id, a)
        last[a.exercise_id] = a
    return [
        QuizItemResult(i, bank.get(eid), first.get(eid), last.get(eid))
        for i, eid in enumerate(session.items)
    ]
