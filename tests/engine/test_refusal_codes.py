"""Every refusal of a code or position names its kind: a ``bad-code``/``bad-position``
error carries ``why`` (a ``detail-*`` message code) beside its English ``detail`` line,
so no page or translation has to read the English (app/text/messages/details.py; the
detail-* sentences are in the reasons catalog)."""

from __future__ import annotations

import ast
from pathlib import Path

from app.engine.core.errors import Detail, EngineError, detail_of
from app.text.messages import MESSAGES
from app.text.messages.details import explain

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
#: the engine's helpers that raise (or make) a ``bad-code``/``bad-position`` error
HELPERS = {"bad", "_bad"}
REFUSALS = {"bad-code", "bad-position"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _refusals() -> list[tuple[str, ast.Call]]:
    """Every call in app/engine that makes a ``bad-code``/``bad-position`` error or a
    broken invariant's :class:`Detail`."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            first = node.args[0] if node.args else None
            refusal = (
                name == "EngineError"
                and isinstance(first, ast.Constant)
                and first.value in REFUSALS
            )
            if refusal or name in HELPERS or name == "Detail":
                found.append((f"{path.relative_to(ENGINE.parent.parent)}:{node.lineno}", node))
    return found


def _why(call: ast.Call) -> ast.expr | None:
    """The kind a call gives: its ``why=`` keyword, a ``**`` of one (``**about(where)``),
    or (a :class:`Detail`) its second argument."""
    if _name(call.func) == "Detail" and len(call.args) >= 2:
        return call.args[1]
    for kw in call.keywords:
        if kw.arg == "why" or kw.arg is None:
            return kw.value
    return None


def test_every_refusal_in_the_engine_names_its_kind():
    calls = _refusals()
    assert len(calls) > 100  # the scan finds the engine's refusals
    missing = [where for where, call in calls if _why(call) is None]
    assert not missing, f"a bad-code/bad-position without why=: {missing}"


def test_every_kind_the_engine_names_is_a_detail_message():
    kinds = {
        why.value
        for _, call in _refusals()
        if isinstance(why := _why(call), ast.Constant) and isinstance(why.value, str)
    }
    assert "detail-sections" in kinds and "detail-hand-size" in kinds
    unknown = {k for k in kinds if k not in MESSAGES or not k.startswith("detail-")}
    assert not unknown, unknown
    # every detail-* sentence of the reasons catalog is some refusal's (detail-unknown-option is what the
    # pages make of detail-option naming no option of any game; detail-seat and
    # detail-moment are also given by codec.about)
    unused = {c for c in MESSAGES if c.startswith("detail-")} - kinds
    assert unused <= {"detail-unknown-option"}, unused


def test_a_refusal_carries_its_kind_and_parameters():
    from app.engine.core.registry import find_game

    try:
        find_game("hunan").decode("v1~hunan~-~play~-")
    except EngineError as exc:
        assert exc.params["why"] == "detail-sections"
        assert "sections" in exc.params["detail"]  # the English line stays
        assert explain(exc.params) == ("detail-sections", {})
    else:
        raise AssertionError("read a code with two sections")


def test_explain_counts_seats_from_one_and_quotes_what_was_typed():
    error = {"detail": "seat 2: hand size 19", "why": "detail-hand-size", "seat": 2}
    assert explain(error) == ("detail-hand-size", {"n": 3})
    assert explain(Detail("x", "detail-bad-char", char="!")) == ("detail-bad-char", {"char": "“!”"})
    option = {"why": "detail-option", "option": "min_huxi", "value": "zz"}
    assert explain(option) == ("detail-option", {"option": "min_huxi", "value": "“zz”"})
    # English alone, or a kind not known, is never parsed: the vague sentence
    assert explain("seat 2: hand size 19") == ("detail-other", {})
    assert explain({"detail": "x", "why": "practice-bad-code"}) == ("detail-other", {})


def test_detail_of_keeps_the_line_and_the_kind():
    exc = EngineError("bad-code", detail="seat 1: 3 parts, not 5", why="detail-seat", seat=1)
    d = detail_of(exc)
    assert d == "seat 1: 3 parts, not 5" and d.why == "detail-seat" and d.params == {"seat": 1}
    assert detail_of(EngineError("bad-code", detail="old")).why == "detail-other"
    import pickle

    back = pickle.loads(pickle.dumps(d))
    assert back == d and back.why == d.why and back.params == d.params
