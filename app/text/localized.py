"""One text in the languages it is written in: :class:`Text`.

Content prose (lessons, exercises, the glossary, the term table), card names and every
other text that is data, not an interface string, is a :class:`Text`: a value keyed by
language code. :meth:`Text.get` walks the language's chain (zh-Hant → zh → en); a language
derived from another (zh-Hant from zh) that has no text of its own is the source's text
converted, read from the generated ``derived`` catalog (:func:`derive`), so a Traditional
page never shows Simplified prose when the generated files are current (a test checks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from app.text import catalog, languages

_HAN_RUN = re.compile(r"[\u3400-\u9fff]+")


@cache
def _plan(lang: str) -> tuple[tuple[str, str | None], ...]:
    """Where a text in ``lang`` is looked for: each language of its chain, with the
    language it is derived from (if it is)."""
    return tuple((code, languages.get(code).derive_from) for code in languages.chain(lang))


@cache
def _derived(code: str) -> Callable[[str], str]:
    return catalog.translations(languages.get(code).code, "derived").gettext


def _run(code: str, run: str) -> str:
    gettext = _derived(code)
    found = gettext(run)
    if found != run or len(run) == 1:
        return found
    if all(catalog.has(code, ch, domain="derived") for ch in run):
        return "".join(gettext(ch) for ch in run)
    return run


def derive(code: str, text: str) -> str:
    """``text``, written in ``code``'s source language, in ``code`` (zh → zh-Hant): the
    generated conversion; the text itself when the generated catalog lacks it."""
    if not text:
        return text
    found = _derived(code)(text)
    if found is text or found == text:
        core = text.strip()
        if core != text:  # generated stripped too: keep the text's own spacing
            start = text.index(core[0]) if core else 0
            return text[:start] + derive(code, core) + text[start + len(core) :]
        # texts joined by the app (two regional names "a / b", a hand written in card faces):
        # each run of characters on its own, else each character of it when every one is
        # a text of its own (a card's face)
        return _HAN_RUN.sub(lambda m: _run(code, m.group()), text)
    return found


def in_chinese(text: str, lang: object) -> str:
    """Chinese characters written in Simplified (a term's characters, a card's name) as a
    page in ``lang`` shows Chinese: converted on a Traditional page, as they are on a
    Simplified or an English one."""
    code = languages.chinese_form(lang)
    if languages.get(code).derive_from is None:
        return text
    return derive(code, text)


class Text:
    """Prose per language (written, not translated): ``Text(chinese, english)`` names the
    written languages in order (``zh``, ``en``); :meth:`of` takes a mapping
    (``{"zh": ..., "en": ..., "zh-Hant": ...}``, the content files' shape)."""

    __slots__ = ("_map", "_values")
    _values: tuple[tuple[str, str], ...]
    _map: dict[str, str]

    def __init__(self, *texts: str, **by_code: str) -> None:
        values = dict(zip(languages.written(), texts, strict=False))
        for code, text in by_code.items():
            values[code.replace("_", "-")] = text
        object.__setattr__(self, "_values", tuple(sorted(values.items())))
        object.__setattr__(self, "_map", values)

    # ------------------------------------------------------------------ reading
    def get(self, lang: object) -> str:
        """The text in ``lang``, else along its chain; derived where its language is."""
        values = self._map
        key = lang if isinstance(lang, str) else str(lang)
        text = values.get(key)
        if text is not None:
            return text
        for code, source in _plan(key):
            text = values.get(code)
            if text is not None:
                return text
            if source is not None:
                text = values.get(source)
                if text is not None:
                    return derive(code, text)
        return next(iter(values.values()), "")

    def own(self, code: str) -> str | None:
        """The text written in ``code`` itself, without fallback or derivation."""
        return self._map.get(code)

    @property
    def zh(self) -> str:
        return self.own("zh") or ""

    @property
    def en(self) -> str:
        return self.own("en") or ""

    def items(self) -> Iterator[tuple[str, str]]:
        return iter(self._values)

    def map(self, fn: Any) -> Text:
        """Each language's text through ``fn(text, code)``."""
        return Text(**{code: fn(text, code) for code, text in self._values})

    # --------------------------------------------------------------- building
    @classmethod
    def of(cls, data: Any) -> Text | None:
        """A text from a mapping of codes (``zh``, ``en``, ``zh-Hant``), a Text, or None."""
        if data is None:
            return None
        if isinstance(data, Text):
            return data
        if isinstance(data, Mapping):
            return cls(**{str(k): str(v) for k, v in data.items() if v is not None})
        raise TypeError(f"not a text: {data!r}")

    # ---------------------------------------------------------------- a value
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Text is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self._values == other._values

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return f"Text({dict(self._values)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._values,))


def _rebuild(values: tuple[tuple[str, str], ...]) -> Text:
    return Text(**dict(values))
