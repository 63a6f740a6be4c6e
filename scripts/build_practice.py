"""Build a game's practice library from deals the engine plays.

    .venv/bin/python scripts/build_practice.py hunan [--per-theme 20] [--seed 1] [--deals 4000]
    .venv/bin/python scripts/build_practice.py hunan --answers   # the stored answers only

Plays deals with the engine's players and, at every decision, asks each of the game's
themes whether the moment fits; keeps up to ``--per-theme`` distinct positions per theme,
each with the theme's estimate of its difficulty as its starting rating, and writes
``content/practice/<game>.yaml``, each with the engine's answer
(``practice.library_answer``), which tests/practice/test_practice_library.py solves again and
compares. Deterministic for a seed. ``--answers`` keeps the positions of the file and
writes their answers again (after a deliberate change of a theme's answer). Themes that deals rarely
reach should build their positions directly (``Theme.direct``): the script uses it when
the deals give too few.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from app.learning import practice  # noqa: E402
from app.yamlfile import load_yaml  # noqa: E402


def build(
    game_id: str, per_theme: int, seed: int, deals: int
) -> dict[str, list[dict[str, object]]]:
    themes = practice.themes(game_id)
    found: dict[str, dict[str, dict[str, object]]] = {t: {} for t in themes}
    rng = random.Random(seed)
    for game, state, seat in practice.moments(game_id, rng, deals):
        if all(len(v) >= per_theme for v in found.values()):
            break
        code = None
        for tid, th in themes.items():
            if len(found[tid]) >= per_theme:
                continue
            q = th.ask(game, state, seat)
            if q is None:
                continue
            code = code or game.encode(state)
            found[tid].setdefault(
                f"{seat}:{code}",
                {"theme": tid, "seat": seat, "code": code, "rating": round(q.rating)},
            )
    for tid, th in themes.items():  # rare themes: built directly
        tries = 0
        while th.direct is not None and len(found[tid]) < per_theme and tries < per_theme * 20:
            tries += 1
            made = th.direct(rng)
            if made is None:
                continue
            state, seat = made
            game = practice.find_game(game_id)
            q = th.ask(game, state, seat)
            if q is not None:
                code = game.encode(state)
                found[tid].setdefault(
                    f"{seat}:{code}",
                    {"theme": tid, "seat": seat, "code": code, "rating": round(q.rating)},
                )
    return {tid: list(v.values()) for tid, v in found.items()}


def with_answers(items: list[dict[str, object]]) -> list[dict[str, object]]:
    out = []
    for item in items:
        ex = practice.exercise(str(item["theme"]), int(str(item["seat"])), str(item["code"]))
        if ex is None:
            raise SystemExit(f"{item['theme']}: a position no longer fits its theme")
        out.append({**item, "answer": practice.library_answer(ex)})
    return out


def write(game: str, positions: list[dict[str, object]], header: str) -> Path:
    out = ROOT / "content" / "practice" / f"{game}.yaml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        header
        + yaml.safe_dump(
            {"game": game, "positions": positions},
            allow_unicode=True,
            sort_keys=False,
            width=1000,
        ),
        encoding="utf-8",
    )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--per-theme", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--answers", action="store_true", help="only write the answers again")
    args = ap.parse_args()
    path = ROOT / "content" / "practice" / f"{args.game}.yaml"
    if args.answers:
        text = path.read_text(encoding="utf-8")
        header = "".join(line + "\n" for line in text.splitlines() if line.startswith("#"))
        items = load_yaml(text)["positions"]
        out = write(args.game, with_answers(items), header)
        print(f"{len(items)} answers → {out.relative_to(ROOT)}")
        return
    found = build(args.game, args.per_theme, args.seed, args.deals)
    positions = with_answers([p for items in found.values() for p in items])
    header = f"# Built by scripts/build_practice.py {args.game} --per-theme {args.per_theme} --seed {args.seed}\n"
    out = write(args.game, positions, header)
    for tid, items in found.items():
        print(f"{tid}: {len(items)}")
    print(f"{len(positions)} positions → {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
