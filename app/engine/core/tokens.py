"""Reading card tokens: one table per deck, errors that name the offending token.

A deck declares its cards once as a mapping from every accepted spelling (ASCII
token, Chinese in simplified and traditional characters, regional aliases) to the
card value. :class:`TokenTable` then reads a hand written with spaces or commas
between tokens, and, for Chinese names, also run together (``一二三壹贰叁``), by
longest match. Unknown input raises ``EngineError("unknown-card", token=...)``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Generic, TypeVar

from app.engine.core.errors import EngineError

T = TypeVar("T", bound=Hashable)

_SPLIT = re.compile(r"[\s,，、;；]+")


def _is_ascii(s: str) -> bool:
    return all(ord(c) < 128 for c in s)


class TokenTable(Generic[T]):
    """Every accepted spelling of every card of one deck."""

    def __init__(self, spellings: Mapping[str, T]) -> None:
        self._exact = {k.lower() if _is_ascii(k) else k: v for k, v in spellings.items()}
        self._cjk = {k: v for k, v in spellings.items() if not _is_ascii(k)}
        self._longest = max((len(k) for k in self._cjk), default=0)

    def card(self, token: str) -> T:
        key = token.strip()
        key = key.lower() if _is_ascii(key) else key
        try:
            return self._exact[key]
        except KeyError:
            raise EngineError("unknown-card", token=token.strip()) from None

    def _split_run(self, chunk: str) -> list[T]:
        out: list[T] = []
        i = 0
        while i < len(chunk):
            for n in range(min(self._longest, len(chunk) - i), 0, -1):
                piece = chunk[i : i + n]
                if piece in self._cjk:
                    out.append(self._cjk[piece])
                    i += n
                    break
            else:
                raise EngineError("unknown-card", token=chunk[i:] if i else chunk)
        return out

    def parse(self, text: str) -> tuple[T, ...]:
        """All cards of ``text``, in order."""
        out: list[T] = []
        for chunk in _SPLIT.split(text.strip()):
            if not chunk:
                continue
            key = chunk.lower() if _is_ascii(chunk) else chunk
            if key in self._exact:
                out.append(self._exact[key])
            elif not _is_ascii(chunk):
                out.extend(self._split_run(chunk))
            else:
                raise EngineError("unknown-card", token=chunk)
        return tuple(out)


def check_copies(
    cards: Iterable[T], limit: Callable[[T], int], name: Callable[[T], str] = str
) -> None:
    """Raise ``too-many-copies`` for the first card used more often than the deck holds."""
    for card, n in Counter(cards).items():
        cap = limit(card)
        if n > cap:
            raise EngineError("too-many-copies", card=name(card), count=n, limit=cap)
