from __future__ import annotations

from flask import abort, current_app, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user
from sqlalchemy import update

from app import zones
from app.content import games_for_page
from app.extensions import db
from app.i18n import page_locale, set_lang_cookie
from app.learning import clock, paths, streaks
from app.main import bp
from app.models import LearnerProfile
from app.profiles import current_profile
from app.redirects import safe_next
from app.ui.locale import supported


@bp.get("/")
def home() -> ResponseReturnValue:
    from app.learning.lessons import Lesson, path_of

    games = games_for_page(page_locale())
    firsts: dict[str, Lesson] = {}
    for g in games:
        lessons = path_of(g["id"])
        if lessons:
            firsts[g["id"]] = lessons[0]
    resume = paths.resume_all([g["id"] for g in games])
    profile = current_profile()  # found with the states just read
    streak = streaks.summary(profile, clock.now()) if profile is not None else None
    return render_template(
        "main/home.html", games=games, first_lessons=firsts, resume=resume, streak=streak
    )


def _games() -> tuple[str, ...]:
    from app.engine.core.registry import all_variants

    return tuple(v.id for v in all_variants())


@bp.get("/today")
def today() -> ResponseReturnValue:
    """Today's practice: the due reviews, the next lesson exercise, two positions."""
    from app.main import today as todays

    profile = current_profile()
    return render_template(
        "main/today.html",
        t=todays.plan(profile, _games()),
        goals=streaks.GOALS,
        form_goal=None,
        error=None,
    )


@bp.post("/today/goal")
def set_goal() -> ResponseReturnValue:
    """The daily goal (off, or answers a day); a visitor's profile is made for it."""
    from app.main import today as todays

    typed = request.form.get("goal", "")
    try:
        goal = streaks.read_goal(typed)
    except ValueError:
        profile = current_profile()
        resp = render_template(
            "main/today.html",
            t=todays.plan(profile, _games()),
            goals=streaks.GOALS,
            form_goal=typed,
            error=_(
                "Choose a goal from 1 to %(most)s answers a day, or none.", most=streaks.MAX_GOAL
            ),
        )
        return resp, 422
    profile = current_profile(create=True)
    assert profile is not None
    streaks.set_goal(profile, goal)
    db.session.commit()
    return redirect(safe_next(request.form.get("next"), url_for("main.today")), code=303)


@bp.post("/zone")
def browser_zone() -> ResponseReturnValue:
    """The zone the browser reported (static/js/zone.js): kept in a cookie, and a
    visitor's profile takes it (an account keeps the zone it set)."""
    name = request.form.get("tz", "")
    if not zones.valid(name):
        abort(400)
    if not current_user.is_authenticated:
        profile = current_profile()
        if profile is not None and profile.timezone != name:
            db.session.execute(
                update(LearnerProfile)
                .where(LearnerProfile.id == profile.id, LearnerProfile.user_id.is_(None))
                .values(timezone=name)
            )
            db.session.commit()
    resp = make_response("", 204)
    resp.set_cookie(
        zones.COOKIE,
        name,
        max_age=365 * 24 * 3600,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return resp


@bp.get("/about/cards")
def about_cards() -> ResponseReturnValue:
    return render_template("main/about_cards.html")


@bp.post("/lang")
def switch_language() -> ResponseReturnValue:
    lang = request.form.get("lang", "")
    if lang not in supported():
        abort(400)
    target = safe_next(request.form.get("next"))
    if current_user.is_authenticated:
        current_user.locale = lang
        db.session.commit()
    response = make_response(redirect(target, code=303))
    set_lang_cookie(response, lang)
    return response


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    """Browsers ask for /favicon.ico whatever the page says: send the SVG icon."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)
