"""Guilin 大字牌 practice and quizzes: the themes' answers checked against the state
machine itself, the builders' variety, the generators, the quiz items and their lesson
steps, and the pages of positions and quizzes in both languages."""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from app.engine.core.registry import find_game
from app.engine.zipai.state import evolve
from app.learning import bank, generators, lessons, practice, quizzes
from app.learning.judge import judge
from app.learning.queries import solve, visible_copies
from app.teaching.guilin.queries import discard_waits
from app.text.messages import MESSAGES, render

GAME = "guilin"
G = find_game(GAME)
THEMES = sorted(practice.themes(GAME))
SEEDS = range(6)


def made(theme_id: str, seed: int):
    """A position the theme's builder makes from ``seed``, as an exercise."""
    th = practice.theme(GAME, theme_id)
    state, seat = th.direct(random.Random(seed))
    ex = practice.exercise(theme_id, seat, G.encode(state))
    assert ex is not None, (theme_id, seed)
    return state, seat, ex


def wrong_answer(ex, sol) -> str:
    if ex.kind in ("choose-action", "choice"):
        return next(c.id for c in ex.choices if c.id not in sol.accepted)
    if ex.kind == "number":
        return str(int(sol.shown) + 1)
    if ex.kind == "order":
        return " ".join(reversed(sol.shown.split()))
    if ex.kind == "true-false":
        truth, _, why = sol.shown.partition(" ")
        other = next(c.id for c in ex.choices if c.id != why)
        return f"{'false' if truth == 'true' else 'true'} {other}"
    cards = sol.shown.split()
    return " ".join(cards[1:]) if len(cards) > 1 else "x1 d1"


# -- themes --------------------------------------------------------------------------


def test_twelve_themes_or_more_in_both_languages():
    assert len(THEMES) >= 12
    for tid in THEMES:
        th = practice.theme(GAME, tid)
        for text in (th.title, th.about):
            assert text.zh.strip() and text.en.strip(), tid
        assert th.direct is not None, tid


@pytest.mark.parametrize("theme_id", THEMES)
def test_each_theme_makes_positions_the_engine_solves_and_explains(theme_id):
    for seed in SEEDS:
        _state, _seat, ex = made(theme_id, seed)
        sol = solve(ex)
        assert sol.accepted and judge(ex, sol.shown).correct
        v = judge(ex, wrong_answer(ex, sol))
        assert not v.correct and v.misconception is not None, (theme_id, seed)
        assert v.misconception.code in MESSAGES, v.misconception
        for lang in ("en", "zh"):
            assert "{" not in render(v.misconception.code, v.misconception.params, lang)


def test_a_forced_theme_position_has_one_legal_choice_and_wrong_names_diagnosed():
    for seed in SEEDS:
        state, seat, ex = made("forced", seed)
        sol = solve(ex)
        assert len(sol.accepted) == 1
        legal = [n for n in sol.proof.notes if n.legal]
        assert len(legal) == 1 and legal[0].forced
        for c in ex.choices:
            if c.misconception:
                assert judge(ex, c.id).misconception.code == c.misconception


def _draw_then_win(state, seat, card) -> bool:
    """Put ``card`` on top of the stock, let the seat draw it, take its forced group:
    may it go out? (the state machine itself, not the query)."""
    s = G.apply(evolve(state, stock=(card, *state.stock)), G.legal_actions(state, seat)[0])
    for _ in range(4):
        if G.to_act(s) != seat:
            return False
        acts = G.legal_actions(s, seat)
        if any(a.kind == "hu" for a in acts):
            return True
        forced = [a for a in acts if a.forced]
        if not forced:
            return False
        s = G.apply(s, forced[0])
    return False


def test_the_draw_wins_are_the_cards_whose_draw_lets_the_seat_go_out():
    from app.engine.zipai.cards import TOKEN_INDEX

    for seed in SEEDS:
        state, seat, ex = made("waits", seed)
        view = G.view(state, seat)
        live = [t for t in G.deck(state.rules) if visible_copies(view, t) < 4]
        wins = {t for t in set(live) if _draw_then_win(state, seat, TOKEN_INDEX[t])}
        assert set(solve(ex).shown.split()) == wins, seed


def test_the_best_discard_wins_by_a_clear_margin():
    for seed in SEEDS:
        state, seat, ex = made("best-discard", seed)
        seen = G.view(state, seat)
        counts = sorted(
            (len(discard_waits(state, seat, t, seen)) for t in set(state_hand(state, seat))),
            reverse=True,
        )
        best, second = counts[0], counts[1] if len(counts) > 1 else 0
        assert best > 0 and (second == 0 or best >= second + 2)
        assert len(solve(ex).accepted) == 1


def state_hand(state, seat):
    from app.engine.zipai.cards import TOKENS

    return [TOKENS[c] for c in state.seats[seat].discardable()]


@pytest.mark.parametrize(
    ("theme_id", "answers"),
    [
        ("may-eat", {"true legal", "false chou", "false own", "false next", "false bi"}),
        ("open-four", {"true legal", "false discard", "false own"}),
        ("chongduo", {"true discard", "false chongduo"}),
        ("win-minimum", {"true win", "false low"}),
    ],
)
def test_the_builders_reach_every_kind_of_answer(theme_id, answers):
    th = practice.theme(GAME, theme_id)
    seen = set()
    for seed in range(60):
        got = th.direct(random.Random(seed))
        if got is None:
            continue
        ex = practice.exercise(theme_id, got[1], G.encode(got[0]))
        seen.add(solve(ex).shown)
        if seen >= answers:
            break
    assert seen >= answers, answers - seen


def test_the_library_covers_every_theme_with_varied_answers():
    items = practice.library()[GAME]
    per = Counter(i.theme for i in items)
    assert set(per) == set(THEMES) and min(per.values()) >= 10
    shown = Counter()
    for item in items:
        if item.theme == "may-eat":
            shown[solve(practice.exercise(item.theme, item.seat, item.code)).shown] += 1
    assert len(shown) >= 4, shown


# -- generators ----------------------------------------------------------------------


def test_generators_cover_more_skills_than_five_and_match_their_declared_kind():
    gens = generators.of_game(GAME)
    assert len({g.skills[0] for g in gens.values()}) >= 8
    for gen_id in ("forced", "chi-legal", "may-eat", "priority", "count-duo", "best-discard"):
        gen = gens[gen_id]
        for seed in range(3):
            ex = generators.generate(GAME, gen_id, seed)
            assert ex is not None and ex.kind == gen.kind and ex.skills == gen.skills
            assert bank.get(ex.id) == ex


# -- quizzes -------------------------------------------------------------------------


QUIZ = quizzes.quiz_items(GAME)


def test_thirty_quiz_items_in_the_lesson_units_each_linked_to_a_step():
    assert len(QUIZ) >= 30
    units = {lesson.unit for lesson in lessons.path_of(GAME)}
    assert set(quizzes.authored()[GAME]) == units
    for unit in units:
        assert len(quizzes.quiz_items(GAME, unit)) >= 5, unit
    for ex in QUIZ:
        assert ex.lesson and lessons.step_of(ex.lesson) is not None, ex.id
        assert ex.hint and ex.hint.zh and ex.hint.en, ex.id
        assert ex.prompt.zh and ex.prompt.en, ex.id


def test_quiz_items_are_engine_checked_where_the_engine_can_decide():
    authored = [ex for ex in QUIZ if ex.query is None]
    assert all(ex.kind in ("choice", "true-false") for ex in authored)
    assert len(authored) <= 6


# -- pages ---------------------------------------------------------------------------


def _answer(client, csrf, page_html, data):
    token = re.search(r'name="token" value="([^"]+)"', page_html).group(1)
    url = html.unescape(re.search(r'action="(/exercises/[^"]+/answer)"', page_html).group(1))
    return client.post(
        url, data={"csrf_token": csrf(), "token": token, **data}, headers={"HX-Request": "true"}
    )


def _form(ex, answer: str) -> dict[str, str]:
    if ex.kind in ("choose-action", "choice"):
        return {"choice": answer}
    if ex.kind == "number":
        return {"number": answer}
    if ex.kind == "order":
        return {f"rank-{cid}": str(i + 1) for i, cid in enumerate(answer.split())}
    if ex.kind == "true-false":
        truth, _, why = answer.partition(" ")
        return {"truth": truth, "why": why}
    return {"cards": answer}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_position_of_every_theme_opens_and_a_wrong_answer_is_explained(client, csrf, lang):
    client.set_cookie("lang", lang)
    lib = practice.library()[GAME]
    for tid in THEMES:
        item = next(i for i in lib if i.theme == tid)
        ex = practice.exercise(tid, item.seat, item.code)
        r = client.get(f"/practice/{GAME}/p/{tid}/{item.seat}/{item.code}")
        body = r.get_data(as_text=True)
        assert r.status_code == 200, (tid, body[:300])
        assert "{" not in re.search(r'class="prompt">([^<]*)<', body).group(1)
        sol = solve(ex)
        resp = _answer(client, csrf, body, _form(ex, wrong_answer(ex, sol)))
        verdict = resp.get_data(as_text=True)
        assert resp.status_code == 200 and "verdict-wrong" in verdict, tid
        message = re.search(r'class="verdict-message">(.*?)</p>', verdict, re.S).group(1)
        assert message.strip() and "{" not in message, (tid, message)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_quiz_item_opens_and_a_quiz_of_each_unit_runs(client, csrf, lang):
    client.set_cookie("lang", lang)
    for ex in QUIZ:
        r = client.get(f"/exercises/{ex.id}")
        assert r.status_code == 200, ex.id
    for unit in quizzes.units(GAME):
        token = csrf(f"/quiz/{GAME}/")
        r = client.post(f"/quiz/{GAME}/start", data={"csrf_token": token, "unit": unit})
        assert r.status_code == 303
        for q in range(quizzes.QUESTIONS):
            page = client.get(r.headers["Location"].replace("q=0", f"q={q}"))
            assert page.status_code == 200, (unit, q)
