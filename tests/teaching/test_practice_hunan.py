"""Hunan 跑胡子 practice, quizzes and generators (issues 13 and 14).

- Sixteen themes, Hunan's own ``forced`` and ``waits`` among them; each builds fresh
  positions directly, and every position it builds is solved by the engine, with the
  engine's answer judged right and a wrong one diagnosed.
- The answers of the stored positions are checked against the state machine itself, not
  against the queries that computed them: the cards that win when turned up, the discard
  after a 跑/提 (八块), the 胡息, 囤 and payment of a win played out.
- The library and the quiz vary their answers; prompts read in both languages; quiz items
  and generated questions link their lesson steps.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.engine.zipai.cards import TOKEN_INDEX
from app.engine.zipai.state import evolve
from app.learning import generators, lessons, practice, quizzes
from app.learning.judge import judge
from app.learning.queries import solve
from app.teaching.hunan import themes as themes_hunan
from app.text.messages import render
from app.text.results import humanize

GAME = find_game("hunan")
THEMES = practice.themes("hunan")
LIBRARY = practice.library()["hunan"]
STEPS = {f"{ls.id}#{st.id}" for ls in lessons.path_of("hunan") for st in ls.steps}


def _positions(theme: str) -> list[practice.LibraryItem]:
    return [item for item in LIBRARY if item.theme == theme]


def _exercise(item: practice.LibraryItem):  # type: ignore[no-untyped-def]
    ex = practice.exercise(item.theme, item.seat, item.code)
    assert ex is not None, item
    return ex


def _wrong(ex, sol) -> str:  # type: ignore[no-untyped-def]
    """An answer that is not the engine's."""
    if ex.kind == "number":
        return str(int(sol.shown) + 1)
    if ex.kind == "true-false":
        truth = "false" if sol.shown.startswith("true") else "true"
        return f"{truth} {ex.choices[0].id}"
    if ex.kind == "order":
        return " ".join(reversed(sol.shown.split()))
    if ex.kind == "pick-cards":
        return " ".join(sol.shown.split()[1:]) or "x1"
    return next(c.id for c in ex.choices if c.id not in sol.accepted)


# --------------------------------------------------------------------------- themes


def test_sixteen_themes_and_hunans_own_forced_and_waits():
    assert len(THEMES) >= 16
    for tid in ("forced", "waits"):
        assert THEMES[tid].ask.__module__ == "app.teaching.hunan.themes"
    for th in THEMES.values():
        assert th.direct is not None, th.id
        assert th.title.zh and th.title.en and th.about.zh and th.about.en


@pytest.mark.parametrize("theme_id", sorted(THEMES))
def test_a_fresh_position_is_solved_and_judged(theme_id):
    for seed in (11, 12):
        made = practice.fresh("hunan", theme_id, random.Random(seed))
        assert made is not None, theme_id
        code, seat = made
        ex = practice.exercise(theme_id, seat, code)
        assert ex is not None and ex.game == "hunan"
        sol = solve(ex)
        assert judge(ex, sol.shown).correct
        wrong = judge(ex, _wrong(ex, sol))
        if not wrong.correct:  # (a pick-cards answer may happen to be right)
            mc = wrong.misconception
            assert mc is not None
            for lang in ("en", "zh"):
                assert render(mc.code, mc.params, lang)


@pytest.mark.parametrize("theme_id", sorted(THEMES))
def test_prompts_read_in_both_languages(theme_id):
    for item in _positions(theme_id)[:4]:
        ex = _exercise(item)
        for lang in ("en", "zh"):
            text = ex.prompt.get(lang).format_map(humanize("zipai", ex.prompt_params, lang))
            assert not re.search(r"\{[a-z_]+\}", text), text
            for ch in ex.choices:
                if ch.text:
                    assert ch.text.get(lang)


def test_the_library_varies_its_answers():
    answers: dict[str, Counter[str]] = {}
    for item in LIBRARY:
        ex = _exercise(item)
        sol = solve(ex)
        if ex.kind == "true-false":
            key = sol.shown.split()[0]
        elif ex.kind == "choose-action":
            key = next(c.action for c in ex.choices if c.id == sol.shown).split()[0]
        else:
            key = sol.shown
        answers.setdefault(item.theme, Counter())[key] += 1
    for tid, got in answers.items():
        assert len(got) >= 2 or tid in ("chi-legal", "best-discard"), (tid, got)
    assert set(answers["forced"]) >= {"wei", "ti", "pao", "chouwei"}
    assert set(answers["choupai"]) == {"true", "false"}
    assert set(answers["bakuai"]) == {"true", "false"}


# --------------------------------------------------------------------------- the machine


def _turn_up(state, card: str):  # type: ignore[no-untyped-def]
    """The seat to draw turns up ``card`` (a card of the stock), through the machine."""
    stock = list(state.stock)
    stock.remove(TOKEN_INDEX[card])
    moved = evolve(state, stock=(TOKEN_INDEX[card], *stock))
    return GAME.apply(moved, Action("draw", state.turn, (), True))


def _wins_after(state, seat: int) -> bool:  # type: ignore[no-untyped-def]
    """The seat wins now, or after the forced 偎/提 the card gives it."""
    for _ in range(2):
        legal = GAME.legal_actions(state, seat)
        if any(a.kind == "hu" for a in legal):
            return True
        forced = [a for a in legal if a.forced and a.kind in ("wei", "chouwei", "ti")]
        if not forced:
            return False
        state = GAME.apply(state, forced[0])
    return False


def test_the_winning_draws_are_the_cards_that_win_when_turned_up():
    checked = 0
    for item in _positions("waits"):
        state = GAME.decode(item.code)
        right = set(solve(_exercise(item)).shown.split())
        for card in {GAME.view(state, None).stock[i] for i in range(1, len(state.stock))}:
            after = _turn_up(state, card)
            assert _wins_after(after, item.seat) == (card in right), (item.code, card)
            checked += 1
    assert checked > 50


def test_bakuai_is_the_discard_the_machine_asks_for():
    for item in _positions("bakuai"):
        state = GAME.decode(item.code)
        ex = _exercise(item)
        forced = GAME.legal_actions(state, item.seat)
        assert len(forced) == 1 and forced[0].kind in ("pao", "ti")
        after = GAME.apply(state, forced[0])
        discards = after.phase == "play" and after.turn == item.seat and after.must_discard
        assert solve(ex).shown.startswith("true") == discards


@pytest.mark.parametrize("theme_id", ["count-huxi", "tun", "settle"])
def test_a_win_now_is_counted_as_the_machine_pays_it(theme_id):
    for item in _positions(theme_id):
        state = GAME.decode(item.code)
        hu = next(a for a in GAME.legal_actions(state, item.seat) if a.kind == "hu")
        out = GAME.outcome(GAME.apply(state, hu))
        value = int(solve(_exercise(item)).shown)
        if theme_id == "count-huxi":
            assert value == out.extra["huxi"]
        elif theme_id == "tun":
            tun = next(ln for ln in out.settlement.lines if ln.code == "zp-tun")
            assert value == tun.points
        else:
            assert value == out.scores[item.seat] // 2


def test_a_stale_memory_is_told_in_the_prompt():
    for item in _positions("choupai") + _positions("chou-hu"):
        ex = _exercise(item)
        sol = solve(ex)
        card = themes_hunan.card_zh(str(ex.prompt_params["card"]))
        memory = ex.prompt.zh[: ex.prompt.zh.index("{card}")].rpartition("。")[0]
        if sol.shown.startswith("false"):
            assert card in memory, ex.prompt.zh


# --------------------------------------------------------------------------- quizzes


def test_the_quiz_has_thirty_items_in_the_lesson_units():
    items = quizzes.quiz_items("hunan")
    assert len(items) >= 30
    units = {ls.unit for ls in lessons.path_of("hunan")}
    assert set(quizzes.authored()["hunan"]) == units
    for ex in items:
        assert ex.lesson in STEPS, ex.id
        assert ex.hint is not None and ex.hint.zh and ex.hint.en, ex.id
        assert ex.prompt.zh and ex.prompt.en
        if ex.kind != "choice":
            assert ex.query is not None, ex.id  # engine-checked
        assert judge(ex, solve(ex).shown).correct


def test_generated_questions_name_their_lesson_step():
    gens = generators.of_game("hunan")
    assert len(gens) >= 5
    for gen_id in ("forced", "chi-legal", "choupai", "priority", "settle", "win-draws"):
        ex = generators.generate("hunan", gen_id, 3)
        assert ex is not None, gen_id
        assert ex.lesson in STEPS, gen_id
