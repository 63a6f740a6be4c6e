"""The one-line position code: exact round trip, under 600 characters with every rule
set, seat views that hide what they must, and ``bad-code`` for anything unreadable."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.nantong.game import GAME
from app.engine.nantong.players import self_played
from app.engine.nantong.position import from_json, to_json
from app.engine.nantong.rules import Rules
from app.engine.nantong.state import State

RULE_SETS = [Rules(), Rules(generals=1), Rules(xi=True), Rules(generals=1, xi=True)]


def deal_states(rules: Rules, seed: int) -> list[State]:
    return self_played(rules, random.Random(seed), seed % 4)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["shuang", "dan", "xi", "dan-xi"])
def test_round_trip_and_length(rules: Rules) -> None:
    for seed in range(12):
        for s in deal_states(rules, seed):
            code = GAME.encode(s)
            assert len(code) < 600 and GAME.decode(code) == s, code
            assert from_json(to_json(s)) == s
            for seat in range(4):
                assert GAME.decode_view(GAME.encode_view(s, seat)) == GAME.view(s, seat)


def test_the_grammar() -> None:
    s = GAME.new_deal(Rules(generals=1, xi=True), random.Random(3), 1)
    head, variant, options, dealer, phase, generals, stock, *seats, offer = GAME.encode(s).split(
        "~"
    )
    assert (head, variant, options, dealer) == ("v1", "nantong", "generals-1.xi-yes", "1")
    assert phase == f"{s.phase}{s.turn}" and len(generals) in (2, 3)
    assert len(seats) == 4 and seats[0] == "-.-.-.-.-"  # seat 0 sits out (定醒)
    hand, melds, discards, marks, dealt = seats[1].split(".")
    assert hand == dealt and (melds, discards, marks, offer) == ("-", "-", "-", "-")


def test_a_discard_on_offer_and_the_claims() -> None:
    s = next(s for s in deal_states(Rules(), 5) if s.phase == "respond")
    offer = GAME.encode(s).split("~")[-1]
    assert offer.startswith(f"discard-{GAME.view(s, None).offer.card}.by-{s.discarder}")  # type: ignore[union-attr]


def test_a_seat_view_hides_the_other_hands_the_stock_and_their_draw() -> None:
    s = next(s for s in deal_states(Rules(), 2) if s.phase == "turn" and s.last_drawn is not None)
    mine, other = s.turn, s.next_player(s.turn)
    code = GAME.encode_view(s, other)
    assert split_code(code).viewer == other
    v = GAME.decode_view(code)
    assert v.stock is None and v.stock_size == len(s.stock)
    assert v.seats[mine].hand is None and v.seats[other].hand is not None
    assert (
        v.offer is not None and v.offer.card is None and v.offer.source in ("draw", "replacement")
    )
    assert GAME.decode_view(GAME.encode_view(s, mine)).offer.card is not None  # type: ignore[union-attr]


def test_others_answer_without_knowing() -> None:
    for s in deal_states(Rules(), 9) + deal_states(Rules(), 4):
        for seat in range(4):
            seen = GAME.view(s, seat).extra["claims"]
            assert all(c[0] == seat for c in seen)


def test_a_finished_deal_shows_everything() -> None:
    end = deal_states(Rules(), 1)[-1]
    v = GAME.decode_view(GAME.encode_view(end, 2))
    assert v.outcome == GAME.outcome(end) and all(sv.hand is not None for sv in v.seats)


def test_a_position_written_before_the_code_still_reads() -> None:
    end = next(e for e in (deal_states(Rules(), n)[-1] for n in range(40)) if e.discard is not None)
    old = {**to_json(end), "discard": None, "discarder": None, "turn": -1, "actions": 7}
    read = from_json(old)  # the card won on was kept in the result only
    assert read.discard == end.discard and GAME.outcome(read).how == "discard"  # type: ignore[union-attr]


GOOD = GAME.encode(deal_states(Rules(), 3)[20])


@pytest.mark.parametrize(
    ("code", "detail"),
    [
        ("v1~nantong~-~0", "section"),
        (GOOD.replace("v1~", "v9~"), "version"),
        (GOOD.replace("~nantong~", "~hunan~"), "hunan"),
        (GOOD.replace("~-~", "~colour-red~", 1), "colour"),
        (GOOD.replace("~turn", "~dance"), "phase"),
        (GOOD.replace("~turn", "~turn7"), "phase"),
        ("~".join(GOOD.split("~")[:-1] + ["draw-zz"]), "zz"),
        ("~".join(GOOD.split("~")[:-1] + ["fly-5w"]), "fly"),
        (GOOD.replace("1t", "fu", 1), "xi"),
        (GOOD.replace("~v1", "").replace("v1~", "v1s0~"), "seat view"),
        (GOOD + "!", "character"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, detail: str) -> None:
    with pytest.raises(EngineError) as exc:
        GAME.decode(code)
    assert exc.value.code == "bad-code" and detail in exc.value.params["detail"]


@settings(max_examples=300, deadline=None)
@given(at=st.integers(0, len(GOOD) - 1), text=st.text("0123456789abhtwzqPKMAL.-~", max_size=4))
def test_a_damaged_code_is_read_or_refused_as_bad_code(at: int, text: str) -> None:
    code = GOOD[:at] + text + GOOD[at + 1 :]
    for read in (GAME.decode, GAME.decode_view):
        try:
            read(code)
        except EngineError as exc:
            assert exc.code == "bad-code"


def test_a_decoded_position_plays_on_the_same() -> None:
    states = deal_states(Rules(xi=True), 6)
    s = GAME.decode(GAME.encode(states[len(states) // 2]))
    for seat in range(4):
        assert GAME.legal_actions(s, seat) == GAME.legal_actions(states[len(states) // 2], seat)
