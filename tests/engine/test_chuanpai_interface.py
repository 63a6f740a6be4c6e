"""Both 川牌 games on the one Game interface: every seat answered, ``try`` judged by the
rule that forbids it, seat views that hide what they must, codes that never crash."""

import io
import json
import random
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.chuanpai.cards import counts_of, parse_tokens
from app.engine.chuanpai.pairing import GAME as PAIRING
from app.engine.chuanpai.pairing import PairingRules, PairingState, SeatState
from app.engine.chuanpai.tricks import GAME as TRICKS
from app.engine.cli import main
from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.game import IllegalAction
from app.engine.core.registry import find_game

# A 4-seat claim: seat 2 discarded 16; seat 0 may 碰 it (forced), nobody else may use it.
CLAIM = (
    "v1~chuanpai~-~claim.d0.t2.l4.c16.s2.q0g~1114151616444446465555.an666666.an1212ty"
    "~1315222224252636555566.an353535.jier1315.P7~1313142224263545455656.an333333."
    "yan162534.P7~152223232424263334364445464656.P7~cs11261423255611363411451423344436~25"
)
# Seat 0 led 地八 (11 35), seat 1 covered 23 56; seat 2 plays.
TRICK = (
    "v1~chuanpai-tricks~-~play.d0.l0.t2.n3~151516222325252534354546464655565666."
    "p121236366666~13222225262633333333343545455555.p12122424~111314152223262634343536"
    "3644444546555666.p24244444~131314151111161616231414~0p1135.1c2356"
)


def cli(*argv: str) -> tuple[int, dict[str, Any]]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(argv))
    return code, json.loads(buf.getvalue())


def options(tmp_path: Path, variant: str, doc: dict[str, Any]) -> dict[str, Any]:
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(doc), "utf-8")
    code, out = cli("options", variant, "--position", str(pos))
    assert code == 0, out
    return out


def test_registry_gives_the_games() -> None:
    assert find_game("挤儿") is PAIRING and find_game("天九") is TRICKS


def test_options_answers_every_seat_with_a_reason(tmp_path: Path) -> None:
    out = options(tmp_path, "chuanpai", {"code": CLAIM})
    assert out["seat"] == 0 and [a["kind"] for a in out["actions"]] == ["peng"]
    reasons = {s["seat"]: s.get("reason", {}).get("code") for s in out["seats"]}
    assert reasons == {0: None, 1: "cp-cannot-use", 2: "cp-own-discard", 3: "cp-cannot-use"}
    assert all(s["reason"]["message"] for s in out["seats"] if s["seat"])


@pytest.mark.parametrize(
    ("action", "code"),
    [
        # seat 3 holds no 16: the 碰 could never be taken, whoever's turn it is
        (Action("peng", 3, ("16", "16", "16")), "cp-no-such-card"),
        # seat 2 discarded the 16 itself
        (Action("bai", 2, ("14", "16")), "cp-own-discard"),
        # a discard while a card is on offer is never possible, whoever's turn it is
        (Action("discard", 1, ("13",)), "cp-card-on-offer"),
        (Action("discard", 0, ("11",)), "cp-card-on-offer"),
        (Action("hu", 0), "cp-card-on-offer"),
        (Action("draw", 2), "cp-no-such-action"),
        # seat 0 must take: passing breaks 能吃必须吃 / 齐头
        (Action("pass", 0, ("16",)), "cp-must-take"),
        (Action("peng", 9, ("16", "16", "16")), "cp-no-such-seat"),
    ],
)
def test_try_names_the_rule(tmp_path: Path, action: Action, code: str) -> None:
    out = options(tmp_path, "chuanpai", {"code": CLAIM, "try": action.to_json()})
    assert out["try"]["legal"] is False and out["try"]["reason"]["code"] == code


def test_a_later_claim_waits() -> None:
    # seat 0 discards 55: seat 2 may 碰 it (group claims first), seat 1 may 摆 it with 46
    state = _table(["55 66", "46 11", "55 55 13"])
    after = PAIRING.apply(state, Action("discard", 0, ("55",)))
    assert PAIRING.to_act(after) == 2
    reason = PAIRING.why_illegal(after, Action("bai", 1, ("46", "55")))
    assert reason is not None and reason.code == "cp-claim-waits"
    assert reason.params == {"seat": 1, "card": "55", "to_act": 2}
    assert PAIRING.no_action_reason(after, 1).code == "cp-claim-waits"
    with pytest.raises(IllegalAction) as exc:
        PAIRING.apply(after, Action("bai", 1, ("46", "55")))
    assert exc.value.reason.code == "cp-claim-waits"


def _table(hands: list[str]) -> PairingState:
    n = len(hands)
    seats = tuple(SeatState(tuple(counts_of(parse_tokens(h, "pairing")))) for h in hands)
    return PairingState(PairingRules(players=n), 0, seats, ("11",), phase="self", lay_done=n)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action("cover", 1, ("13",)), "cp-tj-played"),  # seat 1 has played to this trick
        (Action("lead", 2, ("66",)), "cp-tj-follow"),  # a trick is on: no lead
        (Action("pass", 2), "cp-tj-no-pass"),  # no passing in 天九
        (Action("beat", 2, ("66",)), "cp-tj-wrong-count"),  # 地八 is two cards
        (Action("cover", 2, ("99",)), "cp-no-such-card"),
    ],
)
def test_tricks_try_names_the_rule(tmp_path: Path, action: Action, code: str) -> None:
    out = options(tmp_path, "chuanpai-tricks", {"code": TRICK, "try": action.to_json()})
    assert out["try"]["reason"]["code"] == code


def test_tricks_other_seat_must_beat_before_its_turn() -> None:
    # seat 1 (not yet played) covers a 四六 lead although its 天牌 beats it
    state = TRICKS.read_position({"hand": "天牌 梅子 红五", "trick": ["四六"]}, {})
    assert TRICKS.to_act(state) == 1
    reason = TRICKS.why_illegal(state, Action("cover", 1, ("14",)))
    assert reason is not None and reason.code == "cp-tj-must-beat"


def test_tricks_every_seat_answered(tmp_path: Path) -> None:
    out = options(tmp_path, "chuanpai-tricks", {"code": TRICK})
    reasons = {s["seat"]: s.get("reason", {}).get("code") for s in out["seats"]}
    assert reasons == {0: "cp-tj-played", 1: "cp-tj-played", 2: None}


def test_tricks_has_no_waits() -> None:
    holding = TRICKS.holding("天牌 天牌")
    with pytest.raises(EngineError) as exc:
        TRICKS.waits(holding, TRICKS.default_rules)
    assert exc.value.code == "unsupported-verb"
    assert exc.value.params == {"verb": "waits", "variant": "chuanpai-tricks"}


def test_in_hand_is_a_context_option() -> None:
    assert TRICKS.split_options({"in_hand": "5", "fan": "none"}) == (
        {"fan": "none"},
        {"in_hand": "5"},
    )
    pile = "天牌 地牌 人牌 和牌 梅子 " * 3
    res = TRICKS.analyze(TRICKS.holding(pile, context={"in_hand": "5"}), TRICKS.default_rules)
    assert res.extra["tuoshou"] is True and not res.win


# -- seat views ------------------------------------------------------------------------


def test_pairing_view_hides_hands_an_and_memory() -> None:
    state = PAIRING.decode(CLAIM)
    view = PAIRING.view(state, 1)
    other = view.seats[0]
    assert other.hand is None and other.hand_size == 11
    assert [(m.kind, m.cards, m.hidden) for m in other.melds] == [("an", (), 3), ("an", (), 3)]
    assert "passed" not in view.seats[2].extra and view.seats[2].melds[1].cards
    own = view.seats[1]
    assert own.hand is not None and own.extra["passed"] == (7,)
    assert view.stock is None and view.stock_size == 17
    assert view.offer is not None and view.offer.card == "16" and view.offer.source == "discard"
    code = PAIRING.encode_view(state, 1)
    assert code.startswith("v1s1~") and "h11.anh3.anh3" in code
    assert PAIRING.decode_view(code) == view


def test_tricks_view_hides_other_covers() -> None:
    state = TRICKS.decode(TRICK)
    for seat, cards in ((0, ()), (1, ("23", "56")), (2, ())):
        play = TRICKS.view(state, seat).extra["trick"][1]
        assert play["covered"] and play["cards"] == cards and play["hidden"] == 2 - len(cards)
    assert TRICKS.view(state, 0).extra["covered_count"] == 12
    assert "covered" not in TRICKS.view(state, 0).extra


# -- codes ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["chuanpai", "chuanpai-tricks"])
def test_cli_encode_decode_round_trip(tmp_path: Path, variant: str) -> None:
    code, dealt = cli("deal", variant, "--seed", "4")
    assert code == 0
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(dealt["position"]), "utf-8")
    code, enc = cli("encode", variant, "--position", str(pos))
    assert code == 0 and enc["code"] == dealt["code"]
    code, dec = cli("decode", variant, "--code", enc["code"])
    assert code == 0 and dec["position"] == dealt["position"]


@pytest.mark.parametrize(
    "code",
    [
        "v1~chuanpai~-~lay.d0.t0~-~-~-",  # too few sections for 4 players
        "v1~chuanpai~-~dance.d0.t0~-~-~-~-~-~-",
        "v1~chuanpai~-~lay.d0~-~-~-~-~-~-",  # no turn
        "v1~chuanpai~-~lay.d0.t9~-~-~-~-~-~-",
        "v1~chuanpai~-~lay.d0.t0~1177~-~-~-~-~-",
        "v1~chuanpai~-~lay.d0.t0~666666666666~-~-~-~-~-",  # six 天牌
        "v1~chuanpai~-~claim.d0.t0~-~-~-~-~-~-",  # a claim with nothing on offer
        "v1~chuanpai~qitou-maybe~lay.d0.t0~-~-~-~-~-~-",
        "v1~chuanpai~-~lay.d0.t0~-.an6666~-~-~-~-~-",
        "v1~chuanpai-tricks~-~play.d0.l0.t0~cs~-~-~-~-",
        "v1~chuanpai-tricks~-~play.d0.l0.t0~-~-~-~-~0c11",  # the lead covered
        "v2~chuanpai~-~lay.d0.t0~-~-~-~-~-~-",
    ],
)
def test_bad_codes_say_what_is_wrong(code: str) -> None:
    game = find_game(code.split("~")[1])
    with pytest.raises(EngineError) as exc:
        game.decode(code)
    assert exc.value.code == "bad-code" and exc.value.params["detail"]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mangled_codes_decode_or_say_bad_code(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from([PAIRING, TRICKS]))
    rng = random.Random(data.draw(st.integers(0, 50)))
    state = game.new_deal(game.default_rules, rng)
    for _ in range(data.draw(st.integers(0, 60))):
        if game.is_over(state):
            break
        to_act = game.to_act(state)
        state = game.apply(state, rng.choice(game.legal_actions(state, to_act)))
    seat = data.draw(st.integers(0, 2))
    code = data.draw(st.sampled_from([game.encode(state), game.encode_view(state, seat)]))
    i = data.draw(st.integers(0, len(code) - 1))
    j = data.draw(st.integers(i, min(len(code), i + 6)))
    junk = data.draw(st.text("0123456789abchsgpqtx._~-GPUX", max_size=6))
    mangled = code[:i] + junk + code[j:]
    try:
        if mangled.startswith("v1s"):
            game.decode_view(mangled)
            return
        decoded = game.decode(mangled)
    except EngineError as exc:
        assert exc.code == "bad-code"
        return
    seat = game.to_act(decoded)  # a position that decodes can be played from
    if seat is not None:
        for action in game.legal_actions(decoded, seat):
            game.apply(decoded, action)
    assert game.decode_view(game.encode_view(decoded, 0)) == game.view(decoded, 0)
