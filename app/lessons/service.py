"""What a lesson page shows, one step at a time (prose with cards and terms, a worked example, an exercise, or a
frame of the sample deal)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app.engine.core.registry import find_game
from app.learning import lessons
from app.learning.deals import replay
from app.learning.lessons import Lesson, Step
from app.learning.paths import LessonProgress
from app.learning.record import Run
from app.text.results import count_lines, kind_label, reason_text
from app.ui import flow, present
from app.ui.tables import from_view

TERM = re.compile(r"\[\[([a-z0-9-]+)")


@dataclass
class StepPage:
    lesson: Lesson
    step: Step
    family: str
    prev: Step | None
    next: Step | None
    block: present.ExerciseBlock | None = None
    example: dict[str, Any] | None = None
    frame: dict[str, Any] | None = None
    progress: LessonProgress | None = None
    seen_terms: set[str] = field(default_factory=set)  # introduced in earlier steps
    note_seen: set[str] = field(default_factory=set)  # and in this step's own text


def step_page(
    lesson: Lesson,
    step: Step,
    locale: str,
    args: Any,
    states: Mapping[str, Run] | None = None,
) -> StepPage:
    """The step as a page shows it; ``states``: the learner's exercise states of the
    game, when the page has read them already."""
    i = step.index
    page = StepPage(
        lesson,
        step,
        find_game(lesson.game).info.family,
        lesson.steps[i - 1] if i > 0 else None,
        lesson.steps[i + 1] if i + 1 < len(lesson.steps) else None,
    )
    page.seen_terms = set(_seen_terms(lesson.id, i, locale))  # the page adds its own
    page.note_seen = set(_seen_terms(lesson.id, i + 1, locale))
    if step.exercise is not None:
        page.block = flow.block(
            step.exercise, "lesson", step.ref, done=args.get("done"), states=states
        )
    if step.example is not None:
        page.example = _example(lesson.id, step.index, locale)
    if step.deal is not None:
        try:
            move = int(args.get("move", 0))
        except (TypeError, ValueError):
            move = 0
        page.frame = _frame(lesson.id, step.index, move, locale)
    return page


# What a step shows of the content is the same for every learner: worked out once per
# step and language (content does not change while the process runs).


def _lesson(lesson_id: str) -> Lesson:
    found = lessons.get(lesson_id)
    assert found is not None
    return found


@lru_cache(maxsize=4096)
def _seen_terms(lesson_id: str, index: int, locale: str) -> frozenset[str]:
    lesson = _lesson(lesson_id)
    seen: set[str] = set()
    for earlier in lesson.steps[:index]:
        for text in (earlier.text, earlier.variant_note):
            if text is not None:
                seen.update(TERM.findall(text.get(locale)))
    return frozenset(seen)


@lru_cache(maxsize=2048)
def _example(lesson_id: str, index: int, locale: str) -> dict[str, Any]:
    lesson = _lesson(lesson_id)
    step = lesson.steps[index]
    game = find_game(lesson.game)
    family = game.info.family
    ex = step.example
    assert ex is not None
    rules = game.rules(ex.rules)
    melds = tuple(tuple(m.replace("：", ":").split(":", 1)) for m in ex.melds)
    holding = game.holding(ex.hand, melds, ex.context, rules)  # type: ignore[arg-type]  # melds are "kind:cards"
    a = game.analyze(holding, rules)
    return {
        "hand": list(holding.hand),
        "melds": [(kind_label(m.kind, lesson.game, locale), list(m.cards)) for m in holding.melds],
        "analysis": a,
        "arrangement": [
            (kind_label(m.kind, lesson.game, locale), list(m.cards), m.points) for m in a.melds
        ],
        "lines": count_lines(family, a.count, locale, lesson.game),
        "settlement": count_lines(family, a.settlement, locale, lesson.game),
        "unit": game.info.unit,
        "reason": reason_text(family, a.reason.code, a.reason.params, locale, lesson.game)
        if a.reason
        else "",
    }


@lru_cache(maxsize=4096)
def _frame(lesson_id: str, index: int, move: int, locale: str) -> dict[str, Any]:
    lesson = _lesson(lesson_id)
    step = lesson.steps[index]
    game = find_game(lesson.game)
    deal = step.deal
    assert deal is not None
    frames = replay(lesson.game, deal)
    n = max(0, min(len(frames) - 1, move))
    frame = frames[n]
    notes = {nt.move: nt.text.text().get(locale) for nt in deal.notes}
    view = game.view(frame.state, deal.viewer)
    return {
        "n": n,
        "last": len(frames) - 1,
        "table": from_view(view, game.info.family, game=lesson.game),
        "move": frame.move,
        "note": notes.get(n, ""),
        "outcome": game.outcome(frame.state),
    }


# -- the end of a lesson ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mistake:
    """A wrong answer given in a lesson, to go over: the step, what was wrong."""

    step: Step
    misconception: str | None
    params: dict[str, Any]


@dataclass
class Finished:
    """The end of a lesson as its completion screen shows it."""

    lesson: Lesson
    progress: LessonProgress | None
    skills: list[str]  # skill ids the lesson's exercises practise, in order
    mistakes: list[Mistake]
    next_lesson: Lesson | None


def finished(lesson: Lesson, progress: LessonProgress | None, profile: Any) -> Finished:
    """What the learner did in ``lesson``: stars, the skills it taught, the mistakes made
    (the latest wrong answer of each exercise, in the lesson's order), the next lesson."""
    from app.extensions import db
    from app.learning import paths
    from app.learning.models import Attempt

    skills = list(dict.fromkeys(sk for ex in lesson.exercises for sk in ex.skills))
    mistakes: list[Mistake] = []
    if profile is not None and profile.id is not None and lesson.exercises:
        rows = db.session.execute(
            db.select(Attempt.exercise_id, Attempt.misconception, Attempt.params)
            .where(
                Attempt.profile_id == profile.id,
                Attempt.exercise_id.in_([ex.id for ex in lesson.exercises]),
                Attempt.correct.is_(False),
                Attempt.context != "exam",
            )
            .order_by(Attempt.created_at, Attempt.id)
        ).all()
        latest = {r[0]: r for r in rows}
        for st in lesson.steps:
            if st.exercise is not None and st.exercise.id in latest:
                _eid, code, params = latest[st.exercise.id]
                mistakes.append(Mistake(st, code, dict(params or {})))
    return Finished(lesson, progress, skills, mistakes, paths.next_lesson(lesson))
