"""An exercise that asks for a move carries its answers as the cards show them (issue 39):
each choice with the hand cards that make it and whether it claims the card on offer, in
the order of the list; an exam asks a confirm of every tap (its answer is kept as given);
other kinds and exercises without a table carry none."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask, render_template

from app.learning import bank
from app.ui import present

EXERCISES = ["hunan-05-chi-bi.bi-choose", "tj-06-beating.cover-ex", "chuanpai-04-turn.lay-ex"]


def _moves(html: str) -> list[dict[str, object]]:
    m = re.search(r'data-play-moves="([^"]*)"', html)
    assert m, html[:500]
    return list(json.loads(unescape(m[1])))


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_the_page_carries_each_answer_on_the_cards(app, client, exercise_id: str) -> None:  # type: ignore[no-untyped-def]
    ex = bank.get(exercise_id)
    assert ex is not None
    html = client.get(f"/exercises/{exercise_id}").get_data(as_text=True)
    assert "data-moves-root" in html and "data-confirm-taps" not in html
    moves = _moves(html)
    assert [m["v"] for m in moves] == [c.id for c in ex.choices]
    assert html.count('name="choice"') == len(ex.choices)  # the list stays, for no script
    with app.test_request_context():
        block = present._fixed(ex, "en")
    for m, c in zip(moves, block.choices, strict=True):
        assert m["h"] == c.hand and m["c"] == c.claim
        assert f'data-answer="{c.id}"' in html  # its own button too


def test_an_exam_asks_a_confirm_of_every_tap(app: Flask) -> None:
    ex = bank.get("tj-06-beating.cover-ex")
    assert ex is not None
    with app.test_request_context("/quiz/"):
        b = present.build(ex, "en", "token", None, context="quiz-exam")
        html = render_template("components/exercise_block.html", b=b)
    assert "data-confirm-taps" in html and _moves(html)


def test_a_pick_cards_exercise_has_no_moves_on_the_cards(client) -> None:  # type: ignore[no-untyped-def]
    ex = next(e for e in bank.demo_set() if e.kind == "pick-cards")
    html = client.get(f"/exercises/{ex.id}").get_data(as_text=True)
    assert "data-moves-root" not in html and "data-play-moves" not in html
