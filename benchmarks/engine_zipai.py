"""字牌 benchmark (Hunan, Guilin), through the :class:`Game` interface, on one core.

Per game: the median µs of ``analyze`` over random complete 21-card hands and of
``waits`` over the same hands one card short, each **cold** (every memo of the engine
emptied before each timed call: ``decompose.clear_memos``, ``players.clear_memo``) and
**warm** (memos kept across calls); the median µs of ``encode`` and ``decode`` of
mid-game positions (a deal played 15 to 35 actions on, not over); and self-play deals
per second. Every timed call builds the typed answer (``Analysis``, ``Wait`` list, the
code, ``State``); each input's time is its best of three calls.

``benchmarks/engine.py`` imports :func:`run` (its ``analyze_us``/``waits_us`` are the
cold figures, the targets' measure); run alone with
``.venv/bin/python benchmarks/engine_zipai.py [--quick]`` for every figure.

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
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.core.memo import clear_caches  # noqa: E402
from app.engine.core.registry import find_game  # noqa: E402
from app.engine.zipai.analysis import holding_of  # noqa: E402
from app.engine.zipai.cards import cards_of  # noqa: E402
from app.engine.zipai.decompose import clear_memos  # noqa: E402
from app.engine.zipai.players import clear_memo  # noqa: E402
from app.engine.zipai.samples import random_complete_hand  # noqa: E402

REPEAT = 3
TARGETS = {
    "analyze_us": 20.0,
    "waits_us": 120.0,
    "encode_us": 50.0,
    "decode_us": 50.0,
    "selfplay_per_s": 300.0,
}


def _median_us(fn: Callable[[Any], object], inputs: list[Any], cold: bool) -> float:
    """The median over ``inputs`` of each one's best of :data:`REPEAT` timed calls (the
    best of a few filters out the interruptions of a busy machine)."""
    times = []
    clock = time.process_time
    for x in inputs:
        best = float("inf")
        for _ in range(REPEAT):
            if cold:
                _clear()
            t0 = clock()
            fn(x)
            best = min(best, clock() - t0)
        times.append(best * 1e6)
    return statistics.median(times)


def _clear() -> None:
    clear_memos()
    clear_memo()
    clear_caches()  # every other memo of the engine (views, code texts, waits)


def _positions(game: Any, n: int, rng: random.Random) -> list[Any]:
    """Mid-game positions: deals played on 15 to 35 actions, still going on."""
    out = []
    player = game.player()
    while len(out) < n:
        state = game.new_deal(game.default_rules, rng, len(out) % 3)
        for _ in range(rng.randint(15, 35)):
            seat = game.to_act(state)
            if seat is None:
                break
            legal = game.legal_actions(state, seat)
            state = game.apply(state, player.choose(state, seat, legal, rng))
        if not game.is_over(state):
            out.append(state)
    return out


def bench(variant: str, quick: bool, seed: int = 1) -> dict[str, Any]:
    game = find_game(variant)
    rules = game.default_rules
    rng = random.Random(seed)
    n = 300 if quick else 3000
    complete = [random_complete_hand(rng, rules) for _ in range(n)]
    short = []
    for counts in complete:
        hand = list(counts)
        hand[rng.choice(cards_of(hand))] -= 1
        short.append(hand)
    full = [holding_of(c, (), rules) for c in complete]
    one_short = [holding_of(c, (), rules) for c in short]
    positions = _positions(game, 100 if quick else 500, rng)
    codes = [game.encode(s) for s in positions]
    out: dict[str, Any] = {"game": variant}
    for label, cold in (("cold", True), ("warm", False)):
        out[f"analyze_{label}_us"] = _median_us(lambda h: game.analyze(h, rules), full, cold)
        out[f"waits_{label}_us"] = _median_us(lambda h: game.waits(h, rules), one_short, cold)
    out["encode_us"] = _median_us(game.encode, positions, True)
    out["decode_us"] = _median_us(game.decode, codes, True)
    out["code_chars_max"] = max(len(c) for c in codes)
    games = 200 if quick else 2000
    t0, w0 = time.process_time(), time.perf_counter()
    game.selfplay(rules, games, seed)
    out["selfplay_per_s"] = games / (time.process_time() - t0)
    out["wall_selfplay_per_s"] = games / (time.perf_counter() - w0)
    out["analyze_us"] = out["analyze_cold_us"]
    out["waits_us"] = out["waits_cold_us"]
    out = {k: round(v, 1) if isinstance(v, float) else v for k, v in out.items()}
    out["targets"] = dict(TARGETS)
    return out


def run(quick: bool) -> list[dict[str, Any]]:
    return [bench("hunan", quick), bench("guilin", quick)]


def _line(row: dict[str, Any]) -> str:
    t = row["targets"]
    cells = [
        f"analyze µs cold {row['analyze_cold_us']} (≤ {t['analyze_us']}) warm {row['analyze_warm_us']}",
        f"waits µs cold {row['waits_cold_us']} (≤ {t['waits_us']}) warm {row['waits_warm_us']}",
        f"encode µs {row['encode_us']} (≤ {t['encode_us']})",
        f"decode µs {row['decode_us']} (≤ {t['decode_us']})",
        f"longest code {row['code_chars_max']} chars",
        f"selfplay {row['selfplay_per_s']}/s CPU (≥ {t['selfplay_per_s']}), "
        f"{row['wall_selfplay_per_s']}/s wall",
    ]
    return f"{row['game']:<7} " + " | ".join(cells)


if __name__ == "__main__":
    for r in run("--quick" in sys.argv):
        print(_line(r), flush=True)
