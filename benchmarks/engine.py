"""Engine benchmark: per game, median µs of ``analyze`` and ``waits`` (cold and warm),
of ``encode`` and ``decode`` (a mid-game position), and self-play deals/s.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/engine.py``). Each game family
provides ``benchmarks/engine_<family>.py`` with ``run(quick: bool) -> list[dict]``, one
row per game: ``{"game", "analyze_us", "waits_us", "selfplay_per_s", "targets": {...}}``.
Targets are printed next to each figure; a missed target is marked, never hidden.
Single process, one core.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

FAMILIES = ("engine_zipai", "engine_chuanpai", "engine_nantong")


COLUMNS = (
    # (label, keys to try in order, target key, "le"/"ge")
    ("analyze cold µs", ("analyze_cold_us", "analyze_us"), "analyze_us", "le"),
    ("analyze warm µs", ("analyze_warm_us", "analyze_us"), None, "le"),
    ("waits cold µs", ("waits_cold_us", "waits_us"), "waits_us", "le"),
    ("waits warm µs", ("waits_warm_us", "waits_us"), None, "le"),
    ("encode µs", ("encode_us",), "encode_us", "le"),
    ("decode µs", ("decode_cold_us", "decode_us"), "decode_us", "le"),
    ("longest code", ("code_chars_max",), None, "le"),
    ("selfplay deals/s", ("selfplay_per_s",), "selfplay_per_s", "ge"),
)
DEFAULT_TARGETS = {"encode_us": 50.0, "decode_us": 50.0, "selfplay_per_s": 300.0}


def _cell(r: dict[str, Any], keys: tuple[str, ...], target_key: str | None, better: str) -> str:
    v = next((r[k] for k in keys if r.get(k) is not None), None)
    if v is None:
        return "n/a"
    target = {**DEFAULT_TARGETS, **r.get("targets", {})}.get(target_key) if target_key else None
    if target is None:
        return f"{v:,.1f}"
    ok = v <= target if better == "le" else v >= target
    return f"{v:,.1f} ({'≤' if better == 'le' else '≥'} {target:g}{'' if ok else ' MISSED'})"


def _table(rows: list[dict[str, Any]]) -> str:
    head = "| game | " + " | ".join(c[0] for c in COLUMNS) + " |"
    sep = "|---" * (len(COLUMNS) + 1) + "|"
    lines = [head, sep]
    for r in rows:
        lines.append(f"| {r['game']} | " + " | ".join(_cell(r, *c[1:]) for c in COLUMNS) + " |")
    return "\n".join(lines)


def main() -> int:
    quick = "--quick" in sys.argv
    print(f"Python {sys.version.split()[0]}, one core, quick={quick}")
    rows: list[dict[str, Any]] = []
    for name in FAMILIES:
        rows.extend(importlib.import_module(name).run(quick))
    print("CPU time on one core; cold: every cache emptied before each call; median per call.")
    print(_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
