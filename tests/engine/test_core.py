"""The engine core: a library with no web imports, stable errors, a CLI that never crashes."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.config import ROOT
from app.engine import EngineError, Reason, find_variant
from app.engine.cli import main
from app.engine.core.tokens import TokenTable, check_copies
from app.text.messages import render

BANNED = {"flask", "flask_babel", "flask_sqlalchemy", "sqlalchemy", "babel", "werkzeug", "jinja2"}
ENGINE = ROOT / "app" / "engine"
#: the command-line edge: the only engine modules that may render prose
EDGE = {ENGINE / "cli.py", ENGINE / "__main__.py"}


def _imported(path: Path) -> list[str]:
    """Every module ``path`` names in an import (``from app.text import messages`` names
    ``app.text.messages``) or hands to ``importlib.import_module`` as a literal."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            names += [a.value for a in node.args if isinstance(a, ast.Constant)]
    return [n for n in names if isinstance(n, str)]


def _modules(edge: bool) -> list[str]:
    return [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in sorted(ENGINE.rglob("*.py"))
        if edge or path not in EDGE
    ]


def test_engine_imports_no_web_library():
    for path in ENGINE.rglob("*.py"):
        for n in _imported(path):
            assert n.split(".")[0] not in BANNED, f"{path}: imports {n}"


def test_no_game_or_core_module_holds_prose():
    """Only the CLI edge renders codes into sentences: nothing else imports app.text.messages."""
    for path in ENGINE.rglob("*.py"):
        if path in EDGE:
            continue
        for n in _imported(path):
            assert n != "app.text.messages" and not n.startswith("app.text.messages."), (
                f"{path}: {n}"
            )


def test_the_ban_test_sees_every_way_in(tmp_path: Path) -> None:
    """The checks above would catch ``from app.text import messages``, a dotted import and
    an ``import_module`` of a literal."""
    module = tmp_path / "m.py"
    for text in (
        "from app.text import messages",
        "import app.text.messages.core",
        "from app.text.messages import render",
        "import importlib\nimportlib.import_module('app.text.messages')",
    ):
        module.write_text(text, encoding="utf-8")
        assert any(n.startswith("app.text.messages") for n in _imported(module)), text


def test_importing_every_engine_module_loads_no_web_library_and_no_prose():
    """Imported for real (what a module's imports bring along, too): every game and core
    module without ``app.text.messages`` or a web library, and the CLI without a web library."""
    code = (
        "import importlib, sys\n"
        f"for m in {_modules(edge=False)!r}: importlib.import_module(m)\n"
        "prose = 'app.text.messages' in sys.modules\n"
        "import app.engine.cli\n"
        f"web = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(BANNED)!r})\n"
        "print(prose, web)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False []"


@pytest.mark.parametrize("name", ["hunan", "HUNAN", "跑胡子", "paohuzi", "nantong", "笃子胡"])
def test_find_variant_by_id_or_alias(name):
    assert find_variant(name).id in {"hunan", "nantong"}


def test_unknown_variant():
    with pytest.raises(EngineError) as e:
        find_variant("mahjong")
    assert e.value.code == "unknown-variant" and e.value.params == {"variant": "mahjong"}


TABLE = TokenTable({"a1": "A1", "b2": "B2", "一": "A1", "壹": "B2", "红花": "H"})


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("a1 b2", ("A1", "B2")),
        ("A1,B2", ("A1", "B2")),
        ("一壹红花", ("A1", "B2", "H")),
        ("一 壹", ("A1", "B2")),
    ],
)
def test_token_table_reads(text, cards):
    assert TABLE.parse(text) == cards


@pytest.mark.parametrize(("text", "token"), [("a1 zz", "zz"), ("一贰", "贰")])
def test_token_table_names_the_bad_token(text, token):
    with pytest.raises(EngineError) as e:
        TABLE.parse(text)
    assert e.value.code == "unknown-card" and e.value.params["token"] == token


def test_check_copies():
    with pytest.raises(EngineError) as e:
        check_copies(["A1"] * 5, lambda c: 4)
    assert e.value.params == {"card": "A1", "count": 5, "limit": 4}


def test_reason_round_trip():
    r = Reason("must-bi", {"card": "x3"})
    assert Reason.from_json(json.loads(json.dumps(r.to_json()))) == r


def test_render_in_both_languages():
    assert "zz" in render("unknown-card", {"token": "zz"}, "en")
    assert "无法识别" in render("unknown-card", {"token": "zz"}, "zh")


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["analyze", "mahjong", "--hand", "x1"], "unknown-variant"),
        (["frobnicate", "hunan"], "unknown-verb"),
        (["analyze", "hunan"], "bad-arguments"),
        (["analyze", "hunan", "--hand", "x1", "--meld", "nocolon"], "bad-option"),
        (["selfplay", "hunan", "--games", "0"], "bad-option"),
        (["options", "hunan", "--position", "/nonexistent.json"], "bad-position"),
        (["analyze", "hunan", "--hand", "x1", "--bogus"], "bad-arguments"),
    ],
)
def test_cli_errors_are_json_with_exit_2(capsys, argv, code):
    assert main(argv) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["code"] == code and out["error"]["message"]


def test_cli_error_in_chinese(capsys):
    assert main(["analyze", "mahjong", "--hand", "x1", "--lang", "zh"]) == 2
    assert "没有“mahjong”这种玩法" in json.loads(capsys.readouterr().out)["error"]["message"]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh", "en"])
def test_cli_takes_every_language_of_the_list(capsys, lang):
    """--lang takes every language of translations/languages.toml, in both spellings; a
    Chinese one (zh-Hant: its catalog, else the Simplified) words the detail too."""
    from app.text import languages

    for argv in (["--lang", lang], [f"--lang={lang}"]):
        assert main(["decode", "hunan", "--code", "v2~hunan~-~x", *argv]) == 2
        message = json.loads(capsys.readouterr().out)["error"]["message"]
        worded = "v1 " in message and "version 2" not in message  # the pages' clause
        assert worded == languages.chinese(lang), message
    assert main(["variants", "--lang", "fr"]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert all(f"'{code}'" in message for code in languages.codes()), message


@pytest.mark.parametrize(
    ("code", "words", "english"),
    [
        ("v1~nantong~-~x", "这是另一种玩法（nantong）的局面", "the code is for nantong"),
        ("v2~hunan~-~x", "局面代码以 v1 开头", "version 2 is not known"),
        ("v1~hunan~-~garbage", "缺了几部分或多了几部分", "the body has 1 sections, not 7"),
    ],
)
def test_cli_code_errors_in_chinese_put_the_detail_in_words(capsys, code, words, english):
    """With --lang zh the engine's English detail line becomes a Chinese clause (the
    messages the pages use); in English the line is kept as the engine wrote it."""
    assert main(["decode", "hunan", "--code", code, "--lang", "zh"]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert words in message and english not in message, message
    assert main(["decode", "hunan", "--code", code]) == 2
    assert english in json.loads(capsys.readouterr().out)["error"]["message"]


def test_cli_variants_lists_five_games_in_two_languages(capsys):
    assert main(["variants"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [v["id"] for v in data["variants"]] == [
        "hunan",
        "guilin",
        "chuanpai",
        "chuanpai-tricks",
        "nantong",
    ]
    assert all(v["names"]["zh"] and v["names"]["en"] for v in data["variants"])


def test_cli_as_a_process():
    out = subprocess.run(
        [sys.executable, "-m", "app.engine", "analyze", "nope", "--hand", "x"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert json.loads(out.stdout)["error"]["code"] == "unknown-variant"


def test_cli_detail_words_keep_the_cli_seat_numbers():
    """The CLI numbers seats from 0 (as its JSON does); the pages' clauses from 1."""
    from app.engine.cli import _detail_words

    hand = {"detail": "seat 1: hand size 30, not 20", "why": "detail-hand-size", "seat": 1}
    assert "第 1 家" in _detail_words(hand, "zh")
    other = {"detail": "something new", "why": "detail-other"}
    assert _detail_words(other, "zh") == "something new"  # no vague words
    assert _detail_words({"detail": "no kind given"}, "zh") == "no kind given"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["analyze", "hunan", "--hand", "x1", "--bogus"], "不认识的参数：--bogus"),
        (["analyze"], "缺少 VARIANT"),
        (["analyze", "hunan"], "缺少 --hand"),
        (["selfplay", "hunan", "--games", "x"], "--games 不能取值 'x'"),
        (["selfplay", "hunan", "--games", "2000000"], "--games 必须在 1 到 1000000 之间"),
        (["analyze", "hunan", "--hand", "x1", "--generals", "3"], "（可选：1, 2）"),
        (["analyze", "hunan", "--hand"], "--hand 后面要跟一个值"),
    ],
)
def test_cli_argument_complaints_in_chinese(capsys, argv, words):
    from app.text.messages import MESSAGES
    from app.text.messages.details import ARGUMENT_RULES

    assert main(["--lang", "zh", *argv]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert words in message and "argument" not in message, message
    assert all(set(MESSAGES[code]) == {"en", "zh"} for _p, code, _f in ARGUMENT_RULES)
