"""Which language a request is answered in (Flask-Babel's locale selector), from the
language list (:mod:`app.text.languages`): the account's language, else the visitor's
explicit choice (cookie), else the browser's Accept-Language (zh-TW and zh-HK pick
Traditional Chinese), else the default."""

from __future__ import annotations

from flask import current_app, g, request
from flask_login import current_user

from app.i18n import LANG_COOKIE
from app.text import languages


def supported() -> tuple[str, ...]:
    """The codes of the languages this app offers (its configuration)."""
    langs: tuple[str, ...] = current_app.config["LANGUAGES"]
    return langs


def choose_code() -> str:
    """The code of this request's language."""
    langs = supported()
    # when the database is down (g.no_database) the account is not asked
    if (
        not g.get("no_database")
        and current_user
        and current_user.is_authenticated
        and current_user.locale in langs
    ):
        return str(current_user.locale)
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in langs:
        return str(chosen)
    for tag, _quality in request.accept_languages:
        found = languages.match(tag)
        if found is not None and found.code in langs:
            return found.code
    return str(current_app.config["BABEL_DEFAULT_LOCALE"])


def choose_locale() -> str:
    """Flask-Babel's locale selector: the catalogs' folder of this request's language (its
    code is kept for :func:`app.i18n.page_locale`)."""
    code = choose_code()
    g._page_locale = code
    return languages.get(code).folder


def html_lang(locale: str) -> str:
    """The BCP 47 tag for ``<html lang>``."""
    return languages.get(locale).html
