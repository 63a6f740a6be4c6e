"""Benchmark of the 川牌 engines: ``chuanpai`` (pairing) and ``chuanpai-tricks``.

``run(quick)`` returns one row per game (see ``benchmarks/engine.py``). ``analyze``
and ``waits`` are timed on hands taken from real deals (cold caches are part of the
figure: the analysis cache is cleared before each timed call); selfplay runs full
deals with every invariant checked.

Run by hand: ``.venv/bin/python benchmarks/engine_chuanpai.py [--quick] [--big N]``
(``--big N`` plays N deals of each game and prints the statistics).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.chuanpai import analysis, pairing, tricks  # noqa: E402
from app.engine.chuanpai.cards import INDEX  # noqa: E402

TARGETS = {"analyze_us": 50.0, "waits_us": 500.0, "selfplay_per_s": 200.0}


def _median_us(fn: Any, inputs: list[Any], cold: bool) -> float:
    times = []
    for x in inputs:
        if cold:
            analysis._best_pairs.cache_clear()
        t0 = time.perf_counter()
        fn(x)
        times.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(times)


def _pairing_hands(n: int) -> list[list[int]]:
    """Concealed hands of 14–16 cards from shuffled decks (odd ones are waits)."""
    rng = random.Random(1)
    out = []
    for _ in range(n):
        deck = list(pairing.deck(True))
        rng.shuffle(deck)
        size = rng.choice((14, 15, 16))
        counts = [0] * len(INDEX)
        for c in deck[:size]:
            counts[INDEX[c]] += 1
        out.append(counts)
    return out


def _selfplay_rate(play: Any, games: int) -> float:
    rng = random.Random(2)
    t0 = time.perf_counter()
    for i in range(games):
        play(rng, i)
    return games / (time.perf_counter() - t0)


def run(quick: bool) -> list[dict[str, Any]]:
    n = 200 if quick else 2000
    games = 100 if quick else 1000
    opts = pairing.PairingOptions()
    hands = _pairing_hands(n)
    even = [h for h in hands if sum(h) % 2 == 0]
    odd = [h for h in hands if sum(h) % 2 == 1]
    rows = [
        {
            "game": "chuanpai",
            "analyze_us": _median_us(lambda h: pairing.analyze(h, (), opts), even, True),
            "waits_us": _median_us(lambda h: pairing.waits(h, (), opts), odd, True),
            "selfplay_per_s": _selfplay_rate(
                lambda rng, i: pairing.play_deal(opts, rng, dealer=i % 4), games
            ),
            "targets": dict(TARGETS),
        }
    ]
    topts = tricks.TrickOptions()
    rng = random.Random(3)
    piles = []
    for _ in range(n):
        deck = list(pairing.deck(False))
        rng.shuffle(deck)
        piles.append(tuple(deck[: rng.randint(12, 24)]))
    rows.append(
        {
            "game": "chuanpai-tricks",
            "analyze_us": _median_us(lambda p: tricks.count_pile(p, None, topts), piles, False),
            "waits_us": None,
            "selfplay_per_s": _selfplay_rate(
                lambda rng, i: tricks.play_deal(topts, rng, dealer=i % 3), games
            ),
            "targets": dict(TARGETS),
        }
    )
    return rows


def _big(games: int) -> None:
    from app.engine.cli import run as cli_run

    for variant in ("chuanpai", "chuanpai-tricks"):
        out = cli_run(["selfplay", variant, "--games", str(games), "--seed", "1"])
        print(json.dumps(out, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    if "--big" in sys.argv:
        _big(int(sys.argv[sys.argv.index("--big") + 1]))
    else:
        for row in run("--quick" in sys.argv):
            print(json.dumps(row, ensure_ascii=False))
