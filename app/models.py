"""Database models (SQLAlchemy 2, typed mappings). Migrations live in ``migrations/``."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from flask_login import UserMixin
from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates
from werkzeug.security import check_password_hash, generate_password_hash

from app.extensions import db
from app.usernames import name_key

ROLES = ("learner", "teacher", "admin")


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class User(UserMixin, db.Model):  # type: ignore[name-defined,misc]
    """An account. ``role`` is a plain column so that teacher and admin roles need no rewrite.

    ``username`` is the name as shown; ``username_key`` (NFKC + casefold, kept in step
    by :meth:`_keep_key`) is what sign-in looks up and what is unique.
    ``session_version`` is part of the session's user id (:meth:`get_id`): bumping it
    (sign-out, password change) ends every session made before.
    """

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    username_key: Mapped[str] = mapped_column(String(160), unique=True)
    session_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(20), default="learner", server_default="learner")
    locale: Mapped[str | None] = mapped_column(String(8), default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

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


class LearnerProfile(db.Model):  # type: ignore[name-defined,misc]
    """Where progress is kept, for every visitor: from the first visit, by cookie.

    A visitor's profile has no user; signing up attaches it to the new account, and
    signing in merges it into the account's own profile.
    """

    __tablename__ = "learner_profiles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), unique=True, default=None
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(default=utcnow)

    user: Mapped[User | None] = relationship(back_populates="profile")
    progress: Mapped[list[Progress]] = relationship(
        back_populates="profile", cascade="all, delete-orphan"
    )

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)


class Progress(db.Model):  # type: ignore[name-defined,misc]
    """One learner's state on one item (a lesson step, a practice hand, a quiz item)."""

    __tablename__ = "progress"
    __table_args__ = (UniqueConstraint("profile_id", "item", name="uq_progress_profile_item"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("learner_profiles.id", ondelete="CASCADE"), index=True
    )
    item: Mapped[str] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default="started")  # started | done
    score: Mapped[int] = mapped_column(Integer, default=0)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    profile: Mapped[LearnerProfile] = relationship(back_populates="progress")


class Game(db.Model):  # type: ignore[name-defined,misc]
    """A game the academy teaches (built-in content, loaded from ``content/games.json``)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    family: Mapped[str] = mapped_column(String(16))
    position: Mapped[int] = mapped_column(Integer)
    deck_size: Mapped[int] = mapped_column(Integer)
    players_min: Mapped[int] = mapped_column(Integer)
    players_max: Mapped[int] = mapped_column(Integer)
