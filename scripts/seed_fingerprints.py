"""Fingerprints of the rule sources, so a test can prove no lesson copies them.

    python scripts/seed_fingerprints.py ../shared/seeds > tests/data/seed_windows.txt

See app/content/words.py: the repository holds no text of the sources, only these.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.content.words import windows  # noqa: E402


def main() -> None:
    seeds = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/seeds")
    found: set[str] = set()
    for path in sorted(seeds.glob("*.txt")):
        found |= set(windows(path.read_text(encoding="utf-8", errors="replace")))
    sys.stdout.write("\n".join(sorted(found)) + "\n")


if __name__ == "__main__":
    main()
