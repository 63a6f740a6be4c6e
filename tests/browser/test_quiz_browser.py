"""A whole quiz in each language with a wrong answer and its explanation, one question
at a time swapped in place, the summary reviewing the mistake with its proof and its
lesson step, and the missed skill back in the review queue when it is due (the
server's clock moved forward). Two games here; tests/quiz/test_quiz.py runs a whole quiz of
every game, in both modes, through the pages."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
from learner_steps import give, wrong_answer
from playwright.sync_api import Page, expect

from app.learning import bank
from app.learning.queries import solve
from app.learning.verdict import Proof


def current_exercise(page: Page):  # type: ignore[no-untyped-def]
    action = page.locator(".answer-form").get_attribute("action") or ""
    eid = unescape(re.search(r"/exercises/(.+)/answer", action).group(1))
    return bank.get(eid)


@pytest.mark.parametrize(("game", "lang"), [("hunan", "en"), ("nantong", "zh")])
def test_a_whole_quiz_then_the_miss_comes_back_in_the_review(
    page: Page, live_server: str, live_app, game: str, lang: str
):
    page.goto(f"{live_server}/quiz/{game}/")
    if lang == "zh":
        page.get_by_role("button", name="简体中文").click()
    page.locator(".quiz-start button[type=submit]").click()
    expect(page).to_have_url(re.compile(rf"/quiz/{game}/s/[\w-]+"))
    page.evaluate("window.stillThisPage = true")  # the questions come in place (htmx)
    missed_skill = None
    for q in range(10):
        expect(page.locator(".quiz-count")).to_contain_text(str(q + 1))
        expect(page).to_have_url(re.compile(rf"q={q}$"))  # each question has its address
        assert page.evaluate("window.stillThisPage === true"), q
        ex = current_exercise(page)
        assert ex is not None
        if q == 0:
            give(page, ex, wrong_answer(ex))
            expect(page.locator(".verdict-wrong .verdict-message")).not_to_be_empty()
            missed_skill, missed = ex.skills[0], ex
        else:
            give(page, ex, solve(ex).shown)
            expect(page.locator(".verdict-right")).to_be_visible()
        page.locator(".exercise .continue a").click()
    expect(page.locator(".quiz-score")).to_contain_text("9")
    expect(page.locator(".quiz-results li.wrong")).to_have_count(1)
    # the mistake reviewed: the answer with its proof, and the lesson step that teaches it
    page.locator(".quiz-results li.wrong .quiz-why summary").click()
    proof = page.locator(".quiz-results li.wrong .quiz-why .proof")
    if solve(missed).proof != Proof():  # an authored answer has no engine proof
        expect(proof.first).to_be_visible()
    lesson = page.locator(".quiz-results li.wrong .quiz-lesson a")
    if lesson.count():
        lesson.click()
        expect(page).to_have_url(re.compile(rf"/lessons/{game}/"))
    assert missed_skill
    # a week later the missed skill is due: the review brings a fresh question on it
    live_app.config["NOW"] = datetime.now(UTC) + timedelta(days=7)
    try:
        page.goto(f"{live_server}/review")
        expect(page.locator(".review .exercise")).to_be_visible()
        expect(page.locator(".review-skill")).not_to_be_empty()
    finally:
        live_app.config.pop("NOW", None)
