"""Benchmark of the Nantong 长牌 engine through the ``Game`` interface.

Per rule set (双将, 单将): the median µs of ``analyze`` on random complete 23-card hands
and of ``waits`` on the same hands one card short, each as the command line does it
(read the text, judge, write the JSON), cold (every cache emptied before each call) and
warm; the median µs of ``encode``/``decode`` (and the seat-view forms) of mid-game
positions; self-play deals per second (invariants checked at every step).

Times are the process's CPU time (``time.process_time``): what one core does, whatever
else runs on the machine. ``benchmarks/engine.py`` imports :func:`run`; run alone with
``.venv/bin/python benchmarks/engine_nantong.py [--quick]``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.core import serial  # noqa: E402
from app.engine.core.memo import clear_caches as clear_engine_caches  # noqa: E402
from app.engine.nantong import clear_caches  # noqa: E402
from app.engine.nantong.cards import NKINDS, hand_text, parse_cards  # noqa: E402
from app.engine.nantong.game import GAME  # noqa: E402
from app.engine.nantong.players import self_played  # noqa: E402
from app.engine.nantong.practice import random_complete  # noqa: E402
from app.engine.nantong.rules import Rules  # noqa: E402

TARGETS = {
    "analyze_us": 200.0,
    "waits_us": 2000.0,
    "selfplay_per_s": 300.0,
    "encode_us": 50.0,
    "decode_us": 50.0,
}
BEFORE = {  # the engine before the Game interface (its CLI hooks), same method and hands
    "nantong 双将": {"analyze_us": 108.7, "waits_us": 303.8, "selfplay_per_s": 407.7},
    "nantong 单将": {"analyze_us": 105.5, "waits_us": 297.2, "selfplay_per_s": 401.1},
}


def _median_us(fn: Callable[[Any], object], inputs: list[Any], cold: bool = False) -> float:
    times = []
    for x in inputs:
        if cold:
            clear_caches()
            clear_engine_caches()  # the core's too (code frames)
        t0 = time.process_time()
        fn(x)
        times.append(time.process_time() - t0)
    return round(statistics.median(times) * 1e6, 1)


def _hands(rng: random.Random, n: int, gtext: str) -> tuple[list[str], list[str]]:
    """Complete hands and the same hands one card short, as text (the hands the
    benchmark has always drawn, so that figures compare)."""
    turned = list(parse_cards(gtext))
    full = []
    for _ in range(n):
        c = random_complete(rng, 7, turned)
        full.append([k for k in range(NKINDS) for _ in range(c[k])])
    short = []
    for cards in full:
        cut = list(cards)
        cut.pop(rng.randrange(len(cut)))
        short.append(cut)
    return [hand_text(h) for h in full], [hand_text(h) for h in short]


def _mid_game(rules: Rules, n: int) -> list[Any]:
    """The position halfway through each of ``n`` self-played deals."""
    rng = random.Random(7)
    out = []
    for i in range(n):
        states = self_played(rules, rng, i % 4)
        out.append(states[len(states) // 2])
    return out


def _row(name: str, rules: Rules, gtext: str, quick: bool) -> dict[str, Any]:
    n = 200 if quick else 2000
    full, short = _hands(random.Random(2026), n, gtext)
    context = {"generals": gtext}

    def analyze(text: str) -> object:
        return serial.analysis_json(GAME.analyze(GAME.holding(text, (), context, rules), rules))

    def waits(text: str) -> object:
        ws = GAME.waits(GAME.holding(text, (), context, rules), rules)
        return serial.waits_json("nantong", "hu", ws)

    states = _mid_game(rules, 50 if quick else 300)
    codes = [GAME.encode(s) for s in states]
    views = [GAME.encode_view(s, s.turn) for s in states]
    games = 200 if quick else 2000
    t0 = time.process_time()
    GAME.selfplay(rules, games, 1)
    per_s = games / (time.process_time() - t0)
    return {
        "game": name,
        "analyze_us": _median_us(analyze, full),
        "analyze_cold_us": _median_us(analyze, full, cold=True),
        "waits_us": _median_us(waits, short),
        "waits_cold_us": _median_us(waits, short, cold=True),
        "encode_us": _median_us(GAME.encode, states),
        "decode_us": _median_us(GAME.decode, codes),
        "decode_cold_us": _median_us(GAME.decode, codes, cold=True),
        "encode_view_us": _median_us(lambda s: GAME.encode_view(s, s.turn), states),
        "decode_view_us": _median_us(GAME.decode_view, views),
        "code_chars_max": max(len(c) for c in codes),
        "selfplay_per_s": round(per_s, 1),
        "targets": dict(TARGETS),
        "before": BEFORE[name],
    }


def run(quick: bool) -> list[dict[str, Any]]:
    return [
        _row("nantong 双将", Rules(), "2t,3w", quick),
        _row("nantong 单将", Rules(generals=1), "4t", quick),
    ]


if __name__ == "__main__":
    for row in run("--quick" in sys.argv):
        print(row, flush=True)
