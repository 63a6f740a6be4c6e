"""字牌 benchmark (Hunan, Guilin): median µs of ``analyze`` over random complete hands,
of ``waits`` over random one-short hands, and self-play deals per second (one core).

``benchmarks/engine.py`` imports :func:`run`; run alone with
``.venv/bin/python benchmarks/engine_zipai.py [--quick]``.

Times are the process's CPU time (``time.process_time``), i.e. what one core does,
so that other work on the machine does not distort them; ``wall_selfplay_per_s``
gives the wall-clock figure next to it.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.zipai.analysis import analyze, waits_json  # noqa: E402
from app.engine.zipai.cards import cards_of  # noqa: E402
from app.engine.zipai.play import selfplay  # noqa: E402
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, ZipaiRules  # noqa: E402
from app.engine.zipai.samples import random_complete_hand  # noqa: E402

TARGETS = {"analyze_us": 50.0, "waits_us": 500.0, "selfplay_per_s": 200.0}


def _median_us(fn: Any, inputs: list[Any]) -> float:
    times = []
    for x in inputs:
        t0 = time.process_time()
        fn(x)
        times.append((time.process_time() - t0) * 1e6)
    return statistics.median(times)


def bench(rules: ZipaiRules, quick: bool, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    n = 300 if quick else 3000
    complete = [random_complete_hand(rng, rules) for _ in range(n)]
    short = []
    for counts in complete:
        hand = list(counts)
        hand[rng.choice(cards_of(hand))] -= 1
        short.append(hand)
    analyze_us = _median_us(lambda c: analyze(c, (), rules), complete)
    waits_us = _median_us(lambda c: waits_json(c, (), rules), short)
    games = 200 if quick else 2000
    t0, w0 = time.process_time(), time.perf_counter()
    selfplay(rules, games, seed)
    per_s = games / (time.process_time() - t0)
    wall = games / (time.perf_counter() - w0)
    return {
        "game": rules.game,
        "analyze_us": round(analyze_us, 1),
        "waits_us": round(waits_us, 1),
        "selfplay_per_s": round(per_s, 1),
        "wall_selfplay_per_s": round(wall, 1),
        "targets": dict(TARGETS),
    }


def run(quick: bool) -> list[dict[str, Any]]:
    return [bench(HUNAN_RULES, quick), bench(GUILIN_RULES, quick)]


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(row)
