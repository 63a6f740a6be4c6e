"""Rule options of the two 字牌 games, as frozen rule sets (:class:`~app.engine.core.rules.RuleSet`).

:class:`ZipaiRules` holds every field the shared engine reads; :class:`HunanRules` and
:class:`GuilinRules` give each game its defaults and the options a table may change
(the others are ``FIXED``: a Guilin ``--option min_huxi=15`` is ``bad-option``). The
CLI's ``--option name=value``, a position's ``"options"`` object and a position code
override fields by name (see ``docs/engine.md (字牌)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from app.engine.core.rules import RuleSet

HUNAN = "hunan"
GUILIN = "guilin"
#: Guilin's own names for four groups (扫, 过扫, 开舵, 扫穿)
GUILIN_NAMES = {"wei": "sao", "chouwei": "guosao", "pao": "kaiduo", "ti": "saochuan"}
_NO_NAMES: dict[str, str] = {}

_SHARED_FIXED = frozenset({"game", "chou_blocks_peng", "peng_pao_any_draw", "wei_pao_on_discard"})


@dataclass(frozen=True, slots=True)
class ZipaiRules(RuleSet):
    """The rule set of one 字牌 table.

    - ``game``: ``hunan`` (跑胡子) or ``guilin`` (大字牌).
    - ``min_huxi``: 胡息 needed to win (Hunan default 15, one of 6/10/15/18;
      Guilin 10 胡).
    - ``yiwushi``: 一五十 / 壹伍拾 count as a scoring run (off by default).
    - ``win_on_discard``: a discarded card may be won on (Hunan off, Guilin on).
    - ``chou_hu``: 臭胡, a declined win on a card is refused on that card again
      until the seat's table 胡息 changes (Hunan on; Guilin off).
    - ``chou_blocks_peng``: a declined card also may not be 碰'd later (Hunan on;
      Guilin's 过张 only blocks 吃).
    - ``peng_pao_any_draw``: a 碰 on the table turns into a 跑 on a card any seat
      draws (Hunan); Guilin: only on the owner's own draw (开舵).
    - ``wei_pao_on_discard``: a 偎 on the table turns into a 跑 on another seat's
      discard too (Hunan); Guilin's 扫 opens (开舵) only on a drawn card.
    - ``tun``: Hunan's 囤: ``standard`` ((胡息 − min) // 3 + 1) or ``yixi`` (一息一囤).
    - ``mingtang``: Hunan's 名堂 multipliers: ``changde`` (红黑点) or ``none``.
    - ``xing``: Guilin's 醒: ``shangxia`` (上醒/下醒, default), ``gen`` (跟醒) or ``none``.
    """

    game: str = HUNAN
    min_huxi: int = field(default=15, metadata={"choices": (6, 10, 15, 18)})
    yiwushi: bool = False
    win_on_discard: bool = False
    chou_hu: bool = True
    chou_blocks_peng: bool = True
    peng_pao_any_draw: bool = True
    wei_pao_on_discard: bool = True
    tun: str = field(default="standard", metadata={"choices": ("standard", "yixi")})
    mingtang: str = field(default="changde", metadata={"choices": ("changde", "none")})
    xing: str = field(default="shangxia", metadata={"choices": ("shangxia", "gen", "none")})

    @property
    def names(self) -> dict[str, str]:
        """Output names of group kinds for this game."""
        return GUILIN_NAMES if self.game == GUILIN else _NO_NAMES

    def settable(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.option_fields())

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ZipaiRules:
        """A rule set from a full dump (``to_json``), fixed fields included; the game's
        class by ``game``, unknown keys ignored, values validated."""
        kind: type[ZipaiRules] = GuilinRules if data.get("game") == GUILIN else HunanRules
        by_name = {f.name: f for f in fields(kind) if f.name != "game"}
        values = {k: kind.parse_value(by_name[k], v) for k, v in data.items() if k in by_name}
        return kind(**values)


@dataclass(frozen=True, slots=True)
class HunanRules(ZipaiRules):
    """跑胡子: 15 胡息, wins on stock cards only, 臭胡, 囤 and the 常德 名堂."""

    FIXED: ClassVar[frozenset[str]] = _SHARED_FIXED | {"xing"}


@dataclass(frozen=True, slots=True)
class GuilinRules(ZipaiRules):
    """大字牌: 10 胡, wins on discards too, 舵 and 醒."""

    FIXED: ClassVar[frozenset[str]] = _SHARED_FIXED | {
        "min_huxi",
        "win_on_discard",
        "chou_hu",
        "tun",
        "mingtang",
    }

    game: str = GUILIN
    min_huxi: int = field(default=10, metadata={"choices": (10,)})
    win_on_discard: bool = True
    chou_hu: bool = False
    chou_blocks_peng: bool = False
    peng_pao_any_draw: bool = False
    wei_pao_on_discard: bool = False


HUNAN_RULES: ZipaiRules = HunanRules()
GUILIN_RULES: ZipaiRules = GuilinRules()
