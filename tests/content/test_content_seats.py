"""Seats in authored exercises are named the way the exercise's table names them (issue 35):
an exercise with a position is seen from a learner's chair (its ``seat:``, else the seat
to act), and at tables of three and four it speaks of you, Right, Left and Across (你,
下家, 上家, 对家) in its prompt, hint, choices and explanation, never of numbered seats.
A sample deal's step text may still say whose cards you hold ("You hold Seat 2's cards")."""

from __future__ import annotations

import re

import pytest

from app.learning import bank, queries
from app.learning.exercise import Exercise, Text

#: a seat counted from 1 in prose: "Seat 2", "seat 2", 二号位, 2 号位, 二号座位
NUMBERED = re.compile(r"\b[Ss]eats? \d|[一二三四五六\d] ?号(?:座)?位|[一二三四]号")


def _texts(ex: Exercise) -> list[tuple[str, Text]]:
    out = [("prompt", ex.prompt)]
    out += [(name, t) for name, t in (("hint", ex.hint), ("explanation", ex.explanation)) if t]
    out += [(f"choice {c.id}", c.text) for c in ex.choices if c.text is not None]
    return out


def _seen_from_a_chair() -> list[Exercise]:
    out = []
    for ex in bank.authored().values():
        if not ex.setup.position:
            continue
        frame = queries.seat_frame(ex)
        if frame.get("seats") in (3, 4):
            out.append(ex)
    return out


def test_there_are_exercises_seen_from_a_chair() -> None:
    exercises = _seen_from_a_chair()
    assert len(exercises) > 100, len(exercises)
    assert sum(ex.setup.seat is not None for ex in exercises) > 40
    assert {ex.game for ex in exercises} >= {"guilin", "hunan", "nantong", "chuanpai-tricks"}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_exercise_seen_from_a_chair_does_not_number_seats(lang: str) -> None:
    found = [
        f"{ex.id} ({where}): {text.get(lang)}"
        for ex in _seen_from_a_chair()
        for where, text in _texts(ex)
        if NUMBERED.search(text.get(lang))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("text", "numbered"),
    [
        ("Seat 3 throws 叁.", True),
        ("You (seat 2) hold three 四.", True),
        ("三号位打出 叁。", True),
        ("这局每家输家要付给 3 号座位多少？", True),
        ("你坐二号位", True),
        ("Your Left throws 叁.", False),
        ("上家打出 叁。你手里有 贰 和 肆。", False),
        ("It is your turn to draw; two seats are empty.", False),
    ],
)
def test_the_pattern_finds_numbered_seats(text: str, numbered: bool) -> None:
    assert bool(NUMBERED.search(text)) is numbered


def test_an_order_exercises_choices_name_seats_as_its_table_does(app):
    """The choices of an order exercise are drawn by the page from the actions ("0: chi
    x2 x3 x4"): their seats too go by the table's chair (you, Right, Left)."""
    from app.learning import bank
    from app.ui.present import _choices

    ex = bank.get("quiz.guilin.actions.three-claims")  # seen from seat 2 of three
    for locale, words in (
        ("en", ("Right: ", "Left: ", "You: ")),
        ("zh", ("下家：", "上家：", "你：")),
    ):
        with app.test_request_context(headers={"Accept-Language": locale}):
            texts = [c.text for c in _choices(ex, locale, 2)]
        assert all(any(t.startswith(w) for t in texts) for w in words), texts
        assert not any("Seat" in t or "号位" in t for t in texts), texts
