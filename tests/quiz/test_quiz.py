"""Quizzes and the review scheduler: what a quiz holds, a whole quiz through its pages
in both modes for every game, FSRS ratings of retries, and FSRS state kept exactly.

Runs on every backend of the ``app`` fixture (SQLite, and PostgreSQL when
``TEST_DATABASE_URL`` is set), so the stored schedule is checked on both.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
from classes_help import form_of, wrong_answer
from conftest import csrf_from
from fsrs import Card, Rating
from sqlalchemy import event

from app.database import write_together
from app.engine.core.registry import find_game
from app.extensions import db
from app.learning import bank, generators, quizzes, record, skills
from app.learning.models import SkillState
from app.learning.queries import solve
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
            write_together(skills.review(profile, ex, rating, when))
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
        write_together(skills.review(profile, ex, Rating.Again, datetime.now(UTC)))
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


# -- a whole quiz through the pages, for every game, in both modes ----------------------


def _answer(client, html: str, answer_of) -> tuple[object, str]:  # type: ignore[no-untyped-def]
    action = unescape(re.search(r'class="answer-form" method="post" action="([^"]+)"', html)[1])
    ex = bank.get(re.search(r"/exercises/(.+)/answer", action)[1])
    assert ex is not None, action
    data = form_of(ex, answer_of(ex))
    data["token"] = re.search(r'name="token" value="([^"]+)"', html)[1]
    data["csrf_token"] = csrf_from(html)
    resp = client.post(action, data=data, headers={"HX-Request": "true"})
    assert resp.status_code == 200, (ex.id, resp.status_code)
    return ex, resp.get_data(as_text=True)


def _start(client, game: str, mode: str) -> str:
    page = client.get(f"/quiz/{game}/").get_data(as_text=True)
    resp = client.post(
        f"/quiz/{game}/start", data={"csrf_token": csrf_from(page), "unit": "all", "mode": mode}
    )
    assert resp.status_code == 303
    return resp.headers["Location"].split("?")[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_quiz_wrong_then_right_with_the_mistakes_reviewed(app, client, game):
    base = _start(client, game, "practice")
    missed = []
    for q in range(quizzes.QUESTIONS):
        resp = client.get(f"{base}?q={q}", headers={"HX-Request": "true"})
        html = resp.get_data(as_text=True)
        assert resp.status_code == 200 and 'id="quiz-question"' in html
        assert "site-header" not in html  # the question's partial, swapped in place
        ex, after = _answer(client, html, wrong_answer)
        assert "verdict-wrong" in after, ex.id
        message = re.search(r'class="verdict-message">([^<]+)<', after)[1]
        assert message.strip() and message != "Not right.", (ex.id, message)
        missed.append(ex)
        _ex, after = _answer(client, after, lambda e: solve(e).shown)
        assert "verdict-right" in after, ex.id
        # "Continue" brings the next question in place (htmx), or the summary
        nxt = f"{base}?q={q + 1}"
        assert f'hx-get="{nxt}" hx-target="#quiz-question"' in unescape(after), ex.id
    resp = client.get(f"{base}?q={quizzes.QUESTIONS}", headers={"HX-Request": "true"})
    assert resp.headers.get("HX-Redirect")  # the summary is a page of its own
    summary = client.get(resp.headers["HX-Redirect"]).get_data(as_text=True)
    assert re.search(r'class="quiz-score">\D*0\D', summary)  # none right at once
    assert summary.count('<li class="wrong">') == quizzes.QUESTIONS
    assert summary.count('class="quiz-why"') == quizzes.QUESTIONS  # each with its proof
    lessons = re.findall(r'class="quiz-lesson"><a href="([^"]+)"', summary)
    assert lessons and all(u.startswith(f"/lessons/{game}/") for u in lessons), lessons
    assert all(client.get(unescape(u)).status_code == 200 for u in set(lessons))


@pytest.mark.parametrize("game", GAMES)
def test_an_exam_mode_quiz_gives_no_feedback_until_it_is_over(app, client, game):
    base = _start(client, game, "exam")
    html = client.get(f"{base}?q=0").get_data(as_text=True)
    assert "hint-form" not in html and 'class="stars"' not in html
    ex, after = _answer(client, html, wrong_answer)
    assert "verdict-recorded" in after and "verdict-wrong" not in after
    assert "proof" not in after and "retry-note" not in after
    assert f'href="{base}?q=1"' in unescape(after)  # "Continue" to the next question
    client.post(f"{base}/finish", data={"csrf_token": csrf_from(html)})
    summary = client.get(f"{base}?q={quizzes.QUESTIONS}").get_data(as_text=True)
    assert summary.count('<li class="wrong">') == 1
    assert summary.count('class="quiz-why"') == 1  # the feedback, now the quiz is over


def test_continue_after_a_quiz_answer_is_drawn_from_the_token(app, client):
    """The question page puts the next question in the answer's token: the answer reads
    no quiz run to draw "Continue". A token issued without it (before it was carried)
    still continues, by reading the run."""
    base = _start(client, "hunan", "practice")
    html = client.get(f"{base}?q=0").get_data(as_text=True)
    seen: list[str] = []
    with app.app_context():

        @event.listens_for(db.engine, "before_cursor_execute")
        def _note(_conn, _cursor, statement, _params, _context, _many):  # type: ignore[no-untyped-def]
            seen.append(" ".join(statement.split()))

    ex, after = _answer(client, html, wrong_answer)
    assert seen and not [s for s in seen if "quiz_sessions" in s], seen
    assert f'hx-get="{base}?q=1" hx-target="#quiz-question"' in unescape(after)
    sid = base.rsplit("/", 1)[-1]
    with app.test_request_context():
        old = record.issue_token(ex, "quiz", sid)  # type: ignore[arg-type]
    old_form = re.sub(r'name="token" value="[^"]+"', f'name="token" value="{old}"', html)
    seen.clear()
    _ex, again = _answer(client, old_form, wrong_answer)
    assert [s for s in seen if "quiz_sessions" in s]
    assert f'hx-get="{base}?q=1" hx-target="#quiz-question"' in unescape(again)
    with app.app_context():
        event.remove(db.engine, "before_cursor_execute", _note)


def test_a_retried_answer_rates_the_skill_hard_after_again(app, client):
    """TEACHING.md's mapping: the first answer wrong = Again; right after the retry =
    Hard (one more review); further answers of a solved run rate nothing."""
    with app.app_context():
        ex = next(e for e in bank.demo_set() if e.kind == "number" and len(e.skills) == 1)
    html = client.get(f"/exercises/{ex.id}").get_data(as_text=True)
    _ex, after = _answer(client, html, wrong_answer)
    with app.app_context():
        state = db.session.scalar(db.select(SkillState))
        assert (state.reviews, state.lapses) == (1, 1)
        due_after_again = state.due
    _answer(client, after, lambda e: solve(e).shown)
    with app.app_context():
        state = db.session.scalar(db.select(SkillState))
        assert (state.reviews, state.lapses) == (2, 1)
        card = skills.card_of(state)
    again = skills.scheduler().review_card(Card(due=datetime.now(UTC)), Rating.Again)[0]
    hard = skills.scheduler().review_card(again, Rating.Hard)[0]
    assert card.step == hard.step and card.state == hard.state
    assert state.due >= due_after_again


def _stock_after_the_deal(game: str) -> int:
    g = find_game(game)
    view = g.view(g.new_deal(g.rules({}), random.Random(1)), None)
    return len(view.stock or ())


def _hand_size_for_a_win(game: str, melds: tuple[tuple[str, str], ...], pool: str) -> int:
    """The concealed cards a holding with ``melds`` needs to be a whole hand (engine)."""
    g = find_game(game)
    rules = g.rules({})
    tokens = pool.split()
    for n in range(1, len(tokens) + 1):
        if g.size_gap(g.holding(" ".join(tokens[:n]), melds, {}, rules), rules) == 0:
            return n
    raise AssertionError(game)


NT_POOL = "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4b 5b 6b 7b 8b 9b 1w 2w 3w"
ZP_POOL = "x1 x2 x3 x4 x5 x6 x7 x8 x9 d1 d2 d3 d4 d5 d6 d7"
#: authored quiz items whose answer is a fact the engine knows: the engine's figure, and
#: the figure each choice states (the right choice must be the engine's)
ENGINE_FACTS = {
    "quiz.chuanpai-tricks.cards.1": (
        lambda: len(find_game("chuanpai-tricks").deck(find_game("chuanpai-tricks").rules({}))),
        {"a": 80, "b": 84, "c": 86},
    ),
    "quiz.guilin.basics.stock": (
        lambda: _stock_after_the_deal("guilin"),
        {"a": 19, "b": 20, "c": 21},
    ),
    "quiz.hunan.counting.cards-with-two-fours": (
        lambda: (
            8
            + _hand_size_for_a_win(
                "hunan", (("pao", "x10 x10 x10 x10"), ("ti", "d10 d10 d10 d10")), ZP_POOL
            )
        ),
        {"a": 20, "b": 21, "c": 22},
    ),
    "quiz.nantong.basics.8": (
        lambda: _hand_size_for_a_win(
            "nantong", (("gang", "hh hh hh hh"), ("gang", "qz qz qz qz")), NT_POOL
        ),
        None,  # a number: the authored answer itself
    ),
    "quiz.nantong.basics.2": (
        lambda: sum(
            n
            for t, n in Counter(find_game("nantong").deck(find_game("nantong").rules({}))).items()
            if t in ("qz", "hh", "bh")
        ),
        {"true a": 12},  # true, because: Thousand, Red and White Flower, four of each
    ),
}


@pytest.mark.parametrize("item_id", sorted(ENGINE_FACTS))
def test_authored_quiz_answers_the_engine_can_decide_agree_with_it(item_id):
    ex = bank.get(item_id)
    assert ex is not None and ex.query is None and ex.answer is not None, item_id
    engine, stated = ENGINE_FACTS[item_id]
    value = engine()
    if stated is None:
        assert int(ex.answer) == value, (item_id, ex.answer, value)
    else:
        assert stated.get(ex.answer) == value, (item_id, ex.answer, stated, value)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_summary_shows_a_chosen_actions_note_once(app, lang):
    """A choose-action mistake in the summary: the refutation says what the chosen
    action does (its note, what it leads to), and the whole proof below it does not say
    it again; together they still hold every note of the engine's proof."""
    from flask import render_template_string

    from app.learning.judge import judge
    from app.ui.present import verdict_view

    page = (
        '{% from "components/proof.html" import proof_view %}'
        "{{ proof_view(f, v.refutation, 'hu') }}{{ proof_view(f, v.proof, 'hu') }}"
    )
    refused = legal = 0
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        for ex in bank.authored().values():
            if ex.kind != "choose-action":
                continue
            for choice in ex.choices:
                verdict = judge(ex, choice.id)
                if verdict.correct:
                    continue
                v = verdict_view(ex, verdict, lang, True)
                assert v.refutation is not None and v.proof is not None
                assert not [n for n in v.proof.notes if n in v.refutation.notes], ex.id
                engine = [n for n in verdict.proof.notes]
                assert len(v.proof.notes) + len(v.refutation.notes) == len(engine), ex.id
                chosen = [n for n in engine if n.choice == choice.id]
                html = render_template_string(page, f=ex.family, v=v)
                if chosen and not chosen[0].legal:
                    refused += 1
                    note = re.search(r'<li class="refused">.*?</li>', html, re.S)
                    assert note and html.count(note.group()) == 1, (ex.id, choice.id)
                    assert unescape(note.group()).count(v.refutation.notes[0].reason) == 1
                if v.refutation.after is not None:
                    legal += 1
                    assert v.proof.after is None, ex.id
                if v.refutation.consequences:
                    assert not v.proof.consequences, ex.id
    assert refused >= 5 and legal >= 5
