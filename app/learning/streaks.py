"""A learner's days: answers counted per day, the daily goal, the streak.

Each answer adds one to the learner's day it was given on: the day in their time zone
*at the time of answering*, ending at 04:00 (:data:`app.learning.skills.DAY_STARTS_AT`),
kept in ``learner_days`` as written. A later change of zone never moves a day already
counted. The count is an upsert written with the answer's other rows
(:func:`app.database.write_together`: on PostgreSQL a CTE of the one statement).

The daily goal (``learner_profiles.daily_goal``) is a number of answers, or ``None``
(off). A day is *met* when it has the goal's answers (with the goal off: any answer);
the streak is the run of met days up to today, or up to yesterday while today is not
met yet (a day not over yet breaks nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from sqlalchemy import literal_column
from sqlalchemy.dialects import postgresql, sqlite

from app.database import RowInsert, Write
from app.extensions import db
from app.learning import skills
from app.learning.models import LearnerDay
from app.models import Learner, LearnerProfile

TABLE = LearnerDay.__table__
#: the goals a learner may choose (answers a day); ``None`` is off
GOALS = (5, 10, 20, 30, 50)
MAX_GOAL = 500
#: how many days back a streak is read (a longer one shows as this many)
HORIZON = 400


def local_day(now: datetime, tz_name: str | None) -> date:
    """The learner's day at ``now`` (naive UTC) in zone ``tz_name``: the date of the
    local time less four hours (the day ends at 04:00)."""
    local = now.replace(tzinfo=UTC).astimezone(skills.zone(tz_name))
    return (local - timedelta(hours=skills.DAY_STARTS_AT)).date()


class _CountOne(RowInsert):
    """The upsert that adds one answer to a learner's day (a new day starts at one)."""

    def __init__(self) -> None:
        super().__init__(TABLE, ("profile_id", "day"), "d_")
        values = {c: db.bindparam("d_" + c, type_=TABLE.c[c].type) for c in self.columns}
        for name, insert in (("postgresql", postgresql.insert), ("sqlite", sqlite.insert)):
            stmt = insert(TABLE).values(**values, answers=literal_column("1"))
            self.statements[name] = stmt.on_conflict_do_update(
                index_elements=[TABLE.c.profile_id, TABLE.c.day],
                set_={"answers": TABLE.c.answers + literal_column("1")},
            )


_COUNT = _CountOne()


def count_row(profile: Learner, now: datetime) -> Write:
    """The row that counts one answer given at ``now`` on the learner's day there."""
    return _COUNT.row({"profile_id": profile.id, "day": local_day(now, profile.timezone)})


_DAYS = (
    db.select(TABLE.c.day, TABLE.c.answers)
    .where(TABLE.c.profile_id == db.bindparam("pid"), TABLE.c.day >= db.bindparam("since"))
    .order_by(TABLE.c.day.desc())
)
_GOAL = db.select(LearnerProfile.daily_goal).where(LearnerProfile.id == db.bindparam("pid"))


@dataclass(frozen=True, slots=True)
class Streak:
    """What a page shows of a learner's days."""

    goal: int | None  # answers a day, or None (off)
    today: int  # answers on the learner's current day
    streak: int  # met days in a row, up to today (or yesterday)
    best: int  # the longest run of met days read

    @property
    def met_today(self) -> bool:
        return self.today >= (self.goal or 1)

    @property
    def left_today(self) -> int:
        return max(0, (self.goal or 1) - self.today)


def goal_of(profile: Learner | None) -> int | None:
    if profile is None or profile.id is None:
        return None
    found = db.session.scalar(_GOAL, {"pid": profile.id})
    return int(found) if found else None


def summary(profile: Learner | None, now: datetime) -> Streak:
    """The learner's goal, today's answers and the streak at ``now`` (naive UTC)."""
    goal = goal_of(profile)
    if profile is None or profile.id is None:
        return Streak(goal, 0, 0, 0)
    today = local_day(now, profile.timezone)
    rows = db.session.execute(
        _DAYS, {"pid": profile.id, "since": today - timedelta(days=HORIZON)}
    ).all()
    return streak_of({d: int(n) for d, n in rows}, goal, today)


def streak_of(days: dict[date, int], goal: int | None, today: date) -> Streak:
    """The streak of ``days`` (day → answers) on ``today``. A day counted ahead of
    ``today`` (written in a zone further east, before the learner moved west) is the
    current day still: a change of zone neither breaks a streak nor empties a day."""
    need = goal or 1
    ahead = [d for d in days if today < d <= today + timedelta(days=1)]
    current = max(ahead) if ahead else today
    count = days.get(current, 0)
    day = current if count >= need else current - timedelta(days=1)
    run = 0
    while days.get(day, 0) >= need:
        run += 1
        day -= timedelta(days=1)
    best = 0
    length = 0
    previous: date | None = None
    for d in sorted(days):
        if days[d] >= need:
            length = length + 1 if previous is not None and d - previous == timedelta(1) else 1
            previous = d
            best = max(best, length)
        else:
            previous = None
    return Streak(goal, count, run, max(best, run))


def read_goal(text: str | None) -> int | None:
    """The goal a form sent: ``off`` (or empty) is ``None``; else a whole number from 1
    to :data:`MAX_GOAL`. Anything else raises ``ValueError``."""
    text = (text or "").strip()
    if text in ("", "off", "0"):
        return None
    goal = int(text)
    if not 1 <= goal <= MAX_GOAL:
        raise ValueError(text)
    return goal


def set_goal(profile: Learner, goal: int | None) -> None:
    """Store the learner's goal (in the caller's transaction; the caller commits)."""
    db.session.execute(
        db.update(LearnerProfile).where(LearnerProfile.id == profile.id).values(daily_goal=goal)
    )
