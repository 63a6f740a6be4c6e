"""The learner's record in words, for templates: stored answers and misconceptions,
prompts, lesson links and skill names in the page's language (template globals, set in
:mod:`app.ui.environment`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.i18n import page_locale
from app.learning.skills import skill
from app.ui.present import answer_words as _answer_words
from app.ui.present import lesson_step, prompt_text
from app.ui.stored import reason_line, shown


def misconception_text(
    game: str, code: str | None, params: Mapping[str, Any] | None, ex: Any = None
) -> str:
    """A recorded misconception in the page language: its sentence with the parameters
    in words, or the plain sentence of the exercise's kind when the catalog cannot
    render the stored code (:mod:`app.ui.stored`)."""
    return reason_line(ex, game, code, params, _locale())


def stored_answer(
    ex: Any,
    game: str,
    answer: str,
    correct: bool,
    code: str | None,
    params: Mapping[str, Any] | None,
) -> Any:
    """A stored answer in the page language: ``.words`` and, when wrong, ``.reason``."""
    return shown(ex, game, answer, bool(correct), code, params, _locale())


def _locale() -> str:
    return page_locale()


def prompt_of(ex: Any) -> str:
    return prompt_text(ex, _locale())


def answer_words(ex: Any, answer: str, lettered: bool = False) -> str:
    return _answer_words(ex, answer, _locale(), lettered) if ex is not None else answer


def lesson_for(ex: Any, misconception: str | None) -> str | None:
    """The lesson step to go over: the misconception's, else the exercise's own."""
    return lesson_step(ex, misconception) if ex is not None else None


def skill_name(game: str, skill_id: str) -> str:
    sk = skill(game, skill_id)
    return sk.name.get(_locale()) if sk else skill_id
