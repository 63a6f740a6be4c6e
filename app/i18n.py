"""Locale choice: the account's language, else the visitor's explicit choice (cookie),
else the browser's Accept-Language, else Chinese.

The languages are those of ``translations/languages.toml`` (:mod:`app.text.languages`):
a language is named by its code (``zh``, ``zh-Hant``, ``en``) everywhere in the app; only
Flask-Babel sees its catalogs' folder (``zh_Hant``). The choice itself is made in
:mod:`app.ui.locale` (it reads the language list); this module keeps what a request needs
of it, below the text layer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g
from flask_babel import get_translations
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

LANG_COOKIE = "lang"


def page_locale() -> str:
    """This request's language code (``zh``, ``zh-Hant``, ``en``), found once per request
    (Flask-Babel looks its locale up through its context on every call, and a page asks
    dozens of times)."""
    loc = g.get("_page_locale")
    if loc is None:
        from flask_babel import get_locale

        found = get_locale()  # its selector (app.ui.locale.choose_locale) keeps the code in g
        loc = g.get("_page_locale")
        if loc is None:  # a locale forced (force_locale), not chosen: zh_Hant is zh-Hant
            loc = str(found or current_app.config["BABEL_DEFAULT_LOCALE"]).replace("_", "-")
        g._page_locale = loc
    return str(loc)


def translations() -> Any:
    """The catalog of this request's locale, looked up once per request.

    Flask-Babel finds it again on every call (context, domain, cache), and a page says
    some eighty strings. Nothing here changes the locale within a request
    (``force_locale``/``refresh`` are not used); one that did would have to pop
    ``g._translations`` too.
    """
    t = g.get("_translations")
    if t is None:
        t = g._translations = get_translations()
    return t


def install_template_gettext(app: Flask) -> None:
    """Templates translate through :func:`translations` (after ``babel.init_app``);
    ``_`` through :func:`template_gettext`."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by Jinja's i18n extension
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
    app.jinja_env.globals["_"] = template_gettext


@pass_eval_context
def template_gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> Any:
    """``_()`` in a template, as Jinja's new-style ``gettext`` answers it (the
    translation, as markup where the template escapes, formatted with ``variables``:
    ``%%`` is ``%`` even without them) in a third of its time: a page says dozens of
    strings, and Jinja's own goes through two context calls, a look-up of the catalog
    and a formatting each time. Each catalog keeps what it answered (``_texts``: the
    catalogs are read once per process and never change)."""
    catalog = translations()
    try:
        texts: dict[Any, Any] = catalog._academy_texts
    except AttributeError:
        texts = catalog._academy_texts = {}
    key = (string, eval_ctx.autoescape)
    text = texts.get(key)
    if text is None:
        found = catalog.ugettext(string)
        text = texts[key] = Markup(found) if eval_ctx.autoescape else found
    if variables:
        return text % variables
    done = texts.get((key, None))
    if done is None:
        done = texts[(key, None)] = text % variables
    return done


def set_lang_cookie(response: Response, locale: str) -> None:
    response.set_cookie(
        LANG_COOKIE,
        locale,
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )


def compiled_catalogs(source: Path, fallback: Path) -> str:
    """A translations folder whose ``.mo`` files are current.

    ``make`` compiles the catalogs in place (every domain: ``messages``, ``reasons``...).
    When an install has only the ``.po`` files (or stale ``.mo``), every one of them is
    compiled into ``fallback`` (the instance folder), so pages never fall back to English
    silently.
    """
    pos = sorted(source.glob("*/LC_MESSAGES/*.po"))

    def fresh(po: Path) -> bool:
        mo = po.with_suffix(".mo")
        return mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime

    if all(fresh(po) for po in pos):
        return str(source)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in pos:
        lang = po.parent.parent.name
        out = fallback / lang / "LC_MESSAGES" / po.with_suffix(".mo").name
        if out.exists() and out.stat().st_mtime >= po.stat().st_mtime:
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as po_file:
            catalog = read_po(po_file, locale=lang)
        with out.open("wb") as target:
            write_mo(target, catalog)
    return str(fallback)
