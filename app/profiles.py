"""Learner profiles: where the record is kept, for visitors and accounts alike.

A profile is created on the first answer (never on a page view, so crawlers fill
nothing); a visitor's is found again by a cookie. Signing up attaches the visitor's
profile to the new account; signing in merges it into the account's own profile:
attempts, quiz runs and played deals move over (each kept once), exercise states keep
the best stars, of two states of one skill the more recently reviewed one is kept, and
of two practice ratings the one resting on more positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask_login import current_user
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import make_transient_to_detached

from app.extensions import db
from app.models import LearnerProfile, User

PROFILE_COOKIE = "learner"

# Every page asks for the profile: statements built once (SQLAlchemy builds and keys a
# statement anew on every ``filter_by``), parameters bound at each call.
_OF_USER = db.select(LearnerProfile).where(LearnerProfile.user_id == db.bindparam("user_id"))
_OF_VISITOR = db.select(LearnerProfile).where(
    LearnerProfile.token == db.bindparam("token"), LearnerProfile.user_id.is_(None)
)


def _found_by() -> dict[str, Any] | None:
    """What finds this request's profile: the account's id, or the visitor's cookie
    (``None``: neither, so there is none)."""
    if current_user.is_authenticated:
        return {"user_id": current_user.id}
    token = request.cookies.get(PROFILE_COOKIE)
    if not token or len(token) > 64:
        return None
    return {"token": token}


def _lookup() -> LearnerProfile | None:
    by = _found_by()
    if by is None:
        return None
    return db.session.scalar(_OF_USER if "user_id" in by else _OF_VISITOR, by)


class ProfileRows:
    """Rows of some of the profile's tables, each narrowed by its criteria (with bound
    parameters), read together with the profile in one statement when the request has
    not looked the profile up yet: most pages read the profile only to read its rows
    next, and the joined read saves them a round trip. ``tables``: one or more
    ``(entity, *criteria)``, each narrowed to a few rows (the joined read gives their
    product). Called with the parameters' values; gives (the profile or ``None``, its
    rows of each table). :meth:`of` reads a given profile's rows alone."""

    def __init__(self, *tables: tuple[Any, ...]) -> None:
        joined = db.select(LearnerProfile, *(entity for entity, *_criteria in tables))
        for entity, *criteria in tables:
            joined = joined.outerjoin(
                entity, db.and_(entity.profile_id == LearnerProfile.id, *criteria)
            )
        self._of_user = joined.where(LearnerProfile.user_id == db.bindparam("user_id"))
        self._of_visitor = joined.where(
            LearnerProfile.token == db.bindparam("token"), LearnerProfile.user_id.is_(None)
        )
        self._rows = [
            db.select(entity).where(entity.profile_id == db.bindparam("profile_id"), *criteria)
            for entity, *criteria in tables
        ]

    def of(self, profile: LearnerProfile | None, **params: Any) -> list[list[Any]]:
        if profile is None or profile.id is None:
            return [[] for _ in self._rows]
        bound = {"profile_id": profile.id, **params}
        return [list(db.session.scalars(rows, bound)) for rows in self._rows]

    def __call__(self, **params: Any) -> tuple[LearnerProfile | None, list[list[Any]]]:
        if "profile" in g:  # looked up already: only the rows
            prof: LearnerProfile | None = g.profile
            return prof, self.of(prof, **params)
        by = _found_by()
        if by is None:
            g.profile = None
            return None, [[] for _ in self._rows]
        statement = self._of_user if "user_id" in by else self._of_visitor
        found = db.session.execute(statement, {**by, **params}).all()
        g.profile = found[0][0] if found else None
        # each table's rows once, in the order read (the product repeats them)
        tables = [
            dict.fromkeys(row[i] for row in found if row[i] is not None)
            for i in range(1, len(self._rows) + 1)
        ]
        return g.profile, [list(rows) for rows in tables]


_PROFILE = LearnerProfile.__table__
_PROFILE_KEYS = tuple(c.key for c in _PROFILE.c)


def adopt(values: Sequence[Any]) -> LearnerProfile:
    """The profile whose columns (all of them, in the table's order) a plain statement
    read, made the session's own object without reading it again: as if the ORM had
    loaded it (the same object if the session holds it already)."""
    prof = LearnerProfile(**dict(zip(_PROFILE_KEYS, values, strict=True)))
    make_transient_to_detached(prof)
    merged: LearnerProfile = db.session.merge(prof, load=False)
    return merged


class ProfileColumns:
    """Like :class:`ProfileRows`, for a request that reads rows only to work out what it
    writes: plain columns (a Core statement), no objects. The ORM's loading of objects
    costs about as much again as the statement itself; the profile alone is made an
    object (:func:`adopt`). ``columns``: what to read of ``joins``, each ``(table,
    *criteria)`` outer-joined to the profile by its ``profile_id`` and narrowed to a few
    rows. Called with the parameters' values: (the profile or ``None``, the rows read,
    each a tuple of ``columns``; none when no row of any join matched)."""

    def __init__(self, columns: Sequence[Any], *joins: tuple[Any, ...]) -> None:
        self._width = len(_PROFILE.c)
        joined: Any = _PROFILE
        for table, *criteria in joins:
            joined = joined.outerjoin(
                table, db.and_(table.c.profile_id == _PROFILE.c.id, *criteria)
            )
        read = db.select(*_PROFILE.c, *columns).select_from(joined)
        self._by = {
            "user_id": read.where(_PROFILE.c.user_id == db.bindparam("user_id")),
            "token": read.where(
                _PROFILE.c.token == db.bindparam("token"), _PROFILE.c.user_id.is_(None)
            ),
            "profile_id": read.where(_PROFILE.c.id == db.bindparam("profile_id")),
        }

    def __call__(self, **params: Any) -> tuple[LearnerProfile | None, list[tuple[Any, ...]]]:
        if "profile" in g:  # looked up already: only the rows
            prof: LearnerProfile | None = g.profile
            if prof is None or prof.id is None:
                return prof, []
            by: dict[str, Any] | None = {"profile_id": prof.id}
        else:
            by = _found_by()
            if by is None:
                g.profile = None
                return None, []
        assert by is not None
        [key] = by
        found = db.session.execute(self._by[key], {**by, **params}).all()
        if "profile" not in g:
            g.profile = adopt(found[0][: self._width]) if found else None
        rows = [tuple(row[self._width :]) for row in found]
        return g.profile, [r for r in rows if any(v is not None for v in r)]


def current_profile(create: bool = False) -> LearnerProfile | None:
    """This request's profile; with ``create``, made (in the caller's transaction) when
    there is none yet. Reading never writes."""
    if "profile" in g and (g.profile is not None or not create):
        prof: LearnerProfile | None = g.profile
        return prof
    prof = _lookup()
    if prof is None and create:
        prof = LearnerProfile(token=LearnerProfile.new_token())
        if current_user.is_authenticated:
            prof.user_id = current_user.id
        db.session.add(prof)
        db.session.flush()
    g.profile = prof
    return prof


def adopt_visitor_profile(user: User) -> None:
    """Give ``user`` the visitor's record: attach the profile, or merge it into the
    account's. Runs inside the caller's transaction; the caller commits."""
    token = request.cookies.get(PROFILE_COOKIE)
    visitor = (
        db.session.scalar(db.select(LearnerProfile).filter_by(token=token, user_id=None))
        if token
        else None
    )
    if visitor is None:
        return
    own = (
        db.session.scalar(db.select(LearnerProfile).filter_by(user_id=user.id)) if user.id else None
    )
    if own is None:
        visitor.user = user
        g.profile = visitor
        return
    merge_profiles(visitor, own)
    g.profile = own


def merge_profiles(source: LearnerProfile, target: LearnerProfile) -> None:
    """Move ``source``'s record into ``target`` and delete ``source``."""
    from app.learning.models import (
        Attempt,
        ExerciseState,
        PlayDeal,
        QuizSession,
        Rating,
        SkillState,
    )

    for model in (Attempt, QuizSession, PlayDeal):  # rows that simply change hands
        db.session.execute(
            db.update(model).where(model.profile_id == source.id).values(profile_id=target.id)
        )
    ratings = {
        r.game: r for r in db.session.scalars(db.select(Rating).filter_by(profile_id=target.id))
    }
    for r in db.session.scalars(db.select(Rating).filter_by(profile_id=source.id)).all():
        kept = ratings.get(r.game)
        if kept is None:
            r.profile_id = target.id
        else:  # the rating that rests on more positions is the better estimate
            if r.plays > kept.plays:
                kept.rating, kept.rd, kept.vol, kept.plays = r.rating, r.rd, r.vol, r.plays
            db.session.delete(r)
    mine = {
        s.exercise_id: s
        for s in db.session.scalars(db.select(ExerciseState).filter_by(profile_id=target.id))
    }
    for s in db.session.scalars(db.select(ExerciseState).filter_by(profile_id=source.id)).all():
        kept = mine.get(s.exercise_id)
        if kept is None:
            s.profile_id = target.id
            continue
        kept.stars = max(kept.stars, s.stars)
        kept.solved = kept.solved or s.solved
        db.session.delete(s)
    skills = {
        (s.game, s.skill): s
        for s in db.session.scalars(db.select(SkillState).filter_by(profile_id=target.id))
    }
    for s in db.session.scalars(db.select(SkillState).filter_by(profile_id=source.id)).all():
        kept = skills.get((s.game, s.skill))
        if kept is None:
            s.profile_id = target.id
        elif _last_review(s) > _last_review(kept):
            kept.card, kept.due = s.card, s.due
            kept.reviews += s.reviews
            kept.lapses += s.lapses
            db.session.delete(s)
        else:
            kept.reviews += s.reviews
            kept.lapses += s.lapses
            db.session.delete(s)
    db.session.flush()
    db.session.delete(source)


def _last_review(state: object) -> str:
    card = getattr(state, "card", None) or {}
    return str(card.get("last_review") or "")


def init_app(app: Flask) -> None:
    @app.after_request
    def _cookie(response: Response) -> Response:
        prof: LearnerProfile | None = g.get("profile")
        try:
            wanted = (
                prof is not None
                and prof.user_id is None
                and request.cookies.get(PROFILE_COOKIE) != prof.token
            )
        except SQLAlchemyError:  # committed, then the database went away: no cookie now
            return response
        if wanted:
            assert prof is not None
            response.set_cookie(
                PROFILE_COOKIE,
                prof.token,
                max_age=365 * 24 * 3600,
                httponly=True,
                samesite="Lax",
                secure=current_app.config["SESSION_COOKIE_SECURE"],
            )
        return response
