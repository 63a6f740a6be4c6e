"""A pip install carries everything the app reads from outside the package."""

from __future__ import annotations

import tomllib
from pathlib import Path

from app.config import ROOT
from app.i18n import compiled_catalogs

DATA_ROOTS = ("templates", "static", "translations", "content", "migrations")


def test_every_data_folder_is_installed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = {
        k.removeprefix("share/long-card-academy/")
        for k in config["tool"]["setuptools"]["data-files"]
    }
    needed = set()
    for root in DATA_ROOTS:
        for folder in [ROOT / root, *(p for p in (ROOT / root).rglob("*") if p.is_dir())]:
            if "__pycache__" in folder.parts:
                continue
            if any(f.is_file() and f.suffix != ".pyc" for f in folder.iterdir()):
                needed.add(folder.relative_to(ROOT).as_posix())
    assert needed <= listed, f"run scripts/data_files.py (missing: {sorted(needed - listed)})"


def test_catalogs_are_compiled_when_only_po_files_exist(tmp_path: Path):
    import shutil

    src = tmp_path / "translations"
    for po in (ROOT / "translations").glob("*/LC_MESSAGES/*.po"):
        dest = src / po.relative_to(ROOT / "translations")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(po, dest)
    out = compiled_catalogs(src, tmp_path / "instance" / "translations")
    assert out == str(tmp_path / "instance" / "translations")
    # every domain of every language folder, not only the templates' messages
    for po in src.glob("*/LC_MESSAGES/*.po"):
        mo = tmp_path / "instance" / po.relative_to(tmp_path).with_suffix(".mo")
        assert mo.stat().st_size > 1000, mo
    assert (tmp_path / "instance/translations/zh/LC_MESSAGES/reasons.mo").exists()
    # compiled .mo beside the .po: used in place
    assert compiled_catalogs(ROOT / "translations", tmp_path / "unused") == str(
        ROOT / "translations"
    )


#: packages that only testing, linting or the browser tests need
NOT_FOR_RUNNING = {
    "pytest",
    "pytest-xdist",
    "hypothesis",
    "playwright",
    "pytest-playwright",
    "pytest-base-url",
    "axe-playwright-python",
    "ruff",
    "mypy",
    "opencc",
}


def _name(requirement: str) -> str:
    import re

    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower()


def test_running_needs_no_test_or_lint_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = {_name(r) for r in config["project"]["dependencies"]}
    assert needed, "the app's own dependencies are listed"
    assert not needed & NOT_FOR_RUNNING


def test_make_run_installs_only_what_running_needs():
    """What `make run` would do on a fresh machine (make -n: printed, not run)."""
    import shutil
    import subprocess

    if not shutil.which("make"):
        import pytest

        pytest.skip("make is not installed")
    out = subprocess.run(
        ["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    installs = [line for line in out.splitlines() if "pip install" in line]
    assert installs, out
    for line in installs:
        assert "[" not in line, f"make run installs extras: {line}"
    assert "academy serve" in out
