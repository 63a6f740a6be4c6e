"""The 川牌 pairing game's teaching content: its engine queries, its buggy models, the
messages they fill, and the lesson path (tests/learning/test_exercises.py judges the examples)."""

from __future__ import annotations

import re
import string

import pytest

from app.engine.chuanpai.melds import Meld
from app.learning import bank, lessons
from app.learning.deals import replay
from app.learning.exercise import KINDS, Choice, Exercise, Query, Setup, Text
from app.learning.judge import judge
from app.learning.misconceptions import catalog
from app.learning.queries import BadExercise, solve
from app.teaching.chuanpai import misconceptions as mc
from app.text.messages import MESSAGES, render

GAME = "chuanpai"
T = Text("题", "question")


def ex(kind: str, query: str, hand: str = "", **kw) -> Exercise:
    args = {k: kw.pop(k) for k in ("card", "action") if k in kw}
    if "group" in kw:
        args["kind"] = kw.pop("group")
    melds = tuple(tuple(m.split(":", 1)) for m in kw.pop("melds", ()))
    setup = Setup(
        hand, melds, {}, kw.pop("position", None), kw.pop("seat", None), kw.pop("pool", "hand")
    )
    return Exercise(
        f"test.{query}.{hand}.{sorted(args.items())}.{sorted(kw.get('rules', {}).items())}",
        GAME,
        kind,
        T,
        ("cards",),
        setup,
        query=Query(query, args),
        **kw,
    )


# -- the queries ---------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "points"), [("11", 2), ("12", 3), ("45", 9), ("66", 12)])
def test_pips_are_the_two_faces_added(card, points):
    assert solve(ex("number", "chuanpai:pips", card)).value == points


def test_a_word_card_has_no_pips():
    with pytest.raises(BadExercise):
        solve(ex("number", "chuanpai:pips", "cs"))


@pytest.mark.parametrize(
    ("card", "jing", "copies"),
    [("35", "on", 12), ("12", "on", 2), ("12", "off", 4), ("56", "on", 4)],
)
def test_cards_of_the_same_points_in_the_deck(card, jing, copies):
    e = ex("number", "chuanpai:same-points", card, card=card, rules={"jing": jing})
    assert solve(e).value == copies


@pytest.mark.parametrize(
    ("card", "jing", "partners"),
    [
        ("26", "off", "11 66"),
        ("26", "on", "11 66 cs ty"),
        ("55", "on", "46 55 cs ty"),
        ("cs", "on", "11 12 13 14 15 16 22 23 24 25 26 33 34 35 36 44 45 46 55 56 66"),
    ],
)
def test_partners_make_10_or_20(card, jing, partners):
    e = ex("pick-cards", "chuanpai:partners", card, card=card, rules={"jing": jing})
    assert solve(e).shown == partners


def test_red_pips_are_ones_and_fours_and_half_of_heaven():
    e = ex("pick-cards", "chuanpai:red", "11 22 14 25 36 66 cs 44 44")
    assert solve(e).shown == "11 14 44 44 66"


def test_spare_cards_are_those_whose_loss_breaks_no_pair():
    assert solve(ex("pick-cards", "chuanpai:spare", "13 15 24 46 55 36")).shown == "15 24 36"
    with pytest.raises(BadExercise):
        solve(ex("pick-cards", "chuanpai:spare", "46 55"))


@pytest.mark.parametrize(
    ("group", "n"), [("an", 1), ("peng", 1), ("yan", 1), ("qi", 1), ("liang", 2), ("kang", 2)]
)
def test_tou_after_each_group(group, n):
    assert solve(ex("number", "chuanpai:tou", group=group)).value == n


def test_settlement_adds_the_base_for_each_loser():
    hand, melds = "46 55 66 26 45 56", ("peng:33 33 33",)
    each = solve(ex("number", "chuanpai:settlement", hand, melds=melds))
    assert each.value == 6
    lines = each.proof.analysis.settlement.lines
    assert lines[-1].code == "cp-base"
    three = ex("number", "chuanpai:collect", hand, melds=melds, rules={"players": "3"})
    assert solve(three).value == 12
    assert solve(ex("number", "chuanpai:collect", hand, melds=melds)).value == 18


@pytest.mark.parametrize(
    ("hand", "card", "rules", "value", "case"),
    [
        ("13 22 15 15 46 55", "15", {}, True, "level"),
        ("13 13 22 15 15 46 55", "15", {}, True, "good-one-over"),
        ("13 22 15 15 15 46 55", "15", {}, False, "bad-over"),
        ("66 66 66 11 26 13 15", "66", {}, False, "good-two-over"),
        ("23 23 14 14 46 55", "23", {}, True, "tied"),
        ("23 23 14 46 55", "23", {}, False, "spare"),
        ("13 22 15 15 46 55", "15", {"qitou": "none"}, False, "always"),
    ],
)
def test_qitou_cases(hand, card, rules, value, case):
    choices = tuple(
        Choice(c, Text(c, c), reason=c)
        for c in ("level", "good-one-over", "bad-over", "good-two-over", "tied", "spare", "always")
    )
    e = ex("true-false", "chuanpai:optional", hand, card=card, rules=rules, choices=choices)
    assert solve(e).shown == f"{'true' if value else 'false'} {case}"


def test_groups_ranked_by_their_hu_and_ties_refused():
    def ranked(*actions: str) -> Exercise:
        choices = tuple(Choice(f"c{i}", T, action=a) for i, a in enumerate(actions))
        return ex("order", "chuanpai:by-points", choices=choices)

    assert solve(ranked("jier 46 55", "an 12 12 cs", "qi 15 15 15 15")).shown == "c1 c2 c0"
    with pytest.raises(BadExercise):
        solve(ranked("peng 33 33 33", "yan 16 25 34"))


# -- the buggy models ----------------------------------------------------------------------


def melds(*specs: str) -> list[Meld]:
    out = []
    for spec in specs:
        kind, _, cards = spec.partition(":")
        out.append(Meld.make(kind, tuple(cards.split())))
    return out


def test_count_models_name_the_belief():
    groups = melds("an:12 12 ty", "jier:26 66", "jier:13 15", "peng:55 55 55")
    right = sum(m.points for m in groups)
    assert right == 33
    assert mc.count_models(groups, right, 6).code == "mc-cp-jing-not-x10"
    assert mc.count_models(groups, right, 34).code == "mc-cp-jier-10-counts"
    assert mc.count_models(groups, right, 32).code == "mc-cp-jier-20-forgot"


def test_count_models_for_each_group_kind():
    groups = melds("an:22 22 22", "peng:35 35 35", "peng:14 14 14", "qi:46 46 46 46", "jier:26 66")
    right = sum(m.points for m in groups)  # 3 + 2 + 2 + 5 + 1 = 13
    assert mc.count_models(groups, right, right + 1).code == "mc-cp-an-peng-swapped"
    assert mc.count_models(groups, right, right + 2).code == "mc-cp-four-values"
    assert mc.count_models(groups, right, right - 1).code == "mc-cp-jier-20-forgot"
    assert mc.count_models(groups, right, right + 5) is None
    plain = melds("kang:24 24 24 24", "jier:13 15")
    assert mc.count_models(plain, 7, 5).params == {"group": "扛", "each": 7}
    assert mc.count_models(plain, 7, 8).code == "mc-cp-jier-10-counts"


def test_jing_pairs_read_at_the_wrong_sum():
    groups = melds("jier:16 cs", "jier:26 ty")  # a 10 and a 20
    assert mc.count_models(groups, 1, 2).code == "mc-cp-jing-jier-value"
    assert mc.count_models(groups, 1, 0).code == "mc-cp-jing-jier-value"


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ("16 15 25 46 55 13 15", "mc-cp-three-card-sum"),
        ("cs ty", "mc-cp-two-jing"),
        ("cs 33 33 46 55 13 15", "mc-cp-jing-with-alike"),
        ("66 66 13 15", "mc-cp-alike-not-jier"),
        ("66 26 13", None),
    ],
)
def test_win_models(hand, code):
    from app.engine.chuanpai.cards import counts_of

    found = mc.win_models(tuple(counts_of(hand.split())), True)
    assert (found.code if found else None) == code


def test_a_poorer_arrangement_is_recognised():
    e = ex("number", "points", "55 55 55 55 66 26 13 15 45 56")
    assert solve(e).value == 9
    assert 4 in mc.other_arrangements(e)
    assert judge(e, "4").misconception.code == "mc-cp-not-best"


def test_waits_missing_only_the_twenties():
    e = ex("pick-cards", "waits", "46 55 13 15 26", pool="deck", rules={"jing": "off"})
    assert solve(e).shown == "11 66"
    assert judge(e, "11").misconception.code == "mc-cp-missed-20"


# -- messages ------------------------------------------------------------------------------


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_code_has_both_languages_with_the_same_placeholders():
    codes = set(catalog(GAME)) | {c for c in MESSAGES if c.startswith("fact-cp-")}
    assert set(catalog(GAME)) <= set(MESSAGES)
    for code in codes:
        texts = MESSAGES[code]
        assert fields(texts["en"]) == fields(texts["zh"]), code


def test_each_example_fills_its_message_completely():
    for code, exercise_id, answer in mc.EXAMPLES:
        v = judge(bank.get(exercise_id), answer)
        for lang in ("en", "zh"):
            text = render(code, v.misconception.params, lang)
            assert not re.search(r"\{\w+\}", text), (code, lang, text)


def test_the_catalog_is_large_and_every_code_has_an_example_and_a_step():
    codes = catalog(GAME)
    assert len(codes) >= 12
    assert {c for c, _, _ in mc.EXAMPLES} == set(codes)
    for m in codes.values():
        assert m.code.startswith("mc-cp-")
        assert lessons.step_of(m.lesson) is not None, m


# -- the lesson path -----------------------------------------------------------------------


def test_the_path_is_long_enough_and_in_units():
    path = lessons.path_of(GAME)
    assert [ls.order for ls in path] == list(range(1, len(path) + 1))
    assert len(path) >= 6
    assert sum(len(ls.steps) for ls in path) >= 60
    exercises = [e for ls in path for e in ls.exercises]
    assert len(exercises) >= 30
    assert {e.kind for e in exercises} == set(KINDS)
    units = {ls.unit for ls in path}
    assert 3 <= len(units) <= 5


def test_the_demo_set_has_three_of_every_kind():
    mine = [e for e in bank.demo_set() if e.game == GAME]
    counts = bank.kinds_count(mine)
    assert all(n >= 3 for n in counts.values()), counts


def test_the_sample_deal_ends_as_the_lesson_counts_it():
    lesson = lessons.get("chuanpai-10-sample-deal")
    deal = lesson.step("deal").deal
    last = replay(GAME, deal)[-1].state
    assert last.phase == "over" and last.winner == 0
    assert last.scores == (126, -42, -42, -42)
    assert solve(lesson.step("count-ex").exercise).value == 41
    assert solve(lesson.step("collect-ex").exercise).value == 126


# -- the pages -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_step_renders_in_both_languages(client, lang):
    client.set_cookie("lang", lang)
    for lesson in lessons.path_of(GAME):
        for step in lesson.steps:
            url = f"/lessons/{GAME}/{lesson.id}/{step.id}"
            page = client.get(url)
            assert page.status_code == 200, url
            html = page.get_data(as_text=True)
            assert "[[" not in html and "{cs}" not in html, url
    deal = f"/lessons/{GAME}/chuanpai-10-sample-deal/deal"
    for move in (1, 9, 37, 46):
        assert client.get(f"{deal}?move={move}").status_code == 200
