"""Hunan 跑胡子 content: the buggy models, the diagnosis with its parameters, the hunan
queries, the positions and the sample deal.

- The 字牌 shape model (``zipai_common.Shapes``) reads holdings exactly as the engine does
  when it holds no wrong belief, so every belief's answer differs from the engine's only
  by that belief.
- Each misconception is reached from a real wrong answer with the exact parameters (the
  group, the card, the count), and its message renders with no placeholder left over.
- Every position of the hunan content is a code the engine wrote (it reads back to the
  same code), and the sample deal replays to the win the lesson counts.
"""

from __future__ import annotations

import random
import re

import pytest

from app.config import ROOT
from app.engine.core.registry import find_game
from app.engine.zipai.cards import TOKENS
from app.engine.zipai.decompose import waits
from app.engine.zipai.melds import Meld
from app.engine.zipai.samples import random_complete_hand
from app.learning import bank, lessons
from app.learning.deals import replay
from app.learning.judge import judge
from app.learning.misconceptions import catalog
from app.learning.queries import solve
from app.teaching.hunan import misconceptions as hunan
from app.teaching.zipai_common import (
    SHAPE_BELIEFS,
    Shapes,
    complete_under,
    counts_of_tokens,
    first_jump,
    recount,
    waits_under,
)
from app.text.messages import render
from app.yamlfile import load_yaml

GAME = find_game("hunan")
EXERCISES = sorted(
    (ex for ex in bank.authored().values() if ex.game == "hunan"), key=lambda ex: ex.id
)


HAND_WITH_PAO = "x1 x2 x3 x6 x7 x8 d1 d2 d3 d6 d7 d8 x9 x9 d10 d10".split()  # noqa: SIM905
MIXED = "x1 x2 x3 x4 x5 x6 x7 x8 d9 d2 d7 d10 x10 x10 d10 d3 d4 d5 x6 d6 d6".split()  # noqa: SIM905
TWO_SEVEN_TEN = "x2 x7 x10 x1 x2 x3 x4 x5 x6 d1 d2 d3 d4 d5 d6 d7 d8 d9 x8 x8 d8".split()  # noqa: SIM905


def _judge(exercise_id: str, answer: str):
    ex = bank.get(exercise_id)
    assert ex is not None, exercise_id
    v = judge(ex, answer)
    assert not v.correct
    return v.misconception


# --------------------------------------------------------------------------- buggy models


def test_the_plain_shape_model_finds_the_engines_waits():
    rng = random.Random(11)
    for _ in range(300):
        hand = random_complete_hand(rng)
        assert complete_under(hand, [], Shapes())
        cards = [c for c in range(20) for _ in range(hand[c])]
        short = list(hand)
        short[rng.choice(cards)] -= 1
        engine = {TOKENS[c] for c, _pts in waits(short, [])}
        assert waits_under(short, [], Shapes()) == engine


def test_the_shape_model_needs_a_pair_once_there_is_a_pao():
    pao = [Meld("pao", (4, 4, 4, 4))]
    hand = counts_of_tokens(HAND_WITH_PAO)
    assert waits_under(hand, pao, Shapes()) == {TOKENS[c] for c, _pts in waits(hand, pao)}
    assert {"x9", "d10"} <= waits_under(hand, pao, Shapes())
    assert not complete_under(hand, pao, Shapes())


def test_each_shape_belief_changes_what_looks_complete():
    mixed = counts_of_tokens(MIXED)
    assert not complete_under(mixed, [], Shapes())
    assert complete_under(mixed, [], SHAPE_BELIEFS["mixed-runs"])
    two_seven_ten = counts_of_tokens(TWO_SEVEN_TEN)
    assert complete_under(two_seven_ten, [], Shapes())
    assert not complete_under(two_seven_ten, [], SHAPE_BELIEFS["no-2710"])


@pytest.mark.parametrize(
    ("belief", "total"),
    [
        ("big-as-small", 10),
        ("peng-as-kan", 18),
        ("kan-as-peng", 13),
        ("special-zero", 7),
        ("jiao-as-kan", 19),
    ],
)
def test_a_count_belief_recounts_the_engines_arrangement(belief, total):
    rules = GAME.default_rules
    holding = GAME.holding(
        "d9 d9 d9 d1 d2 d3 x2 x7 x10 x5 x6 x7 x8 x8 d8 d4 d5 d6", [("peng", "x4 x4 x4")], {}, rules
    )
    a = GAME.analyze(holding, rules)
    assert a.points == 16
    found = recount(a.melds, belief)
    assert found is not None and found.total == total


def test_first_jump_names_the_item_put_too_early():
    assert first_jump(["c", "b", "a"], ["a", "b", "c"]) == ("a", "c")
    assert first_jump(["c", "b", "a"], ["c", "a", "b"]) == ("a", "b")
    assert first_jump(["a", "b"], ["a", "b"]) is None


# --------------------------------------------------------------------------- diagnosis


def test_a_big_group_counted_small_names_the_group_and_the_points():
    mc = _judge("hunan.count-stale-wei-pao", "15")
    assert mc.code == "mc-hn-big-as-small"
    assert mc.params["cards"] == ["d6", "d6", "d6", "d6"]
    assert (mc.params["right"], mc.params["wrong"]) == (9, 6)


def test_a_peng_counted_as_a_kan_and_an_eaten_run_left_out():
    assert _judge("hunan-09-huxi.count-eaten", "15").code == "mc-hn-peng-as-kan"
    mc = _judge("hunan-09-huxi.count-eaten", "10")
    assert mc.code == "mc-hn-eaten-run-zero"
    assert mc.params["cards"] == ["x1", "x2", "x3"]


def test_a_complete_hand_under_the_minimum_is_diagnosed_with_its_count():
    mc = _judge("hunan-08-going-out.below-minimum", "true a")
    assert mc.code == "mc-hn-forgot-minimum"
    assert (mc.params["huxi"], mc.params["min"]) == (12, 15)


def test_a_mixed_run_is_named():
    mc = _judge("hunan-02-groups.complete", "true a")
    assert mc.code == "mc-hn-mixed-run"
    assert mc.params["cards"] == ["x7", "x8", "d9"]
    mc = _judge("hunan.win-mixed-run", "true a")
    assert mc.code == "mc-hn-mixed-run"
    sizes = {t[0] for t in mc.params["cards"]}
    values = sorted(int(t[1:]) for t in mc.params["cards"])
    assert sizes == {"x", "d"} and values == list(range(values[0], values[0] + 3))


def test_waits_beliefs_name_the_cards():
    mc = _judge("hunan.waits-two-seven-ten", "x6")
    assert mc.code == "mc-hn-forgot-2710" and mc.params["cards"] == ["x10"]
    mc = _judge("hunan.waits-keep-the-kan", "x7 x10 d4 d7")
    assert mc.code == "mc-hn-split-kan" and mc.params["cards"] == ["d4", "d7"]


def test_a_chi_without_bi_names_the_card_left_in_hand():
    mc = _judge("hunan-05-chi-bi.bi-choose", "a")
    assert mc.code == "mc-hn-missed-bi"
    assert (mc.params["card"], mc.params["count"]) == ("x8", 1)


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        ("a b c", "mc-hn-chi-before-peng"),
        ("c a b", "mc-hn-seat-order"),
        ("b c a", "mc-hn-chi-before-peng"),
    ],
)
def test_priority_orders(answer, code):
    assert _judge("hunan.order-peng-before-chi", answer).code == code


def test_a_win_put_after_a_pao_is_popaohu():
    assert _judge("hunan-07-priority.order-hu-pao", "a b").code == "mc-hn-take-before-hu"


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        ("1", "mc-hn-forgot-mingtang"),
        ("10", "mc-hn-tun-from-zero"),
    ],
)
def test_settlement_beliefs(answer, code):
    mc = _judge("hunan.settle-red-win", answer)
    assert mc.code == code
    assert (mc.params["huxi"], mc.params["red"], mc.params["factor"]) == (16, 10, 2)


def test_red_cards_counted_in_the_hand_only_or_as_the_big_ones():
    assert _judge("hunan-01-cards.count-red", "5").code == "mc-hn-red-hand-only"
    assert _judge("hunan-01-cards.count-red", "7").code == "mc-hn-big-cards-red"
    assert _judge("hunan.red-cards", "d1 d4 d6 d9").code == "mc-hn-big-cards-red"


def test_the_sample_deals_payment_recounted_without_the_mingtang():
    assert _judge("hunan-12-sample-deal.win-total", "1").code == "mc-hn-forgot-mingtang"


def test_every_example_renders_its_message_completely():
    for code, exercise_id, answer in hunan.EXAMPLES:
        mc = _judge(exercise_id, answer)
        assert mc.code == code
        for lang in ("en", "zh"):
            text = render(mc.code, mc.params, lang)
            assert not re.search(r"\{[a-z_]+\}", text), (code, lang, text)


def test_codes_an_authored_choice_names_need_no_parameters():
    for ex in EXERCISES:
        for ch in ex.choices:
            if ch.misconception:
                for lang in ("en", "zh"):
                    assert "{" not in render(ch.misconception, {}, lang), (ex.id, ch.id)


def test_every_misconception_names_a_step_of_the_hunan_path():
    steps = {f"{ls.id}#{st.id}" for ls in lessons.path_of("hunan") for st in ls.steps}
    for mc in catalog("hunan").values():
        assert mc.lesson in steps, mc.code
        assert mc.code.startswith("mc-hn-")


def test_every_engine_reason_mapped_is_one_of_the_catalog():
    assert set(hunan.REASONS.values()) <= set(catalog("hunan"))


# --------------------------------------------------------------------------- queries


def test_bi_cards_accepts_every_legal_way():
    ex = bank.get("hunan-05-chi-bi.bi-two")
    sol = solve(ex)
    assert "x5 x6 x6 x7 x7 x8" in sol.accepted and "x6 x6 x7 x7 x8 x8" in sol.accepted
    for answer in sol.accepted:
        assert judge(ex, answer).correct


def test_table_huxi_counts_the_groups_laid_out():
    assert solve(bank.get("hunan-09-huxi.current-huxi")).value == 15


def test_tun_at_another_minimum_counts_from_it():
    assert solve(bank.get("hunan-11-variants.tun-eighteen")).value == 2
    assert solve(bank.get("hunan-10-settlement.tun-count")).value == 3


# --------------------------------------------------------------------------- positions and the deal


def _codes():
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        if "hunan" not in path.name and "hunan" not in path.parent.name:
            continue
        yield from re.findall(r"v1~hunan~[^\"\s]+", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", sorted(set(_codes())))
def test_every_position_is_a_code_the_engine_wrote(code):
    assert GAME.encode(GAME.decode(code)) == code


def test_the_sample_deal_ends_in_the_win_the_lesson_counts():
    lesson = lessons.get("hunan-12-sample-deal")
    step = lesson.step("the-deal")
    frames = replay("hunan", step.deal)
    out = GAME.outcome(frames[-1].state)
    assert out.winner == 2
    assert out.extra["huxi"] == 15
    assert out.settlement.total == 4
    assert solve(bank.get("hunan-12-sample-deal.win-total")).value == 4
    assert solve(bank.get("hunan-12-sample-deal.win-red")).value == 13


def test_every_checklist_point_is_taught_in_a_hunan_step():
    data = load_yaml((ROOT / "content" / "checklists" / "hunan.yaml").read_text())
    assert len(data["points"]) == 93
    for point in data["points"]:
        assert point["taught_in"].startswith("hunan-"), point["id"]
        assert lessons.step_of(point["taught_in"]) is not None, point["id"]


def test_the_path_is_long_enough():
    path = lessons.path_of("hunan")
    assert len(path) >= 8
    assert sum(len(ls.steps) for ls in path) >= 90
    assert sum(len(ls.exercises) for ls in path) >= 45
    assert 3 <= len({ls.unit for ls in path}) <= 5
