"""湖南跑胡子 · Hunan Paohuzi: the default rule set (15 胡息, wins on stock cards only) and the CLI hooks."""

from __future__ import annotations

from app.engine.zipai import hooks
from app.engine.zipai.rules import HUNAN_RULES as RULES

__all__ = ["RULES", "cli_analyze", "cli_waits", "cli_selfplay", "cli_options"]

cli_analyze, cli_waits, cli_selfplay, cli_options = hooks.bound(RULES)
