"""Sichuan chuanpai, the trick game: its teaching, in one folder.

``themes`` (practice positions), ``generators`` (exercises made from deals),
``queries`` (the engine's answers to this game's questions), ``misconceptions``
(what a wrong answer reveals) and ``tables`` (its rules page's numbers); ``TEACHING`` names them for the loader
(:mod:`app.learning.teaching`).
"""

from __future__ import annotations

from app.learning.teaching import GameTeaching
from app.teaching.chuanpai_tricks import generators, misconceptions, queries, tables, themes

TEACHING = GameTeaching(
    game="chuanpai-tricks",
    themes=tuple(themes.OWN),
    drop_themes=themes.DROP,
    generators=tuple(generators.OWN),
    drop_generators=generators.DROP,
    queries=queries.OWN,
    misconceptions=misconceptions.CATALOG,
    diagnose=misconceptions.diagnose,
    reasons=misconceptions.REASONS,
    tables=tables.TABLES,
)
