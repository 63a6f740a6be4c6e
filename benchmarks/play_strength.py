"""Play strength: the ``strong`` engine player against ``simple``, on duplicate deals.

For each game and each deal (seed → the same cards): the deal is played once with
``simple`` in every seat (the baseline), then once per playing seat with ``strong`` in
that seat and ``simple`` in the others (the seats rotated, so the strong player holds
every hand of the deal). The figure of a deal is the mean, over the seats, of the
strong seat's score minus the same seat's baseline score: luck of the cards cancels,
what is left is the player. Printed per game: the mean difference in the game's unit
with its 95 % interval (normal approximation over the deals), the win rate of a seat
simple → strong, and the strong player's decision time (mean, p99, max).

    .venv/bin/python benchmarks/play_strength.py [--deals N] [--seed S]
        [--games hunan,guilin,...] [--jobs 2]

Two worker processes by default (``--jobs 1``: one): the deals are split in halves.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from app.engine.core.game import Game, Player  # noqa: E402
from app.engine.core.registry import find_game  # noqa: E402

GAMES = ("hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong")
UNITS = {
    "hunan": "囤 (tun)",
    "guilin": "舵 (duo)",
    "chuanpai": "胡 (hu)",
    "chuanpai-tricks": "points",
    "nantong": "胡 (hu)",
}


class Timed:
    """A player whose decision times are recorded (seconds)."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = times

    def choose(self, state: Any, seat: int, legal: Any, rng: random.Random) -> Any:
        t = time.perf_counter()
        got = self.inner.choose(state, seat, legal, rng)
        self.times.append(time.perf_counter() - t)
        return got


def active_seats(game: Game[Any, Any], state: Any) -> list[int]:
    """The seats that play the deal (Nantong's 定醒 seat sits out)."""
    playing = getattr(state, "players", None)
    if isinstance(playing, tuple):
        return list(playing)
    return list(range(game.seats(state)))


def play(
    game: Game[Any, Any], rules: Any, deal_seed: int, dealer: int, table: list[Any]
) -> tuple[int, ...] | None:
    """One deal's scores (``None`` when the deal does not end: never seen)."""
    state = game.new_deal(rules, random.Random(deal_seed), dealer)
    rng = random.Random(deal_seed ^ 0x5EED)
    steps = 0
    while not game.is_over(state):
        seat = game.to_act(state)
        assert seat is not None
        legal = game.legal_actions(state, seat)
        state = game.apply(state, table[seat].choose(state, seat, legal, rng))
        steps += 1
        if steps > 5000:
            return None
    out = game.outcome(state)
    assert out is not None
    return out.scores


def run_deals(args: tuple[str, int, int, int]) -> dict[str, Any]:
    """Deals ``start`` .. ``stop`` - 1 of one game: per deal (difference, wins)."""
    game_id, seed, start, stop = args
    game = find_game(game_id)
    rules = game.default_rules
    times: list[float] = []
    diffs: list[float] = []
    base_wins = strong_wins = seats_played = 0
    for i in range(start, stop):
        deal_seed = seed * 1_000_003 + i
        n = game.table_size(rules)
        dealer = i % n
        first = game.new_deal(rules, random.Random(deal_seed), dealer)
        active = active_seats(game, first)
        simple = [game.player("simple") for _ in range(n)]
        base = play(game, rules, deal_seed, dealer, simple)
        assert base is not None
        total = 0.0
        for k in active:
            table: list[Any] = [game.player("simple") for _ in range(n)]
            table[k] = Timed(game.player("strong"), times)
            got = play(game, rules, deal_seed, dealer, table)
            assert got is not None
            total += got[k] - base[k]
            base_wins += base[k] > 0
            strong_wins += got[k] > 0
            seats_played += 1
        diffs.append(total / len(active))
    return {
        "diffs": diffs,
        "times": times,
        "base_wins": base_wins,
        "strong_wins": strong_wins,
        "seats": seats_played,
    }


def summary(game_id: str, parts: list[dict[str, Any]]) -> dict[str, Any]:
    diffs = [d for p in parts for d in p["diffs"]]
    times = sorted(t for p in parts for t in p["times"])
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    seats = sum(p["seats"] for p in parts)
    return {
        "game": game_id,
        "deals": n,
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
        "base_win": sum(p["base_wins"] for p in parts) / seats,
        "strong_win": sum(p["strong_wins"] for p in parts) / seats,
        "decisions": len(times),
        "t_mean_ms": 1000 * sum(times) / len(times) if times else 0.0,
        "t_p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
        "t_max_ms": 1000 * times[-1] if times else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    games = [g.strip() for g in a.games.split(",") if g.strip()]
    print(
        f"Python {sys.version.split()[0]}, {a.deals} duplicate deals per game, "
        f"seed {a.seed}, {a.jobs} process(es)"
    )
    print(
        "| game | unit | mean strong − simple | 95 % interval | win rate simple → strong "
        "| decisions | ms mean / p99 / max |"
    )
    print("|---|---|---|---|---|---|---|")
    worst = math.inf
    for g in games:
        jobs = max(1, a.jobs)
        cuts = [a.deals * j // jobs for j in range(jobs + 1)]
        chunks = [(g, a.seed, cuts[j], cuts[j + 1]) for j in range(jobs)]
        started = time.perf_counter()
        if jobs == 1:
            parts = [run_deals(chunks[0])]
        else:
            with Pool(jobs) as pool:
                parts = pool.map(run_deals, chunks)
        s = summary(g, parts)
        worst = min(worst, s["low"])
        print(
            f"| {g} | {UNITS.get(g, '')} | {s['mean']:+.2f} | [{s['low']:+.2f}, {s['high']:+.2f}] "
            f"| {100 * s['base_win']:.1f} % → {100 * s['strong_win']:.1f} % "
            f"| {s['decisions']:,} | {s['t_mean_ms']:.2f} / {s['t_p99_ms']:.1f} / "
            f"{s['t_max_ms']:.1f} | ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print("every interval above zero" if worst > 0 else "NOT every interval above zero")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
