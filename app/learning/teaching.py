"""Each game's teaching, found by name: the one loader of ``app/teaching/<game>/``.

A game's teaching lives in its own folder (``app/teaching/hunan/`` for ``hunan``; a
dash in a game id is an underscore in the folder's name): its practice themes, its
exercise generators, its engine queries and its misconceptions. The folder's package
exports one value, ``TEACHING``, a :class:`GameTeaching` that names those parts; this
module imports it by name for every game the engine knows and hands the parts to the
shared registries (practice themes, generators, queries, misconception catalogs).
Nothing else imports a game's teaching, so a new game's teaching is a new folder.

The loader imports upward by name (learning < each game's teaching): the layer test
declares it (``tests/test_layers.py``, ``LOADERS``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from app.engine.core.registry import all_variants

if TYPE_CHECKING:
    from app.learning.generators import Generator
    from app.learning.misconceptions import Diagnosis, Misconception
    from app.learning.practice import Theme
    from app.learning.queries import QueryFn

#: the package that holds one folder per game
PACKAGE = "app.teaching"


@dataclass(frozen=True, slots=True)
class GameTeaching:
    """The parts of one game's teaching."""

    game: str
    #: practice themes of the game's own (one of a shared theme's id replaces it)
    themes: Sequence[Theme] = ()
    #: shared practice themes the game does without
    drop_themes: frozenset[str] = frozenset()
    #: exercise generators of the game's own
    generators: Sequence[Generator] = ()
    #: shared generators the game does without
    drop_generators: frozenset[str] = frozenset()
    #: engine queries of the game's own, by name (``hunan:count``)
    queries: Mapping[str, QueryFn] = field(default_factory=dict)
    #: the misconception catalog, its diagnosis and engine reason → misconception code
    misconceptions: Sequence[Misconception] = ()
    diagnose: Diagnosis | None = None
    reasons: Mapping[str, str] = field(default_factory=dict)


def folder(game: str) -> str:
    """The dotted name of ``game``'s teaching package."""
    return f"{PACKAGE}.{game.replace('-', '_')}"


@cache
def of(game: str) -> GameTeaching | None:
    """``game``'s teaching, or ``None`` for a game that has no folder of its own."""
    try:
        module = importlib.import_module(folder(game))
    except ModuleNotFoundError as exc:
        if exc.name != folder(game):
            raise
        return None
    teaching: GameTeaching = module.TEACHING
    if teaching.game != game:
        raise ValueError(f"{folder(game)}.TEACHING describes {teaching.game!r}, not {game!r}")
    return teaching


def every() -> list[GameTeaching]:
    """The teaching of every game the engine knows that has one, in the engine's order."""
    return [t for t in (of(v.id) for v in all_variants()) if t is not None]
