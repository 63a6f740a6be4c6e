"""Reading and writing the body of a 川牌 position code (both games).

Every card token of the deck is two characters (``11`` … ``66``, ``cs``, ``ty``), so a
run of cards is read two characters at a time. A body section holds items separated
by ``.``; a header's first item is the phase, each other item one lowercase letter
and its value (``d0``, ``c24``, ``f``). A count hidden from a seat view is ``h`` and the
number (``h15``). See docs/engine.md (川牌) for the grammar of each game.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

from app.engine.chuanpai.cards import INDEX, KINDS, N_KINDS
from app.engine.core.codec import EMPTY, Frame, about, bad, read_int, split_code, write_cards
from app.engine.core.errors import EngineError
from app.engine.core.rules import RuleSet

R = TypeVar("R", bound=RuleSet)

__all__ = [
    "read_cards",
    "read_counts",
    "read_header",
    "read_hidden",
    "read_seat_no",
    "write_cards",
    "write_counts",
]


_PAIR = re.compile("..")
ALL_CARDS = frozenset(INDEX)


@lru_cache(maxsize=16384)
def read_cards(text: str, where: str, kinds: frozenset[str] = ALL_CARDS) -> tuple[str, ...]:
    """A run of cards (``-`` for none); ``bad-code`` naming the first unknown card."""
    if text == EMPTY:
        return ()
    cards = _PAIR.findall(text)
    if len(text) % 2:
        raise bad(f"{where}: {text!r} is not a run of two-character cards", why="detail-cards")
    if not kinds.issuperset(cards):
        raise bad(
            f"{where}: no card {next(c for c in cards if c not in kinds)!r}", why="detail-cards"
        )
    return tuple(cards)


def write_counts(counts: Sequence[int]) -> str:
    """A hand of counts per kind as its cards in kind order (``-`` for none)."""
    return _write_counts(tuple(counts))


@lru_cache(maxsize=16384)
def _write_counts(counts: tuple[int, ...]) -> str:
    return "".join(KINDS[k] * n for k, n in enumerate(counts) if n) or EMPTY


@lru_cache(maxsize=16384)
def read_counts(text: str, where: str, size: int = N_KINDS) -> tuple[int, ...]:
    """A run of cards as counts per kind (of the first ``size`` kinds)."""
    counts = [0] * size
    if text == EMPTY:
        return tuple(counts)
    try:
        for card in _PAIR.findall(text):
            counts[INDEX[card]] += 1
    except (KeyError, IndexError):
        read_cards(text, where, frozenset(KINDS[:size]))
        raise bad(
            f"{where}: {text!r} is not a run of this game's cards", why="detail-cards"
        ) from None
    if len(text) % 2:
        raise bad(f"{where}: {text!r} is not a run of two-character cards", why="detail-cards")
    return tuple(counts)


def read_hidden(text: str, where: str) -> int | None:
    """The number of a hidden run (``h15``), or None when ``text`` is not one."""
    if not text.startswith("h"):
        return None
    return read_int(text[1:], where, 0, 120)


_SEAT_NUMBERS = {str(i): i for i in range(10)}


def read_seat_no(text: str, where: str, seats: int) -> int:
    """A seat number below ``seats``."""
    n = _SEAT_NUMBERS.get(text)
    if n is None or n >= seats:
        raise bad(f"{where}: {text!r} is not a seat from 0 to {seats - 1}", **about(where))
    return n


def read_header(section: str, phases: Collection[str], tags: str) -> tuple[str, dict[str, str]]:
    """The phase and the tagged items of a header (each tag at most once)."""
    phase, *items = section.split(".")
    if phase not in phases:
        raise bad(f"header: {phase!r} is not a phase ({', '.join(phases)})", why="detail-moment")
    out: dict[str, str] = {}
    for item in items:
        tag, value = item[:1], item[1:]
        if not tag or tag not in tags or tag in out:
            raise bad(
                f"header: {item!r} is not an item (one of {', '.join(tags)}, once)",
                why="detail-moment",
            )
        out[tag] = value
    return phase, out


def join_items(first: str, items: Iterable[str]) -> str:
    return ".".join((first, *items))


def read_frame(code: str, variant: str, view: bool) -> Frame:
    """The frame of a version 1 code of ``variant``: a seat view when ``view``, else a
    whole position."""
    frame = split_code(code)
    if frame.version != 1 or frame.variant != variant:
        raise bad(f"not a version 1 code of {variant}", why="detail-version")
    if (frame.viewer is not None) != view:
        raise bad(
            "not a seat view" if view else "a seat view is not a whole position",
            why="detail-seat-view",
        )
    return frame


def read_rules(frame: Frame, default: R) -> R:
    """The rule set of a code (``bad-code`` naming an unknown option or value)."""
    try:
        rules: R = _with_options(default, tuple(frame.options.items()))
    except EngineError as exc:
        option, value = exc.params.get("option"), exc.params.get("value")
        raise bad(
            f"option {option}={value}", why="detail-option", option=option, value=str(value)
        ) from None
    return rules


@lru_cache(maxsize=256)
def _with_options(default: R, options: tuple[tuple[str, str], ...]) -> R:
    """``default.with_options`` of a code's options (rule sets are values: made once)."""
    return default.with_options(dict(options))
