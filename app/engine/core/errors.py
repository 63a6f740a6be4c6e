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

``bad-code`` and ``bad-position`` carry, beside the English ``detail`` line (for the
command line's English and the tests), ``why``: the kind of problem as a ``detail-*``
message code of :mod:`app.text.messages.details`, with the parameters its sentence
needs (``seat`` counted from 0, ``count``, ``char``, ``variant``, ``option`` and
``value``, ``line``), so that nothing needs to read the English. A broken invariant
(``check_invariants``) is a :class:`Detail`: the same line and kind in one value.
"""

from __future__ import annotations

from typing import Any


class Detail(str):
    """An English detail line that also names its kind: ``why`` (a ``detail-*`` message
    code) and ``params`` (what that sentence needs, seats counted from 0). It is the
    line wherever a string is wanted."""

    why: str
    params: dict[str, Any]

    def __new__(cls, text: str, why: str, **params: Any) -> Detail:
        self = super().__new__(cls, text)
        self.why = why
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (cached) with its kind
        return (_detail, (str(self), self.why, self.params))

    def fields(self) -> dict[str, Any]:
        """The parameters of a ``bad-code``/``bad-position`` error saying this."""
        return {"detail": str(self), "why": self.why, **self.params}


def _detail(text: str, why: str, params: dict[str, Any]) -> Detail:
    return Detail(text, why, **params)


def detail_of(exc: EngineError) -> Detail:
    """The detail of a ``bad-code``/``bad-position`` error with its kind (``detail-other``
    for an error that names none)."""
    params = dict(exc.params)
    text = str(params.pop("detail", ""))
    why = str(params.pop("why", "detail-other"))
    return Detail(text, why, **params)


class EngineError(ValueError):
    """Input the engine cannot read. ``code`` is a stable slug, ``params`` JSON values."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}: {detail}" if detail else code)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}
