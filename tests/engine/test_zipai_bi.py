"""吃 with 比牌: the seed's two worked examples, to the letter, and the refusals."""

from __future__ import annotations

import pytest

from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.zipai.cards import parse_cards, tokens
from app.engine.zipai.machine import apply, legal_actions
from app.engine.zipai.samples import position
from app.engine.zipai.serial import from_json
from app.engine.zipai.state import State


def chi_state(hand: str, card: str, variant: str = "hunan") -> State:
    """Seat 0 discarded ``card``; seat 1 (its next seat) holds ``hand`` and has passed any 碰."""
    pos = position(
        ["x9", hand, "d9"],
        offer=(card, 0, "discard"),
        passed=[("peng", 1)],
        variant=variant,
    )
    return from_json(pos)


def t(text: str) -> tuple[str, ...]:
    return tuple(sorted(tokens(parse_cards(text))))


def options(state: State) -> set[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    out = set()
    for a in legal_actions(state, 1):
        if a.kind == "chi":
            bi = tuple(sorted(tuple(sorted(g)) for g in a.params.get("bi", ())))
            out.add((tuple(sorted(a.cards)), bi))
    return out


# Example 1: 二、三 eat 一 while another 一 is in hand: that 一 must be laid out too,
# as 一一壹, 一壹壹 or 一二三, whichever the hand allows; if it cannot, no 吃.
@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("x1 x2 x3 x2 x3 d5 d6", {(t("x1 x2 x3"), (t("x1 x2 x3"),))}),
        (
            "x1 x2 x3 d1 d1 d5 d6",
            {
                (t("x1 x2 x3"), (t("x1 d1 d1"),)),
                (t("x1 d1 d1"), (t("x1 x2 x3"),)),
                (t("x1 x1 d1"), ()),  # the hand's 一 goes into the 吃 itself: nothing left to 比
            },
        ),
        ("x1 x2 x3 d5 d6", set()),  # the other 一 cannot be laid out: no 吃 at all
    ],
)
def test_example_1(hand: str, expected: set[object]) -> None:
    assert options(chi_state(hand, "x1")) == expected


def test_example_1_refusals() -> None:
    st = chi_state("x1 x2 x3 x2 x3 d5 d6", "x1")
    with pytest.raises(IllegalAction) as exc:
        apply(st, Action("chi", 1, ("x1", "x2", "x3")))
    assert exc.value.reason.code == "must-bi"
    assert exc.value.reason.params == {"card": "x1", "count": 1}
    st2 = chi_state("x1 x2 x3 d5 d6", "x1")
    with pytest.raises(IllegalAction) as exc:
        apply(st2, Action("chi", 1, ("x1", "x2", "x3")))
    assert exc.value.reason.code == "zp-cannot-bi"


EXAMPLE_2 = (
    "x1 x2 x2 x3 x3 x4 d2 d2 d5 d6"  # 小1, 两张小2, 两张小3, 小4, 两张大2 (+ 伍陆 to discard)
)


@pytest.mark.parametrize(
    ("group", "bis"),
    [
        # 用两张大2吃: 吃 小2大2大2, 比 小1小2小3, 再比 小2小3小4 (order free)
        ("x2 d2 d2", ("x1 x2 x3", "x2 x3 x4")),
        # 用小1和小3吃: 吃 小1小2小3, 比 小2小2大2, done in one
        ("x1 x2 x3", ("x2 x2 d2",)),
        # ... or 比 小2大2大2, then 小2小3小4
        ("x1 x2 x3", ("x2 d2 d2", "x2 x3 x4")),
    ],
)
def test_example_2(group: str, bis: tuple[str, ...]) -> None:
    st = chi_state(EXAMPLE_2, "x2")
    assert (t(group), tuple(sorted(t(b) for b in bis))) in options(st)
    for order in (bis, tuple(reversed(bis))):
        action = Action("chi", 1, t(group), params={"bi": [list(t(b)) for b in order]})
        after = apply(st, action)
        seat = after.seats[1]
        assert seat.hand[1] == 0  # every 小2 is laid out
        assert len(seat.melds) == 1 + len(bis)


def test_example_2_every_option_lays_out_all_small_twos() -> None:
    st = chi_state(EXAMPLE_2, "x2")
    opts = options(st)
    assert len(opts) >= 3
    for group, bis in opts:
        used = list(group) + [c for g in bis for c in g]
        assert used.count("x2") == 3  # the eaten one and both from the hand


def test_example_2_half_a_bi_is_refused() -> None:
    st = chi_state(EXAMPLE_2, "x2")
    with pytest.raises(IllegalAction) as exc:
        apply(st, Action("chi", 1, t("x2 d2 d2"), params={"bi": [list(t("x1 x2 x3"))]}))
    assert exc.value.reason.code == "must-bi"
    with pytest.raises(IllegalAction) as exc:
        apply(st, Action("chi", 1, t("x2 d2 d2"), params={"bi": [list(t("x3 x4 d5"))]}))
    assert exc.value.reason.code == "zp-bad-bi"


def test_kan_cards_may_not_be_used() -> None:
    st = chi_state("x1 x1 x1 x3 d5 d6", "x2")
    with pytest.raises(IllegalAction) as exc:
        apply(st, Action("chi", 1, t("x1 x2 x3")))
    assert exc.value.reason.code == "breaks-kan"
    assert options(st) == set()


def test_the_refusal_names_only_the_cards_of_the_kan() -> None:
    """A 吃 of 二 with one 二 and a 贰 from a 坎 of 贰: only the 贰 belong to a kan."""
    st = chi_state("x2 d2 d2 d2 x5 d6", "x2")
    with pytest.raises(IllegalAction) as exc:
        apply(st, Action("chi", 1, t("x2 x2 d2")))
    assert exc.value.reason.code == "breaks-kan"
    assert exc.value.reason.params["cards"] == ["d2"]
