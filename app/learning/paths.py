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
    tried: int = 0  # exercises answered at least once (solved or not)

    @property
    def done(self) -> bool:
        return self.exercises > 0 and self.solved == self.exercises

    @property
    def state(self) -> str:
        """``done``, ``started`` (an exercise answered) or ``new``."""
        if self.done:
            return "done"
        return "started" if self.tried or self.solved else "new"

    @property
    def max_stars(self) -> int:
        return 3 * self.exercises


_STATES = ExerciseState.__table__
_MY_STATES = ProfileRows(
    (_STATES.c.exercise_id, *RUN_COLUMNS), (_STATES, _STATES.c.game == db.bindparam("game"))
)


_ALL_STATES = ProfileRows((_STATES.c.game, _STATES.c.exercise_id, *RUN_COLUMNS), (_STATES,))


def my_states_by_game() -> dict[str, dict[str, Run]]:
    """This request's learner's runs of every exercise, by game and exercise id (one
    statement, the profile found with them)."""
    _profile, rows = _ALL_STATES()
    out: dict[str, dict[str, Run]] = {}
    for r in rows:
        out.setdefault(r[0], {})[r[1]] = Run(*r[2:])
    return out


def resume_all(
    games: tuple[str, ...] | list[str], lessons_begun: bool = True
) -> dict[str, tuple[Lesson, Step]]:
    """Where to continue in each of ``games`` where the learner answered something (with
    ``lessons_begun``: an exercise of a lesson), game → (lesson, step)."""
    by_game = my_states_by_game()
    out = {}
    for game in games:
        if game not in by_game:
            continue
        lessons = progress(game, states=by_game[game])
        found = continue_at(lessons) if started(lessons) or not lessons_begun else None
        if found is not None:
            out[game] = found
    return out


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
        tried = sum(1 for s in ex_steps if s.exercise and s.exercise.id in states)
        out.append(LessonProgress(lesson, len(ex_steps), len(solved), stars, nxt, tried))
    return out


def continue_at(paths: list[LessonProgress]) -> tuple[Lesson, Step] | None:
    """Where to continue: the first lesson not done, at its first unsolved exercise (or
    its first step when none of its exercises was answered)."""
    for p in paths:
        if not p.done:
            going = p.state != "new"
            return p.lesson, (p.next_step if going and p.next_step else p.lesson.steps[0])
    return None


def started(paths: list[LessonProgress]) -> bool:
    """Whether the learner has answered any exercise of these lessons."""
    return any(p.state != "new" for p in paths)


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson after ``lesson`` on its game's path (``None`` after the last)."""
    path = path_of(lesson.game)
    at = next((i for i, ls in enumerate(path) if ls.id == lesson.id), None)
    return path[at + 1] if at is not None and at + 1 < len(path) else None


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
