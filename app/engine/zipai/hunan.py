"""湖南跑胡子 · Hunan Paohuzi: the default rule set (15 胡息, wins on stock cards only) and the CLI hooks."""

from __future__ import annotations

from typing import Any

from app.engine.zipai import hooks
from app.engine.zipai.rules import HUNAN_RULES as RULES

__all__ = ["RULES", "cli_analyze", "cli_waits", "cli_selfplay", "cli_options"]


def cli_analyze(req: Any) -> dict[str, Any]:
    return hooks.cli_analyze(RULES, req)


def cli_waits(req: Any) -> dict[str, Any]:
    return hooks.cli_waits(RULES, req)


def cli_selfplay(req: Any) -> dict[str, Any]:
    return hooks.cli_selfplay(RULES, req)


def cli_options(req: Any) -> dict[str, Any]:
    return hooks.cli_options(RULES, req)
