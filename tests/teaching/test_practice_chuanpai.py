"""chuanpai practice: every theme builds positions the engine answers (and answers the
same way after the position code round trip), each theme's answer agrees with what the
deal does next, the generators offer refused alternatives, the quiz covers every lesson
unit, and the pages open in both languages."""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.learning import bank, generators, lessons, practice, quizzes
from app.learning.exercise import Choice, Exercise, Query, Setup, Text
from app.learning.judge import judge
from app.learning.queries import BadExercise, solve
from app.learning.skills import taxonomy

GAME = "chuanpai"
THEMES = sorted(practice.themes(GAME))
SEEDS = range(6)
REFUSED = {"pass", "discard", "keep", "done"}


def made(theme_id: str, seed: int) -> Exercise:
    got = practice.fresh(GAME, theme_id, random.Random(seed))
    assert got is not None, (theme_id, seed)
    code, seat = got
    ex = practice.exercise(theme_id, seat, code)
    assert ex is not None, (theme_id, seat, code)
    return ex


def state_of(ex: Exercise):
    return find_game(GAME).decode(ex.setup.position)


def wrong_answers(ex: Exercise, right: str) -> list[str]:
    if ex.kind == "number":
        return [str(int(right) + 1)]
    if ex.kind == "true-false":
        truth = right.split()[0]
        other = "false" if truth == "true" else "true"
        return [f"{other} {c.id}" for c in ex.choices]
    if ex.kind == "choose-action":
        return [c.id for c in ex.choices if c.id not in solve(ex).accepted]
    if ex.kind == "order":
        return [" ".join(reversed(right.split()))]
    return []


def test_sixteen_themes_replace_the_generic_forced_and_waits():
    assert len(THEMES) >= 12
    assert practice.theme(GAME, "forced").ask.__module__ == "app.teaching.chuanpai.themes"
    assert practice.theme(GAME, "waits").ask.__module__ == "app.teaching.chuanpai.themes"
    for th in practice.themes(GAME).values():
        assert th.title.zh and th.title.en and th.about.zh and th.about.en
        assert th.direct is not None, th.id


@pytest.mark.parametrize("theme_id", THEMES)
def test_every_theme_makes_positions_the_engine_answers(theme_id):
    known = set(taxonomy()[GAME])
    for seed in SEEDS:
        ex = made(theme_id, seed)
        assert set(ex.skills) <= known, ex.skills
        sol = solve(ex)
        assert judge(ex, sol.shown).correct
        for wrong in wrong_answers(ex, sol.shown):
            if wrong in sol.accepted:
                continue
            v = judge(ex, wrong)
            assert not v.correct and v.misconception is not None, (ex.id, wrong)
        # the same code and seat make the same exercise again
        assert practice.provide(ex.id) == ex


def test_the_forced_theme_offers_what_the_obligation_refuses():
    kinds = Counter()
    for seed in range(20):
        ex = made("forced", seed)
        sol = solve(ex)
        notes = {n.choice: n for n in sol.proof.notes}
        assert any(not n.legal or not n.forced for n in notes.values()), ex.id
        for cid in sol.accepted:
            assert notes[cid].legal and notes[cid].forced
            kinds[notes[cid].action.kind] += 1
    assert len(kinds) >= 3, kinds


def test_must_eat_agrees_with_the_legal_actions():
    seen = set()
    for seed in range(12):
        ex = made("must-eat", seed)
        state = state_of(ex)
        legal = find_game(GAME).legal_actions(state, ex.setup.seat)
        may_pass = any(a.kind == "pass" for a in legal)
        assert solve(ex).value is may_pass
        seen.add(may_pass)
    assert seen == {True, False}


def test_the_claims_are_asked_in_the_order_the_theme_gives():
    game = find_game(GAME)
    for seed in range(12):
        ex = made("priority", seed)
        state = state_of(ex)
        seat_of = {c.id: int(c.action.split(":")[0]) for c in ex.choices}
        order = [seat_of[cid] for cid in solve(ex).value]
        asked = []
        for _ in range(20):  # everyone passes while the engine lets them: who is asked
            if state.phase != "claim":
                break
            s = game.to_act(state)
            if s not in asked:
                asked.append(s)
            passing = [a for a in game.legal_actions(state, s) if a.kind == "pass"]
            if not passing:
                break
            state = game.apply(state, passing[0])
        assert asked[: len(order)] == order[: len(asked)]


def test_the_bai_that_goes_out_is_followed_by_going_out():
    game = find_game(GAME)
    for seed in range(8):
        ex = made("bai-out", seed)
        state = state_of(ex)
        sol = solve(ex)
        for n in sol.proof.notes:
            if not n.legal or n.action.kind != "bai":
                continue
            legal = next(a for a in game.legal_actions(state, n.action.seat) if a.matches(n.action))
            after = game.apply(state, legal)
            goes_out = [a.kind for a in game.legal_actions(after, n.action.seat)] == ["hu"]
            assert goes_out is (n.choice in sol.accepted)


def test_a_replacement_card_the_guo_theme_calls_a_guopai_is_laid_face_down():
    """Put the asked card on top of the stock and let the seat draw it by 偷: the engine
    stops in the guo phase exactly when the theme's answer is true."""
    import dataclasses

    from app.engine.chuanpai.pairing.moves import _draw

    answers = Counter()
    for seed in range(16):
        ex = made("guo", seed)
        state = state_of(ex)
        seat = ex.setup.seat
        card = ex.query.args["card"]
        if state.phase == "guo":
            truth = True
        else:
            stock = state.stock + (card,)
            drawn = _draw(dataclasses.replace(state, stock=stock), seat, state.seats[seat], 1)
            truth = drawn.phase == "guo"
        assert solve(ex).value is truth
        answers[truth] += 1
    assert answers[True] and answers[False]


def test_qitou_at_other_tables_changes_the_rule_of_the_position():
    rules = Counter()
    for seed in range(10):
        ex = made("qitou-table", seed)
        rules[state_of(ex).rules.qitou] += 1
    assert set(rules) <= {"tied", "none"} and len(rules) == 2


def test_counting_themes_split_hands_with_and_without_jing():
    for seed in range(6):
        for theme_id, jing in (("count", False), ("count-jing", True)):
            ex = made(theme_id, seed)
            state = state_of(ex)
            me = state.seats[ex.setup.seat]
            cards = [*find_game(GAME).seat_holding(state, ex.setup.seat).hand]
            cards += [c for m in me.melds for c in m.cards]
            assert any(c in ("cs", "ty") for c in cards) is jing


def test_pairs_with_counts_every_copy_and_names_the_jing():
    ex = made("pairs-with", 3)
    state = state_of(ex)
    hand = find_game(GAME).seat_holding(state, ex.setup.seat).hand
    right = Counter(solve(ex).shown.split())
    for card, n in right.items():
        assert hand.count(card) == n


def _claims_exercise(choices: tuple[Choice, ...]) -> Exercise:
    ex = made("priority", 0)
    return Exercise(
        "t.claims", GAME, "order", ex.prompt, ("groups",), ex.setup, {}, ex.query, None, choices
    )


def test_the_claims_query_refuses_a_claim_that_is_not_in_the_queue():
    ex = made("priority", 0)
    state = state_of(ex)
    seat, tier = next(
        (s, t) for s in range(4) for t in ("group", "bai") if (s, t) not in state.queue
    )
    act = "bai 11 22" if tier == "bai" else "peng 22 22 22"
    bad = ex.choices + (Choice("z", Text("x", "x"), action=f"{seat}: {act}"),)
    with pytest.raises(BadExercise):
        solve(_claims_exercise(bad))


def test_the_goes_out_query_needs_a_bai_that_goes_out():
    ex = made("bai-out", 1)
    sol = solve(ex)
    stuck = tuple(c for c in ex.choices if c.id not in sol.accepted)
    if not stuck:
        pytest.skip("every choice goes out")
    bare = Exercise(
        "t.out", GAME, "choose-action", ex.prompt, ex.skills, ex.setup, {}, ex.query, None, stuck
    )
    with pytest.raises(BadExercise):
        solve(bare)


def test_the_guo_card_query_reads_the_seat_memory():
    ex = bank.get("quiz.chuanpai.table.guo-no-pair")
    assert solve(ex).shown == "false no-pair"
    fact = solve(ex).proof.facts[0]
    assert fact.code == "fact-cp-guo-no-pair" and fact.params["points"] == 11
    pairs = Exercise(
        "t.guo",
        GAME,
        "true-false",
        ex.prompt,
        ex.skills,
        ex.setup,
        {},
        Query("chuanpai:guo-card", {"card": "34"}),
        None,
        ex.choices,
    )
    assert solve(pairs).shown == "false no-pair"  # 7 + 7 is 14: no pair
    pairs = Exercise(
        "t.guo2",
        GAME,
        "true-false",
        ex.prompt,
        ex.skills,
        Setup(position=ex.setup.position, seat=ex.setup.seat),
        {},
        Query("chuanpai:guo-card", {"card": "cs"}),
        None,
        ex.choices + (Choice("jing", Text("j", "j"), reason="jing"),),
    )
    assert solve(pairs).shown == "true jing"


# -- the library and the generators -----------------------------------------------------------


def test_the_library_covers_every_theme_with_more_than_one_kind_of_answer():
    items = practice.library()[GAME]
    assert len({(i.theme, i.seat, i.code) for i in items}) >= 200
    answers: dict[str, set[str]] = {}
    for item in items:
        ex = practice.exercise(item.theme, item.seat, item.code)
        answers.setdefault(item.theme, set()).add(solve(ex).shown)
    for theme_id in THEMES:
        assert len(answers.get(theme_id, ())) >= 2, theme_id


def test_the_forced_generator_offers_a_refused_alternative():
    for seed in range(6):
        ex = generators.generate(GAME, "forced", seed)
        assert ex is not None
        kinds = {Action.parse(c.action, 0).kind for c in ex.choices}
        sol = solve(ex)
        assert kinds & REFUSED or any(not n.legal for n in sol.proof.notes), kinds


def test_the_generators_train_different_skills():
    gens = generators.of_game(GAME)
    assert {"forced", "must-eat", "pairs-with", "qitou", "guo", "priority"} <= set(gens)
    assert len({g.skills[0] for g in gens.values()}) >= 8


# -- the quiz -------------------------------------------------------------------------------------


def test_the_quiz_has_thirty_items_in_every_lesson_unit_linked_to_their_steps():
    items = quizzes.quiz_items(GAME)
    assert len(items) >= 30
    units = {ls.unit for ls in lessons.path_of(GAME)}
    assert set(quizzes.authored()[GAME]) == units
    for ex in items:
        assert ex.hint is not None and ex.hint.zh and ex.hint.en, ex.id
        assert ex.prompt.zh and ex.prompt.en
        assert ex.lesson and lessons.step_of(ex.lesson) is not None, ex.id
        assert ex.query is not None, ex.id  # every answer is the engine's
        assert judge(ex, solve(ex).shown).correct


# -- the pages -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_position_of_every_theme_opens_and_judges(client, lang):
    client.set_cookie("lang", lang)
    for theme_id in THEMES:
        ex = made(theme_id, 1)
        theme, seat, code = ex.id.split(":", 3)[1:]
        page = client.get(f"/practice/{GAME}/p/{theme}/{seat}/{code}")
        body = page.get_data(as_text=True)
        assert page.status_code == 200, (theme_id, body[:500])
        assert "{card}" not in body and "{guo_cards}" not in body, theme_id


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_quiz_of_each_unit_starts_and_shows_a_question(client, csrf, lang):
    client.set_cookie("lang", lang)
    for unit in quizzes.units(GAME):
        token = csrf(f"/quiz/{GAME}/")
        r = client.post(f"/quiz/{GAME}/start", data={"csrf_token": token, "unit": unit})
        assert r.status_code == 303
        page = client.get(r.headers["Location"])
        body = page.get_data(as_text=True)
        assert page.status_code == 200
        assert re.search(r'action="/exercises/[^"]+/answer"', html.unescape(body))
