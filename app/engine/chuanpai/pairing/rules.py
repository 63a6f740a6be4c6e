"""The rule options of the pairing game 挤儿 (see docs/engine.md (川牌))."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.chuanpai.analysis import QITOU_RULES
from app.engine.chuanpai.common import ChoiceRules

VARIANT = "chuanpai"
MAIN_SEATS = 4
"""Seats 5–7 are the source's extra seats: few cards, no 摆."""


@dataclass(frozen=True, slots=True)
class PairingRules(ChoiceRules):
    """Rule options of the pairing game.

    - ``jing``: play with the 经牌 财神/听用 (default) or with four 拐子 (``off``).
    - ``players``: 2 … 7. Seats 5–7 are the extra seats of the source (few cards,
      no 摆).
    - ``qitou``: 齐头, when 暗/碰/扛/亮 may be declined: ``count`` (good/bad
      counting, default), ``tied`` (only when every copy is tied in a 挤儿),
      ``none`` (always forced).
    - ``fouls``: ``refuse`` (default: illegal actions are refused) or
      ``end-deal`` (breaking an obligation ends the deal as a foul).
    """

    jing: bool = True
    players: int = field(default=4, metadata={"choices": tuple(range(2, 8))})
    qitou: str = field(default="count", metadata={"choices": QITOU_RULES})
    fouls: str = field(default="refuse", metadata={"choices": ("refuse", "end-deal")})

    def to_json(self) -> dict[str, Any]:
        """The ``options`` of the position JSON and of the ``selfplay`` answer."""
        return {
            "jing": "on" if self.jing else "off",
            "players": self.players,
            "qitou": self.qitou,
            "fouls": self.fouls,
        }


DEFAULT_RULES = PairingRules()


def deal_sizes(players: int) -> tuple[int, ...]:
    """Cards dealt per seat from the 头家: 16, then 15 each; seats 5–7 as the source."""
    main = min(players, MAIN_SEATS)
    sizes = [16] + [15] * (main - 1)
    extra = {5: (3,), 6: (5, 3), 7: (5, 3, 1)}.get(players, ())
    return tuple(sizes) + extra
