"""The engine's players: every game has ``simple`` and ``strong``; the strong player plays
only legal actions, reads nothing its seat may not see, and explains itself.

Strength is not tested here (it needs thousands of deals): see
``benchmarks/play_strength.py`` and docs/players.md.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app.engine.core.game import Advice, Game, advise
from app.engine.core.registry import find_game
from app.text.messages import MESSAGES, render

GAMES = ("hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong")
#: deals self-played per game (strong in every seat), and the most decisions checked
DEALS = {"chuanpai-tricks": 2}
DECISIONS = 300


def _decisions(game: Game[Any, Any], deals: int, seed: int) -> Iterator[tuple[Any, int, list[Any]]]:
    """Every decision of ``deals`` deals the strong player plays in every seat."""
    rules = game.default_rules
    for i in range(deals):
        rng = random.Random(seed + i)
        state = game.new_deal(rules, rng, i % game.table_size(rules))
        table = [game.player("strong") for _ in range(game.seats(state))]
        steps = 0
        while not game.is_over(state) and steps < 3000:
            seat = game.to_act(state)
            assert seat is not None
            legal = game.legal_actions(state, seat)
            yield state, seat, legal
            state = game.apply(state, table[seat].choose(state, seat, legal, rng))
            steps += 1
        assert game.is_over(state), "the deal ended"


@pytest.mark.parametrize("game_id", GAMES)
def test_simple_and_strong(game_id: str) -> None:
    game = find_game(game_id)
    assert {"simple", "strong"} <= set(game.players())
    assert game.player("strong").name == "strong"


@pytest.mark.parametrize("game_id", GAMES)
def test_strong_plays_legal_actions(game_id: str) -> None:
    game = find_game(game_id)
    player = game.player("strong")
    seen = 0
    for state, seat, legal in _decisions(game, DEALS.get(game_id, 4), 11):
        got = player.choose(state, seat, legal, random.Random(seen))
        assert any(got.same_move(a) for a in legal), (game_id, got, legal)
        assert game.why_illegal(state, got) is None
        seen += 1
        if seen >= DECISIONS:
            break
    assert seen >= 50


@pytest.mark.parametrize("game_id", GAMES)
def test_advice_is_legal_and_worded(game_id: str) -> None:
    game = find_game(game_id)
    player = game.player("strong")
    codes: set[str] = set()
    for n, (state, seat, legal) in enumerate(_decisions(game, 1, 5)):
        if n >= 120:
            break
        got = advise(player, state, seat, legal, random.Random(n))
        assert isinstance(got, Advice)
        assert any(got.action.same_move(a) for a in legal)
        for action, reason in ((got.action, got.reason), *got.considered):
            assert any(action.same_move(a) for a in legal)
            assert reason.code.startswith("coach-") and reason.code in MESSAGES, reason.code
            for lang in ("en", "zh"):
                text = render(reason.code, reason.params, lang)
                assert text and "{" not in text, (reason.code, lang, text)
            codes.add(reason.code)
    assert len(codes) >= 2, codes  # the coach says more than one thing


# -- no peeking: the cards a seat cannot see are dealt again; the choice stays ---------


def _shuffle_into(rng: random.Random, pool: list[Any], sizes: list[int]) -> list[list[Any]]:
    rng.shuffle(pool)
    out, at = [], 0
    for n in sizes:
        out.append(pool[at : at + n])
        at += n
    return out


def _counts(cards: list[int], kinds: int) -> tuple[int, ...]:
    c = [0] * kinds
    for k in cards:
        c[k] += 1
    return tuple(c)


def _cards(counts: tuple[int, ...]) -> list[int]:
    return [k for k, n in enumerate(counts) for _ in range(n)]


def _redeal_zipai(state: Any, seat: int, rng: random.Random) -> Any:
    others = [i for i in range(len(state.seats)) if i != seat]
    pool = [c for i in others for c in _cards(state.seats[i].hand)] + list(state.stock)
    sizes = [sum(state.seats[i].hand) for i in others] + [len(state.stock)]
    parts = _shuffle_into(rng, pool, sizes)
    seats = list(state.seats)
    for i, cards in zip(others, parts, strict=False):
        seats[i] = dataclasses.replace(seats[i], hand=_counts(cards, len(seats[i].hand)))
    return dataclasses.replace(state, seats=tuple(seats), stock=tuple(parts[-1]))


def _redeal_pairing(state: Any, seat: int, rng: random.Random) -> Any:
    from app.engine.chuanpai.cards import KINDS

    others = [i for i in range(len(state.seats)) if i != seat]
    pool = [KINDS[k] for i in others for k in _cards(state.seats[i].hand)] + list(state.stock)
    sizes = [sum(state.seats[i].hand) for i in others] + [len(state.stock)]
    parts = _shuffle_into(rng, pool, sizes)
    seats = list(state.seats)
    for i, cards in zip(others, parts, strict=False):
        counts = _counts([KINDS.index(t) for t in cards], len(seats[i].hand))
        seats[i] = dataclasses.replace(seats[i], hand=counts)
    return dataclasses.replace(state, seats=tuple(seats), stock=tuple(parts[-1]))


def _redeal_tricks(state: Any, seat: int, rng: random.Random) -> Any:
    from app.engine.chuanpai.cards import INDEX, KINDS

    others = [i for i in range(len(state.hands)) if i != seat]
    pool = [KINDS[k] for i in others for k in _cards(state.hands[i])] + list(state.covered)
    sizes = [sum(state.hands[i]) for i in others] + [len(state.covered)]
    parts = _shuffle_into(rng, pool, sizes)
    hands = list(state.hands)
    for i, cards in zip(others, parts, strict=False):
        hands[i] = _counts([INDEX[t] for t in cards], len(hands[i]))
    return dataclasses.replace(state, hands=tuple(hands), covered=tuple(parts[-1]))


def _redeal_nantong(state: Any, seat: int, rng: random.Random) -> Any:
    others = [i for i in state.players if i != seat]
    pool = [k for i in others for k in _cards(state.hands[i])] + list(state.stock)
    sizes = [sum(state.hands[i]) for i in others] + [len(state.stock)]
    parts = _shuffle_into(rng, pool, sizes)
    hands = list(state.hands)
    for i, cards in zip(others, parts, strict=False):
        hands[i] = _counts(cards, len(hands[i]))
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(parts[-1]))


REDEAL: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "hunan": _redeal_zipai,
    "guilin": _redeal_zipai,
    "chuanpai": _redeal_pairing,
    "chuanpai-tricks": _redeal_tricks,
    "nantong": _redeal_nantong,
}


@pytest.mark.parametrize("game_id", GAMES)
def test_strong_does_not_peek(game_id: str) -> None:
    game = find_game(game_id)
    player = game.player("strong")
    shuffler = random.Random(99)
    checked = changed = 0
    for n, (state, seat, legal) in enumerate(_decisions(game, 1, 23)):
        if len(legal) < 2:
            continue
        mine = player.choose(state, seat, legal, random.Random(n))
        for _ in range(2):
            other = REDEAL[game_id](state, seat, shuffler)
            changed += game.view(other, None) != game.view(state, None)
            assert game.view(other, seat) == game.view(state, seat)
            again = player.choose(other, seat, legal, random.Random(n))
            assert again.same_move(mine), (game_id, n, mine, again)
        checked += 1
        if checked >= 40:
            break
    assert checked >= 10 and changed >= checked  # the hidden cards did move
