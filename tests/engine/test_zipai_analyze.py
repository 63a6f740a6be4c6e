"""``analyze`` and ``waits``: best arrangement, the 将 rule, sizes, the CLI answers."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app.engine.cli import main
from app.engine.core import serial
from app.engine.zipai import analysis
from app.engine.zipai.analysis import holding_of, read_holding
from app.engine.zipai.melds import Meld
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, ZipaiRules
from app.engine.zipai.samples import random_complete_hand


def analyze(counts: list[int], table: list[Meld], rules: ZipaiRules) -> dict[str, Any]:
    return serial.analysis_json(analysis.analyze(holding_of(counts, table, rules), rules))


def waits_json(counts: list[int], table: list[Meld], rules: ZipaiRules) -> dict[str, Any]:
    waits = analysis.waits(holding_of(counts, table, rules), rules)
    return serial.waits_json(rules.game, "huxi", waits)


def run(rules: ZipaiRules, hand: str, *melds: str) -> dict[str, Any]:
    pairs = [tuple(m.split(":", 1)) for m in melds]
    counts, table = read_holding(hand, pairs, rules)  # type: ignore[arg-type]
    return analyze(counts, table, rules)


@pytest.mark.parametrize(
    ("hand", "melds", "complete", "points"),
    [
        # seven groups in hand: 一二三 3 + 壹贰叁 6 + 二七十 3 + 坎 x9 3 + runs 0
        ("一二三 壹贰叁 二七十 四五六 x8 x9 x10 x9 x9 x9 d5 d5 d6", (), False, None),
        ("一二三 壹贰叁 二七十 四五六 伍陆柒 x9 x9 x9 d8 d8 x8", (), True, 15),
        # the best arrangement is chosen: 二七十 scores, 二三四 + 七八九 would not
        ("x2 x7 x10 x2 x3 x4 x7 x8 x9 d4 d5 d6 d5 d6 d7 d1 d1 x1 d9 d9 d9", (), True, 9),
        # a 跑 on the table: exactly one pair (将) among the seven 门子
        ("x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d9 d8 d8 d8", ("pao:d10 d10 d10 d10",), True, 24),
        # with a 跑 and no pair, it is not complete
        (
            "x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d8 d7 d4 d5",
            ("pao:d10 d10 d10 d10",),
            False,
            None,
        ),
        # four alike in hand count as 提 (and then a pair is needed)
        ("x1 x1 x1 x1 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d9 d5 d6 d7 x2 x3 d10", (), False, None),
        ("x1 x1 x1 x1 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d9 d5 d6 d7 x3 x3 x3", (), True, 18),
        # table groups count too
        (
            "x4 x5 x6 x7 x8 x9 d9 d9 d9 d4 d5 d6",
            ("peng:d1 d1 d1", "chi:x1 x2 x3", "wei:x10 x10 x10"),
            True,
            15,
        ),
    ],
)
def test_analyze_table(
    hand: str, melds: tuple[str, ...], complete: bool, points: int | None
) -> None:
    out = run(HUNAN_RULES, hand, *melds)
    assert out["complete"] is complete
    assert out["points"] == points
    if complete:
        assert len(out["melds"]) == 7  # type: ignore[arg-type]
        assert sum(m["points"] for m in out["melds"]) == points  # type: ignore[union-attr,index]


def test_win_needs_the_minimum() -> None:
    hand = "x2 x7 x10 x2 x3 x4 x7 x8 x9 d4 d5 d6 d5 d6 d7 d1 d1 x1 d9 d9 d9"
    assert run(HUNAN_RULES, hand)["win"] is False  # 9 < 15
    assert run(HUNAN_RULES.with_options({"min_huxi": "6"}), hand)["win"] is True
    assert run(GUILIN_RULES, hand)["win"] is False  # 9 < 10


def test_guilin_names_and_count() -> None:
    out = run(
        GUILIN_RULES,
        "x1 x2 x3 x4 x5 x6 x7 x8 x9 d9 d9 d2 d7 d10",
        "wei:d1 d1 d1",
        "kaiduo:x10 x10 x10 x10",
    )
    kinds = [m["kind"] for m in out["melds"]]  # type: ignore[union-attr,index]
    assert "sao" in kinds and "kaiduo" in kinds
    assert out["points"] == 6 + 6 + 3 + 6  # 扫 壹 6, 开舵 十 6, 一二三 3, 贰柒拾 6
    codes = [ln["code"] for ln in out["count"]["lines"]]  # type: ignore[union-attr,index]
    assert codes[-1] == "zp-huxi"
    assert out["settlement"]["total"] == 3  # type: ignore[index]  # 24 胡 = 3 舵


def test_contract_shape() -> None:
    out = run(HUNAN_RULES, "一二三 壹贰叁 二七十 四五六 伍陆柒 x9 x9 x9 d8 d8 x8")
    assert set(out) >= {"variant", "complete", "win", "points", "unit", "melds", "count"}
    assert out["unit"] == "huxi"
    assert all(set(m) == {"kind", "cards", "points"} for m in out["melds"])  # type: ignore[union-attr]


def test_waits() -> None:
    counts, table = read_holding(
        "x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d8 d8 d8", [("pao", "d10 d10 d10 d10")], HUNAN_RULES
    )
    out = waits_json(counts, table, HUNAN_RULES)
    assert out["waits"] == [{"card": "d9", "points": 24, "win": True}]


def test_waits_best_count_per_card() -> None:
    # x1 x2 (waiting x3, scores 一二三) or ... x4 would make 二三四? no: x3 missing
    counts, table = read_holding(
        "x2 x3 d4 d5 d6 d7 d8 d9 x5 x6 x7 x8 x9 x10 d1 d1 d1 d10 d10 d10", [], HUNAN_RULES
    )
    out = waits_json(counts, table, HUNAN_RULES)
    pts = {w["card"]: w["points"] for w in out["waits"]}  # type: ignore[union-attr,index]
    assert pts == {"x1": 3 + 6 + 6, "x4": 6 + 6}


def test_waits_skip_exhausted_cards() -> None:
    counts, table = read_holding(
        "x2 x3 d4 d5 d6 d7 d8 d9 x5 x6 x7 x8 x9 x10 d1 d1 d1 d10 d10 d10",
        [("chi", "x1 x1 d1")],
        HUNAN_RULES,
    )
    with pytest.raises(Exception):  # noqa: B017 - 23 cards: wrong size
        waits_json(counts, table, HUNAN_RULES)


def test_random_complete_hands_are_complete() -> None:
    rng = random.Random(7)
    for _ in range(50):
        counts = random_complete_hand(rng)
        from app.engine.zipai.cards import hand_text

        out = run(HUNAN_RULES, hand_text(counts))
        assert out["complete"]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(list(args))
    return code, json.loads(capsys.readouterr().out)


def test_cli_analyze(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = cli(
        capsys, "analyze", "hunan", "--hand", "一二三 壹贰叁 二七十 四五六 伍陆柒 x9 x9 x9 d8 d8 x8"
    )
    assert code == 0 and out["win"] is True and out["points"] == 15


def test_cli_waits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = cli(
        capsys,
        "waits",
        "guilin",
        "--hand",
        "x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d9 d8 d8 d8",
        "--meld",
        "kaiduo:d10 d10 d10 d10",
    )
    assert code == 0 and out == {
        "variant": "guilin",
        "unit": "huxi",
        "waits": [{"card": "d9", "points": 24, "win": True}],
    }


@pytest.mark.parametrize(
    ("args", "code", "needle"),
    [
        (("analyze", "hunan", "--hand", "x1 x2 q7"), "unknown-card", "q7"),
        (("analyze", "hunan", "--hand", "x1 x1 x1 x1 x1"), "too-many-copies", "x1"),
        (("analyze", "hunan", "--hand", "x1 x2 x3"), "bad-hand-size", "21"),
        (
            ("analyze", "guilin", "--hand", "x1", "--meld", "gang:x2 x2 x2 x2"),
            "unknown-meld-kind",
            "gang",
        ),
        (("analyze", "hunan", "--hand", "x1", "--meld", "peng:x2 x3 x4"), "bad-meld", "peng"),
        (("analyze", "hunan", "--hand", "x1", "--option", "min_huxi=7"), "bad-option", "min_huxi"),
        (("waits", "guilin", "--hand", "x1", "--option", "nonsense=1"), "bad-option", "nonsense"),
    ],
)
def test_cli_errors(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], code: str, needle: str
) -> None:
    status, out = cli(capsys, *args)
    assert status == 2
    assert out["error"]["code"] == code  # type: ignore[index]
    assert needle in out["error"]["message"]  # type: ignore[index]


def test_cli_error_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = cli(capsys, "analyze", "hunan", "--hand", "x1 zz", "--lang", "zh")
    assert status == 2 and "zz" in out["error"]["message"] and "无法识别" in out["error"]["message"]  # type: ignore[index]


def test_cli_selfplay(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = cli(capsys, "selfplay", "guilin", "--games", "5", "--seed", "2")
    assert status == 0 and out["games"] == 5 and out["invariants"] == "ok"


def test_count_lines_match_the_json() -> None:
    from app.engine.zipai.cards import token
    from app.engine.zipai.decompose import arrange

    counts, table = read_holding(
        "x1 x2 x3 x4 x5 x6 x7 x8 x9 d9 d9 d2 d7 d10",
        [("sao", "d1 d1 d1"), ("kaiduo", "x10 x10 x10 x10")],
        GUILIN_RULES,
    )
    arr = arrange(counts, table)
    assert arr is not None
    out = analyze(counts, table, GUILIN_RULES)
    names = GUILIN_RULES.names
    lines = [
        {
            "code": "zp-" + names.get(m.kind, m.kind),
            "points": m.points(),
            "op": "+",
            "params": {"cards": [token(c) for c in m.cards]},
        }
        for m in arr.melds
    ]
    lines.append({"code": "zp-huxi", "points": arr.points, "op": "=", "params": {"min": 10}})
    assert json.loads(json.dumps(out["count"])) == {"total": arr.points, "lines": lines}


def test_concealed_groups_given_as_melds_join_the_hand() -> None:
    hand = "x1 x2 x3 d1 d2 d3 x4 x5 x6 x7 x8 x9 d8 d8 d8"
    as_meld = run(HUNAN_RULES, hand, "pao:d10 d10 d10 d10", "jiang:d9 d9")
    in_hand = run(HUNAN_RULES, hand + " d9 d9", "pao:d10 d10 d10 d10")
    assert as_meld == in_hand and as_meld["points"] == 24
