"""The built-in content: valid, engine-checked, complete (shared/contracts/content-cli.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.config import ROOT
from app.content.check import check, checklist_files, stats
from app.engine.core.registry import all_variants
from app.learning import bank, lessons
from app.learning.exercise import KINDS
from app.yamlfile import load_yaml

GAMES = [v.id for v in all_variants()]


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
def test_content_check_finds_no_problem():
    assert check() == []


@pytest.mark.slow
def test_content_check_command_exits_zero():
    from click.testing import CliRunner

    from app.cli import content_check

    result = CliRunner().invoke(content_check)
    assert result.exit_code == 0, result.output


def test_stats_keep_the_contract():
    data = stats()
    assert set(data) >= {"games", "glossary_terms", "locales"}
    assert sorted(data["locales"]) == ["en", "zh", "zh-Hant"]  # every language offered
    assert set(data["games"]) == set(GAMES)
    for g in data["games"].values():
        assert {
            "lessons",
            "lesson_steps",
            "exercises",
            "skills",
            "misconceptions",
            "practice_positions",
            "practice_moments",
            "practice_themes",
            "practice_theme_counts",
            "quiz_items",
        } <= set(g)
        assert set(g["exercises"]) == set(KINDS)
        assert set(g["quiz_items"]) == {"authored", "generators"}


@pytest.mark.slow
def test_stats_command_prints_json():
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "content", "stats"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0
    assert json.loads(out.stdout)["games"]["hunan"]["skills"] > 0


def test_the_demo_set_has_ten_of_every_kind():
    counts = bank.kinds_count(bank.demo_set())
    assert all(n >= 10 for n in counts.values()), counts
    data = stats()  # and `academy content stats` counts them, in all and per game
    assert data["demo_exercises"] == counts
    for kind in KINDS:
        assert sum(g["demo_exercises"][kind] for g in data["games"].values()) == counts[kind]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_thirty_authored_quiz_items_and_five_generators_in_the_stats(game):
    from app.learning import quizzes

    g = stats()["games"][game]["quiz_items"]
    assert g["authored"] == len(quizzes.quiz_items(game)) >= 30, g
    assert g["generators"] >= 5, g
    for ex in quizzes.quiz_items(game):  # each in both languages
        assert ex.prompt.zh.strip() and ex.prompt.en.strip(), ex.id


@pytest.mark.parametrize("path", checklist_files(), ids=lambda p: p.stem)
def test_every_rule_point_names_the_step_that_teaches_it(path):
    data = load_yaml(path.read_text(encoding="utf-8"))
    game = data["game"]
    if not lessons.path_of(game):
        pytest.skip(f"{game} has no lessons yet")
    missing = [p["id"] for p in data["points"] if not p.get("taught_in")]
    assert not missing, f"{len(missing)} rule points of {game} are taught nowhere: {missing[:10]}"
    for p in data["points"]:
        assert lessons.step_of(p["taught_in"]) is not None, (p["id"], p["taught_in"])
