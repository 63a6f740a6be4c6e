"""The academy's version: the installed package's (``pyproject.toml``), else read from
``pyproject.toml`` beside the app (a checkout that was never installed). CHANGELOG.md
records what each version changed."""

from __future__ import annotations

import re
from functools import cache
from importlib import metadata
from pathlib import Path

PACKAGE = "long-card-academy"


@cache
def version() -> str:
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        found = re.search(r'^version = "([^"]+)"', pyproject.read_text(), re.M)
    except OSError:
        found = None
    return found.group(1) if found else "unknown"
