"""Guilin 大字牌 content: its own queries, its misconceptions (buggy models) and its
lessons (the sample deal, the checklist)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.config import ROOT
from app.engine.core.registry import find_game
from app.learning import bank, lessons
from app.learning.bank import ExerciseDoc
from app.learning.deals import replay
from app.learning.judge import judge
from app.learning.misconceptions import catalog
from app.learning.queries import BadExercise, solve
from app.teaching.guilin import misconceptions as mc
from app.text.messages import MESSAGES, render
from app.yamlfile import load_yaml

GAME = "guilin"
HAND_XING = "x3 x4 x5 x4 x5 x6 d4 d5 d6 d4 d5 d6 d1 d2 d3 x10 x10 d10 d9 d9 d9"


def make(**doc: Any):
    doc.setdefault("prompt", {"zh": "题", "en": "question"})
    doc.setdefault("skills", ["counting"])
    return ExerciseDoc.model_validate(doc).exercise(GAME, "test", doc.pop("id", "test.guilin"))


# -- queries ---------------------------------------------------------------------------


def test_count_adds_zimo_xing_and_special_wins_to_the_duo():
    base = dict(kind="number", hand=HAND_XING, query="guilin:count")
    assert solve(make(id="t.plain", **base)).shown == "1"  # 12 胡: 1 舵
    assert solve(make(id="t.zimo", context={"zimo": "yes"}, **base)).shown == "2"
    # 伍 turned: the two 肆 and two 陆 (big) wake, not the 伍 nor the small 四 六
    assert solve(make(id="t.xing", context={"xing": "d5"}, **base)).shown == "5"
    both = make(id="t.both", context={"xing": "d5", "zimo": "yes", "special": "dihu"}, **base)
    sol = solve(both)
    assert sol.shown == "7"
    codes = [ln.code for ln in sol.proof.analysis.settlement.lines]
    assert codes == ["zp-huxi", "zp-duo", "zp-zimo", "zp-xing", "zp-dihu", "zp-total"]


def test_xing_cards_follow_the_rule_option():
    doc = dict(kind="pick-cards", hand=HAND_XING, context={"xing": "d5"}, query="guilin:xing-cards")
    assert solve(make(id="t.sx", **doc)).shown == "d4 d4 d6 d6"
    assert solve(make(id="t.gen", rules={"xing": "gen"}, **doc)).shown == "d5 d5"
    ten = make(
        id="t.ten",
        kind="pick-cards",
        hand="x1 x2 x3 x7 x8 x9 x9 d9 d9 x2 x7 x10 d1 d2 d3 d4 d5 d6 d7 d7 d7",
        context={"xing": "x10"},
        query="guilin:xing-cards",
    )
    assert solve(ten).shown == "x1 x9 x9"  # ten and one adjoin


def test_winning_cards_leave_out_completions_below_ten():
    ex = make(
        id="t.win",
        kind="pick-cards",
        pool="deck",
        hand="x9 x9 x9 x4 x5 x6 d4 d5 d6 d7 d8 d9 x2 x3",
        melds=["peng: d1 d1 d1", "peng: x8 x8 x8"],
        query="guilin:winning-cards",
    )
    sol = solve(ex)
    assert sol.shown == "x1"
    assert {w.card for w in sol.proof.waits} >= {"x1", "x4"}  # 四 completes at 7 胡
    v = judge(ex, "x1 x4")
    assert v.misconception.code == "mc-gl-below-minimum"
    assert dict(v.misconception.params)["card"] == "x4"


def test_red_cards_need_a_red_card():
    assert (
        solve(make(id="t.red", kind="pick-cards", hand="x2 x3 d7", query="guilin:red-cards")).shown
        == "x2 d7"
    )
    with pytest.raises(BadExercise):
        solve(make(id="t.nored", kind="pick-cards", hand="x3 d4", query="guilin:red-cards"))


def test_bi_cards_hold_the_xiabi_groups():
    ex = bank.get("guilin-04-chi-bi.bi-cards")
    assert solve(ex).shown == "x6 x7 x7 x8 x8"
    v = judge(ex, "x7 x8")
    assert v.misconception.code == "mc-gl-missed-bi"
    assert dict(v.misconception.params)["card"] == "x6"


def test_discards_after_knows_chongduo_from_a_first_four():
    assert solve(bank.get("guilin-07-going-out.chongduo-yes")).shown == "false chongduo"
    assert solve(bank.get("guilin-07-going-out.chongduo-no")).shown == "true discard"
    assert solve(bank.get("guilin.demo-chongduo-after")).shown == "false chongduo"


# -- misconceptions --------------------------------------------------------------------


def test_the_catalog_has_messages_lessons_and_an_example_each():
    codes = catalog(GAME)
    assert len(codes) >= 12
    assert {c for c, _, _ in mc.EXAMPLES} == set(codes)
    for code, m in codes.items():
        assert code.startswith("mc-gl-")
        assert lessons.step_of(m.lesson) is not None, (code, m.lesson)
        en, zh = MESSAGES[code]["en"], MESSAGES[code]["zh"]
        assert set(re.findall(r"\{(\w+)\}", en)) == set(re.findall(r"\{(\w+)\}", zh)), code


@pytest.mark.parametrize("code,exercise_id,answer", mc.EXAMPLES, ids=lambda x: str(x))
def test_each_example_is_diagnosed_with_all_its_parameters(code, exercise_id, answer):
    ex = bank.get(exercise_id)
    v = judge(ex, answer)
    assert not v.correct and v.misconception is not None
    assert v.misconception.code == code
    for lang in ("en", "zh"):
        text = render(code, v.misconception.params, lang)
        assert "{" not in text, (code, lang, text)


def test_the_group_belief_names_the_group():
    ex = bank.get("guilin-08-counting.count-kaiduo")
    v = judge(ex, "18")
    assert v.misconception.code == "mc-gl-kaiduo-as-saochuan"
    assert list(dict(v.misconception.params)["cards"]) == ["x5"] * 4
    one = judge(bank.get("guilin-08-counting.count-big"), "12")  # only the kan of 陆 halved
    assert one.misconception.code == "mc-gl-big-as-small"
    assert list(dict(one.misconception.params)["cards"]) == ["d6"] * 3


def test_duo_beliefs_with_the_extras_added_right():
    ex = bank.get("guilin-09-duo.zimo-count")  # 15 胡, 自摸: 2 + 1
    assert judge(ex, "3").correct
    assert judge(ex, "15").misconception.code == "mc-gl-hu-not-duo"
    assert judge(ex, "4").misconception.code == "mc-gl-duo-every-five"  # 15 // 5 + 1
    assert judge(ex, "2").misconception.code == "mc-gl-forgot-zimo"


def test_an_unexplained_wrong_answer_gets_the_count_or_the_rule():
    """No belief explains it: a number is set beside the engine's count, an action gets
    the rule that refuses it."""
    mc = judge(bank.get("guilin-08-counting.count-big"), "40").misconception
    assert mc.code == "mc-count-never" and mc.params["given"] == 40
    assert mc.params["right"] == mc.params["most"] == 15
    v = judge(bank.get("guilin-03-turn.take-which"), "d")
    assert v.misconception.code == "mc-refused"
    note = next(n for n in v.proof.notes if n.choice == "d")
    assert v.misconception.params["because"]["code"] == note.reason.code


# -- lessons ----------------------------------------------------------------------------


def test_the_path_meets_the_minimums():
    path = lessons.path_of(GAME)
    assert len(path) >= 8
    assert sum(len(ls.steps) for ls in path) >= 90
    assert sum(len(ls.exercises) for ls in path) >= 45
    assert 3 <= len({ls.unit for ls in path}) <= 5


def test_the_sample_deal_ends_in_the_dealers_saochuan_win():
    step = lessons.step_of("guilin-11-sample-deal#deal")
    frames = replay(GAME, step.deal)
    game = find_game(GAME)
    out = game.outcome(frames[-1].state)
    assert out.winner == 0
    assert out.settlement.total == 7  # 16 胡 = 2 舵, 自摸 1, 醒 4 (the four 陆 under 柒)
    kinds = {f.move.kind for f in frames[1:]}
    assert {"chi", "peng", "sao", "kaiduo", "saochuan", "hu"} <= kinds


def test_every_rule_point_is_taught_by_a_guilin_step():
    data = load_yaml((ROOT / "content/checklists/guilin.yaml").read_text(encoding="utf-8"))
    for p in data["points"]:
        assert p["taught_in"].startswith("guilin-"), p["id"]
        assert lessons.step_of(p["taught_in"]) is not None, p["id"]


def test_the_demo_set_has_three_of_every_kind():
    mine = [e for e in bank.demo_set() if e.game == GAME]
    counts = bank.kinds_count(mine)
    assert all(n >= 3 for n in counts.values()), counts
