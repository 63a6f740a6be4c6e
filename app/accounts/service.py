"""Account operations: one transaction each; nothing is half-written."""

from __future__ import annotations

from flask import request
from sqlalchemy import func
from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.i18n import LANG_COOKIE
from app.models import User
from app.profiles import adopt_visitor_profile


class UsernameTaken(Exception):
    pass


def load_user(user_id: str) -> User | None:
    try:
        return db.session.get(User, int(user_id))
    except (TypeError, ValueError):
        return None


def find_user(username: str) -> User | None:
    name = username.strip().lower()
    return db.session.scalar(db.select(User).where(func.lower(User.username) == name))


def create_user(username: str, password: str) -> User:
    """A new learner account with the visitor's progress and language choice."""
    if find_user(username) is not None:
        raise UsernameTaken(username)
    lang = request.cookies.get(LANG_COOKIE)
    user = User(username=username.strip(), locale=lang if lang in ("zh", "en") else None)
    user.set_password(password)
    try:
        db.session.add(user)
        db.session.flush()
        adopt_visitor_profile(user)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise UsernameTaken(username) from None
    return user


def authenticate(username: str, password: str) -> User | None:
    user = find_user(username)
    if user is None or not user.check_password(password):
        return None
    return user


def after_signin(user: User) -> None:
    """Merge the visitor's progress; keep a language chosen before signing in."""
    lang = request.cookies.get(LANG_COOKIE)
    if user.locale is None and lang in ("zh", "en"):
        user.locale = lang
    adopt_visitor_profile(user)
    db.session.commit()


def change_password(user: User, password: str) -> None:
    user.set_password(password)
    db.session.commit()


def set_locale(user: User, locale: str) -> None:
    user.locale = locale
    db.session.commit()
