"""Classes and assignments: one transaction per change, nothing half-written."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.classes import kinds
from app.classes.accounts import new_join_code
from app.classes.models import (
    Assignment,
    AssignmentItem,
    AssignmentPart,
    ClassStudent,
    ClassTeacher,
    Extension,
    SchoolClass,
    StudentAccount,
)
from app.extensions import db
from app.learning import clock
from app.models import User
from app.usernames import name_key


class NotATeacher(Exception):
    pass


class AlreadyTeaches(Exception):
    pass


class NothingToAssign(Exception):
    pass


def _commit() -> None:
    try:
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise


# -- classes ------------------------------------------------------------------------------


@dataclass
class ClassRow:
    klass: SchoolClass
    role: str
    students: int
    assignments: int


def classes_of(teacher: User) -> list[ClassRow]:
    """The classes ``teacher`` teaches, newest first (archived ones too)."""
    students = (
        db.select(db.func.count(ClassStudent.id))
        .where(ClassStudent.class_id == SchoolClass.id)
        .scalar_subquery()
    )
    tasks = (
        db.select(db.func.count(Assignment.id))
        .where(Assignment.class_id == SchoolClass.id)
        .scalar_subquery()
    )
    rows = db.session.execute(
        db.select(SchoolClass, ClassTeacher.role, students, tasks)
        .join(ClassTeacher, ClassTeacher.class_id == SchoolClass.id)
        .where(ClassTeacher.user_id == teacher.id)
        .order_by(SchoolClass.created_at.desc(), SchoolClass.id.desc())
    ).all()
    return [ClassRow(k, role, n or 0, m or 0) for k, role, n, m in rows]


def create_class(teacher: User, name: str) -> SchoolClass:
    klass = SchoolClass(name=name.strip()[:80], join_code=new_join_code(), notes="")
    klass.join_open = True
    db.session.add(klass)
    db.session.flush()
    db.session.add(ClassTeacher(class_id=klass.id, user_id=teacher.id, role="owner"))
    _commit()
    return klass


def update_class(klass: SchoolClass, name: str, notes: str) -> None:
    klass.name = name.strip()[:80]
    klass.notes = notes.strip()[:4000]
    _commit()


def set_archived(klass: SchoolClass, archived: bool) -> None:
    klass.archived_at = clock.now() if archived else None
    _commit()


def change_join(klass: SchoolClass, action: str) -> None:
    """``new`` code, ``open`` or ``close`` joining by code."""
    if action == "new":
        klass.join_code = new_join_code()
    elif action in ("open", "close"):
        klass.join_open = action == "open"
    _commit()


def teachers_of(klass: SchoolClass) -> list[tuple[User, str]]:
    rows = db.session.execute(
        db.select(User, ClassTeacher.role)
        .join(ClassTeacher, ClassTeacher.user_id == User.id)
        .filter(ClassTeacher.class_id == klass.id)
        .order_by(ClassTeacher.role.desc(), User.username)
    ).all()
    return [(u, role) for u, role in rows]


def add_co_teacher(klass: SchoolClass, username: str) -> User:
    """Raises :class:`NotATeacher` (no such teacher) or :class:`AlreadyTeaches`."""
    key = name_key(username)
    u = db.session.scalar(db.select(User).filter_by(username_key=key)) if key else None
    if u is None or not u.has_role("teacher"):
        raise NotATeacher
    if db.session.scalar(db.select(ClassTeacher.id).filter_by(class_id=klass.id, user_id=u.id)):
        raise AlreadyTeaches
    db.session.add(ClassTeacher(class_id=klass.id, user_id=u.id, role="co"))
    _commit()
    return u


def remove_co_teacher(klass: SchoolClass, user_id: int) -> bool:
    row = db.session.scalar(
        db.select(ClassTeacher).filter_by(class_id=klass.id, user_id=user_id, role="co")
    )
    if row is None:
        return False
    db.session.delete(row)
    _commit()
    return True


@dataclass
class RosterRow:
    member: ClassStudent
    user: User
    managed: bool  # made by a teacher (a password the teacher can reset)


def roster(klass: SchoolClass) -> list[RosterRow]:
    rows = db.session.execute(
        db.select(ClassStudent, User, StudentAccount.user_id)
        .join(User, User.id == ClassStudent.user_id)
        .outerjoin(StudentAccount, StudentAccount.user_id == User.id)
        .filter(ClassStudent.class_id == klass.id)
        .order_by(ClassStudent.real_name, User.username_key)
    ).all()
    return [RosterRow(m, u, managed is not None) for m, u, managed in rows]


def update_student(row: ClassStudent, real_name: str, note: str) -> None:
    row.real_name = real_name.strip()[:80]
    row.note = note.strip()[:4000]
    _commit()


def remove_student(klass: SchoolClass, user_id: int) -> None:
    db.session.execute(
        db.delete(Extension).where(
            Extension.user_id == user_id,
            Extension.assignment_id.in_(db.select(Assignment.id).filter_by(class_id=klass.id)),
        )
    )
    db.session.execute(db.delete(ClassStudent).filter_by(class_id=klass.id, user_id=user_id))
    _commit()


def student_classes(u: User) -> list[SchoolClass]:
    return list(
        db.session.scalars(
            db.select(SchoolClass)
            .join(ClassStudent, ClassStudent.class_id == SchoolClass.id)
            .filter(ClassStudent.user_id == u.id, SchoolClass.archived_at.is_(None))
            .order_by(SchoolClass.name)
        )
    )


# -- assignments --------------------------------------------------------------------------


@dataclass
class NewPart:
    kind: str
    spec: dict[str, Any]


def create_assignment(
    klass: SchoolClass,
    teacher: User,
    *,
    title: str,
    game: str,
    starts_at: datetime,
    due_at: datetime,
    pass_percent: int,
    exam: bool,
    parts: list[NewPart],
) -> Assignment:
    """The assignment with its parts and items (each exercise once, in the order picked).

    Raises :class:`NothingToAssign` when the parts hold nothing (nothing written)."""
    if not parts:
        raise NothingToAssign
    a = Assignment(
        class_id=klass.id,
        title=title.strip()[:120],
        game=game,
        starts_at=starts_at,
        due_at=due_at,
        pass_percent=pass_percent,
        exam=exam,
        created_by_id=teacher.id,
    )
    try:
        db.session.add(a)
        db.session.flush()
        seen: set[str] = set()
        n = 0
        for i, p in enumerate(parts):
            part = AssignmentPart(assignment_id=a.id, position=i, kind=p.kind, spec=p.spec)
            db.session.add(part)
            db.session.flush()
            kind = kinds.get(p.kind)
            for eid in kind.expand(p.spec) if kind else []:
                if eid in seen:
                    continue
                seen.add(eid)
                key = secrets.token_urlsafe(9)
                db.session.add(
                    AssignmentItem(
                        assignment_id=a.id, part_id=part.id, position=n, exercise_id=eid, key=key
                    )
                )
                n += 1
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return a


def assignments_of(klass: SchoolClass) -> list[Assignment]:
    return list(
        db.session.scalars(
            db.select(Assignment)
            .filter_by(class_id=klass.id)
            .order_by(Assignment.due_at.desc(), Assignment.id.desc())
        )
    )


def assignment_in(klass: SchoolClass, assignment_id: int) -> Assignment | None:
    a = db.session.get(Assignment, assignment_id)
    return a if a is not None and a.class_id == klass.id else None


def _in_order(model, a: Assignment) -> list:  # type: ignore[no-untyped-def]
    q = db.select(model).filter_by(assignment_id=a.id).order_by(model.position)
    return list(db.session.scalars(q))


def parts_of(a: Assignment) -> list[AssignmentPart]:
    return _in_order(AssignmentPart, a)


def items_of(a: Assignment) -> list[AssignmentItem]:
    return _in_order(AssignmentItem, a)


def item_by_key(a: Assignment, key: str) -> AssignmentItem | None:
    return db.session.scalar(db.select(AssignmentItem).filter_by(assignment_id=a.id, key=key[:24]))


def update_assignment(
    a: Assignment, title: str, starts_at: datetime, due_at: datetime, pass_percent: int
) -> None:
    a.title, a.starts_at, a.due_at, a.pass_percent = (
        title.strip()[:120],
        starts_at,
        due_at,
        pass_percent,
    )
    _commit()


def delete_assignment(a: Assignment) -> None:
    """The assignment goes; the answers stay in each student's own record. (SQLite keeps
    no foreign keys by default, so the rows below it are deleted here, not by cascade.)"""
    for model in (Extension, AssignmentItem, AssignmentPart):
        db.session.execute(db.delete(model).filter_by(assignment_id=a.id))
    db.session.delete(a)
    _commit()


def extensions_of(a: Assignment) -> dict[int, datetime]:
    rows = db.session.execute(
        db.select(Extension.user_id, Extension.due_at).filter_by(assignment_id=a.id)
    ).all()
    return {uid: due for uid, due in rows}


def set_extension(a: Assignment, user_id: int, due_at: datetime | None) -> None:
    """A later due date for one student (``None``: back to the assignment's)."""
    db.session.execute(db.delete(Extension).filter_by(assignment_id=a.id, user_id=user_id))
    if due_at is not None:
        db.session.add(Extension(assignment_id=a.id, user_id=user_id, due_at=due_at))
    _commit()


def due_for(a: Assignment, user_id: int) -> datetime:
    ext = db.session.scalar(
        db.select(Extension.due_at).filter_by(assignment_id=a.id, user_id=user_id)
    )
    return max(a.due_at, ext) if ext else a.due_at


def closes_at(a: Assignment) -> datetime:
    """When the last student's time is up: an exam's results are shown from then on."""
    latest = db.session.scalar(
        db.select(db.func.max(Extension.due_at)).filter_by(assignment_id=a.id)
    )
    return max(a.due_at, latest) if latest else a.due_at


def results_open(a: Assignment) -> bool:
    return not a.exam or clock.now() >= closes_at(a)


def open_for(a: Assignment, user_id: int) -> bool:
    """May the student still answer? An exam closes at the student's own due time."""
    now = clock.now()
    if now < a.starts_at:
        return False
    return not a.exam or now < due_for(a, user_id)
