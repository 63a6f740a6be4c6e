"""The CLI hooks shared by both games (see :mod:`app.engine.cli`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from app.engine.zipai.analysis import analyze, read_holding, waits_json
from app.engine.zipai.rules import ZipaiRules, with_options


def rules_of(base: ZipaiRules, req: Any) -> ZipaiRules:
    return with_options(base, req.options)


def cli_analyze(base: ZipaiRules, req: Any) -> dict[str, Any]:
    rules = rules_of(base, req)
    counts, table = read_holding(req.hand or "", req.melds, rules)
    return analyze(counts, table, rules)


def cli_waits(base: ZipaiRules, req: Any) -> dict[str, Any]:
    rules = rules_of(base, req)
    counts, table = read_holding(req.hand or "", req.melds, rules)
    return waits_json(counts, table, rules)


def cli_selfplay(base: ZipaiRules, req: Any) -> dict[str, Any]:
    from app.engine.zipai.play import selfplay

    return selfplay(rules_of(base, req), req.games, req.seed)


def cli_options(base: ZipaiRules, req: Any) -> dict[str, Any]:
    from app.engine.zipai.position import options_json

    return options_json(base, req.position or {}, req.options, getattr(req, "lang", "en"))


Hook = Callable[[Any], dict[str, Any]]


def bound(base: ZipaiRules) -> tuple[Hook, Hook, Hook, Hook]:
    """The four CLI hooks of one game: analyze, waits, selfplay, options."""
    return (
        partial(cli_analyze, base),
        partial(cli_waits, base),
        partial(cli_selfplay, base),
        partial(cli_options, base),
    )
