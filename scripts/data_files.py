"""Rewrite pyproject's [tool.setuptools.data-files] from the folders the app reads.

python scripts/data_files.py     (tests/test_packaging.py checks the list is complete)
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOTS = ("templates", "static", "translations", "content", "migrations")
PREFIX = "share/long-card-academy"


def folders() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for root in ROOTS:
        for folder in sorted([ROOT / root, *(p for p in (ROOT / root).rglob("*") if p.is_dir())]):
            if "__pycache__" in folder.parts:
                continue
            exts = sorted(
                {f.suffix for f in folder.iterdir() if f.is_file() and f.suffix != ".pyc"}
            )
            if exts:
                rel = folder.relative_to(ROOT).as_posix()
                out[rel] = [f"{rel}/*{e}" if e else f"{rel}/*" for e in exts]
    for key in list(out):  # compiled catalogs (every domain) are built, not committed
        if key.startswith("translations/") and key.endswith("/LC_MESSAGES"):
            out[key] = sorted(set(out[key]) | {f"{key}/*.po", f"{key}/*.mo"})
    out[""] = ["babel.cfg"]
    return out


def main() -> None:
    path = ROOT / "pyproject.toml"
    text = path.read_text(encoding="utf-8")
    lines = ["[tool.setuptools.data-files]"]
    for rel, globs in folders().items():
        key = f"{PREFIX}/{rel}" if rel else PREFIX
        lines.append(f'"{key}" = [{", ".join(chr(34) + g + chr(34) for g in globs)}]')
    block = "\n".join(lines) + "\n"
    text = re.sub(r"\[tool\.setuptools\.data-files\]\n(?:.+\n)*", block, text)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
