"""Lessons as data: one YAML file per lesson, both languages side by side.

``content/lessons/<game>/<nn>-<slug>.yaml`` (schema: :class:`LessonDoc`). A lesson is
5–15 short steps; each step is one of:

- ``text``: a few sentences (``{zh, en}``), optionally with ``cards`` to show as
  pictures. The rule as the course plays it; where tables differ, or the course chose a
  reading, the step's ``variant_note`` says so once, in the learner's words, and the page
  draws it apart under "Tables differ" (gedi butong). Only a variant note names regions,
  other names of a term, or choices. Inline markup: ``[[term-id]]`` links a glossary term (its first use in a
  lesson shows hanzi + pinyin), ``{x1}`` draws a card inline.
- ``example``: a worked example the engine counts (a holding; the page shows the best
  arrangement and the count line by line), with text around it.
- ``exercise``: an exercise (the bank's schema), judged by the engine.
- ``deal``: a recorded deal stepped through move by move: a seed, the actions played
  (each checked legal by the engine when the content is checked), and notes on the
  moves worth explaining.

Every exercise of a lesson joins the exercise bank under the id
``<lesson-id>.<step-id>``; the step it sits in is its lesson link.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.config import ROOT
from app.learning.bank import ExerciseDoc, TextDoc
from app.learning.exercise import Exercise, Text
from app.yamlfile import load_yaml

LESSONS = ROOT / "content" / "lessons"
SLUG = r"^[a-z0-9][a-z0-9-]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExampleDoc(_Strict):
    hand: str
    melds: list[str] = []
    context: dict[str, str] = {}
    rules: dict[str, str] = {}


class MoveNote(_Strict):
    move: int = Field(ge=0)  # the note is shown with this move (0 = the deal itself)
    text: TextDoc


class DealDoc(_Strict):
    """A recorded deal: ``seed`` and ``dealer`` make the deal; ``moves`` are the actions
    in order, each ``"<seat>: <action notation>"``; ``notes`` explain chosen moves."""

    seed: int
    dealer: int = 0
    rules: dict[str, str] = {}
    moves: list[str] = Field(min_length=1)
    notes: list[MoveNote] = []
    viewer: int | None = None  # draw the table from this seat (None: all cards shown)


class StepDoc(_Strict):
    id: str = Field(pattern=SLUG)
    kind: Literal["text", "example", "exercise", "deal"]
    title: TextDoc | None = None
    text: TextDoc | None = None
    variant_note: TextDoc | None = None  # where tables differ: shown apart, "Tables differ"
    cards: str = ""
    example: ExampleDoc | None = None
    exercise: ExerciseDoc | None = None
    deal: DealDoc | None = None

    @model_validator(mode="after")
    def _one_body(self) -> StepDoc:
        need = {
            "text": self.text,
            "example": self.example,
            "exercise": self.exercise,
            "deal": self.deal,
        }
        if need[self.kind] is None:
            raise ValueError(f"a {self.kind} step needs its {self.kind}")
        return self


class LessonDoc(_Strict):
    id: str = Field(pattern=SLUG)
    game: str
    order: int = Field(ge=1)
    unit: str = Field(pattern=SLUG)  # lessons of one unit share a quiz
    title: TextDoc
    summary: TextDoc
    steps: list[StepDoc] = Field(min_length=5, max_length=15)


@dataclass(frozen=True, slots=True)
class Step:
    lesson: str
    id: str
    index: int
    kind: str
    title: Text | None
    text: Text | None
    variant_note: Text | None
    cards: tuple[str, ...]
    example: ExampleDoc | None
    exercise: Exercise | None
    deal: DealDoc | None

    @property
    def ref(self) -> str:
        return f"{self.lesson}#{self.id}"


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    game: str
    order: int
    unit: str
    title: Text
    summary: Text
    steps: tuple[Step, ...]
    source: str

    def step(self, step_id: str) -> Step | None:
        return next((s for s in self.steps if s.id == step_id), None)

    @property
    def exercises(self) -> tuple[Exercise, ...]:
        return tuple(s.exercise for s in self.steps if s.exercise is not None)


def read_lesson(path: Path) -> Lesson:
    doc = LessonDoc.model_validate(load_yaml(path.read_text(encoding="utf-8")))
    rel = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    steps = []
    seen: set[str] = set()
    for i, s in enumerate(doc.steps):
        if s.id in seen:
            raise ValueError(f"{rel}: step id {s.id!r} is used twice")
        seen.add(s.id)
        ex = None
        if s.exercise is not None:
            data = s.exercise.model_copy(
                update={"id": f"{doc.id}.{s.id}", "lesson": f"{doc.id}#{s.id}"}
            )
            ex = data.exercise(doc.game, rel)
        steps.append(
            Step(
                doc.id,
                s.id,
                i,
                s.kind,
                s.title.text() if s.title else None,
                s.text.text() if s.text else None,
                s.variant_note.text() if s.variant_note else None,
                tuple(s.cards.split()),
                s.example,
                ex,
                s.deal,
            )
        )
    return Lesson(
        doc.id,
        doc.game,
        doc.order,
        doc.unit,
        doc.title.text(),
        doc.summary.text(),
        tuple(steps),
        rel,
    )


def lesson_files() -> list[Path]:
    return sorted(LESSONS.glob("*/*.yaml"))


@cache
def all_lessons() -> dict[str, Lesson]:
    out: dict[str, Lesson] = {}
    for path in lesson_files():
        lesson = read_lesson(path)
        if lesson.id in out:
            raise ValueError(f"{path}: lesson id {lesson.id!r} is used twice")
        out[lesson.id] = lesson
    return out


def path_of(game: str) -> list[Lesson]:
    """A game's lessons in order."""
    return sorted((ls for ls in all_lessons().values() if ls.game == game), key=lambda ls: ls.order)


def get(lesson_id: str) -> Lesson | None:
    return all_lessons().get(lesson_id)


def step_of(ref: str) -> Step | None:
    """The step a ``"<lesson>#<step>"`` reference names."""
    lesson_id, _, step_id = ref.partition("#")
    lesson = get(lesson_id)
    return lesson.step(step_id) if lesson else None


def lesson_exercises() -> Iterator[Exercise]:
    for lesson in all_lessons().values():
        yield from lesson.exercises
