"""A learner counts a hand: types it, clicks, sees the count swap in, switches language."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

HAND = "一二三 壹贰叁 二七十 四五六 d4 d5 d6 x8 x8 x8 d9 d9 d9"


def test_count_a_hand_and_switch_language(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.get_by_role("navigation").get_by_role("link", name="Practice").click()
    page.locator(".tool-card").first.get_by_role("link", name="Count a hand").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Count a hand")

    page.get_by_label("Cards in hand").fill(HAND)
    page.get_by_role("button", name="Count").click()
    expect(page.locator(".verdict")).to_have_text("A winning hand: 21 huxi.")
    expect(page.locator(".count-lines").first.locator("li")).to_have_count(8)
    expect(page.locator(".count-total").last).to_have_text("Each other player pays: 3")
    expect(page).to_have_url(
        re.compile(r".*/practice/hunan/count\?hand=.*")
    )  # the swap has its own address
    assert page.evaluate("document.querySelectorAll('header').length") == 1  # a partial, not a page

    page.get_by_role("button", name="简体中文").click()
    expect(page.locator(".verdict")).to_have_text("能胡：21 胡息。")
    expect(page.get_by_label("手里的牌")).to_have_value(HAND)


def test_a_typo_is_named_and_nothing_is_lost(page: Page, live_server: str):
    page.goto(live_server + "/practice/hunan/count")
    page.get_by_label("Cards in hand").fill("x1 x2 x3 x44")
    page.get_by_role("button", name="Count").click()
    expect(page.locator("#hand-error")).to_contain_text("Unknown card 'x44'")
    expect(page.get_by_label("Cards in hand")).to_have_value("x1 x2 x3 x44")


def test_count_page_on_a_phone_and_for_screen_readers(page: Page, live_server: str):
    from axe_playwright_python.sync_playwright import Axe

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(
        live_server
        + "/practice/nantong/count?hand=2b+2b+2b+5t+5t+5t+1w+2w+3w+4w+5w+6w+7t+8t+9t+6b+7b+8b+9b+9b&melds=peng:+hh+hh+hh"
    )
    expect(page.locator(".verdict")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], v["help"]) for v in serious]
