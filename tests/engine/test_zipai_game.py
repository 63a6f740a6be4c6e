"""The 字牌 games on the Game interface: the rules corrections of issue 9, reasons a
learner understands, the position code and the seat view."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.cli import main
from app.engine.core.actions import Action
from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.core.game import Game
from app.engine.core.registry import find_game
from app.engine.core.results import Analysis, View
from app.engine.zipai.cards import full_deck, parse_cards
from app.engine.zipai.deal import deal
from app.engine.zipai.machine import apply, legal_actions
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES
from app.engine.zipai.samples import position
from app.engine.zipai.serial import from_json
from app.engine.zipai.settle import WinContext, settle
from app.engine.zipai.state import State
from app.engine.zipai.winning import is_ready

HUNAN = find_game("hunan")
GUILIN = find_game("guilin")

# Seat 1 was dealt two four-alikes (8 cards) and holds 12 more: 20 cards, two short of
# a complete holding with two 提/扫穿 (22). Eating 六 with 四五 leaves it ready (听 陆).
TWO_QUADS = ["d9", "x4 x5 x7 x8 x9 d3 d4 d5 d6 d6 d7 d8", "d10"]


def two_quads(variant: str) -> State:
    kind = "saochuan" if variant == "guilin" else "ti"
    melds: list[Any] = [(), [(kind, "x1 x1 x1 x1"), (kind, "x2 x2 x2 x2")], ()]
    return from_json(position(TWO_QUADS, melds, offer=("x6", 0, "discard"), variant=variant))


def chi(state: State, cards: str) -> State:
    return apply(state, Action("chi", 1, tuple(cards.split())))


# --------------------------------------------------------------------------- 重舵 (Guilin)


def test_guilin_two_dealt_quads_discard_unless_ready() -> None:
    st = two_quads("guilin")
    ready = chi(st, "x4 x5 x6")  # 七八九 叁肆伍 陆柒捌 + 陆: waits on 陆
    assert ready.phase == "draw" and ready.turn == 2 and not ready.must_discard
    assert is_ready(ready.seats[1], GUILIN_RULES)
    for cards in ("x5 x6 x7", "x6 x7 x8", "x6 d6 d6"):
        after = chi(st, cards)  # not ready: discards as usual
        assert after.phase == "play" and after.turn == 1 and after.must_discard, cards


def test_hunan_keeps_its_bakuai_reading() -> None:
    st = two_quads("hunan")
    for cards in ("x4 x5 x6", "x5 x6 x7", "x6 x7 x8", "x6 d6 d6"):
        after = chi(st, cards)
        assert after.phase == "draw" and after.turn == 2, cards


def _dealer_with_two_quads() -> list[int]:
    dealer = list(parse_cards("x1 x1 x1 x1 x2 x2 x2 x2 x3 x5 x7 x9 d1 d3 d5 d7 d9 x10 d2 d4"))
    rest = full_deck()
    for c in dealer:
        rest.remove(c)
    random.Random(4).shuffle(rest)
    return dealer + rest


def test_dealer_dealt_two_quads() -> None:
    deck = _dealer_with_two_quads()
    gl = deal(GUILIN_RULES, deck=deck)
    assert not is_ready(gl.seats[0], GUILIN_RULES)
    assert gl.phase == "play" and gl.turn == 0 and gl.must_discard  # plays normally
    hn = deal(HUNAN_RULES, deck=deck)
    assert hn.phase == "draw" and hn.turn == 1  # 八块: no discard


def test_guilin_dealer_dealt_two_quads_and_ready_skips_the_first_discard() -> None:
    # seed 003 (桂林打法): 起手就有两个4张同牌，照常打牌，在听牌的时候不打
    dealer = list(parse_cards("x1 x1 x1 x1 x2 x2 x2 x2 x3 x4 x5 x7 x8 x9 d1 d2 d3 d5 d5 d7"))
    (liang,) = parse_cards("d8")  # the shown card leaves the dealer waiting on 陆 or 玖
    rest = full_deck()
    for c in [*dealer, liang]:
        rest.remove(c)
    random.Random(4).shuffle(rest)
    gl = deal(GUILIN_RULES, deck=[*dealer, *rest[:40], liang, *rest[40:]])
    assert is_ready(gl.seats[0], GUILIN_RULES)
    assert gl.phase == "draw" and gl.turn == 1 and not gl.must_discard


def test_guilin_second_quad_in_play_skips_the_discard() -> None:
    # 重舵: one 扫穿 on the table, the own draw makes another from a 坎
    st = from_json(
        position(
            ["x5 x5 x5 d1 d2 d3 x8 x9 d4 d5 d6 d8 d8 x3 x3 x4", "x1", "x2"],
            [[("saochuan", "d10 d10 d10 d10")], (), ()],
            offer=("x5", 0, "draw"),
            variant="guilin",
        )
    )
    assert st.seats[0].size == 20
    after = apply(st, legal_actions(st, 0)[0])
    assert after.phase == "draw" and after.turn == 1


# --------------------------------------------------------------------------- 囤 (Hunan)


@pytest.mark.parametrize(
    ("minimum", "huxi", "tun"),
    [(18, 18, 1), (18, 20, 1), (18, 21, 2), (10, 10, 1), (10, 13, 2), (6, 6, 1), (6, 15, 4)],
)
def test_tun_counted_from_the_tables_minimum(minimum: int, huxi: int, tun: int) -> None:
    rules = HUNAN_RULES.with_options({"min_huxi": minimum, "mingtang": "none"})
    count = settle(huxi, [1] * 20, rules, WinContext())
    line = next(ln for ln in count.lines if ln.code == "zp-tun")
    assert line.points == tun and line.params == {"huxi": huxi, "min": minimum}


def test_analyze_at_min_18_pays_one_tun() -> None:
    rules = HUNAN.rules({"min_huxi": "18"})
    hand = "x1 x1 x1 x1 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d9 d5 d6 d7 x3 x3 x3"
    out = HUNAN.analyze(HUNAN.holding(hand, (), {}, rules), rules)
    assert out.win and out.points == 18 and out.settlement is not None
    assert [ln.points for ln in out.settlement.lines if ln.code == "zp-tun"] == [1]


# --------------------------------------------------------------------------- options / try


def options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, pos: dict[str, Any], variant: str = "hunan"
) -> dict[str, Any]:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(pos), encoding="utf-8")
    assert main(["options", variant, "--position", str(path)]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


DISCARD = position(["x9 d2", "x1 x2 d5 d6", "x4 x4 d7 d8"], offer=("x3", 0, "discard"))


@pytest.mark.parametrize(
    ("trial", "code"),
    [
        ({"kind": "peng", "seat": 1, "cards": ["x3", "x3", "x3"]}, "zp-not-in-hand"),
        ({"kind": "chi", "seat": 2, "cards": ["x3", "x4", "x4"]}, "zp-not-next-seat"),
        ({"kind": "discard", "seat": 1, "cards": ["d5"]}, "zp-offer-pending"),
        ({"kind": "draw", "seat": 2}, "zp-offer-pending"),
        ({"kind": "wei", "seat": 1, "cards": ["x3"] * 3}, "zp-not-own-draw"),
        ({"kind": "pao", "seat": 2, "cards": ["x3"] * 4}, "zp-not-in-hand"),
        ({"kind": "hu", "seat": 2, "cards": ["x3"]}, "zp-no-win-on-discard"),
        ({"kind": "hu", "seat": 0, "cards": ["x3"]}, "zp-no-win-on-discard"),
        ({"kind": "pass", "seat": 2}, "zp-nothing-to-pass"),
        ({"kind": "chi", "seat": 5, "cards": ["x1", "x2", "x3"]}, "zp-no-such-seat"),
        ({"kind": "fly", "seat": 1}, "zp-no-such-action"),
        ({"kind": "chi", "seat": 1, "cards": ["x2", "x3", "x4"]}, "zp-not-in-hand"),
    ],
)
def test_try_answers_with_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, trial: dict[str, Any], code: str
) -> None:
    out = options(capsys, tmp_path, {**DISCARD, "try": trial})
    assert out["to_move"] == 1 and out["stage"] == "chi"
    assert out["try"]["legal"] is False
    assert out["try"]["reason"]["code"] == code and out["try"]["reason"]["message"]


def test_try_in_play_names_the_missing_offer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pos = position(["x1 x2 d5", "x3 x4", "x5"], phase="play", must_discard=True)
    pos["try"] = {"kind": "peng", "seat": 2, "cards": ["x5"] * 3}
    out = options(capsys, tmp_path, pos)
    assert out["try"]["reason"]["code"] == "zp-no-offer"
    assert out["seats"][1]["reason"]["code"] == "zp-not-your-turn"


@pytest.mark.parametrize(
    ("phase", "trial", "code"),
    [
        # between offers nothing is on offer to pass or to win on
        ("play", {"kind": "pass", "seat": 2}, "zp-no-offer"),
        ("play", {"kind": "hu", "seat": 1}, "zp-no-offer"),
        # nobody turns a card before seat 0's discard, nobody discards before the turn
        ("play", {"kind": "draw", "seat": 1}, "zp-discard-next"),
        ("draw", {"kind": "discard", "seat": 2, "cards": ["x5"]}, "zp-stock-next"),
        # a card the seat does not hold, whoever's turn it is
        ("play", {"kind": "discard", "seat": 2, "cards": ["d9"]}, "zp-not-in-hand"),
        # the seat could discard x5 on its turn: only then is it "not your turn"
        ("play", {"kind": "discard", "seat": 2, "cards": ["x5"]}, "zp-not-your-turn"),
    ],
)
def test_try_between_offers_names_the_rule(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    phase: str,
    trial: dict[str, Any],
    code: str,
) -> None:
    pos = position(["x1 x2 d5", "x3 x4", "x5"], phase=phase, must_discard=phase == "play")
    out = options(capsys, tmp_path, {**pos, "try": trial})
    assert out["try"]["legal"] is False
    assert out["try"]["reason"]["code"] == code and out["try"]["reason"]["message"]


def test_every_seat_answered_with_a_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = options(capsys, tmp_path, DISCARD)
    assert [len(s["actions"]) > 0 for s in out["seats"]] == [False, True, False]
    assert out["seats"][0]["reason"]["code"] == "zp-no-claim"
    assert out["seats"][2]["reason"]["code"] == "zp-no-claim"
    assert "Seat 1" in out["seats"][2]["reason"]["message"]
    assert split_code(out["code"]).variant == "hunan"


def test_an_offer_nobody_may_take_is_explained(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pos = position(["x9 d2", "d5 d6", "d7 d8"], offer=("x3", 0, "discard"))
    out = options(capsys, tmp_path, pos)
    assert out["to_move"] is None and out["stage"] is None
    for seat in out["seats"]:
        assert seat["actions"] == []
        assert seat["reason"]["code"] == "zp-offer-unclaimed"
        assert seat["reason"]["params"] == {"card": "x3", "seat": 0, "next": 1}


def test_lower_priority_and_already_passed() -> None:
    st = from_json(position(["x4 d9", "x5 x6 d1 d2", "x7 x7 d3 d4"], offer=("x7", 0, "draw")))
    why = HUNAN.why_illegal(st, Action("chi", 1, ("x5", "x6", "x7")))
    assert why is not None and why.code == "lower-priority"
    assert HUNAN.no_action_reason(st, 1).code == "lower-priority"
    passed = HUNAN.apply(st, Action("pass", 2))
    why = HUNAN.why_illegal(passed, Action("peng", 2, ("x7",) * 3))
    assert why is not None and why.code == "zp-already-passed"
    wrong = HUNAN.why_illegal(st, Action("peng", 2, ("x7",)))
    assert wrong is not None and wrong.code == "zp-bad-cards"


# --------------------------------------------------------------------------- the interface


@pytest.mark.parametrize("game", [HUNAN, GUILIN], ids=["hunan", "guilin"])
def test_a_game_object_per_variant(game: Game[Any, Any]) -> None:
    state = game.new_deal(game.default_rules, random.Random(3))
    seat = game.to_act(state)
    assert seat is not None
    holding = game.seat_holding(state, seat)
    assert holding is not None and holding.size in (20, 21, 22)
    assert game.check_invariants(state) is None
    assert game.player().name == "simple"
    assert game.read_position(game.to_json(state), {}) == state


def test_analyze_is_typed_and_says_why_not() -> None:
    rules = HUNAN.default_rules
    hand = "x2 x7 x10 x2 x3 x4 x7 x8 x9 d4 d5 d6 d5 d6 d7 d1 d1 x1 d9 d9 d9"
    low = HUNAN.analyze(HUNAN.holding(hand, (), {}, rules), rules)
    assert isinstance(low, Analysis) and low.complete and not low.win
    assert low.reason is not None and low.reason.code == "zp-below-minimum"
    broken = hand.replace("d9 d9 d9", "d9 d9 d8")
    out = HUNAN.analyze(HUNAN.holding(broken, (), {}, rules), rules)
    assert not out.complete and out.reason is not None and out.reason.code == "zp-not-complete"


def test_cli_deal_apply_decode(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["deal", "guilin", "--seed", "5"]) == 0
    dealt = json.loads(capsys.readouterr().out)
    code = dealt["code"]
    seat, legal = next((int(s), a) for s, a in dealt["legal"].items() if a)
    doc = {"position": code, "actions": [legal[0]]}
    path = tmp_path / "apply.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["apply", "guilin", "--position", str(path)]) == 0
    applied = json.loads(capsys.readouterr().out)
    assert applied["stopped"] is None and applied["code"] != code
    assert main(["decode", "guilin", "--code", applied["code"]]) == 0
    decoded = json.loads(capsys.readouterr().out)
    assert decoded["position"] == applied["position"]
    view_code = GUILIN.encode_view(GUILIN.decode(applied["code"]), seat)
    assert main(["decode", "guilin", "--code", view_code]) == 0
    assert json.loads(capsys.readouterr().out)["view"]["viewer"] == seat


# --------------------------------------------------------------------------- the position code


def test_code_round_trip_with_every_memory() -> None:
    pos = position(
        ["x1 x2 d9", "x4 x5 d7 d6", "x10"],
        [
            [("peng", "x7 x7 x7"), ("chi", "d1 d2 d3")],
            [("wei", "x6 x6 x6")],
            [("ti", "d5 d5 d5 d5")],
        ],
        offer=("x3", 0, "draw"),
        passed=[("peng", 2)],
        stock="x8 x9 d10",
        chou0="x3 d4",
        refused_peng1="x2",
        thrown2="d8",
        pile1="d8",
        options={"min_huxi": "10", "yiwushi": "on"},
    )
    pos["seats"][1]["chou_hu"] = [["d5", 12], ["x3", 9]]
    state = from_json(pos)
    code = HUNAN.encode(state)
    assert code.startswith("v1~hunan~min_huxi-10.yiwushi-yes~offer.turn0.dealer0.liangx1")
    assert "peng-x7_chi-d1d2d3" in code and "chouhu-d5-12.chouhu-x3-9" in code
    assert HUNAN.decode(code) == state


def test_guilin_code_uses_its_names() -> None:
    state = from_json(
        position(
            ["x1", "x2", "x3"],
            [[("sao", "x6 x6 x6"), ("kaiduo", "x9 x9 x9 x9")], (), ()],
            phase="draw",
            variant="guilin",
        )  # fmt: skip
    )
    code = GUILIN.encode(state)
    assert "sao-x6_kaiduo-x9" in code
    assert GUILIN.decode(code) == state
    view = GUILIN.encode_view(state, 1)
    assert "sao-h_kaiduo-x9" in view
    assert GUILIN.decode_view(view) == GUILIN.view(state, 1)


@pytest.mark.parametrize(
    "code",
    [
        "",
        "v1",
        "v1~hunan~-~nonsense",
        "v1~guilin~-~play.turn0.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~min_huxi-7~play.turn0.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~play.turn5.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~play.turn0.dealer0.liangx1.moves0~x1x1x1x1x1.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~play.turn0.dealer0.liangx1.moves0~x11.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~play.turn0.dealer0.liangx1.moves0~-.peng-x1x2.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~play.turn0.dealer0.liangx1.moves0~-.wei-h.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~offer.turn0.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~play.turn0.dealer0.liangx1.moves0~h3.-.-~-.-.-~-.-.-~-~-~-",
        "v1s1~hunan~-~play.turn0.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~-",
        "v2~hunan~-~play.turn0.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~-",
        "v1~hunan~-~over.turn0.dealer0.liangx1.moves0~-.-.-~-.-.-~-.-.-~-~-~win0.hu.groups-fly-x1",
    ],
)
def test_bad_codes_say_what_is_wrong(code: str) -> None:
    with pytest.raises(EngineError) as exc:
        HUNAN.decode(code)
    assert exc.value.code == "bad-code" and exc.value.params["detail"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="v1s0~hunaguil-.xd0123456789_hptowerfsacdi", max_size=120))
def test_decoding_junk_raises_only_bad_code(code: str) -> None:
    for read in (HUNAN.decode, HUNAN.decode_view, GUILIN.decode):
        try:
            read(code)
        except EngineError as exc:
            assert exc.code == "bad-code"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["hunan", "guilin"]), st.integers(0, 80))
def test_mutated_codes_raise_only_bad_code(seed: int, variant: str, steps: int) -> None:
    game = find_game(variant)
    rng = random.Random(seed)
    state = game.new_deal(game.default_rules, rng)
    for _ in range(steps):
        seat = game.to_act(state)
        if seat is None:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state, seat)))
    code = game.encode(state)
    for _ in range(10):
        i = rng.randrange(len(code))
        junk = code[:i] + rng.choice("x1d0-._~h") + code[i + 1 :]
        try:
            game.decode(junk)
        except EngineError as exc:
            assert exc.code == "bad-code"


def test_seat_view_round_trip_during_play() -> None:
    rng = random.Random(11)
    for game in (HUNAN, GUILIN):
        state = game.new_deal(game.default_rules, rng)
        player = game.player()
        while True:
            for seat in range(3):
                view = game.view(state, seat)
                assert isinstance(view, View)
                assert game.decode_view(game.encode_view(state, seat)) == view
            if game.is_over(state):
                break
            seat = game.to_act(state)
            assert seat is not None
            state = game.apply(
                state, player.choose(state, seat, game.legal_actions(state, seat), rng)
            )
        assert game.outcome(state) == game.view(state, 0).outcome


def test_states_and_results_pickle_and_copy() -> None:
    import copy
    import pickle

    rng = random.Random(2)
    state = HUNAN.new_deal(HUNAN.default_rules, rng)
    player = HUNAN.player()
    while not HUNAN.is_over(state):
        seat = HUNAN.to_act(state)
        assert seat is not None
        legal = HUNAN.legal_actions(state, seat)  # fills the state's caches
        assert pickle.loads(pickle.dumps(state)) == state and copy.deepcopy(state) == state
        state = HUNAN.apply(state, player.choose(state, seat, legal, rng))
    view = HUNAN.view(state, 0)
    assert pickle.loads(pickle.dumps(view)) == view


def test_a_seat_kept_from_the_card_by_its_memory_is_told_so() -> None:
    chou = from_json(
        position(["x1 x2 d9", "x4 x5 d7 d6", "x10"], offer=("x3", 0, "draw"), chou0="x3")
    )
    reason = HUNAN.no_action_reason(chou, 0)
    assert reason.code == "chou-card" and reason.params == {"card": "x3"}
    wait = "x1 x2 x3 d1 d2 d3 x4 x5 x6 d4 d6 x9 x9"
    melds: list[Any] = [(), [("pao", "d10 d10 d10 d10"), ("peng", "d9 d9 d9")], ()]
    pos = position(["d7 d8", wait, "d4"], melds, offer=("d5", 2, "draw"))
    pos["seats"][1]["chou_hu"] = [["d5", 12]]
    assert HUNAN.no_action_reason(from_json(pos), 1).code == "zp-chou-hu"


# -- the teaching's surface: the family reached through its game -------------------------


def test_zipai_game_is_the_registered_game_typed_as_the_family() -> None:
    from app.engine.zipai.game import ZipaiGame, zipai_game

    for name in ("hunan", "跑胡子", "guilin", "dazipai"):
        game = zipai_game(name)
        assert isinstance(game, ZipaiGame) and game is find_game(name)
    with pytest.raises(TypeError):
        zipai_game("chuanpai")


def test_the_teaching_surface_gives_the_engines_own_values() -> None:
    from app.engine.zipai import bi, cards, melds, offers, winning
    from app.engine.zipai import settle as settling
    from app.engine.zipai import state as states
    from app.engine.zipai.game import zipai_game

    game = zipai_game("hunan")
    assert game.cards.TOKENS is cards.TOKENS and game.cards.TOKEN_INDEX is cards.TOKEN_INDEX
    assert game.melds.KIND_ALIASES is melds.KIND_ALIASES and game.melds.PENG == melds.PENG
    assert all(game.cards.is_big(c) == cards.is_big(c) for c in range(cards.KINDS))
    assert game.melds.chi_shapes(3, False) == bi.chi_shapes(3, False)
    assert [game.mingtang(r) for r in range(21)] == [settling.mingtang(r) for r in range(21)]
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_deal(game.default_rules, rng, rng.randrange(3))
        while not game.is_over(state) and state.phase != "offer":
            seat = game.to_act(state)
            assert seat is not None
            state = game.do(state, rng.choice(game.legal_actions(state, seat)))
        if state.offer is None:
            continue
        assert game.decider(state) == offers.decider(state)
        assert list(game.candidates(state, True)) == list(offers.candidates(state, True))
        for t in range(3):
            assert game.hu_points(state, t, state.offer) == winning.hu_points(state, t, state.offer)
        seat0 = game.seat_evolve(state.seats[0], pile=())
        assert seat0 == states.seat_evolve(state.seats[0], pile=())
        assert game.evolve(state, seats=game.with_seat(state, 0, seat0)).seats[0] is seat0
