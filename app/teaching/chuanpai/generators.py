"""Exercise generators of chuanpai (besides the five every game has; see
app/learning/generators.py).

Each one asks the question of a practice theme (app/teaching/chuanpai/themes.py) at a
moment the theme's own builder finds in a deal the engine plays from the seed, so the
generated question and the practice position share one examiner and one engine query,
and the builder makes sure the engine can answer what it asks.

The generic ``forced`` generator is replaced by the theme's: the generic one offers the
first six legal actions only, without the refused pass or discard that a forced action
shuts out (so here it seldom has a wrong choice), and writes a guopai's bai with the
engine's ``guo=yes`` parameter, which the shared answer matching does not read back as
the flag it is.

The generic ``cards-left`` generator is replaced too: the table a position shows does
not draw the dead cards (the shared view puts them beside the seats, not in their
discards), so the question names them in its prompt.
"""

from __future__ import annotations

import random

from app.engine.chuanpai.cards import INDEX
from app.engine.core.registry import find_game
from app.learning import generators
from app.learning.exercise import Exercise, Query, Setup
from app.learning.generators import Generator
from app.teaching.chuanpai.themes import play
from app.teaching.wording import said
from app.text.catalog import NP_, Msg

GAME = "chuanpai"
#: the game's own generators
OWN: list[Generator] = []

#: generator id → theme id, kind and skills of its questions (the first skill differs
#: from generator to generator where it can), title
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Msg]] = {
    "forced": (
        "forced",
        "choose-action",
        ("forced",),
        NP_("chuanpai", "The step the rules decide"),
    ),
    "must-eat": (
        "must-eat",
        "true-false",
        ("forced", "jier"),
        NP_("chuanpai", "Must you eat it"),
    ),
    "pairs-with": (
        "pairs-with",
        "pick-cards",
        ("jier",),
        NP_("chuanpai", "Which of your cards pair with it"),
    ),
    "qitou": (
        "qitou",
        "true-false",
        ("qitou",),
        NP_("chuanpai", "Qitou: may you decline"),
    ),
    "guo": (
        "guo",
        "true-false",
        ("guo",),
        NP_("chuanpai", "Is the replacement card a guopai"),
    ),
    "priority": (
        "priority",
        "order",
        ("groups",),
        NP_("chuanpai", "One card, several claims: who is asked first"),
    ),
    "settlement": (
        "settlement",
        "number",
        ("settlement", "counting"),
        NP_("chuanpai", "What the win collects"),
    ),
    "count-jing": (
        "count-jing",
        "number",
        ("jing", "counting"),
        NP_("chuanpai", "Counting a hand with jingpai"),
    ),
}


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    OWN.append(generators.from_theme(GAME, _gid, _tid, _kind, _skills, said(_title)))


_LEFT = NP_(
    "chuanpai",
    "The cards that have gone dead so far: {dead_cards}. How many copies of {card} have "
    "you not seen yet?",
)


def _cards_left(rng: random.Random, eid: str) -> Exercise | None:
    """How many copies of a card the seat to act has not seen (its hand, the groups laid
    face up, the open card and the dead cards, which the prompt lists)."""
    game = find_game(GAME)
    for _ in range(4):
        start = rng.randrange(10, 40)
        for i, state in enumerate(play(game, game.default_rules, rng)):
            if i < start:
                continue
            seat = state.actor
            view = game.view(state, seat)
            dead = sorted(view.extra.get("dead", ()), key=INDEX.__getitem__)
            seen = [t for sv in view.seats for m in sv.melds for t in m.cards] + dead
            if not dead or not seen:
                continue
            card = rng.choice(sorted(set(seen)))
            return Exercise(
                eid,
                GAME,
                "number",
                said(_LEFT),
                ("cards",),
                Setup(position=game.encode(state), seat=seat),
                {},
                Query("cards-left", {"card": card}),
                source="generator:cards-left",
                prompt_params={"card": card, "dead_cards": dead},
            )
    return None


OWN.append(
    Generator(
        "cards-left",
        GAME,
        "number",
        ("cards",),
        said(NP_("chuanpai", "Copies not seen yet")),
        _cards_left,
    )
)
