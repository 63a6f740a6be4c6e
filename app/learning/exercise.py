"""The exercise: one unit for lessons, practice, quizzes, reviews, assignments and exams.

An :class:`Exercise` is a game and its rule options, what the learner is shown (a
holding, or a position code seen from a seat), a question of one kind, and the engine
query that decides the answer (:mod:`app.learning.queries`). Authored answers exist only
where the engine cannot decide (a statement about the rules).

Kinds (TEACHING.md):

============== ================================================ ======================
kind           the learner                                      answer text
============== ================================================ ======================
pick-cards     selects cards (a group, the waits, ...)          tokens: ``x1 x1 d3``
choose-action  picks one action at a moment of a deal           ``chi x2 x3``, ``pass``
number         types a count                                    ``21``
choice         picks one statement                              a choice id: ``b``
order          puts items in order                              ids in order: ``c a b``
true-false     answers, then picks the reason why               ``true because-b``
============== ================================================ ======================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from app.text import languages
from app.text.catalog import Msg
from app.text.localized import Text as Text  # the one text type, re-exported

#: a text shown in the page's language: prose written per language (:class:`Text`), or an
#: interface text of the catalogs named in code (``N_("...")``, :class:`Msg`); both are
#: read with ``.get(lang)``
Said: TypeAlias = Text | Msg


def written_out(text: Said) -> dict[str, str]:
    """A text as a mapping of language codes (a reason's parameter, which is data): the
    languages a Text is written in, or a catalog text in every written language."""
    if isinstance(text, Text):
        return dict(text.items())
    return {code: text.get(code) for code in languages.written()}


KINDS = ("pick-cards", "choose-action", "number", "choice", "order", "true-false")
CONTEXTS = (
    "exercise",
    "lesson",
    "practice",
    "quiz",
    "quiz-exam",
    "review",
    "assignment",
    "exam",
    "trainer",
)
#: contexts that show no hint and no feedback until the end (a teacher's exam, a quiz in
#: exam mode); only a teacher's exam also keeps its answers out of stars, skills, ratings
#: and the learner's own history until the results are released
EXAM_CONTEXTS = ("exam", "quiz-exam")
#: a teacher's assignment or exam: its answers go through the assignment's own address
#: only, and its tokens name the item by the item's random key, never the exercise
ASSIGNED_CONTEXTS = ("assignment", "exam")


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a choice, order, true-false (its reasons) or choose-action exercise.

    ``action`` is an action in notation (``chi x2 x3``) for choose-action; ``text`` the
    statement otherwise. ``reason`` names the engine reason code a true-false reason
    stands for, so the engine can decide which reason is the right one.
    ``misconception`` names the misconception an authored wrong choice reveals, and
    ``params`` fill its message (``cards`` as tokens, seats counted from 0 as the
    engine counts them).
    """

    id: str
    text: Said | None = None
    action: str | None = None
    reason: str | None = None
    misconception: str | None = None
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Setup:
    """What the exercise shows: a holding (hand + groups), or a position seen from a seat.

    ``pool`` says where pick-cards choose from: ``hand`` (the shown hand) or ``deck``
    (the whole deck of the game's family, with the copies left).
    """

    hand: str = ""
    melds: tuple[tuple[str, str], ...] = ()
    context: Mapping[str, str] = field(default_factory=dict)
    position: str | None = None
    seat: int | None = None
    pool: str = "hand"


@dataclass(frozen=True, slots=True)
class Query:
    """The engine question that decides the answer: a name and its arguments."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Exercise:
    id: str
    game: str
    kind: str
    prompt: Said
    skills: tuple[str, ...]
    setup: Setup = field(default_factory=Setup)
    rules: Mapping[str, str] = field(default_factory=dict)
    query: Query | None = None
    answer: str | None = None  # authored answer, where the engine cannot decide
    choices: tuple[Choice, ...] = ()
    hint: Text | None = None  # hint step 1: the rule, in a sentence
    hint_cards: tuple[str, ...] = ()  # hint step 2: the cards to look at (else derived)
    explanation: Text | None = None  # shown with the verdict, after the engine's proof
    lesson: str | None = None  # "<lesson-id>#<step-id>" that teaches it
    median_ms: int = 20_000  # faster than this, right at the first try: FSRS Easy
    source: str = ""  # content file, or "generator:<name>"
    prompt_params: Mapping[str, Any] = field(default_factory=dict)  # {card} in the prompt
    points: tuple[str, ...] = ()  # the checklist rule points it uses (content/checklists/)

    @property
    def family(self) -> str:
        from app.engine.core.registry import find_variant

        return find_variant(self.game).family
