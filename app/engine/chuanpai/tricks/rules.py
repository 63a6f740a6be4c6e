"""The rule options of the trick game 打天九 (see docs/engine.md (川牌))."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.chuanpai.common import ChoiceRules

VARIANT = "chuanpai-tricks"
PLAYERS = 3
HAND = 28
"""Cards dealt to each of the three seats."""


@dataclass(frozen=True, slots=True)
class TrickRules(ChoiceRules):
    """Rule options of the trick game.

    - ``first_lead``: ``baopai`` (default: leading 天牌 or a nine first is allowed
      but makes the leader 包牌), ``forbidden`` (not allowed), ``free``.
    - ``fan``: ``sets`` (default: 三红四黑 as documented) or ``none``.
    - ``fouls``: ``refuse`` (default) or ``end-deal`` (not beating when able ends
      the deal: 罚牌).
    - ``finish``: ``play-out`` (default: the deal is played to the end, the first seat
      with 16 laid out wins and its final pile sets the level) or ``at-16`` (the deal
      stops as soon as a seat has 16 laid out).
    """

    first_lead: str = field(default="baopai", metadata={"choices": ("baopai", "forbidden", "free")})
    fan: str = field(default="sets", metadata={"choices": ("sets", "none")})
    fouls: str = field(default="refuse", metadata={"choices": ("refuse", "end-deal")})
    finish: str = field(default="play-out", metadata={"choices": ("play-out", "at-16")})

    def to_json(self) -> dict[str, Any]:
        """The ``options`` of the position JSON and of the ``selfplay`` answer."""
        return {
            "first_lead": self.first_lead,
            "fan": self.fan,
            "fouls": self.fouls,
            "finish": self.finish,
        }


DEFAULT_RULES = TrickRules()
