"""Reading trainers, one per deck family (like a chess coordinates trainer).

Two modes: ``name`` shows a card and asks its name (four names to choose from), ``pick``
names a card and asks for it among four pictures. The distractors are the cards most
easily confused with it (the same value in the other size, neighbours, the same pips),
chosen by the seed, so an item is made again from its id
``read:<family>:<mode>:<token>:<seed>``. Answers are ordinary attempts: per-card
accuracy is read from them.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass

from app.extensions import db
from app.learning.exercise import Choice, Exercise, Setup, Text
from app.learning.models import Attempt
from app.models import Learner
from app.text.cards import Family, family
from app.text.catalog import N_

PREFIX = "read"
MODES = ("name", "pick")
GAME_OF = {"zipai": "hunan", "chuanpai": "chuanpai", "nantong": "nantong"}
RULES_OF = {"nantong": {"xi": "yes"}}  # the deck with every card the gallery shows


def _confusable(fam: Family, token: str, rng: random.Random, n: int = 3) -> list[str]:
    tokens = [t for t in fam.tokens if t != token]
    me = fam.tokens.index(token)

    def closeness(t: str) -> tuple[int, float]:
        other = fam.tokens.index(t)
        same_tail = t[1:] == token[1:] or t[:-1] == token[:-1]
        return (0 if same_tail else 1, abs(other - me) + rng.random() * 3)

    near = sorted(tokens, key=closeness)[: n + 3]
    return rng.sample(near, n)


def exercise(family_id: str, mode: str, token: str, seed: int) -> Exercise | None:
    if family_id not in GAME_OF or mode not in MODES:
        return None
    fam = family(family_id)
    if token not in fam.tokens:
        return None
    rng = random.Random(f"{family_id}:{token}:{seed}")
    options = [token, *_confusable(fam, token, rng)]
    rng.shuffle(options)
    eid = f"{PREFIX}:{family_id}:{mode}:{token}:{seed}"
    game = GAME_OF[family_id]
    if mode == "name":
        # a choice's id is the card it names, so a wrong answer says which card it was
        choices = tuple(
            Choice(t, Text(fam.card(t).name.zh, fam.card(t).label("en"))) for t in options
        )
        answer = token
        return Exercise(
            eid,
            game,
            "choice",
            N_("What is this card called?"),
            ("cards",),
            Setup(hand=token),
            rules=RULES_OF.get(family_id, {}),
            answer=answer,
            choices=choices,
            median_ms=4000,
            source="reading:name",
        )
    return Exercise(
        eid,
        game,
        "pick-cards",
        N_("Find this card: {card}"),
        ("cards",),
        Setup(hand=" ".join(options)),
        rules=RULES_OF.get(family_id, {}),
        answer=token,
        median_ms=4000,
        source="reading:pick",
        prompt_params={"card": token},
    )


def provide(eid: str) -> Exercise | None:
    parts = eid.split(":")
    if len(parts) != 5 or not parts[4].isdigit() or len(parts[4]) > 12:
        return None
    return exercise(parts[1], parts[2], parts[3], int(parts[4]))


def next_item(family_id: str, mode: str, rng: random.Random) -> Exercise | None:
    fam = family(family_id)
    return exercise(family_id, mode, rng.choice(fam.tokens), rng.randrange(10**9))


@dataclass
class CardStat:
    token: str
    tries: int
    right: int
    median_ms: int | None

    @property
    def accuracy(self) -> int:
        return round(100 * self.right / self.tries) if self.tries else 0


def card_stats(profile: Learner | None, family_id: str) -> list[CardStat]:
    """Per card: answers, right ones, the median time: the weakest cards first."""
    if profile is None or profile.id is None:
        return []
    rows = db.session.execute(
        db.select(Attempt.exercise_id, Attempt.correct, Attempt.time_ms)
        .filter_by(profile_id=profile.id)
        .where(Attempt.exercise_id.like(f"{PREFIX}:{family_id}:%"))
    ).all()
    by_card: dict[str, list[tuple[bool, int]]] = defaultdict(list)
    for eid, correct, ms in rows:
        by_card[eid.split(":")[3]].append((bool(correct), int(ms)))
    out = []
    for token, answers in by_card.items():
        times = sorted(ms for _ok, ms in answers)
        out.append(
            CardStat(token, len(answers), sum(ok for ok, _ms in answers), times[len(times) // 2])
        )
    return sorted(out, key=lambda s: (s.accuracy, -s.tries))
