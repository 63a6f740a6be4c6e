"""The card reading trainers: every card of every deck family, both modes; a wrong
answer names both cards; per-card accuracy is kept."""

from __future__ import annotations

import re

import pytest

from app.learning.judge import judge
from app.learning.queries import solve
from app.learning.reading import GAME_OF, MODES, exercise
from app.text.cards import family


@pytest.mark.parametrize("family_id", sorted(GAME_OF))
def test_every_card_makes_both_questions(family_id):
    for token in family(family_id).tokens:
        for mode in MODES:
            ex = exercise(family_id, mode, token, 7)
            assert ex is not None and solve(ex).shown == token
            assert judge(ex, token).correct
            wrong = next(
                t
                for t in (ex.setup.hand.split() if mode == "pick" else [c.id for c in ex.choices])
                if t != token
            )
            v = judge(ex, wrong)
            assert not v.correct and v.misconception.code == "mc-read-wrong"
            assert v.misconception.params == {"card": token, "given_card": wrong}


def test_the_trainer_page_keeps_per_card_accuracy(client, csrf):
    page = client.get("/train/zipai?mode=name").get_data(as_text=True)
    eid = re.search(r'action="/exercises/([^"]+)/answer"', page).group(1)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    right = eid.split(":")[3]
    client.post(
        f"/exercises/{eid}/answer",
        data={"csrf_token": csrf("/train/zipai"), "token": token, "choice": right},
    )
    again = client.get("/train/zipai?mode=name").get_data(as_text=True)
    assert "1 / 1" in again
