"""Exercise generators of nantong (besides the five every game has; see
app/learning/generators.py).

Each generator here makes its question from a practice theme (app/learning/
themes_nantong.py): the theme's direct builder deals (and, where deals rarely get
there, steers the cards), the theme asks, and the exercise is the theme's question with
the generator's id, so the same seed always makes the same position.

The generic ``forced`` generator never finds anything here (the engine forces nothing
but the discard of a drawn card after baoting, which it lists as the only legal action), and
the generic ``cards-left`` question would hide the turned generals (a seen card the
table does not show); both ids now make their question from Nantong's own themes.
"""

from __future__ import annotations

import dataclasses
import random

from app.learning import practice, practice_themes
from app.learning.exercise import Exercise
from app.learning.generators import Generator
from app.teaching.nantong import themes as T
from app.teaching.wording import said

GAME = "nantong"
#: the game's own generators
OWN: list[Generator] = []


def from_theme(gen_id: str, theme_id: str, kind: str, skills: tuple[str, ...]) -> Generator:
    """A generator asking the question of a practice theme on a position it builds."""

    def make(rng: random.Random, eid: str) -> Exercise | None:
        made = practice.fresh(GAME, theme_id, rng, deals=4)
        if made is None:
            return None
        code, seat = made
        ex = practice.exercise(theme_id, seat, code)
        if ex is None or ex.kind != kind:
            return None
        return dataclasses.replace(ex, id=eid, skills=skills, source=f"generator:{gen_id}")

    title = {t.id: t for t in T.OWN}.get(theme_id) or practice_themes.shared(GAME).get(theme_id)
    assert title is not None, theme_id
    gen = Generator(gen_id, GAME, kind, skills, said(title.title), make)
    OWN.append(gen)
    return gen


# (generator id, theme, kind, skills: the first one is the skill the generator trains)
FROM_THEMES = (
    ("forced", "forced", "choose-action", ("actions",)),
    ("cards-left", "unseen", "number", ("cards",)),
    ("zaijiang", "zaijiang", "pick-cards", ("jiang",)),
    ("groups", "groups", "number", ("tables", "jiang")),
    ("priority", "priority", "order", ("priority",)),
    ("settle", "net", "number", ("settlement",)),
    ("hand-type", "hand-type", "choice", ("special", "going-out")),
    ("count-xi", "count-xi", "number", ("xi", "counting")),
    ("count-dan", "count-dan", "number", ("counting", "tables")),
    ("claim", "claim", "choose-action", ("actions",)),
)

for _gid, _theme, _kind, _skills in FROM_THEMES:
    from_theme(_gid, _theme, _kind, _skills)
