"""The exercise bank: authored exercises read from content files, validated by a schema.

Files: ``content/exercises/<game>.yaml`` (the demo set) and, once they exist, the
exercises inside lessons and quizzes, all in one shape (:class:`ExerciseDoc`); prose
holds both languages side by side (``{zh: ..., en: ...}``). Ids are unique across the
whole bank. Generated exercises (practice positions, quiz generators) are made by code
and looked up by their id prefix through :data:`PROVIDERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.config import ROOT
from app.learning.exercise import KINDS, Choice, Exercise, Query, Setup, Text
from app.yamlfile import load_yaml

CONTENT = ROOT / "content"
ID_PATTERN = r"^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TextDoc(_Strict):
    """Prose in the written languages (``{zh: ..., en: ...}``), and an authored
    ``zh-Hant`` where the derived Traditional would be wrong: read as a :class:`Text`."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    zh: str = Field(min_length=1)
    en: str = Field(min_length=1)
    zh_hant: str | None = Field(default=None, alias="zh-Hant", min_length=1)

    def text(self) -> Text:
        found = Text.of(
            {
                "zh": self.zh.strip(),
                "en": self.en.strip(),
                "zh-Hant": self.zh_hant.strip() if self.zh_hant else None,
            }
        )
        assert found is not None
        return found

    def get(self, lang: str) -> str:
        """The text in ``lang`` (along its chain, derived where its language is)."""
        return self.text().get(lang)


class ChoiceDoc(_Strict):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    text: TextDoc | None = None
    action: str | None = None
    reason: str | None = None
    misconception: str | None = None
    params: dict[str, str | int] = {}  # the misconception's parameters

    def choice(self) -> Choice:
        params = tuple(
            (k, str(v).split() if k.endswith("cards") else str(v) if k.endswith("card") else v)
            for k, v in sorted(self.params.items())
        )
        return Choice(
            self.id,
            self.text.text() if self.text else None,
            self.action,
            self.reason,
            self.misconception,
            params,
        )


class QueryDoc(_Strict):
    name: str
    action: str | None = None
    card: str | None = None
    kind: str | None = None


class ExerciseDoc(_Strict):
    """One exercise as written in a content file."""

    id: str | None = Field(default=None, pattern=ID_PATTERN)  # lessons and quizzes derive it
    kind: Literal["pick-cards", "choose-action", "number", "choice", "order", "true-false"]
    skills: list[str] = Field(min_length=1)
    # the rule points it uses: ids of content/checklists/<game>.yaml, each taught in a step
    # before the exercise (tests/learning/test_taught.py)
    points: list[str] = []
    prompt: TextDoc
    hand: str = ""
    melds: list[str] = []
    context: dict[str, str] = {}
    position: str | None = None
    seat: int | None = None
    pool: Literal["hand", "deck"] = "hand"
    rules: dict[str, str] = {}
    query: QueryDoc | str | None = None
    answer: str | None = None
    choices: list[ChoiceDoc] = []
    hint: TextDoc | None = None
    hint_cards: str = ""
    explanation: TextDoc | None = None
    lesson: str | None = None
    median_ms: int = 20_000

    @field_validator("rules", "context", mode="before")
    @classmethod
    def _texts(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {
                str(k): str(v).lower() if isinstance(v, bool) else str(v) for k, v in value.items()
            }
        return value

    def exercise(self, game: str, source: str, exercise_id: str | None = None) -> Exercise:
        if not (exercise_id or self.id):
            raise ValueError(f"{source}: an exercise needs an id")
        q = self.query
        query = None
        if isinstance(q, str):
            query = Query(q)
        elif q is not None:
            args = {
                k: v for k, v in (("action", q.action), ("card", q.card), ("kind", q.kind)) if v
            }
            query = Query(q.name, args)
        melds = tuple(_meld(m) for m in self.melds)
        return Exercise(
            id=exercise_id or str(self.id),
            game=game,
            kind=self.kind,
            prompt=self.prompt.text(),
            skills=tuple(self.skills),
            setup=Setup(self.hand, melds, dict(self.context), self.position, self.seat, self.pool),
            rules=dict(self.rules),
            query=query,
            answer=self.answer,
            choices=tuple(c.choice() for c in self.choices),
            hint=self.hint.text() if self.hint else None,
            hint_cards=tuple(self.hint_cards.split()),
            explanation=self.explanation.text() if self.explanation else None,
            lesson=self.lesson,
            median_ms=self.median_ms,
            source=source,
            points=tuple(self.points),
        )


def _meld(text: str) -> tuple[str, str]:
    kind, _, cards = text.replace("：", ":").partition(":")
    return kind.strip(), cards.strip()


class ExerciseFile(_Strict):
    game: str
    exercises: list[ExerciseDoc]


def read_file(path: Path) -> list[Exercise]:
    data = load_yaml(path.read_text(encoding="utf-8"))
    doc = ExerciseFile.model_validate(data)
    rel = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    return [e.exercise(doc.game, rel) for e in doc.exercises]


def demo_files() -> list[Path]:
    return sorted((CONTENT / "exercises").glob("*.yaml"))


#: id prefix → a function making the exercise of that id (generated exercises)
PROVIDERS: dict[str, Callable[[str], Exercise | None]] = {}
#: more authored exercises (lessons, quizzes): each a function yielding them
SOURCES: list[Callable[[], Iterator[Exercise]]] = []


@cache
def authored() -> dict[str, Exercise]:
    out: dict[str, Exercise] = {}
    for path in demo_files():
        for ex in read_file(path):
            if ex.id in out:
                raise ValueError(f"{path}: exercise id {ex.id!r} is used twice")
            out[ex.id] = ex
    from app.learning.lessons import lesson_exercises
    from app.learning.quizzes import quiz_exercises

    for source in (lesson_exercises, quiz_exercises, *SOURCES):
        for ex in source():
            if ex.id in out:
                raise ValueError(f"exercise id {ex.id!r} is used twice")
            out[ex.id] = ex
    return out


def demo_set() -> list[Exercise]:
    """The demo exercises (``content/exercises/``), in file order."""
    return [ex for ex in authored().values() if ex.source.startswith("content/exercises/")]


def get(exercise_id: str) -> Exercise | None:
    ex = authored().get(exercise_id)
    if ex is not None:
        return ex
    prefix = exercise_id.split(":", 1)[0]
    if prefix == "gen" and "gen" not in PROVIDERS:
        from app.learning.generators import provide

        PROVIDERS["gen"] = provide
    if prefix == "read" and "read" not in PROVIDERS:
        from app.learning.reading import provide as provide_reading

        PROVIDERS["read"] = provide_reading
    if prefix == "exam" and "exam" not in PROVIDERS:
        from app.learning.generators import provide_private

        PROVIDERS["exam"] = provide_private
    if prefix == "pos" and "pos" not in PROVIDERS:
        from app.learning.practice import provide as provide_position

        PROVIDERS["pos"] = provide_position
    provider = PROVIDERS.get(prefix)
    return provider(exercise_id) if provider else None


def public(exercise_id: str) -> bool:
    """Whether a public page may show the exercise: not one generated for a teacher's
    assignment alone (``exam:``), which only its student sees, through the assignment."""
    return not exercise_id.startswith("exam:")


def kinds_count(exercises: list[Exercise]) -> dict[str, int]:
    out = dict.fromkeys(KINDS, 0)
    for ex in exercises:
        out[ex.kind] += 1
    return out
