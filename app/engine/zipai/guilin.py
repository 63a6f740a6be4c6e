"""桂林大字牌 · Guilin Dazipai: 10 胡, wins on discards too, 舵 and 醒."""

from __future__ import annotations

from app.engine.core.registry import find_variant
from app.engine.zipai.game import ZipaiGame
from app.engine.zipai.rules import GUILIN_RULES, ZipaiRules


class GuilinGame(ZipaiGame):
    info = find_variant("guilin")
    default_rules: ZipaiRules = GUILIN_RULES


GAME = GuilinGame()
RULES = GUILIN_RULES
