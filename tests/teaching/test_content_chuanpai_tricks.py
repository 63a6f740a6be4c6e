"""The trick game's content: its engine queries, the buggy models behind its
misconceptions, the sample deal's story, and its lesson pages in both languages."""

from __future__ import annotations

import re
import string

import pytest

from app.config import ROOT
from app.engine.core.registry import find_game
from app.learning import bank
from app.learning.deals import replay
from app.learning.judge import judge
from app.learning.lessons import path_of, step_of
from app.learning.misconceptions import catalog
from app.learning.queries import BadExercise, solve
from app.teaching.chuanpai_tricks.misconceptions import EXAMPLES, MODELS, pile_count
from app.teaching.chuanpai_tricks.queries import compare
from app.text.messages import MESSAGES, render
from app.text.results import humanize
from app.yamlfile import load_yaml

GAME = "chuanpai-tricks"
G = find_game(GAME)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# -- ranks and plays -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "mine", "why"),
    [
        ("66", "66", "equal"),
        ("33", "55", "equal"),  # 中山 tie
        ("46", "22", "beats"),  # 中山 over 幺
        ("44", "56", "lower"),  # 斧头 has more pips and ranks lower
        ("14", "36", "other-colour"),
        ("15", "45", "other-suit"),
        ("26", "35", "equal"),
        ("14 14", "45", "other-shape"),
        ("25 25", "26 35", "not-a-play"),  # equal ranks are no pair
        ("13 14", "11 45", "not-a-play"),  # 地牌 takes an eight
        ("44 25", "11 26", "beats"),  # 地八 over 人七
        ("66 45", "66 36", "equal"),  # two 天九 tie
        ("55 55", "44 44", "beats"),
    ],
)
def test_what_beats_what(table, mine, why):
    assert compare(table.split(), mine.split()) == why


# -- counting a pile, right and under each wrong belief -------------------------------------


def cards(text: str) -> list[str]:
    return text.split()


PILE_21 = cards("45 45 45 36 36 36 66 66 11 26 44 34 13 14 55 55 33 33 22 46 16")
PILE_18 = cards("12 24 45 45 45 45 33 33 33 33 66 11 26 44 34 13 14 36")


def test_the_models_count_like_the_engine_when_no_belief_is_wrong():
    rules = G.rules({})
    for pile in (PILE_21, PILE_18, cards("12 24 66 66 66 45 11 26 44 34 13 14 36 36 55 55 33")):
        a = G.analyze(G.holding(" ".join(pile), (), {}, rules), rules)
        assert pile_count(pile, "sets")[:2] == (a.extra["value"], a.extra["fan"])


@pytest.mark.parametrize(
    ("pile", "model", "value"),
    [
        (PILE_21, "", 4),  # 一甲 with one 翻 (three 红九)
        (PILE_21, "no-fan", 2),
        (PILE_21, "fan-added", 3),
        (PILE_21, "three-black", 8),  # three 黑九 taken for a 翻
        (PILE_18, "", 4),  # three 翻 offered, two allowed by 18 cards
        (PILE_18, "uncapped", 8),
        (PILE_18, "no-hard", 1),  # 16 cards without the 硬张: no 翻 at all
    ],
)
def test_buggy_models(pile, model, value):
    assert pile_count(pile, "sets", model)[0] == value


def test_every_model_names_a_code_of_the_catalog():
    codes = catalog(GAME)
    assert all(code in codes for _, code in MODELS)


# -- the catalog -----------------------------------------------------------------------------


def test_every_code_teaches_in_a_step_of_this_game_with_both_messages():
    codes = catalog(GAME)
    assert len(codes) >= 12
    for code, mc in codes.items():
        assert code.startswith("mc-tj-")
        step = step_of(mc.lesson or "")
        assert step is not None and step.lesson.startswith("tj-"), (code, mc.lesson)
        en, zh = MESSAGES[code]["en"], MESSAGES[code]["zh"]
        assert _placeholders(en) == _placeholders(zh), code


@pytest.mark.parametrize(("code", "exercise_id", "answer"), EXAMPLES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_example_explains_itself_in_both_languages(code, exercise_id, answer, lang):
    ex = bank.get(exercise_id)
    assert ex is not None
    v = judge(ex, answer)
    assert v.misconception is not None and v.misconception.code == code
    text = render(code, humanize("chuanpai", v.misconception.params, lang), lang)
    assert "{" not in text and "}" not in text, text


@pytest.mark.parametrize(
    ("exercise_id", "answer", "code"),
    [
        ("chuanpai-tricks.act-pair-of-he", "a", "mc-tj-dianzi-vs-civil"),  # 红九 pair on 和 pair
        ("chuanpai-tricks.act-pair-of-he", "b", "mc-tj-rank-by-pips"),  # 长三 pair has more pips
        ("chuanpai-tricks.act-pair-of-he", "d", "mc-tj-wrong-count"),
        ("chuanpai-tricks.act-third-seat", "a", "mc-tj-beat-lead-only"),
        ("chuanpai-tricks.act-third-seat", "d", "mc-tj-colour-mix"),
        ("chuanpai-tricks.act-lead", "a", "mc-tj-not-a-lead"),
        ("chuanpai-tricks.act-lead", "d", "mc-tj-tuoshou-needs-five"),
        ("tj-05-deal.lead-ex2", "a", "mc-tj-wrong-combo-partner"),
        ("tj-05-deal.lead-ex2", "b", "mc-tj-mixed-pair"),
        ("tj-05-deal.lead-ex2", "c", "mc-tj-played-hard-card"),
        ("tj-06-beating.forced-ex", "a", "mc-tj-covered-when-able"),
        ("tj-06-beating.forced-ex", "c", "mc-tj-wrong-shape"),
        ("tj-06-beating.one-beat-ex", "55 55", "mc-tj-rank-by-pips"),
        ("tj-03-military.pick-red", "14 14 34 34 36", "mc-tj-colour-mix"),
        ("tj-03-military.pick-red", "14 14 34 34 44", "mc-tj-dianzi-vs-civil"),
        ("tj-08-winning.not-tuoshou-ex", "true a", "mc-tj-tuoshou-needs-five"),
        ("tj-08-winning.value-ex", "1", "mc-tj-level-thresholds"),
        ("chuanpai-tricks.count-score", "-1", "mc-tj-forgot-hard-cards"),
        ("chuanpai-tricks.count-score", "-4", "mc-tj-fan-added"),
    ],
)
def test_wrong_actions_and_picks_name_the_belief(exercise_id, answer, code):
    v = judge(bank.get(exercise_id), answer)
    assert not v.correct and v.misconception is not None
    assert v.misconception.code == code, v.misconception


def test_several_beats_are_all_right():
    ex = bank.get("chuanpai-tricks.pick-beat-combo")
    for answer in ("11 35", "34 44", "25 44"):
        assert judge(ex, answer).correct


# -- memory queries refuse what the engine cannot know ----------------------------------------


def test_memory_queries_refuse_a_position_where_the_card_went_by_covered():
    frames = replay(GAME, step_of("tj-10-sample-deal#the-deal").deal)
    code = G.encode(frames[15].state)  # seat 3 about to lead 和牌; a 地牌 went by in a 地八
    ex = bank.get("tj-10-sample-deal.sure-pair")
    setup = ex.setup.__class__(position=code)
    for query in (
        ex.query.__class__("chuanpai-tricks:sure", {"action": "13"}),
        ex.query.__class__("chuanpai-tricks:cards-left", {"card": "11"}),
    ):
        odd = ex.__class__(**{**_fields(ex), "id": "odd", "setup": setup, "query": query})
        with pytest.raises(BadExercise):
            solve(odd)


def _fields(ex):
    return {f: getattr(ex, f) for f in ex.__dataclass_fields__}


# -- the sample deal tells the truth -----------------------------------------------------------


def test_the_sample_deal_is_the_one_the_lesson_describes():
    frames = replay(GAME, step_of("tj-10-sample-deal#the-deal").deal)
    first = frames[0].state
    assert [len(p) for p in first.piles] == [3, 0, 5]  # the 硬张 laid out at the deal
    assert frames[2].move.forced and frames[9].move.forced  # moves 2 and 9 beat by force
    before_30, after_30 = frames[29].state, frames[30].state
    assert before_30.first_to_16 is None and after_30.first_to_16 == 2
    assert len(after_30.piles[2]) == 17
    at_16 = frames[15].state  # before seat 3 leads 和牌: nothing above it can be out there
    seen = list(at_16.piles[0] + at_16.piles[1] + at_16.piles[2])
    assert seen.count("66") == 4 and at_16.covered.count("44") == 4
    last = frames[-1].state
    outcome = G.outcome(last)
    assert outcome.winner == 2 and outcome.scores == (-4, -4, 8)
    a = G.analyze(G.seat_holding(last, 2), last.rules)
    assert (len(last.piles[2]), a.extra["level"], a.extra["fan"]) == (22, 2, 1)
    assert [m.cards for m in a.melds] == [("11", "11", "11")]
    pile = " ".join(last.piles[2])
    assert bank.get("tj-10-sample-deal.final-value").setup.hand == pile


# -- the path and the checklist ----------------------------------------------------------------


def test_the_path_meets_the_minimums():
    lessons = path_of(GAME)
    assert len(lessons) >= 6
    assert sum(len(ls.steps) for ls in lessons) >= 60
    assert sum(len(ls.exercises) for ls in lessons) >= 30
    assert {ls.unit for ls in lessons} == {"cards", "play", "scoring"}
    kinds = {s.kind for ls in lessons for s in ls.steps}
    assert kinds == {"text", "example", "exercise", "deal"}


def test_every_rule_point_is_taught_in_a_lesson_of_this_game():
    data = load_yaml((ROOT / "content/checklists/chuanpai-tricks.yaml").read_text("utf-8"))
    for point in data["points"]:
        step = step_of(point["taught_in"] or "")
        assert step is not None and step.lesson.startswith("tj-"), point["id"]


# -- the pages, as a learner sees them ----------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_lesson_step_renders(client, lang):
    client.set_cookie("lang", lang)
    for ls in path_of(GAME):
        for st in ls.steps:
            url = f"/lessons/{GAME}/{ls.id}/{st.id}"
            assert client.get(url).status_code == 200, url
            if st.kind == "deal":
                last = len(st.deal.moves)
                for n in (1, 16, last):
                    assert client.get(f"{url}?move={n}").status_code == 200, (url, n)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "red and black military cards are kept apart"), ("zh", "红点子和黑点子分开打")],
)
def test_a_wrong_answer_in_a_lesson_names_the_misconception(client, lang, expected):
    client.set_cookie("lang", lang)
    url = f"/lessons/{GAME}/tj-03-military/colour-ex"
    page = client.get(url).get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', page).group(1)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    r = client.post(
        "/exercises/tj-03-military.colour-ex/answer",
        data={"csrf_token": csrf, "token": token, "truth": "true", "why": "a", "next": url},
        follow_redirects=True,
    )
    assert expected in r.get_data(as_text=True)
