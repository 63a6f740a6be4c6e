"""Exercise generators of guilin (besides the five every game has; see
app/learning/generators.py).

Each one asks the question of a practice theme (app/teaching/guilin/themes.py) at a
moment the theme's own builder finds in a deal the engine plays from the seed, so the
generated question and the practice position share one examiner and one engine query.
The generic ``forced`` generator is replaced: in Guilin a forced action is the seat's
only action, so it never finds the moment it looks for.
"""

from __future__ import annotations

from app.learning import generators
from app.learning.exercise import Text
from app.learning.generators import Generator

GAME = "guilin"
#: the game's own generators
OWN: list[Generator] = []

#: generator id → theme id, kind and skills of its questions, title
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Text]] = {
    "forced": (
        "forced",
        "choose-action",
        ("forced",),
        Text("扫、扫穿、开舵：该怎么做", "Sao, saochuan, kaiduo: what must you do"),
    ),
    "chi-legal": (
        "chi-legal",
        "choose-action",
        ("chi-bi",),
        Text("哪种吃法可以", "Which chi is allowed"),
    ),
    "may-eat": (
        "may-eat",
        "true-false",
        ("guozhang", "chi-bi"),
        Text("过张：这张能吃吗", "Guozhang: may you eat it"),
    ),
    "priority": (
        "priority",
        "order",
        ("priority",),
        Text("几家要同一张牌：先后顺序", "One card, several claims: the order"),
    ),
    "count-duo": (
        "count-duo",
        "number",
        ("settlement",),
        Text("这一把值几舵", "What the win is worth in duo"),
    ),
    "best-discard": (
        "best-discard",
        "choose-action",
        ("discard", "waits"),
        Text("打哪张听得多", "The discard that keeps the most waits"),
    ),
}


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    OWN.append(generators.from_theme(GAME, _gid, _tid, _kind, _skills, _title))
