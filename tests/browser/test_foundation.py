"""What a person does in the browser: read, switch language, follow links, sign up."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect


def test_home_switch_language_and_follow_a_link(page: Page, live_server: str):
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # Chromium asks for en-US
    expect(page.get_by_role("heading", level=1)).to_have_text("Learn the Chinese long-card games")

    page.get_by_role("button", name="简体中文").click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(page.get_by_role("heading", level=1)).to_have_text("学打中国长牌")
    expect(page).to_have_url(live_server + "/")

    page.get_by_role("link", name="认识三类牌").click()
    expect(page).to_have_url(live_server + "/about/cards")
    expect(page.get_by_role("heading", level=1)).to_have_text("认识这些牌")

    # the switch keeps the learner on the same page
    page.get_by_role("button", name="English").click()
    expect(page).to_have_url(live_server + "/about/cards")
    expect(page.get_by_role("heading", level=1)).to_have_text("About these cards")


def test_visitor_signs_up_and_keeps_language(page: Page, live_server: str):
    name = "u" + uuid.uuid4().hex[:8]
    page.goto(live_server + "/")
    page.get_by_role("button", name="简体中文").click()
    page.get_by_role("navigation").get_by_role("link", name="注册").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("注册")

    # a mistake first: the form is swapped in place, with the input kept and a Chinese error
    page.get_by_label("用户名").fill(name)
    page.get_by_label("密码", exact=True).fill("short")
    page.get_by_label("再输一次密码").fill("short")
    page.get_by_role("button", name="创建账号").click()
    expect(page.locator("#signup-form .errors")).to_contain_text("密码至少 8 个字符")
    expect(page.get_by_label("用户名")).to_have_value(name)

    page.get_by_label("密码", exact=True).fill("long-cards-1")
    page.get_by_label("再输一次密码").fill("long-cards-1")
    page.get_by_role("button", name="创建账号").click()
    expect(page.locator(".flash")).to_contain_text(name)
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")

    # a new browser context (another device) signs in and gets Chinese from the account
    other = page.context.browser.new_context(locale="en-US")
    p2 = other.new_page()
    p2.goto(live_server + "/account/signin")
    expect(p2.locator("html")).to_have_attribute("lang", "en")
    p2.get_by_label("Username").fill(name)
    p2.get_by_label("Password").fill("long-cards-1")
    p2.get_by_role("button", name="Sign in").click()
    expect(p2.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(p2.get_by_role("heading", level=1)).to_have_text("学打中国长牌")
    other.close()


def test_failed_swap_shows_a_localized_message(page: Page, live_server: str):
    page.goto(live_server + "/account/signin")
    page.route(
        re.compile(r".*/account/signin.*"),
        lambda route: (
            route.fulfill(status=500, body="x")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.get_by_label("Username").fill("someone")
    page.get_by_label("Password").fill("whatever1")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("could not be updated (error 500)")
    expect(page.get_by_label("Username")).to_have_value("someone")


def test_keyboard_reaches_the_language_switch_with_visible_focus(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.lang-switch') !== null"):
            break
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_phone_width_has_no_sideways_scroll(page: Page, live_server: str):
    page.set_viewport_size({"width": 360, "height": 740})
    for path in ("/", "/about/cards", "/account/signup"):
        page.goto(live_server + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (path, width)


def test_home_has_no_serious_accessibility_violations(page: Page, live_server: str):
    from axe_playwright_python.sync_playwright import Axe

    for lang in ("English", "简体中文"):
        page.goto(live_server + "/")
        page.get_by_role("button", name=lang).click()
        results = Axe().run(page)
        serious = [
            v for v in results.response["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert not serious, [(v["id"], v["help"]) for v in serious]
