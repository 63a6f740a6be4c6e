"""Engine benchmark: per game, median µs of ``analyze`` and ``waits``, selfplay deals/s.

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


def _row(r: dict[str, Any]) -> str:
    t = r.get("targets", {})
    cells = []
    for key, label, better in (
        ("analyze_us", "analyze µs (median)", "le"),
        ("waits_us", "waits µs (median)", "le"),
        ("selfplay_per_s", "selfplay deals/s", "ge"),
    ):
        v = r.get(key)
        if v is None:
            cells.append(f"{label}: n/a")
            continue
        target = t.get(key)
        ok = (
            ""
            if target is None
            else (" ok" if (v <= target if better == "le" else v >= target) else " MISSED")
        )
        tt = "" if target is None else f" (target {'≤' if better == 'le' else '≥'} {target})"
        cells.append(f"{label}: {v:,.1f}{tt}{ok}")
    return f"{r['game']:<16} " + " | ".join(cells)


def main() -> int:
    quick = "--quick" in sys.argv
    print(f"Python {sys.version.split()[0]}, one core, quick={quick}")
    for name in FAMILIES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                print(f"{name}: not present yet")
                continue
            raise
        for r in mod.run(quick):
            print(_row(r), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
