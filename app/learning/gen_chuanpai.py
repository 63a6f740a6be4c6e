"""Exercise generators of chuanpai (besides the five every game has; see
app/learning/generators.py).

Each one asks the question of a practice theme (app/learning/themes_chuanpai.py) at a
moment the theme's own builder finds in a deal the engine plays from the seed, so the
generated question and the practice position share one examiner and one engine query,
and the builder makes sure the engine can answer what it asks.

The generic ``forced`` generator is replaced by the theme's: the generic one offers the
first six legal actions only, without the refused pass or discard that a forced action
shuts out (so here it seldom has a wrong choice), and writes a 过牌's 摆 with the
engine's ``guo=yes`` parameter, which the shared answer matching does not read back as
the flag it is.
"""

from __future__ import annotations

import random

from app.engine.core.registry import find_game
from app.learning import practice
from app.learning.exercise import Exercise, Setup, Text
from app.learning.generators import Generator, register

GAME = "chuanpai"

#: generator id → theme id, kind and skills of its questions (the first skill differs
#: from generator to generator where it can), title
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Text]] = {
    "forced": (
        "forced",
        "choose-action",
        ("forced",),
        Text("规则替你定的那一步", "The step the rules decide"),
    ),
    "must-eat": (
        "must-eat",
        "true-false",
        ("forced", "jier"),
        Text("能吃必须吃吗", "Must you eat it"),
    ),
    "pairs-with": (
        "pairs-with",
        "pick-cards",
        ("jier",),
        Text("手里谁能配它", "Which of your cards pair with it"),
    ),
    "qitou": (
        "qitou",
        "true-false",
        ("qitou",),
        Text("齐头：可以不做吗", "齐头: may you decline"),
    ),
    "guo": (
        "guo",
        "true-false",
        ("guo",),
        Text("偷来的牌是不是过牌", "Is the replacement card a 过牌"),
    ),
    "priority": (
        "priority",
        "order",
        ("groups",),
        Text("几家要同一张牌：先问谁", "One card, several claims: who is asked first"),
    ),
    "settlement": (
        "settlement",
        "number",
        ("settlement", "counting"),
        Text("和了收多少", "What the win collects"),
    ),
    "count-jing": (
        "count-jing",
        "number",
        ("jing", "counting"),
        Text("带经牌的手牌几胡", "Counting a hand with 经牌"),
    ),
}


def from_theme(
    gen_id: str, theme_id: str, kind: str, skills: tuple[str, ...], title: Text
) -> Generator:
    def make(rng: random.Random, eid: str) -> Exercise | None:
        th = practice.theme(GAME, theme_id)
        if th is None or th.direct is None:
            return None
        made = th.direct(rng)
        if made is None:
            return None
        state, seat = made
        game = find_game(GAME)
        q = th.ask(game, state, seat)
        if q is None:
            return None
        return Exercise(
            eid,
            GAME,
            q.kind,
            q.prompt,
            q.skills,
            Setup(position=game.encode(state), seat=seat, pool=q.pool),
            {},
            q.query,
            choices=q.choices,
            source=f"generator:{gen_id}",
            prompt_params=q.prompt_params or {},
        )

    return Generator(gen_id, GAME, kind, skills, title, make)


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    register(from_theme(_gid, _tid, _kind, _skills, _title))
