"""桂林大字牌 · Guilin Dazipai: the default rule set (10 胡, wins on discards too) and the CLI hooks."""

from __future__ import annotations

from app.engine.zipai import hooks
from app.engine.zipai.rules import GUILIN_RULES as RULES

__all__ = ["RULES", "cli_analyze", "cli_waits", "cli_selfplay", "cli_options"]

cli_analyze, cli_waits, cli_selfplay, cli_options = hooks.bound(RULES)
