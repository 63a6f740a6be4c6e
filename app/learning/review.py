"""The spaced review queue: a fresh question for each due skill (FSRS schedules skills,
not single exercises, so a learner learns the pattern, not one answer).

The question for a due skill comes from a generator of that skill, seeded by the skill
and the day (a reload shows the same question; tomorrow brings a new one); a skill with
no generator draws one of its authored exercises, the least recently answered first.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from app.extensions import db
from app.learning import bank, clock, generators, skills, streaks
from app.learning.exercise import Exercise
from app.learning.models import Attempt
from app.models import Learner


@dataclass(frozen=True)
class ReviewItem:
    skill: str  # "<game>/<skill>": the attempt's context_ref
    game: str
    skill_id: str
    exercise: Exercise


def due_list(profile: Learner | None) -> list[Any]:
    return skills.due_today(profile, clock.now())


def _seed(profile: Learner, state: Any) -> int:
    day = skills.day_end(clock.now(), profile.timezone).date().isoformat()
    text = f"{profile.id}:{state.game}:{state.skill}:{day}:{state.reviews}"
    return int(hashlib.sha1(text.encode()).hexdigest()[:8], 16)


def _authored(profile: Learner, game: str, skill: str) -> Exercise | None:
    candidates = [ex for ex in bank.authored().values() if ex.game == game and skill in ex.skills]
    if not candidates:
        return None
    last = dict(
        db.session.execute(
            db.select(Attempt.exercise_id, db.func.max(Attempt.created_at))
            .where(Attempt.profile_id == profile.id, Attempt.game == game)
            .group_by(Attempt.exercise_id)
        ).all()
    )
    return min(
        candidates, key=lambda ex: (last.get(ex.id) is not None, last.get(ex.id) or 0, ex.id)
    )


def exercise_for(profile: Learner, state: Any) -> Exercise | None:
    seed = _seed(profile, state)
    gens = generators.for_skill(state.game, state.skill)
    for i in range(len(gens)):
        gen = gens[(seed + i) % len(gens)]
        ex = generators.generate(state.game, gen.id, seed)
        if ex is not None:
            return ex
    return _authored(profile, state.game, state.skill)


def next_item(profile: Learner | None) -> ReviewItem | None:
    if profile is None:
        return None
    for state in due_list(profile):
        ex = exercise_for(profile, state)
        if ex is not None:
            return ReviewItem(f"{state.game}/{state.skill}", state.game, state.skill, ex)
    return None


def forecast(
    profile: Learner | None,
    days: int = 7,
    game: str | None = None,
    states: list[Any] | None = None,
) -> list[tuple[str, int]]:
    """How many skills (of ``game``, else of every game) come due on each of the next
    ``days`` days (today first); ``states``: those skills' states, when already read."""
    if profile is None:
        return []
    now = clock.now()
    end = skills.day_end(now, profile.timezone)
    today = streaks.local_day(now, profile.timezone)  # the learner's today, where they are
    if states is None:
        states = skills.states(profile, game)
    out = []
    start = None
    for d in range(days):
        stop = end + timedelta(days=d)
        n = sum(1 for s in states if (start is None or s.due >= start) and s.due < stop)
        out.append(((today + timedelta(days=d)).isoformat(), n))
        start = stop
    return out
