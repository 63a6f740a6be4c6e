"""Actions and itemized counts, shared by every game.

An :class:`Action` is a value: what a seat does (``kind`` is a pinyin slug such as
``chi``, ``peng``, ``pao``, ``hu``, ``discard``, ``pass``), the cards it involves as
canonical tokens, whether the rules force it, and any extra parameters. Legal-move
generation returns actions; applying an illegal one is refused with a
:class:`~app.engine.core.reason.Reason`.

A :class:`CountLine` is one line of a count (a 胡息 line, a 番, a settlement item),
so a learner can see how a total arises; :class:`Count` is the list plus its total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    seat: int
    cards: tuple[str, ...] = ()
    forced: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "cards": list(self.cards)}
        if self.forced:
            d["forced"] = True
        if self.params:
            d["params"] = dict(self.params)
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls(
            str(data["kind"]),
            int(data["seat"]),
            tuple(str(c) for c in data.get("cards", ())),
            bool(data.get("forced", False)),
            dict(data.get("params", {})),
        )

    def same_move(self, other: Action) -> bool:
        """Equal ignoring the ``forced`` flag (which the engine sets, not the player)."""
        return (self.kind, self.seat, self.cards, dict(self.params)) == (
            other.kind,
            other.seat,
            other.cards,
            dict(other.params),
        )


@dataclass(frozen=True, slots=True)
class CountLine:
    """One line of a count: a stable ``code``, its ``points`` (or factor), parameters."""

    code: str
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)
    op: str = "+"  # "+" adds points, "x" multiplies, "=" sets (rounding), "info" shows only

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "points": self.points,
            "op": self.op,
            "params": dict(self.params),
        }


@dataclass(frozen=True, slots=True)
class Count:
    lines: tuple[CountLine, ...]
    total: int

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "lines": [ln.to_json() for ln in self.lines]}

    @classmethod
    def of(cls, lines: Sequence[CountLine], total: int) -> Count:
        return cls(tuple(lines), total)
