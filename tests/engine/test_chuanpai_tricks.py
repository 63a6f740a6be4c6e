"""The trick game 打天九: ranks, leads, must-beat, counting, the deal."""

import random
from dataclasses import replace

import pytest

from app.engine.chuanpai.cards import counts_of, parse_tokens
from app.engine.chuanpai.tricks import GAME, TrickRules, TrickState
from app.engine.chuanpai.tricks.offers import legal_actions
from app.engine.chuanpai.tricks.plays import HARD, classify
from app.engine.chuanpai.tricks.serial import one_seat as position_state
from app.engine.chuanpai.tricks.settle import count_pile, finish
from app.engine.chuanpai.tricks.state import all_cards, new_deal, no_tian_no_jiu
from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.core.selfplay import play_one

apply = GAME.apply


def play_deal(rules: TrickRules, rng: random.Random, dealer: int = 0) -> tuple[TrickState, int]:
    state, steps = play_one(GAME, rules, rng, dealer)
    return state, steps


OPTS = TrickRules()


def P(text: str) -> tuple[str, ...]:
    return parse_tokens(text, "tricks")


@pytest.mark.parametrize(
    ("high", "low", "beats"),
    [
        # 正门: 天 > 地 > 人 > 和 > 中山 > 幺
        ("天牌", "地牌", True),
        ("地牌", "人牌", True),
        ("人牌", "和牌", True),
        ("和牌", "梅子", True),
        ("梅子", "猫猫", True),
        ("长三", "高脚", True),
        # 中山 are equal among themselves, and so are the 幺
        ("梅子", "长三", False),
        ("长三", "长二", False),
        ("斧头", "四六", False),
        ("猫猫", "高脚", False),
        # red 点子: 红九 > 三四 > 红五
        ("红九", "三四", True),
        ("三四", "红五", True),
        # black 点子: 黑九 > 平八 = 三五 > 二五 > 拐子
        ("黑九", "平八", True),
        ("平八", "三五", False),
        ("三五", "二五", True),
        ("二五", "拐子", True),
        # red and black never beat each other; 点子 and 正门 neither
        ("红九", "拐子", False),
        ("黑九", "红五", False),
        ("天牌", "红五", False),
    ],
)
def test_single_ranks(high: str, low: str, beats: bool) -> None:
    a, b = classify(P(high)), classify(P(low))
    assert a is not None and b is not None
    assert a.beats(b) is beats
    if beats:
        assert not b.beats(a)


@pytest.mark.parametrize(
    ("high", "low", "beats"),
    [
        ("天牌 红九", "地牌 平八", True),  # 天九 > 地八
        ("天牌 黑九", "天牌 红九", False),  # 12 天九 all equal
        ("地牌 三五", "人牌 三四", True),  # 地八 > 人七
        ("人牌 二五", "和牌 红五", True),  # 人七 > 和五
        ("和牌 拐子", "和牌 红五", False),
        ("红九 红九", "三四 三四", True),  # pairs of 点子, same colour
        ("三四 三四", "红五 红五", True),
        ("黑九 黑九", "红五 红五", False),
        ("天牌 天牌", "地牌 地牌", True),
        ("天牌 红九", "天牌 天牌", False),  # a combination never beats a pair
    ],
)
def test_two_card_plays(high: str, low: str, beats: bool) -> None:
    a, b = classify(P(high)), classify(P(low))
    assert a is not None and b is not None
    assert a.beats(b) is beats


@pytest.mark.parametrize(
    "cards", ["天牌 地牌", "平八 三五", "梅子 长三", "天牌 人牌 地牌", "丁丁", "二红"]
)
def test_not_a_lead(cards: str) -> None:
    assert classify(P(cards)) is None


def test_hard_cards_are_laid_out_and_deal_checks_no_tian_no_jiu() -> None:
    rng = random.Random(3)
    for _ in range(30):
        state = new_deal(OPTS, rng)
        assert all(c in HARD for p in state.piles for c in p)
        assert sum(len(p) for p in state.piles) == 8
        for seat in range(3):
            assert sum(state.hands[seat]) + len(state.piles[seat]) == 28
            assert not no_tian_no_jiu(state.hands[seat])
        assert sum(all_cards(state)) == 84


def test_no_tian_no_jiu() -> None:
    assert no_tian_no_jiu(tuple(counts_of(P("地牌 人牌 和牌")))[:21])
    assert not no_tian_no_jiu(tuple(counts_of(P("地牌 黑九")))[:21])


def test_must_beat_when_able() -> None:
    # 四六 is led: 天牌 or a 中山 beats it, and beating is compulsory; 占张 is allowed
    state = position_state({"hand": "天牌 梅子 红五", "trick": ["四六"]}, OPTS)
    acts = legal_actions(state)
    assert {a.cards for a in acts} == {("66",), ("55",)}
    assert all(a.kind == "beat" and a.forced for a in acts)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("cover", 1, ("14",)))
    assert exc.value.reason.code == "cp-tj-must-beat"
    end = apply(replace(state, rules=TrickRules(fouls="end-deal")), Action("cover", 1, ("14",)))
    assert end.phase == "over" and end.foul is not None and end.foul_seat == 1
    assert sum(end.scores) == 0 and end.scores[1] < 0


def test_beat_the_best_so_far() -> None:
    # 下家 beat the lead with a 中山; 尾家 must beat the 中山, not just the lead
    state = position_state({"hand": "猫猫 人牌", "trick": ["四六", "梅子"]}, OPTS)
    assert [a.cards for a in legal_actions(state)] == [("44",)]


def test_cover_when_unable() -> None:
    state = position_state({"hand": "红五 拐子 和牌", "trick": ["红九 红九"]}, OPTS)
    acts = legal_actions(state)
    assert acts and all(a.kind == "cover" and len(a.cards) == 2 and not a.forced for a in acts)


def test_red_and_black_apart() -> None:
    state = position_state({"hand": "黑九 平八", "trick": ["红五"]}, OPTS)
    assert {a.kind for a in legal_actions(state)} == {"cover"}


def test_first_lead_restriction() -> None:
    state = position_state({"hand": "天牌 红九 和牌", "first": True}, OPTS)
    acts = legal_actions(state)
    top = [a for a in acts if set(a.cards) & {"66", "45"}]
    assert top and all(a.params.get("baopai") for a in top)
    assert not any(a.params.get("baopai") for a in acts if a.cards == ("13",))
    strict = legal_actions(replace(state, rules=TrickRules(first_lead="forbidden")))
    assert [a.cards for a in strict] == [("13",)]
    later = position_state({"hand": "天牌 红九 和牌"}, OPTS)
    assert not any(a.params for a in legal_actions(later))


@pytest.mark.parametrize(
    ("pile", "in_hand", "level", "fan", "value", "tuoshou"),
    [
        ("天牌 " * 3 + "地牌 " * 3 + "人牌 " * 3 + "和牌 " * 3 + "梅子 " * 3, 5, 0, 0, 0, True),
        ("天牌 " * 3 + "地牌 " * 3 + "人牌 " * 3 + "和牌 " * 3 + "梅子 " * 3, 6, 0, 0, 0, False),
        ("丁丁 " * 4 + "二红 " * 4 + "和牌 " * 4 + "梅子 " * 4, None, 1, 0, 1, False),
        # 16 cards: three 天牌 do not 翻 yet (17 needed)
        (
            "天牌 " * 3 + "和牌 " * 3 + "梅子 " * 3 + "长三 " * 3 + "斧头 " * 3 + "猫猫",
            None,
            1,
            0,
            1,
            False,
        ),
        # 17 cards with three 天牌: one 翻
        (
            "天牌 " * 3 + "和牌 " * 3 + "梅子 " * 3 + "长三 " * 3 + "斧头 " * 3 + "猫猫 猫猫",
            None,
            1,
            1,
            2,
            False,
        ),
        # 18 cards with four 天牌 (two 翻)
        (
            "天牌 " * 4 + "和牌 " * 3 + "梅子 " * 3 + "长三 " * 3 + "斧头 " * 3 + "猫猫 猫猫",
            None,
            1,
            2,
            4,
            False,
        ),
        # 18 cards with two kinds of four black cards: two 翻
        (
            "黑九 " * 4 + "平八 " * 4 + "和牌 " * 3 + "梅子 " * 3 + "长三 " * 3 + "猫猫",
            None,
            1,
            2,
            4,
            False,
        ),
        # 21 一甲, 23 两甲 (no 翻 sets: at most two copies of each card)
        ("天牌 地牌 人牌 和牌 梅子 长三 长二 斧头 四六 高脚 " * 2 + "红九", None, 2, 0, 2, False),
        (
            "天牌 地牌 人牌 和牌 梅子 长三 长二 斧头 四六 高脚 " * 2 + "红九 三四 红五",
            None,
            4,
            0,
            4,
            False,
        ),
    ],
)
def test_count_pile(
    pile: str, in_hand: int | None, level: int, fan: int, value: int, tuoshou: bool
) -> None:
    res = count_pile(P(pile), in_hand, OPTS)
    assert (res.level, res.fan, res.value, res.tuoshou) == (level, fan, value, tuoshou)
    assert res.count.total == value


def test_fan_option_none() -> None:
    pile = P("天牌 " * 4 + "和牌 " * 3 + "梅子 " * 3 + "长三 " * 3 + "斧头 " * 3 + "猫猫 猫猫")
    assert count_pile(pile, None, TrickRules(fan="none")).value == 1


def test_trick_winner_lays_out_and_leads() -> None:
    rng = random.Random(11)
    state = new_deal(OPTS, rng)
    before = [len(p) for p in state.piles]
    lead = next(a for a in legal_actions(state) if len(a.cards) == 1 and not a.params)
    state = apply(state, lead)
    while state.trick:
        state = apply(state, legal_actions(state)[0])
    w = state.leader
    assert state.turn == w
    assert len(state.piles[w]) == before[w] + 1
    assert sum(len(p) for p in state.piles) == sum(before) + 1
    assert len(state.covered) == 2


def test_tuoshou_offered_at_fifteen_with_five_in_hand() -> None:
    pile = "天牌 " * 3 + "地牌 " * 3 + "人牌 " * 3 + "和牌 " * 3 + "梅子 " * 3
    state = position_state({"hand": "猫猫 长三 长二 红五 拐子", "pile": pile}, OPTS)
    acts = legal_actions(state)
    assert any(a.kind == "tuoshou" for a in acts)
    end = apply(state, Action("tuoshou", 0))
    assert end.phase == "over" and end.tuoshou == 0 and end.scores == (0, 0, 0)


def test_baopai_pays_for_both() -> None:
    base = new_deal(OPTS, random.Random(1))
    pile16 = tuple(P("和牌 " * 4 + "梅子 " * 4 + "长三 " * 4 + "长二 " * 4))
    end = finish(replace(base, piles=(pile16, (), ()), first_to_16=0, baopai=1))
    assert end.scores == (2, -2, 0)
    end = finish(replace(base, piles=(pile16, (), ()), first_to_16=0, baopai=0))
    assert end.scores == (2, -1, -1)


def test_json_round_trip() -> None:
    state = new_deal(OPTS, random.Random(9))
    rng = random.Random(1)
    for _ in range(40):
        if state.phase == "over":
            break
        assert GAME.read_position(GAME.to_json(state), {}) == state
        state = apply(state, rng.choice(legal_actions(state)))


def test_selfplay_runs() -> None:
    rng = random.Random(4)
    for i in range(100):
        state, _ = play_deal(OPTS, rng, dealer=i % 3)
        assert sum(state.scores) == 0


def test_pair_of_red_fives_and_its_beaters() -> None:
    # 出红五一对: the next player may answer with a pair of 红七 (三四) or of 红九
    state = position_state({"hand": "三四 三四 红九 红九 黑九 黑九", "trick": ["红五 红五"]}, OPTS)
    assert {a.cards for a in legal_actions(state)} == {("34", "34"), ("45", "45")}


def test_cards_in_any_order_and_params_are_the_engines() -> None:
    state = position_state({"hand": "天牌 红九 和牌", "first": True}, OPTS)
    after = apply(state, Action("lead", 0, ("45", "66")))  # no params given
    assert after.baopai == 0 and {"45", "66"} <= set(after.piles[0])


@pytest.mark.parametrize(
    ("pos", "action", "code"),
    [
        ({"hand": "天牌 地牌"}, Action("lead", 0, ("66", "11")), "cp-tj-not-a-lead"),
        ({"hand": "天牌 地牌"}, Action("cover", 0, ("66",)), "cp-tj-no-trick"),
        ({"hand": "天牌 地牌"}, Action("lead", 0, ("44",)), "cp-no-such-card"),
        ({"hand": "天牌 地牌"}, Action("lead", 1, ("66",)), "cp-tj-no-cards"),  # seat 1 holds none
        (
            {"hand": "天牌 地牌", "trick": ["人牌"]},
            Action("beat", 1, ("66", "11")),
            "cp-tj-wrong-count",
        ),
        ({"hand": "天牌 地牌", "trick": ["人牌"]}, Action("lead", 1, ("66",)), "cp-tj-follow"),
        ({"hand": "天牌 地牌", "trick": ["人牌"]}, Action("pass", 1), "cp-tj-no-pass"),
        ({"hand": "地牌 和牌", "trick": ["人牌"]}, Action("beat", 1, ("13",)), "cp-tj-no-beat"),
        ({"hand": "天牌 地牌"}, Action("tuoshou", 0), "cp-tj-no-tuoshou"),
    ],
)
def test_refusals(pos: dict[str, object], action: Action, code: str) -> None:
    state = position_state(pos, OPTS)
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    assert exc.value.reason.code == code


def test_first_lead_forbidden_reason() -> None:
    state = position_state({"hand": "天牌 和牌", "first": True}, TrickRules(first_lead="forbidden"))
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("lead", 0, ("66",)))
    assert exc.value.reason.code == "cp-tj-first-lead"


def test_hard_cards_cannot_be_played() -> None:
    state = position_state({"hand": "天牌"}, OPTS)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("lead", 0, ("12",)))
    assert exc.value.reason.code == "cp-tj-hard-card"


def test_finish_at_16_option() -> None:
    rng = random.Random(8)
    opts = TrickRules(finish="at-16")
    for i in range(200):
        state, _ = play_deal(opts, rng, dealer=i % 3)
        if state.winner is not None:
            assert len(state.piles[state.winner]) in (16, 17)
            assert any(sum(h) for h in state.hands)  # stopped before the end
            break
    else:  # pragma: no cover
        raise AssertionError("no deal was won")
