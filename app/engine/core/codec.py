"""The one-line position code: the frame every game shares, and helpers for its body.

A code is the FEN of our games: one line of readable, URL-safe text (only
``A-Z a-z 0-9 . _ ~ -``) that holds a whole moment of a deal. Grammar, version 1::

    code     = head "~" variant "~" options "~" body
    head     = "v1"                 a full position
             | "v1s" seat           what seat ``seat`` may see (a seat view)
    variant  = a game id            hunan, guilin, chuanpai, chuanpai-tricks, nantong
    options  = "-"                  the game's default rules
             | pair *("." pair)     the options that differ from the defaults
    pair     = name "-" value       min_huxi-10, tun-yixi, yiwushi-yes
    body     = section *("~" section)   the game's own sections (docs/engine.md)

Inside a body, a list of cards is the canonical tokens run together without spaces
(``x1x1x10d3``, ``1166cs``, ``1t1tqzhh``): every deck's tokens are self-delimiting
by longest match. An empty list is ``-``. Hands are written sorted; the stock and the
discards in their order. A seat view writes ``h`` + the number of cards for each hand
and stock it may not see (``h20``).

Old versions keep decoding: a game's ``decode`` dispatches on the version of the
head, so codes stored in content, saved positions, attempts and links stay readable
as the grammar grows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.engine.core.errors import EngineError

VERSION = 1
SEP = "~"
EMPTY = "-"
MAX_LENGTH = 2000  # refuse longer input before reading it (every real code is < 600)
_SAFE = re.compile(r"[A-Za-z0-9._~-]*")
_HEAD = re.compile(r"v(\d{1,3})(?:s(\d))?")
_VALUE = re.compile(r"[a-z0-9_]+")


@dataclass(frozen=True, slots=True)
class Frame:
    """A code split into its parts (not yet read by the game)."""

    version: int
    variant: str
    options: Mapping[str, str]
    body: tuple[str, ...]
    viewer: int | None = None

    def section(self, i: int) -> str:
        if i >= len(self.body):
            raise bad(f"section {i + 1} of the body is missing", why="detail-sections")
        return self.body[i]


def bad(detail: str, why: str, **params: Any) -> EngineError:
    """``bad-code`` with the English ``detail`` and its kind: ``why``, a ``detail-*``
    message code, and the parameters its sentence needs (see :mod:`.errors`)."""
    return EngineError("bad-code", detail=detail, why=why, **params)


#: the parts of a code that say what the moment is (the phase, the turn, the card on
#: offer, the stock...): a problem there is ``detail-moment``
MOMENT_PARTS = frozenset(
    [
        "header",
        "dealer",
        "table",
        "offer",
        "result",
        "queue",
        "covered",
        "stock",
        "marks",
        "discard",
        "discards",
        "trick",
        "phase",
        "turn",
        "foul",
        "claims",
    ]
)


def about(where: str) -> dict[str, Any]:
    """``why`` and its parameters for a problem in the part of a code the engine calls
    ``where`` (its own labels: ``seat 2``, ``seat 2 hand``, ``header d``, ``stock``...)."""
    words = where.replace(":", " ").split()
    if len(words) > 1 and words[0] == "seat" and words[1].isdigit():
        return {"why": "detail-seat", "seat": int(words[1])}
    if words and words[0] in MOMENT_PARTS:
        return {"why": "detail-moment"}
    return {"why": "detail-other"}


#: the kind of problem another engine error is, when a code holds it
_WRAPPED = {
    "unknown-card": "detail-cards",
    "too-many-copies": "detail-deck",
    "bad-meld": "detail-meld",
    "unknown-meld-kind": "detail-meld",
    "bad-option": "detail-option",
}


def wrapped(exc: EngineError) -> dict[str, Any]:
    """``why`` and its parameters for another engine error met reading a code."""
    why = _WRAPPED.get(exc.code, "detail-other")
    if why == "detail-option":
        return {
            "why": why,
            "option": exc.params.get("option"),
            "value": str(exc.params.get("value")),
        }
    return {"why": why}


def split_code(code: str) -> Frame:
    """Read the frame of ``code``; ``bad-code`` with the reason when it is not one."""
    if not isinstance(code, str):
        raise bad("a code is text", why="detail-not-code")
    version, variant, options, body, viewer = _split(code.strip())
    return Frame(version, variant, dict(options), body, viewer)


@lru_cache(maxsize=8192)
def _split(
    code: str,
) -> tuple[int, str, tuple[tuple[str, str], ...], tuple[str, ...], int | None]:
    """The parts of a (stripped) code, read once per text: a position's code is read
    again and again as the learner's page asks of it (a refused code raises, and is not
    kept)."""
    if len(code) > MAX_LENGTH:
        raise bad(f"too long ({len(code)} characters)", why="detail-too-long", count=str(len(code)))
    if not _SAFE.fullmatch(code):
        ch = next(c for c in code if not _SAFE.fullmatch(c))
        raise bad(f"the character {ch!r} is not allowed", why="detail-bad-char", char=ch)
    parts = code.split(SEP)
    if len(parts) < 4:
        raise bad(
            "a code has a head, a variant, options and a body, separated by ~",
            why="detail-not-code",
        )
    head = _HEAD.fullmatch(parts[0])
    if head is None:
        raise bad(f"the head {parts[0]!r} is not v1 or v1s<seat>", why="detail-version")
    version = int(head.group(1))
    viewer = int(head.group(2)) if head.group(2) is not None else None
    options = tuple(read_options(parts[2]).items())
    return version, parts[1], options, tuple(parts[3:]), viewer


def read_options(text: str) -> dict[str, str]:
    if text == EMPTY:
        return {}
    out: dict[str, str] = {}
    for pair in text.split("."):
        name, sep, value = pair.partition("-")
        if not sep or not name or not _VALUE.fullmatch(value):
            raise bad(f"the option {pair!r} is not name-value", why="detail-options")
        out[name] = value
    return out


def write_options(options: Mapping[str, str]) -> str:
    if not options:
        return EMPTY
    pairs = []
    for name, value in options.items():
        text = str(value).lower()
        if not _VALUE.fullmatch(text):
            raise EngineError("bad-option", option=name, value=str(value))
        pairs.append(f"{name}-{text}")
    return ".".join(pairs)


def join_code(
    variant: str,
    options: Mapping[str, str],
    body: Sequence[str],
    viewer: int | None = None,
) -> str:
    """Put a code together from its parts (the inverse of :func:`split_code`)."""
    head = f"v{VERSION}" if viewer is None else f"v{VERSION}s{viewer}"
    return SEP.join((head, variant, write_options(options), *body))


class CardScanner:
    """Reads a run of card tokens written together (``x1x10d3``) by longest match."""

    def __init__(self, tokens: Iterable[str]) -> None:
        alts = sorted(set(tokens), key=lambda t: (-len(t), t))
        self._one = re.compile("|".join(re.escape(t) for t in alts))

    def read(self, text: str, where: str = "cards") -> tuple[str, ...]:
        if text == EMPTY:
            return ()
        out: list[str] = []
        pos = 0
        match = self._one.match
        while pos < len(text):
            m = match(text, pos)
            if m is None:
                raise bad(f"{where}: no card at {text[pos : pos + 4]!r}", why="detail-cards")
            out.append(m.group())
            pos = m.end()
        return tuple(out)


def write_cards(tokens: Iterable[str]) -> str:
    """Tokens run together; ``-`` for none."""
    text = "".join(tokens)
    return text or EMPTY


def read_int(text: str, where: str, low: int = 0, high: int = 10**6) -> int:
    if not text.isdigit() or len(text) > 7 or not low <= int(text) <= high:
        raise bad(f"{where}: {text!r} is not a number from {low} to {high}", **about(where))
    return int(text)
