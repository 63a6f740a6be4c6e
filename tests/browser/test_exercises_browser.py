"""A learner answers exercises of every kind in the browser: a wrong answer explained,
a hint, a right answer with its stars; in both languages, by keyboard, on a phone,
without JavaScript, and with no serious accessibility violation."""

from __future__ import annotations

import re

import pytest
from learner_steps import give, wrong_answer
from playwright.sync_api import Page, expect

from app.learning import bank
from app.learning.exercise import KINDS, Exercise
from app.learning.queries import solve


def first_of(kind: str) -> Exercise:
    for ex in bank.demo_set():
        if ex.kind == kind:
            return ex
    pytest.skip(f"no demo exercise of kind {kind}")


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_wrong_then_hint_then_right(page: Page, live_server: str, kind: str):
    ex = first_of(kind)
    page.goto(f"{live_server}/exercises/{ex.id}")
    give(page, ex, wrong_answer(ex))
    expect(page.locator(".verdict-wrong")).to_be_visible()
    message = page.locator(".verdict-message").inner_text()
    assert message and "Not right" not in message or kind in ("choice", "order"), message
    page.locator(".hint-form button").click()
    expect(page.locator(".hint").first).to_be_visible()
    give(page, ex, solve(ex).shown)
    expect(page.locator(".verdict-right")).to_be_visible()
    expect(page.locator(".stars")).to_have_attribute("aria-label", re.compile(r"^1 star"))
    assert page.evaluate("document.querySelectorAll('header.site-header').length") == 1


def test_a_wrong_count_explained_in_chinese_and_a_right_one_gets_three_stars(
    page: Page, live_server: str
):
    ex = first_of("number")
    page.goto(f"{live_server}/exercises/{ex.id}")
    page.get_by_role("button", name="中文").click()
    give(page, ex, wrong_answer(ex))
    expect(page.locator(".verdict-message")).to_contain_text(re.compile(r"[\u4e00-\u9fff]"))
    page.goto(f"{live_server}/exercises/{first_of('choice').id}")
    ex2 = first_of("choice")
    give(page, ex2, solve(ex2).shown)
    expect(page.locator(".verdict-right")).to_contain_text("答对了")
    expect(page.locator(".stars")).to_have_attribute("aria-label", re.compile(r"^3 "))


def test_keyboard_only(page: Page, live_server: str):
    ex = first_of("number")
    page.goto(f"{live_server}/exercises/{ex.id}")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.name") == "number":
            break
    else:
        pytest.fail("the answer field cannot be reached with Tab")
    page.keyboard.type(solve(ex).shown)
    page.keyboard.press("Enter")
    expect(page.locator(".verdict-right")).to_be_visible()


def test_on_a_phone_with_no_sideways_scroll_and_no_serious_axe_violation(
    page: Page, live_server: str
):
    from axe_playwright_python.sync_playwright import Axe

    page.set_viewport_size({"width": 360, "height": 740})
    for kind in ("pick-cards", "choose-action", "order"):
        ex = first_of(kind)
        page.goto(f"{live_server}/exercises/{ex.id}")
        give(page, ex, wrong_answer(ex))
        expect(page.locator(".verdict")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, kind
        results = Axe().run(page)
        serious = [
            v for v in results.response["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert not serious, [(v["id"], v["help"]) for v in serious]


def test_without_javascript_the_form_posts_and_the_verdict_shows(browser, live_server: str):
    ctx = browser.new_context(java_script_enabled=False, locale="en-US")
    page = ctx.new_page()
    ex = first_of("true-false")
    page.goto(f"{live_server}/exercises/{ex.id}")
    give(page, ex, solve(ex).shown)
    expect(page.locator(".verdict-right")).to_be_visible()
    assert "done=" in page.url
    ctx.close()
