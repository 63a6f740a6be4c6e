"""Benchmark of the 川牌 engines: ``chuanpai`` (pairing) and ``chuanpai-tricks``.

``run(quick)`` returns one row per game (see ``benchmarks/engine.py``). ``analyze`` is
timed on complete hands of 14–17 concealed cards, ``waits`` on the same hands less one
card, with cold caches (the analysis cache is cleared before each timed call); the
trick game's ``analyze`` counts random piles. Selfplay runs full deals with every
invariant checked.

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
from app.engine.chuanpai.melds import jier_sum  # noqa: E402

_clock = time.process_time
"""CPU time of this process: what the engine costs, whatever else runs on the machine
(several engineers share it); on a quiet machine it equals the wall time."""

TARGETS = {"analyze_us": 50.0, "waits_us": 500.0, "selfplay_per_s": 200.0}


def _median_us(fn: Any, inputs: list[Any], cold: bool) -> float:
    times = []
    for x in inputs:
        if cold:
            analysis._cov.cache_clear()
        t0 = _clock()
        fn(x)
        times.append((_clock() - t0) * 1e6)
    return statistics.median(times)


def _complete_hands(n: int) -> list[list[int]]:
    """Complete concealed hands of 14–17 cards built from random groups (mostly 挤儿,
    sometimes an 暗 or a 燕), as a seat holds them when it goes out."""
    rng = random.Random(1)
    out = []
    while len(out) < n:
        deck = list(pairing.deck(True))
        rng.shuffle(deck)
        hand: list[str] = []
        target = rng.randint(14, 17)
        while len(hand) < target and deck:
            x = deck.pop()
            roll = rng.random()
            if roll < 0.1 and deck.count(x) >= 2 and x not in ("cs", "ty"):
                deck.remove(x)
                deck.remove(x)
                hand += [x, x, x]
                continue
            partner = next((y for y in deck if jier_sum(x, y) is not None), None)
            if partner is not None:
                deck.remove(partner)
                hand += [x, partner]
        counts = [0] * len(INDEX)
        for c in hand:
            counts[INDEX[c]] += 1
        out.append(counts)
    return out


def _short_hands(hands: list[list[int]]) -> list[list[int]]:
    """Each complete hand less one card: hands that wait."""
    rng = random.Random(5)
    out = []
    for h in hands:
        h2 = list(h)
        k = rng.choice([i for i, c in enumerate(h2) if c])
        h2[k] -= 1
        out.append(h2)
    return out


def _selfplay_rate(play: Any, games: int) -> float:
    rng = random.Random(2)
    t0 = _clock()
    for i in range(games):
        play(rng, i)
    return games / (_clock() - t0)


def run(quick: bool) -> list[dict[str, Any]]:
    n = 200 if quick else 2000
    games = 100 if quick else 1000
    opts = pairing.PairingOptions()
    complete = _complete_hands(n)
    short = _short_hands(complete)
    rows = [
        {
            "game": "chuanpai",
            "analyze_us": _median_us(lambda h: pairing.analyze(h, (), opts), complete, True),
            "waits_us": _median_us(lambda h: pairing.waits(h, (), opts), short, True),
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
