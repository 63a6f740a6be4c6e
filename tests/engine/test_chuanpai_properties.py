"""Properties of both 川牌 engines (Hypothesis) and the 2,000-deal selfplay runs."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai import pairing, tricks
from app.engine.chuanpai.cards import KINDS, counts_of, deck, tokens_of
from app.engine.chuanpai.common import match_legal
from app.engine.core.actions import Action
from app.engine.core.selfplay import run_selfplay

OPTS = pairing.PairingOptions()
SLOW = [HealthCheck.too_slow]


@st.composite
def hands(draw: st.DrawFn, low: int = 1, high: int = 17) -> list[int]:
    cards = draw(st.permutations(deck(True)))
    n = draw(st.integers(low, high))
    return counts_of(cards[:n])


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(hands(1, 15))
def test_waits_imply_complete(hand: list[int]) -> None:
    for card, points in pairing.waits(hand, (), OPTS):
        h = list(hand)
        h[KINDS.index(card)] += 1
        res = pairing.analyze(h, (), OPTS)
        assert res.complete and res.points == points


@settings(max_examples=200, deadline=None, suppress_health_check=SLOW)
@given(hands(1, 18))
def test_analyze_partitions_the_cards(hand: list[int]) -> None:
    res = pairing.analyze(hand, (), OPTS)
    assert res.complete == an.is_complete(hand)
    if res.complete:
        assert Counter(c for m in res.melds for c in m.cards) == Counter(tokens_of(hand))
        assert res.points == sum(m.points for m in res.melds)
        assert all(m.valid() for m in res.melds)
    else:
        assert res.points is None and not res.melds


@settings(max_examples=200, deadline=None, suppress_health_check=SLOW)
@given(hands(1, 18))
def test_spare_cards_keep_the_coverage(hand: list[int]) -> None:
    full = an.coverage(hand)
    assert full % 2 == 0 and full <= sum(hand)
    for k in an.spare_kinds(hand):
        h = list(hand)
        h[k] -= 1
        assert an.coverage(h) == full


_JUNK = [
    Action("discard", 0, ("66",)),
    Action("pass", 1, ()),
    Action("hu", 0),
    Action("peng", 2, ("55", "55", "55")),
    Action("bai", 0, ("11", "26")),
    Action("done", 1),
    Action("keep", 0, ("13",)),
    Action("an", 3, ("33", "33", "33")),
]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from(_JUNK), st.integers(0, 3))
def test_pairing_illegal_always_refused(seed: int, steps: int, junk: Action, seat: int) -> None:
    rng = random.Random(seed)
    state = pairing.new_deal(OPTS, rng)
    for _ in range(steps):
        if state.phase == "over":
            break
        state = pairing.apply(state, rng.choice(pairing.legal_actions(state)))
    action = Action(junk.kind, seat, junk.cards)
    if match_legal(action, pairing.legal_actions(state)) is not None:
        return
    try:
        pairing.apply(state, action)
    except pairing.IllegalAction as exc:
        assert exc.reason.code in pairing.REASON_CODES
    else:  # pragma: no cover
        raise AssertionError(f"{action} accepted in phase {state.phase}")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4, 5, 6, 7]))
def test_pairing_random_play_conserves_cards(seed: int, players: int) -> None:
    opts = pairing.PairingOptions(players=players)
    rng = random.Random(seed)
    state = pairing.new_deal(opts, rng, dealer=seed % min(players, 4))
    full = counts_of(deck(True))
    for _ in range(3000):
        if state.phase == "over":
            break
        acts = pairing.legal_actions(state)
        assert acts
        state = pairing.apply(state, rng.choice(acts))
        assert pairing.all_cards(state) == full
    assert state.phase == "over"
    assert sum(state.scores) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_tricks_random_play_conserves_cards(seed: int) -> None:
    rng = random.Random(seed)
    state = tricks.new_deal(tricks.TrickOptions(), rng)
    full = counts_of(deck(False))[:21]
    while state.phase != "over":
        state = tricks.apply(state, rng.choice(tricks.legal_actions(state)))
        assert tricks.all_cards(state) == full
    assert sum(state.scores) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from(KINDS[:21]), st.integers(0, 2))
def test_tricks_illegal_always_refused(seed: int, steps: int, card: str, seat: int) -> None:
    rng = random.Random(seed)
    state = tricks.new_deal(tricks.TrickOptions(), rng)
    for _ in range(steps):
        if state.phase == "over":
            break
        state = tricks.apply(state, rng.choice(tricks.legal_actions(state)))
    for kind in ("lead", "beat", "cover", "tuoshou"):
        action = Action(kind, seat, (card,) if kind != "tuoshou" else ())
        if match_legal(action, tricks.legal_actions(state)) is not None:
            continue
        try:
            tricks.apply(state, action)
        except tricks.IllegalAction as exc:
            assert exc.reason.code in tricks.REASON_CODES
        else:  # pragma: no cover
            raise AssertionError(f"{action} accepted")


def test_selfplay_2000_pairing_deals() -> None:
    def one(rng: random.Random, i: int) -> object:
        state, steps = pairing.play_deal(OPTS, rng, dealer=i % 4)
        from app.engine.core.selfplay import DealResult

        return DealResult(state.winner, steps, state.scores)

    out = run_selfplay("chuanpai", 4, 2000, 1, one)  # type: ignore[arg-type]
    assert out["invariants"] == "ok" and out["games"] == 2000
    assert sum(out["wins_per_seat"]) + out["drawn"] == 2000
    assert sum(out["wins_per_seat"]) > 1000


def test_selfplay_2000_trick_deals() -> None:
    def one(rng: random.Random, i: int) -> object:
        state, steps = tricks.play_deal(tricks.TrickOptions(), rng, dealer=i % 3)
        from app.engine.core.selfplay import DealResult

        return DealResult(state.winner, steps, state.scores)

    out = run_selfplay("chuanpai-tricks", 3, 2000, 1, one)  # type: ignore[arg-type]
    assert out["invariants"] == "ok" and out["games"] == 2000
    assert sum(out["wins_per_seat"]) > 0


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=11, max_size=11), st.integers(0, 2))
def test_closed_form_matching_equals_search(c: list[int], w: int) -> None:
    ref = an.search_pairs(tuple(c), w)
    got = an.jier_points(c, w)
    assert got == (None if ref is None else ref[0])
    if got is not None:
        pairs = an.jier_pairs(c, w)
        assert Counter(p for pq in pairs for p in pq if p) == Counter(
            {p + 2: n for p, n in enumerate(c) if n}
        )
        assert sum(1 for _, q in pairs if q == 0) == w
        twenties = sum(1 for p, q in pairs if (p + q == 20) or (q == 0 and p >= 8))
        assert twenties == got


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_states_round_trip_through_json(seed: int, steps: int) -> None:
    import json

    rng = random.Random(seed)
    p = pairing.new_deal(pairing.PairingOptions(players=2 + seed % 6), rng)
    t = tricks.new_deal(tricks.TrickOptions(), rng)
    for _ in range(steps):
        if p.phase != "over":
            p = pairing.apply(p, rng.choice(pairing.legal_actions(p)))
        if t.phase != "over":
            t = tricks.apply(t, rng.choice(tricks.legal_actions(t)))
    assert pairing.PairingState.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert tricks.TrickState.from_json(json.loads(json.dumps(t.to_json()))) == t


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4, 5, 6, 7]),
    st.booleans(),
    st.sampled_from(["count", "tied", "none"]),
)
def test_pairing_random_play_with_options(seed: int, players: int, jing: bool, qitou: str) -> None:
    opts = pairing.PairingOptions(jing=jing, players=players, qitou=qitou)
    rng = random.Random(seed)
    state = pairing.new_deal(opts, rng)
    while state.phase != "over":
        acts = pairing.legal_actions(state)
        assert acts and all(a.seat == state.actor for a in acts)
        state = pairing.apply(state, rng.choice(acts))
    for seat in state.seats:
        assert all(m.valid() for m in seat.melds)
        if seat.extra:
            assert not any(m.kind == "jier" for m in seat.melds)
    assert sum(state.scores) == 0
    if state.winner is not None:
        w = state.seats[state.winner]
        res = pairing.analyze(w.hand, w.melds, opts)
        assert res.complete and not w.guo
        assert state.count is not None and state.count.total == res.points + 1
        assert state.scores[state.winner] == (res.points + 1) * (players - 1)
