"""Helpers for the classes tests: accounts, library positions, answers to any exercise."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from flask import Flask
from werkzeug.datastructures import MultiDict
from werkzeug.security import generate_password_hash

from app.extensions import db
from app.learning import practice
from app.learning.exercise import Exercise
from app.learning.queries import solve
from app.models import User

PASSWORD = "long-cards-teacher-1"


def make_user(app: Flask, name: str, role: str = "learner", password: str = PASSWORD) -> Any:
    """An account made directly (a cheap hash: these tests are not about hashing);
    its ``id`` and ``username``."""
    with app.app_context():
        u = User(username=name, role=role)
        u.password_hash = generate_password_hash(password, method="pbkdf2:sha256:1")
        db.session.add(u)
        db.session.commit()
        return SimpleNamespace(id=u.id, username=u.username)


def library_positions(game: str, theme: str, n: int, seed: int = 1) -> list[Any]:
    """``n`` positions of ``theme`` found by the engine, stored as library positions."""
    rng = random.Random(seed)
    rows: list[Any] = []
    seen = set()
    for _ in range(40 * n):
        found = practice.fresh(game, theme, rng, deals=3)
        if found is None or found in seen:
            continue
        seen.add(found)
        rows.append(practice.position_row(game, theme, found[1], found[0], 1500.0, "library"))
        if len(rows) == n:
            break
    db.session.commit()
    assert len(rows) == n
    return rows


def right_answer(ex: Exercise) -> str:
    return solve(ex).shown


def wrong_answer(ex: Exercise) -> str:
    """An answer the judge refuses (and diagnoses: a misconception code)."""
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
    if len(cards) > 1:
        return " ".join(cards[1:])
    from app.learning.answers import held_cards

    held = held_cards(ex)  # where the answer comes from the hand, only cards held are read
    if held is not None:
        return next((t for t in held if t != shown), shown)
    return shown + " " + shown


def form_of(ex: Exercise, answer: str) -> MultiDict:
    """The answer form's fields for ``answer`` (the canonical text)."""
    if ex.kind == "pick-cards":
        return MultiDict({"cards": answer})
    if ex.kind == "number":
        return MultiDict({"number": answer})
    if ex.kind in ("choice", "choose-action"):
        return MultiDict({"choice": answer})
    if ex.kind == "order":
        return MultiDict({f"rank-{cid}": str(i + 1) for i, cid in enumerate(answer.split())})
    truth, _, why = answer.partition(" ")
    return MultiDict({"truth": truth, **({"why": why} if why else {})})


def give(page: Any, ex: Exercise, answer: str) -> None:
    """Answer an exercise block in the browser as a learner would."""
    block = page.locator(".exercise")
    if ex.kind == "number":
        block.locator("input[name=number]").fill(answer)
    elif ex.kind in ("choice", "choose-action"):
        # a move is answered on the cards too; the list under them is closed by the script
        # (once it has come: it shows the cards' controls), opened here
        if (
            block.locator(".ex-moves").count()
            and page.locator('script[src*="/js/moves.js"]').count()
        ):
            block.locator(".ex-moves:not([hidden])").wait_for()
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
        typed = block.locator("details.picker-type")
        if not typed.evaluate("d => d.open"):  # a wrong answer left it open, as typed
            typed.locator("summary").click()
        block.locator("input[name=cards]").fill(answer)
    block.locator(".answer-form button[type=submit]").click()
