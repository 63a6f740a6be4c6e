"""A learner's progress per game: skills (learned, due), stars, the history of answers.

Other areas add their sections (the lessons' path, the review's forecast, practice
ratings) through :data:`SECTIONS`: each a function of (profile, game) returning a
template name and its context, or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from app.extensions import db
from app.learning import clock, skills
from app.learning.exercise import Text
from app.learning.models import Attempt, ExerciseState, SkillState
from app.models import LearnerProfile


@dataclass
class SkillRow:
    id: str
    name: Text
    reviews: int
    lapses: int
    due: datetime | None
    due_today: bool

    @property
    def learned(self) -> bool:
        return self.reviews > 0


@dataclass
class GameProgress:
    game: str
    skills: list[SkillRow]
    solved: int
    stars: int
    attempts: int
    correct: int
    history: list[Attempt]

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.correct / self.attempts) if self.attempts else None

    @property
    def learned(self) -> int:
        return sum(1 for s in self.skills if s.learned)

    @property
    def due(self) -> int:
        return sum(1 for s in self.skills if s.due_today)


Section = Callable[[LearnerProfile | None, str], tuple[str, dict[str, Any]] | None]
SECTIONS: list[Section] = []


def now() -> datetime:
    return clock.now()


# Statements built once (a ``filter_by`` builds and keys its statement anew each call).
_PID, _GAME = db.bindparam("pid"), db.bindparam("game")
_SOLVED = db.select(db.func.count(), db.func.coalesce(db.func.sum(ExerciseState.stars), 0)).where(
    ExerciseState.profile_id == _PID, ExerciseState.game == _GAME, ExerciseState.solved.is_(True)
)
_COUNTS = db.select(
    db.func.count(), db.func.coalesce(db.func.sum(db.case((Attempt.correct, 1), else_=0)), 0)
).where(Attempt.profile_id == _PID, Attempt.game == _GAME)
_RECENT = (
    db.select(Attempt)
    .where(Attempt.profile_id == _PID, Attempt.game == _GAME)
    .where(Attempt.context != "exam")  # a teacher's exam shows in its results
    .order_by(Attempt.created_at.desc(), Attempt.id.desc())
    .limit(db.bindparam("n"))
)
_BY_DAY = db.select(Attempt.created_at, Attempt.correct).where(
    Attempt.profile_id == _PID,
    Attempt.game == _GAME,
    Attempt.created_at >= db.bindparam("since"),
    Attempt.context != "exam",
)


def game_progress(
    profile: LearnerProfile | None,
    game: str,
    history: int = 20,
    skill_states: list[SkillState] | None = None,
    exercise_states: dict[str, ExerciseState] | None = None,
) -> GameProgress:
    """``skill_states``, ``exercise_states``: this game's, when the caller has read them
    already (no query for them then)."""
    pid = profile.id if profile is not None else None
    if skill_states is None:
        skill_states = skills.states(profile, game)
    states = {s.skill: s for s in skill_states}
    end = skills.day_end(now(), getattr(profile, "timezone", None))
    rows = []
    for sk in skills.taxonomy().get(game, {}).values():
        st: SkillState | None = states.get(sk.id)
        rows.append(
            SkillRow(
                sk.id,
                sk.name,
                st.reviews if st else 0,
                st.lapses if st else 0,
                st.due if st else None,
                bool(st and st.due < end),
            )
        )
    if pid is None:
        return GameProgress(game, rows, 0, 0, 0, 0, [])
    at = {"pid": pid, "game": game}
    if exercise_states is None:
        ex = db.session.execute(_SOLVED, at).one()
    else:
        solved = [s for s in exercise_states.values() if s.solved]
        ex = (len(solved), sum(s.stars or 0 for s in solved))
    counts = db.session.execute(_COUNTS, at).one()
    recent = list(db.session.scalars(_RECENT, {**at, "n": history})) if history else []
    return GameProgress(game, rows, int(ex[0]), int(ex[1]), int(counts[0]), int(counts[1]), recent)


def accuracy_by_day(
    profile: LearnerProfile | None, game: str, days: int = 30
) -> list[tuple[Any, int, int]]:
    """(day, right, total) for each of the last ``days`` days with answers, oldest first
    (days end at 04:00 in the learner's zone, like the review's)."""
    if profile is None or profile.id is None:
        return []
    since = now() - timedelta(days=days)
    rows = db.session.execute(_BY_DAY, {"pid": profile.id, "game": game, "since": since}).all()
    tz = skills.zone(profile.timezone)
    by_day: dict[Any, list[int]] = {}
    for at, correct in rows:
        local = at.replace(tzinfo=UTC).astimezone(tz)
        day = (local - timedelta(hours=skills.DAY_STARTS_AT)).date()
        tally = by_day.setdefault(day, [0, 0])
        tally[0] += 1 if correct else 0
        tally[1] += 1
    return [(d, r, t) for d, (r, t) in sorted(by_day.items())]


def sections(
    profile: LearnerProfile | None,
    game: str,
    exercise_states: dict[str, ExerciseState] | None = None,
) -> list[tuple[str, dict[str, Any]]]:
    from app.learning import paths

    out = []
    lessons = paths.progress_section(profile, game, exercise_states)
    for part in (lessons, *(fn(profile, game) for fn in SECTIONS)):
        if part is not None:
            out.append(part)
    return out
