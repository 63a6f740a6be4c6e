from __future__ import annotations

from urllib.parse import urlsplit

from flask import abort, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_login import current_user

from app.content import games_for_page
from app.extensions import db
from app.i18n import set_lang_cookie, supported
from app.main import bp


def safe_next(target: str | None) -> str:
    """A same-site path to go back to, or the home page."""
    if not target:
        return url_for("main.home")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return url_for("main.home")
    return target


@bp.get("/")
def home():  # type: ignore[no-untyped-def]
    return render_template("main/home.html", games=games_for_page(str(get_locale())))


@bp.get("/about/cards")
def about_cards():  # type: ignore[no-untyped-def]
    return render_template("main/about_cards.html")


@bp.post("/lang")
def switch_language():  # type: ignore[no-untyped-def]
    lang = request.form.get("lang", "")
    if lang not in supported():
        abort(400)
    if current_user.is_authenticated:
        current_user.locale = lang
        db.session.commit()
    response = redirect(safe_next(request.form.get("next")), code=303)
    set_lang_cookie(response, lang)
    return response


@bp.get("/favicon.ico")
def favicon():  # type: ignore[no-untyped-def]
    """Browsers ask for /favicon.ico whatever the page says: send the SVG icon."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)
