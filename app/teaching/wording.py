"""The sentences a game's teaching builds at run time, from the catalogs' messages.

A theme's prompt is made of a few messages (``NP_("chuanpai", "You discard {card}.")``),
some filled with words of the position (a seat, a group, a count) and joined as the
page's language writes them: with no space between Chinese sentences, one space between
English ones. :func:`said` fills a message in every language the app offers and returns
the :class:`~app.text.localized.Text` an exercise holds; :func:`joined` and
:func:`listed` put several together. A placeholder not filled here (``{card}``) stays for
the page, which draws it with the exercise's ``prompt_params``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

from app.text import languages
from app.text.catalog import NP_, Msg
from app.text.localized import Text


class Localized(Protocol):
    def get(self, lang: str) -> str: ...


#: a value put into a sentence: a text per language, or the same in every language
Value = Localized | str | int

#: how a list of items is written (an enumeration comma in Chinese)
LIST_SEP = NP_("list separator", ", ")
#: how a list of clauses is written (a full comma in Chinese)
CLAUSE_SEP = NP_("clause separator", ", ")


def _in(value: Value, code: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return value.get(code)


_FIELD = re.compile(r"\{(\w+)\}")


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with its ``{placeholders}`` named in ``values`` filled; any other (``{card}``,
    filled when the page is drawn) is left as it is, and what is filled in is not read
    again."""
    if not values:
        return text
    return _FIELD.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def fill_in(text: str, lang: str, **values: Value) -> str:
    """:func:`fill` in one language (a value given per language in ``lang``)."""
    return fill(text, {k: _in(v, lang) for k, v in values.items()})


def said(msg: Localized, **values: Value) -> Text:
    """``msg`` in every language, its named placeholders filled with ``values`` (a value
    that is itself a text per language in the same language)."""
    return Text(
        **{
            code: fill(msg.get(code), {k: _in(v, code) for k, v in values.items()})
            for code in languages.codes()
        }
    )


def joined(parts: Iterable[Localized | None]) -> Text:
    """Sentences one after the other: no space between Chinese ones, one between others."""
    items = [p for p in parts if p is not None]
    return Text(
        **{
            code: ("" if languages.chinese(code) else " ").join(
                t for t in (p.get(code) for p in items) if t
            )
            for code in languages.codes()
        }
    )


def listed(items: Iterable[Value], sep: Msg = LIST_SEP) -> Text:
    """Items one after the other, separated as the language writes a list."""
    values = list(items)
    return Text(
        **{code: sep.get(code).join(_in(v, code) for v in values) for code in languages.codes()}
    )


def per_language(make: Callable[[str], str]) -> Text:
    """A text made by ``make(code)`` for each language."""
    return Text(**{code: make(code) for code in languages.codes()})


def list_in(lang: str, items: Iterable[str]) -> str:
    """Items of a list in a sentence in ``lang`` (、 in Chinese script, ``, `` otherwise)."""
    return LIST_SEP.get(lang).join(items)


def sentences_in(lang: str, *parts: str) -> str:
    """Sentences one after the other in ``lang`` (the empty ones left out): no space
    between them in Chinese script, one space otherwise."""
    return ("" if languages.chinese(lang) else " ").join(p for p in parts if p)
