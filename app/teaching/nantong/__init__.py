"""Nantong 笃子胡: its teaching, in one folder.

``themes`` (practice positions), ``generators`` (exercises made from deals),
``queries`` (the engine's answers to this game's questions) and ``misconceptions``
(what a wrong answer reveals); ``TEACHING`` names them for the loader
(:mod:`app.learning.teaching`).
"""

from __future__ import annotations

from app.learning.teaching import GameTeaching
from app.teaching.nantong import generators, misconceptions, queries, themes

TEACHING = GameTeaching(
    game="nantong",
    themes=tuple(themes.OWN),
    generators=tuple(generators.OWN),
    queries=queries.OWN,
    misconceptions=misconceptions.CATALOG,
    diagnose=misconceptions.diagnose,
    reasons=misconceptions.REASONS,
)
