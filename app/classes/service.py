"""Classes and assignments: one transaction per change, nothing half-written."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import delete, func, select, update

from app.classes import kinds, pinyin
from app.classes.accounts import new_join_code
from app.classes.models import (
    ORDERS,
    AccountEvent,
    Assignment,
    AssignmentItem,
    AssignmentPart,
    ClassStudent,
    ClassTeacher,
    Departure,
    Extension,
    Invitation,
    OwnPosition,
    SchoolClass,
    StudentAccount,
)
from app.extensions import db
from app.learning import bank, clock, generators
from app.learning.models import PlayDeal
from app.models import User
from app.usernames import name_key


class NotATeacher(Exception):
    pass


class AlreadyTeaches(Exception):
    pass


class NothingToAssign(Exception):
    pass


class InvitedAlready(Exception):
    pass


INVITATION_DAYS = 14


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
        select(func.count(ClassStudent.id))
        .where(ClassStudent.class_id == SchoolClass.id)
        .scalar_subquery()
    )
    tasks = (
        select(func.count(Assignment.id))
        .where(Assignment.class_id == SchoolClass.id)
        .scalar_subquery()
    )
    rows = db.session.execute(
        select(SchoolClass, ClassTeacher.role, students, tasks)
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
        select(User, ClassTeacher.role)
        .join(ClassTeacher, ClassTeacher.user_id == User.id)
        .filter(ClassTeacher.class_id == klass.id)
        .order_by(ClassTeacher.role.desc(), User.username)
    ).all()
    return [(u, role) for u, role in rows]


# -- co-teaching: by invitation, which the invited teacher accepts ------------------------


def invite_co_teacher(klass: SchoolClass, owner: User, username: str) -> User:
    """Invite a teacher to co-teach (nothing changes until they accept). Raises
    :class:`NotATeacher` (no such teacher), :class:`AlreadyTeaches` or
    :class:`InvitedAlready` (an invitation of theirs is pending)."""
    key = name_key(username)
    u = db.session.scalar(select(User).filter_by(username_key=key)) if key else None
    if u is None or not u.has_role("teacher"):
        raise NotATeacher
    if db.session.scalar(select(ClassTeacher.id).filter_by(class_id=klass.id, user_id=u.id)):
        raise AlreadyTeaches
    now = clock.now()
    pending = select(Invitation.id).filter_by(class_id=klass.id, user_id=u.id, status="pending")
    if db.session.scalar(pending.where(Invitation.expires_at > now)):
        raise InvitedAlready
    db.session.add(
        Invitation(
            class_id=klass.id,
            user_id=u.id,
            invited_by_id=owner.id,
            status="pending",
            created_at=now,
            expires_at=now + timedelta(days=INVITATION_DAYS),
        )
    )
    _commit()
    return u


@dataclass
class InvitationRow:
    invitation: Invitation
    klass: SchoolClass
    teacher: User | None  # the invited one (on the class page), or who invited (theirs)
    state: str  # pending | expired | accepted | declined | withdrawn


def _state(inv: Invitation, now: datetime) -> str:
    return "expired" if inv.status == "pending" and inv.expires_at <= now else inv.status


def invitations_of_class(klass: SchoolClass, limit: int = 30) -> list[InvitationRow]:
    """The class's invitations, newest first (for its owner)."""
    now = clock.now()
    rows = db.session.execute(
        select(Invitation, User)
        .join(User, User.id == Invitation.user_id)
        .filter(Invitation.class_id == klass.id)
        .order_by(Invitation.created_at.desc(), Invitation.id.desc())
        .limit(limit)
    ).all()
    return [InvitationRow(inv, klass, u, _state(inv, now)) for inv, u in rows]


def invitations_for(u: User) -> list[InvitationRow]:
    """The invitations waiting for ``u`` to answer (pending, not expired)."""
    now = clock.now()
    rows = db.session.execute(
        select(Invitation, SchoolClass, User)
        .join(SchoolClass, SchoolClass.id == Invitation.class_id)
        .outerjoin(User, User.id == Invitation.invited_by_id)
        .filter(
            Invitation.user_id == u.id,
            Invitation.status == "pending",
            Invitation.expires_at > now,
        )
        .order_by(Invitation.created_at)
    ).all()
    return [InvitationRow(inv, k, who, "pending") for inv, k, who in rows]


def invitation_for(u: User, invitation_id: int) -> Invitation | None:
    """``u``'s own invitation, pending and not expired, else ``None``."""
    inv = db.session.get(Invitation, invitation_id)
    if inv is None or inv.user_id != u.id or _state(inv, clock.now()) != "pending":
        return None
    return inv


def answer_invitation(inv: Invitation, u: User, accept: bool) -> SchoolClass | None:
    """Accept (``u`` co-teaches the class from now on) or decline."""
    klass = db.session.get(SchoolClass, inv.class_id)
    inv.status = "accepted" if accept else "declined"
    inv.answered_at = clock.now()
    teaches = select(ClassTeacher.id).filter_by(class_id=inv.class_id, user_id=u.id)
    if accept and klass is not None and not db.session.scalar(teaches):
        db.session.add(ClassTeacher(class_id=klass.id, user_id=u.id, role="co"))
    _commit()
    return klass


def withdraw_invitation(klass: SchoolClass, invitation_id: int) -> bool:
    inv = db.session.get(Invitation, invitation_id)
    if inv is None or inv.class_id != klass.id or _state(inv, clock.now()) != "pending":
        return False
    inv.status = "withdrawn"
    inv.answered_at = clock.now()
    _commit()
    return True


def remove_co_teacher(klass: SchoolClass, user_id: int) -> bool:
    row = db.session.scalar(
        select(ClassTeacher).filter_by(class_id=klass.id, user_id=user_id, role="co")
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


def order_of(klass: SchoolClass | None, asked: str | None = None) -> str:
    """How the class's students are listed: ``asked`` (a page's ``order`` parameter) if
    it names an order, else the class's own choice (``made`` or ``pinyin``)."""
    if asked in ORDERS:
        return str(asked)
    kept = klass.roster_order if klass is not None else None
    return kept if kept in ORDERS else "made"


def student_order(order: str) -> list[Any]:
    """ORDER BY of a query that joins :class:`ClassStudent` and :class:`User`: in the
    order made or joined, or by the pinyin of the real name (a name without a key, or
    two alike, by username); never by code point."""
    if order == "pinyin":
        return [
            (ClassStudent.sort_key == ""),
            ClassStudent.sort_key,
            User.username_key,
            ClassStudent.id,
        ]
    return [ClassStudent.id]


def set_order(klass: SchoolClass, order: str) -> None:
    if order in ORDERS:
        klass.roster_order = order
        _commit()


def roster(klass: SchoolClass, order: str | None = None) -> list[RosterRow]:
    rows = db.session.execute(
        select(ClassStudent, User, StudentAccount.user_id)
        .join(User, User.id == ClassStudent.user_id)
        .outerjoin(StudentAccount, StudentAccount.user_id == User.id)
        .filter(ClassStudent.class_id == klass.id)
        .order_by(*student_order(order_of(klass, order)))
    ).all()
    return [RosterRow(m, u, managed is not None) for m, u, managed in rows]


def update_student(row: ClassStudent, real_name: str, note: str, sort_key: str = "") -> None:
    """The real name and note; the sort key as the teacher corrected it, or (left as it
    was, or empty) the pinyin of the name."""
    new_name = real_name.strip()[:80]
    typed = pinyin.clean(sort_key)
    if typed and (typed != row.sort_key or new_name == row.real_name):
        row.sort_key = typed
    else:
        row.sort_key = pinyin.sort_key(new_name)
    row.real_name = new_name
    row.note = note.strip()[:4000]
    _commit()


def remove_student(klass: SchoolClass, user_id: int) -> None:
    db.session.execute(
        delete(Extension).where(
            Extension.user_id == user_id,
            Extension.assignment_id.in_(select(Assignment.id).filter_by(class_id=klass.id)),
        )
    )
    db.session.execute(delete(ClassStudent).filter_by(class_id=klass.id, user_id=user_id))
    db.session.execute(delete(Departure).filter_by(class_id=klass.id, user_id=user_id))
    db.session.add(Departure(class_id=klass.id, user_id=user_id, removed_at=clock.now()))
    _commit()


def student_classes(u: User) -> list[SchoolClass]:
    return list(
        db.session.scalars(
            select(SchoolClass)
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
        db.session.flush()
        students = select(ClassStudent.user_id).filter_by(class_id=klass.id)
        for uid in db.session.scalars(students):
            own_positions(a, uid)
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return a


def assignments_of(klass: SchoolClass) -> list[Assignment]:
    return list(
        db.session.scalars(
            select(Assignment)
            .filter_by(class_id=klass.id)
            .order_by(Assignment.due_at.desc(), Assignment.id.desc())
        )
    )


def assignment_in(klass: SchoolClass, assignment_id: int) -> Assignment | None:
    a = db.session.get(Assignment, assignment_id)
    return a if a is not None and a.class_id == klass.id else None


#: a row of an assignment's ordered list
_Ordered = TypeVar("_Ordered", AssignmentPart, AssignmentItem)


def _in_order(model: type[_Ordered], a: Assignment) -> list[_Ordered]:
    q = select(model).filter_by(assignment_id=a.id).order_by(model.position)
    return list(db.session.scalars(q))


def parts_of(a: Assignment) -> list[AssignmentPart]:
    return _in_order(AssignmentPart, a)


def items_of(a: Assignment) -> list[AssignmentItem]:
    return _in_order(AssignmentItem, a)


def item_by_key(a: Assignment, key: str) -> AssignmentItem | None:
    return db.session.scalar(select(AssignmentItem).filter_by(assignment_id=a.id, key=key[:24]))


def assignment_of_ref(ref: str) -> Assignment | None:
    """The assignment an attempt's ``context_ref`` names (``asg-<its key>``)."""
    head, _sep, key = ref.partition("-")
    if head != "asg" or not key or len(key) > 24:
        return None
    return db.session.scalar(select(Assignment).filter_by(key=key))


# -- positions made for each student alone ----------------------------------------------

_OWN_TRIES = 20


def _private_exercise(game: str, gen_id: str) -> str | None:
    """A new private exercise of the generator (a seed no public id can name)."""
    low, high = generators.PRIVATE_SEEDS
    for _try in range(_OWN_TRIES):
        eid = generators.private_id(game, gen_id, low + secrets.randbelow(high - low))
        if bank.get(eid) is not None:
            return eid
    return None


def own_positions(a: Assignment, user_id: int) -> dict[int, str]:
    """The student's own exercise of each item made per student (item id → exercise
    id), made and added to the session for the items that have none yet (the caller
    commits). Generated by the engine, so nobody else has the same ones."""
    items = [it for it in items_of(a) if kinds.own_generator(it.exercise_id)]
    if not items:
        return {}
    found = dict(
        db.session.execute(
            select(OwnPosition.item_id, OwnPosition.exercise_id).filter_by(
                assignment_id=a.id, user_id=user_id
            )
        ).all()
    )
    for it in items:
        if it.id in found:
            continue
        game_gen = kinds.own_generator(it.exercise_id)
        eid = _private_exercise(*game_gen) if game_gen else None
        if eid is None:
            continue
        db.session.add(
            OwnPosition(assignment_id=a.id, item_id=it.id, user_id=user_id, exercise_id=eid)
        )
        found[it.id] = eid
    db.session.flush()
    return found


def own_positions_of(a: Assignment) -> dict[tuple[int, int], str]:
    """Every student's own exercises of the assignment: (item id, user id) → exercise id."""
    rows = db.session.execute(
        select(OwnPosition.item_id, OwnPosition.user_id, OwnPosition.exercise_id).filter_by(
            assignment_id=a.id
        )
    ).all()
    return {(i, u): e for i, u, e in rows}


def has_own(a: Assignment) -> bool:
    return any(p.kind == kinds.OWN for p in parts_of(a))


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
    """The assignment goes; the answers stay in each student's own record, and the deals
    played for it become their players' own. (SQLite keeps no foreign keys by default,
    so the rows below it are deleted here, not by cascade.)"""
    for model in (Extension, OwnPosition, AssignmentItem, AssignmentPart):
        db.session.execute(delete(model).filter_by(assignment_id=a.id))
    db.session.execute(update(PlayDeal).filter_by(assignment_id=a.id).values(assignment_id=None))
    db.session.delete(a)
    _commit()


def extensions_of(a: Assignment) -> dict[int, datetime]:
    rows = db.session.execute(
        select(Extension.user_id, Extension.due_at).filter_by(assignment_id=a.id)
    ).all()
    return {uid: due for uid, due in rows}


def set_extension(a: Assignment, user_id: int, due_at: datetime | None) -> None:
    """A later due date for one student (``None``: back to the assignment's)."""
    db.session.execute(delete(Extension).filter_by(assignment_id=a.id, user_id=user_id))
    if due_at is not None:
        db.session.add(Extension(assignment_id=a.id, user_id=user_id, due_at=due_at))
    _commit()


def due_for(a: Assignment, user_id: int) -> datetime:
    ext = db.session.scalar(select(Extension.due_at).filter_by(assignment_id=a.id, user_id=user_id))
    return max(a.due_at, ext) if ext else a.due_at


def closes_at(a: Assignment) -> datetime:
    """When the last student's time is up: an exam's results are shown from then on."""
    latest = db.session.scalar(select(func.max(Extension.due_at)).filter_by(assignment_id=a.id))
    return max(a.due_at, latest) if latest else a.due_at


def results_open(a: Assignment) -> bool:
    return not a.exam or clock.now() >= closes_at(a)


def deal_visible(a: Assignment, user: User | None) -> bool:
    """May ``user`` (not its player) see a finished deal played for ``a``? The class's
    teachers may; anyone else only once the last student's time is up."""
    if clock.now() >= closes_at(a):
        return True
    if user is None:
        return False
    teaches = select(ClassTeacher.id).filter_by(class_id=a.class_id, user_id=user.id)
    return db.session.scalar(teaches) is not None


# -- password resets and quick-login codes given -----------------------------------------


def account_events(user_id: int, limit: int = 50) -> list[tuple[AccountEvent, User | None]]:
    rows = db.session.execute(
        select(AccountEvent, User)
        .outerjoin(User, User.id == AccountEvent.actor_id)
        .filter(AccountEvent.user_id == user_id)
        .order_by(AccountEvent.created_at.desc(), AccountEvent.id.desc())
        .limit(limit)
    ).all()
    return [(e, u) for e, u in rows]


def open_for(a: Assignment, user_id: int) -> bool:
    """May the student still answer? An exam closes at the student's own due time."""
    now = clock.now()
    if now < a.starts_at:
        return False
    return not a.exam or now < due_for(a, user_id)
