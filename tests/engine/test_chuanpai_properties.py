"""Properties of both 川牌 engines (Hypothesis) and the 2,000-deal selfplay runs."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import KINDS, counts_of, deck, tokens_of
from app.engine.chuanpai.common import match_legal
from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing import GAME as PAIRING
from app.engine.chuanpai.pairing import PairingRules, PairingState
from app.engine.chuanpai.pairing import reasons as pairing_reasons
from app.engine.chuanpai.pairing import settle as pairing_settle
from app.engine.chuanpai.pairing.offers import legal_actions as pairing_legal
from app.engine.chuanpai.pairing.state import all_cards as pairing_cards
from app.engine.chuanpai.tricks import GAME as TRICKS
from app.engine.chuanpai.tricks import TrickRules
from app.engine.chuanpai.tricks import reasons as tricks_reasons
from app.engine.chuanpai.tricks.offers import legal_actions as tricks_legal
from app.engine.chuanpai.tricks.state import all_cards as tricks_cards
from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.core.selfplay import DealResult, play_one, run_selfplay

OPTS = PairingRules()
SLOW = [HealthCheck.too_slow]


@st.composite
def hands(draw: st.DrawFn, low: int = 1, high: int = 17) -> list[int]:
    cards = draw(st.permutations(deck(True)))
    n = draw(st.integers(low, high))
    return counts_of(cards[:n])


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(hands(1, 15))
def test_waits_imply_complete(hand: list[int]) -> None:
    for wait in pairing_settle.waits(tuple(hand), (), OPTS):
        card, points = wait.card, wait.points
        h = list(hand)
        h[KINDS.index(card)] += 1
        res = pairing_settle.analyze(h, (), OPTS)
        assert res.complete and res.points == points


@settings(max_examples=200, deadline=None, suppress_health_check=SLOW)
@given(hands(1, 18))
def test_analyze_partitions_the_cards(hand: list[int]) -> None:
    res = pairing_settle.analyze(hand, (), OPTS)
    assert res.complete == an.is_complete(hand)
    if res.complete:
        assert Counter(c for m in res.melds for c in m.cards) == Counter(tokens_of(hand))
        assert res.points == sum(m.points for m in res.melds)
        assert all(Meld.make(m.kind, m.cards).points == m.points for m in res.melds)
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
    state = PAIRING.new_deal(OPTS, rng)
    for _ in range(steps):
        if state.phase == "over":
            break
        state = PAIRING.apply(state, _pairing_move(state, rng))

    action = Action(junk.kind, seat, junk.cards)
    if match_legal(action, pairing_legal(state)) is not None:
        return
    try:
        PAIRING.apply(state, action)
    except IllegalAction as exc:
        assert exc.reason.code in pairing_reasons.REASON_CODES
    else:  # pragma: no cover
        raise AssertionError(f"{action} accepted in phase {state.phase}")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4, 5, 6, 7]))
def test_pairing_random_play_conserves_cards(seed: int, players: int) -> None:
    opts = PairingRules(players=players)
    rng = random.Random(seed)
    state = PAIRING.new_deal(opts, rng, dealer=seed % min(players, 4))
    full = counts_of(deck(True))
    for _ in range(3000):
        if state.phase == "over":
            break
        acts = pairing_legal(state)
        assert acts
        state = PAIRING.apply(state, rng.choice(acts))
        assert pairing_cards(state) == full
    assert state.phase == "over"
    assert sum(state.scores) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_tricks_random_play_conserves_cards(seed: int) -> None:
    rng = random.Random(seed)
    state = TRICKS.new_deal(TrickRules(), rng)
    full = counts_of(deck(False))[:21]
    while state.phase != "over":
        state = TRICKS.apply(state, rng.choice(tricks_legal(state)))
        assert tricks_cards(state) == full
    assert sum(state.scores) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from(KINDS[:21]), st.integers(0, 2))
def test_tricks_illegal_always_refused(seed: int, steps: int, card: str, seat: int) -> None:
    rng = random.Random(seed)
    state = TRICKS.new_deal(TrickRules(), rng)
    for _ in range(steps):
        if state.phase == "over":
            break
        state = TRICKS.apply(state, rng.choice(tricks_legal(state)))
    for kind in ("lead", "beat", "cover", "tuoshou"):
        action = Action(kind, seat, (card,) if kind != "tuoshou" else ())
        if match_legal(action, tricks_legal(state)) is not None:
            continue
        try:
            TRICKS.apply(state, action)
        except IllegalAction as exc:
            assert exc.reason.code in tricks_reasons.REASON_CODES
        else:  # pragma: no cover
            raise AssertionError(f"{action} accepted")


@pytest.mark.slow
def test_selfplay_2000_pairing_deals() -> None:
    def one(rng: random.Random, i: int) -> DealResult:
        state, steps = play_one(PAIRING, OPTS, rng, dealer=i % 4)
        return DealResult(state.winner, steps, state.scores)

    out = run_selfplay("chuanpai", 4, 2000, 1, one)
    assert out.games == 2000
    assert sum(out.wins_per_seat) + out.drawn == 2000
    assert sum(out.wins_per_seat) > 1000


@pytest.mark.slow
def test_selfplay_2000_trick_deals() -> None:
    def one(rng: random.Random, i: int) -> DealResult:
        state, steps = play_one(TRICKS, TrickRules(), rng, dealer=i % 3)
        return DealResult(state.winner, steps, state.scores)

    out = run_selfplay("chuanpai-tricks", 3, 2000, 1, one)
    assert out.games == 2000
    assert sum(out.wins_per_seat) > 0


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
    p = PAIRING.new_deal(PairingRules(players=2 + seed % 6), rng)
    t = TRICKS.new_deal(TrickRules(), rng)
    for _ in range(steps):
        if p.phase != "over":
            p = PAIRING.apply(p, rng.choice(pairing_legal(p)))
        if t.phase != "over":
            t = TRICKS.apply(t, rng.choice(tricks_legal(t)))
    assert PAIRING.read_position(json.loads(json.dumps(PAIRING.to_json(p))), {}) == p
    assert TRICKS.read_position(json.loads(json.dumps(TRICKS.to_json(t))), {}) == t


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4, 5, 6, 7]),
    st.booleans(),
    st.sampled_from(["count", "tied", "none"]),
)
def test_pairing_random_play_with_options(seed: int, players: int, jing: bool, qitou: str) -> None:
    opts = PairingRules(jing=jing, players=players, qitou=qitou)
    rng = random.Random(seed)
    state = PAIRING.new_deal(opts, rng)
    while state.phase != "over":
        acts = pairing_legal(state)
        assert acts and all(a.seat == state.actor for a in acts)
        state = PAIRING.apply(state, rng.choice(acts))
    for seat in state.seats:
        assert all(m.valid() for m in seat.melds)
        if seat.extra:
            assert not any(m.kind == "jier" for m in seat.melds)
    assert sum(state.scores) == 0
    if state.winner is not None:
        w = state.seats[state.winner]
        res = pairing_settle.analyze(w.hand, w.melds, opts)
        assert res.complete and not w.guo
        assert state.count is not None and state.count.total == res.points + 1
        assert state.scores[state.winner] == (res.points + 1) * (players - 1)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4, 5, 6, 7]),
    st.booleans(),
    st.sampled_from(["refuse", "end-deal"]),
)
def test_pairing_codes_round_trip_under_every_option(
    seed: int, players: int, jing: bool, fouls: str
) -> None:
    rules = PairingRules(jing=jing, players=players, fouls=fouls)
    rng = random.Random(seed)
    state = PAIRING.new_deal(rules, rng, dealer=seed % players)
    while True:
        code = PAIRING.encode(state)
        assert len(code) < 600 and PAIRING.decode(code) == state
        seat = rng.randrange(players)
        assert PAIRING.decode_view(PAIRING.encode_view(state, seat)) == PAIRING.view(state, seat)
        if state.phase == "over":
            break
        state = PAIRING.apply(state, _pairing_move(state, rng))


def _pairing_move(state: PairingState, rng: random.Random) -> Action:
    """A random legal action; with ``fouls=end-deal`` now and then a foul the rules accept."""
    legal = pairing_legal(state)
    if state.rules.fouls == "end-deal" and rng.random() < 0.2:
        if state.phase == "guo" and state.drawn is not None:
            return Action("keep", state.actor, (state.drawn,))
        if state.phase == "claim" and not any(a.kind == "pass" for a in legal):
            return Action("pass", state.actor, (state.open_card or "",))
    return rng.choice(legal)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from(["baopai", "forbidden", "free"]),
    st.sampled_from(["play-out", "at-16"]),
)
def test_tricks_codes_round_trip_under_every_option(seed: int, first: str, finish: str) -> None:
    rules = TrickRules(first_lead=first, finish=finish, fouls="end-deal")
    rng = random.Random(seed)
    state = TRICKS.new_deal(rules, rng, dealer=seed % 3)
    while True:
        code = TRICKS.encode(state)
        assert len(code) < 600 and TRICKS.decode(code) == state
        seat = rng.randrange(3)
        assert TRICKS.decode_view(TRICKS.encode_view(state, seat)) == TRICKS.view(state, seat)
        if state.phase == "over":
            break
        legal = tricks_legal(state)
        if legal[0].kind == "beat" and rng.random() < 0.02:  # 罚牌: a cover when able to beat
            cover = Action("cover", state.turn, legal[0].cards)
            state = TRICKS.apply(state, cover)
        else:
            state = TRICKS.apply(state, rng.choice(legal))
