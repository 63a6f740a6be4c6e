"""Practice in the browser, in both languages: a wrong choice explained with what refutes
it, a right one accepted with the rating moving, a shared link opening the same
position, the editor making a code that opens, a bad code refused, a worksheet printed
to PDF by Chromium with its answer key on a page of its own."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote

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
        page.get_by_role("button", name="简体中文").click()
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


def choose_language(page: Page, live_server: str, lang: str) -> None:
    page.goto(live_server + "/practice/")
    if lang == "zh":
        page.get_by_role("button", name="简体中文").click()
    else:
        page.get_by_role("button", name="English").click()


EDITOR_TEXT = {
    "en": ("This position asks a question of this theme.", "No deal can reach this position"),
    "zh": ("这个局面可以出这个主题的题。", "没有哪一局能打到这个局面"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_editor_picks_cards_checks_live_and_makes_a_code_that_opens(
    page: Page, live_server: str, lang: str
):
    choose_language(page, live_server, lang)
    page.goto(live_server + "/practice/hunan/editor?seed=5")
    before = page.locator("#ed-code").input_value()
    boxes = page.locator(".editor-hand-pick input[name=pick]")
    values = [boxes.nth(i).get_attribute("value") for i in range(boxes.count())]
    ticked = [boxes.nth(i).is_checked() for i in range(boxes.count())]
    give_up = ticked.index(True)
    take = next(i for i, t in enumerate(ticked) if not t and values[i] != values[give_up])
    for i in (give_up, take):  # a click or tap on the card, as a learner does
        boxes.nth(i).locator("xpath=..").click()
    assert not boxes.nth(give_up).is_checked() and boxes.nth(take).is_checked()
    page.locator(".editor-hand-pick button[type=submit]").click()
    expect(page.locator("#ed-code")).not_to_have_value(before)
    swapped = page.locator(".editor-hand-pick input[name=pick]:checked")
    held = [swapped.nth(i).get_attribute("value") for i in range(swapped.count())]
    assert values[take] in held and len(held) == ticked.count(True)

    item = next(i for i in practice.library()["hunan"] if i.theme == "forced")
    page.goto(live_server + "/practice/hunan/editor?code=" + quote(item.code))
    page.locator("#ed-theme").select_option(item.theme)  # checked at once (htmx, on change)
    expect(page.locator(".editor .verdict")).to_be_visible()
    page.locator("#ed-seat").select_option(str(item.seat))  # and again for the seat
    expect(page.locator(".verdict-win")).to_contain_text(EDITOR_TEXT[lang][0])
    expect(page).to_have_url(re.compile(r"editor\?code=.*theme=" + item.theme))
    link = page.locator("#ed-link").input_value()
    page.goto(link)
    assert exercise_on(page).id == practice.exercise_id(item.theme, item.seat, item.code)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bad_or_impossible_code_is_refused_with_a_clear_message(
    page: Page, live_server: str, lang: str
):
    from app.engine.core.registry import find_game

    choose_language(page, live_server, lang)
    page.goto(live_server + "/practice/chuanpai/editor")
    page.locator("#ed-paste").fill("v1~chuanpai~-~not-a-position")
    page.locator(".editor-paste button").click()
    expect(page.locator(".editor .errors")).to_be_visible()
    expect(page.locator("#ed-paste")).to_have_value("v1~chuanpai~-~not-a-position")
    resp = page.goto(live_server + "/practice/chuanpai/p/forced/0/v1~chuanpai~-~junk")
    assert resp is not None and resp.status == 422
    expect(page.locator(".errors")).to_be_visible()

    game = find_game("nantong")  # five copies of a card: read, but no deal reaches it
    data = game.to_json(game.decode(practice.library()["nantong"][0].code))
    data["hands"][1].extend([data["hands"][1][0]] * 4)
    code = game.encode(game.read_position(data, {}))
    resp = page.goto(live_server + "/practice/nantong/p/forced/1/" + code)
    assert resp is not None and resp.status == 422
    expect(page.locator(".errors")).to_contain_text(EDITOR_TEXT[lang][1])


@pytest.mark.parametrize(("game", "lang"), [("guilin", "en"), ("nantong", "zh")])
def test_a_worksheet_prints_to_pdf_with_its_key_on_its_own_page(
    page: Page, live_server: str, game: str, lang: str
):
    """One position fits a page; its answer key takes a second page of its own (the
    same sheet without the key prints on one page)."""
    choose_language(page, live_server, lang)
    item = practice.library()[game][0]
    page.goto(
        live_server
        + f"/practice/{game}/print?code="
        + quote(f"{item.theme}:{item.seat}:{item.code}")
    )
    expect(page.locator(".worksheet-item")).to_have_count(1)
    pages = lambda pdf: pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")  # noqa: E731
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and pages(pdf) == 2
    page.evaluate("document.querySelector('.answer-key').remove()")
    assert pages(page.pdf(format="A4")) == 1

    page.goto(live_server + "/practice/guilin/print?theme=count-hu")
    expect(page.locator(".worksheet-item")).to_have_count(12)
    assert pages(page.pdf(format="A4")) >= 3
