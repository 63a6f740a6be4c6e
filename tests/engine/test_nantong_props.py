"""Properties (Hypothesis): waits ⇒ analyze complete, the 喜 check agrees with brute
force, cards are conserved and illegal actions are always refused."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.core.actions import Action
from app.engine.core.game import IllegalAction
from app.engine.nantong.analyze import complete, plain_complete
from app.engine.nantong.cards import NKINDS, token
from app.engine.nantong.count import WinContext
from app.engine.nantong.judge import judge, waits
from app.engine.nantong.outcome import result_json
from app.engine.nantong.play import legal_actions
from app.engine.nantong.play import new_deal as deal
from app.engine.nantong.practice import random_complete
from app.engine.nantong.refusals import REASON_CODES, apply
from app.engine.nantong.rules import Rules, make_generals
from app.engine.nantong.state import OVER


def build(rng: random.Random, groups: int) -> list[int]:
    """A random complete concealed hand: a pair plus ``groups`` groups."""
    return random_complete(rng, groups)


GENERALS = st.sampled_from(["", "2t 3w", "4b 4b", "4b 4t", "hh hh", "hh bh", "hh 5w", "9t 5w"])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), gtext=GENERALS)
def test_waits_imply_analyze_complete(seed: int, gtext: str) -> None:
    from app.engine.nantong.cards import parse_cards

    rng = random.Random(seed)
    full = build(rng, 7)
    held = [k for k in range(30) if full[k]]
    hand = list(full)
    hand[rng.choice(held)] -= 1
    gen = make_generals(parse_cards(gtext), True)
    rules = Rules()
    ws = waits(hand, (), gen, rules, WinContext())
    for k, pts in ws:
        c = list(hand)
        c[k] += 1
        assert complete(c)
        v = judge(c, (), gen, rules, WinContext(win_card=k))
        assert v.complete and v.points == pts
        assert pts % 10 == 0 and pts >= 20


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), wild=st.integers(0, 3), groups=st.integers(1, 3))
def test_wild_completeness_agrees_with_brute_force(seed: int, wild: int, groups: int) -> None:
    rng = random.Random(seed)
    c = build(rng, groups)
    cards = [k for k in range(30) for _ in range(c[k])]
    for j, i in enumerate(rng.sample(range(len(cards)), min(wild, len(cards)))):
        cards[i] = 30 + j
    if rng.random() < 0.5:
        i = rng.randrange(len(cards))
        if cards[i] < 30:
            cards[i] = rng.randrange(30)
    cc = [0] * NKINDS
    for k in cards:
        cc[k] += 1
    w = sum(cc[30:])
    brute = any(
        plain_complete([cc[i] + combo.count(i) for i in range(30)])
        for combo in combinations_with_replacement(range(30), w)
    )
    assert complete(cc) == brute


KINDS = st.sampled_from(["discard", "hu", "peng", "gang", "jia-gang", "ming-gang", "pass", "chi"])


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    rules=st.sampled_from([Rules(), Rules(generals=1), Rules(xi=True)]),
    junk=st.lists(st.tuples(KINDS, st.integers(0, 3), st.integers(0, 34)), max_size=8),
)
def test_conservation_and_illegal_refused(
    seed: int, rules: Rules, junk: list[tuple[str, int, int]]
) -> None:
    rng = random.Random(seed)
    s = deal(rules, rng, seed % 4)
    total = 125 if rules.xi else 120
    step = 0
    while s.phase != OVER:
        legal = legal_actions(s, s.turn)
        for kind, seat, k in junk:
            a = Action(kind, seat, (token(k),) if kind != "hu" else ())
            if seat == s.turn and any(x.same_move(a) for x in legal):
                continue
            try:
                apply(s, a)
            except IllegalAction as exc:
                assert exc.reason.code in REASON_CODES
            else:
                raise AssertionError(f"illegal {a} was accepted")
        s = apply(s, rng.choice(legal))
        step += 1
        assert s.total_cards() == total
    res = result_json(s)
    assert sum(res["scores"]) == 0 if res else True
    assert step > 0


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), swap=st.booleans(), gtext=GENERALS)
def test_judge_agrees_with_the_fast_check(seed: int, swap: bool, gtext: str) -> None:
    from app.engine.nantong.cards import parse_cards

    rng = random.Random(seed)
    c = build(rng, 7)
    if swap:
        held = [k for k in range(30) if c[k]]
        c[rng.choice(held)] -= 1
        free = [k for k in range(30) if c[k] < 4]
        c[rng.choice(free)] += 1
    gen = make_generals(parse_cards(gtext), True)
    v = judge(c, (), gen, Rules(), WinContext())
    assert v.complete == complete(c)
    if v.count is not None:
        assert v.count.total == v.points
        assert v.points is not None and v.points >= 20
