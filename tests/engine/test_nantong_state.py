"""The deal: dealing, legal actions with forced flags, refusals, JSON, self-play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.engine.cli import run
from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.game import IllegalAction
from app.engine.core.selfplay import play_one
from app.engine.nantong.cards import counts_of, deck, parse_cards
from app.engine.nantong.game import GAME
from app.engine.nantong.outcome import result_json
from app.engine.nantong.play import legal_actions, new_deal
from app.engine.nantong.players import choose
from app.engine.nantong.position import from_json, to_json
from app.engine.nantong.refusals import REASON_CODES, apply
from app.engine.nantong.rules import Rules
from app.engine.nantong.state import OVER, RESPOND, TURN, State


@pytest.mark.parametrize(
    ("rules", "total", "stock"),
    [(Rules(), 120, 51), (Rules(generals=1), 120, 52), (Rules(xi=True), 125, 56)],
)
def test_the_deal(rules: Rules, total: int, stock: int) -> None:
    s = new_deal(rules, random.Random(3), 2)
    assert s.out_seat == 1  # the dealer's 上家 sits out (定醒)
    assert s.players == (2, 3, 0)
    assert [sum(s.hands[x]) for x in (2, 3, 0, 1)] == [23, 22, 22, 0]
    assert len(s.generals) == rules.generals
    assert len(s.stock) == stock
    assert s.total_cards() == total


def _position(hands: dict[int, str], generals: str = "2t 3w", **kw: object) -> State:
    """A hand-made position: the stock holds every card not placed."""
    rest = counts_of(deck())
    placed = {seat: parse_cards(text) for seat, text in hands.items()}
    for cards in list(placed.values()) + [parse_cards(generals)]:
        for k in cards:
            rest[k] -= 1
    assert min(rest) >= 0, "a kind is placed more than four times"
    stock = tuple(k for k in range(30) for _ in range(rest[k]))
    empty: tuple[()] = ()
    hs = tuple(tuple(counts_of(placed.get(x, ()))) for x in range(4))
    s = State(
        rules=Rules(),
        dealer=0,
        stock=stock,
        generals=parse_cards(generals),
        hands=hs,
        dealt=hs,
        melds=(empty,) * 4,
        discards=(empty,) * 4,
        phase=TURN,
        turn=0,
        baoting=(False,) * 4,
        has_discarded=(False,) * 4,
    )
    return replace(s, **kw)  # type: ignore[arg-type]


WAITING = "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 6w 7w 8w 9w 1w 2w 3w bh bh"  # wants 5w
DEALER = "5w 5w 5w qz qz qz hh hh hh 4b 4b 4b 6b 7b 8b 7t 8t 5t 5b 6b 2w 3w 4w"
OTHER = "1t 1t 2t 2t 3t 3t 4t 4t 6t 6t 7t 7t 8t 8t 9t 9b 9b 9b 8w 8w 8w 2b"


def test_dihu_on_the_dealers_first_discard_and_settlement() -> None:
    s = _position({0: DEALER, 1: WAITING, 2: OTHER})
    s = apply(s, Action("discard", 0, ("5w",)))
    assert s.phase == RESPOND and s.turn == 1
    acts = legal_actions(s, 1)
    assert Action("hu", 1, ("5w",)) in acts
    s = apply(s, Action("hu", 1, ("5w",)))
    assert s.phase == OVER and s.winner == 1
    res = result_json(s)
    assert res is not None
    codes = [ln["code"] for ln in res["counts"]["1"]["lines"]]
    assert "nt-dihu-win" in codes and "nt-yazi" in codes
    # 清胡 100 + 丫子 10 + 文钱 20 = 130, 地胡 ×2
    assert res["totals"]["1"] == 260
    assert sum(res["scores"]) == 0
    assert res["scores"][3] == 0  # the 定醒 seat does not settle
    assert s.total_cards() == 120


def test_no_multiple_winners_first_in_turn_order() -> None:
    second = "1t 2t 3t 4t 5t 6t 7t 8t 9t 7b 8b 9b 4w 6w 7w 8w 9w 1w 2w 3w qz qz"
    s = _position({0: DEALER.replace("qz qz qz", "bh bh 1b"), 1: WAITING, 2: second})
    s = apply(s, Action("discard", 0, ("5w",)))
    s = apply(s, Action("hu", 1, ("5w",)))
    assert s.phase == RESPOND and s.turn == 2  # seat 2 answers without knowing
    s = apply(s, Action("hu", 2, ("5w",)))
    assert s.winner == 1


def test_a_later_hu_claim_beats_an_earlier_peng() -> None:
    other = "5w 5w 1t 1t 1t 2t 2t 2t 3t 3t 3t 4t 4t 4t 6t 6t 6t 9b 9b 9b 8w 8w"
    waiting = "1b 2b 3b 4b 5b 6b 7b 8b 9b 7t 8t 9t 4w 6w 7w 8w 9w 1w 2w 3w bh bh"
    dealer = "qz qz qz hh hh hh 9t 9t 5t 5t 5t 4b 6b 5b 6b 7b 8b 7t 8t 3w 5w 1w 2w"
    s = _position({0: dealer, 1: other, 2: waiting})
    s = apply(s, Action("discard", 0, ("5w",)))
    assert s.turn == 1
    s = apply(s, Action("peng", 1, ("5w", "5w", "5w")))
    assert s.turn == 2 and s.phase == RESPOND
    s = apply(s, Action("hu", 2, ("5w",)))
    assert s.winner == 2


def test_forced_flag_and_refusals() -> None:
    s = _position({0: DEALER, 1: WAITING, 2: OTHER}, baoting=(False, True, False, False))
    s = apply(s, Action("discard", 0, ("qz",)))
    # seat 1 (报听) cannot 碰 or 胡 on 千字: nobody is asked, seat 1 draws
    assert s.phase == TURN and s.turn == 1 and s.last_drawn is not None
    acts = legal_actions(s, 1)
    drawn = s.last_drawn
    if not any(a.kind == "hu" for a in acts):
        assert len(acts) == 1 and acts[0].forced and acts[0].kind == "discard"
    other = next(k for k in ("1t", "2t", "3t") if parse_cards(k)[0] != drawn)
    with pytest.raises(IllegalAction) as exc:
        apply(s, Action("discard", 1, (other,)))
    assert exc.value.reason.code == "nt-must-discard-drawn"
    with pytest.raises(IllegalAction) as exc:
        apply(s, Action("discard", 0, ("qz",)))
    assert exc.value.reason.code == "nt-not-your-turn"
    with pytest.raises(IllegalAction) as exc:
        apply(s, Action("chi", 1, ("1t", "2t", "3t")))
    assert exc.value.reason.code == "nt-no-chi"


def test_the_dealer_may_win_with_the_dealt_cards() -> None:
    tiancheng = "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 5w 6w 7w 8w 9w 1w 2w 3w bh bh"
    third = "5w 5w qz qz qz hh hh hh 4b 4b 4b 6b 7b 8b 5t 5b 6b 9w 9w 4w 4w 5t"
    s = _position({0: tiancheng, 1: OTHER, 2: third})
    assert Action("hu", 0) in legal_actions(s, 0)
    s = apply(s, Action("hu", 0))
    res = result_json(s)
    assert res is not None
    codes = [ln["code"] for ln in res["counts"]["0"]["lines"]]
    assert "nt-tiancheng" in codes and "nt-zimo" in codes


def test_json_round_trip_through_a_whole_deal() -> None:
    rng = random.Random(11)
    s = new_deal(Rules(), rng, 0)
    n = 0
    while s.phase != OVER:
        assert from_json(to_json(s)) == s
        s = apply(s, choose(s, legal_actions(s, s.turn), rng))
        n += 1
    assert from_json(to_json(s)) == s
    assert n > 3


def test_bad_position_is_refused() -> None:
    with pytest.raises(EngineError) as exc:
        from_json({"dealer": 0})
    assert exc.value.code == "bad-position"


def test_options_verb(tmp_path: object) -> None:
    import json
    import pathlib

    s = new_deal(Rules(), random.Random(2), 1)
    p = pathlib.Path(str(tmp_path)) / "pos.json"
    p.write_text(json.dumps(to_json(s)), encoding="utf-8")
    res = run(["options", "nantong", "--position", str(p)])
    assert res["seat"] == s.turn
    assert {a["kind"] for a in res["actions"]} <= {"hu", "gang", "discard", "baoting", "pass"}


def test_reason_codes_are_declared() -> None:
    assert all(code.startswith("nt-") for code in REASON_CODES)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "games"),
    [
        (["--games", "2000", "--seed", "1"], 2000),
        (["--games", "300", "--seed", "2", "--generals", "1"], 300),
        (["--games", "200", "--seed", "3", "--xi"], 200),
        (["--games", "200", "--seed", "4", "--xi", "--generals", "1"], 200),
    ],
)
def test_selfplay(argv: list[str], games: int) -> None:
    res = run(["selfplay", "nantong", *argv])
    assert res["invariants"] == "ok"
    assert res["games"] == games
    assert sum(res["wins_per_seat"]) + res["drawn"] == games
    assert sum(res["wins_per_seat"]) > games // 4


def test_play_deal_checks_every_step() -> None:
    s, n = play_one(GAME, Rules(generals=1, xi=True), random.Random(9), dealer=3)
    assert s.phase == OVER and n > 0


@pytest.mark.parametrize(
    "patch",
    [
        {"phase": "dance"},
        {"turn": 7},
        {"hands": [[], []]},
        {"stock": ["zz"]},
        {"rules": {"generals": 3}},
    ],
)
def test_malformed_positions_are_refused(patch: dict[str, object]) -> None:
    data = {**to_json(new_deal(Rules(), random.Random(1), 0)), **patch}
    with pytest.raises(EngineError) as exc:
        from_json(data)
    assert exc.value.code in ("bad-position", "unknown-card")


def test_jiaopai_is_replaced_card_for_card_and_a_four_takes_one() -> None:
    # 六丙 turned; the dealer holds the other three (叫牌) and four 五万 (龙)
    dealer = "6b 6b 6b 5w 5w 5w 5w qz qz qz hh hh hh 4b 4b 4b 7b 8b 9b 7t 8t 5t 5b"
    s = _position({0: dealer, 1: WAITING, 2: OTHER}, generals="6b 3w")
    acts = legal_actions(s, 0)
    assert Action("gang", 0, ("6b", "6b", "6b")) in acts
    assert Action("gang", 0, ("5w",) * 4) in acts
    s = apply(s, Action("gang", 0, ("6b", "6b", "6b")))
    assert s.melds[0][-1].made == "long" and not s.melds[0][-1].takes_slot
    assert sum(s.hands[0]) == 23 and s.replacement
    s = apply(s, Action("gang", 0, ("5w",) * 4))
    assert s.melds[0][-1].made == "long" and s.melds[0][-1].takes_slot
    assert sum(s.hands[0]) == 20  # 23 - 4 + 1
    assert s.total_cards() == 120


def test_peng_then_jia_gang() -> None:
    s = _position({0: DEALER.replace("2w", "8w"), 1: OTHER, 2: WAITING.replace("7w 8w", "7b 8b")})
    s = apply(s, Action("discard", 0, ("8w",)))
    assert s.turn == 1
    s = apply(s, Action("peng", 1, ("8w",) * 3))
    assert s.turn == 1 and s.melds[1][0].made == "peng" and s.last_drawn is None
    assert Action("jia-gang", 1, ("8w",)) in legal_actions(s, 1)
    s = apply(s, Action("jia-gang", 1, ("8w",)))
    assert s.melds[1][0].made == "ming-gang" and s.melds[1][0].held == 4
    assert s.replacement and s.total_cards() == 120
