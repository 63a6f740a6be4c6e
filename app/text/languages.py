"""The languages the app offers: a list in configuration (``translations/languages.toml``).

Nothing else names a language in code: a text is looked up by its language's code along
the language's fallback chain (:func:`chain`), a Chinese page's typography asks
:func:`chinese`, and a browser's ``Accept-Language`` tag is matched by :func:`match`.
``zh`` stays Simplified Chinese everywhere (cookies, accounts, content keys, ``--lang zh``);
``zh-Hant`` is Traditional Chinese, derived from the Simplified (:mod:`app.text.localized`).

Pure Python (no Flask): the engine's command line and the web app read the same list.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from app.config import ROOT

LANGUAGES_FILE = ROOT / "translations" / "languages.toml"


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # zh, zh-Hant, en: cookies, accounts, content keys, --lang
    folder: str  # the catalogs' folder, a Babel locale identifier: zh, zh_Hant, en
    html: str  # <html lang>
    short: str  # the switcher's label
    name: str  # the language's name in itself
    fallback: tuple[str, ...]
    accept: tuple[str, ...]
    chinese: bool
    derive_from: str | None = None  # written by converting this language's text
    convert: str | None = None  # with this OpenCC configuration (at `make catalogs`)

    @property
    def chain(self) -> tuple[str, ...]:
        """Where a text is looked for: the language itself, then its fallbacks."""
        return (self.code, *self.fallback)


@cache
def _load() -> tuple[Language, ...]:
    with LANGUAGES_FILE.open("rb") as fh:
        data = tomllib.load(fh)
    out = []
    for item in data["language"]:
        out.append(
            Language(
                code=item["code"],
                folder=item["folder"],
                html=item["html"],
                short=item["short"],
                name=item["name"],
                fallback=tuple(item.get("fallback", ())),
                accept=tuple(item.get("accept", ())),
                chinese=bool(item.get("chinese", False)),
                derive_from=item.get("derive_from"),
                convert=item.get("convert"),
            )
        )
    codes = [lang.code for lang in out]
    if len(set(codes)) != len(codes):
        raise ValueError(f"{LANGUAGES_FILE}: a language is listed twice")
    for lang in out:
        for other in (*lang.fallback, *([lang.derive_from] if lang.derive_from else [])):
            if other not in codes:
                raise ValueError(f"{LANGUAGES_FILE}: {lang.code} names unknown {other!r}")
    return tuple(out)


def all_languages() -> tuple[Language, ...]:
    """Every language, in the switcher's order."""
    return _load()


def codes() -> tuple[str, ...]:
    return tuple(lang.code for lang in _load())


def written() -> tuple[str, ...]:
    """The languages authors write (content keys, catalogs edited by hand)."""
    return tuple(lang.code for lang in _load() if lang.derive_from is None)


def derived() -> tuple[Language, ...]:
    """The languages generated from another one at ``make catalogs``."""
    return tuple(lang for lang in _load() if lang.derive_from is not None)


@cache
def _index() -> dict[str, Language]:
    out: dict[str, Language] = {}
    for lang in _load():
        for key in (lang.code, lang.folder):
            out[key.lower().replace("_", "-")] = lang
    return out


def find(code: object) -> Language | None:
    """The language a code or catalog folder names (``zh-Hant``, ``zh_Hant``,
    ``zh-hant``), or None."""
    if code is None:
        return None
    return _find(str(code))


@cache
def _find(code: str) -> Language | None:
    return _index().get(code.lower().replace("_", "-"))


def get(code: object) -> Language:
    """The language of ``code``; an unknown code is the last language (English), as a
    text asked for in a language the app does not offer is shown in it."""
    found = find(code)
    return found if found is not None else _load()[-1]


def chain(code: object) -> tuple[str, ...]:
    return get(code).chain


def chinese(code: object) -> bool:
    """Whether a page in this language is written in Chinese characters."""
    return get(code).chinese


def chinese_form(code: object) -> str:
    """The language Chinese words are shown in on a page in ``code``: the page's own
    language when it is Chinese, else the first Chinese language of the list (an English
    page quotes Chinese words in Simplified)."""
    lang = get(code)
    if lang.chinese:
        return lang.code
    return next((other.code for other in _load() if other.chinese), lang.code)


def match(tag: str) -> Language | None:
    """The language a browser's language tag asks for (``zh-TW`` → zh-Hant,
    ``zh-Hant-HK`` → zh-Hant, ``zh-SG`` → zh, ``en-GB`` → en), or None."""
    norm = tag.strip().lower().replace("_", "-")
    if not norm or norm == "*":
        return None
    langs = _load()
    for lang in langs:
        if norm == lang.code.lower() or norm in (a.lower() for a in lang.accept):
            return lang
    parts = norm.split("-")
    # a script or region subtag a language names (zh-Hant-TW, zh-HK-x)
    for i in range(len(parts) - 1, 1, -1):
        found = match("-".join(parts[:i]))
        if found is not None:
            return found
    for lang in langs:
        if lang.code.lower().split("-")[0] == parts[0]:
            return lang
    return None
