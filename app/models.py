"""Database models (SQLAlchemy 2, typed mappings). Migrations live in ``migrations/``."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Protocol

from flask_login import UserMixin
from sqlalchemy import Boolean, ForeignKey, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates
from werkzeug.security import check_password_hash, generate_password_hash

from app.database import utcnow
from app.extensions import Model
from app.usernames import name_key

ROLES = ("learner", "teacher", "admin")


class User(UserMixin, Model):
    """An account. ``role`` is a plain column so that teacher and admin roles need no rewrite.

    ``username`` is the name as shown; ``username_key`` (NFKC + casefold, kept in step
    by :meth:`_keep_key`) is what sign-in looks up and what is unique.
    ``session_version`` is part of the session's user id (:meth:`get_id`): bumping it
    (sign-out, password change) ends every session made before.
    """

    __tablename__ = "users"
    # on SQLite an id once given is never given again (a deleted account's number must
    # not bring its rows back under a new one)
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    username_key: Mapped[str] = mapped_column(String(160), unique=True)
    session_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(20), default="learner", server_default="learner")
    locale: Mapped[str | None] = mapped_column(String(8), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # an admin disabled the account: it cannot sign in until re-enabled
    disabled_at: Mapped[datetime | None] = mapped_column(default=None)
    # the password was reset by an admin: the next sign-in (with a one-time code) must
    # choose a new one before anything else
    must_set_password: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    profile: Mapped[LearnerProfile | None] = relationship(back_populates="user", uselist=False)

    @validates("username")
    def _keep_key(self, _field: str, value: str) -> str:
        self.username_key = name_key(value)
        return value

    def get_id(self) -> str:
        """Flask-Login's alternative id: a session names the account and its version."""
        return f"{self.id}:{self.session_version}"

    def end_sessions(self) -> None:
        """Every session made before this is no longer signed in (the caller commits)."""
        self.session_version = (self.session_version or 1) + 1

    def set_password(self, password: str) -> None:
        # werkzeug's current default: scrypt with a per-password salt.
        self.password_hash = generate_password_hash(password)

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)

    def has_role(self, role: str) -> bool:
        return self.role == role or self.role == "admin"


class QuickCode(Model):
    """A one-time sign-in code (stored as a digest) until it expires: a teacher gives
    one to a student, an admin to a member who lost their password
    (:mod:`app.signin_codes`)."""

    __tablename__ = "quick_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    expires_at: Mapped[datetime] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Learner(Protocol):
    """What the record's code uses of a learner's profile: a :class:`LearnerProfile`
    row, or the value a request read of it (:class:`app.profiles.Profile`)."""

    @property
    def id(self) -> int: ...
    @property
    def token(self) -> str: ...
    @property
    def user_id(self) -> int | None: ...
    @property
    def timezone(self) -> str: ...


class LearnerProfile(Model):
    """Where the learner's record is kept (app.learning.models), from the first answer.

    A visitor's profile has no user and is found by a cookie; signing up attaches it
    to the new account, and signing in merges it into the account's own profile.
    """

    __tablename__ = "learner_profiles"
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), unique=True, default=None
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)
    # the learner's day ends at 04:00 here (spaced review); visitors: Asia/Shanghai
    timezone: Mapped[str] = mapped_column(
        String(64), default="Asia/Shanghai", server_default="Asia/Shanghai"
    )
    # answers a day the learner aims for (None: no goal; a streak then counts days with
    # any answer)
    daily_goal: Mapped[int | None] = mapped_column(Integer, default=None)

    user: Mapped[User | None] = relationship(back_populates="profile")

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)


# The learner's record and the classes live with their services; imported here so that
# every table is known to the metadata (migrations, create_all).
from app.classes import models as _classes_models  # noqa: E402,F401
from app.learning import models as _learning_models  # noqa: E402,F401
