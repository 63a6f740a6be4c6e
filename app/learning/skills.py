"""Skills per game and their spaced repetition (FSRS, the ``fsrs`` package).

The taxonomy is content (``content/skills.yaml``): a few skills per game, each named
in both languages. Every exercise names its skills; an answer becomes an FSRS rating
for each of them (TEACHING.md): wrong = Again; right after hints or retries = Hard;
right at the first try = Good, or Easy when faster than the exercise's median time.
The first answer of a run rates; of the run's later tries only the one that solves it
rates again (Hard: right after retries), unless the answer had been shown.

A learner's day ends at 04:00 in their time zone (``LearnerProfile.timezone``,
Asia/Shanghai for visitors): "due today" means due before the next 04:00 there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from fsrs import Card, Rating, Scheduler

from app.config import ROOT
from app.database import RowInsert, Write, utcnow
from app.extensions import db
from app.learning.exercise import Exercise, Text
from app.learning.models import SkillState
from app.models import Learner
from app.yamlfile import load_yaml

DAY_STARTS_AT = 4  # 04:00 local time
DEFAULT_TZ = "Asia/Shanghai"


@dataclass(frozen=True, slots=True)
class Skill:
    id: str
    game: str
    name: Text


@cache
def taxonomy() -> dict[str, dict[str, Skill]]:
    """game id → skill id → skill."""
    data = load_yaml((ROOT / "content" / "skills.yaml").read_text(encoding="utf-8"))
    out: dict[str, dict[str, Skill]] = {}
    for game, items in data["games"].items():
        out[game] = {s["id"]: Skill(s["id"], game, Text(s["zh"], s["en"])) for s in items}
    return out


def skill(game: str, skill_id: str) -> Skill | None:
    return taxonomy().get(game, {}).get(skill_id)


@cache
def scheduler() -> Scheduler:
    # No fuzzing: a skill's schedule is reproducible (and stored and restored exactly).
    return Scheduler(enable_fuzzing=False)


def rating_for(
    correct: bool, hints: int, time_ms: int, median_ms: int, shown: bool = False
) -> Rating:
    """Wrong, or right only after the answer was shown: Again."""
    if not correct or shown:
        return Rating.Again
    if hints:
        return Rating.Hard
    return Rating.Easy if time_ms < median_ms else Rating.Good


def rating_after_retry() -> Rating:
    return Rating.Hard


def _aware(dt: datetime) -> datetime:
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def _naive(dt: datetime) -> datetime:
    return dt.astimezone(UTC).replace(tzinfo=None)


def card_of(state: SkillState) -> Card:
    return Card.from_dict(state.card)  # type: ignore[arg-type]  # the JSON of Card.to_dict()


TABLE = SkillState.__table__
# an exercise's skills (bound: ``game``, ``skills``), of one profile
OF_EXERCISE = (
    TABLE.c.game == db.bindparam("game"),
    TABLE.c.skill.in_(db.bindparam("skills", expanding=True)),
)
#: what a review reads of a skill's state (plain columns, :class:`Seen`)
SEEN = (TABLE.c.skill, TABLE.c.card, TABLE.c.reviews, TABLE.c.lapses)
_SEEN_OF = db.select(*SEEN).where(TABLE.c.profile_id == db.bindparam("profile_id"), *OF_EXERCISE)


@dataclass(frozen=True, slots=True)
class Seen:
    """A skill's state as a review reads it: its FSRS card, its counts."""

    card: dict[str, Any]
    reviews: int
    lapses: int


def seen(rows: list[tuple[Any, ...]]) -> dict[str, Seen]:
    """Skill id → its state, from rows of :data:`SEEN`'s columns (a row of ``None`` for
    none)."""
    return {r[0]: Seen(r[1], r[2], r[3]) for r in rows if r[0] is not None}


_COLUMNS = ("profile_id", "game", "skill", "card", "due", "reviews", "lapses", "updated_at")
_WRITES: list[RowInsert] = []


def _write(i: int) -> RowInsert:
    """The upsert of an answer's ``i``-th skill (each bound under a name of its own)."""
    while len(_WRITES) <= i:
        n = len(_WRITES)
        _WRITES.append(RowInsert(TABLE, _COLUMNS, f"k{n}_", key=("profile_id", "game", "skill")))
    return _WRITES[i]


def review(
    profile: Learner,
    ex: Exercise,
    rating: Rating,
    now: datetime,
    found: dict[str, Seen] | None = None,
) -> list[Write]:
    """Rate every skill of ``ex`` (a state made on first sight): the rows to write, with
    the answer's (:func:`app.database.write_together`). ``found``: the profile's states
    of these skills, when read already."""
    when = _aware(now)
    if found is None:
        params = {"profile_id": profile.id, "game": ex.game, "skills": list(ex.skills)}
        found = seen([tuple(r) for r in db.session.execute(_SEEN_OF, params)])
    written = utcnow()
    out = []
    for i, skill_id in enumerate(dict.fromkeys(ex.skills)):  # each skill once
        state = found.get(skill_id)
        # an explicit card_id: without one, fsrs sleeps 1 ms per new card (to make ids
        # unique), holding the worker; a skill state is found by its row, not this id
        card = (
            Card.from_dict(state.card)  # type: ignore[arg-type]  # the JSON of Card.to_dict()
            if state is not None
            else Card(card_id=int(when.timestamp() * 1000), due=when)
        )
        card, _log = scheduler().review_card(card, rating, review_datetime=when)
        lapsed = 1 if rating == Rating.Again else 0
        row = {
            "profile_id": profile.id,
            "game": ex.game,
            "skill": skill_id,
            "card": card.to_dict(),
            "due": _naive(card.due),
            "reviews": (state.reviews if state else 0) + 1,
            "lapses": (state.lapses if state else 0) + lapsed,
            "updated_at": written,
        }
        out.append(_write(i).row(row))
    return out


def zone(tz_name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(tz_name or DEFAULT_TZ)
    except (KeyError, ValueError):
        return ZoneInfo(DEFAULT_TZ)


def day_end(now: datetime, tz_name: str | None) -> datetime:
    """The end of the learner's day (the next 04:00 in their zone), as naive UTC."""
    tz = zone(tz_name)
    local = _aware(now).astimezone(tz)
    end = local.replace(hour=DAY_STARTS_AT, minute=0, second=0, microsecond=0)
    if local >= end:
        end += timedelta(days=1)
    return _naive(end)


def day_start(day: date, tz: ZoneInfo) -> datetime:
    """When the learner's ``day`` begins (04:00 in their zone), as naive UTC."""
    return _naive(datetime.combine(day, time(DAY_STARTS_AT), tz))


# what pages read of a learner's skills (rows with these names; nothing changes them)
_STATES_ALL = (
    db.select(
        TABLE.c.game, TABLE.c.skill, TABLE.c.due, TABLE.c.reviews, TABLE.c.lapses, TABLE.c.card
    )
    .where(TABLE.c.profile_id == db.bindparam("profile_id"))
    .order_by(TABLE.c.due)
)
_STATES_OF_GAME = _STATES_ALL.where(TABLE.c.game == db.bindparam("game"))


def states(profile: Learner | None, game: str | None = None) -> list[Any]:
    """The learner's skill states (of ``game``), soonest due first: rows with a
    :class:`SkillState`'s names (game, skill, due, reviews, lapses, card)."""
    if profile is None or profile.id is None:
        return []
    if game:
        found = db.session.execute(_STATES_OF_GAME, {"profile_id": profile.id, "game": game})
    else:
        found = db.session.execute(_STATES_ALL, {"profile_id": profile.id})
    return list(found)


def due_today(profile: Learner | None, now: datetime) -> list[Any]:
    end = day_end(now, getattr(profile, "timezone", None))
    return [s for s in states(profile) if s.due < end]
