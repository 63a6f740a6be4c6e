"""Exercise generators of hunan (besides the five every game has; see
app/learning/generators.py).

Each one asks the question of a practice theme (app/teaching/hunan/themes.py) at a
moment the theme's own builder finds in a deal the engine plays from the seed, so the
generated question and the practice position share one examiner and one engine query;
each names the lesson step that teaches its rule. The generic ``forced`` generator is
replaced: in Hunan a forced 提/偎/跑 is the seat's only action, so it never finds the
moment it looks for.
"""

from __future__ import annotations

from app.learning import generators
from app.learning.exercise import Text
from app.learning.generators import Generator

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

#: generator id → theme id, kind and skills of its questions, title
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Text]] = {
    "forced": (
        "forced",
        "choose-action",
        ("forced",),
        Text("偎、提、跑：该怎么做", "Wei, ti, pao: what must you do"),
    ),
    "bakuai": (
        "bakuai",
        "true-false",
        ("forced",),
        Text("八块：跑提以后打不打牌", "Bakuai: a discard after the pao or ti?"),
    ),
    "chi-legal": (
        "chi-legal",
        "choose-action",
        ("chi-bi",),
        Text("哪种吃法可以", "Which chi is allowed"),
    ),
    "choupai": (
        "choupai",
        "true-false",
        ("chou",),
        Text("臭牌：这张还能要吗", "Stale cards: may you take it"),
    ),
    "chou-hu": (
        "chou-hu",
        "true-false",
        ("chou",),
        Text("臭胡：现在能胡吗", "Stale wins: may you win now"),
    ),
    "priority": (
        "priority",
        "order",
        ("priority",),
        Text("几家要同一张牌：先后顺序", "One card, several claims: the order"),
    ),
    "win-minimum": (
        "win-minimum",
        "true-false",
        ("going-out", "counting"),
        Text("这张牌能胡吗", "May you win on this card"),
    ),
    "win-draws": (
        "waits",
        "pick-cards",
        ("waits",),
        Text("翻什么能胡", "Which cards win"),
    ),
    "count-huxi": (
        "count-huxi",
        "number",
        ("counting",),
        Text("这一手胡牌多少胡息", "The huxi of a win"),
    ),
    "settle": (
        "settle",
        "number",
        ("settlement",),
        Text("囤和名堂：每家付多少", "Tun and mingtang: what each player pays"),
    ),
    "best-discard": (
        "best-discard",
        "choose-action",
        ("discard", "waits"),
        Text("打哪张听得多", "The discard that keeps the most waits"),
    ),
}


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    OWN.append(
        generators.from_theme(GAME, _gid, _tid, _kind, _skills, _title, lesson=LESSONS.get(_tid))
    )
