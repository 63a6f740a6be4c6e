"""Exercise generators of chuanpai-tricks (besides the five every game has; see
app/learning/generators.py).

The generic ones do not fit the trick game: it has no waits, no melds and no discards
(the hand generators are never registered for it), every beat is forced (the generic
``forced`` never finds a choice between a forced action and a free one), and the shared
``cards-left`` counts the zipai way. They are removed; seven take their place, each
for another skill of content/skills.yaml:

==================  =============  ==========  ===============================================
generator           kind           skill       the question
==================  =============  ==========  ===============================================
``cards-of``        pick-cards     cards       the zhengmen, dianzi, red or black dianzi, yingzhang, hongpai or
                                               combination heads of a hand
``rank-order``      order          ranks       plays of one suit and shape, highest first
``lead``            choose-action  combos      which of these sets may be led
``beat-or-cover``   choose-action  plays       which play the rules allow in a trick
``pile-value``      number         counting    what each loser pays for a laid-out pile
``pile-level``      choice         going-out   short, tuoshou, xiaohu, yijia or liangjia
``score``           number         settlement  what a seat wins or pays when the deal is over
==================  =============  ==========  ===============================================

Four ask a practice theme's question (app/teaching/chuanpai_tricks/themes.py) at a moment
the theme's own builder finds in a deal the engine plays from the seed; the others deal
a hand or a laid-out pile at random, so every level and every fan comes up.
"""

from __future__ import annotations

import random
from collections import Counter

from app.engine.chuanpai.cards import deck
from app.engine.chuanpai.tricks.plays import HARD
from app.engine.chuanpai.tricks.settle import RED_CARDS
from app.learning import generators
from app.learning.exercise import Exercise, Query, Setup
from app.learning.generators import Generator
from app.teaching.chuanpai_tricks.queries import CLASSES
from app.teaching.chuanpai_tricks.themes import LEVEL_CHOICES
from app.teaching.wording import said
from app.text.catalog import NP_, Msg

GAME = "chuanpai-tricks"
#: the game's own generators
OWN: list[Generator] = []
P = "chuanpai-tricks:"
DECK = tuple(sorted(deck(False)))
PLAYABLE = tuple(t for t in DECK if t not in HARD)

#: the shared generators this game does without
DROP = frozenset({"forced", "cards-left"})


# --------------------------------------------------------------------------- from themes

#: generator id → theme id, kind, skills (the first one is the generator's), title
FROM_THEMES: dict[str, tuple[str, str, tuple[str, ...], Msg]] = {
    "rank-order": (
        "rank-order",
        "order",
        ("ranks",),
        NP_("chuanpai-tricks", "Rank the plays in your hand"),
    ),
    "lead": (
        "lead",
        "choose-action",
        ("combos", "plays"),
        NP_("chuanpai-tricks", "What may be led"),
    ),
    "beat-or-cover": (
        "beat-or-cover",
        "choose-action",
        ("plays",),
        NP_("chuanpai-tricks", "Beat or cover"),
    ),
    "score": (
        "score",
        "number",
        ("settlement",),
        NP_("chuanpai-tricks", "Who pays whom at the end"),
    ),
}


for _gid, (_tid, _kind, _skills, _title) in FROM_THEMES.items():
    OWN.append(generators.from_theme(GAME, _gid, _tid, _kind, _skills, said(_title)))


# --------------------------------------------------------------------------- cards of a class

CLASS_PROMPTS: dict[str, Msg] = {
    "civil": NP_(
        "chuanpai-tricks", "Which cards of this hand are civil cards (zhengmen)? Pick them all."
    ),
    "dianzi": NP_(
        "chuanpai-tricks", "Which cards of this hand are military cards (dianzi)? Pick them all."
    ),
    "red": NP_("chuanpai-tricks", "Which cards of this hand are red dianzi? Pick them all."),
    "black": NP_("chuanpai-tricks", "Which cards of this hand are black dianzi? Pick them all."),
    "hard": NP_(
        "chuanpai-tricks",
        "Which cards of this hand are hard cards, laid out as soon as they are dealt? "
        "Pick them all.",
    ),
    "red-card": NP_(
        "chuanpai-tricks", "Which cards of this hand count as red cards for fan? Pick them all."
    ),
    "combo-top": NP_(
        "chuanpai-tricks",
        "Which cards of this hand head a combination (tian, di, ren, he)? Pick them all.",
    ),
}


def _cards_of(rng: random.Random, eid: str) -> Exercise | None:
    kind = rng.choice(sorted(CLASS_PROMPTS))
    cards = list(DECK)
    rng.shuffle(cards)
    hand = cards[: rng.randrange(10, 15)]
    inside = [t for t in hand if t in CLASSES[kind]]
    if not inside or len(hand) - len(inside) < 2:
        return None
    return Exercise(
        eid,
        GAME,
        "pick-cards",
        said(CLASS_PROMPTS[kind]),
        ("cards",),
        Setup(" ".join(sorted(hand))),
        {},
        Query(P + "cards-of", {"kind": kind}),
        source="generator:cards-of",
    )


OWN.append(
    Generator(
        "cards-of",
        GAME,
        "pick-cards",
        ("cards",),
        said(NP_("chuanpai-tricks", "Sort the cards")),
        _cards_of,
    )
)


# --------------------------------------------------------------------------- laid-out piles


def random_pile(rng: random.Random, size: int) -> list[str] | None:
    """A pile of ``size`` cards a seat could have laid out (its own dealt cards: at most
    four of a kind), often with a set that makes fan (three or four of a red card, four of
    a black one)."""
    left = Counter(DECK)
    pile: list[str] = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        face = rng.choice(PLAYABLE)
        n = rng.choice((3, 4)) if face in RED_CARDS else rng.choice((3, 4, 4))
        n = min(n, left[face], size - len(pile))
        pile += [face] * n
        left[face] -= n
    hard = rng.choice((0, 0, 1, 2, 2, 3, 4))
    for t in rng.sample(("12", "12", "24", "24"), hard):
        if len(pile) < size and left[t]:
            pile.append(t)
            left[t] -= 1
    rest = [t for t in PLAYABLE for _ in range(left[t])]
    rng.shuffle(rest)
    pile += rest[: size - len(pile)]
    return sorted(pile) if len(pile) == size else None


_VALUE = NP_(
    "chuanpai-tricks", "The winner has laid out these cards. How much does each loser pay?"
)
_VALUE_NO_FAN = NP_(
    "chuanpai-tricks",
    "This table plays without fan. The winner has laid out these cards: how much does each "
    "loser pay?",
)


def _pile_value(rng: random.Random, eid: str) -> Exercise | None:
    size = rng.choice((16, 16, 17, 17, 18, 18, 19, 20, 21, 22, 23, 24))
    pile = random_pile(rng, size)
    if pile is None:
        return None
    no_fan = rng.random() < 0.15
    return Exercise(
        eid,
        GAME,
        "number",
        said(_VALUE_NO_FAN if no_fan else _VALUE),
        ("counting",),
        Setup(" ".join(pile)),
        {"fan": "none"} if no_fan else {},
        Query(P + "value"),
        source="generator:pile-value",
    )


OWN.append(
    Generator(
        "pile-value",
        GAME,
        "number",
        ("counting",),
        said(NP_("chuanpai-tricks", "What a pile is worth")),
        _pile_value,
    )
)


def _pile_level(rng: random.Random, eid: str) -> Exercise | None:
    size = rng.choice((14, 15, 15, 15, 16, 17, 19, 20, 21, 22, 23, 24))
    pile = random_pile(rng, size)
    if pile is None:
        return None
    near = rng.choice((4, 5, 5, 6))
    in_hand = near if size == 15 else rng.randrange(0, min(10, 28 - size) + 1)
    prompt = said(
        NP_(
            "chuanpai-tricks",
            "It is your lead. You have these cards laid out and {in_hand} left in hand. Where "
            "do you stand?",
        ),
        in_hand=in_hand,
    )
    return Exercise(
        eid,
        GAME,
        "choice",
        prompt,
        ("going-out", "counting"),
        Setup(" ".join(pile), (), {"in_hand": str(in_hand)}),
        {},
        Query(P + "level"),
        choices=LEVEL_CHOICES,
        source="generator:pile-level",
    )


OWN.append(
    Generator(
        "pile-level",
        GAME,
        "choice",
        ("going-out", "counting"),
        said(NP_("chuanpai-tricks", "Enough to win?")),
        _pile_level,
    )
)
