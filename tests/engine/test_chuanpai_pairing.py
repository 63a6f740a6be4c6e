"""The pairing game 挤儿: groups, counting, 齐头, obligations, the deal."""

import random
from dataclasses import replace

import pytest

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX, counts_of, parse_tokens
from app.engine.chuanpai.melds import Meld, jier_sum
from app.engine.chuanpai.pairing import GAME, PairingRules, PairingState, SeatState
from app.engine.chuanpai.pairing import settle as settling
from app.engine.chuanpai.pairing.offers import claim_order, legal_actions
from app.engine.chuanpai.pairing.rules import deal_sizes
from app.engine.chuanpai.pairing.serial import one_seat as position_state
from app.engine.chuanpai.pairing.serial import read_hand
from app.engine.chuanpai.pairing.settle import analyze, settle
from app.engine.chuanpai.pairing.state import new_deal
from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.game import IllegalAction
from app.engine.core.reason import Reason
from app.engine.core.selfplay import play_one

OPTS = PairingRules()
OPTS2 = PairingRules(players=2)
apply = GAME.apply


def waits(
    hand: tuple[int, ...], melds: tuple[Meld, ...], rules: PairingRules
) -> list[tuple[str, int | None]]:
    return [(w.card, w.points) for w in settling.waits(hand, melds, rules)]


def play_deal(rules: PairingRules, rng: random.Random, dealer: int = 0) -> None:
    play_one(GAME, rules, rng, dealer)


def H(text: str) -> list[int]:
    return counts_of(parse_tokens(text, "pairing"))


# -- 挤儿 ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "total"),
    [
        ("11", "26", 10),  # 2 + 8
        ("12", "16", 10),  # 3 + 7
        ("13", "24", 10),  # 4 + 6
        ("14", "23", 10),  # 5 + 5
        ("26", "66", 20),  # 8 + 12
        ("36", "56", 20),  # 9 + 11
        ("55", "46", 20),  # 10 + 10
        ("55", "55", 20),
        ("cs", "66", 20),  # a 经牌 stands for what suits best
        ("ty", "26", 20),  # 8 pips: the 经 is a 12
        ("cs", "16", 10),  # 7 pips: the 经 is a 3
        ("cs", "12", 10),
        ("cs", "ty", None),  # never two 经牌
        ("66", "66", None),  # 24
        ("16", "34", None),  # 14
    ],
)
def test_jier(a: str, b: str, total: int | None) -> None:
    assert jier_sum(a, b) == total


@pytest.mark.parametrize(
    ("kind", "cards", "ok", "points"),
    [
        ("jier", "26 66", True, 1),
        ("jier", "13 24", True, 0),
        ("jier", "26 36 11", False, 0),  # never three cards as a sum (8+9+3 = 20)
        ("an", "55 55 55", True, 3),
        ("peng", "55 55 55", True, 2),
        ("yan", "16 25 34", True, 2),
        ("yan", "16 16 34", False, 0),
        ("liang", "66 66 66 66", True, 7),
        ("qi", "66 66 66 66", True, 5),
        ("kang", "66 66 66 66", True, 7),
        ("an", "cs 12 12", True, 30),  # 经 + two 拐子: the 经牌 暗
        ("peng", "ty 12 12", True, 20),
        ("an", "cs 66 66", False, 0),  # a 经牌 never joins other alike cards
        ("an", "cs ty 12", False, 0),
        ("liang", "cs ty 12 12", True, 70),
        ("kang", "cs ty 12 12", True, 70),
        ("qi", "cs ty 12 12", True, 50),
    ],
)
def test_meld_shapes_and_points(kind: str, cards: str, ok: bool, points: int) -> None:
    toks = parse_tokens(cards, "pairing")
    if not ok:
        with pytest.raises(EngineError) as exc:
            Meld.make(kind, toks)
        assert exc.value.code == "bad-meld"
        return
    assert Meld.make(kind, toks).points == points


# -- analyze -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "complete", "points"),
    [
        ("46 55", [], True, 1),
        ("13 24 26 66", [], True, 1),
        ("55 55 55 46", [], True, 2),  # two 20-point 挤儿 beat 暗 + a lone card
        ("55 55 55", [], True, 3),
        ("66 66 66 26 11", [], True, 3),
        ("66 66 66 26", [], False, None),
        ("66 66 66 26 11 16 12", [], True, 3),  # 暗 3 + 2+8 + 3+7
        ("66 66 66 66", [], True, 7),  # 亮
        ("16 25 34", [], True, 2),  # 燕
        ("16 25 34 16 12", [], True, 2),
        ("cs 12 12 44 66", [], True, 31),  # 经牌 暗 30 + 8+12
        ("cs ty 12 12 44 66", [], True, 71),
        ("cs 66", [], True, 1),
        ("cs ty", [], False, None),
        ("cs 11", [], True, 0),
        ("", [("peng", "55 55 55"), ("jier", "26 66")], True, 3),
        ("46 55", [("qi", "66 66 66 66"), ("kang", "33 33 33 33")], True, 13),
        ("46 55", [("an", "cs 12 12")], True, 31),
        ("46 55", [("yan", "16 25 34"), ("liang", "44 44 44 44")], True, 10),
    ],
)
def test_analyze(
    hand: str, melds: list[tuple[str, str]], complete: bool, points: int | None
) -> None:
    h, ms = read_hand(hand, melds, OPTS)
    res = analyze(h, ms, OPTS)
    assert res.complete is complete
    assert res.points == points
    if complete:
        assert res.count is not None and res.count.total == points
        assert sum(ln.points for ln in res.count.lines) == points
        laid = sorted(c for m in res.melds for c in m.cards)
        assert laid == sorted(parse_tokens(hand, "pairing") + tuple(c for m in ms for c in m.cards))


def test_analyze_without_jing() -> None:
    opts = PairingRules(jing=False)
    h, ms = read_hand("12 12 12 12", [], opts)
    assert analyze(h, ms, opts).points == 7
    with pytest.raises(EngineError):
        read_hand("cs 12", [], opts)


def test_waits() -> None:
    h, ms = read_hand("66 44 55 55 16", [], OPTS)
    assert waits(h, ms, OPTS) == [("12", 2), ("cs", 2), ("ty", 2)]
    h, ms = read_hand("66 26 cs", [], OPTS)
    got = dict(waits(h, ms, OPTS))
    assert got["11"] == 1 and got["26"] == 2 and got["ty"] == 2


def test_waits_skip_exhausted_cards() -> None:
    h, ms = read_hand("66 26 cs", [("an", "ty 12 12")], OPTS)
    got = dict(waits(h, ms, OPTS))
    assert got["11"] == 31 and "ty" not in got and "12" not in got


# -- 齐头 and obligations --------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "face", "rule", "optional"),
    [
        # equal numbers of sixes and fours, all tied: 齐头, the 暗 may wait
        ("33 33 33 13 13 22", "33", "count", True),
        # one bad card (a six) more than the good ones: forced
        ("33 33 33 13 13", "33", "count", False),
        # one good card more: still optional
        ("13 13 13 24 24", "13", "count", True),
        # two good cards more: forced
        ("13 13 13 24", "13", "count", False),
        # 天地 (2 and 12) against eights
        ("66 66 66 26 35 44", "66", "count", True),
        ("26 26 26 66 11", "26", "count", False),
        # neutral values use "tied": three 梅子 with a 四六 are all tied
        ("55 55 55 46", "55", "count", True),
        ("55 55 55", "55", "count", False),
        ("33 33 33 13 13 22", "33", "none", False),
        ("33 33 33 13 13 22", "33", "tied", True),
        ("13 13 13 24 24", "13", "tied", False),
    ],
)
def test_qitou(hand: str, face: str, rule: str, optional: bool) -> None:
    assert an.group_optional(H(hand), INDEX[face], rule) is optional


@pytest.mark.parametrize(
    ("hand", "allowed"),
    [
        # a 4 and a 6 are a 挤儿: neither may go; the lone 天牌 may
        ("13 24 66", {"66"}),
        # one 4 and two 6s: one of the sixes is spare
        ("13 24 24", {"24"}),
        ("13 24 33", {"24", "33"}),
        ("26 66 36 56 11", {"11", "66"}),
    ],
)
def test_never_break_a_pair_to_discard(hand: str, allowed: set[str]) -> None:
    state = position_state({"hand": hand}, OPTS)
    acts = legal_actions(state)
    assert {a.cards[0] for a in acts if a.kind == "discard"} == allowed
    if "13" in hand and "13" not in allowed:
        with pytest.raises(IllegalAction) as exc:
            apply(state, Action("discard", 0, ("13",)))
        assert exc.value.reason.code == "cp-split-jier"


def claim(hand: str, card: str, **extra: object) -> list[Action]:
    state = position_state({"hand": hand, "card": card, **extra}, OPTS)
    return legal_actions(state)


def test_must_eat_with_a_lone_partner() -> None:
    acts = claim("13 66 26", "24")  # the 4 is alone: the 6 must be eaten
    assert {a.kind for a in acts} == {"bai"} and all(a.forced for a in acts)


def test_may_pass_when_the_partner_is_tied() -> None:
    acts = claim("13 24 66 26 11", "33")  # the 4 is tied to the 6 already
    assert {a.kind for a in acts} == {"bai", "pass"}
    assert not any(a.forced for a in acts)


def test_peng_forced_unless_both_cards_are_tied() -> None:
    acts = claim("44 44 11", "44")  # two eights, one 地牌: a bad card more
    assert any(a.kind == "peng" and a.forced for a in acts)
    acts = claim("22 22 66", "22")  # two fours, no six: two good cards more, forced
    assert any(a.kind == "peng" and a.forced for a in acts)
    acts = claim("55 55 11", "55")  # the two 梅子 are each other's partners
    assert any(a.kind == "peng" and not a.forced for a in acts)
    acts = claim("33 33 13 22 66", "33")  # 齐头: two sixes, two fours
    assert any(a.kind == "peng" and not a.forced for a in acts)
    assert any(a.kind == "pass" for a in acts)


def test_yan_by_taking() -> None:
    acts = claim("16 25 66", "34")
    assert any(a.kind == "yan" and a.forced for a in acts)


def test_qi_is_forced() -> None:
    acts = claim("46 55 11", "66", melds=["an:66 66 66"])
    assert [a.kind for a in acts if a.forced] == ["qi"]


def test_jing_groups() -> None:
    # 经 + two 拐子: 碰 may be declined
    acts = claim("cs 12 66", "12")
    assert any(a.kind == "peng" and not a.forced for a in acts)
    # three 真假 and the fourth comes: 扛 is forced
    acts = claim("cs 12 12 66 26", "ty")
    assert any(a.kind == "kang" and a.forced for a in acts)
    # 经 + two 拐子 in hand: 暗 optional at any time
    state = position_state({"hand": "cs 12 12 66 26 11"}, OPTS)
    acts = legal_actions(state)
    assert any(a.kind == "an" and a.cards == ("12", "12", "cs") and not a.forced for a in acts)


def test_three_alike_must_be_laid_unless_qitou() -> None:
    state = position_state({"hand": "55 55 55 66 26"}, OPTS)
    acts = legal_actions(state)
    assert [a.kind for a in acts] == ["an"] and acts[0].forced
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("discard", 0, ("66",)))
    assert exc.value.reason.code == "cp-must-group"


# -- the deal --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (2, (16, 15)),
        (3, (16, 15, 15)),
        (4, (16, 15, 15, 15)),
        (5, (16, 15, 15, 15, 3)),
        (6, (16, 15, 15, 15, 5, 3)),
        (7, (16, 15, 15, 15, 5, 3, 1)),
    ],
)
def test_deal_sizes(players: int, sizes: tuple[int, ...]) -> None:
    assert deal_sizes(players) == sizes
    state = new_deal(PairingRules(players=players), random.Random(1))
    assert tuple(sum(s.hand) for s in state.seats) == sizes
    assert [s.extra for s in state.seats] == [i >= 4 for i in range(players)]
    assert len(state.stock) == 84 - sum(sizes)


def _state(hand: str, stock: str, **seat_kw: object) -> PairingState:
    me = SeatState(tuple(H(hand)), **seat_kw)  # type: ignore[arg-type]
    other = SeatState(tuple(H("")))
    stock_t = parse_tokens(stock, "pairing")
    return PairingState(OPTS2, 0, (me, other), stock_t, phase="self", lay_done=2)


@pytest.mark.parametrize(
    ("kind", "hand", "draws"),
    [("an", "55 55 55 66", 1), ("liang", "55 55 55 55 66", 2), ("yan", "16 25 34 66", 1)],
)
def test_tou_after_groups(kind: str, hand: str, draws: int) -> None:
    state = _state(hand, "11 11 11")
    act = next(a for a in legal_actions(state) if a.kind == kind)
    after = apply(state, act)
    assert len(after.stock) == 3 - draws
    assert sum(after.seats[0].hand) == sum(H(hand)) - len(act.cards) + draws


def test_guo_pai_and_the_foul() -> None:
    # a 6 passed seat 0 when it had no 4; now it 碰s and 偷s a 4: 过牌
    state = _state("55 55 66 26", "13", passed=frozenset({6}))
    state = replace(state, phase="claim", open_card="55", source=1, queue=((0, "group"),))
    peng = next(a for a in legal_actions(state) if a.kind == "peng")
    after = apply(state, peng)
    assert after.phase == "guo" and after.drawn == "13"
    assert legal_actions(after) == [Action("guo", 0, ("13",), True)]
    with pytest.raises(IllegalAction) as exc:
        apply(after, Action("keep", 0, ("13",)))
    assert exc.value.reason.code == "cp-must-guo"
    laid = apply(after, Action("guo", 0, ("13",), True))
    assert laid.seats[0].guo == ("13",) and laid.phase == "self"
    # with fouls=end-deal the card may be kept, and eating with it later ends the deal
    foul_opts = replace(OPTS2, fouls="end-deal")
    kept = apply(replace(after, rules=foul_opts), Action("keep", 0, ("13",)))
    assert kept.seats[0].unlaid == ("13",)
    offer = replace(kept, phase="claim", open_card="24", source=1, queue=((0, "bai"),))
    bai = next(a for a in legal_actions(offer) if a.cards[0] == "13")
    end = apply(offer, bai)
    assert end.phase == "over" and end.foul is not None
    assert end.foul.code == "cp-guo-not-laid" and end.winner is None


def test_guo_card_eats_later() -> None:
    state = _state("66 26", "", guo=("13",))
    state = replace(state, phase="claim", open_card="24", source=1, queue=((0, "bai"),))
    acts = legal_actions(state)
    assert any(a.params.get("guo") and a.forced for a in acts)


def test_pass_when_forced_is_a_foul_in_end_deal_mode() -> None:
    state = _state("13 66 26", "11")
    state = replace(state, phase="claim", open_card="24", source=1, queue=((0, "bai"),))
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("pass", 0, ("24",)))
    assert exc.value.reason.code == "cp-must-take"
    end = apply(replace(state, rules=replace(OPTS2, fouls="end-deal")), Action("pass", 0, ("24",)))
    assert end.phase == "over" and end.foul is not None and end.foul.code == "cp-must-take"


def test_going_out_and_settlement() -> None:
    state = _state("13 66 26", "11")
    state = replace(state, phase="claim", open_card="24", source=1, queue=((0, "bai"),))
    bai = next(a for a in legal_actions(state) if a.cards[0] == "13")
    after = apply(state, bai)
    assert legal_actions(after) == [Action("hu", 0, (), True)]
    end = apply(after, legal_actions(after)[0])
    assert end.winner == 0 and end.count is not None
    assert end.count.total == 2  # 8 + 12 = 1 胡, plus the base
    assert end.scores == (2, -2)


def test_settle_example_from_the_source() -> None:
    # eight 胡 are worth nine: each loser pays nine
    assert settle(8, 0, 4) == (27, -9, -9, -9)


def test_state_json_round_trip() -> None:
    rng = random.Random(5)
    state = new_deal(OPTS, rng)
    for _ in range(30):
        if state.phase == "over":
            break
        assert GAME.read_position(GAME.to_json(state), {}) == state
        state = apply(state, legal_actions(state)[0])


def test_illegal_seat_refused() -> None:
    state = new_deal(OPTS, random.Random(2))
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("done", 3))
    assert exc.value.reason.code == "cp-not-your-turn"


@pytest.mark.parametrize("players", [2, 3, 5, 6, 7])
def test_selfplay_other_table_sizes(players: int) -> None:
    rng = random.Random(players)
    for i in range(40):
        play_deal(PairingRules(players=players), rng, dealer=i % min(players, 4))


@pytest.mark.parametrize(
    "opts", [PairingRules(jing=False), PairingRules(qitou="none"), PairingRules(qitou="tied")]
)
def test_selfplay_options(opts: PairingRules) -> None:
    rng = random.Random(7)
    for _ in range(60):
        play_deal(opts, rng)


def _table(hands: list[str], stock: str, players: int | None = None, **kw: object) -> PairingState:
    n = players or len(hands)
    opts = PairingRules(players=n)
    seats = tuple(SeatState(tuple(H(h)), extra=i >= 4) for i, h in enumerate(hands))
    return PairingState(
        opts, 0, seats, parse_tokens(stock, "pairing"), phase="self", lay_done=n, **kw
    )  # type: ignore[arg-type]


def test_tou_that_makes_three_alike_must_be_laid() -> None:
    # 偷暗了: the 碰 is followed by a 偷 that brings a third 梅子
    state = _table(["44 44 55 55 66 26", "11"], "55")
    state = replace(state, phase="claim", open_card="44", source=1, queue=((0, "group"),))
    peng = next(a for a in legal_actions(state) if a.kind == "peng")
    after = apply(state, peng)
    acts = legal_actions(after)
    assert [a.kind for a in acts] == ["an"] and acts[0].forced


def test_tou_of_the_fourth_card_forces_qi() -> None:
    state = _table(["26 66 55 55", "11"], "33", **{})
    seat = replace(state.seats[0], melds=(Meld.make("an", ("33", "33", "33")),))
    state = replace(state, seats=(seat, state.seats[1]))
    state = replace(state, phase="claim", open_card="55", source=1, queue=((0, "group"),))
    peng = next(a for a in legal_actions(state) if a.kind == "peng")
    after = apply(state, peng)
    assert [(a.kind, a.forced) for a in legal_actions(after)] == [("qi", True)]


def test_group_claims_come_before_bai() -> None:
    # seat 0 discards 55: seat 1 can 摆 it with 46, seat 2 can 碰 it
    state = _table(["55 66", "46 11", "55 55 13", "22"], "")
    state = replace(state, seats=state.seats, turn=0)
    after = apply(state, Action("discard", 0, ("55",)))
    assert after.phase == "claim"
    assert after.queue[0] == (2, "group")
    assert (1, "bai") in after.queue


def test_dead_card_is_remembered_and_next_seat_turns() -> None:
    # seat 0 discards 66; nobody can use it; seat 1 has no 8 and remembers 12 pips
    state = _table(["66 13 24", "11 22 56", "33"], "45 36", players=3)
    after = apply(state, Action("discard", 0, ("66",)))
    assert after.dead == ("66",)
    assert 12 in after.seats[1].passed and 12 not in after.seats[0].passed
    assert after.open_card == "36" and after.flipped and after.source == 1


def test_empty_stock_ends_in_a_draw() -> None:
    state = _table(["66 13 24", "11 22", "33"], "", players=3)
    after = apply(state, Action("discard", 0, ("66",)))
    assert after.phase == "over" and after.winner is None and after.scores == (0, 0, 0)


def test_extra_seat_turns_for_itself_and_never_bai() -> None:
    hands = ["13 24 16", "45", "36", "35", "11 26 55"]
    state = _table(hands, "44", players=5)
    state = replace(state, turn=3)
    # seat 3 discards 35: the extra seat 4 could 摆 it with 11? never; nobody takes it
    after = apply(state, Action("discard", 3, ("35",)))
    assert after.turn == 4 and after.phase == "self"
    assert sum(after.seats[4].hand) == 4  # the turned 44 joined its hand
    assert all(a.kind == "discard" for a in legal_actions(after))


def test_claim_with_extra_seat_excluded_from_bai() -> None:
    state = _table(["66", "45", "36", "35", "26 66"], "", players=5)
    state = replace(state, open_card="11", source=0, flipped=False)
    assert all(seat != 4 for seat, _ in claim_order(state, "11"))


def test_no_jing_option_four_guaizi() -> None:
    opts = PairingRules(jing=False)
    state = replace(position_state({"hand": "12 12 12 66 26"}, opts))
    acts = legal_actions(state)
    assert any(a.kind == "an" and a.cards == ("12", "12", "12") for a in acts)
    with pytest.raises(EngineError):
        position_state({"hand": "cs 66"}, opts)


@pytest.mark.parametrize(
    ("hand", "card", "kind", "draws"),
    [
        ("55 55 66 26", "55", "peng", 1),  # 碰: one 偷
        ("55 55 55 46 66 26", "55", "kang", 2),  # 扛: two
        ("16 25 66 26", "34", "yan", 1),  # 燕 by taking: one
    ],
)
def test_tou_after_taking(hand: str, card: str, kind: str, draws: int) -> None:
    state = _table([hand, "11"], "13 13 13")
    state = replace(state, phase="claim", open_card=card, source=1, queue=((0, "group"),))
    act = next(a for a in legal_actions(state) if a.kind == kind)
    after = apply(state, act)
    assert len(after.stock) == 3 - draws
    assert after.seats[0].melds[-1].kind == kind


def test_qi_draws_one() -> None:
    state = _table(["46 55 11", "66"], "13 13 13")
    seat = replace(state.seats[0], melds=(Meld.make("an", ("33", "33", "33")),))
    state = replace(state, seats=(seat, state.seats[1]))
    state = replace(state, phase="claim", open_card="33", source=1, queue=((0, "group"),))
    qi = next(a for a in legal_actions(state) if a.kind == "qi")
    after = apply(state, qi)
    assert len(after.stock) == 2
    assert [m.kind for m in after.seats[0].melds] == ["qi"]


def test_more_refusals() -> None:
    state = position_state({"hand": "13 66 26"}, OPTS)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("hu", 0))
    assert exc.value.reason.code == "cp-not-complete"
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("discard", 0, ("55",)))
    assert exc.value.reason.code == "cp-no-such-card"
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action("peng", 0, ("66", "66", "66")))
    assert exc.value.reason.code == "cp-nothing-on-offer"  # a 碰 needs a card on offer
    for kind in ("pass", "bai"):
        assert GAME.why_illegal(state, Action(kind, 0)) == Reason(
            "cp-nothing-on-offer", {"kind": kind}
        )
    assert GAME.why_illegal(state, Action("an", 0, ("13",))).code == "cp-bad-group"
    assert GAME.why_illegal(state, Action("done", 0)).code == "cp-own-turn"
    assert GAME.why_illegal(state, Action("fly", 0)).code == "cp-no-such-action"
    extra = position_state(
        {"hand": "13 66", "card": "24", "extra": True, "options": {"players": "5"}}, OPTS
    )
    with pytest.raises(IllegalAction) as exc:
        apply(extra, Action("bai", 0, ("13", "24")))
    assert exc.value.reason.code == "cp-extra-seat-no-bai"
    over = replace(state, phase="over")
    with pytest.raises(IllegalAction) as exc:
        apply(over, Action("discard", 0, ("66",)))
    assert exc.value.reason.code == "cp-deal-over"


def test_an_seeing_its_fourth_card_may_still_go_out_by_bai() -> None:
    # an 暗 of 天牌 on the table, 26 alone in hand: the fourth 天牌 comes. 起 is not
    # compulsory (the card lets the seat go out), and the lone 26 must eat its partner.
    acts = claim("26 13 24", "66", melds=["an:66 66 66"])
    assert any(a.kind == "qi" for a in acts)
    bai = [a for a in acts if a.kind == "bai" and sorted(a.cards) == ["26", "66"]]
    assert bai and bai[0].forced
    assert not any(a.kind == "pass" for a in acts)
