"""Nantong content: the queries of its own, the buggy models of its misconceptions, and
the lesson path (sizes, the sample deal, the steps the catalog and checklist name)."""

from __future__ import annotations

import random
import string

import pytest

from app.config import ROOT
from app.engine.core.registry import find_game
from app.engine.nantong.cards import TOKENS
from app.engine.nantong.count import count_hand
from app.engine.nantong.practice import random_complete
from app.learning import bank
from app.learning.deals import replay
from app.learning.judge import judge
from app.learning.lessons import path_of, step_of
from app.learning.misconceptions import catalog
from app.learning.queries import solve
from app.teaching.nantong.misconceptions import EXAMPLES, Belief, recount
from app.text.messages import MESSAGES
from app.yamlfile import load_yaml

GAME = find_game("nantong")


def _ex(exercise_id: str):  # type: ignore[no-untyped-def]
    ex = bank.get(exercise_id)
    assert ex is not None, exercise_id
    return ex


# -- the buggy models start from a faithful recount --------------------------------------


@pytest.mark.parametrize(
    "rules", [{}, {"generals": "1"}, {"xi": "yes"}, {"generals": "1", "xi": "yes"}]
)
def test_recounting_the_engine_lines_without_a_belief_gives_the_engine_total(rules):
    r = GAME.rules(rules)
    rng = random.Random(str(rules))
    flags = [{}, {"zimo": "yes"}, {"haidi": "yes"}, {"tiancheng": "yes"}, {"tianting": "yes"}]
    checked = 0
    for _ in range(150):
        turned = [rng.randrange(30) for _ in range(r.generals)]
        counts = random_complete(rng, 7, turned)
        hand = " ".join(TOKENS[k] for k in range(35) for _ in range(counts[k]))
        context = {"generals": ",".join(TOKENS[k] for k in turned), **rng.choice(flags)}
        holding = GAME.holding(hand, (), context, r)
        a = GAME.analyze(holding, r)
        assert a.count is not None
        assert recount(a.count.lines, Belief({}), r.final_round, "win") == a.points
        short = list(counts)
        short[rng.choice([k for k in range(35) if short[k]])] -= 1
        p = holding.data
        base = count_hand(short, p.melds, p.gen, r)
        assert recount(base.lines, Belief({}), False, "base") == base.total
        checked += 1
    assert checked == 150


# -- every misconception: its example, its parameters, its message -------------------------


@pytest.mark.parametrize(("code", "exercise_id", "answer"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_each_example_is_diagnosed_with_its_code(code, exercise_id, answer):
    v = judge(_ex(exercise_id), answer)
    assert not v.correct
    assert v.misconception is not None and v.misconception.code == code


def test_every_code_has_an_example_a_lesson_step_and_matching_messages():
    codes = catalog("nantong")
    assert len(codes) >= 12
    assert {e[0] for e in EXAMPLES} == set(codes)
    for code, mc in codes.items():
        assert code.startswith("mc-nt-")
        assert mc.lesson and step_of(mc.lesson) is not None, (code, mc.lesson)
        fields = [
            {f for _, f, _, _ in string.Formatter().parse(MESSAGES[code][lang]) if f}
            for lang in ("en", "zh")
        ]
        assert fields[0] == fields[1], code


@pytest.mark.parametrize(
    ("exercise_id", "answer", "code", "params"),
    [
        ("nantong-06-group-hu.ex-laojiang", "18", "mc-nt-laojiang-ordinary", {"card": "hh"}),
        ("nantong-06-group-hu.ex-laojiang", "12", "mc-nt-laojiang-ordinary", {"card": "qz"}),
        ("nantong-06-group-hu.ex-turned", "10", "mc-nt-zaijiang-ordinary", {"card": "2b"}),
        ("nantong-07-total.ex-dihu", "38", "mc-nt-no-rounding", {"sum": 18}),
        ("nantong-07-total.ex-wenqian", "90", "mc-nt-wenqian-linear", {"count": 2}),
        ("nantong-08-special.ex-tiancheng", "50", "mc-nt-missed-doubling", {"term": "tianhu"}),
        ("nantong-04-going-out.waits-turned", "2w 5w bh", "mc-nt-wait-no-copies", {"card": "5w"}),
        ("nantong.count-cards-left-4t", "4", "mc-nt-forgot-turned", {"card": "4t", "count": 1}),
        (
            "nantong.pick-generals-5b-7w",
            "5t 9t 5b 7w qz",
            "mc-nt-other-suits",
            {"cards": ["7t", "7b", "5w"]},
        ),
    ],
)
def test_the_diagnosis_names_the_group_card_or_number(exercise_id, answer, code, params):
    v = judge(_ex(exercise_id), answer)
    assert v.misconception is not None
    assert v.misconception.code == code
    assert {k: v.misconception.params[k] for k in params} == params


def test_a_wrong_count_no_belief_explains_is_set_beside_the_engine_count():
    v = judge(_ex("nantong-07-total.ex-dihu"), "1000")
    assert v.misconception is not None and v.misconception.code == "mc-count-never"
    assert v.misconception.params["given"] == 1000


# -- the queries of Nantong ----------------------------------------------------------------


def test_deck_size_follows_the_xi_option():
    assert solve(_ex("nantong-01-cards.count-deck")).value == 120
    assert solve(_ex("nantong-01-cards.count-deck-xi")).value == 125


def test_generals_in_hand_follow_the_turned_cards():
    assert solve(_ex("nantong-01-cards.pick-laojiang")).shown == "9t 9t qz hh hh bh"
    # 半边将: the nines of coins and myriads stay out
    assert "9b" not in solve(_ex("nantong-05-generals.pick-banbian")).shown.split()
    # 单将, a four turned: every 1, 4, 7 and the standing generals
    assert solve(_ex("nantong-09-danjiang.pick-dan")).shown == "1t 4b 9b 4w 7w qz hh"


def test_situations_and_hand_types_are_the_engines():
    assert solve(_ex("nantong-05-generals.situation-1")).value == "shuanglong-hui"
    assert solve(_ex("nantong-05-generals.situation-2")).value == "shuang-jiang"
    assert solve(_ex("nantong-02-groups.type-tazi")).value == "tazihu"


def test_a_win_comes_before_a_peng_and_the_first_seat_before_the_second():
    peng_hu = _ex("nantong.prio-peng-or-hu")
    assert solve(peng_hu).shown == "b a"  # the 胡 of the seat asked second comes first
    assert solve(_ex("nantong.prio-two-wins")).shown == "b a"


def test_settlement_is_zero_sum_and_a_poorer_winner_pays():
    ex = _ex("nantong-11-settlement.ex-net-winner")
    winner_net = solve(ex).value
    other_net = solve(_ex("nantong-11-settlement.ex-net-nonwinner")).value
    assert 0 < winner_net < other_net  # 倒付钱: the winner counts less than seat 1
    from app.learning.queries import read

    state = read(ex).state
    assert sum(GAME.outcome(state).scores) == 0


# -- the lesson path -------------------------------------------------------------------------


def test_the_path_is_big_enough():
    lessons = path_of("nantong")
    assert len(lessons) >= 8
    assert sum(len(ls.steps) for ls in lessons) >= 90
    assert sum(len(ls.exercises) for ls in lessons) >= 45
    assert 3 <= len({ls.unit for ls in lessons}) <= 5
    kinds = {s.kind for ls in lessons for s in ls.steps}
    assert kinds == {"text", "example", "exercise", "deal"}


def test_the_sample_deal_ends_with_the_counted_win():
    step = step_of("nantong-12-sample-deal#deal")
    assert step is not None and step.deal is not None
    frames = replay("nantong", step.deal)
    out = GAME.outcome(frames[-1].state)
    assert out is not None and out.winner == 0 and out.count is not None
    example = step_of("nantong-12-sample-deal#count-winner")
    assert example is not None and example.example is not None
    e = example.example
    r = GAME.rules(e.rules)
    melds = [tuple(m.split(":", 1)) for m in e.melds]
    counted = GAME.analyze(GAME.holding(e.hand, melds, e.context, r), r)
    assert counted.points == out.count.total == 260


def test_every_rule_point_is_taught_in_a_nantong_lesson():
    data = load_yaml((ROOT / "content/checklists/nantong.yaml").read_text(encoding="utf-8"))
    for point in data["points"]:
        step = step_of(point["taught_in"])
        assert step is not None and step.lesson.startswith("nantong-"), point["id"]


def test_every_demo_kind_has_three_nantong_exercises():
    mine = [e for e in bank.demo_set() if e.game == "nantong"]
    counts = bank.kinds_count(mine)
    assert all(n >= 3 for n in counts.values()), counts
    assert any(e.id == "nantong.demo-count-1" and e.kind == "number" for e in mine)


@pytest.mark.parametrize("lang", ["zh-CN", "en-US"])
def test_every_lesson_step_renders(client, lang):
    for lesson in path_of("nantong"):
        for step in lesson.steps:
            url = f"/lessons/nantong/{lesson.id}/{step.id}"
            r = client.get(url, headers={"Accept-Language": lang})
            assert r.status_code == 200, url
            if step.deal is not None:
                last = len(step.deal.moves)
                r = client.get(f"{url}?move={last}", headers={"Accept-Language": lang})
                assert r.status_code == 200, url
