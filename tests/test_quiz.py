"""Quizzes and the review scheduler: what a quiz holds, and FSRS state kept exactly.

Runs on every backend of the ``app`` fixture (SQLite, and PostgreSQL when
``TEST_DATABASE_URL`` is set), so the stored schedule is checked on both.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating

from app.extensions import db
from app.learning import bank, generators, quizzes, skills
from app.learning.models import SkillState
from app.models import LearnerProfile

GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]


def _schedule(card: Card) -> dict[str, object]:
    data = dict(card.to_dict())
    data.pop("card_id")  # an identifier made when the card is made, not the schedule
    return data


def test_the_schedule_is_stored_and_restored_exactly(app):
    """A skill reviewed again and again, reloaded from the database after every review,
    keeps exactly the FSRS card (stability, difficulty, step, due to the microsecond)
    that the same reviews give in memory."""
    ex = next(e for e in bank.authored().values() if e.game == "hunan" and e.skills)
    ratings = [Rating.Again, Rating.Good, Rating.Hard, Rating.Easy, Rating.Good, Rating.Again]
    start = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)
    with app.app_context():
        profile = LearnerProfile(token=LearnerProfile.new_token())
        db.session.add(profile)
        db.session.commit()
        expected = {s: Card(due=start) for s in ex.skills}
        when = start
        for n, rating in enumerate(ratings):
            skills.review(profile, ex, rating, when)
            db.session.commit()
            db.session.expire_all()
            for skill_id in ex.skills:
                expected[skill_id], _log = skills.scheduler().review_card(
                    expected[skill_id], rating, review_datetime=when
                )
                state = db.session.scalar(
                    db.select(SkillState).filter_by(profile_id=profile.id, skill=skill_id)
                )
                assert state is not None
                assert _schedule(skills.card_of(state)) == _schedule(expected[skill_id]), n
                due = expected[skill_id].due.astimezone(UTC).replace(tzinfo=None)
                assert state.due == due
                assert state.reviews == n + 1
            when += timedelta(days=n + 1, seconds=37, microseconds=n)
        lapses = sum(r == Rating.Again for r in ratings)
        assert {s.lapses for s in skills.states(profile, "hunan")} == {lapses}


@pytest.mark.parametrize("game", GAMES)
def test_a_quiz_holds_distinct_questions_the_bank_knows(app, game):
    with app.app_context():
        ids = quizzes.compose(game, quizzes.ALL, random.Random(7))
        assert len(ids) == quizzes.QUESTIONS
        assert len(set(ids)) == len(ids)
        found = [bank.get(i) for i in ids]
        assert all(ex is not None and ex.game == game for ex in found)
        generated = [i for i in ids if i.startswith(generators.PREFIX + ":")]
        # authored questions first (at most AUTHORED_MAX), generated ones fill the rest
        assert len(generated) >= quizzes.QUESTIONS - quizzes.AUTHORED_MAX
        assert all(i in {e.id for e in quizzes.quiz_items(game)} for i in ids if i not in generated)


@pytest.mark.parametrize("game", GAMES)
def test_a_unit_quiz_stays_on_its_skills(app, game):
    with app.app_context():
        for unit in quizzes.units(game)[:3]:
            skills_of_unit = quizzes.unit_skills(game, unit)
            for eid in quizzes.compose(game, unit, random.Random(3)):
                ex = bank.get(eid)
                assert ex is not None
                assert set(ex.skills) & skills_of_unit, (unit, eid)


def test_a_skill_without_a_generator_is_reviewed_with_an_authored_question(app, monkeypatch):
    """When no generator serves a due skill, the review falls back on the authored
    question the learner saw longest ago (the query that failed on PostgreSQL and SQLite
    with an ambiguous column)."""
    from app.learning import review
    from app.learning.models import Attempt

    monkeypatch.setattr(generators, "for_skill", lambda game, skill: [])
    ex = next(e for e in bank.authored().values() if e.game == "nantong" and e.skills)
    others = [
        e
        for e in bank.authored().values()
        if e.game == "nantong" and ex.skills[0] in e.skills and e.id != ex.id
    ]
    with app.app_context():
        profile = LearnerProfile(token=LearnerProfile.new_token())
        db.session.add(profile)
        db.session.commit()
        skills.review(profile, ex, Rating.Again, datetime.now(UTC))
        for n, e in enumerate([ex, *others]):
            db.session.add(
                Attempt(
                    profile_id=profile.id,
                    exercise_id=e.id,
                    game="nantong",
                    context="quiz",
                    answer="x",
                    correct=False,
                    nonce=f"n{n}",
                    created_at=datetime(2026, 1, 1) + timedelta(days=n),
                )
            )
        db.session.commit()
        state = next(s for s in skills.states(profile, "nantong") if s.skill == ex.skills[0])
        got = review.exercise_for(profile, state)
        assert got is not None and ex.skills[0] in got.skills
        # every candidate was seen: the one seen longest ago comes back first
        assert got.id == ex.id
