"""The learner's record: every answer, the state of each exercise, the skills' FSRS cards.

- :class:`Attempt`: one row per answer (what was asked where, the exact answer, the
  verdict and misconception, hints, time taken). ``nonce`` is unique: an answer form's
  one-time token, so a resubmitted request is recognized and never counted twice.
- :class:`ExerciseState`: per profile and exercise, the run of tries until solved and
  the best stars.
- :class:`SkillState`: per profile, game and skill, the FSRS card (``fsrs`` package).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.database import utcnow
from app.extensions import Model


class Attempt(Model):
    __tablename__ = "attempts"
    # A learner's answers in a game, newest last: what the progress page, the review and
    # a class's results look up (by the profile first). Each answer writes every index
    # of this table, so there are few: this one, an assignment's answers by its
    # context_ref (what every view of a teacher's grid reads: migration 0010), the
    # nonce's and the exercise's. A teacher's exam takes one answer per student and item:
    # the database refuses a second (a partial unique index, written only by exam answers).
    __table_args__ = (
        Index("ix_attempts_profile_game_time", "profile_id", "game", "created_at"),
        Index("ix_attempts_context_ref_profile", "context_ref", "profile_id"),
        Index(
            "uq_attempts_exam_answer",
            "profile_id",
            "context_ref",
            "exercise_id",
            unique=True,
            sqlite_where=text("context = 'exam'"),
            postgresql_where=text("context = 'exam'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("learner_profiles.id", ondelete="CASCADE"))
    exercise_id: Mapped[str] = mapped_column(String(700), index=True)
    game: Mapped[str] = mapped_column(String(32))
    # where it was asked: exercise | lesson | practice | quiz | review | assignment | exam
    context: Mapped[str] = mapped_column(String(20))
    context_ref: Mapped[str] = mapped_column(String(120), default="")
    answer: Mapped[str] = mapped_column(Text)
    correct: Mapped[bool] = mapped_column(Boolean)
    misconception: Mapped[str | None] = mapped_column(String(60), default=None)
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    # given after hint step 3 showed the answer (counts as not right in an assignment)
    shown: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    time_ms: Mapped[int] = mapped_column(Integer, default=0)
    nonce: Mapped[str] = mapped_column(String(40), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ExerciseState(Model):
    __tablename__ = "exercise_states"
    # (the unique key serves lookups by the profile too: no index of its own)
    __table_args__ = (UniqueConstraint("profile_id", "exercise_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("learner_profiles.id", ondelete="CASCADE"))
    exercise_id: Mapped[str] = mapped_column(String(700))
    game: Mapped[str] = mapped_column(String(32))
    tries: Mapped[int] = mapped_column(Integer, default=0)  # wrong answers in this run
    hints: Mapped[int] = mapped_column(Integer, default=0)  # hint steps shown in this run
    revealed: Mapped[bool] = mapped_column(Boolean, default=False)
    solved: Mapped[bool] = mapped_column(Boolean, default=False)
    stars: Mapped[int] = mapped_column(Integer, default=0)  # the best run's stars
    reviewed: Mapped[bool] = mapped_column(Boolean, default=False)  # this run fed FSRS
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class SkillState(Model):
    __tablename__ = "skill_states"
    # (the unique key serves lookups by the profile too; what is due is read per profile)
    __table_args__ = (UniqueConstraint("profile_id", "game", "skill"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("learner_profiles.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(32))
    skill: Mapped[str] = mapped_column(String(40))
    card: Mapped[dict[str, Any]] = mapped_column(JSON)  # fsrs.Card.to_dict()
    due: Mapped[datetime] = mapped_column()
    reviews: Mapped[int] = mapped_column(Integer, default=0)
    lapses: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class QuizSession(Model):
    """One run of a quiz: its questions (exercise ids, fixed at the start), in order.

    ``id`` is opaque (it addresses the quiz in URLs); answers are attempts whose
    ``context_ref`` is this id. ``mode``: ``practice`` (feedback at once) or ``exam``
    (feedback when the quiz is finished).
    """

    __tablename__ = "quiz_sessions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("learner_profiles.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(32))
    unit: Mapped[str] = mapped_column(String(40))
    mode: Mapped[str] = mapped_column(String(10), default="practice")
    items: Mapped[list[str]] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)


class Position(Model):
    """A practice position: a moment of a deal (its one-line code), seen from ``seat``, as
    a question of ``theme``. Library positions come from the content; fresh ones from the
    generators; a signed-in author's from the position editor. Rated by Glicko-2."""

    __tablename__ = "positions"
    __table_args__ = (UniqueConstraint("game", "theme", "digest"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    theme: Mapped[str] = mapped_column(String(40))
    digest: Mapped[str] = mapped_column(String(20))  # sha1 of the code and seat, 20 hex
    code: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(12), default="library")  # library | fresh | author
    author_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None, index=True
    )
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    rd: Mapped[float] = mapped_column(Float, default=350.0)
    vol: Mapped[float] = mapped_column(Float, default=0.06)
    plays: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Rating(Model):
    """A learner's Glicko-2 practice rating in one game."""

    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("profile_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("learner_profiles.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(32))
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    rd: Mapped[float] = mapped_column(Float, default=350.0)
    vol: Mapped[float] = mapped_column(Float, default=0.06)
    plays: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class PlayDeal(Model):
    """A whole deal a learner plays against the engine's players, kept on the server.

    ``id`` is opaque (the deal's URL); ``code`` is the full position code of the current
    moment, never sent to the page before the deal ends. ``seed`` and ``dealer`` make the
    same cards again ("play this deal again", "the same deal for everyone"). ``moves``
    is the log: every action with its seat, whether it was forced, and for the learner's
    decisions what the engine would have done. ``assignment_id`` links a deal played
    for an assignment (classes). When the deal ends, ``ended_at``, ``decisions`` (the
    learner's own, forced moves not counted) and ``agreed`` (those that were the
    engine's advice) are stored.
    """

    __tablename__ = "play_deals"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("learner_profiles.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer, default=0)
    seat: Mapped[int] = mapped_column(Integer, default=0)
    strength: Mapped[str] = mapped_column(String(16), default="simple")
    coach: Mapped[bool] = mapped_column(Boolean, default=False)
    code: Mapped[str] = mapped_column(Text)
    moves: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    status: Mapped[str] = mapped_column(String(12), default="active")  # active | over
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    assignment_id: Mapped[int | None] = mapped_column(Integer, default=None, index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # stored when the deal ends: when, the learner's decisions and how many of them
    # were the engine's advice (what a class's grid and CSV read)
    ended_at: Mapped[datetime | None] = mapped_column(default=None)
    decisions: Mapped[int | None] = mapped_column(Integer, default=None)
    agreed: Mapped[int | None] = mapped_column(Integer, default=None)


class LearnerDay(Model):
    """How many answers a learner gave on one of their days (the day in their own time
    zone at the time of answering, ending at 04:00): what streaks count. Kept as written,
    so a later change of zone never moves a day already counted."""

    __tablename__ = "learner_days"

    profile_id: Mapped[int] = mapped_column(
        ForeignKey("learner_profiles.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[date] = mapped_column(primary_key=True)
    answers: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
