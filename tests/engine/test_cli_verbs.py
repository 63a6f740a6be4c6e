"""The CLI verbs written once for every game: deal, apply, options (code or JSON, with a
try), encode and decode, through ``python -m app.engine``'s ``main``."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from app.engine.cli import main
from app.engine.core.registry import all_variants

GAMES = [v.id for v in all_variants()]


def cli(*argv: str) -> tuple[int, dict]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(list(argv))
    return code, json.loads(buf.getvalue())


@pytest.mark.parametrize("game", GAMES)
def test_deal_apply_encode_decode_walk_a_deal(game: str, tmp_path: Path) -> None:
    code, dealt = cli("deal", game, "--seed", "7")
    assert code == 0 and dealt["code"].startswith(f"v1~{game}~")
    pos = dealt["code"]
    for _ in range(6):
        legal = {int(s): acts for s, acts in cli_legal(pos, game, tmp_path).items()}
        seat, acts = next(((s, a) for s, a in legal.items() if a), (None, None))
        if seat is None:
            break
        doc = tmp_path / "apply.json"
        doc.write_text(json.dumps({"position": pos, "actions": [acts[0]]}), encoding="utf-8")
        code, out = cli("apply", game, "--position", str(doc))
        assert code == 0 and out["stopped"] is None, out
        pos = out["code"]
        code, decoded = cli("decode", game, "--code", pos)
        assert code == 0
        enc = tmp_path / "pos.json"
        enc.write_text(json.dumps(decoded["position"]), encoding="utf-8")
        code, again = cli("encode", game, "--position", str(enc))
        assert code == 0 and again["code"] == pos


def cli_legal(pos: str, game: str, tmp_path: Path) -> dict:
    doc = tmp_path / "opts.json"
    doc.write_text(json.dumps({"code": pos}), encoding="utf-8")
    code, out = cli("options", game, "--position", str(doc))
    assert code == 0
    assert len(out["seats"]) >= 2
    for s in out["seats"]:
        assert s["actions"] or s["reason"]["message"]
    return {str(s["seat"]): s["actions"] for s in out["seats"]}


@pytest.mark.parametrize("game", GAMES)
def test_options_reads_a_try_and_names_the_rule(game: str, tmp_path: Path) -> None:
    _, dealt = cli("deal", game, "--seed", "3")
    doc = tmp_path / "try.json"
    doc.write_text(
        json.dumps({"code": dealt["code"], "try": {"kind": "discard", "seat": 0, "cards": ["zz"]}}),
        encoding="utf-8",
    )
    code, out = cli("options", game, "--position", str(doc), "--lang", "zh")
    assert code == 0 and out["try"]["legal"] is False
    assert out["try"]["reason"]["code"] and out["try"]["reason"]["message"]


@pytest.mark.parametrize(
    "argv",
    [
        ("decode", "hunan", "--code", "v1~hunan~-~garbage"),
        ("decode", "hunan", "--code", "v1~nantong~-~x"),
        ("decode", "hunan", "--code", "not a code"),
        ("selfplay", "hunan", "--games", "1000001"),
        ("analyze", "hunan", "--hand", "x1 \udcff"),
    ],
)
def test_bad_input_is_an_error_never_a_traceback(argv: tuple[str, ...]) -> None:
    code, out = cli(*argv)
    assert code == 2 and set(out) == {"error"} and out["error"]["code"] != "internal-error"


def test_a_non_utf8_byte_in_argv_under_strict_utf8_output_is_an_error_not_a_traceback() -> None:
    """``python -m app.engine analyze hunan --hand $'x1 \\xff'`` with stdout strictly UTF-8:
    the undecodable byte (a surrogate escape in argv) once made printing fail."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}
    env.pop("PYTHONUTF8", None)
    argv = [sys.executable.encode(), b"-m", b"app.engine", b"analyze", b"hunan", b"--hand"]
    out = subprocess.run([*argv, b"x1 \xff"], env=env, capture_output=True, timeout=60)
    assert out.returncode == 2 and b"Traceback" not in out.stderr, out.stderr[-500:]
    error = json.loads(out.stdout.decode("utf-8"))["error"]
    assert error["code"] == "unknown-card" and "?" in error["message"]
