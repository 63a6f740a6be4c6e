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
from app.learning.generators import Generator
from app.teaching.wording import said
from app.text.catalog import NP_, Msg

GAME = "guilin"
#: the game's own generators
OWN: list[Generator] = []

#: generator id → theme id, kind and skills of its questions, title (a catalog entry)
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Msg]] = {
    "forced": (
        "forced",
        "choose-action",
        ("forced",),
        NP_("guilin theme", "Sao, saochuan, kaiduo: what must you do"),
    ),
    "chi-legal": (
        "chi-legal",
        "choose-action",
        ("chi-bi",),
        NP_("guilin theme", "Which chi is allowed"),
    ),
    "may-eat": (
        "may-eat",
        "true-false",
        ("guozhang", "chi-bi"),
        NP_("guilin theme", "Guozhang: may you eat it"),
    ),
    "priority": (
        "priority",
        "order",
        ("priority",),
        NP_("guilin theme", "One card, several claims: the order"),
    ),
    "count-duo": (
        "count-duo",
        "number",
        ("settlement",),
        NP_("guilin theme", "What the win is worth in duo"),
    ),
    "best-discard": (
        "best-discard",
        "choose-action",
        ("discard", "waits"),
        NP_("guilin theme", "The discard that keeps the most waits"),
    ),
}


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    OWN.append(generators.from_theme(GAME, _gid, _tid, _kind, _skills, said(_title)))
