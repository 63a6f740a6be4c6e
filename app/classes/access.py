"""Who may see and do what in the teachers' area.

- A class is seen only by its teachers (the owner and co-teachers); to anyone else,
  admins included, it does not exist: a 404, the same as for a class that does not.
  Owner-only acts (adding or removing co-teachers) answer a co-teacher with 403: the
  class is theirs to see, that act is not.
- An account a teacher made (:class:`StudentAccount`) is managed (password reset,
  quick-login codes) by the teacher who made it and by the teachers of a class the
  student is in and that teacher *owns*; a class where the maker only co-teaches gives
  nothing (else any teacher could invite the maker into his class and take over the
  students who join it). Co-teaching takes the invited teacher's acceptance. An account
  someone made for themselves is never managed by a teacher, whatever class it joins.
- A finished deal played for an assignment is seen by its player and the class's
  teachers, and by others only once the last student's time is up.
- A student sees the assignments of their classes once they have started, while the
  class is not archived. A visitor (or a session that ended) opening any assignment link
  signs in first and comes back, whether or not it exists; a student removed from the
  class is told they are no longer in it.
- The roles page is for admins only.
"""

from __future__ import annotations

from flask import abort
from flask_login import current_user
from sqlalchemy import select
from sqlalchemy.orm import aliased

from app.classes.models import (
    Assignment,
    ClassStudent,
    ClassTeacher,
    Departure,
    SchoolClass,
    StudentAccount,
)
from app.extensions import db, login_manager
from app.learning import clock
from app.models import LearnerProfile, User


def user() -> User | None:
    """The signed-in account, or ``None`` for a visitor."""
    if not current_user.is_authenticated:
        return None
    u: User = current_user._get_current_object()
    return u


def is_managed(user_id: int) -> bool:
    """True for an account a teacher made."""
    return db.session.get(StudentAccount, user_id) is not None


def may_teach(u: User | None) -> bool:
    return u is not None and u.has_role("teacher")


def teacher_role(class_id: int, user_id: int) -> str | None:
    """``owner``, ``co`` or ``None``."""
    return db.session.scalar(
        select(ClassTeacher.role).filter_by(class_id=class_id, user_id=user_id)
    )


def teaching(class_id: int, owner: bool = False) -> SchoolClass:
    """The class if the signed-in user teaches it; else 404 (403 for an owner-only act)."""
    u = user()
    role = teacher_role(class_id, u.id) if may_teach(u) and u is not None else None
    klass = db.session.get(SchoolClass, class_id) if role else None
    if klass is None:
        abort(404)
    if owner and role != "owner":
        abort(403)
    return klass


def teaching_assignment(
    class_id: int, assignment_id: int
) -> tuple[SchoolClass, Assignment, str | None]:
    """The class and its assignment if the signed-in user teaches the class, with the
    time zone of the teacher's profile (``None``: none set), read in one query; else
    404, as :func:`teaching` and for an assignment of another class."""
    u = user()
    found = (
        db.session.execute(
            select(SchoolClass, Assignment, LearnerProfile.timezone)
            .join(ClassTeacher, ClassTeacher.class_id == SchoolClass.id)
            .join(Assignment, Assignment.class_id == SchoolClass.id)
            .outerjoin(LearnerProfile, LearnerProfile.user_id == ClassTeacher.user_id)
            .where(
                SchoolClass.id == class_id,
                ClassTeacher.user_id == u.id,
                Assignment.id == assignment_id,
            )
        ).first()
        if may_teach(u) and u is not None
        else None
    )
    if found is None:
        abort(404)
    return found[0], found[1], found[2]


def member(klass: SchoolClass, user_id: int) -> ClassStudent:
    row = db.session.scalar(select(ClassStudent).filter_by(class_id=klass.id, user_id=user_id))
    if row is None:
        abort(404)
    return row


def manages(teacher_id: int, student_id: int) -> bool:
    """May ``teacher_id`` reset the password of ``student_id`` and give it codes?"""
    account = db.session.get(StudentAccount, student_id)
    if account is None or account.created_by_id is None:
        return False
    if account.created_by_id == teacher_id:
        return True
    mine, maker = aliased(ClassTeacher), aliased(ClassTeacher)
    shared = (
        select(ClassStudent.id)
        .join(mine, mine.class_id == ClassStudent.class_id)
        .join(maker, maker.class_id == ClassStudent.class_id)
        .where(
            ClassStudent.user_id == student_id,
            mine.user_id == teacher_id,
            maker.user_id == account.created_by_id,
            maker.role == "owner",
        )
        .limit(1)
    )
    return db.session.scalar(shared) is not None


class NoLongerInClass(Exception):
    """A student a teacher removed opens a link of the class (the page says so)."""

    def __init__(self, klass: SchoolClass) -> None:
        super().__init__(klass.name)
        self.klass = klass


def signin_first() -> None:
    """A visitor (or a session that has ended: a new password, signed out elsewhere) goes
    to the sign-in page and back here, whether or not the page exists: nothing is told
    before signing in."""
    abort(login_manager.unauthorized())


def student_assignment(assignment_id: int) -> tuple[Assignment, SchoolClass, ClassStudent]:
    """The assignment if the signed-in user is in its class and it has started; a visitor
    signs in first; a student removed from the class is told so
    (:class:`NoLongerInClass`); else 404."""
    u = user()
    if u is None:
        signin_first()
    assert u is not None
    a = db.session.get(Assignment, assignment_id)
    klass = db.session.get(SchoolClass, a.class_id) if a is not None else None
    row = (
        db.session.scalar(select(ClassStudent).filter_by(class_id=klass.id, user_id=u.id))
        if klass is not None and not klass.archived
        else None
    )
    if klass is not None and row is None:
        gone = select(Departure.id).filter_by(class_id=klass.id, user_id=u.id)
        if db.session.scalar(gone) is not None:
            raise NoLongerInClass(klass)
    if a is None or klass is None or row is None or a.starts_at > clock.now():
        abort(404)
    return a, klass, row


def admin() -> User:
    u = user()
    if u is None or u.role != "admin":
        abort(404)
    return u
