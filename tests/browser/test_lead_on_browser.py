"""Issue 40 in the browser, both languages: a lesson finished leads into the next;
"continue" from home; a daily goal met and the streak kept across a change of zone;
/today; focus goes to the verdict after an answer and to the hint after a hint."""

from __future__ import annotations

import re

import pytest
from learner_steps import LANG_WIDTH, give, wrong_answer
from playwright.sync_api import Page, expect

from app.learning.lessons import path_of
from app.learning.queries import solve

GAME = "hunan"


def _lang(page: Page, base: str, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base}])


def _walk(page: Page, base: str, lesson) -> None:  # type: ignore[no-untyped-def]
    """Every step of ``lesson``, each exercise answered rightly, then the last link."""
    page.goto(f"{base}/lessons/{GAME}/{lesson.id}/{lesson.steps[0].id}")
    for step in lesson.steps:
        expect(page).to_have_url(re.compile(rf"/lessons/{GAME}/{lesson.id}/{step.id}"))
        if step.exercise is not None:
            give(
                page,
                step.exercise,
                solve(step.exercise).shown,
                page.locator("#lesson-step .exercise"),
            )
            expect(page.locator("#lesson-step .verdict-right")).to_be_visible()
        page.locator(".step-nav a[rel=next]").click()


@pytest.mark.parametrize(("lang", "width"), LANG_WIDTH)
def test_a_lesson_finished_leads_into_the_next_and_home_continues(
    page: Page, live_server: str, lang: str, width: int
):
    page.set_viewport_size({"width": width, "height": 740})
    _lang(page, live_server, lang)
    first, second = path_of(GAME)[:2]
    _walk(page, live_server, first)
    expect(page).to_have_url(re.compile(rf"/lessons/{GAME}/{first.id}/finished$"))
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator(".stars")).to_be_visible()
    nxt = page.locator(".lesson-finished .actions a.button").first
    expect(nxt).to_have_attribute("id", "next-lesson")
    nxt.click()
    expect(page).to_have_url(re.compile(rf"/lessons/{GAME}/{second.id}/{second.steps[0].id}$"))
    page.goto(f"{live_server}/")
    cont = page.locator(".continue-where a.button").first
    expect(cont).to_contain_text(second.title.get(lang))
    cont.click()
    expect(page).to_have_url(re.compile(rf"/lessons/{GAME}/{second.id}/"))
    page.goto(f"{live_server}/lessons/{GAME}/")
    expect(page.locator(".lesson-item").first).to_have_class(re.compile("lesson-done"))


@pytest.mark.parametrize(("lang", "width"), LANG_WIDTH)
def test_focus_goes_to_the_verdict_after_an_answer_and_to_the_hint(
    page: Page, live_server: str, lang: str, width: int
):
    page.set_viewport_size({"width": width, "height": 740})
    _lang(page, live_server, lang)
    lesson = next(ls for ls in path_of(GAME) if ls.exercises)
    step = next(s for s in lesson.steps if s.exercise is not None)
    page.goto(f"{live_server}/lessons/{GAME}/{lesson.id}/{step.id}")
    block = page.locator("#lesson-step .exercise")
    give(page, step.exercise, wrong_answer(step.exercise), block)
    expect(page.locator("#lesson-step .verdict")).to_be_focused()
    page.locator("#lesson-step .hint-form button").click()
    expect(page.locator("#lesson-step .hint").last).to_be_focused()


@pytest.mark.parametrize(("lang", "width"), LANG_WIDTH)
def test_a_daily_goal_met_and_the_streak_kept_across_a_change_of_zone_and_today(
    browser, live_server: str, lang: str, width: int
):
    context = browser.new_context(
        timezone_id="Asia/Shanghai",
        viewport={"width": width, "height": 740 if width < 400 else 800},
    )
    page = context.new_page()
    try:
        _lang(page, live_server, lang)
        page.goto(f"{live_server}/today")
        # the browser's zone is kept (zone.js)
        for _ in range(50):
            if any(c["name"] == "tz" for c in context.cookies()):
                break
            page.wait_for_timeout(100)
        assert {c["name"]: c["value"] for c in context.cookies()}.get("tz") == "Asia/Shanghai"
        page.locator("#goal").select_option("5")
        page.locator(".goal-form button[type=submit]").click()
        expect(page.locator("#goal")).to_have_value("5")
        lesson = path_of(GAME)[0]
        exercises = [s for s in lesson.steps if s.exercise is not None]
        n = 0
        while n < 5:
            for st in exercises:
                page.goto(f"{live_server}/lessons/{GAME}/{lesson.id}/{st.id}")
                give(
                    page,
                    st.exercise,
                    wrong_answer(st.exercise),
                    page.locator("#lesson-step .exercise"),
                )
                expect(page.locator("#lesson-step .verdict")).to_be_visible()
                n += 1
                if n == 5:
                    break
        page.goto(f"{live_server}/")
        streak = page.locator(".streak")
        expect(streak.locator(".goal-met")).to_be_visible()
        expect(streak.locator(".streak-days")).to_contain_text(
            "连续 1 天" if lang == "zh" else "1 day in a row"
        )
        # sign up (the record comes along) and move to the other side of the world
        page.goto(f"{live_server}/account/signup")
        page.locator("#username").fill(f"goal{lang}{width}")
        page.locator("#password").fill("long-cards-1")
        page.locator("#confirm").fill("long-cards-1")
        page.locator("main form button.button").click()
        expect(page).not_to_have_url(re.compile(r"signup"))
        page.goto(f"{live_server}/account/")
        page.locator("#timezone").fill("America/Los_Angeles")
        page.locator("#day-form button[type=submit]").click()
        expect(page.locator("#timezone")).to_have_value("America/Los_Angeles")
        page.goto(f"{live_server}/progress/")
        expect(page.locator(".streak .goal-met")).to_be_visible()
        expect(page.locator(".streak .streak-days")).to_contain_text(
            "连续 1 天" if lang == "zh" else "1 day in a row"
        )
        # today's practice: the lesson under way and two positions at the learner's level
        page.goto(f"{live_server}/today")
        expect(page.locator("h1")).to_have_count(1)
        expect(page.locator("a.today-lesson")).to_have_count(1)
        expect(page.locator("a.today-position")).to_have_count(2)
        page.locator("a.today-position").first.click()
        expect(page).to_have_url(re.compile(r"/practice/[a-z-]+/p/"))
        expect(page.locator(".exercise")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_time_up_ends_the_trainers_run_with_a_restart_button(
    page: Page, live_server: str, lang: str
):
    _lang(page, live_server, lang)
    page.clock.install()
    page.goto(f"{live_server}/train/zipai?mode=name")
    expect(page.locator(".trainer-clock")).to_be_visible()
    page.clock.run_for(62_000)
    again = page.locator(".trainer-restart")
    expect(again).to_be_visible()
    expect(again).to_be_focused()
    expect(again).to_have_text("再来一分钟" if lang == "zh" else "Start a new minute")
    expect(page.locator("#trainer .exercise")).to_be_hidden()
    again.click()
    expect(page.locator("#trainer .exercise")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_share_link_has_a_copy_button(page: Page, live_server: str, lang: str):
    from app.learning import practice

    _lang(page, live_server, lang)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    theme = sorted(practice.themes("nantong"))[0]
    page.goto(f"{live_server}/practice/nantong/next?theme={theme}")
    field = page.locator("#share-link")
    if not field.count():
        pytest.skip("no position found in this run")
    button = page.locator("button.copy-link")
    expect(button).to_have_text("复制链接" if lang == "zh" else "Copy the link")
    button.click()
    expect(page.locator(".copy-said")).to_have_text("链接已复制" if lang == "zh" else "Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == field.input_value()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_phone_header_takes_at_most_a_fifth_of_the_screen(
    page: Page, live_server: str, lang: str
):
    page.set_viewport_size({"width": 360, "height": 740})
    _lang(page, live_server, lang)
    page.goto(f"{live_server}/lessons/")
    height = page.locator("header.site-header").bounding_box()["height"]
    assert height <= 740 / 5, height


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_new_pages_have_no_serious_accessibility_violation(
    page: Page, live_server: str, lang: str
):
    from axe_playwright_python.sync_playwright import Axe

    _lang(page, live_server, lang)
    lesson = path_of(GAME)[0]
    step = next(s for s in lesson.steps if s.exercise is not None)
    page.goto(f"{live_server}/lessons/{GAME}/{lesson.id}/{step.id}")
    give(page, step.exercise, wrong_answer(step.exercise), page.locator("#lesson-step .exercise"))
    expect(page.locator("#lesson-step .verdict")).to_be_visible()
    for address in (
        "/today",
        "/",
        "/progress/",
        f"/lessons/{GAME}/{lesson.id}/finished",
        f"/lessons/{GAME}/",
        "/glossary?q=pao",
    ):
        page.goto(live_server + address)
        results = Axe().run(page)
        serious = [
            v for v in results.response["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert not serious, (address, [(v["id"], v["help"]) for v in serious])
