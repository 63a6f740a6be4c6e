"""Fingerprints of the rule sources, so a test can prove no lesson copies them.

    python scripts/seed_fingerprints.py ../shared/seeds > tests/data/seed_windows.txt

Each seed is fingerprinted as written and in simplified characters (OpenCC's t2s, the
``opencc`` package of the dev extra), so that a sentence of the traditional seed 003
copied in simplified characters is caught too. See app/text/words.py: the repository
holds no text of the sources, only these.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.text.words import windows  # noqa: E402


def fingerprints(seeds: Path) -> set[str]:
    import opencc

    simplified = opencc.OpenCC("t2s").convert
    found: set[str] = set()
    for path in sorted(seeds.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        found |= set(windows(text)) | set(windows(simplified(text)))
    return found


def main() -> None:
    seeds = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/seeds")
    sys.stdout.write("\n".join(sorted(fingerprints(seeds))) + "\n")


if __name__ == "__main__":
    main()
