"""The deal as a state machine: priorities, forced actions, memory, 八块, 天胡, 荒庄, JSON."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.zipai.cards import parse_cards, tokens
from app.engine.zipai.deal import deal
from app.engine.zipai.machine import apply, legal_actions
from app.engine.zipai.offers import decider
from app.engine.zipai.reasons import why_illegal
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES
from app.engine.zipai.samples import position
from app.engine.zipai.serial import from_json, to_json
from app.engine.zipai.state import State, next_dealer

# Seat 1 waits: 跑 拾 (9) + 碰 玖 (3) on the table; 一二三 壹贰叁 四五六 / 坎 五 ...
WAIT_D5 = (
    "x1 x2 x3 d1 d2 d3 x4 x5 x6 d4 d6 x9 x9",
    [("pao", "d10 d10 d10 d10"), ("peng", "d9 d9 d9")],
)
KAN_X5 = (
    "x5 x5 x5 x4 x6 x1 x2 x3 d1 d2 d3 x9 x9",
    [("pao", "d10 d10 d10 d10"), ("peng", "d9 d9 d9")],
)


def make(hands: list[str], melds: list[Any] | None = None, **kw: Any) -> State:
    return from_json(position(hands, melds or [(), (), ()], **kw))


def kinds(state: State, seat: int) -> list[str]:
    return [a.kind for a in legal_actions(state, seat)]


def refuse(state: State, action: Action) -> str:
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    reason = why_illegal(state, action)
    assert reason is not None and reason.code == exc.value.reason.code
    return exc.value.reason.code


def test_po_pao_hu_beats_the_forced_pao() -> None:
    st = make(["d7 d8", KAN_X5[0], "d4"], [(), KAN_X5[1], ()], offer=("x5", 0, "draw"))
    assert decider(st)[:2] == ("hu", 1)  # type: ignore[index]
    assert kinds(st, 1) == ["hu", "pass"]
    won = apply(st, Action("hu", 1, ("x5",)))
    res = won.result
    assert res is not None and res.winner == 1 and res.huxi == 24
    assert res.count is not None and res.count.total == 4  # (24 − 15) // 3 + 1 囤, 6 red: no 名堂
    assert res.scores == (-4, 8, -4)
    # declining the win: the 跑 is forced, and as a second 跑 it needs no discard (八块)
    passed = apply(st, Action("pass", 1))
    acts = legal_actions(passed, 1)
    assert [(a.kind, a.forced) for a in acts] == [("pao", True)]
    assert refuse(passed, Action("pass", 1)) == "zp-must-take-forced"
    after = apply(passed, acts[0])
    assert after.phase == "draw" and after.turn == 2
    assert passed.seats[1].chou_hu == ((parse_cards("x5")[0], 12),)


def test_drawers_wei_comes_before_other_wins() -> None:
    st = make(["d5 d5 x7 x8", WAIT_D5[0], "d4"], [(), WAIT_D5[1], ()], offer=("d5", 0, "draw"))
    acts = legal_actions(st, 0)
    assert [(a.kind, a.forced) for a in acts] == [("wei", True)]
    assert legal_actions(st, 1) == []
    assert refuse(st, Action("hu", 1, ("d5",))) == "lower-priority"
    after = apply(st, acts[0])
    assert after.phase == "play" and after.turn == 0 and after.must_discard


def test_guilin_names_the_forced_sao() -> None:
    st = make(["d5 d5 x7 x8", "x1", "d4"], offer=("d5", 0, "draw"), variant="guilin")
    assert [a.kind for a in legal_actions(st, 0)] == ["sao"]


def test_hunan_never_wins_on_a_discard_guilin_does() -> None:
    hunan = make(["d7 d8", WAIT_D5[0], "d4"], [(), WAIT_D5[1], ()], offer=("d5", 0, "discard"))
    assert "hu" not in kinds(hunan, 1)
    assert refuse(hunan, Action("hu", 1, ("d5",))) == "zp-no-win-on-discard"
    guilin = make(
        ["d7 d8", WAIT_D5[0], "d4"],
        [(), WAIT_D5[1], ()],
        offer=("d5", 0, "discard"),
        variant="guilin",
    )
    assert kinds(guilin, 1)[0] == "hu"
    opt = from_json(
        position(
            ["d7 d8", WAIT_D5[0], "d4"],
            [(), WAIT_D5[1], ()],
            offer=("d5", 0, "discard"),
            options={"win_on_discard": True},
        )
    )
    assert kinds(opt, 1)[0] == "hu"


def test_hunan_wins_on_a_card_another_seat_draws() -> None:
    st = make(["d7 d8", WAIT_D5[0], "d4"], [(), WAIT_D5[1], ()], offer=("d5", 2, "draw"))
    assert decider(st)[:2] == ("hu", 1)  # type: ignore[index]


def test_chou_hu_until_the_table_changes() -> None:
    pos = position(["d7 d8", WAIT_D5[0], "d4"], [(), WAIT_D5[1], ()], offer=("d5", 2, "draw"))
    pos["seats"][1]["chou_hu"] = [["d5", 12]]
    st = from_json(pos)
    assert "hu" not in kinds(st, 1)
    assert refuse(st, Action("hu", 1, ("d5",))) == "zp-chou-hu"
    pos["seats"][1]["chou_hu"] = [["d5", 9]]  # the table 胡息 has changed since
    assert "hu" in kinds(from_json(pos), 1)
    off = position(
        ["d7 d8", WAIT_D5[0], "d4"],
        [(), WAIT_D5[1], ()],
        offer=("d5", 2, "draw"),
        options={"chou_hu": False},
    )
    off["seats"][1]["chou_hu"] = [["d5", 12]]
    assert "hu" in kinds(from_json(off), 1)


def test_chi_order_drawer_first_then_next_seat_and_chou() -> None:
    st = make(["x1 x2 d9 d8", "x4 x5 d7 d6", "x10"], offer=("x3", 0, "draw"))
    assert decider(st)[:2] == ("chi", 0)  # type: ignore[index]
    assert refuse(st, Action("chi", 1, ("x3", "x4", "x5"))) == "lower-priority"
    assert refuse(st, Action("chi", 2, ("x3", "x4", "x5"))) == "zp-not-next-seat"
    st2 = apply(st, Action("pass", 0))
    assert kinds(st2, 1)[:1] == ["chi"]
    st3 = apply(st2, Action("chi", 1, ("x3", "x4", "x5")))
    assert st3.seats[0].chou == 1 << parse_cards("x3")[0]  # 臭牌 for seat 0
    assert st3.phase == "play" and st3.turn == 1 and st3.must_discard
    # the 臭牌 memory: seat 0 may not eat 三 later, even from its upper seat
    later = make(["x1 x2 d9 d8", "x7", "x10"], offer=("x3", 2, "discard"), chou0="x3")
    assert refuse(later, Action("chi", 0, ("x1", "x2", "x3"))) == "chou-card"
    own = make(["x1 x2 d9 d8", "x7", "x10"], offer=("x3", 2, "discard"), thrown0="x3")
    assert refuse(own, Action("chi", 0, ("x1", "x2", "x3"))) == "zp-own-discard"


def test_only_the_next_seat_eats_a_discard() -> None:
    st = make(["x9", "d7 d8", "x1 x2 d5 d6"], offer=("x3", 0, "discard"))
    assert decider(st) is None or decider(st)[1] != 2  # type: ignore[index]
    assert refuse(st, Action("chi", 2, ("x1", "x2", "x3"))) == "zp-not-next-seat"


def test_peng_before_chi_and_chou_wei_after_declining() -> None:
    st = make(["x4 d9", "x5 x6 d1 d2", "x7 x7 d3 d4"], offer=("x7", 0, "draw"))
    # 碰 (seat 2) is asked before 吃 (seat 0 then seat 1)
    assert decider(st)[:2] == ("peng", 2)  # type: ignore[index]
    assert refuse(st, Action("chi", 1, ("x5", "x6", "x7"))) == "lower-priority"
    st2 = apply(st, Action("pass", 2))
    assert st2.seats[2].refused_peng & (1 << parse_cards("x7")[0])
    # later seat 2 draws the other 七: a 臭偎, forced
    later = make(["x6", "x4", "x7 x7 d3 d4"], offer=("x7", 2, "draw"), refused_peng2="x7")
    assert [(a.kind, a.forced) for a in legal_actions(later, 2)] == [("chouwei", True)]
    gl = make(
        ["x6", "x4", "x7 x7 d3 d4"], offer=("x7", 2, "draw"), refused_peng2="x7", variant="guilin"
    )
    assert [a.kind for a in legal_actions(gl, 2)] == ["guosao"]


def test_peng_then_discard() -> None:
    st = make(["x6 d9", "x1", "x7 x7 d3 d4"], offer=("x7", 0, "discard"))
    after = apply(st, Action("peng", 2, ("x7", "x7", "x7")))
    assert after.phase == "play" and after.turn == 2 and after.must_discard
    assert refuse(after, Action("discard", 2, ("x7",))) == "zp-not-in-hand"
    nxt = apply(after, Action("discard", 2, ("d3",)))
    assert nxt.offer is not None or nxt.phase == "draw"


def test_kan_may_not_be_discarded() -> None:
    st = make(["x5 x5 x5 d1 d2", "x1", "x2"], phase="play", must_discard=True)
    assert refuse(st, Action("discard", 0, ("x5",))) == "breaks-kan"
    assert [a.cards for a in legal_actions(st, 0)] == [("d1",), ("d2",)]


def test_ba_kuai_no_discard_after_a_second_ti() -> None:
    st = make(
        ["x5 x5 x5 d1 d2 d3 x8", "x1", "x2"],
        [[("ti", "d10 d10 d10 d10")], (), ()],
        offer=("x5", 0, "draw"),
    )
    acts = legal_actions(st, 0)
    assert [(a.kind, a.forced) for a in acts] == [("ti", True)]
    after = apply(st, acts[0])
    assert after.phase == "draw" and after.turn == 1  # no discard, the next seat draws


def test_first_ti_needs_a_discard() -> None:
    st = make(["x5 x5 x5 d1 d2 d3 x8", "x1", "x2"], offer=("x5", 0, "draw"))
    after = apply(st, legal_actions(st, 0)[0])
    assert after.phase == "play" and after.must_discard


def test_peng_pao_on_a_draw_hunan_only() -> None:
    hunan = make(["x1", "x2 d3", "x3"], [(), [("peng", "x7 x7 x7")], ()], offer=("x7", 0, "draw"))
    assert [(a.kind, a.forced) for a in legal_actions(hunan, 1)] == [("pao", True)]
    guilin = make(
        ["x1", "x2 d3", "x3"],
        [(), [("peng", "x7 x7 x7")], ()],
        offer=("x7", 0, "draw"),
        variant="guilin",
    )
    assert "kaiduo" not in kinds(guilin, 1)
    own = make(
        ["x1", "x2 d3", "x3"],
        [(), [("peng", "x7 x7 x7")], ()],
        offer=("x7", 1, "draw"),
        variant="guilin",
    )
    assert [(a.kind, a.forced) for a in legal_actions(own, 1)] == [("kaiduo", True)]


def _deck(first: list[str], rest_seed: int = 3) -> list[int]:
    from app.engine.zipai.cards import full_deck

    chosen = [parse_cards(t)[0] for t in first]
    deck = full_deck()
    for c in chosen:
        deck.remove(c)
    random.Random(rest_seed).shuffle(deck)
    return chosen + deck


def test_tianhu_three_ti_at_the_deal() -> None:
    first = ["x1"] * 4 + ["x2"] * 4 + ["x3"] * 4
    st = deal(HUNAN_RULES, deck=_deck(first))
    assert st.phase == "over" and st.result is not None
    assert st.result.winner == 0 and st.result.how == "tianhu"
    assert st.result.count is not None and "zp-tianhu" in [ln.code for ln in st.result.count.lines]
    gl = deal(GUILIN_RULES, deck=_deck(first))
    assert gl.result is not None and "zp-sanlong" in [ln.code for ln in gl.result.count.lines]  # type: ignore[union-attr]


def test_tianhu_on_the_liang_by_a_non_dealer() -> None:
    seat1 = tokens(parse_cards("x1 x2 x3 d1 d2 d3 d2 d7 d10 x2 x7 x10 x4 x5 x6 d4 d5 d6 x9 x9"))
    from app.engine.zipai.cards import full_deck

    deck = full_deck()
    for t in seat1 + ["x9"]:
        deck.remove(parse_cards(t)[0])
    random.Random(11).shuffle(deck)
    ordered = (
        deck[:20]
        + [parse_cards(t)[0] for t in seat1]
        + deck[20:40]
        + [parse_cards("x9")[0]]
        + deck[40:]
    )
    st = deal(HUNAN_RULES, deck=ordered)
    assert st.phase == "offer" and decider(st)[:2] == ("hu", 1)  # type: ignore[index]
    won = apply(st, Action("hu", 1, ("x9",)))
    assert won.result is not None and won.result.winner == 1 and won.result.huxi == 19
    assert "zp-tianhu" in [ln.code for ln in won.result.count.lines]  # type: ignore[union-attr]
    assert sum(won.seats[0].hand) == 20  # the 亮张 went to the winner


def test_huang_and_next_dealer() -> None:
    st = make(["x1", "x2", "x3"], phase="draw", turn=1, dealer=2)
    over = apply(st, Action("draw", 1))
    assert over.result is not None and over.result.how == "huang" and over.result.winner is None
    assert next_dealer(over) == (2, 1)
    three = from_json({**to_json(over), "streak": 2})
    assert next_dealer(three) == (0, 0)


def test_state_json_round_trip_during_play() -> None:
    from app.engine.zipai.offers import to_move
    from app.engine.zipai.players import SimplePlayer

    rng = random.Random(5)
    for rules in (HUNAN_RULES, GUILIN_RULES):
        for _ in range(5):
            st = deal(rules, rng)
            player = SimplePlayer(rng)
            while True:
                back = from_json(to_json(st))
                assert back == st
                if st.phase == "over":
                    break
                seat = to_move(st)
                assert seat is not None
                assert legal_actions(back, seat) == legal_actions(st, seat)
                st = apply(st, player.choose(st, seat))


def test_options_verb(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    import json

    from app.engine.cli import main

    pos = position(["x1 x2 x3 x2 x3 d5 d6", "x9", "d9"], offer=("x1", 2, "discard"))
    pos["try"] = {"kind": "chi", "seat": 0, "cards": ["x1", "x2", "x3"]}
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(pos), encoding="utf-8")
    assert main(["options", "hunan", "--position", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["to_move"] == 0 and out["stage"] == "chi"
    assert out["try"]["legal"] is False and out["try"]["reason"]["code"] == "must-bi"
    assert out["seats"][1]["reason"]["code"] in (
        "zp-not-your-turn",
        "lower-priority",
        "zp-no-claim",
    )
    assert main(["options", "hunan", "--position", str(path), "--lang", "zh"]) == 0
    capsys.readouterr()
    path.write_text('{"seats": 3}', encoding="utf-8")
    assert main(["options", "hunan", "--position", str(path)]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad-position"


def test_liang_that_made_the_dealers_ti_can_still_be_won() -> None:
    from app.engine.zipai.cards import full_deck
    from app.engine.zipai.state import check_invariants

    seat1 = list(parse_cards("x1 x2 x3 d1 d2 d3 d2 d7 d10 x2 x7 x10 x4 x5 x6 d4 d5 d6 d9 d9"))
    x9 = parse_cards("x9")[0]
    deck = full_deck()
    for c in seat1 + [x9] * 4:
        deck.remove(c)
    random.Random(2).shuffle(deck)
    ordered = [x9] * 3 + deck[:17] + seat1 + deck[17:37] + [x9] + deck[37:]
    st = deal(HUNAN_RULES, deck=ordered)
    assert any(m.kind == "ti" and m.cards[0] == x9 for m in st.seats[0].melds)
    assert decider(st)[:2] == ("hu", 1)  # type: ignore[index]
    won = apply(st, Action("hu", 1, ("x9",)))
    assert won.result is not None and won.result.winner == 1
    assert won.seats[0].hand[x9] == 3 and not won.seats[0].melds  # the 提 is a 坎 again
    assert check_invariants(won) is None


def test_two_ti_at_the_start_first_intake_without_discard() -> None:
    # seat 1 began with two 提: 8 + 12 = 20 cards; its first intake needs no discard
    st = make(
        ["d9 d8", "x4 x5 x7 x8 d3 d4 d6 d6 x10 x10 d1 d2", "d7"],
        [(), [("ti", "x1 x1 x1 x1"), ("ti", "x2 x2 x2 x2")], ()],
        offer=("x6", 0, "discard"),
    )
    acts = [a for a in legal_actions(st, 1) if a.kind == "chi"]
    assert acts
    after = apply(st, acts[0])
    assert after.phase == "draw" and after.turn == 2


def guilin_dihu_position() -> dict[str, Any]:
    return position(
        ["x1", WAIT_D5[0], "d4"],
        [(), WAIT_D5[1], ()],
        offer=("d5", 0, "discard"),
        stock="x7 x7 x7 x7 x8 x8 x8 x8 x10 x10 x10 x10 d7 d7 d7 d7 d8 d8 d8",
        variant="guilin",
    )


def test_guilin_dihu_and_xing() -> None:
    st = from_json(guilin_dihu_position())
    won = apply(st, Action("hu", 1, ("d5",)))
    res = won.result
    assert res is not None and res.count is not None and res.winner == 1
    lines = {ln.code: ln.points for ln in res.count.lines}
    assert lines["zp-dihu"] == 1
    assert lines["zp-xing"] == 1  # the turned 七 wakes the winner's 六 (下醒) — and no 八 held
    assert "zp-zimo" not in lines
    assert res.count.total == 1 + (21 - 10) // 5 + 1 + 1


def test_guilin_saochuan_that_completes_the_hand_wins() -> None:
    st = make(
        ["x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d7 d8 d9 x10 x10", "x10", "d10"],
        [[("sao", "d5 d5 d5")], (), ()],
        offer=("d5", 0, "draw"),
        stock="d6 d6",
        variant="guilin",
    )
    acts = legal_actions(st, 0)
    assert [(a.kind, a.forced) for a in acts] == [("saochuan", True)]
    after = apply(st, acts[0])
    assert "hu" in kinds(after, 0)
    won = apply(after, Action("hu", 0))
    assert won.result is not None and won.result.huxi == 12 + 3 + 6
    assert "zp-zimo" in [ln.code for ln in won.result.count.lines]  # type: ignore[union-attr]


def test_view_hides_what_a_seat_cannot_see() -> None:
    from app.engine.zipai.view import view

    st = make(
        ["d5 d5 x7 x8", "x1 x2", "d4"],
        [[("wei", "x6 x6 x6")], [("peng", "x9 x9 x9")], ()],
        offer=("d5", 0, "draw"),
        stock="x3 x4",
    )
    v1 = view(st, 1)
    assert v1.seats[1].hand == ("x1", "x2")
    assert v1.seats[0].hand is None and v1.seats[0].hand_size == 4
    w = v1.seats[0].melds[0]
    assert w.cards == () and w.hidden == 3  # 偎 lies face down
    assert v1.seats[1].melds[0].cards == ("x9",) * 3
    assert v1.stock is None and v1.stock_size == 2
    assert v1.offer is not None and v1.offer.card is None  # drawn into a forced 偎, never shown
    v0 = view(st, 0)
    assert v0.offer is not None and v0.offer.card == "d5"
    assert v0.seats[0].hand == ("x7", "x8", "d5", "d5")


def test_winner_deals_next() -> None:
    from app.engine.zipai.machine import is_legal

    st = make(["d7 d8", WAIT_D5[0], "d4"], [(), WAIT_D5[1], ()], offer=("d5", 2, "draw"), streak=2)
    assert is_legal(st, Action("hu", 1, ("d5",)))
    won = apply(st, Action("hu", 1, ("d5",)))
    assert next_dealer(won) == (1, 0)
