"""The lessons' words are ours: no content shares a run of 12 Chinese characters with a
rule source (compared by fingerprint: tests/data/seed_windows.txt), whatever the
punctuation or line breaks, and also in simplified characters for the traditional seed."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from app.config import ROOT
from app.text.words import normalize, windows

DATA = Path(__file__).resolve().parents[1] / "data" / "seed_windows.txt"
SEEDS = set(DATA.read_text().split())
FILES = sorted(
    p for pattern in ("content/**/*.yaml", "content/**/*.json") for p in ROOT.glob(pattern)
)
SEED_DIR = Path(os.environ.get("SEEDS_DIR") or ROOT.parent / "shared" / "seeds")


def test_the_rules_pages_are_compared_too():
    from app.engine.core.registry import all_variants

    rules = {p.name for p in FILES if p.parent.name == "rules"}
    assert rules == {f"{v.id}.yaml" for v in all_variants()}  # tests/rules/test_rules_pages.py
    # compares each page as drawn, with the engine's tables, in both languages


def test_the_fingerprints_are_there():
    assert len(SEEDS) > 10000


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_content_copies_a_source(path: Path):
    copied = [run for fp, run in windows(path.read_text(encoding="utf-8")).items() if fp in SEEDS]
    assert not copied, f"{path.name} copies the sources: {copied[:3]}"


def test_a_copied_run_is_found_whatever_its_punctuation_and_a_changed_one_is_not():
    source = "甲乙丙丁戊己，庚辛壬癸（guǐ）子丑寅卯"
    prints = set(windows(source))
    assert normalize(source) == "甲乙丙丁戊己庚辛壬癸子丑寅卯"
    assert any(fp in prints for fp in windows("前言：甲乙丙丁戊己庚辛壬癸子丑。"))
    assert any(fp in prints for fp in windows("甲乙丙、丁戊己\n  庚辛壬，癸子丑"))
    assert not any(fp in prints for fp in windows("甲乙丙丁戊己庚辛壬x癸子丑寅卯"))
    assert not any(fp in prints for fp in windows("甲乙丙丁戊己庚辛壬甲子丑寅卯"))


@pytest.mark.skipif(not SEED_DIR.is_dir(), reason="the seed pages are not beside the repo")
@pytest.mark.skipif(importlib.util.find_spec("opencc") is None, reason="needs the dev extra")
def test_the_fingerprints_are_those_of_the_seeds_also_in_simplified_characters():
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    from seed_fingerprints import fingerprints

    assert fingerprints(SEED_DIR) == SEEDS, "run scripts/seed_fingerprints.py again"
    import opencc

    # seed 003 is traditional: its runs in simplified characters are caught too
    trad = next(SEED_DIR.glob("003_*.txt")).read_text(encoding="utf-8")
    simp = windows(opencc.OpenCC("t2s").convert(trad))
    changed = set(simp) - set(windows(trad))
    assert len(changed) > 1000 and changed <= SEEDS
