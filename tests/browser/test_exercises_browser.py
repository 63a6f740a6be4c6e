"""A learner answers exercises of every kind in the browser: a wrong answer explained
(its misconception, the refutation, the lesson step), a hint, a right answer with its
proof and stars; every kind in both languages (cards typed in one, picked by clicking
in the other), by keyboard (the card picker too), on a phone, without JavaScript, with
no serious accessibility violation; and the count tool's card picker."""

from __future__ import annotations

import re

import pytest
from learner_steps import give, wrong_answer
from playwright.sync_api import Page, expect

from app.learning import bank
from app.learning.exercise import KINDS, Exercise
from app.learning.judge import judge
from app.learning.queries import solve
from app.learning.verdict import Proof
from app.ui import present


def first_of(kind: str) -> Exercise:
    for ex in bank.demo_set():
        if ex.kind == kind:
            return ex
    pytest.skip(f"no demo exercise of kind {kind}")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_wrong_then_hint_then_right(page: Page, live_server: str, kind: str, lang: str):
    ex = first_of(kind)
    page.goto(f"{live_server}/exercises/{ex.id}")
    if lang == "zh":
        page.get_by_role("button", name="简体中文").click()
    expect(page.locator("html")).to_have_attribute("lang", re.compile(rf"^{lang}"))
    page.evaluate("window.stillThisPage = true")  # every step below is swapped in place
    give(page, ex, wrong_answer(ex), by_click=lang == "zh")
    expect(page.locator(".verdict-wrong")).to_be_visible()
    message = page.locator(".verdict-message").inner_text()
    assert message and "{" not in message, message
    if lang == "zh":
        assert re.search(r"[\u4e00-\u9fff]", message), message
    if present.lesson_step(ex, judge(ex, wrong_answer(ex)).misconception.code):
        expect(page.locator(".verdict-lesson a")).to_have_attribute("href", re.compile("/lessons/"))
    if kind == "choose-action":  # the refused action's reason, or what the action leads to
        expect(page.locator(".verdict .proof")).to_be_visible()
    page.locator(".hint-form button").click()
    expect(page.locator(".hint").first).to_be_visible()
    give(page, ex, solve(ex).shown, by_click=lang == "zh")
    expect(page.locator(".verdict-right")).to_be_visible()
    if solve(ex).proof != Proof():
        expect(page.locator(".verdict-right .proof")).to_be_visible()  # the engine's proof
    expect(page.locator(".stars")).to_have_attribute("aria-label", re.compile(r"^1 "))
    assert page.evaluate("document.querySelectorAll('header.site-header').length") == 1
    assert page.evaluate("window.stillThisPage === true")


def test_a_wrong_count_explained_in_chinese_and_a_right_one_gets_three_stars(
    page: Page, live_server: str
):
    ex = first_of("number")
    page.goto(f"{live_server}/exercises/{ex.id}")
    page.get_by_role("button", name="简体中文").click()
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


def test_the_card_picker_by_keyboard_in_an_exercise(page: Page, live_server: str):
    ex = first_of("pick-cards")
    page.goto(f"{live_server}/exercises/{ex.id}")
    want = solve(ex).shown.split()
    page.locator(".exercise input[name=pick]").first.focus()
    boxes = page.locator(".exercise input[name=pick]")
    ticked = []
    for i in range(boxes.count()):
        value = boxes.nth(i).get_attribute("value")
        if value in want and ticked.count(value) < want.count(value):
            page.keyboard.press("Space")  # a real checkbox: Space ticks it
            ticked.append(value)
        page.keyboard.press("Tab")
    assert sorted(ticked) == sorted(want)
    while page.evaluate("document.activeElement.type") != "submit":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".verdict-right")).to_be_visible()


def test_the_count_tool_builds_a_hand_with_the_card_picker(page: Page, live_server: str):
    """No token typed: the hand is ticked in the picker by click (and one by keyboard)."""
    hand = [
        "x1",
        "x2",
        "x3",
        "d1",
        "d2",
        "d3",
        "x2",
        "x7",
        "x10",
        "x4",
        "x5",
        "x6",
        "d4",
        "d5",
        "d6",
        "x8",
        "x8",
        "x8",
        "d9",
        "d9",
        "d9",
    ]
    page.goto(f"{live_server}/practice/hunan/count")
    page.locator(".count-picker summary").click()
    boxes = page.locator(".count-picker input[name=pick]")
    expect(boxes).to_have_count(80)  # every copy of every card of the deck
    for token in sorted(set(hand)):
        copies = page.locator(f'.count-picker input[name=pick][value="{token}"]')
        for i in range(hand.count(token)):
            if token == "d9" and i == 2:
                copies.nth(i).focus()
                page.keyboard.press("Space")
            else:
                copies.nth(i).locator("xpath=..").click()
    expect(page.locator(".count-picker input[name=pick]:checked")).to_have_count(len(hand))
    page.get_by_role("button", name="Count").click()
    expect(page.locator(".verdict")).to_have_text("A winning hand: 21 huxi.")
    expect(page.locator(".count-picker input[name=pick]:checked")).to_have_count(len(hand))
    expect(page.get_by_label("Cards in hand")).to_have_value("")
