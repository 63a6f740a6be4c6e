"""What a learner does on an exercise block, shared by the browser tests."""

from __future__ import annotations

from playwright.sync_api import Page

from app.learning.exercise import Exercise
from app.learning.queries import solve


def wrong_answer(ex: Exercise) -> str:
    shown = solve(ex).shown
    if ex.kind == "number":
        return str(int(shown) + 1)
    if ex.kind in ("choice", "choose-action"):
        return next(c.id for c in ex.choices if c.id not in solve(ex).accepted)
    if ex.kind == "order":
        ids = shown.split()
        return " ".join([ids[1], ids[0], *ids[2:]])
    if ex.kind == "true-false":
        truth, _, why = shown.partition(" ")
        return ("false" if truth == "true" else "true") + (f" {why}" if why else "")
    cards = shown.split()
    return " ".join(cards[1:]) if len(cards) > 1 else shown + " " + shown


def give(page: Page, ex: Exercise, answer: str, block=None) -> None:  # type: ignore[no-untyped-def]
    """Answer through the page as a learner would."""
    block = block or page.locator(".exercise")
    if ex.kind == "number":
        block.locator("input[name=number]").fill(answer)
    elif ex.kind in ("choice", "choose-action"):
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
        block.locator(".picker-type summary").click()
        block.locator("input[name=cards]").fill(answer)
    block.locator(".answer-form button[type=submit]").click()
