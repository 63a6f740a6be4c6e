"""The lessons' words are ours: no content shares a run of 12 Chinese characters with a
rule source (compared by fingerprint: tests/data/seed_windows.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import ROOT
from app.content.words import windows

SEEDS = set((Path(__file__).parent / "data" / "seed_windows.txt").read_text().split())
FILES = sorted(
    p for pattern in ("content/**/*.yaml", "content/**/*.json") for p in ROOT.glob(pattern)
)


def test_the_fingerprints_are_there():
    assert len(SEEDS) > 1000


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_content_copies_a_source(path: Path):
    copied = [run for fp, run in windows(path.read_text(encoding="utf-8")).items() if fp in SEEDS]
    assert not copied, f"{path.name} copies the sources: {copied[:3]}"


def test_a_copied_run_is_found_and_a_broken_one_is_not():
    source = "甲乙丙丁戊己庚辛壬癸子丑寅卯"
    prints = set(windows(source))
    assert any(fp in prints for fp in windows("前言" + source[1:13] + "。"))
    assert not any(fp in prints for fp in windows(source[:11] + "，" + source[11:]))
