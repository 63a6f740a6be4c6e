"""Hypothesis properties of the 字牌 engine."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.zipai.cards import TOKENS, cards_of
from app.engine.zipai.deal import deal
from app.engine.zipai.decompose import arrange, waits
from app.engine.zipai.machine import apply, find_legal, legal_actions
from app.engine.zipai.offers import to_move
from app.engine.zipai.reasons import REASON_CODES
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, ZipaiRules
from app.engine.zipai.samples import random_complete_hand
from app.engine.zipai.serial import from_json, to_json
from app.engine.zipai.state import State, check_invariants

GAMES = st.sampled_from(
    [
        HUNAN_RULES,
        GUILIN_RULES,
        HUNAN_RULES.with_options(
            {"yiwushi": "on", "win_on_discard": "on", "chou_hu": "off", "min_huxi": "6"},
        ),
        GUILIN_RULES.with_options({"yiwushi": "on", "xing": "gen"}),
    ]
)
SEEDS = st.integers(0, 2**32 - 1)


def random_walk(rules: ZipaiRules, rng: random.Random, steps: int) -> State:
    s = deal(rules, rng)
    for _ in range(steps):
        seat = to_move(s)
        if seat is None:
            break
        s = apply(s, rng.choice(legal_actions(s, seat)))
    return s


@settings(max_examples=80, deadline=None)
@given(GAMES, SEEDS)
def test_every_card_accounted_for_after_legal_actions(rules: ZipaiRules, seed: int) -> None:
    rng = random.Random(seed)
    s = deal(rules, rng)
    while s.phase != "over":
        assert check_invariants(s) is None
        seat = to_move(s)
        assert seat is not None
        acts = legal_actions(s, seat)
        assert acts, "a seat to move always has an action"
        s = apply(s, rng.choice(acts))
    assert check_invariants(s) is None
    assert from_json(to_json(s)) == s


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.booleans())
def test_every_wait_completes_the_hand(seed: int, yiwushi: bool) -> None:
    rng = random.Random(seed)
    full = random_complete_hand(rng)
    removed = rng.choice(cards_of(full))
    hand = list(full)
    hand[removed] -= 1
    found = waits(hand, (), yiwushi)
    assert removed in [c for c, _ in found] or arrange(full, (), yiwushi) is None
    for card, points in found:
        hand[card] += 1
        best = arrange(hand, (), yiwushi)
        hand[card] -= 1
        assert best is not None and best.points == points


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_arrangement_uses_exactly_the_cards(seed: int) -> None:
    counts = random_complete_hand(random.Random(seed))
    arr = arrange(counts, ())
    assert arr is not None and len(arr.melds) == 7
    used = [0] * 20
    for m in arr.melds:
        for c in m.cards:
            used[c] += 1
    assert used == counts
    assert arr.points == sum(m.points() for m in arr.melds)


KINDS = ["draw", "discard", "pass", "hu", "chi", "peng", "pao", "ti", "wei", "sao", "kaiduo", "xyz"]


@settings(max_examples=150, deadline=None)
@given(
    GAMES,
    SEEDS,
    st.integers(0, 60),
    st.sampled_from(KINDS),
    st.integers(0, 2),
    st.lists(st.sampled_from(TOKENS), max_size=4),
    st.lists(st.lists(st.sampled_from(TOKENS), min_size=3, max_size=3), max_size=2),
)
def test_illegal_actions_are_always_refused(
    rules: ZipaiRules,
    seed: int,
    steps: int,
    kind: str,
    seat: int,
    cards: list[str],
    bi: list[list[str]],
) -> None:
    s = random_walk(rules, random.Random(seed), steps)
    action = Action(kind, seat, tuple(cards), params={"bi": bi} if bi else {})
    if find_legal(s, action) is not None:
        after = apply(s, action)
        assert check_invariants(after) is None
        return
    try:
        apply(s, action)
    except IllegalAction as exc:
        assert exc.reason.code in REASON_CODES
    else:  # pragma: no cover - the property failing
        raise AssertionError(f"{action} was accepted")


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | st.sampled_from(["x1", "d10", "zz", "offer", "draw", "peng", ""]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "hand",
                    "melds",
                    "kind",
                    "cards",
                    "card",
                    "seat",
                    "source",
                    "passed",
                    "phase",
                    "turn",
                    "options",
                    "seats",
                    "offer",
                    "try",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON, st.sampled_from(["hunan", "guilin"]))
def test_options_never_crashes_on_junk(doc: object, variant: str) -> None:
    from app.engine.core.errors import EngineError
    from app.engine.core.registry import find_game

    game = find_game(variant)
    seats = [{"hand": "x1 x2"}, {"hand": "d3"}, {"hand": ""}]
    for position in (
        doc,
        {"seats": seats, "offer": doc},
        {"seats": seats, "try": doc},
        {"seats": doc},
    ):
        if not isinstance(position, dict):
            continue
        with contextlib.suppress(EngineError):
            _options(game, position)


def _options(game: Any, position: dict[str, Any]) -> None:
    """What the ``options`` verb asks of a game (reading the position may be refused)."""
    state = game.read_position(position, {})
    for seat in range(game.seats(state)):
        if not game.legal_actions(state, seat):
            game.no_action_reason(state, seat)
    game.describe(state)
    assert game.decode(game.encode(state)) == state
    trial = position.get("try")
    if isinstance(trial, dict) and "kind" in trial and "seat" in trial:
        with contextlib.suppress(TypeError, ValueError, AttributeError):
            action = Action.from_json(trial)
            game.why_illegal(state, action)


def _all_groups(yiwushi: bool) -> list[tuple[tuple[int, ...], int]]:
    from app.engine.zipai.melds import chi_shape, run_points

    out = []
    for a in range(20):
        for b in range(a, 20):
            for c in range(b, 20):
                if chi_shape((a, b, c), yiwushi):
                    out.append(((a, b, c), run_points((a, b, c), yiwushi)))
    return out


def _brute(
    counts: list[int], groups: list[tuple[tuple[int, ...], int]], start: int, pair: bool
) -> int | None:
    """Best points by trying every multiset of groups (plus one pair if ``pair``)."""
    if not any(counts):
        return None if pair else 0
    best = None
    if pair:
        for c in range(20):
            if counts[c] >= 2:
                counts[c] -= 2
                sub = _brute(counts, groups, 0, False)
                counts[c] += 2
                if sub is not None and (best is None or sub > best):
                    best = sub
    for i in range(start, len(groups)):
        cards, pts = groups[i]
        for c in cards:
            counts[c] -= 1
        if min(counts) >= 0:
            sub = _brute(counts, groups, i, pair)
            if sub is not None and (best is None or pts + sub > best):
                best = pts + sub
        for c in cards:
            counts[c] += 1
    return best


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.booleans(), st.booleans())
def test_decomposition_matches_brute_force(seed: int, pair: bool, yiwushi: bool) -> None:
    from app.engine.zipai.decompose import decomposer, pack

    rng = random.Random(seed)
    groups = _all_groups(yiwushi)
    counts = [0] * 20
    for _ in range(3):
        for c in rng.choice(groups)[0]:
            counts[c] += 1
    if pair:
        c = rng.randrange(20)
        counts[c] += 2
    if rng.random() < 0.3:  # sometimes not complete at all
        counts[rng.randrange(20)] += 1
    if max(counts) > 3:
        return
    expected = _brute(list(counts), groups, 0, pair)
    got = decomposer(yiwushi).points(pack(counts), pair)
    assert (None if got < 0 else got) == expected
