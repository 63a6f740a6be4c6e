"""Refusals name the rule that forbids an action, not merely "not your turn"; a seat with
nothing to do is told why; ``options`` answers every seat and reads a ``try``."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from app.engine.cli import run
from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.nantong.cards import counts_of, deck, parse_cards, token
from app.engine.nantong.game import GAME
from app.engine.nantong.position import to_json
from app.engine.nantong.state import State

WAITING = "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 6w 7w 8w 9w 1w 2w 3w bh bh"  # wants 5w
WAITING_TOO = "1b 2b 3b 4b 5b 6b 7b 8b 9b 7t 8t 9t 4w 6w 7w 8w 9w 1w 2w 3w bh bh"  # 5w
DEALER = "5w 5w 5w qz qz qz hh hh hh 4b 4b 4b 6b 7b 8b 7t 8t 5t 5b 6b 2w 3w 4w"
OTHER = "1t 1t 2t 2t 3t 3t 4t 4t 6t 6t 7t 7t 8t 8t 9t 9b 9b 9b 8w 8w 8w 2b"
PENG_5W = "5w 5w 1t 1t 1t 2t 2t 2t 3t 3t 3t 4t 4t 4t 6t 6t 6t 9b 9b 9b 8w 8w"


def position(hands: dict[int, str], melds: dict[int, list[str]] | None = None, **kw: Any) -> State:
    """A position in the short JSON form: the stock holds every card not placed."""
    rest = counts_of(deck())
    laid = [m.split(":")[1] for ms in (melds or {}).values() for m in ms]
    placed = [*hands.values(), "2t 3w", *laid]
    for k in parse_cards(" ".join(placed)):
        rest[k] -= 1
    data = {
        "dealer": 0,
        "stock": [token(k) for k in range(30) for _ in range(rest[k])],
        "generals": ["2t", "3w"],
        "hands": [hands.get(x, "").split() for x in range(4)],
        "melds": [[_meld(m) for m in (melds or {}).get(x, [])] for x in range(4)],
        "discards": [[], [], [], []],
        "phase": "turn",
        "turn": 0,
        "baoting": [False] * 4,
        "has_discarded": [False] * 4,
        **kw,
    }
    return GAME.read_position(data, {})


def _meld(text: str) -> dict[str, Any]:
    made, cards = text.split(":")
    return {"made": made, "card": cards.split(",")[0], "held": len(cards.split(","))}


def refused(s: State, a: Action) -> str:
    """The reason code of a refused action (``apply`` gives the same)."""
    reason = GAME.why_illegal(s, a)
    assert reason is not None, f"{a} is legal"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, a)
    assert exc.value.reason == reason
    return reason.code


START = position({0: DEALER, 1: WAITING, 2: OTHER})  # the dealer's first turn


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action("chi", 1, ("1t", "2t", "3t")), "nt-no-chi"),
        (Action("discard", 3, ("1t",)), "nt-sits-out"),  # 定醒
        (Action("discard", 7, ("1t",)), "nt-no-seat"),
        (Action("fly", 0), "nt-not-legal"),
        (Action("peng", 1, ("5w",) * 3), "nt-no-discard"),
        (Action("hu", 2, ("5w",)), "nt-no-discard"),
        (Action("pass", 1), "nt-no-discard"),
        (Action("pass", 0), "nt-must-discard"),
        (Action("baoting", 1), "nt-baoting-too-late"),
        (Action("baoting", 0), "nt-dealer-no-baoting"),
        (Action("discard", 1, ("1t",)), "nt-not-your-turn"),
        (Action("discard", 1, ("5w",)), "nt-not-in-hand"),  # not held: whoever's turn
        (Action("gang", 2, ("1t",) * 4), "nt-cannot-gang"),  # two 一条: no four
        (Action("hu", 1), "nt-no-discard"),  # only the seat on turn goes out on its own card
        (Action("discard", 0, ("1t",)), "nt-not-in-hand"),
        (Action("hu", 0), "nt-not-complete"),
        (Action("gang", 0, ("5w",) * 3), "nt-cannot-gang"),
    ],
)
def test_refusals_on_a_turn(action: Action, code: str) -> None:
    assert refused(START, action) == code


ON_OFFER = GAME.apply(START, Action("discard", 0, ("5w",)))  # seat 1 may 胡 on it


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action("peng", 0, ("5w",) * 3), "nt-own-discard"),
        (Action("peng", 2, ("5w",) * 3), "nt-cannot-peng"),
        (Action("peng", 1, ("1t",) * 3), "nt-cannot-peng"),  # not the card on offer
        (Action("pass", 2), "nt-nothing-to-claim"),
        (Action("hu", 2, ("5w",)), "nt-not-complete"),
        # nobody discards while a discard waits for its answers, the seat asked included
        (Action("discard", 2, ("1t",)), "nt-answer-discard"),
        (Action("discard", 1, ("1t",)), "nt-answer-discard"),
        (Action("gang", 1, ("1t",) * 4), "nt-answer-discard"),
        (Action("baoting", 2), "nt-baoting-too-late"),
    ],
)
def test_refusals_on_a_discard(action: Action, code: str) -> None:
    assert ON_OFFER.phase == "respond" and ON_OFFER.turn == 1
    assert refused(ON_OFFER, action) == code


def test_why_a_seat_has_nothing_to_do() -> None:
    why = {x: GAME.no_action_reason(ON_OFFER, x) for x in (0, 2, 3)}
    assert why[0].code == "nt-deciding-claim" and why[0].params == {"turn": 1, "card": "5w"}
    assert why[2].code == "nt-nothing-to-claim"
    assert why[3].code == "nt-sits-out"


def test_answering_twice_or_early() -> None:
    dealer = "qz qz qz hh hh hh 9t 9t 5t 5t 5t 4b 6b 5b 6b 7b 8b 7t 8t 3w 5w 1w 2w"
    waiting = "1b 2b 3b 4b 5b 6b 7b 8b 9b 7t 8t 9t 4w 6w 7w 8w 9w 1w 2w 3w bh bh"
    s = position({0: dealer, 1: PENG_5W, 2: waiting})
    s = GAME.apply(s, Action("discard", 0, ("5w",)))
    assert refused(s, Action("hu", 2, ("5w",))) == "nt-not-your-turn"  # asked after seat 1
    s = GAME.apply(s, Action("peng", 1, ("5w",) * 3))
    assert refused(s, Action("peng", 1, ("5w",) * 3)) == "nt-already-answered"
    assert GAME.no_action_reason(s, 1).code == "nt-already-answered"


def test_refusals_before_the_first_discard() -> None:
    s = position({0: DEALER, 1: WAITING, 2: OTHER}, phase="ting", turn=1)
    assert {a.kind for a in GAME.legal_actions(s, 1)} == {"baoting", "pass"}
    assert refused(s, Action("discard", 0, ("5w",))) == "nt-deciding-baoting"
    assert refused(s, Action("baoting", 2)) == "nt-not-waiting"
    assert refused(s, Action("peng", 2, ("5w",) * 3)) == "nt-no-discard"
    assert GAME.no_action_reason(s, 0).code == "nt-deciding-baoting"
    both = position({0: DEALER, 1: WAITING, 2: WAITING_TOO}, phase="ting", turn=1)
    after = GAME.apply(both, Action("pass", 1))
    assert after.phase == "ting" and after.turn == 2
    assert refused(after, Action("baoting", 1)) == "nt-already-decided"


def test_going_out_needs_a_new_card() -> None:
    complete = "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 5w 6w 7w 8w 9w bh bh"
    s = position({1: complete}, melds={1: ["peng:qz,qz,qz"]}, turn=1)
    assert refused(s, Action("hu", 1)) == "nt-hu-needs-card"  # after a 碰: discard first


def test_no_four_without_a_replacement_card() -> None:
    s = position({0: DEALER.replace("5b 6b", "5w 6b")})  # four 五万
    s = GAME.read_position({**to_json(s), "stock": []}, {})
    assert refused(s, Action("gang", 0, ("5w",) * 4)) == "nt-no-replacement"


def test_options_answers_every_seat_and_reads_a_try(tmp_path: pathlib.Path) -> None:
    doc = {**to_json(ON_OFFER), "try": {"kind": "peng", "seat": 2, "cards": ["5w"] * 3}}
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    res = run(["options", "nantong", "--position", str(path), "--lang", "zh"])
    assert [s["seat"] for s in res["seats"]] == [0, 1, 2, 3]
    assert {a["kind"] for a in res["seats"][1]["actions"]} == {"hu", "pass"}
    assert [s.get("reason", {}).get("code") for s in res["seats"]] == [
        "nt-deciding-claim",
        None,
        "nt-nothing-to-claim",
        "nt-sits-out",
    ]
    assert res["try"]["legal"] is False
    assert (
        res["try"]["reason"]["code"] == "nt-cannot-peng" and "5w" in res["try"]["reason"]["message"]
    )
    assert res["generals"] == ["2t", "3w"] and res["sits_out"] == 3
    assert GAME.decode(res["code"]) == ON_OFFER
