"""Accounts: listing them, the teacher and admin roles, a lost password's one-time code,
disabling, enabling and deleting (with the record)."""

from __future__ import annotations

from flask import current_app

from app import erase, signin_codes
from app.extensions import db
from app.learning import clock
from app.models import ROLES, User
from app.usernames import name_key


class LastAdmin(Exception):
    """The change would leave the site without an admin."""


def users(query: str, offset: int, limit: int) -> tuple[list[User], int]:
    q = db.select(User)
    if query:
        q = q.where(User.username_key.contains(name_key(query), autoescape=True))
    total = db.session.scalar(db.select(db.func.count()).select_from(q.subquery())) or 0
    rows = db.session.scalars(
        q.order_by(User.role.desc(), User.username_key).offset(offset).limit(limit)
    ).all()
    return list(rows), int(total)


def set_role(user: User, role: str) -> None:
    if role not in ROLES:
        raise ValueError(role)
    if user.role == "admin" and role != "admin":
        admins = db.session.scalar(db.select(db.func.count(User.id)).filter_by(role="admin"))
        if (admins or 0) <= 1:
            raise LastAdmin
    user.role = role
    db.session.commit()


def anyone_may_teach() -> bool:
    return bool(current_app.config.get("ANYONE_MAY_TEACH"))


class OwnAccount(Exception):
    """An admin does not disable or delete their own account here (``/account`` does)."""


class TeachesAlone(Exception):
    """The account is the only teacher of these classes."""

    def __init__(self, classes: list[str]) -> None:
        super().__init__(classes)
        self.classes = classes


RESET_MINUTES = 24 * 60


def _other_admins(user: User) -> int:
    return int(
        db.session.scalar(
            db.select(db.func.count(User.id)).where(
                User.role == "admin", User.id != user.id, User.disabled_at.is_(None)
            )
        )
        or 0
    )


def reset_password(user: User, minutes: int = RESET_MINUTES) -> str:
    """The member's password stops working and every session of theirs ends; returns a
    one-time sign-in code (good for ``minutes``) after which they choose a new one.
    Commits."""
    user.password_hash = "!"  # no password matches it
    user.must_set_password = True
    user.end_sessions()
    (code,) = signin_codes.give([user], minutes)
    db.session.commit()
    return code


def set_disabled(user: User, disabled: bool, by: User | None = None) -> None:
    """Disable (every session ends, no sign-in) or enable the account again. Commits."""
    if disabled:
        if by is not None and by.id == user.id:
            raise OwnAccount
        if user.role == "admin" and _other_admins(user) == 0:
            raise LastAdmin
        if user.disabled_at is None:
            user.disabled_at = clock.now()
            user.end_sessions()
    else:
        user.disabled_at = None
    db.session.commit()


def deletion_plan(user: User) -> dict[str, int]:
    return erase.account_plan([user.id])


def delete_user(user: User, by: User | None = None) -> dict[str, int]:
    """The account and its whole record, in one transaction; returns what went.
    Raises :class:`OwnAccount`, :class:`LastAdmin`, :class:`TeachesAlone`."""
    if by is not None and by.id == user.id:
        raise OwnAccount
    if user.role == "admin" and _other_admins(user) == 0:
        raise LastAdmin
    alone = erase.classes_taught_alone([user.id])
    if alone:
        raise TeachesAlone(alone)
    return erase.delete_accounts([user.id])


def find(username: str) -> User | None:
    found: User | None = db.session.scalar(
        db.select(User).filter_by(username_key=name_key(username))
    )
    return found
