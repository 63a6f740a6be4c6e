"""Benchmark of the 川牌 engines: ``chuanpai`` (pairing) and ``chuanpai-tricks``, through
the one :class:`~app.engine.core.game.Game` interface.

``run(quick)`` returns one row per game (see ``benchmarks/engine.py``), with the contract
figures and beside them: the warm figures, ``encode``/``decode`` of a mid-game position.

- ``analyze``: complete hands of 14–17 concealed cards (pairing), random laid-out piles
  (tricks); ``waits``: the same hands less one card. *Cold*: every cache of the hand
  analysis is emptied before each timed call; *warm*: the same call again at once.
- ``encode``/``decode``: the one-line code of mid-game positions (after 20 actions),
  the median over positions of the best of three calls.
- ``selfplay``: whole deals by the engine's players through ``Game.apply``, every
  invariant checked after every action (``core.selfplay.play_one``).

Times are the process's CPU time (one core), so that other work on the machine
distorts them less. Run by hand: ``.venv/bin/python benchmarks/engine_chuanpai.py
[--quick]`` (one JSON row per game, then the table of ``benchmarks/engine.py``).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.chuanpai import analysis  # noqa: E402
from app.engine.chuanpai.cards import deck  # noqa: E402
from app.engine.chuanpai.melds import jier_sum  # noqa: E402
from app.engine.chuanpai.pairing import GAME as PAIRING  # noqa: E402
from app.engine.chuanpai.tricks import GAME as TRICKS  # noqa: E402
from app.engine.core.game import Game  # noqa: E402
from app.engine.core.memo import clear_caches  # noqa: E402
from app.engine.core.results import Holding  # noqa: E402
from app.engine.core.selfplay import play_one  # noqa: E402

_clock = time.process_time

TARGETS = {
    "analyze_us": 50.0,
    "waits_us": 500.0,
    "selfplay_per_s": 300.0,
    "encode_us": 50.0,
    "decode_us": 50.0,
}

BEFORE = {
    "chuanpai": {"analyze_us": 28.7, "waits_us": 236.0, "selfplay_per_s": 399.0},
    "chuanpai-tricks": {"analyze_us": 6.3, "selfplay_per_s": 420.0},
}
"""Today's figures before the one interface (2026-12-01, same machine, same method)."""


def _cold() -> None:
    analysis._cov.cache_clear()
    analysis.search_pairs.cache_clear()
    clear_caches()  # every other memo of the engine (hands, code texts, views)


def _median_us(fn: Callable[[Any], object], inputs: list[Any], cold: bool) -> float:
    """Median CPU µs of ``fn`` over ``inputs``; cold: caches emptied before each call,
    warm: each input once untimed first."""
    times = []
    for x in inputs:
        if cold:
            _cold()
        else:
            fn(x)
        t0 = _clock()
        fn(x)
        times.append((_clock() - t0) * 1e6)
    return statistics.median(times)


def _complete_hands(n: int) -> list[list[str]]:
    """Complete concealed hands of 14–17 cards built from random groups (mostly 挤儿,
    sometimes an 暗), as a seat holds them when it goes out."""
    rng = random.Random(1)
    out = []
    while len(out) < n:
        cards = list(deck(True))
        rng.shuffle(cards)
        hand: list[str] = []
        target = rng.randint(14, 17)
        while len(hand) < target and cards:
            x = cards.pop()
            if rng.random() < 0.1 and cards.count(x) >= 2 and x not in ("cs", "ty"):
                cards.remove(x)
                cards.remove(x)
                hand += [x, x, x]
                continue
            partner = next((y for y in cards if jier_sum(x, y) is not None), None)
            if partner is not None:
                cards.remove(partner)
                hand += [x, partner]
        out.append(hand)
    return out


def _holdings(game: Game[Any, Any], hands: list[list[str]]) -> list[Holding]:
    return [game.holding(" ".join(h), rules=game.default_rules) for h in hands]


def _short(hands: list[list[str]]) -> list[list[str]]:
    """Each complete hand less one card: hands that wait."""
    rng = random.Random(5)
    out = []
    for h in hands:
        k = rng.randrange(len(h))
        out.append(h[:k] + h[k + 1 :])
    return out


def _mid_game(game: Game[Any, Any], n: int) -> list[Any]:
    """Positions after 20 actions of the engine's players."""
    out = []
    rng = random.Random(7)
    while len(out) < n:
        state = game.new_deal(game.default_rules, rng, len(out) % 3)
        player = game.player()
        for _ in range(20):
            seat = game.to_act(state)
            if seat is None:
                break
            state = game.apply(
                state, player.choose(state, seat, game.legal_actions(state, seat), rng)
            )
        if not game.is_over(state):
            out.append(state)
    return out


def _codec_us(game: Game[Any, Any], states: list[Any]) -> tuple[float, float]:
    codes = [game.encode(s) for s in states]
    assert all(game.decode(c) == s for c, s in zip(codes, states, strict=True))
    return _best_of_3_us(game.encode, states), _best_of_3_us(game.decode, codes)


def _best_of_3_us(fn: Callable[[Any], object], inputs: list[Any]) -> float:
    """Median over ``inputs`` of the fastest of three calls, each cold (the codec's memos
    of code texts and hands emptied first: a code met for the first time)."""
    times = []
    for x in inputs:
        best = float("inf")
        for _ in range(3):
            _cold()
            t0 = _clock()
            fn(x)
            best = min(best, _clock() - t0)
        times.append(best * 1e6)
    return statistics.median(times)


def _selfplay_rate(game: Game[Any, Any], games: int) -> float:
    rng = random.Random(2)
    rules = game.default_rules
    t0 = _clock()
    for i in range(games):
        play_one(game, rules, rng, i % game.table_size(rules))
    return games / (_clock() - t0)


def _row(game: Game[Any, Any], **figures: float | None) -> dict[str, Any]:
    row: dict[str, Any] = {"game": game.id}
    row.update({k: None if v is None else round(v, 1) for k, v in figures.items()})
    row["targets"] = dict(TARGETS)
    row["before"] = BEFORE[game.id]
    return row


def _encode_decode(game: Game[Any, Any], n: int) -> dict[str, float]:
    enc, dec = _codec_us(game, _mid_game(game, n))
    return {"encode_us": enc, "decode_us": dec}


def run(quick: bool) -> list[dict[str, Any]]:
    n = 200 if quick else 2000
    games = 100 if quick else 1000
    rules = PAIRING.default_rules
    complete = _holdings(PAIRING, _complete_hands(n))
    short = _holdings(PAIRING, _short([list(h.hand) for h in complete]))
    rows = [
        _row(
            PAIRING,
            analyze_us=_median_us(lambda h: PAIRING.analyze(h, rules), complete, True),
            analyze_warm_us=_median_us(lambda h: PAIRING.analyze(h, rules), complete, False),
            waits_us=_median_us(lambda h: PAIRING.waits(h, rules), short, True),
            waits_warm_us=_median_us(lambda h: PAIRING.waits(h, rules), short, False),
            selfplay_per_s=_selfplay_rate(PAIRING, games),
            **_encode_decode(PAIRING, n // 10),
        )
    ]
    trules = TRICKS.default_rules
    rng = random.Random(3)
    piles = []
    for _ in range(n):
        cards = list(deck(False))
        rng.shuffle(cards)
        piles.append(Holding(tuple(cards[: rng.randint(12, 24)]), (), {"in_hand": None}))
    rows.append(
        _row(
            TRICKS,
            analyze_us=_median_us(lambda h: TRICKS.analyze(h, trules), piles, True),
            analyze_warm_us=_median_us(lambda h: TRICKS.analyze(h, trules), piles, False),
            waits_us=None,
            selfplay_per_s=_selfplay_rate(TRICKS, games),
            **_encode_decode(TRICKS, n // 10),
        )
    )
    return rows


def _table(rows: list[dict[str, Any]]) -> None:
    keys = (
        "analyze_us",
        "analyze_warm_us",
        "waits_us",
        "waits_warm_us",
        "encode_us",
        "decode_us",
        "selfplay_per_s",
    )
    for r in rows:
        cells = []
        for k in keys:
            v, target, before = r.get(k), r["targets"].get(k), r["before"].get(k)
            if v is None:
                continue
            mark = ""
            if target is not None:
                ok = v >= target if k.endswith("per_s") else v <= target
                mark = " ok" if ok else " MISSED"
            was = "" if before is None else f" (before {before})"
            cells.append(f"{k} {v}{mark}{was}")
        print(f"{r['game']:<16} " + " | ".join(cells))


if __name__ == "__main__":
    result = run("--quick" in sys.argv)
    for r in result:
        print(json.dumps(r, ensure_ascii=False))
    _table(result)
