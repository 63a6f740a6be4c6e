"""What a lesson page shows, one step at a time (prose with cards and terms, a worked example, an exercise, or a
frame of the sample deal)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from app.engine.core.registry import find_game
from app.learning import flow, present
from app.learning.deals import replay
from app.learning.lessons import Lesson, Step
from app.learning.paths import LessonProgress
from app.ui.tables import from_view
from app.ui.text import count_lines, kind_label, reason_text

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


def step_page(lesson: Lesson, step: Step, locale: str, args: Any) -> StepPage:
    game = find_game(lesson.game)
    family = game.info.family
    i = step.index
    page = StepPage(
        lesson,
        step,
        family,
        lesson.steps[i - 1] if i > 0 else None,
        lesson.steps[i + 1] if i + 1 < len(lesson.steps) else None,
    )
    for earlier in lesson.steps[:i]:
        if earlier.text is not None:
            page.seen_terms.update(TERM.findall(earlier.text.get(locale)))
    if step.exercise is not None:
        page.block = flow.block(step.exercise, "lesson", step.ref, done=args.get("done"))
    if step.example is not None:
        ex = step.example
        rules = game.rules(ex.rules)
        melds = tuple(tuple(m.replace("：", ":").split(":", 1)) for m in ex.melds)
        holding = game.holding(ex.hand, melds, ex.context, rules)  # type: ignore[arg-type]
        a = game.analyze(holding, rules)
        page.example = {
            "hand": list(holding.hand),
            "melds": [(kind_label(m.kind), list(m.cards)) for m in holding.melds],
            "analysis": a,
            "arrangement": [(kind_label(m.kind), list(m.cards), m.points) for m in a.melds],
            "lines": count_lines(family, a.count, locale),
            "settlement": count_lines(family, a.settlement, locale),
            "unit": game.info.unit,
            "reason": reason_text(family, a.reason.code, a.reason.params, locale)
            if a.reason
            else "",
        }
    if step.deal is not None:
        frames = replay(lesson.game, step.deal)
        try:
            n = max(0, min(len(frames) - 1, int(args.get("move", 0))))
        except (TypeError, ValueError):
            n = 0
        frame = frames[n]
        notes = {nt.move: nt.text.text().get(locale) for nt in step.deal.notes}
        view = game.view(frame.state, step.deal.viewer)
        page.frame = {
            "n": n,
            "last": len(frames) - 1,
            "table": from_view(view, family),
            "move": frame.move,
            "note": notes.get(n, ""),
            "outcome": game.outcome(frame.state),
        }
    return page
