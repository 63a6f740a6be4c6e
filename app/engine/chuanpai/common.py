"""What the two 川牌 games share beyond the cards: the refusal exception and JSON helpers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.reason import Reason

SHARED_REASON_CODES: tuple[str, ...] = (
    "cp-not-your-turn",
    "cp-illegal-action",
    "cp-deal-over",
    "cp-no-such-card",
)


class IllegalAction(Exception):
    """An action refused by ``apply``; ``reason`` says why (a :class:`Reason`)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.code)
        self.reason = reason


def count_from_json(data: Mapping[str, Any] | None) -> Count | None:
    """The inverse of :meth:`Count.to_json` (None stays None)."""
    if not data:
        return None
    lines = [
        CountLine(ln["code"], ln["points"], dict(ln.get("params", {})), ln.get("op", "+"))
        for ln in data["lines"]
    ]
    return Count.of(lines, int(data["total"]))


def match_legal(action: Action, legal: list[Action]) -> Action | None:
    """The legal action ``action`` stands for, or None.

    Cards are compared as a multiset (any order), ``forced`` and the engine's
    informative params are ignored; only the ``guo`` flag (which card of the same
    face is meant) must agree.
    """
    cards = sorted(action.cards)
    guo = bool(action.params.get("guo", False))
    for a in legal:
        if (
            a.kind == action.kind
            and a.seat == action.seat
            and len(a.cards) == len(cards)
            and sorted(a.cards) == cards
            and bool(a.params.get("guo", False)) == guo
        ):
            return a
    return None
