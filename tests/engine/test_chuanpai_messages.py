"""Every code the 川牌 engines produce has a message in both languages."""

import string

import pytest

from app.engine.chuanpai import melds
from app.engine.chuanpai.pairing import reasons as pairing
from app.engine.chuanpai.pairing import strong as pairing_strong
from app.engine.chuanpai.tricks import reasons as tricks
from app.engine.chuanpai.tricks import settle as tricks_settle
from app.engine.chuanpai.tricks import strong as tricks_strong
from app.text.messages import MESSAGES, render


def _codes() -> list[str]:
    codes = list(pairing.REASON_CODES) + list(pairing.ERROR_CODES) + list(melds.COUNT_CODES)
    codes += list(tricks.REASON_CODES) + list(tricks_settle.COUNT_CODES)
    codes += list(tricks.ERROR_CODES)
    codes += list(pairing_strong.COACH_CODES) + list(tricks_strong.COACH_CODES)
    return sorted(set(codes))


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("code", _codes())
def test_code_has_both_languages(code: str) -> None:
    assert code in MESSAGES, code
    texts = MESSAGES[code]
    assert set(texts) >= {"en", "zh"}
    assert _fields(texts["en"]) == _fields(texts["zh"])


def test_own_codes_are_prefixed() -> None:
    # the strong players' coach codes: coach-cp-* (pairing) and coach-tj-* (tricks); the
    # others are the errors every game shares (their sentences are common to all games)
    from app.engine.chuanpai.pairing.reasons import ERROR_CODES as PAIRING_ERRORS
    from app.engine.chuanpai.tricks.reasons import ERROR_CODES as TRICKS_ERRORS

    own = {c for c in MESSAGES if c.startswith(("cp-", "coach-cp-", "coach-tj-"))}
    assert own <= set(_codes())
    shared = set(_codes()) - own
    assert shared <= set(PAIRING_ERRORS) | set(TRICKS_ERRORS), shared
    assert not any(c.startswith(("cp", "tj")) for c in shared), shared


def test_render_fills_placeholders() -> None:
    text = render("cp-must-take", {"card": "24"}, "zh")
    assert "24" in text and "{" not in text
