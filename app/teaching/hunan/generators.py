"""Exercise generators of hunan (besides the five every game has; see
app/learning/generators.py).

Each one asks the question of a practice theme (app/teaching/hunan/themes.py) at a
moment the theme's own builder finds in a deal the engine plays from the seed, so the
generated question and the practice position share one examiner and one engine query;
each names the lesson step that teaches its rule. The generic ``forced`` generator is
replaced: in Hunan a forced ti, wei or pao is the seat's only action, so it never finds the
moment it looks for.
"""

from __future__ import annotations

from app.learning import generators
from app.learning.generators import Generator
from app.teaching.wording import said
from app.text.catalog import NP_, Msg

GAME = "hunan"
#: the game's own generators
OWN: list[Generator] = []

#: theme id → the lesson step that teaches its rule
LESSONS: dict[str, str] = {
    "forced": "hunan-04-forced#never-a-choice",
    "peng-pao": "hunan-04-forced#pao",
    "bakuai": "hunan-04-forced#bakuai",
    "chi-legal": "hunan-05-chi-bi#no-bi-no-chi",
    "bi-cards": "hunan-05-chi-bi#bi",
    "may-eat": "hunan-03-turn#who-eats",
    "choupai": "hunan-06-memory#choupai",
    "chou-hu": "hunan-06-memory#chouhu",
    "priority": "hunan-07-priority#priority",
    "win-minimum": "hunan-08-going-out#minimum",
    "waits": "hunan-08-going-out#stock-only",
    "table-huxi": "hunan-09-huxi#current-huxi",
    "count-huxi": "hunan-09-huxi#origin",
    "tun": "hunan-10-settlement#tun",
    "settle": "hunan-10-settlement#mingtang",
    "best-discard": "hunan-02-groups#waits-2710",
}

#: generator id → theme id, kind and skills of its questions, title (a catalog entry)
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Msg]] = {
    "forced": (
        "forced",
        "choose-action",
        ("forced",),
        NP_("hunan theme", "Wei, ti, pao: what must you do"),
    ),
    "bakuai": (
        "bakuai",
        "true-false",
        ("forced",),
        NP_("hunan theme", "Bakuai: a discard after the pao or ti?"),
    ),
    "chi-legal": (
        "chi-legal",
        "choose-action",
        ("chi-bi",),
        NP_("hunan theme", "Which chi is allowed"),
    ),
    "choupai": (
        "choupai",
        "true-false",
        ("chou",),
        NP_("hunan theme", "Stale cards: may you take it"),
    ),
    "chou-hu": (
        "chou-hu",
        "true-false",
        ("chou",),
        NP_("hunan theme", "Stale wins: may you win now"),
    ),
    "priority": (
        "priority",
        "order",
        ("priority",),
        NP_("hunan theme", "One card, several claims: the order"),
    ),
    "win-minimum": (
        "win-minimum",
        "true-false",
        ("going-out", "counting"),
        NP_("hunan theme", "May you win on this card"),
    ),
    "win-draws": (
        "waits",
        "pick-cards",
        ("waits",),
        NP_("hunan theme", "Which cards win"),
    ),
    "count-huxi": (
        "count-huxi",
        "number",
        ("counting",),
        NP_("hunan theme", "The huxi of a win"),
    ),
    "settle": (
        "settle",
        "number",
        ("settlement",),
        NP_("hunan theme", "Tun and mingtang: what each player pays"),
    ),
    "best-discard": (
        "best-discard",
        "choose-action",
        ("discard", "waits"),
        NP_("hunan theme", "The discard that keeps the most waits"),
    ),
}


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    OWN.append(
        generators.from_theme(
            GAME, _gid, _tid, _kind, _skills, said(_title), lesson=LESSONS.get(_tid)
        )
    )
