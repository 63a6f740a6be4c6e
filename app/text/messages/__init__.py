"""Prose for the engine's codes, at the edge: one table, English and Chinese.

The engine returns codes with parameters (:class:`app.engine.Reason`,
:class:`app.engine.EngineError`); this package turns them into sentences. The CLI's
``--lang`` and the web app both use :func:`render`. Each game family keeps its own
table in its own module here; a test checks that every code the engine can produce
has a message in both languages and that the placeholders match.

Templates use ``str.format`` named placeholders: ``{card}``, ``{count}``, ...
A parameter may itself be a reason (``{"code": ..., "params": ...}``): it is rendered in
the same language (without its closing full stop) where the placeholder stands; or
prose written in both languages (``{"en": ..., "zh": ...}``), shown in the one asked for.
A placeholder whose name ends in ``card`` or ``cards`` is shown as given (a token);
the web app may replace it with card pictures.

A game term is written ``{w:concept}`` (``{w:^concept}`` with a capital first letter):
the word of the term table (content/terms.yaml) for that concept in the game the text
is shown for, so one template says 一句话 / run on a Hunan page and 顺子 / run on a
Guilin one. Without a game, the concept's first word. Where a sentence itself differs
between games, a table may add ``BY_GAME`` ({game: {code: texts}}): the game's own
texts of a code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.text import terms
from app.text.messages import (
    chuanpai,
    core,
    details,
    learning,
    mc_chuanpai,
    mc_chuanpai_tricks,
    mc_guilin,
    mc_hunan,
    mc_nantong,
    nantong,
    zipai,
)

LANGS = ("en", "zh")

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

MESSAGES: dict[str, dict[str, str]] = {}
for _table in (
    core.MESSAGES,
    zipai.MESSAGES,
    chuanpai.MESSAGES,
    nantong.MESSAGES,
    learning.MESSAGES,
    details.MESSAGES,
    mc_hunan.MESSAGES,
    mc_guilin.MESSAGES,
    mc_chuanpai.MESSAGES,
    mc_chuanpai_tricks.MESSAGES,
    mc_nantong.MESSAGES,
):
    for _code, _texts in _table.items():
        if _code in MESSAGES and MESSAGES[_code] != _texts:
            raise RuntimeError(f"message code {_code!r} defined twice with different texts")
        MESSAGES[_code] = _texts

#: a game's own texts of a code, where the sentence (not only a word) differs
BY_GAME: dict[str, dict[str, dict[str, str]]] = {}
for _module in (zipai,):
    for _game, _codes in getattr(_module, "BY_GAME", {}).items():
        for _code, _texts in _codes.items():
            if _code not in MESSAGES:
                raise RuntimeError(f"{_game} text for {_code!r}, a code with no common text")
            BY_GAME.setdefault(_game, {})[_code] = _texts


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


def _fmt(value: Any, lang: str = "en", game: str | None = None) -> str:
    if isinstance(value, Mapping) and set(value) == set(LANGS):  # prose in both languages
        return str(value[lang])
    if isinstance(value, Mapping) and "code" in value:  # a reason inside a reason
        return render(str(value["code"]), value.get("params") or {}, lang, game).rstrip("。.")
    if isinstance(value, list | tuple) and value and all(_is_reason(v) for v in value):
        return " / ".join(_fmt(v, lang, game) for v in value)  # alternatives, each a reason
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def texts_of(code: str, game: str | None = None) -> dict[str, str] | None:
    """The texts of ``code`` as shown for ``game`` (its own, else the common ones)."""
    own = BY_GAME.get(game or "", {}).get(code)
    return own if own is not None else MESSAGES.get(code)


def render(
    code: str, params: Mapping[str, Any] | None = None, lang: str = "en", game: str | None = None
) -> str:
    """The sentence for ``code`` in ``lang`` (``en`` when the language is unknown), in
    the words of ``game`` (a game id such as ``guilin``) when given."""
    texts = texts_of(code, game)
    lang = lang if lang in LANGS else "en"
    values = _Params({k: _fmt(v, lang, game) for k, v in (params or {}).items()})
    if texts is None:
        detail = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{code} ({detail})" if detail else code
    values.setdefault(TERM_FIELD, _Words(game, lang))
    text = texts[lang].format_map(values)
    first = texts[lang][1:].partition("}")[0] if texts[lang].startswith("{") else ""
    if lang == "en" and first in SEAT_PARAMS:  # "you must …" at the start: "You must …"
        text = text[:1].upper() + text[1:]
    return text
