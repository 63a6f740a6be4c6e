"""Nantong practice: the themes and their builders, the cards steered through the engine's
position JSON, the queries of finished deals, the diagnosis of practice mistakes, the
generators made from the themes, the quiz items, and the pages in both languages."""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.learning import generators, practice, quizzes
from app.learning.judge import judge
from app.learning.lessons import path_of, step_of
from app.learning.queries import read, solve
from app.teaching.nantong import themes as T

GAME = "nantong"
G = find_game(GAME)
THEMES = sorted(practice.themes(GAME))


def fresh(theme: str, seed: int):  # type: ignore[no-untyped-def]
    made = practice.fresh(GAME, theme, random.Random(seed))
    assert made is not None, (theme, seed)
    code, seat = made
    ex = practice.exercise(theme, seat, code)
    assert ex is not None, (theme, seed)
    return ex


def examined(theme_fn, ex):  # type: ignore[no-untyped-def]
    state = G.decode(ex.setup.position)
    got = theme_fn(G, state, ex.setup.seat)
    assert got is not None
    return state, got[1]


# -- themes -------------------------------------------------------------------------------


def test_eighteen_themes_replace_the_generic_forced_and_waits():
    assert len(THEMES) >= 12
    assert practice.theme(GAME, "forced").ask is not None
    # the generic forced theme never fits a Nantong position; this one does
    ex = fresh("forced", 3)
    assert ex.query.name == "forced" and solve(ex).accepted


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_builds_positions_the_engine_answers(theme):
    for seed in range(3):
        ex = fresh(theme, 100 + seed)
        sol = solve(ex)
        assert judge(ex, sol.shown).correct
        assert "{gen_cards}" in ex.prompt.zh and ex.prompt_params["gen_cards"]
        assert G.decode(ex.setup.position) == G.decode(G.encode(G.decode(ex.setup.position)))


def test_steered_cards_are_conserved_and_the_position_is_the_engines():
    rng = random.Random(5)
    state = G.new_deal(G.default_rules, rng, 0)
    seat = state.players[1]
    hand = T.make_hand(rng, 23, "qing", T.free_copies(state))
    assert hand is not None
    hand.remove(hand[0])
    steered = T.steer(G, state, rng, {seat: hand})
    assert steered is not None and G.check_invariants(steered) is None
    assert sorted(G.seat_holding(steered, seat).hand) == sorted(hand)
    before = Counter(t for s in G.to_json(state)["hands"] for t in s) + Counter(
        G.to_json(state)["stock"]
    )
    after = Counter(t for s in G.to_json(steered)["hands"] for t in s) + Counter(
        G.to_json(steered)["stock"]
    )
    assert before == after
    # a card that is nowhere to be had (all four turned or in groups) is refused
    assert T.steer(G, state, rng, {seat: ["hh"] * 5 + hand[5:]}) is None


def test_a_hand_ready_from_the_deal_is_built_directly_and_may_declare():
    for seed in range(6):
        s = T.ting_position(random.Random(seed), T.rules(2), seed % 2 == 0)
        if s is None:
            continue
        assert s.phase == "ting"
        assert any(a.kind == "baoting" for a in G.legal_actions(s, s.turn))
        assert G.why_illegal(s, Action("baoting", s.dealer)).code == "nt-dealer-no-baoting"
        return
    pytest.fail("no ready hand built in six seeds")


@pytest.mark.parametrize(
    ("theme", "fn", "wanted"),
    [
        ("baoting", T._baoting, {"legal", "dealer", "not-waiting", "late"}),
        ("priority", T._priority, {"hu-hu", "peng-first", "hu-first"}),
        ("hand-type", T._hand_type, {"piaohu", "qinghu", "tazihu"}),
        (
            "situation",
            T._situation,
            {"putong-jiang", "shuang-jiang", "banbian-jiang", "shuanglong-hui"},
        ),
        ("claim", T._claim, {"hu", "gang", "near"}),
    ],
)
def test_the_builders_reach_every_kind_of_answer(theme, fn, wanted):
    found = set()
    for seed in range(40):
        found.add(examined(fn, fresh(theme, seed))[1])
        if found >= wanted:
            return
    assert found >= wanted, found


def test_a_qing_hu_is_steered_into_a_win_and_counted_by_the_deal():
    s = None
    for seed in range(10):
        s = T.steered_win(random.Random(seed), T.rules(2), "qing")
        if s is not None:
            break
    assert s is not None and s.winner is not None and not s.melds[s.winner]
    code = G.encode(s)
    ex = practice.exercise("count-win", s.winner, code)
    sol = solve(ex)
    assert any(ln.code == "nt-qinghu" for ln in sol.proof.analysis.count.lines)
    assert sol.value == G.outcome(s).extra["totals"][str(s.winner)]


# -- queries of finished deals -------------------------------------------------------------


def test_totals_and_the_base_are_the_settlements_own_numbers():
    ex = fresh("count-win", 7)
    c = read(ex)
    out = G.outcome(c.state)
    assert solve(ex).value == out.extra["totals"][str(ex.setup.seat)]
    ex2 = practice.exercise("nonwinner", *_other(c.state, ex.setup.seat, ex.setup.position))
    if ex2 is not None:
        assert solve(ex2).value == out.extra["totals"][str(ex2.setup.seat)]
    dihu = next(ln for ln in out.count.lines if ln.code == "nt-dihu")
    ex3 = practice.exercise("dihu", ex.setup.seat, ex.setup.position)
    if ex3 is not None:
        assert solve(ex3).value == dihu.points


def _other(state, winner, code):  # type: ignore[no-untyped-def]
    seat = next(x for x in state.players if x != winner)
    return seat, code


# -- mistakes diagnosed --------------------------------------------------------------------


def _first(theme, pred, seeds=range(60)):  # type: ignore[no-untyped-def]
    for seed in seeds:
        ex = fresh(theme, seed)
        if pred(ex):
            return ex
    pytest.skip(f"no {theme} position of that kind in {len(seeds)} seeds")


def _lines(ex):  # type: ignore[no-untyped-def]
    return {ln.code: ln for ln in solve(ex).proof.analysis.count.lines}


def test_a_winner_counted_without_the_self_draw_is_told_so():
    ex = _first("count-win", lambda e: "nt-zimo" in _lines(e) and "nt-piaohu-x2" not in _lines(e))
    v = judge(ex, str(int(solve(ex).shown) - 10))
    assert not v.correct and v.misconception.code == "mc-nt-missed-zimo"


def test_a_base_with_the_twenty_for_going_out_is_told_so():
    ex = fresh("dihu", 4)
    v = judge(ex, str(int(solve(ex).shown) + 20))
    assert v.misconception.code == "mc-nt-dihu-chenghu"


def test_a_peng_put_before_a_win_is_told_so():
    ex = _first("priority", lambda e: any("peng" in (c.action or "") for c in e.choices))
    wrong = " ".join(reversed(solve(ex).shown.split()))
    assert judge(ex, wrong).misconception.code == "mc-nt-peng-before-hu"


def test_a_chi_and_an_early_declaration_are_refused_with_their_rule():
    ex = _first("claim", lambda e: any((c.action or "").startswith("chi") for c in e.choices))
    chi = next(c.id for c in ex.choices if c.action.startswith("chi"))
    assert judge(ex, chi).misconception.code == "mc-nt-chi"
    late = _first("baoting", lambda e: solve(e).shown == "false c")
    assert judge(late, "true a").misconception.code == "mc-nt-baoting-late"


def test_a_turned_general_forgotten_among_the_seen_cards_is_told_so():
    ex = _first("unseen", lambda e: e.query.args["card"] in e.prompt_params["gen_cards"])
    card = ex.query.args["card"]
    turned = read(ex).state.gen.turned[T.INDEX[card]]
    assert turned >= 1
    v = judge(ex, str(int(solve(ex).shown) + turned))
    assert v.misconception.code == "mc-nt-forgot-turned"


# -- generators ----------------------------------------------------------------------------


def test_generators_come_from_the_themes_and_train_their_own_skill():
    gens = generators.of_game(GAME)
    assert {"forced", "cards-left", "zaijiang", "priority", "settle", "hand-type"} <= set(gens)
    assert len({g.skills[0] for g in gens.values()}) >= 8
    ex = generators.generate(GAME, "forced", 11)
    assert ex is not None and ex.id == "gen:nantong:forced:11" and ex.source == "generator:forced"
    assert generators.generate(GAME, "forced", 11) == ex


# -- quiz items ----------------------------------------------------------------------------


def test_thirty_quiz_items_in_the_lesson_units_each_naming_its_step():
    units = {lesson.unit for lesson in path_of(GAME)}
    items = quizzes.quiz_items(GAME)
    assert len(items) >= 30
    assert set(quizzes.authored()[GAME]) == units
    for ex in items:
        assert ex.lesson and step_of(ex.lesson) is not None, ex.id
        assert ex.hint is not None and ex.prompt.zh and ex.prompt.en
        solve(ex)
    checked = [ex for ex in items if ex.query is not None]
    assert len(checked) >= 30


# -- pages ---------------------------------------------------------------------------------


def _answer(client, csrf, page, **data):  # type: ignore[no-untyped-def]
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    url = html.unescape(re.search(r'action="(/exercises/[^"]+/answer)"', page).group(1))
    return client.post(
        url,
        data={"csrf_token": csrf(), "token": token, **data},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("turned general", "more than the lines give")), ("zh", ("将牌是", "多"))],
)
def test_a_practice_count_in_both_languages_wrong_then_right(app, client, csrf, lang, words):
    client.set_cookie("lang", lang)
    r = client.get(f"/practice/{GAME}/next?theme=count-win")
    assert r.status_code == 303
    url = r.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    assert words[0] in html.unescape(page)
    eid = html.unescape(re.search(r'action="/exercises/([^"]+)/answer"', page).group(1))
    with app.app_context():
        right = solve(practice.provide(eid)).shown
    wrong = _answer(client, csrf, page, number=str(int(right) + 1000))
    assert "verdict-right" not in wrong and words[1] in html.unescape(wrong)
    page = client.get(url).get_data(as_text=True)
    assert "verdict-right" in _answer(client, csrf, page, number=right)


def _wrong_form(ex):  # type: ignore[no-untyped-def]
    sol = solve(ex)
    if ex.kind == "number":
        return {"number": str(int(sol.shown) + 1000)}
    if ex.kind in ("choice", "choose-action"):
        return {"choice": next(c.id for c in ex.choices if c.id not in sol.accepted)}
    if ex.kind == "true-false":
        truth, _, why = sol.shown.partition(" ")
        form = {"truth": "false" if truth == "true" else "true"}
        return {**form, "why": why} if why else form
    if ex.kind == "order":
        ids = list(reversed(sol.shown.split()))
        return {f"rank-{cid}": str(i + 1) for i, cid in enumerate(ids)}
    from classes_help import wrong_answer

    return {"cards": wrong_answer(ex)}  # cards of the hand where the answer comes from it


def test_a_quiz_of_a_unit_runs_and_its_mistake_links_its_lesson_step(app, client, csrf):
    client.set_cookie("lang", "zh")
    r = client.post(
        f"/quiz/{GAME}/start",
        data={"csrf_token": csrf(f"/quiz/{GAME}/"), "unit": "play", "mode": "practice"},
    )
    assert r.status_code == 303
    run = r.headers["Location"]
    page = client.get(run).get_data(as_text=True)
    eid = html.unescape(re.search(r'action="/exercises/([^"]+)/answer"', page).group(1))
    with app.app_context():
        from app.learning import bank

        ex = bank.get(eid)
        form = _wrong_form(ex)
    assert "verdict-wrong" in _answer(client, csrf, page, **form)
    for q in range(1, 10):
        assert client.get(run.replace("q=0", f"q={q}")).status_code == 200
    summary = client.get(run.replace("q=0", "q=10")).get_data(as_text=True)
    assert f"/lessons/{GAME}/" in summary
