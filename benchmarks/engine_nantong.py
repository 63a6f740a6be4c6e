"""Benchmark of the Nantong 长牌 engine: ``analyze`` and ``waits`` on 23-card hands
through the CLI hooks (parsing included), and self-play deals per second.

``run(quick)`` returns one row per rule set (双将, 单将). Hands are random complete
hands (a pair plus seven groups) drawn from a fixed seed, so runs are comparable;
``waits`` takes each hand minus one card. Targets: analyze ≤ 200 µs, waits ≤ 2 ms
(medians), self-play ≥ 100 deals/s.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from app.engine.cli import CliRequest
from app.engine.core.registry import find_variant
from app.engine.nantong import game
from app.engine.nantong.cards import NKINDS, hand_text, parse_cards
from app.engine.nantong.practice import random_complete

TARGETS = {"analyze_us": 200, "waits_us": 2000, "selfplay_per_s": 100}


def _hand(rng: random.Random, turned: list[int]) -> list[int]:
    c = random_complete(rng, 7, turned)
    return [k for k in range(NKINDS) for _ in range(c[k])]


def _req(verb: str, cards: list[int], generals: int, gtext: str) -> CliRequest:
    return CliRequest(
        verb=verb,
        variant=find_variant("nantong"),
        hand=hand_text(cards),
        options={"generals": gtext},
        generals=generals,
    )


def _median_us(fn: Any, reqs: list[CliRequest]) -> float:
    times = []
    for r in reqs:
        t = time.perf_counter()
        fn(r)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def _row(name: str, generals: int, gtext: str, quick: bool) -> dict[str, Any]:
    rng = random.Random(2026)
    n = 200 if quick else 2000
    turned = list(parse_cards(gtext))
    hands = [_hand(rng, turned) for _ in range(n)]
    analyze = [_req("analyze", h, generals, gtext) for h in hands]
    waits = []
    for h in hands:
        h2 = list(h)
        h2.pop(rng.randrange(len(h2)))
        waits.append(_req("waits", h2, generals, gtext))
    a_us = _median_us(game.cli_analyze, analyze)
    w_us = _median_us(game.cli_waits, waits)
    games = 200 if quick else 2000
    sp = CliRequest(
        verb="selfplay",
        variant=find_variant("nantong"),
        games=games,
        seed=1,
        generals=generals,
    )
    t = time.perf_counter()
    game.cli_selfplay(sp)
    per_s = games / (time.perf_counter() - t)
    return {
        "game": name,
        "analyze_us": round(a_us, 1),
        "waits_us": round(w_us, 1),
        "selfplay_per_s": round(per_s, 1),
        "targets": dict(TARGETS),
    }


def run(quick: bool) -> list[dict[str, Any]]:
    return [
        _row("nantong 双将", 2, "2t,3w", quick),
        _row("nantong 单将", 1, "4t", quick),
    ]


if __name__ == "__main__":
    import sys

    for row in run("--quick" in sys.argv):
        print(row)
