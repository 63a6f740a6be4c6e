"""What the two 川牌 games share beyond the cards: matching a player's action to a legal
one, rule options whose values hold hyphens, and the shared reason codes."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from app.engine.core.actions import Action
from app.engine.core.rules import RuleSet

SHARED_REASON_CODES: tuple[str, ...] = (
    "cp-not-your-turn",
    "cp-illegal-action",
    "cp-deal-over",
    "cp-no-such-card",
    "cp-no-such-seat",
    "cp-no-such-action",
)
"""Refusals both games give (the games add their own)."""


def match_legal(action: Action, legal: Sequence[Action]) -> Action | None:
    """The legal action ``action`` stands for, or None.

    Cards are compared as a multiset (any order), ``forced`` and the engine's
    informative params are ignored; only the ``guo`` flag (which card of the same
    face is meant) must agree.
    """
    kind, seat, cards = action.kind, action.seat, action.cards
    guo = bool(action.params.get("guo", False))
    for a in legal:  # the cards as the engine writes them: the usual case
        if a.cards == cards and a.kind == kind and a.seat == seat and _guo(a) == guo:
            return a
    ordered = sorted(cards)
    for a in legal:
        if a.kind == kind and a.seat == seat and _guo(a) == guo and sorted(a.cards) == ordered:
            return a
    return None


def _guo(a: Action) -> bool:
    return bool(a.params.get("guo", False))


T = TypeVar("T")
_SPECS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


def evolve(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace`` for the games' state values, about twice as fast (a deal
    makes hundreds of new states): every field must be an ``__init__`` field."""
    cls = type(obj)
    spec = _SPECS.get(cls)
    if spec is None:
        spec = _SPECS[cls] = _spec(cls)
    values = list(spec[0](obj))
    positions = spec[1]
    for name, value in changes.items():
        values[positions[name]] = value
    return cls(*values)


def _spec(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]:
    fields = dataclasses.fields(cls)
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__} has fields outside __init__")
    names = [f.name for f in fields]
    return operator.attrgetter(*names), {n: i for i, n in enumerate(names)}


class ChoiceRules(RuleSet):
    """A rule set whose choice values may hold hyphens (``end-deal``, ``play-out``).

    The position code allows no hyphen inside an option value, so the code writes
    ``end_deal``; reading takes either spelling.
    """

    @classmethod
    def parse_value(cls, f: dataclasses.Field[Any], raw: object) -> Any:
        value = super().parse_value(f, raw)
        choices = f.metadata.get("choices", ())
        if isinstance(value, str) and value not in choices:
            dashed = value.replace("_", "-")
            if dashed in choices:
                return dashed
        return value

    def to_options(self, base: RuleSet | None = None) -> dict[str, str]:
        return dict(_options(self, base))

    def _dashed_options(self, base: RuleSet | None) -> dict[str, str]:
        return {k: v.replace("-", "_") for k, v in super().to_options(base).items()}


@lru_cache(maxsize=256)
def _options(rules: ChoiceRules, base: RuleSet | None) -> tuple[tuple[str, str], ...]:
    """:meth:`ChoiceRules.to_options` of a rule set (values: worked out once; each
    caller gets its own dict)."""
    return tuple(rules._dashed_options(base).items())
