"""What the two 川牌 games share beyond the cards: the refusal exception and JSON helpers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.core.actions import Count, CountLine
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
