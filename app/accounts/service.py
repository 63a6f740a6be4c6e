"""Account operations: one transaction each; nothing is half-written."""

from __future__ import annotations

import time
from typing import Any

from flask import request
from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.hashing import check_unknown, equalize, hash_slot
from app.i18n import LANG_COOKIE
from app.models import LearnerProfile, User
from app.profiles import adopt_visitor_profile, current_profile
from app.text import languages
from app.usernames import display_form, name_key


class UsernameTaken(Exception):
    pass


def load_user(session_id: str) -> User | None:
    """Flask-Login's loader for ``"<id>:<version>"`` (:meth:`User.get_id`).

    A session of an older version (signed out, password changed since) loads nobody.
    """
    ident, sep, version = (session_id or "").partition(":")
    if not (sep and ident.isdecimal() and version.isdecimal() and len(ident) < 16):
        return None
    user = db.session.get(User, int(ident))
    if user is None or str(user.session_version) != version or user.disabled_at is not None:
        return None
    return user


def find_user(username: str) -> User | None:
    """The account a typed name means (by its NFKC + casefold key), or ``None``."""
    key = name_key(username)
    if not key or len(key) > 160 or not key.isprintable():
        return None  # no stored key looks like that (and NUL upsets PostgreSQL)
    found: User | None = db.session.scalar(db.select(User).where(User.username_key == key))
    return found


def create_user(username: str, password: str) -> User:
    """A new learner account with the visitor's progress and language choice.

    Raises :class:`UsernameTaken`, or :class:`app.hashing.HashingBusy` (nothing written).
    """
    if find_user(username) is not None:
        raise UsernameTaken(username)
    lang = request.cookies.get(LANG_COOKIE)
    user = User(username=display_form(username), locale=lang if lang in languages.codes() else None)
    with hash_slot():
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


_LOOK_UP: Any = object()


def authenticate(username: str, password: str, user: User | None = _LOOK_UP) -> User | None:
    """The account if the password is right. An unknown name costs the same time.
    ``user``: what :func:`find_user` gave for ``username`` already (not looked up again).

    Raises :class:`app.hashing.HashingBusy` (no password was checked).
    """
    if user is _LOOK_UP:
        user = find_user(username)
    started = time.perf_counter()
    with hash_slot():
        if user is None:
            check_unknown(password)
            found = None
        else:
            found = user if user.check_password(password) else None
    equalize(started)
    return found


def after_signin(user: User) -> None:
    """Merge the visitor's progress; keep a language chosen before signing in."""
    lang = request.cookies.get(LANG_COOKIE)
    if user.locale is None and lang in languages.codes():
        user.locale = lang
    adopt_visitor_profile(user)
    db.session.commit()


def change_password(user: User, current: str, password: str) -> bool:
    """``password`` replaces ``current`` (``False`` if that is wrong) and every session made
    before (other devices, stolen cookies) ends. Raises :class:`app.hashing.HashingBusy`."""
    with hash_slot():
        if not user.check_password(current):
            return False
        user.set_password(password)
    user.end_sessions()
    db.session.commit()
    return True


def set_new_password(user: User, password: str) -> None:
    """After signing in with a one-time code an admin gave: ``password`` is the account's
    password from now on; every other session ends. Raises
    :class:`app.hashing.HashingBusy` (nothing changed)."""
    with hash_slot():
        user.set_password(password)
    user.must_set_password = False
    user.end_sessions()
    db.session.commit()


def end_sessions(user: User) -> None:
    """Sign ``user`` out everywhere: sessions carry the version this bumps."""
    user.end_sessions()
    db.session.commit()


def set_locale(user: User, locale: str) -> None:
    user.locale = locale
    db.session.commit()


def set_day(timezone: str, goal: int | None) -> None:
    """The signed-in learner's zone and daily goal (their profile is made if needed).
    Days already counted keep the zone they were counted in."""
    profile = current_profile(create=True)
    assert profile is not None
    db.session.execute(
        db.update(LearnerProfile)
        .where(LearnerProfile.id == profile.id)
        .values(timezone=timezone, daily_goal=goal)
    )
    db.session.commit()
