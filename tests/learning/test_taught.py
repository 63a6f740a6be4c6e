"""Taught before tested (issue 35): every lesson exercise and quiz item names the rule
points it uses (``points``: ids of content/checklists/<game>.yaml), and each point is
taught at or before the exercise: an earlier step of the path for a lesson exercise, a
lesson of the quiz's unit or an earlier one for a quiz item. Step and exercise ids stay
as they were (stars and progress refer to them)."""

from __future__ import annotations

import dataclasses

import pytest

from app.content import check
from app.engine.core.registry import all_variants
from app.learning import bank, lessons, quizzes

GAMES = [v.id for v in all_variants()]


def test_every_exercise_uses_only_points_taught_before_it():
    assert list(check.taught_problems()) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_exercise_and_quiz_item_names_its_points(game):
    items = [ex for ls in lessons.path_of(game) for ex in ls.exercises]
    items += quizzes.quiz_items(game)
    assert items
    assert all(ex.points for ex in items), [ex.id for ex in items if not ex.points]


def _swap(monkeypatch, exercise_id: str, **changes):
    """Run the check with one exercise changed (lesson exercises live in their lesson)."""
    ex = bank.get(exercise_id)
    assert ex is not None
    changed = dataclasses.replace(ex, **changes)
    lesson = lessons.get(exercise_id.split(".")[0])
    if lesson is not None:
        steps = tuple(
            dataclasses.replace(s, exercise=changed) if s.exercise and s.exercise.id == ex.id else s
            for s in lesson.steps
        )
        patched = dataclasses.replace(lesson, steps=steps)
        real = lessons.path_of
        monkeypatch.setattr(
            lessons,
            "path_of",
            lambda game: [patched if ls.id == lesson.id else ls for ls in real(game)],
        )
    else:
        real_items = quizzes.authored()
        units = {
            g: {u: [changed if e.id == ex.id else e for e in items] for u, items in us.items()}
            for g, us in real_items.items()
        }
        monkeypatch.setattr(quizzes, "authored", lambda: units)
    return list(check.taught_problems())


def test_a_point_taught_in_a_later_step_fails(monkeypatch):
    # the first exercise of Hunan's first lesson cannot use the counting of lesson 9
    problems = _swap(monkeypatch, "hunan-01-cards.read-big", points=("hunan-counting-peng",))
    assert len(problems) == 1
    assert "hunan-01-cards.read-big" in problems[0] and "hunan-09-huxi#table-threes" in problems[0]
    assert problems[0].startswith("content/lessons/hunan/01-cards.yaml")


def test_a_quiz_item_may_not_use_a_later_units_point(monkeypatch):
    first_unit = quizzes.units("nantong")[0]
    item = quizzes.quiz_items("nantong", first_unit)[0]
    problems = _swap(monkeypatch, item.id, points=("nantong-counting-xi",))
    assert len(problems) == 1 and item.id in problems[0] and "taught later" in problems[0]


def test_an_exercise_without_points_or_with_another_games_point_fails(monkeypatch):
    assert "names no rule point" in _swap(monkeypatch, "guilin-01-cards.pick-red", points=())[0]
    other = _swap(monkeypatch, "guilin-01-cards.pick-red", points=("hunan-deck-80",))
    assert "is a point of hunan" in other[0]


def test_no_exercise_says_a_term_before_the_path_teaches_it():
    assert list(check.term_order_problems()) == []


def test_a_term_said_before_its_step_fails(monkeypatch):
    from app.learning.exercise import Text

    # Hunan's first lesson cannot ask about a 名堂 (taught in lesson 10)
    problems = _swap(
        monkeypatch,
        "hunan-01-cards.read-big",
        prompt=Text("这张牌算不算名堂？", "Is this card a mingtang?"),
    )
    found = [p for p in check.term_order_problems() if "hunan-01-cards.read-big" in p]
    assert problems == [] and found and "mingtang" in found[0] and "hunan-10-settlement" in found[0]
