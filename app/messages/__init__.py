"""Prose for the engine's codes, at the edge: one table, English and Chinese.

The engine returns codes with parameters (:class:`app.engine.Reason`,
:class:`app.engine.EngineError`); this package turns them into sentences. The CLI's
``--lang`` and the web app both use :func:`render`. Each game family keeps its own
table in its own module here; a test checks that every code the engine can produce
has a message in both languages and that the placeholders match.

Templates use ``str.format`` named placeholders: ``{card}``, ``{count}``, ...
A parameter may itself be a reason (``{"code": ..., "params": ...}``): it is rendered in
the same language (without its closing full stop) where the placeholder stands; or
prose written in both languages (``{"en": ..., "zh": ...}``), shown in the one asked for.
A placeholder whose name ends in ``card`` or ``cards`` is shown as given (a token);
the web app may replace it with card pictures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.messages import (
    chuanpai,
    core,
    details,
    learning,
    mc_chuanpai,
    mc_chuanpai_tricks,
    mc_guilin,
    mc_hunan,
    mc_nantong,
    nantong,
    zipai,
)

LANGS = ("en", "zh")

MESSAGES: dict[str, dict[str, str]] = {}
for _table in (
    core.MESSAGES,
    zipai.MESSAGES,
    chuanpai.MESSAGES,
    nantong.MESSAGES,
    learning.MESSAGES,
    details.MESSAGES,
    mc_hunan.MESSAGES,
    mc_guilin.MESSAGES,
    mc_chuanpai.MESSAGES,
    mc_chuanpai_tricks.MESSAGES,
    mc_nantong.MESSAGES,
):
    for _code, _texts in _table.items():
        if _code in MESSAGES and MESSAGES[_code] != _texts:
            raise RuntimeError(f"message code {_code!r} defined twice with different texts")
        MESSAGES[_code] = _texts


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _is_reason(value: Any) -> bool:
    return isinstance(value, Mapping) and "code" in value


def _fmt(value: Any, lang: str = "en") -> str:
    if isinstance(value, Mapping) and set(value) == set(LANGS):  # prose in both languages
        return str(value[lang])
    if isinstance(value, Mapping) and "code" in value:  # a reason inside a reason
        return render(str(value["code"]), value.get("params") or {}, lang).rstrip("。.")
    if isinstance(value, list | tuple) and value and all(_is_reason(v) for v in value):
        return " / ".join(_fmt(v, lang) for v in value)  # alternatives, each a reason
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def render(code: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The sentence for ``code`` in ``lang`` (``en`` when the language is unknown)."""
    texts = MESSAGES.get(code)
    lang = lang if lang in LANGS else "en"
    values = _Params({k: _fmt(v, lang) for k, v in (params or {}).items()})
    if texts is None:
        detail = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{code} ({detail})" if detail else code
    return texts[lang].format_map(values)
