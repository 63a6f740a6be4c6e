from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_login import current_user

from app.content import games_for_page
from app.extensions import db
from app.i18n import set_lang_cookie, supported
from app.learning import paths
from app.main import bp
from app.redirects import safe_next


@bp.get("/")
def home():  # type: ignore[no-untyped-def]
    from app.learning.lessons import path_of

    games = games_for_page(str(get_locale()))
    firsts = {}
    for g in games:
        lessons = path_of(g["id"])
        if lessons:
            firsts[g["id"]] = lessons[0]
    resume = paths.resume_all([g["id"] for g in games])
    return render_template("main/home.html", games=games, first_lessons=firsts, resume=resume)


@bp.get("/about/cards")
def about_cards():  # type: ignore[no-untyped-def]
    return render_template("main/about_cards.html")


@bp.post("/lang")
def switch_language():  # type: ignore[no-untyped-def]
    lang = request.form.get("lang", "")
    if lang not in supported():
        abort(400)
    target = safe_next(request.form.get("next"))
    if current_user.is_authenticated:
        current_user.locale = lang
        db.session.commit()
    response = redirect(target, code=303)
    set_lang_cookie(response, lang)
    return response


@bp.get("/favicon.ico")
def favicon():  # type: ignore[no-untyped-def]
    """Browsers ask for /favicon.ico whatever the page says: send the SVG icon."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)
