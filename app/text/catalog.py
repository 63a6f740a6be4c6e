"""The gettext catalogs, read without Flask: ``translations/<folder>/LC_MESSAGES/<domain>``.

Domains:
- ``messages``: the interface's words (templates, labels, theme names), msgid in English;
  Flask-Babel serves the same files to templates.
- ``derived``: generated for a language written by converting another (zh-Hant from zh):
  msgid a text in the source language, msgstr the same text converted
  (:mod:`app.text.localized`).
- others as they come (each kind of prose in one place).

A catalog falls back along its language's chain (zh-Hant → zh → en), so a missing entry is
never an empty string. The compiled ``.mo`` is read when it is current, else the ``.po``
itself (a fresh checkout before ``make compile``); each is read once per process.

:class:`Msg` is an interface text named in Python code (``N_("Take")``,
``NP_("theme", "Take")``): extracted into the catalogs by ``make catalogs`` and shown in the
language asked for, like :class:`~app.text.localized.Text`.
"""

from __future__ import annotations

import gettext as _gettext
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from app.config import ROOT
from app.text import languages

TRANSLATIONS = ROOT / "translations"


def _read(folder: str, domain: str) -> _gettext.NullTranslations | None:
    po = TRANSLATIONS / folder / "LC_MESSAGES" / f"{domain}.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            return Translations(fh, domain=domain)
    if not po.exists():
        return None
    import io

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=folder)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translations(buf, domain=domain)


@cache
def translations(code: str, domain: str = "messages") -> _gettext.NullTranslations:
    """The catalog of a language and domain, falling back along the language's chain
    (for a derived language, to its source only through the ``derived`` domain)."""
    lang = languages.get(code)
    first: _gettext.NullTranslations | None = None
    for other in lang.chain:
        found = _read(languages.get(other).folder, domain)
        if found is None:
            continue
        if first is None:
            first = found
        else:
            first.add_fallback(found)
    return first if first is not None else _gettext.NullTranslations()


def gettext(code: str, msgid: str, *, context: str | None = None, domain: str = "messages") -> str:
    t = translations(languages.get(code).code, domain)
    if context is not None:
        return t.pgettext(context, msgid)
    return t.gettext(msgid)


@cache
def _own(folder: str, domain: str) -> frozenset[str]:
    t = _read(folder, domain)
    return frozenset(getattr(t, "_catalog", {})) if t is not None else frozenset()


def has(code: str, msgid: str, *, domain: str) -> bool:
    """Whether the language's own catalog (not a fallback) holds ``msgid``."""
    return msgid in _own(languages.get(code).folder, domain)


def clear() -> None:
    """Forget the catalogs read (a test that rewrites one)."""
    translations.cache_clear()
    _own.cache_clear()


@dataclass(frozen=True, slots=True)
class Msg:
    """An interface text named in code by its msgid (English), shown per language."""

    msgid: str
    context: str | None = None
    domain: str = "messages"

    def get(self, lang: str) -> str:
        return gettext(lang, self.msgid, context=self.context, domain=self.domain)

    def __str__(self) -> str:  # a Msg is shown through get(lang), never str()
        return self.msgid


def N_(msgid: str) -> Msg:  # noqa: N802 - gettext's conventional name, a keyword of `make catalogs`
    """Mark an interface text for the catalogs; shown per language with ``.get(lang)``."""
    return Msg(msgid)


def NP_(context: str, msgid: str) -> Msg:  # noqa: N802
    """:func:`N_` with a context (the same English meaning two things)."""
    return Msg(msgid, context)


def folder_of(code: str) -> Path:
    return TRANSLATIONS / languages.get(code).folder / "LC_MESSAGES"
