"""Locale choice: the account's language, else the visitor's explicit choice (cookie),
else the browser's Accept-Language, else Chinese."""

from __future__ import annotations

from flask import current_app, request
from flask_login import current_user

LANG_COOKIE = "lang"
LANGUAGE_NAMES = {"zh": "中文", "en": "English"}


def supported() -> tuple[str, ...]:
    langs: tuple[str, ...] = current_app.config["LANGUAGES"]
    return langs


def choose_locale() -> str:
    langs = supported()
    if current_user and current_user.is_authenticated and current_user.locale in langs:
        return str(current_user.locale)
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in langs:
        return str(chosen)
    best = request.accept_languages.best_match(langs)
    return best or current_app.config["BABEL_DEFAULT_LOCALE"]


def html_lang(locale: str) -> str:
    """The BCP 47 tag for ``<html lang>``."""
    return {"zh": "zh-Hans", "en": "en"}.get(locale, locale)


def set_lang_cookie(response, locale: str) -> None:  # type: ignore[no-untyped-def]
    response.set_cookie(
        LANG_COOKIE,
        locale,
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
