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

    def text(self) -> str:
        """The action in notation, without the seat: ``chi x2 x3``, ``pass``,
        ``chi x2 x3 bi=x1.x2.x3`` (a parameter: ``name=value``, lists joined by ``.``,
        nested lists by ``/``). :meth:`parse` reads it back."""
        parts = [self.kind, *self.cards]
        for name in sorted(self.params):
            parts.append(f"{name}={_param_text(self.params[name])}")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str, seat: int) -> Action:
        """An action of ``seat`` from its notation (:meth:`text`); ``ValueError`` if empty."""
        words = text.split()
        if not words:
            raise ValueError("an action needs a kind")
        cards: list[str] = []
        params: dict[str, Any] = {}
        for w in words[1:]:
            if "=" in w:
                name, _, value = w.partition("=")
                params[name] = _param_value(value)
            else:
                cards.append(w)
        return cls(words[0], seat, tuple(cards), False, params)

    def matches(self, wanted: Action) -> bool:
        """``wanted`` names this action: same kind and seat, the same cards in any order,
        and every parameter ``wanted`` gives equal (cards inside compared in any order)."""
        if self.kind != wanted.kind or self.seat != wanted.seat:
            return False
        if sorted(self.cards) != sorted(wanted.cards):
            return False
        return all(_canon(self.params.get(k)) == _canon(v) for k, v in wanted.params.items())

    def same_move(self, other: Action) -> bool:
        """Equal ignoring the ``forced`` flag (which the engine sets, not the player)."""
        if self is other:
            return True
        return (
            self.kind == other.kind
            and self.seat == other.seat
            and self.cards == other.cards
            and dict(self.params) == dict(other.params)
        )


def _param_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, list | tuple) for v in value):
            groups = "/".join(".".join(str(x) for x in v) for v in value)
            return groups + "/" if len(value) == 1 else groups
        return ".".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _param_value(text: str) -> Any:
    if "/" in text:
        parts = text.split("/")
        if parts[-1] == "":
            parts.pop()
        return [part.split(".") if part else [] for part in parts]
    if "." in text:
        return text.split(".")
    if text.lstrip("-").isdigit():
        return int(text)
    if text in ("yes", "no"):  # what text() writes for a boolean
        return text == "yes"
    return text


def _canon(value: Any) -> Any:
    """A parameter value compared in any order of its cards."""
    if isinstance(value, list | tuple):
        items = [_canon(v) for v in value]
        try:
            return tuple(sorted(items))
        except TypeError:
            return tuple(items)
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


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
