"""Every code the 字牌 engine can produce has a message in English and Chinese."""

from __future__ import annotations

import string

import pytest

from app.engine.zipai import reasons, settle, state, strong
from app.engine.zipai.analysis import ERROR_CODES
from app.messages import MESSAGES, render

CODES = sorted(
    set(reasons.REASON_CODES) | set(settle.COUNT_CODES) | set(ERROR_CODES) | set(strong.COACH_CODES)
)


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("code", CODES)
def test_message_in_both_languages(code: str) -> None:
    texts = MESSAGES[code]
    assert texts["en"].strip() and texts["zh"].strip()
    assert fields(texts["en"]) == fields(texts["zh"])


def test_reason_params_fill_their_messages() -> None:
    # every reason produced in the state tests is rendered without leftover placeholders
    from app.engine.core.reason import Reason

    samples = [
        Reason("must-bi", {"card": "x2", "count": 2}),
        Reason("breaks-kan", {"cards": ["x5"]}),
        Reason("lower-priority", {"seat": 1, "stage": "peng"}),
        Reason("chou-card", {"card": "x3"}),
        Reason("zp-below-minimum", {"huxi": 9, "min": 15}),
    ]
    for r in samples:
        for lang in ("en", "zh"):
            assert "{" not in render(r.code, r.params, lang)


def test_every_reason_literal_is_declared() -> None:
    import pathlib
    import re

    root = pathlib.Path(state.__file__).parent
    used = set()
    for path in root.glob("*.py"):
        used |= set(re.findall(r'Reason\("([a-z-]+)"', path.read_text(encoding="utf-8")))
    assert used <= set(reasons.REASON_CODES)
