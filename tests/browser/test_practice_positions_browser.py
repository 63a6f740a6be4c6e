"""Practice in the browser, in both languages: a wrong choice explained with what refutes
it, a right one accepted with the rating moving, a shared link opening the same
position, the editor making a code that opens, a bad code refused, a worksheet printed
to PDF by Chromium with its answer key on a page of its own."""

from __future__ import annotations

import re
from html import unescape

import pytest
from learner_steps import give, wrong_answer
from playwright.sync_api import Page, expect

from app.learning import bank, practice
from app.learning.queries import solve


def exercise_on(page: Page):  # type: ignore[no-untyped-def]
    action = page.locator(".answer-form").get_attribute("action") or ""
    return bank.get(unescape(re.search(r"/exercises/(.+)/answer", action).group(1)))


def library_position(game: str, kind: str) -> str:
    for item in practice.library().get(game, []):
        ex = practice.exercise(item.theme, item.seat, item.code)
        if ex is not None and ex.kind == kind:
            return f"/practice/{game}/p/{item.theme}/{item.seat}/{item.code}"
    pytest.skip(f"no {kind} position in the {game} library")


@pytest.mark.parametrize(("game", "lang"), [("guilin", "en"), ("chuanpai-tricks", "zh")])
def test_wrong_then_right_with_the_rating_moving_and_the_link_shared(
    page: Page, live_server: str, game: str, lang: str
):
    url = library_position(game, "choose-action")
    page.goto(live_server + f"/practice/{game}/")
    if lang == "zh":
        page.get_by_role("button", name="中文").click()
    page.goto(live_server + url)
    ex = exercise_on(page)
    give(page, ex, wrong_answer(ex))
    expect(page.locator(".verdict-wrong .verdict-message")).not_to_be_empty()
    expect(page.locator(".verdict-wrong .proof").first).to_be_visible()  # the refutation
    expect(page.locator(".rating-change")).to_be_visible()  # the first attempt rated
    give(page, ex, solve(ex).shown)
    expect(page.locator(".verdict-right")).to_be_visible()
    shared = page.locator("#share-link").input_value()
    page.goto(shared)
    assert exercise_on(page).id == ex.id


def test_the_editor_makes_a_code_that_opens_and_a_bad_code_is_refused(page: Page, live_server: str):
    page.goto(live_server + "/practice/chuanpai/editor?seed=5")
    page.locator(".editor-moves a").first.click()
    expect(page).to_have_url(re.compile(r"editor\?code="))
    code = page.locator("#ed-code").input_value()
    page.goto(live_server + "/practice/chuanpai/editor")
    page.locator("#ed-paste").fill(code)
    page.locator(".editor-paste button").click()
    expect(page.locator("#ed-code")).to_have_value(code)
    page.locator("#ed-paste").fill("v1~chuanpai~-~not-a-position")
    page.locator(".editor-paste button").click()
    expect(page.locator(".editor .errors")).to_be_visible()
    expect(page.locator("#ed-paste")).to_have_value("v1~chuanpai~-~not-a-position")
    page.goto(live_server + "/practice/chuanpai/p/forced/0/v1~chuanpai~-~junk")
    expect(page.locator(".errors")).to_be_visible()


def test_a_worksheet_prints_to_pdf_with_its_key_on_its_own_page(page: Page, live_server: str):
    page.goto(live_server + "/practice/guilin/print?theme=count-hu")
    expect(page.locator(".worksheet-item").first).to_be_visible()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") >= 2
