"""湖南跑胡子 · Hunan Paohuzi: 15 胡息, wins on stock cards only, 臭胡, 囤 and 名堂."""

from __future__ import annotations

from app.engine.core.registry import find_variant
from app.engine.zipai.game import ZipaiGame
from app.engine.zipai.rules import HUNAN_RULES, ZipaiRules


class HunanGame(ZipaiGame):
    info = find_variant("hunan")
    default_rules: ZipaiRules = HUNAN_RULES


GAME = HunanGame()
RULES = HUNAN_RULES
