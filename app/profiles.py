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
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from flask import Flask, Response, current_app, g, has_request_context, request
from flask_login import current_user
from sqlalchemy.exc import SQLAlchemyError

from app import zones
from app.extensions import db
from app.models import Learner, LearnerProfile, User

PROFILE_COOKIE = "learner"


def _found_by() -> dict[str, Any] | None:
    """What finds this request's profile: the account's id, or the visitor's cookie
    (``None``: neither, so there is none)."""
    if current_user.is_authenticated:
        return {"user_id": current_user.id}
    token = request.cookies.get(PROFILE_COOKIE)
    if not token or len(token) > 64:
        return None
    return {"token": token}


@dataclass(frozen=True, slots=True)
class Profile:
    """A learner's profile as a request reads it: what pages and answers use of it (the
    record's rows name it by ``id``). A request never changes a profile it found; one
    it makes (the first answer, :func:`current_profile` with ``create``) or merges (at
    sign-in) is the :class:`LearnerProfile` row itself."""

    id: int
    token: str
    user_id: int | None
    timezone: str


_PROFILE = LearnerProfile.__table__
#: what a request reads of a profile (:class:`Profile`'s fields)
PROFILE_COLUMNS = (_PROFILE.c.id, _PROFILE.c.token, _PROFILE.c.user_id, _PROFILE.c.timezone)


class ProfileRows:
    """Columns of some of the profile's rows, read together with the profile in one
    statement when the request has not found the profile yet: most pages read the
    profile only to read its rows next, and the joined read saves them a round trip.

    Plain columns (a Core statement), not ORM objects: pages and answers only show or
    work out from what they read of a learner's record, and loading objects cost about
    as much again as the statement itself (the profile is read as a :class:`Profile`).
    ``columns``: what to read of ``joins``, each ``(table, *criteria)``
    outer-joined to the profile by its ``profile_id`` and narrowed (with bound
    parameters) to a few rows (the joined read gives their product). Called with the
    parameters' values: (the profile or ``None``, the rows read, each a tuple of
    ``columns``; none where no row of any join matched). :meth:`of` reads a given
    profile's rows."""

    def __init__(self, columns: Sequence[Any], *joins: tuple[Any, ...]) -> None:
        self._width = len(PROFILE_COLUMNS)
        joined: Any = _PROFILE
        for table, *criteria in joins:
            joined = joined.outerjoin(
                table, db.and_(table.c.profile_id == _PROFILE.c.id, *criteria)
            )
        read = db.select(*PROFILE_COLUMNS, *columns).select_from(joined)
        self._by = {
            "user_id": read.where(_PROFILE.c.user_id == db.bindparam("user_id")),
            "token": read.where(
                _PROFILE.c.token == db.bindparam("token"), _PROFILE.c.user_id.is_(None)
            ),
            "profile_id": read.where(_PROFILE.c.id == db.bindparam("profile_id")),
        }

    def _read(self, by: dict[str, Any], params: dict[str, Any]) -> list[Any]:
        [key] = by
        return list(db.session.execute(self._by[key], {**by, **params}).all())

    def _rows(self, found: list[Any]) -> list[tuple[Any, ...]]:
        rows = [tuple(row[self._width :]) for row in found]
        return [r for r in rows if any(v is not None for v in r)]

    def of(self, profile: Learner | None, **params: Any) -> list[tuple[Any, ...]]:
        if profile is None or profile.id is None:
            return []
        return self._rows(self._read({"profile_id": profile.id}, params))

    def __call__(self, **params: Any) -> tuple[Learner | None, list[tuple[Any, ...]]]:
        if "profile" in g:  # looked up already: only the rows
            prof: Learner | None = g.profile
            return prof, self.of(prof, **params)
        by = _found_by()
        if by is None:
            g.profile = None
            return None, []
        found = self._read(by, params)
        g.profile = Profile(*found[0][: self._width]) if found else None
        return g.profile, self._rows(found)


# a request's profile alone (no rows)
_PROFILE_ALONE = ProfileRows(())


def current_profile(create: bool = False) -> Learner | None:
    """This request's profile; with ``create``, made (in the caller's transaction) when
    there is none yet. Reading never writes."""
    if "profile" in g and (g.profile is not None or not create):
        found: Learner | None = g.profile
        return found
    found, _rows = _PROFILE_ALONE()
    if found is None and create:
        made = LearnerProfile(token=LearnerProfile.new_token())
        made.timezone = zones.browser_zone() or zones.DEFAULT  # the browser's, if it said
        if current_user.is_authenticated:
            made.user_id = current_user.id
        db.session.add(made)
        db.session.flush()
        found = made
    g.profile = found
    return found


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
        LearnerDay,
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
    # answers counted per day: the visitor's days added to the account's
    days = {
        d.day: d for d in db.session.scalars(db.select(LearnerDay).filter_by(profile_id=target.id))
    }
    for d in db.session.scalars(db.select(LearnerDay).filter_by(profile_id=source.id)).all():
        kept = days.get(d.day)
        if kept is None:
            db.session.add(LearnerDay(profile_id=target.id, day=d.day, answers=d.answers))
        else:
            kept.answers += d.answers
        db.session.delete(d)
    if target.daily_goal is None:
        target.daily_goal = source.daily_goal
    db.session.flush()
    db.session.delete(source)


def _last_review(state: object) -> str:
    card = getattr(state, "card", None) or {}
    return str(card.get("last_review") or "")


def init_app(app: Flask) -> None:
    @app.after_request
    def _cookie(response: Response) -> Response:
        prof: Learner | None = g.get("profile")
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


# -- the viewer's time: every date and time a page shows is in the viewer's zone ---------


def viewer_zone_name() -> str:
    """This request's viewer's zone: their profile's, else the browser's, else the
    default. Reads the profile only if the request found it already, or one query."""
    if has_request_context():
        cached = g.get("_viewer_zone")
        if cached:
            return str(cached)
        profile = current_profile() if has_request_context() else None
        name = profile.timezone if profile is not None and zones.valid(profile.timezone) else None
        name = name or zones.browser_zone() or zones.DEFAULT
        g._viewer_zone = name
        return name
    return zones.DEFAULT


def viewer_zone() -> ZoneInfo:
    return ZoneInfo(viewer_zone_name())


def local(utc: datetime | None, zone: ZoneInfo | None = None) -> datetime | None:
    """A stored time (naive UTC) in the viewer's zone (naive, for strftime)."""
    if utc is None:
        return None
    aware = utc if utc.tzinfo else utc.replace(tzinfo=UTC)
    return aware.astimezone(zone or viewer_zone()).replace(tzinfo=None)


def shown(utc: datetime | None, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """A stored time as the viewer reads it: in their zone."""
    found = local(utc)
    return found.strftime(fmt) if found else ""


def shown_date(utc: datetime | None) -> str:
    return shown(utc, "%Y-%m-%d")
