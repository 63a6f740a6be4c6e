"""An exercise that asks for a move, answered on the cards (issue 39), as at the play
table: one tap on a card for a one-card answer, ticked cards then confirm for several,
the claims on the card on offer drawn beside it, the other answers as buttons. Every
answer so made gets the very verdict the list of answers gives; a selection that makes
none of the answers says so before anything is sent; the keyboard does the same (arrow
keys, Space, Enter); without JavaScript the list remains and works; a lesson's exercise
swapped in by htmx is answered on the cards too; phone and laptop, axe clean."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from app.learning import bank
from app.learning.queries import solve

#: every shape of answer: claims with 比 groups (a selection of five cards), single and
#: several cards of the trick game, one-tap discards, laying out (暗) and "done", a claim
#: open beside a discard, 加杠 beside win and pass, an answer the hand cannot make
EXERCISES = [
    "hunan-05-chi-bi.bi-choose",
    "tj-06-beating.cover-ex",
    "chuanpai-05-forced.discard-ex",
    "chuanpai-04-turn.lay-ex",
    "guilin-03-turn.take-which",
    "nantong.act-add-to-peng",
    "quiz.guilin.going-out.best-discard",
    "tj-05-deal.lead-ex2",
]
HAND = ".exercise .seat-you [data-hand] input[type=checkbox]"
CONTROLS = ".exercise .ex-moves"


def _open(page: Page, live_server: str, exercise_id: str, lang: str) -> None:
    """A fresh learner (no record: the verdict's words do not depend on earlier tries)."""
    page.context.clear_cookies()
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page.goto(f"{live_server}/exercises/{exercise_id}")
    expect(page.locator(CONTROLS)).to_be_visible()  # the script has set the cards up


def _moves(page: Page) -> list[dict[str, Any]]:
    return list(json.loads(page.locator(CONTROLS).get_attribute("data-play-moves") or "[]"))


def _verdict(page: Page) -> tuple[bool, str, str]:
    verdict = page.locator(".exercise .verdict")
    expect(verdict).to_be_visible()
    reason = page.locator(".exercise .verdict-reason")
    return (
        "verdict-right" in (verdict.get_attribute("class") or ""),
        page.locator(".exercise .verdict-message").inner_text().strip(),
        reason.inner_text().strip() if reason.count() else "",
    )


def _by_list(page: Page, choice: str) -> None:
    page.locator(".exercise .ex-list > summary").click()
    page.locator(f'.exercise input[name=choice][value="{choice}"]').check()
    page.locator(".exercise .answer-form .actions button").click()


def _tap(page: Page, token: str) -> None:
    """Tap the top end of an unticked card of that kind (the rows overlap in a fan)."""
    page.locator(f'{HAND}[value="{token}"]:not(:checked)').first.click(position={"x": 6, "y": 8})


def _one_tap(moves: list[dict[str, Any]], move: dict[str, Any]) -> bool:
    """A tap answers at once: a one-card answer, no claim open, no other answer of that
    card, no answer of several cards with it (as moves.js decides)."""
    if len(move["h"]) != 1 or any(m["c"] for m in moves):
        return False
    card = move["h"][0]
    same = sum(1 for m in moves if sorted(m["h"]) == sorted(move["h"]))
    return same == 1 and not any(len(m["h"]) > 1 and card in m["h"] for m in moves)


def _on_cards(page: Page, move: dict[str, Any], moves: list[dict[str, Any]], tick: bool) -> None:
    """The answer made on the cards: a claim's button beside the offer (or, with ``tick``,
    its hand cards ticked and confirmed), the cards tapped, or the answer's own button."""
    value = move["v"]
    if move["c"] and not (tick and move["h"]):
        page.locator(f'.exercise .play-claims button[value="{value}"]').click()
    elif not move["h"]:
        page.locator(f'.exercise .play-plain button[value="{value}"]').click()
    else:
        for token in move["h"]:
            _tap(page, token)
        if not _one_tap(moves, move):
            page.locator(f'.exercise .play-choices button[value="{value}"]').click()


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 360, 740), ("zh", 1280, 800)])
@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_each_answer_on_the_cards_gets_the_lists_verdict(
    page: Page, live_server: str, exercise_id: str, lang: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    _open(page, live_server, exercise_id, lang)
    expect(page.locator(".exercise [data-play-list]")).not_to_have_attribute("open", "")
    expect(page.locator(".exercise .answer-form .actions")).to_be_hidden()  # the list's own
    moves = _moves(page)
    ex = bank.get(exercise_id)
    assert ex is not None and [m["v"] for m in moves] == [c.id for c in ex.choices]
    seen_right = False
    for move in moves:
        _open(page, live_server, exercise_id, lang)
        _by_list(page, move["v"])
        listed = _verdict(page)
        _open(page, live_server, exercise_id, lang)
        page.evaluate("window.sameDocument = true")
        _on_cards(page, move, moves, tick=lang == "zh")
        carded = _verdict(page)
        assert carded == listed, (move, carded, listed)
        assert page.evaluate("window.sameDocument === true")  # an htmx swap, no reload
        seen_right = seen_right or carded[0]
        if not carded[0]:  # the swapped block is answered on the cards again
            expect(page.locator(CONTROLS)).to_be_visible()
            expect(page.locator(".exercise [data-play-list]")).not_to_have_attribute("open", "")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert seen_right and solve(ex).shown in {m["v"] for m in moves}


def _no_answer_of(page: Page, moves: list[dict[str, Any]]) -> list[str] | None:
    """Two cards of the hand that are no answer together, nor part of one."""
    tokens = page.locator(HAND).evaluate_all("bs => bs.map(b => b.value)")
    for i, a in enumerate(tokens):
        for b in tokens[i + 1 :]:
            if not any(a in m["h"] and b in m["h"] for m in moves):
                return [a, b]
    return None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_selection_that_is_no_answer_says_so_before_anything_is_sent(
    page: Page, live_server: str, lang: str
) -> None:
    _open(page, live_server, "tj-06-beating.cover-ex", lang)
    moves = _moves(page)
    pair = _no_answer_of(page, moves)
    assert pair is not None
    for token in pair:  # ticked with Space: a tap may answer a one-card move at once
        page.locator(f'{HAND}[value="{token}"]:not(:checked)').first.focus()
        page.keyboard.press("Space")
    hint = page.locator(".exercise [data-play-hint].play-why")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("都不是" if lang == "zh" else "none of the answers")
    expect(page.locator(".exercise .play-choices .play-confirm")).to_have_count(0)
    expect(page.locator(".exercise .verdict")).to_have_count(0)  # nothing was sent
    page.locator(".exercise .play-clear").click()
    expect(page.locator(f"{HAND}:checked")).to_have_count(0)
    # one card of an answer of two: the bar asks for more, in the same words as play
    _tap(page, "26")
    expect(page.locator(".exercise [data-play-hint]")).not_to_have_class(re.compile("play-why"))
    expect(page.locator(".exercise .play-choices .play-confirm[value=a]")).to_be_visible()
    expect(page.locator(".exercise .verdict")).to_have_count(0)


def _press_until(page: Page, key: str, test: str, limit: int = 80) -> None:
    for _ in range(limit):
        if page.evaluate(test):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{test} never true")


def _go_to_card(page: Page, token: str) -> None:
    here, there = page.evaluate(
        """t => { const bs = [...document.querySelectorAll('.exercise .seat-you [data-hand] input[type=checkbox]')];
        return [bs.indexOf(document.activeElement), bs.findIndex(b => b.value === t && !b.checked)]; }""",
        token,
    )
    assert here >= 0 and there >= 0
    for _ in range(abs(there - here)):
        page.keyboard.press("ArrowRight" if there > here else "ArrowLeft")


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh", 360)])
def test_by_the_keyboard_only(page: Page, live_server: str, lang: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    in_hand = "document.activeElement.closest('.exercise .seat-you [data-hand]') !== null"
    # two cards ticked with Space, played with Enter
    _open(page, live_server, "tj-06-beating.cover-ex", lang)
    _press_until(page, "Tab", in_hand)
    for token in ("26", "35"):
        _go_to_card(page, token)
        page.keyboard.press("Space")
    page.keyboard.press("Enter")
    assert _verdict(page)[0] is False  # covering when you can beat: refused
    # the right answer: one card, Enter on it (nothing ticked: the focused card)
    page.evaluate("document.querySelector('.exercise').dataset.old = '1'")
    _press_until(page, "Tab", in_hand)
    _go_to_card(page, "22")
    page.keyboard.press("Enter")
    page.wait_for_selector(".exercise:not([data-old])", state="attached")
    assert _verdict(page)[0] is True
    # a claim on the card on offer: Tab to its button, Enter
    _open(page, live_server, "hunan-05-chi-bi.bi-choose", lang)
    _press_until(page, "Tab", "document.activeElement.getAttribute('data-answer') === 'b'")
    page.keyboard.press("Enter")
    assert _verdict(page)[0] is True


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_without_javascript_the_list_remains_and_works(
    browser: Browser, live_server: str, lang: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
        for exercise_id in ("hunan-05-chi-bi.bi-choose", "tj-06-beating.cover-ex"):
            ex = bank.get(exercise_id)
            assert ex is not None
            page.goto(f"{live_server}/exercises/{exercise_id}")
            expect(page.locator(CONTROLS)).to_be_hidden()
            expect(page.locator(".exercise [data-play-list]")).to_have_attribute("open", "")
            expect(page.locator(HAND).first).to_be_hidden()  # no box that would do nothing
            page.locator(f'.exercise input[name=choice][value="{solve(ex).shown}"]').check()
            page.locator(".exercise .answer-form .actions button").click()
            expect(page.locator(".exercise .verdict-right")).to_be_visible()
    finally:
        context.close()


def test_a_lesson_exercise_swapped_in_is_answered_on_the_cards(
    page: Page, live_server: str
) -> None:
    """The step before comes by address; "Continue" swaps the exercise in with htmx."""
    page.context.add_cookies([{"name": "lang", "value": "zh", "url": live_server}])
    page.goto(f"{live_server}/lessons/hunan/hunan-05-chi-bi/example-two")
    expect(page.locator(".exercise")).to_have_count(0)
    page.evaluate("window.sameDocument = true")
    page.locator("#lesson-step a[rel=next]").first.click()
    expect(page.locator(CONTROLS)).to_be_visible()
    page.locator('.exercise .play-claims button[value="b"]').click()
    assert _verdict(page)[0] is True
    assert page.evaluate("window.sameDocument === true")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
@pytest.mark.parametrize("exercise_id", ["guilin-03-turn.take-which", "tj-06-beating.cover-ex"])
def test_targets_and_axe(
    page: Page, live_server: str, exercise_id: str, width: int, height: int
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page.set_viewport_size({"width": width, "height": height})
    _open(page, live_server, exercise_id, "en")
    page.locator(HAND).first.focus()
    page.keyboard.press("Space")  # a card ticked: the bar shows what it makes
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.exercise .seat-you [data-hand] .pick, .exercise .ex-moves button')]
        .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"""
    )
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, [
        (v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in serious
    ]
