"""Student accounts a teacher makes, their passwords and quick-login codes; joining.

**Usernames a child can type**: a short prefix the teacher picks (lower-case letters
and digits) and a number, ``kamo01``, ``kamo02``, … The real name stays on the class
membership, seen by the class's teachers only; the username says nothing about the child.

**Generated passwords**: three made-up words of two syllables each, ``bako-tumi-pela``:
lower-case letters from a set that reads unambiguously aloud and on paper, no shift
key, no digits to mix up. 75 syllables give 75⁶ ≈ 1.8 × 10¹¹ passwords (37 bits).

**Hashing** (decision): generated passwords are hashed with cheaper scrypt parameters
(:data:`HASH_METHOD`, n = 2¹², about 15 ms instead of werkzeug's default n = 2¹⁵,
about 120 ms), in the request, inside one hashing slot. Why not the default: 30
accounts would hold a slot for 3.6 s and 100 for 12 s. Why not a background job: the
teacher needs the passwords on the page at once to print the cards, and the app has
no job queue to run one. Why cheaper is sound here: the default cost protects
passwords people choose (few guesses each, reused elsewhere); these are random, used
nowhere else, and 37 bits at 15 ms a guess still means months of one core per account
after a database leak, while online guessing is held by the sign-in limits. The
teacher can reset any of them in a click. Passwords people choose keep the default.

**Quick-login codes**: :mod:`app.signin_codes` (one per student at a time).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select
from werkzeug.security import generate_password_hash

from app import signin_codes
from app.classes import pinyin
from app.classes.models import (
    MAX_STUDENTS,
    AccountEvent,
    ClassStudent,
    ClassTeacher,
    Departure,
    SchoolClass,
    StudentAccount,
)
from app.extensions import db
from app.hashing import hash_slot
from app.learning import clock
from app.models import User
from app.signin_codes import CODE_ALPHABET, CODE_LENGTH, normal_code, random_code  # noqa: F401
from app.usernames import name_key

HASH_METHOD = "scrypt:4096:8:1"
CONSONANTS = "bdfghjkmnprstwz"
VOWELS = "aeiou"
JOIN_CODE_LENGTH = 8
PREFIX_RE = re.compile(r"^[a-z][a-z0-9]{1,11}$")
CODE_MINUTES = (15, 60, 24 * 60)


class ClassFull(Exception):
    """The class would have more than :data:`MAX_STUDENTS` students."""


class AlreadyInClass(Exception):
    pass


class TeachesClass(Exception):
    pass


@dataclass
class NewAccount:
    user: User
    member: ClassStudent
    password: str


def _word(rng: secrets.SystemRandom) -> str:
    return "".join(rng.choice(CONSONANTS) + rng.choice(VOWELS) for _ in range(2))


def new_password() -> str:
    """``bako-tumi-pela``: three two-syllable words (about 37 bits)."""
    rng = secrets.SystemRandom()
    return "-".join(_word(rng) for _ in range(3))


def suggest_prefix() -> str:
    return _word(secrets.SystemRandom())


def hash_generated(password: str) -> str:
    return generate_password_hash(password, method=HASH_METHOD)


def new_join_code() -> str:
    """A class's join code (unique among classes)."""
    while True:
        code = random_code(JOIN_CODE_LENGTH)
        if db.session.scalar(select(SchoolClass.id).filter_by(join_code=code)) is None:
            return code


def students_count(klass: SchoolClass) -> int:
    return int(
        db.session.scalar(select(func.count(ClassStudent.id)).filter_by(class_id=klass.id)) or 0
    )


def _lock(klass: SchoolClass) -> None:
    """Hold the class row until commit, so that two requests cannot both add the 100th."""
    db.session.execute(select(SchoolClass.id).filter_by(id=klass.id).with_for_update())


def free_usernames(prefix: str, n: int) -> list[str]:
    """``n`` usernames ``<prefix>01`` … not taken yet (by their key)."""
    taken = set(
        db.session.scalars(select(User.username_key).where(User.username_key.like(f"{prefix}%")))
    )
    out: list[str] = []
    number = 1
    while len(out) < n:
        name = f"{prefix}{number:02d}"
        if name_key(name) not in taken:
            out.append(name)
        number += 1
    return out


def make_students(
    klass: SchoolClass, teacher: User, real_names: list[str], prefix: str
) -> list[NewAccount]:
    """Accounts for ``real_names`` (one each, in order) in ``klass``, in one transaction.

    Raises :class:`ClassFull`, or :class:`app.hashing.HashingBusy` (nothing written).
    """
    _lock(klass)
    if students_count(klass) + len(real_names) > MAX_STUDENTS:
        db.session.rollback()
        raise ClassFull
    names = free_usernames(prefix, len(real_names))
    passwords = [new_password() for _ in names]
    try:
        with hash_slot():
            hashes = [hash_generated(p) for p in passwords]
        made = []
        for name, real, password, hashed in zip(names, real_names, passwords, hashes, strict=True):
            u = User(username=name, password_hash=hashed, role="learner", locale=teacher.locale)
            db.session.add(u)
            db.session.flush()
            db.session.add(StudentAccount(user_id=u.id, created_by_id=teacher.id))
            row = ClassStudent(
                class_id=klass.id,
                user_id=u.id,
                real_name=real.strip()[:80],
                sort_key=pinyin.sort_key(real.strip()[:80]),
            )
            row.note = ""
            db.session.add(row)
            made.append(NewAccount(u, row, password))
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return made


def _given_by(users: list[User], by: User | None, kind: str) -> None:
    """Note who gave the accounts a new password or code, and when (committed with it)."""
    if by is None:
        return
    now = clock.now()
    for u in users:
        db.session.add(AccountEvent(user_id=u.id, actor_id=by.id, kind=kind, created_at=now))


def reset_passwords(users: list[User], by: User | None = None) -> list[str]:
    """New generated passwords for ``users`` (every session of theirs ends); ``by``: the
    teacher who reset them (the students' pages list it). Commits.

    Raises :class:`app.hashing.HashingBusy` (nothing changed)."""
    passwords = [new_password() for _ in users]
    with hash_slot():
        hashes = [hash_generated(p) for p in passwords]
    for u, hashed in zip(users, hashes, strict=True):
        u.password_hash = hashed
        u.end_sessions()
    _given_by(users, by, "password")
    db.session.commit()
    return passwords


def new_quick_codes(users: list[User], minutes: int, by: User | None = None) -> list[str]:
    """A fresh quick-login code for each of ``users``, replacing any earlier one; ``by``:
    the teacher who gave them (the students' pages list it). Commits."""
    minutes = minutes if minutes in CODE_MINUTES else CODE_MINUTES[1]
    codes = signin_codes.give(users, minutes)
    _given_by(users, by, "code")
    db.session.commit()
    return codes


def code_expiry(user_id: int) -> datetime | None:
    return signin_codes.expiry(user_id)


def use_quick_code(typed: str) -> User | None:
    """The account a valid code opens (the code is used up), or ``None``. Commits."""
    return signin_codes.use(typed)


def join(klass: SchoolClass, u: User, real_name: str) -> ClassStudent:
    """``u`` joins ``klass`` by its code. Raises :class:`ClassFull`, :class:`AlreadyInClass`,
    :class:`TeachesClass`. Commits."""
    if db.session.scalar(select(ClassTeacher.id).filter_by(class_id=klass.id, user_id=u.id)):
        raise TeachesClass
    _lock(klass)
    if db.session.scalar(select(ClassStudent.id).filter_by(class_id=klass.id, user_id=u.id)):
        db.session.rollback()
        raise AlreadyInClass
    if students_count(klass) >= MAX_STUDENTS:
        db.session.rollback()
        raise ClassFull
    row = ClassStudent(
        class_id=klass.id,
        user_id=u.id,
        real_name=real_name.strip()[:80],
        sort_key=pinyin.sort_key(real_name.strip()[:80]),
    )
    row.note = ""
    db.session.add(row)
    db.session.execute(delete(Departure).filter_by(class_id=klass.id, user_id=u.id))
    db.session.commit()
    return row


def class_by_code(typed: str | None) -> SchoolClass | None:
    """The open, unarchived class a join code names."""
    code = normal_code(typed)
    if len(code) != JOIN_CODE_LENGTH:
        return None
    klass = db.session.scalar(select(SchoolClass).filter_by(join_code=code))
    if klass is None or klass.archived or not klass.join_open:
        return None
    return klass
