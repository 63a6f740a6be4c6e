"""Input that cannot be read.

Every unreadable input raises :class:`EngineError` with a stable ``code`` slug and
the parameters needed to say what was wrong and where (the offending token). The
engine never formats prose: the CLI and the web app turn ``code`` + ``params`` into
a sentence in the reader's language (see :mod:`app.text.messages`).

Stable codes used by every game (a game may add its own, documented in
``docs/engine.md``):

- ``unknown-card`` (token): a token that names no card of the deck.
- ``too-many-copies`` (card, count, limit): more copies than the deck holds.
- ``bad-hand-size`` (count, expected): wrong number of cards.
- ``unknown-variant`` (variant): no such game.
- ``unknown-meld-kind`` (kind): a meld kind the variant does not know.
- ``bad-meld`` (kind, cards): the cards do not form a meld of that kind.
- ``bad-option`` (option, value): a malformed or unknown option.
- ``bad-position`` (detail): a position document that cannot be read.
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Input the engine cannot read. ``code`` is a stable slug, ``params`` JSON values."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}
