"""The card pictures, galleries and a hand in a real browser: names, selection by mouse
and keyboard, a phone-width screen, and an axe-core accessibility check."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from app.cards.demo import demo_table
from app.text.cards import families

CARD_IMGS = """(root) => Array.from(document.querySelectorAll(root + ' img.card')).map(img => {
  const r = img.getBoundingClientRect();
  return {alt: img.alt, title: img.title, src: img.getAttribute('src'),
          w: r.width, h: r.height, left: r.left, right: r.right, loaded: img.naturalWidth > 0};
})"""


def use_language(page: Page, base: str, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base}])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_gallery_shows_every_card_with_its_name(page: Page, live_server: str, lang: str):
    use_language(page, live_server, lang)
    for fam in families().values():
        page.goto(f"{live_server}/cards/{fam.id}")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans" if lang == "zh" else "en")
        imgs = page.evaluate(CARD_IMGS, ".gallery-grid")
        by_src = {i["src"].split("?", 1)[0]: i for i in imgs}  # less the ?v= fingerprint
        for c in fam.cards:
            img = by_src[f"/static/{c.svg_path}"]
            assert img["alt"] == img["title"] == c.label(lang)
            assert img["w"] > 40 and img["h"] > 3 * img["w"], "drawn long and narrow"
        # every picture has loaded (the files exist and the CSP lets them in)
        page.wait_for_function(
            "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"
        )
        # the accessible name as a screen reader gets it, for a sample card
        sample = fam.cards[-1]
        expect(page.get_by_role("img", name=sample.label(lang), exact=True).first).to_be_visible()


def test_select_cards_by_mouse_and_submit(page: Page, live_server: str):
    page.goto(f"{live_server}/cards/table")
    hand = page.locator(".seat-you fieldset.hand")
    boxes = hand.get_by_role("checkbox")
    expect(boxes).to_have_count(21)
    hand.locator("label.pick").nth(0).click()
    hand.locator("label.pick").nth(4).click()
    hand.locator("label.pick").nth(7).click()
    hand.locator("label.pick").nth(7).click()  # a second click puts it back
    expect(boxes.nth(0)).to_be_checked()
    expect(boxes.nth(4)).to_be_checked()
    expect(boxes.nth(7)).not_to_be_checked()
    expect(page.locator("[data-pick-status]")).to_have_text("2 selected")
    chosen = [boxes.nth(0).get_attribute("value"), boxes.nth(4).get_attribute("value")]

    page.get_by_role("button", name="Show my choice").click()
    expect(page.locator(".picked")).to_contain_text("You chose:")
    expect(page.locator(".picked-list img")).to_have_count(2)
    assert "pick=" in page.url
    checked = page.locator(".seat-you input:checked")
    expect(checked).to_have_count(2)
    assert sorted(checked.evaluate_all("els => els.map(e => e.value)")) == sorted(chosen)


def test_select_cards_by_keyboard(page: Page, live_server: str):
    page.goto(f"{live_server}/cards/table")
    boxes = page.locator(".seat-you fieldset.hand").get_by_role("checkbox")
    boxes.first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # plain tab order reaches the next card
    page.keyboard.press("ArrowRight")  # and so do the arrow keys
    page.keyboard.press("Space")
    page.keyboard.press("End")
    page.keyboard.press("Space")
    expect(boxes.nth(0)).to_be_checked()
    expect(boxes.nth(1)).not_to_be_checked()
    expect(boxes.nth(2)).to_be_checked()
    expect(boxes.nth(20)).to_be_checked()
    expect(page.locator(".seat-you input:checked")).to_have_count(3)
    # the focused card shows a focus ring
    outline = boxes.nth(20).evaluate("el => getComputedStyle(el.nextElementSibling).outlineStyle")
    assert outline == "solid"
    # the checkbox is named by its card
    label = boxes.nth(0).evaluate("el => el.nextElementSibling.alt")
    expect(page.get_by_role("checkbox", name=label, exact=True).first).to_be_attached()


@pytest.mark.parametrize(("family_id", "size"), [("zipai", 21), ("nantong", 23)])
def test_hand_fits_a_360px_phone_without_sideways_scroll(
    page: Page, live_server: str, family_id: str, size: int
):
    page.set_viewport_size({"width": 360, "height": 740})
    use_language(page, live_server, "zh")
    page.goto(f"{live_server}/cards/table?family={family_id}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    cards = page.evaluate(CARD_IMGS, ".seat-you .hand")
    assert len(cards) == size == len(demo_table(family_id, 3, hand_size=size).seats[0].hand or [])
    for c in cards:
        assert c["left"] >= 0 and c["right"] <= 360
        assert c["w"] >= 24, "legible: at least 24 px wide"
    for url in ("/cards/zipai", "/cards/chuanpai", "/cards/nantong", "/cards/"):
        page.goto(live_server + url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, url


@pytest.mark.parametrize(
    ("url", "lang"),
    [
        ("/cards/table", "en"),
        ("/cards/chuanpai", "zh"),
        ("/cards/nantong", "en"),
        ("/cards/", "zh"),
    ],
)
def test_no_serious_accessibility_violations(page: Page, live_server: str, url: str, lang: str):
    use_language(page, live_server, lang)
    page.goto(live_server + url)
    results = Axe().run(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []


def test_select_cards_by_tap_on_a_phone(page: Page, live_server: str):
    assert page.context.browser
    phone = page.context.browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, locale="zh-CN"
    )
    try:
        p = phone.new_page()
        p.goto(f"{live_server}/cards/table?family=chuanpai")
        boxes = p.locator(".seat-you fieldset.hand").get_by_role("checkbox")
        p.locator(".seat-you label.pick").nth(2).tap()
        p.locator(".seat-you label.pick").nth(3).tap()
        expect(boxes.nth(2)).to_be_checked()
        expect(boxes.nth(3)).to_be_checked()
        expect(p.locator("[data-pick-status]")).to_have_text("已选 2 张")
        p.locator(".seat-you label.pick").nth(3).tap()
        expect(boxes.nth(3)).not_to_be_checked()
    finally:
        phone.close()


@pytest.mark.parametrize("family_id", ["zipai", "nantong"])
def test_fanned_hand_shows_and_picks_every_card_on_a_phone(
    page: Page, live_server: str, family_id: str
):
    page.set_viewport_size({"width": 360, "height": 2400})  # tall: the hand is on screen
    page.goto(f"{live_server}/cards/table?family={family_id}&fan=1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the top end of every card is uncovered: a tap there lands on that card's checkbox
    hits = page.evaluate(
        """() => Array.from(document.querySelectorAll('.seat-you .pick')).map(label => {
             const r = label.getBoundingClientRect();
             const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.width * 0.6);
             return el === label.querySelector('input');
           })"""
    )
    assert hits and all(hits)
    page.locator(".seat-you label.pick").last.click()
    expect(page.locator(".seat-you input:checked")).to_have_count(1)


#: every element of a table that sticks out of its panel (a seat or the middle), and
#: every panel wider inside than it is (scrollWidth over clientWidth)
TABLE_OVERFLOW = """() => {
  const out = [];
  for (const t of document.querySelectorAll('.card-table')) {
    const tr = t.getBoundingClientRect();
    if (tr.right > document.documentElement.clientWidth + 0.5) out.push({table: tr.right});
    for (const panel of t.querySelectorAll(':scope > .seat, :scope > .table-centre')) {
      const p = panel.getBoundingClientRect();
      if (panel.scrollWidth > panel.clientWidth + 1)
        out.push({panel: panel.className, scroll: panel.scrollWidth, client: panel.clientWidth});
      for (const el of panel.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width && (r.left < p.left - 0.5 || r.right > p.right + 0.5))
          out.push({panel: panel.className, el: el.tagName + '.' + el.className,
                    left: r.left, right: r.right, panelLeft: p.left, panelRight: p.right});
      }
    }
  }
  return out.slice(0, 5);
}"""


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(
    "url",
    [
        "/lessons/chuanpai-tricks/tj-09-fan/baopai-ex",  # a seat with 16 cards laid out
        "/exercises/tj-09-fan.baopai-ex",
        "/cards/table?family=chuanpai",
        "/cards/table?family=zipai",
        "/cards/table?family=nantong",
    ],
)
def test_a_table_keeps_every_card_inside_its_panel_on_a_phone(
    page: Page, live_server: str, url: str, lang: str
):
    page.set_viewport_size({"width": 360, "height": 740})
    use_language(page, live_server, lang)
    page.goto(live_server + url)
    assert page.locator(".card-table").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate(TABLE_OVERFLOW) == []
    for c in page.evaluate(CARD_IMGS, ".card-table"):
        assert c["w"] >= 18, "legible: every card at least 18 px wide"
