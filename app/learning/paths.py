"""A learner's way through a game's lessons: what is done, the stars, where to continue.

A lesson is done when every exercise in it is solved; reading a step writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.extensions import db
from app.learning.lessons import Lesson, Step, path_of
from app.learning.models import ExerciseState
from app.learning.record import RUN_COLUMNS, Run
from app.models import Learner
from app.profiles import ProfileRows


@dataclass
class LessonProgress:
    lesson: Lesson
    exercises: int
    solved: int
    stars: int  # stars earned over the lesson's exercises
    next_step: Step | None  # the first unsolved exercise step (or None when done)

    @property
    def done(self) -> bool:
        return self.exercises > 0 and self.solved == self.exercises

    @property
    def max_stars(self) -> int:
        return 3 * self.exercises


_STATES = ExerciseState.__table__
_MY_STATES = ProfileRows(
    (_STATES.c.exercise_id, *RUN_COLUMNS), (_STATES, _STATES.c.game == db.bindparam("game"))
)


def _by_exercise(rows: list[tuple[Any, ...]]) -> dict[str, Run]:
    return {r[0]: Run(*r[1:]) for r in rows}


def states_by_exercise(profile: Learner | None, game: str) -> dict[str, Run]:
    return _by_exercise(_MY_STATES.of(profile, game=game))


def my_states(game: str) -> dict[str, Run]:
    """This request's learner's runs of the exercises of ``game`` (by exercise id); the
    profile is found with them (then ``current_profile()`` has it)."""
    _profile, rows = _MY_STATES(game=game)
    return _by_exercise(rows)


def progress(
    game: str,
    profile: Learner | None = None,
    states: dict[str, Run] | None = None,
) -> list[LessonProgress]:
    if states is None:
        states = states_by_exercise(profile, game) if profile is not None else my_states(game)
    out = []
    for lesson in path_of(game):
        ex_steps = [s for s in lesson.steps if s.exercise is not None]
        solved = [
            s
            for s in ex_steps
            if s.exercise and states.get(s.exercise.id) and states[s.exercise.id].solved
        ]
        stars = sum(states[s.exercise.id].stars for s in solved if s.exercise)
        nxt = next((s for s in ex_steps if s not in solved), None)
        out.append(LessonProgress(lesson, len(ex_steps), len(solved), stars, nxt))
    return out


def continue_at(paths: list[LessonProgress]) -> tuple[Lesson, Step] | None:
    """Where to continue: the first lesson not done, at its first unsolved exercise (or
    its first step when none is started)."""
    for p in paths:
        if not p.done:
            started = p.solved > 0
            return p.lesson, (p.next_step if started and p.next_step else p.lesson.steps[0])
    return None


def progress_section(
    profile: Learner | None,
    game: str,
    states: dict[str, Run] | None = None,
) -> tuple[str, dict[str, object]] | None:
    """The lessons' section of /progress/<game>: the path with stars and where to continue."""
    lessons = progress(game, profile, states)
    if not lessons:
        return None
    return "progress/_lessons.html", {
        "game": game,
        "lessons": lessons,
        "resume": continue_at(lessons),
    }
