"""Play on the cards (issue 39): a whole deal of each game played by tapping cards and
the claims' own buttons only, one by the keyboard only, one without JavaScript; an
illegal selection says why before anything is sent; the hand, the card on offer and the
controls fit one screen at 360 x 740 and at 1280 x 800."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from app.extensions import db
from app.learning.models import PlayDeal

GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]
DEAL = {"en": "Deal the cards", "zh": "发牌"}
TABLE = "#play-table"
HAND = ".seat-you [data-hand] input[type=checkbox]"


def _state(page: Page) -> str:
    return str(page.locator(TABLE).get_attribute("data-state"))


def _new_deal(page: Page, live_server: str, game: str, lang: str) -> None:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    for _ in range(10):  # a few deals end before the learner decides: deal another
        page.goto(f"{live_server}/play/{game}/")
        page.get_by_role("button", name=DEAL[lang]).click()
        expect(page.locator(TABLE)).to_be_visible()
        if _state(page) != "over":
            return
    raise AssertionError("ten deals over before the learner's first decision")


def _moves(page: Page) -> list[dict[str, Any]]:
    raw = page.locator(".play-controls").get_attribute("data-play-moves")
    return list(json.loads(raw or "[]"))


def _mark(page: Page) -> None:
    page.evaluate("document.querySelector('#play-table').dataset.old = '1'")


def _swapped(page: Page) -> bool:
    return bool(page.evaluate("!document.querySelector('#play-table').dataset.old"))


def _wait_swap(page: Page) -> None:
    page.wait_for_selector("#play-table:not([data-old])", state="attached")
    page.wait_for_load_state()


def _tap_card(page: Page, token: str) -> None:
    """Tap the top end of an unticked card of that kind (the rows overlap in a fan)."""
    box = page.locator(f'{HAND}[value="{token}"]:not(:checked)').first
    box.click(position={"x": 6, "y": 8})


def _wait_turn(page: Page) -> None:
    while _state(page) == "waiting":  # no pace in tests: "Continue" plays the others
        _mark(page)
        page.locator(".play-wait button").click()
        _wait_swap(page)


def _same_cards(moves: list[dict[str, Any]], move: dict[str, Any]) -> int:
    return sum(1 for m in moves if sorted(m["h"]) == sorted(move["h"]))


def _one_tap(moves: list[dict[str, Any]], move: dict[str, Any]) -> bool:
    """A tap plays it at once: a one-card move, no claim open, no other move of that card,
    no move of several cards with it (as the table's script decides)."""
    if len(move["h"]) != 1 or any(m["c"] for m in moves):
        return False
    card = move["h"][0]
    return _same_cards(moves, move) == 1 and not any(
        len(m["h"]) > 1 and card in m["h"] for m in moves
    )


def _play_by_taps(page: Page, move: dict[str, Any], moves: list[dict[str, Any]]) -> None:
    value = move["v"]
    _mark(page)
    if move["c"]:
        page.locator(f'.play-claims button[value="{value}"]').click()
    elif not move["h"]:
        page.locator(f'.play-plain button[value="{value}"]').click()
    else:
        for token in move["h"]:
            _tap_card(page, token)
        if not _one_tap(moves, move):
            page.locator(f'.play-choices button[value="{value}"]').click()
    _wait_swap(page)
    expect(page.locator(".play-error")).to_have_count(0)


def _illegal_pair(page: Page, moves: list[dict[str, Any]]) -> list[str] | None:
    """Two cards of the hand that make no move together."""
    tokens = page.locator(HAND).evaluate_all("bs => bs.map(b => b.value)")
    made = {tuple(sorted(m["h"])) for m in moves}
    for i, a in enumerate(tokens):
        for b in tokens[i + 1 :]:
            if tuple(sorted((a, b))) not in made:
                return [a, b]
    return None


def _deal_of(app: Flask, page: Page) -> PlayDeal:
    deal_id = page.url.split("?")[0].split("#")[0].rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        row = db.session.get(PlayDeal, deal_id)
        assert row is not None
        db.session.expunge(row)
        return row


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 360, 740), ("zh", 1280, 800)])
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_played_on_the_cards(
    page: Page, live_server: str, live_app: Flask, game: str, lang: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    _new_deal(page, live_server, game, lang)
    rng = random.Random(f"{game}/{lang}/cards")
    explained = False
    decisions = 0
    page.evaluate("window.sameDocument = true")
    while _state(page) != "over":
        _wait_turn(page)
        if _state(page) == "over":
            break
        assert decisions < 300, "the deal does not end"
        expect(page.locator("[data-play-list]")).not_to_have_attribute("open", "")
        moves = _moves(page)
        if not explained and (pair := _illegal_pair(page, moves)) is not None:
            # ticked with Space (a tap may play a one-card move at once): the reason shows
            # before anything is sent, and nothing is sent
            for token in pair:
                page.locator(f'{HAND}[value="{token}"]:not(:checked)').first.focus()
                page.keyboard.press("Space")
            hint = page.locator("[data-play-hint].play-why")
            expect(hint).to_be_visible()
            assert hint.inner_text().strip()
            assert not re.search(r"\b(zp|cp|nt|play)-[a-z]", hint.inner_text())  # no code
            expect(page.locator(".play-choices .play-confirm")).to_have_count(0)
            page.locator(".play-clear").click()
            expect(page.locator(f"{HAND}:checked")).to_have_count(0)
            explained = True
        _play_by_taps(page, rng.choice(moves), moves)
        decisions += 1
    assert page.evaluate("window.sameDocument === true")  # every move an htmx swap
    deal = _deal_of(live_app, page)
    assert deal.status == "over" and sum(1 for m in deal.moves if m.get("decision")) == decisions
    expect(page.locator(".play-end")).to_be_visible()


def _press_until(page: Page, key: str, test: str, limit: int = 120) -> None:
    for _ in range(limit):
        if page.evaluate(test):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{test} never true")


def _go_to_card(page: Page, token: str) -> None:
    """Arrow keys along the hand to an unticked card of that kind."""
    index = page.evaluate(
        """t => { const bs = [...document.querySelectorAll('.seat-you [data-hand] input[type=checkbox]')];
        return [bs.indexOf(document.activeElement), bs.findIndex(b => b.value === t && !b.checked)]; }""",
        token,
    )
    here, there = index
    assert here >= 0 and there >= 0, index
    key = "ArrowRight" if there > here else "ArrowLeft"
    for _ in range(abs(there - here)):
        page.keyboard.press(key)


@pytest.mark.parametrize(
    ("game", "lang", "width", "height"),
    [("hunan", "en", 1280, 800), ("chuanpai-tricks", "zh", 360, 740), ("nantong", "zh", 360, 740)],
)
def test_a_whole_deal_by_the_keyboard_only(
    page: Page, live_server: str, game: str, lang: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    _new_deal(page, live_server, game, lang)
    rng = random.Random(f"keyboard/{game}")
    in_table = "!!document.activeElement.closest('#play-table')"
    _press_until(page, "Tab", in_table)  # from the top of the page into the table
    decisions = 0
    while _state(page) != "over":
        assert decisions < 300
        if _state(page) == "waiting":
            _press_until(page, "Tab", "document.activeElement.closest('.play-wait') !== null")
            _mark(page)
            page.keyboard.press("Enter")
            _wait_swap(page)
            continue
        moves = _moves(page)
        move = rng.choice(moves)
        _mark(page)
        if move["c"] or not move["h"]:
            _press_until(
                page, "Tab", f"document.activeElement.value === {json.dumps(move['v'])}", 300
            )
            page.keyboard.press("Enter")
        else:
            _press_until(
                page, "Tab", "document.activeElement.closest('.seat-you [data-hand]') !== null", 300
            )
            for token in move["h"]:
                _go_to_card(page, token)
                page.keyboard.press("Space")
            page.keyboard.press("Enter")
            if _same_cards(moves, move) > 1:  # several moves take these cards: Tab to one
                _press_until(
                    page, "Tab", f"document.activeElement.value === {json.dumps(move['v'])}"
                )
                page.keyboard.press("Enter")
        _wait_swap(page)
        expect(page.locator(".play-error")).to_have_count(0)
        decisions += 1
        assert page.evaluate(in_table), "the focus stays at the table after a move"
    expect(page.locator(".play-end")).to_be_visible()


@pytest.mark.parametrize(
    ("game", "lang", "width"), [("nantong", "en", 1280), ("chuanpai-tricks", "zh", 360)]
)
def test_a_whole_deal_without_javascript(
    browser: Browser, live_server: str, game: str, lang: str, width: int
) -> None:
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": width, "height": 800}
    )
    page = context.new_page()
    try:
        _new_deal(page, live_server, game, lang)
        rng = random.Random(f"no script/{game}")
        decisions = 0
        while _state(page) != "over":
            assert decisions < 300
            if _state(page) == "waiting":
                page.locator(".play-wait button").click()
                continue
            list_ = page.locator("[data-play-list]")
            expect(list_).to_have_attribute("open", "")  # the list of moves stays open
            claims = page.locator(".play-claims button")
            if claims.count() and rng.random() < 0.5:  # a claim's own button, drawn as cards
                claims.nth(rng.randrange(claims.count())).click()
            else:
                moves = page.locator(".play-moves button.move")
                moves.nth(rng.randrange(moves.count())).click()
            expect(page.locator(".play-error")).to_have_count(0)
            decisions += 1
        expect(page.locator(".play-end")).to_be_visible()
    finally:
        context.close()


def _inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= height + 0.5
        and box["x"] >= 0
        and box["x"] + box["width"] <= width + 0.5
    )


@pytest.mark.parametrize(
    # both languages on a phone, where the words' widths count; one on a laptop
    ("lang", "width", "height"),
    [("en", 360, 740), ("zh", 360, 740), ("zh", 1280, 800)],
)
@pytest.mark.parametrize("game", GAMES)
def test_hand_offer_and_controls_fit_one_screen_and_pass_axe(
    page: Page, live_server: str, game: str, lang: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    _new_deal(page, live_server, game, lang)
    _wait_turn(page)
    if _state(page) == "over":
        pytest.skip("the deal ended before a decision")
    parts = [".seat-you [data-hand]", ".play-controls"]
    if page.locator(".table-centre .shown").count():
        parts.append(".table-centre .shown")
    if page.locator(".play-claims").count():
        parts.append(".play-claims")
    for _ in range(30):  # the page's own scroll after it is drawn may still be settling
        if all(_inside(page.locator(sel).first.bounding_box(), width, height) for sel in parts):
            break
        page.wait_for_timeout(100)
    for sel in parts:
        box = page.locator(sel).first.bounding_box()
        assert _inside(box, width, height), (sel, box)
    # tap targets at least 24 px: each card's visible end, every button of the controls
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.seat-you [data-hand] .pick, .play-controls button')]
        .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"""
    )
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # a card ticked, so that the bar shows its moves too; then axe: nothing serious
    page.locator(HAND).first.focus()
    page.keyboard.press("Space")
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, [
        (v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in serious
    ]


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("en", 360, 740), ("zh", 360, 740), ("en", 1280, 800)]
)
@pytest.mark.parametrize("game", ["hunan", "guilin", "chuanpai", "nantong"])
def test_a_claim_opens_with_hand_offer_and_claims_on_one_screen(
    page: Page, live_server: str, game: str, lang: str, width: int, height: int
) -> None:
    """Moves are made (from the list: the taps have their own test) until a claim opens on
    a card on offer: then the hand, the card on offer beside the claims, each claim's
    button and the bar fit the screen."""
    page.set_viewport_size({"width": width, "height": height})
    _new_deal(page, live_server, game, lang)
    rng = random.Random(f"{game}/{lang}/claim")
    for _ in range(300):
        _wait_turn(page)
        if _state(page) == "over":  # no claim in this deal: another
            _new_deal(page, live_server, game, lang)
            continue
        if page.locator(".play-claims").count():
            break
        value = rng.choice(_moves(page))["v"]
        _mark(page)
        page.locator(".play-moves button.move").evaluate_all(  # a press, whatever the scroll
            "(bs, v) => bs.find(b => b.value === v).click()", value
        )
        _wait_swap(page)
    else:
        raise AssertionError("no claim opened")
    parts = [
        ".seat-you [data-hand]",
        ".play-claims",
        ".play-claims .claim-offer",
        ".play-bar",
        *(
            f".play-claims button >> nth={i}"
            for i in range(page.locator(".play-claims button").count())
        ),
    ]
    for _ in range(30):  # the page's own scroll after the move may still be settling
        if all(_inside(page.locator(sel).first.bounding_box(), width, height) for sel in parts):
            break
        page.wait_for_timeout(100)
    for sel in parts:
        box = page.locator(sel).first.bounding_box()
        assert _inside(box, width, height), (sel, box)
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.play-claims button')]
        .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"""
    )
    assert all(w >= 24 and h >= 24 for w, h in sizes), sizes
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
