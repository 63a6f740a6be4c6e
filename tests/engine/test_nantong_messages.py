"""Every code the Nantong engine can produce has a message in both languages."""

from __future__ import annotations

import string

import pytest

from app.engine.nantong.count import COUNT_CODES
from app.engine.nantong.refusals import REASON_CODES
from app.engine.nantong.rules import ROW_CODES, SITUATION_CODES
from app.engine.nantong.strong import COACH_CODES
from app.text.messages import MESSAGES, render

ERRORS = (
    "unknown-card",
    "too-many-copies",
    "bad-hand-size",
    "unknown-meld-kind",
    "bad-meld",
    "bad-option",
    "bad-position",
)
CODES = REASON_CODES + COUNT_CODES + SITUATION_CODES + ROW_CODES + COACH_CODES


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("code", CODES + ERRORS)
def test_every_code_has_both_languages(code: str) -> None:
    texts = MESSAGES[code]
    assert texts["en"] and texts["zh"]
    assert _fields(texts["en"]) == _fields(texts["zh"])


def test_no_stray_messages() -> None:
    # every Nantong sentence of the reasons catalog is a code the engine declares
    own = {c for c in MESSAGES if c.startswith(("nt-", "coach-nt-"))}
    assert own == set(CODES)


def test_render() -> None:
    assert "5w" in render("nt-yazi", {"card": "5w"}, "en")
    assert "5w" in render("nt-yazi", {"card": "5w"}, "zh")
