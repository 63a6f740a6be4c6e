"""Learner profiles: every visitor gets one from the first page view, by cookie.

Progress is always stored against a profile, signed in or not. Signing up attaches
the visitor's profile to the new account; signing in merges it into the account's.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, g, request
from flask_login import current_user

from app.extensions import db
from app.models import LearnerProfile, Progress, User

PROFILE_COOKIE = "learner"


def _wants_profile() -> bool:
    return (
        request.endpoint is not None
        and request.endpoint != "static"
        and not (request.endpoint.startswith("api."))
    )


def current_profile() -> LearnerProfile:
    """The profile of this request, created (and committed) on first use."""
    prof: LearnerProfile | None = g.get("profile")
    if prof is not None:
        return prof
    if current_user.is_authenticated:
        prof = db.session.scalar(db.select(LearnerProfile).filter_by(user_id=current_user.id))
        if prof is None:
            prof = LearnerProfile(token=LearnerProfile.new_token(), user_id=current_user.id)
            db.session.add(prof)
            db.session.commit()
    else:
        token = request.cookies.get(PROFILE_COOKIE)
        if token:
            prof = db.session.scalar(db.select(LearnerProfile).filter_by(token=token, user_id=None))
        if prof is None:
            prof = LearnerProfile(token=LearnerProfile.new_token())
            db.session.add(prof)
            db.session.commit()
    g.profile = prof
    return prof


def adopt_visitor_profile(user: User) -> None:
    """Give ``user`` the visitor's progress: attach the profile, or merge it (best result wins).

    Runs inside the caller's transaction; the caller commits.
    """
    token = request.cookies.get(PROFILE_COOKIE)
    visitor = (
        db.session.scalar(db.select(LearnerProfile).filter_by(token=token, user_id=None))
        if token
        else None
    )
    own = (
        db.session.scalar(db.select(LearnerProfile).filter_by(user_id=user.id)) if user.id else None
    )
    if visitor is None:
        return
    if own is None:
        visitor.user = user
        g.profile = visitor
        return
    mine = {p.item: p for p in own.progress}
    for p in list(visitor.progress):
        kept = mine.get(p.item)
        if kept is None:
            own.progress.append(
                Progress(item=p.item, status=p.status, score=p.score, attempts=p.attempts)
            )
        else:
            kept.attempts += p.attempts
            kept.score = max(kept.score, p.score)
            if p.status == "done":
                kept.status = "done"
    db.session.delete(visitor)
    g.profile = own


def init_app(app: Flask) -> None:
    @app.before_request
    def _load_profile() -> None:
        if request.method == "GET" and _wants_profile():
            current_profile()

    @app.after_request
    def _cookie(response: Response) -> Response:
        prof: LearnerProfile | None = g.get("profile")
        if (
            prof is not None
            and prof.user_id is None
            and request.cookies.get(PROFILE_COOKIE) != prof.token
        ):
            response.set_cookie(
                PROFILE_COOKIE,
                prof.token,
                max_age=365 * 24 * 3600,
                httponly=True,
                samesite="Lax",
                secure=current_app.config["SESSION_COOKIE_SECURE"],
            )
        return response
