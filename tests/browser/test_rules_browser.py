"""A game's rules page in the browser: read in both languages, printed on at most two
A4 sheets, on a phone, without JavaScript, accessible; reached from the game's
lessons, practice and play pages, and linking back to the lessons."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from app.engine.core.registry import all_variants

GAMES = [v.id for v in all_variants()]
_PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF as Chromium writes it (one ``/Type /Page`` object a page)."""
    return len(_PAGE.findall(pdf))


def _open(page: Page, live_server: str, game: str, lang: str) -> None:
    page.goto(f"{live_server}/rules/{game}")
    page.get_by_role("button", name=lang).click()
    expect(page.locator("html")).to_have_attribute(
        "lang", "zh-Hans" if lang == "简体中文" else "en"
    )


def test_pdf_page_count_reads_chromium_pdfs(page: Page, live_server: str):
    page.goto(live_server + "/about/cards")
    assert pdf_pages(page.pdf(format="A4")) >= 1
    page.goto("about:blank")  # the site's CSP refuses inline styles
    page.set_content(
        "<p style='break-after: page'>one</p><p style='break-after: page'>two</p><p>three</p>"
    )
    assert pdf_pages(page.pdf(format="A4")) == 3


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["English", "简体中文"])
def test_a_rules_page_prints_on_two_a4_sheets(page: Page, live_server: str, game: str, lang: str):
    _open(page, live_server, game, lang)
    expect(page.get_by_role("heading", level=1)).to_contain_text(
        "规则" if lang == "简体中文" else "Rules"
    )
    expect(page.locator("table.rules-table").first).to_be_visible()
    pdf = page.pdf(format="A4")
    assert 1 <= pdf_pages(pdf) <= 2, (game, lang, pdf_pages(pdf))


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_page_reads_on_a_phone_and_passes_axe(page: Page, live_server: str, game: str):
    from axe_playwright_python.sync_playwright import Axe

    page.set_viewport_size({"width": 360, "height": 740})
    for lang in ("English", "简体中文"):
        _open(page, live_server, game, lang)
        expect(page.get_by_role("heading", level=1)).to_have_count(1)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (game, lang, width)
        results = Axe().run(page)
        serious = [
            v for v in results.response["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert not serious, [(v["id"], v["help"]) for v in serious]


def test_from_the_lessons_to_the_rules_and_back_in_both_languages(page: Page, live_server: str):
    page.goto(live_server + "/lessons/guilin/")
    page.get_by_role("link", name="All the rules of Guilin Dazipai on one page").click()
    expect(page).to_have_url(live_server + "/rules/guilin")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules: Guilin Dazipai")
    expect(page.locator(".variant-note").first).to_contain_text("Tables differ")

    page.get_by_role("button", name="简体中文").click()
    expect(page).to_have_url(live_server + "/rules/guilin")
    expect(page.get_by_role("heading", level=1)).to_have_text("规则：桂林大字牌")
    expect(page.get_by_role("heading", level=2, name="算胡和结算")).to_be_visible()
    expect(page.locator(".variant-note").first).to_contain_text("各地不同")

    # a line of the count leads to the lesson step that teaches it
    section = page.locator("section#count")
    section.get_by_role("link", name="第9课").first.click()
    expect(page).to_have_url(re.compile(r"/lessons/guilin/guilin-09-duo/[a-z-]+$"))
    expect(page.get_by_role("heading", level=2).first).to_be_visible()


def test_practice_and_play_pages_link_to_the_rules(page: Page, live_server: str):
    for path in ("/practice/nantong/", "/play/nantong/"):
        page.goto(live_server + path)
        page.get_by_role(
            "link", name="All the rules of Nantong Changpai (Duzihu) on one page"
        ).click()
        expect(page).to_have_url(live_server + "/rules/nantong")
        expect(page.locator("table.rules-table").first).to_be_visible()


def test_a_rules_page_works_without_javascript(browser: Browser, live_server: str):
    context = browser.new_context(java_script_enabled=False, locale="en-US")
    page = context.new_page()
    page.goto(live_server + "/rules/chuanpai-tricks")
    page.get_by_role("button", name="简体中文").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("规则：四川川牌·打天九")
    expect(page.locator("table.rules-table")).to_have_count(1)
    context.close()
