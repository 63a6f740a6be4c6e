"""The worked examples and special cases of seeds 000 (Hunan) and 003 (Guilin), as tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.zipai.cards import full_deck, parse_cards
from app.engine.zipai.deal import deal
from app.engine.zipai.machine import apply, legal_actions
from app.engine.zipai.offers import decider
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, ZipaiRules
from app.engine.zipai.samples import position
from app.engine.zipai.serial import from_json
from app.engine.zipai.state import State

X2 = parse_cards("x2")[0]


def make(hands: list[str], melds: list[Any] | None = None, **kw: Any) -> State:
    return from_json(position(hands, melds or [(), (), ()], **kw))


def code_of(state: State, action: Action) -> str:
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    return exc.value.reason.code


# 臭牌 (seed 000): 玩家有“一、二、二、三、贰”等牌，上家打出“二”，玩家没有吃或碰 ...
def test_chou_pai_example() -> None:
    st = make(["d9", "x1 x2 x2 x3 d2 d5 d7", "d10"], offer=("x2", 0, "discard"))
    assert decider(st)[:2] == ("peng", 1)  # type: ignore[index]
    st = apply(st, Action("pass", 1))
    assert decider(st)[:2] == ("chi", 1)  # type: ignore[index]
    st = apply(st, Action("pass", 1))
    seat = st.seats[1]
    assert seat.chou >> X2 & 1 and seat.refused_peng >> X2 & 1
    # ... 以后再有人摸到或打出“二”时，该玩家就不可以吃或者碰了
    later = make(
        ["d9", "x1 x2 x2 x3 d2 d5 d7", "d10"],
        offer=("x2", 0, "draw"),
        chou1="x2",
        refused_peng1="x2",
        pile0="x2",
    )
    assert legal_actions(later, 1) == []
    assert code_of(later, Action("peng", 1, ("x2",) * 3)) == "chou-card"
    # 如果是自己摸到的“二”则必须臭偎
    own = make(
        ["d9", "x1 x2 x2 x3 d2 d5 d7", "d10"],
        offer=("x2", 1, "draw"),
        chou1="x2",
        refused_peng1="x2",
        pile0="x2",
    )
    assert [(a.kind, a.forced) for a in legal_actions(own, 1)] == [("chouwei", True)]


# 特殊 1: 想吃牌却被另外一个玩家碰了牌，不算该玩家的臭牌
def test_no_chou_when_another_seat_pengs() -> None:
    st = make(["d9", "x4 x6 d5 d7", "x5 x5 d1 d2"], offer=("x5", 0, "discard"))
    assert decider(st)[:2] == ("peng", 2)  # type: ignore[index]
    after = apply(st, Action("peng", 2, ("x5",) * 3))
    assert after.seats[1].chou == 0


# 特殊 2: 可以胡臭牌
def test_may_win_on_a_chou_card() -> None:
    hand = "x1 x2 x3 d1 d2 d3 x4 x5 x6 d4 d6 x9 x9"
    melds = [("pao", "d10 d10 d10 d10"), ("peng", "d9 d9 d9")]
    st = make(["d7", hand, "d8"], [(), melds, ()], offer=("d5", 2, "draw"), chou1="d5")
    assert [a.kind for a in legal_actions(st, 1)][0] == "hu"


# 提 ③: a 偎 on the table and the own draw of the fourth card make a 提
def test_ti_from_wei_on_own_draw() -> None:
    st = make(["x1 d7", "x4", "d8"], [[("wei", "x6 x6 x6")], (), ()], offer=("x6", 0, "draw"))
    assert [(a.kind, a.forced) for a in legal_actions(st, 0)] == [("ti", True)]


# 跑 ③: a 偎 on the table and another seat's discard make a 跑 (Hunan; Guilin's 扫 only on draws)
@pytest.mark.parametrize(("variant", "kind"), [("hunan", "pao"), ("guilin", None)])
def test_pao_from_wei_on_a_discard(variant: str, kind: str | None) -> None:
    st = make(
        ["x1 d7", "x4", "d8"],
        [[("wei", "x6 x6 x6")], (), ()],
        offer=("x6", 2, "discard"),
        variant=variant,
    )
    acts = legal_actions(st, 0)
    assert (acts[0].kind if acts else None) == kind


# Guilin 重舵: a 扫穿 already on the table, then another → no discard
def test_guilin_chong_duo() -> None:
    st = make(
        ["x5 x5 x5 d1 d2 d3 x8", "x1", "x2"],
        [[("saochuan", "d10 d10 d10 d10")], (), ()],
        offer=("x5", 0, "draw"),
        variant="guilin",
    )
    after = apply(st, legal_actions(st, 0)[0])
    assert after.phase == "draw" and after.turn == 1


def _deck(prefix: list[str]) -> list[int]:
    chosen = [parse_cards(t)[0] for t in prefix]
    deck = full_deck()
    for c in chosen:
        deck.remove(c)
    random.Random(5).shuffle(deck)
    return chosen + deck


# 多个3提5坎同时出现，庄家优先胡，其次下家，其次上家
@pytest.mark.parametrize("rules", [HUNAN_RULES, GUILIN_RULES], ids=["hunan", "guilin"])
def test_forced_tianhu_order(rules: ZipaiRules) -> None:
    dealer = ["x1"] * 4 + ["x2"] * 4 + ["x3"] * 4
    deck = _deck(dealer + ["d1"] * 4 + ["d2"] * 4 + ["d3"] * 4)
    ordered = deck[:12] + deck[24:32] + deck[12:24] + deck[32:]
    st = deal(rules, deck=ordered, dealer=0)
    assert st.result is not None and st.result.winner == 0 and st.result.how == "tianhu"
    st1 = deal(rules, deck=ordered, dealer=2)  # seat 2 deals: seat 2's cards come first
    assert st1.result is not None and st1.result.winner == 2


# 必需天胡的优先级别高于选择天胡: seat 2's three 提 beat seat 1's win on the 亮张
def test_forced_tianhu_beats_a_win_on_the_liang() -> None:
    seat1 = list(parse_cards("x1 x2 x3 d1 d2 d3 d2 d7 d10 x2 x7 x10 x4 x5 x6 d4 d5 d6 x9 x9"))
    seat2 = list(parse_cards("d8 d8 d8 d8 d9 d9 d9 d9 x8 x8 x8 x8"))
    liang = parse_cards("x9")[0]
    deck = full_deck()
    for c in seat1 + seat2 + [liang]:
        deck.remove(c)
    random.Random(9).shuffle(deck)
    ordered = deck[:20] + seat1 + seat2 + deck[20:28] + [liang] + deck[28:]
    st = deal(HUNAN_RULES, deck=ordered)
    assert st.result is not None and st.result.winner == 2 and st.result.how == "tianhu"


# Guilin: 上家可碰不能吃 — the previous seat may 碰 a discard but not 吃 it
def test_guilin_previous_seat_pengs_but_never_eats() -> None:
    st = make(["x9", "d9", "x5 x5 x4 x6 d3"], offer=("x5", 0, "discard"), variant="guilin")
    assert [a.kind for a in legal_actions(st, 2)] == ["peng", "pass"]
    assert code_of(st, Action("chi", 2, ("x4", "x5", "x6"))) == "zp-not-next-seat"
    st2 = apply(st, Action("pass", 2))
    assert legal_actions(st2, 2) == []
