"""The numbers of the rules pages, worked out by the engine when a page is drawn.

A rules page's YAML holds words; every number in its tables comes from here:

- :func:`meld_worth`: what a group is worth (huxi, hu), by the game's own scoring;
- :func:`count_line`: the points of one count line of a lesson step's worked example
  (the same example the lesson shows, counted by ``Game.analyze``);
- :func:`generated`: whole tables the engine makes (tun by huxi, mingtang, duo by hu, the trick
  game's levels, the Nantong hu table), at the game's default rules; each game's teaching
  folder makes its own (``app/teaching/<game>/tables.py``).

A generated table is a list of rows; a cell is a number, a :class:`Span` of numbers
(15–17, "23 or more") or a :class:`Key` the page's YAML gives words for (``labels``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from app.engine.core.actions import CountLine
from app.engine.core.registry import find_game
from app.engine.core.results import Analysis

V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Span:
    low: int
    high: int | None  # None: "low or more"


@dataclass(frozen=True, slots=True)
class Key:
    """A row's name, worded by the page (its YAML ``labels``)."""

    key: str


@dataclass(frozen=True, slots=True)
class Times:
    """A multiplier, ×n."""

    n: int


@dataclass(frozen=True, slots=True)
class Plus:
    """An addition, +n."""

    n: int


GenCell = int | Span | Key | Times | Plus


#: a generated table: its rows, made at the game's default rules
TableMaker = Callable[[], list[list[GenCell]]]


def meld_worth(game: str, text: str) -> int:
    """What the group ``"kind: cards"`` is worth at the game's default rules, as the
    game's teaching counts it (``GameTeaching.meld_worth``)."""
    from app.learning import teaching

    t = teaching.of(game)
    if t is None or t.meld_worth is None:
        raise ValueError(f"{game}: no group worth outside the word-card and dice-card games")
    return t.meld_worth(text, game)


@cache
def _analysis(ref: str) -> Analysis:
    """``Game.analyze`` of the holding a lesson step shows (its worked example, or the
    hand of its exercise)."""
    from app.learning.lessons import get, step_of

    step = step_of(ref)
    lesson = get(ref.partition("#")[0])
    if step is None or lesson is None:
        raise ValueError(f"{ref}: no such lesson step")
    game = find_game(lesson.game)
    if step.example is not None:
        ex = step.example
        rules = game.rules(ex.rules)
        melds = tuple(tuple(m.replace("：", ":").split(":", 1)) for m in ex.melds)
        holding = game.holding(ex.hand, melds, ex.context, rules)  # type: ignore[arg-type]  # melds are "kind:cards"
    elif step.exercise is not None and step.exercise.setup.hand:
        su = step.exercise.setup
        rules = game.rules(step.exercise.rules)
        holding = game.holding(su.hand, su.melds, su.context, rules)
    else:
        raise ValueError(f"{ref}: no holding to count there")
    return game.analyze(holding, rules)


def count_line(ref: str, code: str) -> CountLine:
    """The count line ``code`` of the worked example at ``ref``."""
    a = _analysis(ref)
    lines = [ln for ln in (a.count.lines if a.count else ()) if ln.code == code]
    if a.settlement is not None:
        lines += [ln for ln in a.settlement.lines if ln.code == code]
    if not lines:
        raise ValueError(f"{ref}: its count has no line {code}")
    return lines[0]


def spans(values: Iterable[tuple[int, V]], last: int) -> list[tuple[Span, V]]:
    """Runs of equal values as spans; the run reaching ``last`` is open ("or more")."""
    out: list[tuple[Span, V]] = []
    for x, v in values:
        if out and out[-1][1] == v:
            out[-1] = (Span(out[-1][0].low, x), v)
        else:
            out.append((Span(x, x), v))
    span, v = out[-1]
    out[-1] = (Span(span.low, None if span.high == last else span.high), v)
    return out


def tables() -> dict[str, TableMaker]:
    """Every game's generated tables by name (each game's teaching names its own)."""
    from app.learning import teaching

    return {name: make for t in teaching.every() for name, make in t.tables.items()}


@cache
def generated(name: str) -> tuple[tuple[GenCell, ...], ...]:
    return tuple(tuple(r) for r in tables()[name]())
