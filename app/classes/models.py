"""Classes, the accounts teachers make, assignments and their items.

- :class:`SchoolClass`: a class (its join code, private notes, archived or not).
- :class:`ClassTeacher`: who teaches it (``owner`` or ``co``): a teacher's power over a
  class comes from this row only.
- :class:`Invitation`: an owner's invitation to co-teach, which the invited teacher
  accepts or declines; it expires, and the owner may withdraw it.
- :class:`ClassStudent`: who is in it, with the real name and the note only the class's
  teachers see (real names are never on the account).
- :class:`Departure`: a student removed from a class (their old links say so).
- :class:`StudentAccount`: an account a teacher made (no e-mail, a generated password);
  the teacher who made it may reset its password and give it quick-login codes.
- :class:`QuickCode`: a quick-login code (stored as a digest), one sign-in, until it expires.
- :class:`AccountEvent`: a password reset or a quick-login code given to a student
  account: who gave it, when (the student's page lists them).
- :class:`Assignment` → :class:`AssignmentPart` (what the teacher picked: a lesson, practice
  positions, a quiz, a worksheet; ``kind`` names an entry of :mod:`app.classes.kinds`) →
  :class:`AssignmentItem` (one exercise each, fixed when the assignment is made, addressed
  by an opaque ``key``). Answers are the learner's attempts in context ``assignment`` (or
  ``exam``) whose ``context_ref`` is :attr:`Assignment.ref`, made of the assignment's
  random ``key`` (never its number, which a later assignment may get again).
- :class:`OwnPosition`: an item made for each student alone (an exercise the engine
  generated for this assignment; its id is private, no public page shows it).
- :class:`Extension`: a later due date for one student.

Times are naive UTC, like the rest of the record.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.database import utcnow
from app.extensions import Model

MAX_STUDENTS = 100


def new_key() -> str:
    return secrets.token_urlsafe(12)


#: on SQLite, an id once given is never given again (``AUTOINCREMENT``): a deleted
#: class's or assignment's number must not bring its rows back under a new one
NEVER_REUSED = {"sqlite_autoincrement": True}

#: how a class's students are listed: in the order they were made or joined, or by the
#: pinyin of the real name (:mod:`app.classes.pinyin`)
ORDERS = ("made", "pinyin")


class SchoolClass(Model):
    __tablename__ = "classes"
    __table_args__ = NEVER_REUSED

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    join_code: Mapped[str] = mapped_column(String(16), unique=True)
    join_open: Mapped[bool] = mapped_column(Boolean, default=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    archived_at: Mapped[datetime | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    roster_order: Mapped[str] = mapped_column(String(8), default="made", server_default="made")

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


class ClassTeacher(Model):
    __tablename__ = "class_teachers"
    __table_args__ = (UniqueConstraint("class_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(8), default="co")  # owner | co
    added_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClassStudent(Model):
    __tablename__ = "class_students"
    __table_args__ = (UniqueConstraint("class_id", "user_id"), NEVER_REUSED)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    real_name: Mapped[str] = mapped_column(String(80), default="")
    # the pinyin of the real name, for sorting (stored when the name is saved; the
    # teacher may correct it)
    sort_key: Mapped[str] = mapped_column(String(200), default="", server_default="")
    note: Mapped[str] = mapped_column(Text, default="")
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)


class Departure(Model):
    """A student a teacher removed from a class: their old links say they are no longer
    in it (gone again when they join it again)."""

    __tablename__ = "class_departures"
    __table_args__ = (UniqueConstraint("class_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    removed_at: Mapped[datetime] = mapped_column(default=utcnow)


class StudentAccount(Model):
    __tablename__ = "student_accounts"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    created_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None, index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AccountEvent(Model):
    __tablename__ = "account_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    actor_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None
    )
    kind: Mapped[str] = mapped_column(String(12))  # password | code
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Invitation(Model):
    __tablename__ = "class_invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    invited_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None
    )
    # pending | accepted | declined | withdrawn (expired: pending past ``expires_at``)
    status: Mapped[str] = mapped_column(String(12), default="pending")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime] = mapped_column()
    answered_at: Mapped[datetime | None] = mapped_column(default=None)


class Assignment(Model):
    __tablename__ = "assignments"
    __table_args__ = NEVER_REUSED

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(120))
    game: Mapped[str] = mapped_column(String(32))
    starts_at: Mapped[datetime] = mapped_column()
    due_at: Mapped[datetime] = mapped_column()
    pass_percent: Mapped[int] = mapped_column(Integer, default=60)
    exam: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # random, never reused: what its answer tokens and attempts name it by
    key: Mapped[str] = mapped_column(String(24), unique=True, default=new_key)

    @property
    def ref(self) -> str:
        """What the attempts of this assignment carry as their ``context_ref``."""
        return f"asg-{self.key}"

    @property
    def context(self) -> str:
        return "exam" if self.exam else "assignment"


class AssignmentPart(Model):
    __tablename__ = "assignment_parts"
    __table_args__ = NEVER_REUSED

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    spec: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class AssignmentItem(Model):
    __tablename__ = "assignment_items"
    __table_args__ = (UniqueConstraint("assignment_id", "exercise_id"), NEVER_REUSED)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), index=True
    )
    part_id: Mapped[int] = mapped_column(ForeignKey("assignment_parts.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    exercise_id: Mapped[str] = mapped_column(String(700))
    key: Mapped[str] = mapped_column(String(24), unique=True)


class OwnPosition(Model):
    """A student's own exercise for an item made per student (``exercise_id``: private)."""

    __tablename__ = "assignment_own_positions"
    __table_args__ = (UniqueConstraint("item_id", "user_id"), NEVER_REUSED)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), index=True
    )
    item_id: Mapped[int] = mapped_column(ForeignKey("assignment_items.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    exercise_id: Mapped[str] = mapped_column(String(120), unique=True)


class Extension(Model):
    __tablename__ = "assignment_extensions"
    __table_args__ = (UniqueConstraint("assignment_id", "user_id"), NEVER_REUSED)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignments.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    due_at: Mapped[datetime] = mapped_column()
