"""Traditional Chinese in the browser (issue 38): a learner switches to 繁, then walks a
lesson, answers an exercise, tries a practice position and plays a deal, and every page
reads in Traditional characters (no character the conversion never keeps, no 鬍)."""

from __future__ import annotations

import random
import re
from html import unescape

from learner_steps import give, wrong_answer
from playwright.sync_api import Page, expect
from test_languages import simplified_in
from test_play_browser import TABLE, _open_list, _state, _swap
from test_practice_positions_browser import exercise_on, library_position

from app.learning.lessons import path_of
from app.learning.queries import solve


def traditional(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    html = page.content()
    found = simplified_in(html)
    assert not found and "鬍" not in html, (page.url, found)


def test_switch_to_traditional_and_walk_lesson_exercise_practice_and_deal(
    page: Page, live_server: str
):
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("button", name="繁體中文").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("學打中國長牌")
    traditional(page)

    # a lesson, from its list, step by step to its first exercise
    page.goto(live_server + "/lessons/hunan/")
    traditional(page)
    lesson = path_of("hunan")[0]
    page.locator(f'a[href*="/lessons/hunan/{lesson.id}/"]').first.click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    traditional(page)
    first_exercise = next(s for s in lesson.steps if s.exercise)
    page.goto(f"{live_server}/lessons/hunan/{lesson.id}/{first_exercise.id}")
    action = page.locator(".answer-form").first.get_attribute("action") or ""
    from app.learning import bank

    ex = bank.get(unescape(re.search(r"/exercises/(.+?)/answer", action).group(1)))
    give(page, ex, wrong_answer(ex))
    expect(page.locator(".verdict-wrong .verdict-message")).not_to_be_empty()
    traditional(page)
    give(page, ex, solve(ex).shown)
    expect(page.locator(".verdict-right")).to_be_visible()
    traditional(page)

    # a practice position answered wrong: the reason in Traditional
    page.goto(live_server + library_position("chuanpai", "choose-action"))
    ex = exercise_on(page)
    give(page, ex, wrong_answer(ex))
    expect(page.locator(".verdict-wrong .verdict-message")).not_to_be_empty()
    traditional(page)

    # a deal at the table, a few moves through the page
    for _ in range(10):
        page.goto(f"{live_server}/play/")
        page.locator('a[href="/play/guilin/"]').click()
        page.get_by_role("button", name="發牌").click()
        expect(page.locator(TABLE)).to_be_visible()
        if _state(page) != "over":
            break
    traditional(page)
    rng = random.Random("zh-Hant")
    for _ in range(6):
        if _state(page) == "over":
            break
        if _state(page) == "waiting":
            _swap(page, lambda: page.locator(".play-wait button").click())
            continue
        _open_list(page)
        moves = page.locator(".play-moves button.move")
        _swap(page, moves.nth(rng.randrange(moves.count())).click)
        traditional(page)
