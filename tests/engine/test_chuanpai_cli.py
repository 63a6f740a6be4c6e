"""The command-line contract for ``chuanpai`` and ``chuanpai-tricks``."""

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from app.engine.cli import main


def cli(*argv: str) -> tuple[int, dict[str, Any]]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(argv))
    return code, json.loads(buf.getvalue())


def test_analyze_pairing() -> None:
    code, out = cli(
        "analyze", "chuanpai", "--hand", "天牌 人牌 梅子 四六", "--meld", "peng:长三 长三 长三"
    )
    assert code == 0
    assert out["variant"] == "chuanpai" and out["unit"] == "hu"
    assert out["complete"] is True and out["win"] is True and out["points"] == 4
    assert {m["kind"] for m in out["melds"]} == {"peng", "jier"}
    assert out["count"]["total"] == 4


def test_analyze_not_complete() -> None:
    code, out = cli("analyze", "chuanpai", "--hand", "66 44 55")
    assert code == 0 and out["complete"] is False and out["points"] is None and out["melds"] == []


def test_waits_pairing() -> None:
    code, out = cli("waits", "chuanpai", "--hand", "66 44 55 55 16")
    assert code == 0
    assert out["waits"] == [
        {"card": "12", "points": 2},
        {"card": "cs", "points": 2},
        {"card": "ty", "points": 2},
    ]


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (("analyze", "chuanpai", "--hand", "66 77"), "unknown-card"),
        (("analyze", "chuanpai", "--hand", "12 12 12"), "too-many-copies"),
        (("analyze", "chuanpai", "--hand", "66", "--meld", "chi:66 26"), "unknown-meld-kind"),
        (("analyze", "chuanpai", "--hand", "66", "--meld", "peng:66 66 26"), "bad-meld"),
        (("analyze", "chuanpai", "--hand", "66", "--option", "qitou=maybe"), "bad-option"),
        (("analyze", "chuanpai", "--hand", "cs 66", "--option", "jing=off"), "unknown-card"),
        (("analyze", "chuanpai", "--hand", ""), "bad-hand-size"),
        (("analyze", "chuanpai-tricks", "--hand", "财神"), "unknown-card"),
        (("analyze", "chuanpai-tricks", "--hand", "66 66 66 66 66"), "too-many-copies"),
        (("waits", "chuanpai-tricks", "--hand", "66"), "unsupported-verb"),
    ],
)
def test_errors(argv: tuple[str, ...], error: str) -> None:
    code, out = cli(*argv)
    assert code == 2
    assert out["error"]["code"] == error
    assert out["error"]["message"]
    code_zh, out_zh = cli(*argv, "--lang", "zh")
    assert code_zh == 2 and out_zh["error"]["message"] != out["error"]["message"]


def test_analyze_tricks_pile() -> None:
    pile = "丁丁 丁丁 二红 天牌 天牌 天牌 地牌 地牌 人牌 人牌 和牌 和牌 梅子 梅子 长三 长三 斧头"
    code, out = cli("analyze", "chuanpai-tricks", "--hand", pile)
    assert code == 0 and out["variant"] == "chuanpai-tricks"
    assert out["win"] is True and out["points"] == 17 and out["value"] == 2 and out["fan"] == 1
    code, out = cli("analyze", "chuanpai-tricks", "--hand", "天牌 " * 15, "--option", "in_hand=5")
    assert code == 2  # five 天牌 is too many
    code, out = cli(
        "analyze",
        "chuanpai-tricks",
        "--hand",
        "天牌 地牌 人牌 和牌 梅子 " * 3,
        "--option",
        "in_hand=5",
    )
    assert code == 0 and out["tuoshou"] is True and out["win"] is False


@pytest.mark.parametrize("variant", ["chuanpai", "chuanpai-tricks", "川牌", "天九"])
def test_selfplay(variant: str) -> None:
    code, out = cli("selfplay", variant, "--games", "20", "--seed", "3")
    assert code == 0
    assert out["games"] == 20 and out["invariants"] == "ok"
    assert sum(out["wins_per_seat"]) + out["drawn"] == 20
    assert out["mean_actions"] > 0


def test_selfplay_is_deterministic() -> None:
    a = cli("selfplay", "chuanpai", "--games", "10", "--seed", "9")[1]
    b = cli("selfplay", "chuanpai", "--games", "10", "--seed", "9")[1]
    assert a["wins_per_seat"] == b["wins_per_seat"] and a["mean_actions"] == b["mean_actions"]


def test_options_pairing_position(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"hand": "13 66 26", "card": "24", "from": "discard"}), "utf-8")
    code, out = cli("options", "chuanpai", "--position", str(pos))
    assert code == 0
    assert [a["kind"] for a in out["actions"]] == ["bai"]
    assert out["actions"][0]["forced"] is True
    assert out["spare"] == ["13"]  # 26 + 66 are a 挤儿; the 13 is the 光棍


def test_options_full_state(tmp_path: Path) -> None:
    import random

    from app.engine.chuanpai.pairing import GAME as PAIRING
    from app.engine.chuanpai.tricks import GAME as TRICKS

    state = PAIRING.new_deal(PAIRING.default_rules, random.Random(1))
    pos = tmp_path / "state.json"
    pos.write_text(json.dumps(PAIRING.to_json(state)), "utf-8")
    code, out = cli("options", "chuanpai", "--position", str(pos))
    assert code == 0 and out["phase"] == "lay" and out["actions"]
    tstate = TRICKS.new_deal(TRICKS.default_rules, random.Random(1))
    pos.write_text(json.dumps(TRICKS.to_json(tstate)), "utf-8")
    code, out = cli("options", "chuanpai-tricks", "--position", str(pos))
    assert code == 0 and out["seat"] == 0 and out["actions"]


def test_options_tricks_position(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"hand": "天牌 梅子 红五", "trick": ["四六"]}), "utf-8")
    code, out = cli("options", "chuanpai-tricks", "--position", str(pos))
    assert code == 0
    assert {tuple(a["cards"]) for a in out["actions"]} == {("66",), ("55",)}


@pytest.mark.parametrize(
    ("variant", "doc"),
    [
        ("chuanpai", {"hand": "66 77"}),
        ("chuanpai", {"hand": "66", "card": "xx"}),
        ("chuanpai", {"seats": [{"hand": []}]}),
        ("chuanpai-tricks", {"hand": "66", "trick": ["66 11"]}),
        ("chuanpai-tricks", {"hands": "nope"}),
    ],
)
def test_options_bad_position(tmp_path: Path, variant: str, doc: dict[str, Any]) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(doc), "utf-8")
    code, out = cli("options", variant, "--position", str(pos))
    assert code == 2
    assert out["error"]["code"] in ("bad-position", "unknown-card")


def test_options_full_state_must_hold_the_deck(tmp_path: Path) -> None:
    import random

    from app.engine.chuanpai.pairing import GAME as PAIRING

    doc = PAIRING.to_json(PAIRING.new_deal(PAIRING.default_rules, random.Random(1)))
    doc["stock"] = doc["stock"][1:]
    pos = tmp_path / "state.json"
    pos.write_text(json.dumps(doc), "utf-8")
    code, out = cli("options", "chuanpai", "--position", str(pos))
    assert code == 2 and out["error"]["code"] == "bad-position"
