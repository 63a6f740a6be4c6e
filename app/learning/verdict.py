"""What the judge answers: right or wrong, the misconception, and the proof to show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, View, Wait


@dataclass(frozen=True, slots=True)
class ActionNote:
    """One action of a choose-action exercise: legal or the rule that refuses it."""

    choice: str  # the choice id
    action: Action
    legal: bool
    reason: Reason | None = None
    forced: bool = False


@dataclass(frozen=True, slots=True)
class Proof:
    """The engine's evidence, shown with the verdict.

    - ``analysis``: the count line by line (number, win, settlement questions);
    - ``waits``: every completing card with its points; ``checks`` the analysis of a
      wrongly picked card, showing it does not complete the hand;
    - ``notes``: every offered action, legal or refused with the reason;
    - ``after``/``consequences``: what a wrong action leads to (the refutation);
    - ``order``: the engine's order of the items.
    """

    analysis: Analysis | None = None
    waits: tuple[Wait, ...] = ()
    checks: Mapping[str, Analysis | None] = field(default_factory=dict)
    notes: tuple[ActionNote, ...] = ()
    after: View | None = None
    consequences: tuple[Reason, ...] = ()
    order: tuple[str, ...] = ()
    facts: tuple[Reason, ...] = ()  # further lines of explanation (codes with params)


@dataclass(frozen=True, slots=True)
class Solution:
    """The engine's right answer to an exercise, as canonical answer text(s).

    ``accepted`` holds every answer judged right (several equally good actions);
    ``value`` the typed value (an int, a frozenset of tokens, actions, ...).
    """

    accepted: tuple[str, ...]
    value: Any
    proof: Proof
    highlight: tuple[str, ...] = ()  # the cards the hint points at

    @property
    def shown(self) -> str:
        return self.accepted[0] if self.accepted else ""


@dataclass(frozen=True, slots=True)
class Verdict:
    correct: bool
    answer: str  # the learner's answer, canonical
    solution: Solution
    misconception: Reason | None = None  # code + params, for a wrong answer
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def proof(self) -> Proof:
        return self.solution.proof
