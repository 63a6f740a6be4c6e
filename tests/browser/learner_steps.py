"""What a learner does on an exercise block, shared by the browser tests."""

from __future__ import annotations

from classes_help import wrong_answer  # noqa: F401 - the browser tests take it from here
from playwright.sync_api import Page, expect

from app.learning.exercise import Exercise

#: a phone in one language, a laptop in the other: what a script does on a page is the
#: same in every language (the words of every page, in each language, are read by the
#: render tests), so a browser test takes each language and each width once, not their
#: four combinations (the suite's time is mostly the browser's)
LANG_WIDTH = [("en", 1280), ("zh", 360)]


def in_turn(items: list[str]) -> list[tuple[str, str]]:
    """Each item once, in English and Chinese by turns (games: each walked in one)."""
    return [(item, ("en", "zh")[i % 2]) for i, item in enumerate(items)]


def give(page: Page, ex: Exercise, answer: str, block=None, by_click: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Answer through the page as a learner would (cards typed, or ``by_click`` in the
    card picker)."""
    block = block or page.locator(".exercise")
    if ex.kind == "number":
        block.locator("input[name=number]").fill(answer)
    elif ex.kind in ("choice", "choose-action"):
        # a move is answered on the cards too; the list under them is closed by the script
        # (once it has come: it shows the cards' controls), opened here
        if (
            block.locator(".ex-moves").count()
            and page.locator('script[src*="/js/moves.js"]').count()
        ):
            expect(block.locator(".ex-moves")).to_be_visible()
        block.locator("[data-play-list]").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
        block.locator(f'input[name=choice][value="{answer}"]').check()
    elif ex.kind == "order":
        for i, cid in enumerate(answer.split(), start=1):
            block.locator(f'select[name="rank-{cid}"]').select_option(str(i))
    elif ex.kind == "true-false":
        truth, _, why = answer.partition(" ")
        block.locator(f'input[name=truth][value="{truth}"]').check()
        if why:
            block.locator(f'input[name=why][value="{why}"]').check()
    else:
        for box in block.locator("input[name=pick]").all():
            box.uncheck()
        if by_click and _clickable(block, answer):
            for token in answer.split():
                free = block.locator(f'input[name=pick][value="{token}"]:not(:checked)')
                free.first.locator("xpath=..").click()
        else:
            block.locator(".picker-type summary").click()
            block.locator("input[name=cards]").fill(answer)
    block.locator(".answer-form button[type=submit]").click()


def _clickable(block, answer: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the picker offers a box for every card of ``answer`` (copies counted)."""
    from collections import Counter

    offered = Counter(b.get_attribute("value") for b in block.locator("input[name=pick]").all())
    return all(offered[t] >= n for t, n in Counter(answer.split()).items())
