"""A learner's progress per game: skills (learned, due), stars, the history of answers.

Other areas add their sections (the lessons' path, the review's forecast, practice
ratings) through :data:`SECTIONS`: each a function of (profile, game) returning a
template name and its context, or ``None``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from app.extensions import db
from app.learning import clock, skills
from app.learning.exercise import Text
from app.learning.models import Attempt, ExerciseState
from app.learning.record import Run
from app.models import Learner


@dataclass
class SkillRow:
    id: str
    name: Text
    reviews: int
    lapses: int
    due: datetime | None
    due_today: bool
    stability: float = 0.0  # FSRS: days until recall drops to 90%

    @property
    def started(self) -> bool:
        return self.reviews > 0

    @property
    def learned(self) -> bool:
        """Learned once its memory lasts a week (FSRS stability of 7 days or more)."""
        return self.stability >= LEARNED_DAYS


@dataclass(frozen=True, slots=True)
class Answer:
    """One of the latest answers as the progress page shows it."""

    exercise_id: str
    answer: str
    correct: bool
    misconception: str | None
    params: dict[str, Any]

    @property
    def key(self) -> tuple[Any, ...]:
        """What the shown line depends on (the page draws each line once per language)."""
        shown = json.dumps(self.params, sort_keys=True, ensure_ascii=False)
        return self.exercise_id, self.answer, self.correct, self.misconception, shown


@dataclass
class GameProgress:
    game: str
    skills: list[SkillRow]
    solved: int
    stars: int
    attempts: int
    correct: int
    history: list[Answer]

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.correct / self.attempts) if self.attempts else None

    @property
    def learned(self) -> int:
        return sum(1 for s in self.skills if s.learned)

    @property
    def due(self) -> int:
        return sum(1 for s in self.skills if s.due_today)


#: a skill counts as learned when FSRS expects it remembered this many days
LEARNED_DAYS = 7.0

Section = Callable[[Learner | None, str], tuple[str, dict[str, Any]] | None]
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
# the latest answers, as rows (the page only shows them): what the history shows of each
_RECENT = (
    db.select(
        Attempt.exercise_id,
        Attempt.answer,
        Attempt.correct,
        Attempt.misconception,
        Attempt.params,
    )
    .where(Attempt.profile_id == _PID, Attempt.game == _GAME)
    .where(Attempt.context != "exam")  # a teacher's exam shows in its results
    .order_by(Attempt.created_at.desc(), Attempt.id.desc())
    .limit(db.bindparam("n"))
)
#: the days the accuracy chart shows
CHART_DAYS = 30
# Each answer's learner's day found by the database: the index of the first of the days'
# bounds (04:00 in the learner's zone, as naive UTC; bound ``b1``, ``b2`` …) it comes
# before; answers counted per day there, so a page reads a row per day, not per answer.
_BOUNDS = CHART_DAYS + 2
# (numbers written into the statement, not bound: few parameters, so that psycopg keeps
# the statement prepared)
_DAY = db.case(
    *(
        (Attempt.created_at < db.bindparam(f"b{i}"), db.literal_column(str(i - 1)))
        for i in range(1, _BOUNDS)
    ),
    else_=db.literal_column(str(_BOUNDS - 1)),
).label("day")
_RIGHT = db.case((Attempt.correct, db.literal_column("1")), else_=db.literal_column("0"))
_BY_DAY = (
    db.select(_DAY, db.func.count(), db.func.sum(_RIGHT))
    .where(
        Attempt.profile_id == _PID,
        Attempt.game == _GAME,
        Attempt.created_at >= db.bindparam("since"),
        Attempt.context != "exam",
    )
    .group_by("day")
)


def _stability(state: Any) -> float:
    card = getattr(state, "card", None) if state is not None else None
    try:
        return float((card or {}).get("stability") or 0.0)
    except (TypeError, ValueError, AttributeError):
        return 0.0


def game_progress(
    profile: Learner | None,
    game: str,
    history: int = 20,
    skill_states: list[Any] | None = None,
    exercise_states: dict[str, Run] | None = None,
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
        st: Any = states.get(sk.id)
        rows.append(
            SkillRow(
                sk.id,
                sk.name,
                st.reviews if st else 0,
                st.lapses if st else 0,
                st.due if st else None,
                bool(st and st.due < end),
                _stability(st),
            )
        )
    if pid is None:
        return GameProgress(game, rows, 0, 0, 0, 0, [])
    at = {"pid": pid, "game": game}
    ex: tuple[int, int]
    if exercise_states is None:
        solved_n, stars_n = db.session.execute(_SOLVED, at).one()
        ex = (solved_n, stars_n)
    else:
        solved = [s for s in exercise_states.values() if s.solved]
        ex = (len(solved), sum(s.stars or 0 for s in solved))
    counts = db.session.execute(_COUNTS, at).one()
    recent = (
        [Answer(*row) for row in db.session.execute(_RECENT, {**at, "n": history})]
        if history
        else []
    )
    return GameProgress(game, rows, int(ex[0]), int(ex[1]), int(counts[0]), int(counts[1]), recent)


def accuracy_by_day(
    profile: Learner | None, game: str, days: int = CHART_DAYS
) -> list[tuple[Any, int, int]]:
    """(day, right, total) for each of the last ``days`` days with answers, oldest first
    (days end at 04:00 in the learner's zone, like the review's)."""
    if profile is None or profile.id is None:
        return []
    assert days <= CHART_DAYS
    at = now()
    since = at - timedelta(days=days)
    tz = skills.zone(profile.timezone)
    # the learner's days from the one ``since`` falls in, each from 04:00 there
    first = (
        since.replace(tzinfo=UTC).astimezone(tz) - timedelta(hours=skills.DAY_STARTS_AT)
    ).date()
    dates = [first + timedelta(days=i) for i in range(_BOUNDS)]
    bounds = {f"b{i}": skills.day_start(d, tz) for i, d in enumerate(dates) if i > 0}
    rows = db.session.execute(
        _BY_DAY, {"pid": profile.id, "game": game, "since": since, **bounds}
    ).all()
    return [(dates[day], int(right), int(total)) for day, total, right in sorted(rows)]


def sections(
    profile: Learner | None,
    game: str,
    exercise_states: dict[str, Run] | None = None,
) -> list[tuple[str, dict[str, Any]]]:
    from app.learning import paths

    out = []
    lessons = paths.progress_section(profile, game, exercise_states)
    for part in (lessons, *(fn(profile, game) for fn in SECTIONS)):
        if part is not None:
            out.append(part)
    return out
