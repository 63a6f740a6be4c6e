"""Worked examples: complete hands counted line by line through the CLI contract."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine.cli import run
from app.engine.core.errors import EngineError


def analyze(hand: str, *extra: str) -> dict[str, Any]:
    return run(["analyze", "nantong", "--hand", hand, *extra])


def lines(res: dict[str, Any]) -> list[tuple[str, int]]:
    return [(ln["code"], ln["points"]) for ln in res["count"]["lines"]]


def test_tazihu_putong_jiang() -> None:
    # 普通将 二条 三万: 二丙 counts as 将; 碰 红花; 自摸 五万 in the middle of 四五六万.
    res = analyze(
        "2b 2b 2b 5t 5t 5t 1w 2w 3w 4w 5w 6w 7t 8t 9t 6b 7b 8b 9b 9b",
        "--meld",
        "peng:hh,hh,hh",
        "--option",
        "generals=2t,3w",
        "--option",
        "win=5w",
        "--option",
        "zimo=yes",
    )
    assert res["complete"] and res["win"] and res["unit"] == "hu"
    assert res["hand_type"] == "tazihu"
    assert lines(res) == [
        ("nt-peng", 4),
        ("nt-an-ke", 4),  # 五条, not 在将
        ("nt-an-ke", 8),  # 二丙: the value of a turned card
        ("nt-dihu", 20),  # 16 rounded up
        ("nt-chenghu", 20),
        ("nt-zimo", 10),
        ("nt-yazi", 10),
    ]
    assert res["points"] == 60


def test_piaohu_shuanglong_hui() -> None:
    # 双龙会 红花 白花: three 红花 laid as 起手 龙 (128), 碰 千字 (16), 九条 in hand (32).
    res = analyze(
        "9t 9t 9t 5b 5b 5b 7w 7w 7w 1b 2b 3b 4t 4t 4t 8b 8b 8b 6w 6w",
        "--meld",
        "long:hh,hh,hh",
        "--meld",
        "peng:qz,qz,qz",
        "--option",
        "generals=hh,bh",
        "--option",
        "win=6w",
    )
    assert res["hand_type"] == "piaohu"
    assert lines(res) == [
        ("nt-long", 128),  # a 叫牌 meld: takes none of the seven places
        ("nt-peng", 16),
        ("nt-an-ke", 4),
        ("nt-an-ke", 32),  # 九条
        ("nt-an-ke", 4),
        ("nt-an-ke", 4),
        ("nt-an-ke", 4),
        ("nt-dihu", 200),  # 192 rounded up
        ("nt-chenghu", 20),
        ("nt-piaohu-30", 30),
        ("nt-diaotou", 10),
        ("nt-wenqian", 20),
        ("nt-piaohu-x2", 2),
    ]
    assert res["points"] == 560  # (200 + 20 + 30 + 10 + 20) × 2


def test_qinghu_dan_jiang_with_bazi() -> None:
    # 单将 四条: 清胡 80; three each of 一二三条 all in runs are 把子.
    res = analyze(
        "1t 1t 1t 2t 2t 2t 3t 3t 3t 4b 5b 6b 7b 8b 9b 4w 5w 6w 7w 8w 9w 5t 5t",
        "--generals",
        "1",
        "--option",
        "generals=4t",
        "--option",
        "win=5t",
    )
    assert res["hand_type"] == "qinghu"
    assert lines(res) == [
        ("nt-qinghu", 80),
        ("nt-diaotou", 10),
        ("nt-bazi", 8),  # 一条: 头尾
        ("nt-bazi", 2),
        ("nt-bazi", 2),
        ("nt-jinzheng", 110),
    ]
    assert res["points"] == 110


def test_sanlao_huiqi() -> None:
    res = analyze(
        "qz qz qz hh hh hh bh bh bh 1b 2b 3b 2t 3t 4t 6b 7b 8b 7w 8w 9w 9b 9b",
        "--option",
        "generals=5t,6w",
        "--option",
        "win=8w",
    )
    assert lines(res) == [
        ("nt-an-ke", 8),
        ("nt-an-ke", 8),
        ("nt-an-ke", 8),
        ("nt-sanlao-huiqi", 24),
        ("nt-dihu", 50),
        ("nt-chenghu", 20),
        ("nt-yazi", 10),
        ("nt-wenqian", 20),
    ]
    assert res["points"] == 100


def test_menpiao_tiancheng_dan_jiang() -> None:
    # 单将 红花 turned: 老将 row 8/16/32/48/64; three 红花 dealt with the turned one: 龙 64.
    res = analyze(
        "qz qz qz hh hh hh 1w 1w 1w 5t 5t 5t 9b 9b 9b 1b 2b 3b 6b 6b 6b 7t 7t",
        "--generals",
        "1",
        "--option",
        "generals=hh",
        "--option",
        "qishou=hh",
        "--option",
        "tiancheng=yes",
    )
    assert lines(res) == [
        ("nt-an-ke", 16),  # 千字
        ("nt-long", 64),  # 红花 ×3 with the turned one, dealt
        ("nt-an-ke", 2),  # 五条
        ("nt-an-ke", 2),  # 六丙
        ("nt-an-ke", 8),  # 九丙: 头尾
        ("nt-an-ke", 8),  # 一万: 头尾
        ("nt-dihu", 100),
        ("nt-chenghu", 20),
        ("nt-zimo", 10),  # 天成 is self-drawn: 自摸 counts too
        ("nt-wenqian", 20),
        ("nt-piaohu-x2", 2),
        ("nt-menpiao", 2),
        ("nt-tiancheng", 2),
    ]
    assert res["points"] == 1200  # (100 + 20 + 10 + 20) × 2 × 2 × 2


def test_without_qishou_the_turned_three_count_as_houmo() -> None:
    res = analyze(
        "qz qz qz hh hh hh 1w 1w 1w 5t 5t 5t 9b 9b 9b 1b 2b 3b 6b 6b 6b 7t 7t",
        "--generals",
        "1",
        "--option",
        "generals=hh",
    )
    assert ("nt-an-gang", 48) in lines(res)


def test_the_best_arrangement_is_chosen() -> None:
    # 一一一二二二三三三丙 can be three 文钱 (100) or three 稞子.
    res = analyze("1b 1b 1b 2b 2b 2b 3b 3b 3b 4t 4t 4t 5w 5w 5w 7w 7w 7w 8t 8t 8t 9w 9w")
    assert res["hand_type"] == "piaohu"
    # 三文钱与在手刻子重复算胡: the three 文钱 also count as three 暗刻
    assert lines(res) == [
        ("nt-an-ke", 4),
        ("nt-an-ke", 4),
        ("nt-an-ke", 4),
        ("nt-an-ke", 4),
        ("nt-wenqian-ke", 4),
        ("nt-wenqian-ke", 4),
        ("nt-wenqian-ke", 4),
        ("nt-dihu", 30),
        ("nt-chenghu", 20),
        ("nt-piaohu-30", 30),
        ("nt-wenqian", 100),
        ("nt-piaohu-x2", 2),
        ("nt-menpiao", 2),
    ]
    assert res["points"] == 720


def test_not_complete() -> None:
    res = analyze("1b 1b 1b 2b 2b 2b 3b 3b 3b 4t 4t 4t 5w 5w 5w 7w 7w 7w 8t 8t 8t 9w 1w")
    assert res == {**res, "complete": False, "win": False, "points": None, "melds": []}


def test_multipliers_compound() -> None:
    base = "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 5w 6w 7w 8w 9w 1w 2w 3w bh bh"
    plain = analyze(base)["points"]
    assert plain == 120  # 清胡 100 + 文钱 20
    res = analyze(base, "--option", "dihu=yes", "--option", "tianting=yes")
    assert res["points"] == 480


def test_four_wenqian_option() -> None:
    hand = "1b 1b 1b 1b 2b 2b 2b 2b 3b 3b 3b 3b 4t 5t 6t 7t 8t 9t 4w 5w 6w hh hh"
    # 清胡 with four 文钱: the four count nothing, the 把子 36 still do
    assert lines(analyze(hand)) == [
        ("nt-qinghu", 100),
        ("nt-bazi", 12),
        ("nt-bazi", 12),
        ("nt-bazi", 12),
        ("nt-wenqian", 0),
        ("nt-jinzheng", 140),
    ]
    res = analyze(hand, "--option", "wenqian_four=200")
    assert dict(lines(res))["nt-wenqian"] == 200
    assert res["points"] == 340


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--hand", "1t 2t zz"], "unknown-card"),
        (["--hand", "1t 1t 1t 1t 1t"], "too-many-copies"),
        (["--hand", "1t 2t 3t"], "bad-hand-size"),
        (["--hand", "1t", "--meld", "chi:1t,2t,3t"], "unknown-meld-kind"),
        (["--hand", "1t", "--meld", "peng:1t,2t,3t"], "bad-meld"),
        (["--hand", "1t", "--option", "colour=red"], "bad-option"),
        (["--hand", "1t", "--option", "generals=hh,bh,qz"], "bad-option"),
        (["--hand", "fu"], "unknown-card"),  # 喜 only with --xi
    ],
)
def test_bad_input_is_refused_with_a_code(argv: list[str], code: str) -> None:
    with pytest.raises(EngineError) as exc:
        run(["analyze", "nantong", *argv])
    assert exc.value.code == code


def test_chinese_names_and_traditional() -> None:
    a = analyze(
        "一條二條三條 4t 5t 6t 7t 8t 9t 一餅二饼三丙 四萬五万六万 7w 8w 9w 1w 2w 3w 白花 白花"
    )
    assert a["points"] == 120


def test_waits() -> None:
    res = run(
        [
            "waits",
            "nantong",
            "--hand",
            "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 5w 6w 7w 8w 9w 1w 2w 3w bh",
        ]
    )
    assert res["waits"] == [{"card": "bh", "points": 130}]  # 清胡 100 + 吊头 10 + 文钱 20


def test_xi_as_wild() -> None:
    res = analyze(
        "1t 2t 3t 4t 5t 6t 7t 8t 9t 1b 2b 3b 4w 5w 6w 7w 8w 9w 1w 2w 3w bh fu",
        "--xi",
    )
    assert res["complete"]
    assert ("nt-xi", 10) in lines(res)


def test_an_unlaid_four_counts_as_an_gang() -> None:
    # 窟 kept in hand: three 五条 as a group, the fourth in 五六七条: 暗杠 12, not 暗刻 4
    res = analyze("5t 5t 5t 5t 6t 7t 1w 2w 3w 4w 5w 6w 7b 8b 9b 2b 2b 2b 9w 9w 9w hh hh")
    assert lines(res)[:3] == [("nt-an-gang", 12), ("nt-an-ke", 4), ("nt-an-ke", 4)]
    assert res["points"] == 40  # 底胡 20 + 成胡 20


PIAO = "1t 1t 1t 2b 2b 2b 5w 5w 5w 7t 7t 7t 8b 8b 8b 9w 9w 9w 4t 4t 4t 6w 6w"
QING = "1t 2t 3t 4t 5t 6t 7t 8t 9t 4b 5b 6b 7b 8b 9b 4w 5w 6w 7w 8w 9w bh bh"
TAZI = "1t 1t 1t 2b 2b 2b 5w 5w 5w 7t 8t 9t 4b 5b 6b 7w 8w 9w 1w 2w 3w 6w 6w"


@pytest.mark.parametrize(
    ("hand", "generals", "extra", "expected"),
    [
        # 飘胡 双将: (底胡 30 + 成胡 20 + 30) × 2, 闷飘 × 2
        (PIAO, "2", [], (30 + 20 + 30) * 2 * 2),
        # 飘胡 单将: (底胡 30 + 成胡 20) × 2, 闷飘 × 2 (一条 and 九万 are 头尾: 8 each)
        (PIAO, "1", [], (30 + 20) * 2 * 2),
        # 其他 inside the doubling: 自摸 10
        (PIAO, "2", ["--option", "zimo=yes"], (30 + 20 + 10 + 30) * 2 * 2),
        # 清胡 双将 100, 单将 80
        (QING, "2", [], 100),
        (QING, "1", [], 80),
        # 塌子胡: 底胡 20 (4 + 4 + 4) + 成胡 20
        (TAZI, "2", [], 40),
        # 塌子胡 单将: 一条 8, 二丙 2, 五万 2 → 20, + 20
        (TAZI, "1", [], 40),
        # the multipliers ×2 each
        (TAZI, "2", ["--option", "haidi=yes", "--option", "zimo=yes"], 100),
        # 海底捞月 is self-drawn: 自摸 10 counts too, then ×2 (RULES.md)
        (TAZI, "2", ["--option", "haidi=yes"], 100),
        (TAZI, "2", ["--option", "gangkai=yes"], 50),
    ],
)
def test_formulas(hand: str, generals: str, extra: list[str], expected: int) -> None:
    assert analyze(hand, "--generals", generals, *extra)["points"] == expected


def test_yihutou_dan_jiang() -> None:
    # 单将 四条: the only three alike is a 碰 of 五条 (1 胡): 底胡 10 + 成胡 20, ×2
    res = analyze(
        "1t 2t 3t 4b 5b 6b 7b 8b 9b 1w 2w 3w 4w 5w 6w 7w 8w 9w 2b 2b",
        "--generals",
        "1",
        "--option",
        "generals=4t",
        "--meld",
        "peng:5t,5t,5t",
    )
    assert lines(res) == [
        ("nt-peng", 1),
        ("nt-dihu", 10),
        ("nt-chenghu", 20),
        ("nt-yihutou", 2),
    ]
    assert res["points"] == 60


@pytest.mark.parametrize(
    ("hand", "generals", "turned", "expected"),
    [
        # no 喜 held: 穷狠 ×2 (清胡 100 + 吊头 0 → 100 × 2)
        (QING, "2", "2t,3w", [("nt-qinghu", 100), ("nt-qionghen", 2)]),
        # 单将 with a 喜 turned and none held: 穷穷狠 ×4
        (QING, "1", "xi", [("nt-qinghu", 80), ("nt-qiongqionghen", 4)]),
        # two 喜 held (as 九条 and 白花): 喜 30, doubled in 单将 when a 喜 is turned
        (
            QING.replace("9t", "fu").replace("bh bh", "bh lu"),
            "1",
            "xi",
            [("nt-qinghu", 80), ("nt-xi", 30), ("nt-xi-double", 30)],
        ),
    ],
)
def test_xi(hand: str, generals: str, turned: str, expected: list[tuple[str, int]]) -> None:
    res = analyze(hand, "--xi", "--generals", generals, "--option", f"generals={turned}")
    assert lines(res) == expected


def test_an_incomplete_hand_still_counts_for_settlement() -> None:
    # 不管是否胡牌都可以有胡算: 碰 红花 4 + three 二丙 (在将) 8 + four 五条 (unlaid 窟) 12
    res = analyze(
        "2b 2b 2b 5t 5t 5t 5t 1w 3w 4w 6w 7t 9t 6b 7b 9b 9b 9w 1b 4b",
        "--meld",
        "peng:hh,hh,hh",
        "--option",
        "generals=2t,3w",
    )
    assert not res["complete"] and res["reason"]["code"] == "nt-not-complete"
    got = [(ln["code"], ln["points"]) for ln in res["nonwinner_count"]["lines"]]
    assert got == [("nt-peng", 4), ("nt-an-gang", 12), ("nt-an-ke", 8), ("nt-dihu", 30)]
    assert res["nonwinner_count"]["total"] == 30


def _count(hand: str, **ctx: bool) -> list[tuple[str, int]]:
    """The count lines of ``hand`` (双将, no card turned) won as ``ctx`` says."""
    from app.engine.nantong.cards import counts_of, parse_cards
    from app.engine.nantong.count import WinContext
    from app.engine.nantong.judge import judge
    from app.engine.nantong.rules import Rules, make_generals

    v = judge(counts_of(parse_cards(hand)), (), make_generals((), True), Rules(), WinContext(**ctx))
    assert v.count is not None
    return [(ln.code, ln.points) for ln in v.count.lines]


@pytest.mark.parametrize("how", ["haidi", "tiancheng"])
def test_a_self_drawn_multiplier_counts_zimo_too(how: str) -> None:
    # 海底捞月 (RULES.md) and 天成 (the engine's choice) are self-drawn: 自摸 10, then ×2
    got = _count(TAZI, **{how: True})
    assert ("nt-zimo", 10) in got
    assert got == _count(TAZI, zimo=True, **{how: True})


def test_the_generals_flag_and_the_turned_generals() -> None:
    # --generals 1 is the rule (单将); --option generals=4t the card turned (context)
    res = analyze(QING, "--generals", "1", "--option", "generals=4t", "--xi")
    assert res["rules"] == {
        "generals": 1,
        "xi": True,
        "wenqian_four": 0,
        "qionghen": True,
        "final_round": True,
    }
    assert res["generals"] == {"cards": ["4t"], "situation": "dan-jiang"}
    with pytest.raises(EngineError) as exc:
        analyze(QING, "--generals", "1", "--option", "generals=4t,5t")
    assert exc.value.params["option"] == "generals"
