"""Prose for the engine's codes, at the edge: the ``reasons`` gettext domain.

The engine returns codes with parameters (:class:`app.engine.Reason`,
:class:`app.engine.EngineError`); the exercises name misconceptions by code; this
package turns a code into a sentence. The CLI's ``--lang`` and the web app both use
:func:`render`, without Flask: the sentences are read through :mod:`app.text.catalog`
from ``translations/<folder>/LC_MESSAGES/reasons.po``, written per language, where the
msgid is the code and the msgstr its sentence. A language falls back along its chain
(zh-Hant → zh → en). A test checks that every code the engine can produce has a
sentence in every written language and that the placeholders match.

Templates use ``str.format`` named placeholders: ``{card}``, ``{count}``, ...
A parameter may itself be a reason (``{"code": ..., "params": ...}``): it is rendered in
the same language (without its closing full stop) where the placeholder stands; or
prose written per language (``{"en": ..., "zh": ...}`` or a
:class:`~app.text.localized.Text`), shown in the one asked for.
A placeholder whose name ends in ``card`` or ``cards`` is shown as given (a token);
the web app may replace it with card pictures.

A game term is written ``{w:concept}`` (``{w:^concept}`` with a capital first letter):
the word of the term table (content/terms.yaml) for that concept in the game the text
is shown for, so one template says yijuhua / run on a Hunan page and shunzi / run on a
Guilin one. Without a game, the concept's first word. Where a sentence itself differs
between games, the catalog holds the game's own sentence of the code with the game id as
its context (``msgctxt "guilin"``): :data:`BY_GAME`.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from app.text import catalog, languages, terms
from app.text.localized import Text

#: the gettext domain of the codes' sentences
DOMAIN = "reasons"

#: the languages the sentences are written in (the others fall back or are derived)
LANGS = languages.written()

#: The parameters of a reason that name a seat (an int, counted from 0 by the engine).
SEAT_PARAMS = frozenset(
    {
        "seat",
        "to_act",
        "actor",
        "winner",
        "discarder",
        "claimer",
        "dealer",
        "next",
        "turn",
        "from",
        "to",
    }
)

_CONTEXT = "\x04"  # gettext's separator of a context and a msgid in a compiled catalog


def _own(lang: str) -> Mapping[str, str]:
    """The entries of a written language's own catalog (no fallback): msgid, or
    context and msgid joined by ``\\x04``, to msgstr."""
    found: Mapping[str, str] = getattr(catalog.translations(lang, DOMAIN), "_catalog", {})
    return found


class _Table(Mapping[str, Mapping[str, str]]):
    """The catalog read as a table: code → {language: template} in the written
    languages, for checks (which codes exist, which placeholders they take). Pages and
    the CLI use :func:`render`."""

    def __init__(self, context: str | None = None) -> None:
        self.context = context

    def _key(self, code: str) -> str:
        return code if self.context is None else f"{self.context}{_CONTEXT}{code}"

    def __getitem__(self, code: str) -> Mapping[str, str]:
        key = self._key(code)
        out = {lang: own[key] for lang in LANGS if key in (own := _own(lang))}
        if not out:
            raise KeyError(code)
        return out

    def __contains__(self, code: object) -> bool:
        if not isinstance(code, str):
            return False
        key = self._key(code)
        return any(key in _own(lang) for lang in LANGS)

    def _codes(self) -> list[str]:
        codes: set[str] = set()
        for lang in LANGS:
            for key in _own(lang):
                if not isinstance(key, str) or not key:
                    continue
                context, sep, code = key.rpartition(_CONTEXT)
                if (context if sep else None) == self.context:
                    codes.add(code)
        return sorted(codes)

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes())

    def __len__(self) -> int:
        return len(self._codes())


class _ByGame(Mapping[str, Mapping[str, Mapping[str, str]]]):
    """game → its own sentences (code → {language: template})."""

    def _games(self) -> list[str]:
        return sorted(
            {
                key.partition(_CONTEXT)[0]
                for lang in LANGS
                for key in _own(lang)
                if isinstance(key, str) and _CONTEXT in key
            }
        )

    def __getitem__(self, game: str) -> Mapping[str, Mapping[str, str]]:
        if game not in self._games():
            raise KeyError(game)
        return _Table(game)

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


#: every code's common sentence, per written language (read from the catalog)
MESSAGES: Mapping[str, Mapping[str, str]] = _Table()
#: a game's own sentence of a code, where the sentence (not only a word) differs
BY_GAME: Mapping[str, Mapping[str, Mapping[str, str]]] = _ByGame()


def has(code: str) -> bool:
    """Whether the catalog has a sentence for ``code``."""
    return code in MESSAGES


def template(code: str, lang: str = "en", game: str | None = None) -> str | None:
    """The sentence of ``code`` in ``lang`` before its placeholders are filled: the
    game's own (context = the game id) if it has one, else the common one, along the
    language's chain; None for a code the catalog lacks."""
    return _template(catalog.translations(languages.get(lang).code, DOMAIN), code, game)


@lru_cache(maxsize=8192)
def _template(t: _gettext.NullTranslations, code: str, game: str | None) -> str | None:
    # keyed by the catalog object itself: a catalog read again (catalog.clear) is a new key
    if game:
        own = t.pgettext(game, code)
        if own != code:
            return own
    text = t.gettext(code)
    return None if text == code else text


def term_word(concept: str, game: str | None, lang: str) -> str:
    """The term table's word for ``concept`` in ``game`` (its first word without a
    game, or when the game has none); the concept id itself if the table lacks it."""
    word = terms.word(concept, game, lang) if game else None
    if word is None:
        c = terms.concept(concept)
        word = c.words[0].get(lang) if c else concept
    return word


#: the placeholder of a game term (``{w:concept}``): filled by :func:`render` itself
TERM_FIELD = "w"


class _Words:
    """``{w:concept}`` in a template: the game's word for the concept."""

    def __init__(self, game: str | None, lang: str) -> None:
        self.game, self.lang = game, lang

    def __format__(self, spec: str) -> str:
        word = term_word(spec.lstrip("^"), self.game, self.lang)
        return word[:1].upper() + word[1:] if spec.startswith("^") else word


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _is_reason(value: Any) -> bool:
    return isinstance(value, Mapping) and "code" in value


def _is_prose(value: Any) -> bool:
    """Prose written per language: a Text, or a mapping of every written language
    (and perhaps others) to its text."""
    if isinstance(value, Text):
        return True
    if not isinstance(value, Mapping) or not value or "code" in value:
        return False
    keys = {str(k).replace("_", "-") for k in value}
    return set(LANGS) <= keys <= set(languages.codes())


def _fmt(value: Any, lang: str = "en", game: str | None = None) -> str:
    if _is_prose(value):
        text = Text.of(value)
        return text.get(lang) if text is not None else ""
    if isinstance(value, Mapping) and "code" in value:  # a reason inside a reason
        return render(str(value["code"]), value.get("params") or {}, lang, game).rstrip("。.")
    if isinstance(value, list | tuple) and value and all(_is_reason(v) for v in value):
        return " / ".join(_fmt(v, lang, game) for v in value)  # alternatives, each a reason
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def render(
    code: str, params: Mapping[str, Any] | None = None, lang: str = "en", game: str | None = None
) -> str:
    """The sentence for ``code`` in ``lang`` (English when the language is unknown), in
    the words of ``game`` (a game id such as ``guilin``) when given."""
    language = languages.get(lang)
    lang = language.code
    text = _template(catalog.translations(lang, DOMAIN), code, game)
    values = _Params({k: _fmt(v, lang, game) for k, v in (params or {}).items()})
    if text is None:
        detail = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{code} ({detail})" if detail else code
    values.setdefault(TERM_FIELD, _Words(game, lang))
    out = text.format_map(values)
    first = text[1:].partition("}")[0] if text.startswith("{") else ""
    if not language.chinese and first in SEAT_PARAMS:  # "you must …": "You must …"
        out = out[:1].upper() + out[1:]
    return out


def region_label(region: str, lang: str = "en") -> str:
    """The label of a region's card names (:data:`app.engine.chuanpai.cards.REGIONAL_NAMES`)
    in ``lang``: the sentence of the code ``region-<region>``."""
    return render(f"region-{region}", None, lang)
