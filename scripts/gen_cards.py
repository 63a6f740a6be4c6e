"""Regenerate the card pictures in static/cards/ from the catalog (app/cards).

    .venv/bin/python scripts/gen_cards.py          # write every file, remove stale ones
    .venv/bin/python scripts/gen_cards.py --check  # exit 1 if the committed files differ

No make needed; tests/text/test_cards_catalog.py runs the same check.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.ui.svg import render_all  # noqa: E402

OUT = ROOT / "static" / "cards"


def stale_files(out: Path = OUT) -> list[str]:
    """Paths (relative to ``out``) that are missing, different or left over."""
    want = render_all()
    have = {p.relative_to(out).as_posix() for p in out.rglob("*.svg")} if out.exists() else set()
    bad = [
        p
        for p, text in want.items()
        if not (out / p).is_file() or (out / p).read_text("utf-8") != text
    ]
    return sorted(bad + sorted(have - want.keys()))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = stale_files()
        for p in bad:
            print(f"out of date: static/cards/{p}")
        return 1 if bad else 0
    want = render_all()
    for rel, text in want.items():
        path = OUT / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    for p in OUT.rglob("*.svg"):
        if p.relative_to(OUT).as_posix() not in want:
            p.unlink()
    print(f"wrote {len(want)} pictures to {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
