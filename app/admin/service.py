"""Roles: listing accounts, granting and taking back the teacher and admin roles."""

from __future__ import annotations

from flask import current_app

from app.extensions import db
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
